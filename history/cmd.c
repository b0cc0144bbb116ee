// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench history: the command (docs/history.md).
 *
 *   bootbench history add [--db FILE] [--quiet] DIR...
 *   bootbench history changes [--db FILE] [--job=TEST[/PARAMS]] [--metric=M | --all]
 *   bootbench history html [--db FILE] [--job= --metric= --all] -o FILE
 *   bootbench history kcidb [--db FILE] [--job= --metric= --all] -o FILE
 *   bootbench history simulate [--series N] [--seed N]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"
#include "history/series.h"

struct hist_cli {
	const char *db, *out;
	struct hist_filter f;
	unsigned int series;
	unsigned long long seed;
	int quiet, first; /* first: argv's index of the first operand */
};

static int hist_usage(const char *why)
{
	fprintf(stderr,
		"bootbench: history: %s: say bootbench history add [--db FILE] DIR..., changes [--db FILE] [--job=TEST[/PARAMS]] [--metric=M|--all], html|kcidb [--db FILE] -o FILE, or simulate [--series N] [--seed N]\n",
		why);
	return HIST_EXIT_BAD;
}

static const char *hist_opt_value(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(arg, name, n) && arg[n] == '=' ? arg + n + 1 : NULL;
}

/* One option at argv[*i] (its value perhaps the next word). */
static int hist_opt_take(struct hist_cli *c, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;
	char *end;

	if ((!strcmp(a, "--db") || !strcmp(a, "-o")) && *i + 1 < argc) {
		*(a[1] == 'o' ? &c->out : &c->db) = argv[++*i];
	} else if ((v = hist_opt_value(a, "--db"))) {
		c->db = v;
	} else if ((v = hist_opt_value(a, "--job"))) {
		c->f.job = *v ? v : NULL;
	} else if ((v = hist_opt_value(a, "--metric"))) {
		c->f.metric = *v ? v : NULL;
	} else if (!strcmp(a, "--all")) {
		c->f.all = 1;
	} else if (!strcmp(a, "--quiet")) {
		c->quiet = 1;
	} else if ((v = hist_opt_value(a, "--series"))) {
		c->series = (unsigned int)strtoul(v, &end, 10);
		if (*end || !c->series || c->series > 100000)
			return hist_usage("--series takes 1 to 100000");
	} else if ((v = hist_opt_value(a, "--seed"))) {
		c->seed = strtoull(v, &end, 10);
		if (*end || !*v)
			return hist_usage("--seed takes a number");
	} else {
		return -1;
	}
	return 0;
}

static int hist_cli_parse(struct hist_cli *c, int argc, char **argv)
{
	int i, err;

	memset(c, 0, sizeof(*c));
	c->db = "out/history.db";
	c->series = 200;
	c->first = argc;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			c->first = i + 1;
			break;
		}
		err = hist_opt_take(c, argc, argv, &i);
		if (err > 0)
			return err;
		if (err < 0 && argv[i][0] == '-') {
			fprintf(stderr,
				"bootbench: history: %s is no option of history %s: see bootbench history --help\n",
				argv[i], argv[1]);
			return HIST_EXIT_BAD;
		}
		if (err < 0) {
			c->first = i;
			break;
		}
	}
	if (!*c->db)
		return hist_usage("--db (HISTORY=) is empty");
	return 0;
}

static int hist_db_open_said(struct hist_db *db, const char *where)
{
	if (!hist_db_open(db, where))
		return 0;
	fprintf(stderr,
		"bootbench: history: cannot open %s: %s: give HISTORY= (--db) a writable file or a postgresql:// URI\n",
		where, db->err);
	return HIST_EXIT_INFRA;
}

static const char *hist_better_word(int better)
{
	return better > 0 ? "better" : better < 0 ? "worse" : "changed";
}

void hist_kernel_name(const struct hist_point *p, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s%s", p->release, *p->cmdline ? " (" : "",
		 p->cmdline, *p->cmdline ? ")" : "");
}

static void hist_changes_print(const struct hist_series *s)
{
	unsigned int runs = 0;
	char name[300];
	size_t k;

	for (k = 0; k < s->n; k++)
		runs += s->pts[k].runs;
	printf("%s/%s %s: %zu kernel%s (%u run%s), %zu change point%s%s\n",
	       s->test, s->params, s->metric, s->n, s->n == 1 ? "" : "s", runs,
	       runs == 1 ? "" : "s", s->ncp, s->ncp == 1 ? "" : "s",
	       s->floor_pct > 0 ? " beyond the noise floor" : "");
	for (k = 0; k < s->ncp; k++) {
		const struct hist_change *c = &s->cps[k];

		hist_kernel_name(&s->pts[c->at], name, sizeof(name));
		printf("  at %s (kernel %zu of %zu): %.6g -> %.6g (%+.2f%%), p=%.3f, %s\n",
		       name, c->at + 1, s->n, c->before, c->after, c->pct, c->p,
		       hist_better_word(c->better));
	}
}

/* The series the filter selects, each with its change points. */
static int hist_series_all(const struct hist_cli *c, struct hist_series **s,
			   size_t *n)
{
	struct edv_opts o;
	struct hist_db db;
	size_t i;
	int err;

	err = hist_db_open_said(&db, c->db);
	if (err)
		return err;
	err = hist_series_load(&db, &c->f, s, n);
	if (err)
		fprintf(stderr, "bootbench: history: reading %s: %s\n", c->db,
			err == -ENOMEM ? "out of memory" : db.err);
	hist_db_close(&db);
	if (err)
		return HIST_EXIT_INFRA;
	hist_edv_defaults(&o);
	for (i = 0; i < *n; i++)
		if (hist_series_changes(&(*s)[i], &o))
			return HIST_EXIT_INFRA;
	if (!*n)
		fprintf(stderr,
			"bootbench: history: %s has no series%s%s%s%s: add runs (bootbench history add), or check --job= and --metric=\n",
			c->db, c->f.job ? " of job " : "",
			c->f.job ? c->f.job : "",
			c->f.metric ? " of metric " : "",
			c->f.metric ? c->f.metric : "");
	return *n ? 0 : HIST_EXIT_BAD;
}

static int hist_changes_cmd(const struct hist_cli *c)
{
	struct hist_series *s = NULL;
	size_t n = 0, i;
	int err = hist_series_all(c, &s, &n);

	for (i = 0; !err && i < n; i++)
		hist_changes_print(&s[i]);
	hist_series_free(s, n);
	return err;
}

/* html (@kcidb 0) or kcidb (1): the series written to -o. */
static int hist_out_cmd(const struct hist_cli *c, int kcidb)
{
	struct hist_series *s = NULL;
	size_t n = 0;
	int err = hist_series_all(c, &s, &n);

	if (!err) {
		err = kcidb ? hist_kcidb_write(s, n, c->out) :
			      hist_html_write(s, n, c->out, c->db);
		if (err)
			fprintf(stderr,
				"bootbench: history: cannot write %s: %s: give -o (make history's OUT=) a writable file\n",
				c->out, strerror(-err));
		else
			printf("history: %s: %zu series\n", c->out, n);
		err = err ? HIST_EXIT_INFRA : 0;
	}
	hist_series_free(s, n);
	return err;
}

int cmd_history(int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : "";
	struct hist_cli c;
	int err;

	if (!strcmp(sub, "--help") || !strcmp(sub, "help") || !*sub) {
		fprintf(*sub ? stdout : stderr,
			"usage: bootbench history add [--db FILE] [--quiet] DIR...\n"
			"       bootbench history changes [--db FILE] [--job=TEST[/PARAMS]] [--metric=M | --all]\n"
			"       bootbench history html [--db FILE] [--job= --metric= --all] -o FILE\n"
			"       bootbench history kcidb [--db FILE] [--job= --metric= --all] -o FILE   (the change points as KCIDB tests)\n"
			"       bootbench history simulate [--series N] [--seed N]\n"
			"FILE: an SQLite file, or postgresql://... (docs/history.md)\n");
		return *sub ? 0 : HIST_EXIT_BAD;
	}
	err = hist_cli_parse(&c, argc, argv);
	if (err)
		return err;
	if (!strcmp(sub, "add")) {
		if (c.first >= argc)
			return hist_usage("add needs a result directory");
		return hist_dirs_add(c.db, argv + c.first, argc - c.first,
				     c.quiet);
	}
	if (c.first < argc)
		return hist_usage("only add takes directories");
	if (!strcmp(sub, "changes"))
		return hist_changes_cmd(&c);
	if (!strcmp(sub, "html") || !strcmp(sub, "kcidb")) {
		if (!c.out || !*c.out)
			return hist_usage("html and kcidb need -o FILE");
		return hist_out_cmd(&c, sub[0] == 'k');
	}
	if (!strcmp(sub, "simulate"))
		return hist_sim_run(c.series, c.seed, stdout);
	return hist_usage("no such subcommand");
}
