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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "boot/bootbench.h"
#include "lib/fileio.h"
#include "lkpmail.h"
#include "lib/rundir.h"
#include "lib/tests.h"
#include "boot/topology.h"

#define REPRO_KEYS_MAX 24

struct repro_job {
	char keys[REPRO_KEYS_MAX][32];
	char vals[REPRO_KEYS_MAX][160];
	int n;
	char metric[128];
};

static void repro_set(struct repro_job *j, const char *key, const char *val)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			break;
	if (i == REPRO_KEYS_MAX)
		return;
	snprintf(j->keys[i], sizeof(j->keys[i]), "%s", key);
	snprintf(j->vals[i], sizeof(j->vals[i]), "%s", val);
	if (i == j->n)
		j->n++;
}

static void repro_note(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void repro_note(const char *what, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bootbench: %s: ", what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* "300s" -> "300"; a number stays. */
static void repro_seconds(const char *v, char *buf, size_t size)
{
	snprintf(buf, size, "%lu", strtoul(v, NULL, 10));
}

/* LKP testcases we do not run, and what of ours is nearest. */
static const struct {
	const char *testcase, *closest;
} repro_closest[] = {
	{ "will-it-scale", "context1 or pipe (one process and pipe each)" },
	{ "netperf", "hackbench IPC=socket (local socket messaging)" },
	{ "tbench", "hackbench IPC=socket (local socket messaging)" },
	{ "fio-basic", "dbench (file operations on tmpfs)" },
	{ "fsmark", "dbench (file operations on tmpfs)" },
	{ "filebench", "dbench (file operations on tmpfs)" },
	{ "stress-ng", "aim9 (one system facility at a time)" },
	{ "reaim", "aim9 (the AIM suite's single-process tests)" },
	{ "schbench", "perf-bench-sched-pipe (wakeup latency)" },
	{ "vm-scalability", "aim9 AIM9_TEST=fork_test (page tables)" },
};

/*
 * LKP's unixbench `test:` names are ours: one of the UnixBench tests of
 * benchmarks/tests.def, whose headline is unixbench.throughput.
 */
static int repro_is_unixbench(const char *name)
{
	const struct test_desc *t = test_find(name);

	return t && !strcmp(t->headline, "unixbench.throughput");
}

static int word_listed(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return 1;
	return 0;
}

/* A bare text (not a robot's mail): which benchmark it talks about. */
static const char *repro_hint(const char *text, const char *metric,
			      const char *regarding)
{
	static const struct {
		const char *word, *test;
	} words[] = {
		{ "execl", "execl" },
		{ "Execl", "execl" },
		{ "shell8", "shell8" },
		{ "shell1", "shell1" },
		{ "hackbench", "hackbench" },
		{ "aim9", "aim9" },
		{ "dbench", "dbench" },
		{ "schedpipe", "perf-bench-sched-pipe" },
	};
	const char *best = NULL, *at = NULL;
	size_t i;

	if (metric[0])
		text = metric;
	else if (regarding[0] && repro_hint(regarding, "", ""))
		text = regarding;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		const char *p = strstr(text, words[i].word);

		if (p && (!at || p < at)) {
			at = p;
			best = words[i].test;
		}
	}
	return best;
}

static int repro_unixbench_params(const struct lkpmail *m, struct repro_job *j,
				  const char *test)
{
	const char *v;
	char buf[32];

	repro_set(j, "test", test);
	v = lkpmail_param_get(m, "nr_task");
	if (v) {
		repro_set(j, "nr_task", v);
	} else if (m->copies) {
		snprintf(buf, sizeof(buf), "%u", m->copies);
		repro_set(j, "nr_task", buf);
	} else {
		repro_set(j, "nr_task", "100%");
		repro_note(
			"guessed",
			"nr_task = 100%% (the report gives no copy count; LKP's unixbench jobs run one copy per CPU)");
	}
	v = lkpmail_param_get(m, "runtime");
	if (v) {
		repro_seconds(v, buf, sizeof(buf));
		repro_set(j, "runtime", buf);
	} else {
		repro_set(j, "runtime", "300");
		repro_note("guessed",
			   "runtime = 300 (LKP's unixbench default)");
	}
	return 0;
}

/* The job's test and its parameters; -ENOENT: we have no such test. */
static int repro_test_map(const struct lkpmail *m, const char *text,
			  struct repro_job *j)
{
	const char *tc = m->testcase, *v, *hint;
	char buf[32];
	size_t i;

	if (!tc[0]) {
		hint = repro_hint(text, m->metric, m->regarding);
		if (!hint) {
			fprintf(stderr,
				"bootbench: the report names no testcase nor any benchmark bootbench knows: give a 0-day report (\"in testcase: ...\")\n");
			return -ENOENT;
		}
		repro_note(
			"guessed",
			"the benchmark is %s (named in the text; it is not a robot's report)",
			hint);
		if (repro_is_unixbench(hint))
			return repro_unixbench_params(m, j, hint);
		repro_set(j, "test", hint);
		return 0;
	}
	if (!strcmp(tc, "unixbench")) {
		v = lkpmail_param_get(m, "test");
		if (!v || !repro_is_unixbench(v)) {
			fprintf(stderr,
				"bootbench: unixbench test '%s' is not one bootbench implements: it has execl, spawn, context1, pipe, syscall, shell1, shell8, fstime, fsbuffer, fsdisk\n",
				v ? v : "(none given)");
			return -ENOENT;
		}
		return repro_unixbench_params(m, j, v);
	}
	if (!strcmp(tc, "hackbench")) {
		repro_set(j, "test", "hackbench");
		if ((v = lkpmail_param_get(m, "nr_threads")))
			repro_set(j, "nr_threads", v);
		if ((v = lkpmail_param_get(m, "mode")))
			repro_set(j, "mode", v);
		if ((v = lkpmail_param_get(m, "ipc")))
			repro_set(j, "ipc", v);
		if ((v = lkpmail_param_get(m, "iterations")))
			repro_set(j, "passes", v);
		if (m->loops) {
			snprintf(buf, sizeof(buf), "%u", m->loops);
			repro_set(j, "loops", buf);
		} else {
			repro_note(
				"guessed",
				"loops: the report gives none; bootbench's default is used");
		}
		return 0;
	}
	if (!strcmp(tc, "aim9")) {
		/* The same check make run makes of AIM9_TEST. */
		const struct param_spec *spec = param_spec_find("aim9_test");

		v = lkpmail_param_get(m, "test");
		if (v && param_value_check(spec, v)) {
			fprintf(stderr,
				"bootbench: aim9 test '%s' is not one bootbench implements: it has %s\n",
				v, spec->choices);
			return -ENOENT;
		}
		repro_set(j, "test", "aim9");
		if (v)
			repro_set(j, "aim9_test", v);
		v = lkpmail_param_get(m, "testtime");
		repro_seconds(v ? v : "300", buf, sizeof(buf));
		repro_set(j, "runtime", buf);
		if (!v)
			repro_note("guessed",
				   "runtime = 300 (LKP's aim9 testtime)");
		return 0;
	}
	if (!strcmp(tc, "dbench")) {
		repro_set(j, "test", "dbench");
		if ((v = lkpmail_param_get(m, "nr_threads")))
			repro_set(j, "nr_threads", v);
		return 0;
	}
	if (!strcmp(tc, "perf-bench-sched-pipe")) {
		repro_set(j, "test", "perf-bench-sched-pipe");
		if ((v = lkpmail_param_get(m, "loops")))
			repro_set(j, "loops", v);
		if ((v = lkpmail_param_get(m, "mode")))
			repro_set(j, "mode", v);
		return 0;
	}
	for (i = 0; i < sizeof(repro_closest) / sizeof(repro_closest[0]); i++)
		if (!strcmp(tc, repro_closest[i].testcase))
			break;
	fprintf(stderr,
		"bootbench: testcase %s is not one bootbench implements; the closest it has: %s\n",
		tc,
		i < sizeof(repro_closest) / sizeof(repro_closest[0]) ?
			repro_closest[i].closest :
			"none (bootbench tests lists what it has)");
	return -ENOENT;
}

/* Report machines we keep profiles of (boot/machines/). */
static const struct {
	const char *model;
	unsigned int threads;
	const char *profile;
} repro_profiles[] = {
	{ "i7 CPU 870", 8, "i7-870" },
	{ "i3-3220", 4, "i3-3220" },
	{ "E5-2690 v2", 40, "e5-2690v2" },
	{ "Skylake", 112, "lkp-skl-sp1" },
};

/*
 * A profile (docs/topology.md) for a machine none of ours matches, so
 * the job names a machine as for any other (machine = FILE).
 */
static int repro_profile_write(const char *path, const char *name,
			       const struct lkpmail *m,
			       const struct topology *t)
{
	FILE *f = fopen(path, "w");
	unsigned int i;

	if (!f)
		return -errno;
	fprintf(f, "# Help: %s (written by bootbench reproduce)\n",
		m->machine[0] ? m->machine : "the report's machine");
	fprintf(f, "name = %s\n", name);
	if (t->cpu_model[0])
		fprintf(f, "cpu = %s\n", t->cpu_model);
	fprintf(f, "sockets = %u\ncores = %u\nthreads = %u\n", t->sockets,
		t->cores, t->threads);
	if (m->mem_gb)
		fprintf(f, "mem = %uG\n", m->mem_gb);
	for (i = 0; i < t->nnodes; i++)
		fprintf(f, "node%u = %s\n", i, t->node_cpus[i]);
	return fclose(f) ? -errno : 0;
}

/* The report's machine from its line alone: S sockets x N/S cores. */
static void repro_topology_guess(const struct lkpmail *m, struct topology *t)
{
	unsigned int s = m->sockets ? m->sockets : 1;
	unsigned int nodes = m->nodes ? m->nodes : 1, i, per;

	if (m->arch[0]) {
		s = nodes;
		repro_note(
			"guessed",
			"the report's machine is %s; bootbench boots x86: the stand-in keeps its %u CPUs in %u node(s)",
			m->arch, m->threads, nodes);
	}
	if (m->threads % s)
		s = 1;
	if (!m->sockets && !m->arch[0])
		repro_note(
			"guessed",
			"%u CPUs in one socket without SMT (the report says no more)",
			m->threads);
	memset(t, 0, sizeof(*t));
	t->sockets = s;
	t->cores = m->threads / s;
	t->threads = 1;
	if (nodes > 1 && !(m->threads % nodes)) {
		per = m->threads / nodes;
		t->nnodes = nodes;
		for (i = 0; i < nodes && i < TOPO_NODES_MAX; i++)
			snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]),
				 "%u-%u", i * per, (i + 1) * per - 1);
	}
}

static int repro_machine_map(const struct lkpmail *m, const char *dir,
			     const char *name, struct repro_job *j)
{
	char path[4200], why[256];
	struct topology t;
	size_t i;

	for (i = 0; i < sizeof(repro_profiles) / sizeof(repro_profiles[0]); i++)
		if (strstr(m->cpu_model, repro_profiles[i].model) &&
		    (!m->threads || m->threads == repro_profiles[i].threads)) {
			repro_set(j, "machine", repro_profiles[i].profile);
			return 0;
		}
	if (m->lscpu && !topology_lscpu_parse(m->lscpu, &t, why, sizeof(why))) {
		repro_note("read", "the machine from the report's lscpu");
	} else if (m->threads) {
		repro_topology_guess(m, &t);
	} else {
		repro_note(
			"guessed",
			"no test machine in the report: the job runs on bootbench's default machine");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/machine.conf", dir);
	if (repro_profile_write(path, name, m, &t)) {
		fprintf(stderr, "bootbench: writing %s: %s\n", path,
			strerror(errno));
		return -EIO;
	}
	repro_set(j, "machine", path);
	return 0;
}

static void repro_ignored_note(const struct lkpmail *m,
			       const struct repro_job *j)
{
	static const char *const used[] = {
		"test", "nr_task",    "runtime",  "nr_threads", "mode",
		"ipc",	"iterations", "testtime", "loops",	NULL,
	};
	int i;

	for (i = 0; i < m->nparams; i++) {
		const char *k = m->params[i].key;

		if (!strcmp(k, "cpufreq_governor"))
			repro_note(
				"left out",
				"cpufreq_governor: %s (a guest has no cpufreq; pin the host's instead)",
				m->params[i].val);
		else if (!word_listed(k, used))
			repro_note("left out",
				   "%s: %s (no such knob in bootbench)", k,
				   m->params[i].val);
	}
	(void)j;
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
	fprintf(f, "report = %s\n", report);
	for (i = 0; i < j->n; i++)
		fprintf(f, "%s = %s\n", j->keys[i], j->vals[i]);
	return fclose(f) ? -errno : 0;
}

/* The metric the report speaks of, if our run will have it. */
static void repro_metric_pick(const struct lkpmail *m, struct repro_job *j)
{
	static const char *const ours[] = {
		"unixbench.score",
		"unixbench.throughput",
		"hackbench.throughput",
		"dbench.throughput-MB/sec",
		"perf-bench-sched-pipe.ops_per_sec",
		NULL,
	};

	if (word_listed(m->metric, ours) || (!strncmp(m->metric, "aim9.", 5) &&
					     strstr(m->metric, ".ops_per_sec")))
		snprintf(j->metric, sizeof(j->metric), "%s", m->metric);
	else if (m->metric[0])
		repro_note(
			"left out",
			"metric %s: bootbench has no such metric; the job's headline stands in",
			m->metric);
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

int cmd_reproduce(const char *report, const char *outdir)
{
	struct repro_job j = { .n = 0 };
	char *text, dir[4000], path[4100], why[256], *base, *dot;
	struct lkpmail m;
	int err, i;

	text = file_read_all(report, NULL);
	if (!text)
		return bad_input("REPORT=%s: %s: give a saved report mail",
				 report, strerror(errno));
	err = lkpmail_parse(text, &m, why, sizeof(why));
	if (err) {
		lkpmail_free(&m);
		free(text);
		return err == -ENOMEM ?
			       VERDICT_INFRA :
			       bad_input(
				       "REPORT=%s is not a performance report: %s",
				       report, why);
	}
	base = strdup(report);
	if (snprintf(dir, sizeof(dir), "%s/%s", outdir,
		     base ? basename(base) : "report") >= (int)sizeof(dir))
		dir[0] = '\0';
	dot = strrchr(dir, '.');
	if (dot && dot > strrchr(dir, '/'))
		*dot = '\0';
	free(base);
	fprintf(stderr, "bootbench: report: %+.1f%% %s of %s%s\n", m.change_pct,
		m.kind, m.metric[0] ? m.metric : "(no metric named)",
		m.is_lkp ? " (a 0-day/LKP report)" :
			   " (not a robot's report: read loosely)");
	if (m.commit[0])
		fprintf(stderr, "bootbench:   commit %s%s%s%s\n", m.commit,
			m.subject[0] ? " (\"" : "", m.subject,
			m.subject[0] ? "\")" : "");
	if (m.base_commit[0])
		fprintf(stderr, "bootbench:   base %s\n", m.base_commit);
	if (m.testcase[0]) {
		fprintf(stderr, "bootbench:   testcase %s:", m.testcase);
		for (i = 0; i < m.nparams; i++)
			fprintf(stderr, " %s=%s", m.params[i].key,
				m.params[i].val);
		fputc('\n', stderr);
	}
	if (m.machine[0])
		fprintf(stderr, "bootbench:   machine: %s%s\n", m.machine,
			m.lscpu ? " (lscpu included)" : "");
	if (m.kconfig[0])
		fprintf(stderr,
			"bootbench:   kconfig %s (build both kernels with it)\n",
			m.kconfig);
	/* Nothing is written for a report we cannot run. */
	err = repro_test_map(&m, text, &j);
	if (err) {
		err = VERDICT_BAD_INPUT;
		goto out;
	}
	err = mkdir_p(dir);
	if (err) {
		err = bad_input("RESULTS: %s: %s: give a writable directory",
				dir, strerror(-err));
		goto out;
	}
	err = repro_machine_map(&m, dir, repro_name(dir), &j);
	if (err) {
		err = VERDICT_INFRA;
		goto out;
	}
	repro_ignored_note(&m, &j);
	repro_metric_pick(&m, &j);
	snprintf(path, sizeof(path), "%s/job", dir);
	err = repro_job_write(path, report, &m, &j);
	if (err) {
		fprintf(stderr, "bootbench: writing %s: %s\n", path,
			strerror(-err));
		err = VERDICT_INFRA;
		goto out;
	}
	/* For report/reproduce.sh: one "key value" a line on stdout. */
	printf("job %s\n", path);
	if (j.metric[0])
		printf("metric %s\n", j.metric);
	printf("expect %.2f\n", m.change_pct);
	err = 0;
out:
	lkpmail_free(&m);
	free(text);
	return err;
}
