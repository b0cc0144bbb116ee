// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench reproduce --report MAIL --out DIR: what a 0-day/LKP report
 * asks for, as a job file (docs/jobs.md) and a machine, with what was
 * read, guessed and left out said on stderr. The runs and the verdict
 * are report/reproduce.sh's (docs/reproduce.md).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "boot/bootbench.h"
#include "proto/names.h"
#include "lib/fileio.h"
#include "lib/metrics.h"
#include "report/rules.h"
#include "repro.h"
#include "shared/util.h"

static void repro_ignored_note(const struct lkpmail *m,
			       const struct repro_job *j)
{
	static const char *const used[] = {
		"test",	     "nr_task", "runtime",    "nr_threads",
		"mode",	     "ipc",	"iterations", "testtime",
		"loops",     "shared",	"period",     "size",
		"send_size", "ip",	"cluster",    NULL,
	};
	int i;

	for (i = 0; i < m->nparams; i++) {
		const char *k = m->params[i].key;

		if (!strcmp(k, "cpufreq_governor"))
			repro_note(
				"left out",
				"cpufreq_governor: %s (a guest has no cpufreq; pin the host's instead)",
				m->params[i].val);
		else if (!strcmp(k, "ucode"))
			repro_note(
				"left out",
				"ucode: %s (a guest runs on the host's CPU microcode)",
				m->params[i].val);
		else if (!repro_word_listed(k, used) && !repro_get(j, k) &&
			 !repro_lkp_param_used(m->testcase, k))
			repro_note("left out",
				   "%s: %s (no such knob in bootbench)", k,
				   m->params[i].val);
	}
}

static int repro_job_write(const char *path, const char *report,
			   const struct lkpmail *m, const struct repro_job *j)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -errno;
	fprintf(f, "# Written by bootbench reproduce from %s\n", report);
	if (m->have_change)
		fprintf(f, "# The report: %+.1f%% %s%s%s\n", m->change_pct,
			m->metric[0] ? m->metric : "(no metric named)",
			m->commit[0] ? " due to commit " : "", m->commit);
	if (m->machine[0])
		fprintf(f, "# on test machine: %s\n", m->machine);
	if (m->base[0])
		fprintf(f, "# base: %s\n", m->base);
	if (m->config_url[0])
		fprintf(f, "# kernel config: %s\n", m->config_url);
	fprintf(f, "report = %s\n", report);
	for (i = 0; i < j->n; i++)
		fprintf(f, "%s = %s\n", j->keys[i], j->vals[i]);
	return fclose(f) ? -errno : 0;
}

/*
 * The metric the report speaks of, if our run will have it; 0 if the
 * report's change can be expected of it, -ENOENT if the job's headline
 * stands in (another metric: the report's size says nothing of it).
 */
static int repro_metric_pick(const struct lkpmail *m, struct repro_job *j)
{
	/*
	 * Ours when a descriptor declares it, by LKP's name where ours
	 * differs (dbench.max_latency is our dbench.max_latency-ms), and
	 * it has a better way: a count or a setting is no change to expect.
	 */
	const struct metric_desc *d = metric_lkp_find(m->metric);

	if (d && d->better != METRIC_INFO) {
		snprintf(j->metric, sizeof(j->metric), "%s",
			 strcmp(d->lkp, m->metric) ? m->metric : d->name);
		return 0;
	}
	if (!m->metric[0])
		return 0; /* a loose text: its change is the headline's */
	repro_note(
		"left out",
		"metric %s: bootbench has no such metric; the job's headline stands in, with no expectation (the report's %+.1f%% is another metric's)",
		m->metric, m->change_pct);
	return -ENOENT;
}

/*
 * The change with its sign. The compare table's row is always signed;
 * the newer mails' text is not ("a 22.9% regression"), and a
 * regression of a latency is a rise. Which way is better is report/
 * rules.c's, the same compare's verdict goes by.
 */
static void repro_change_settle(struct lkpmail *m)
{
	enum rules_direction d = rules_name_direction(m->metric);
	int worse = !strcmp(m->kind, "regression");
	double text = m->change_pct;

	if (!m->is_lkp)
		return;
	if (m->have_table_pct) {
		if (m->pct_signed && (text < 0) != (m->table_pct < 0))
			repro_note(
				"read",
				"the text says %+.1f%% but the compare table's row says %+.1f%%: the table's is taken (%s)",
				text, m->table_pct, m->table_row);
		else if (!m->pct_signed)
			repro_note(
				"read",
				"the change is %+.1f%% (the text gives no sign; the compare table's row has it)",
				m->table_pct);
		else if (fabs(fabs(text) - fabs(m->table_pct)) > 0.051)
			repro_note(
				"read",
				"the text says %.1f%%, the compare table's row %+.1f%%: the table's is taken",
				text, m->table_pct);
		m->change_pct = m->table_pct;
		return;
	}
	if (m->pct_signed)
		return;
	m->change_pct = fabs(text) * ((worse == (d == RULES_LOWER)) ? 1 : -1);
	repro_note(
		"guessed",
		"the change is %+.1f%% (the text gives no sign and no table row: %s %s of a metric %s is better)",
		m->change_pct, worse ? "a" : "an", m->kind,
		d == RULES_LOWER  ? "whose lower value" :
		d == RULES_HIGHER ? "whose higher value" :
				    "taken as higher");
}

/* The profile's name: the mail's file name, as a results directory takes it. */
static const char *repro_name(const char *dir)
{
	static char name[48];
	const char *b = strrchr(dir, '/');
	size_t i;

	/* The first 47 bytes are plenty; the rest is cut on purpose. */
	snprintf(name, sizeof(name), "%.47s", b ? b + 1 : dir);
	for (i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("._-", name[i]))
			name[i] = '_';
	return name;
}

/*
 * The written job through the checks make run makes of it, every
 * combination; a job that would not run is removed, not left behind.
 */
static int repro_job_check(const char *path)
{
	struct run_opts o;
	int v;

	memset(&o, 0, sizeof(o));
	o.topo_req.machines_dir = options_machines_dir();
	v = job_check(&o, path);
	if (v != VERDICT_OK)
		unlink(path);
	return v;
}

/* The mail's name, less its extension, names the directory. */
static int repro_dir_name(const char *report, const char *outdir, char *dir,
			  size_t len)
{
	const char *why = NULL;
	char *base, *dot, *name;
	int err = 0;

	base = strdup(report);
	if (!base)
		return VERDICT_INFRA;
	name = basename(base);
	dot = strrchr(name, '.');
	if (dot && dot != name)
		*dot = '\0';
	if ((why = names_check(name)) ||
	    snprintf(dir, len, "%s/%s", outdir, name) >= (int)len)
		err = bad_input(
			"REPORT=%.200s cannot name a directory under RESULTS=%.200s: %s: rename the mail or give a shorter RESULTS",
			report, outdir, why ? why : "the path is too long");
	free(base);
	return err;
}

/*
 * A value of the mail as a shell would take it back: bare when it is
 * one word of plain characters, else in single quotes ("option_a:
 * Sequential Fill" is option_a='Sequential Fill'). The mail's bytes are
 * printable already (lkpmail_escape()).
 */
static void repro_value_print(FILE *f, const char *v)
{
	if (*v &&
	    strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789._%+,:/=@-") == strlen(v)) {
		fputs(v, f);
		return;
	}
	fputc('\'', f);
	for (; *v; v++)
		if (*v == '\'')
			fputs("'\\''", f);
		else
			fputc(*v, f);
	fputc('\'', f);
}

/* What the reader understood, before anything is written. */
static void repro_report_print(const struct lkpmail *m)
{
	int i;

	fprintf(stderr, "bootbench: report: %+.1f%% %s of %s%s\n",
		m->change_pct, m->kind,
		m->metric[0] ? m->metric : "(no metric named)",
		m->is_lkp ? " (a 0-day/LKP report)" :
			    " (not a robot's report: read loosely)");
	if (m->commit[0])
		fprintf(stderr, "bootbench:   commit %s%s%s%s\n", m->commit,
			m->subject[0] ? " (\"" : "", m->subject,
			m->subject[0] ? "\")" : "");
	if (m->base[0])
		fprintf(stderr, "bootbench:   base %s (%s)\n", m->base,
			m->base_commit[0] ? "a commit" : "a tag");
	if (m->testcase[0]) {
		fprintf(stderr, "bootbench:   testcase %s:", m->testcase);
		for (i = 0; i < m->nparams; i++) {
			fprintf(stderr, " %s=", m->params[i].key);
			repro_value_print(stderr, m->params[i].val);
		}
		fputc('\n', stderr);
	}
	if (m->machine[0])
		fprintf(stderr, "bootbench:   machine: %s%s\n", m->machine,
			m->lscpu ? " (lscpu included)" : "");
	if (m->kconfig[0])
		fprintf(stderr,
			"bootbench:   kconfig %s (build both kernels with it)\n",
			m->kconfig);
	if (m->config_url[0])
		fprintf(stderr,
			"bootbench:   the kernel config and LKP's files: %s\n",
			m->config_url);
}

/* The job file written and checked; its path, metric and expectation out. */
static int repro_job_make(const char *report, const char *dir,
			  struct lkpmail *m, struct repro_job *j,
			  struct repro_out *out)
{
	int err;

	err = mkdir_p(dir);
	if (err)
		return bad_input("RESULTS: %s: %s: give a writable directory",
				 dir, strerror(-err));
	if (repro_machine_map(m, dir, repro_name(dir), j))
		return VERDICT_INFRA;
	repro_ignored_note(m, j);
	if (!repro_metric_pick(m, j))
		snprintf(out->expect, sizeof(out->expect), "%.2f",
			 m->change_pct);
	snprintf(out->job, sizeof(out->job), "%s/job", dir);
	snprintf(out->metric, sizeof(out->metric), "%s", j->metric);
	/* The two commits, for bootbench bisect: the table's base, the culprit. */
	snprintf(out->base, sizeof(out->base), "%s",
		 m->base_commit[0] ? m->base_commit : m->base);
	snprintf(out->new, sizeof(out->new), "%s", m->commit);
	err = repro_job_write(out->job, report, m, j);
	if (err) {
		fprintf(stderr, "bootbench: writing %s: %s\n", out->job,
			strerror(-err));
		return VERDICT_INFRA;
	}
	/* DRY=1 fails where the run would: the run's own checks. */
	return repro_job_check(out->job);
}

int repro_mail_read(const char *report, const char *outdir,
		    struct repro_out *out)
{
	struct repro_job j = { .n = 0 };
	char *text, why[256];
	struct lkpmail m;
	int err;

	memset(out, 0, sizeof(*out));
	text = file_read_capped(report, LKPMAIL_SIZE_MAX, NULL);
	if (!text)
		return bad_input("REPORT=%s: %s: give a saved report mail",
				 report,
				 errno == EINVAL ? "not a regular file" :
				 errno == EFBIG	 ? "larger than 1 MiB" :
						   strerror(errno));
	err = lkpmail_parse(text, &m, why, sizeof(why));
	if (err) {
		err = err == -ENOMEM ?
			      VERDICT_INFRA :
			      bad_input(
				      "REPORT=%s is not a performance report: %s",
				      report, why);
		goto out;
	}
	err = repro_dir_name(report, outdir, out->dir, sizeof(out->dir));
	if (err)
		goto out;
	repro_change_settle(&m);
	repro_report_print(&m);
	/* Nothing is written for a report we cannot run. */
	if (repro_test_map(&m, text, &j)) {
		err = VERDICT_BAD_INPUT;
		goto out;
	}
	err = repro_job_make(report, out->dir, &m, &j, out);
out:
	lkpmail_free(&m);
	free(text);
	return err;
}

int cmd_reproduce(const char *report, const char *outdir)
{
	struct repro_out out;
	int err = repro_mail_read(report, outdir, &out);

	if (err)
		return err;
	/* For scripts: one "key value" a line on stdout. */
	printf("job %s\n", out.job);
	if (out.metric[0])
		printf("metric %s\n", out.metric);
	if (out.expect[0])
		printf("expect %s\n", out.expect);
	if (out.base[0])
		printf("base %s\n", out.base);
	if (out.new[0])
		printf("new %s\n", out.new);
	return 0;
}
