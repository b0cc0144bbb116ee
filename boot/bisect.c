// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench bisect --ksrc TREE --good REF --bad REF [--report MAIL]
 *                  [--builder SCRIPT] [--build-root DIR] [--out DIR]
 *                  [--max-runs N] [make ab's options: run's, --metric ...]
 *
 * The command (docs/bisect.md): its input checked before any build, the
 * log replayed, then bisect-walk.c's bisection on boot/ab.h's sides,
 * each commit built by the build leaf (kconfigs/bisect-build.sh TREE
 * BUILD_ROOT SHA, which prints "image PATH SECONDS" or exits 1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "boot/ab.h"
#include "boot/bisect.h"
#include "boot/bootbench.h"
#include "lib/fileio.h"
#include "reproduce/repro.h"
#include "shared/run.h"
#include "shared/util.h"

#define BISECT_ARGS_MAX 256
#define BISECT_KCONFIGS_MAX 16
/* compare's deterministic floor for a test without its own */
#define BISECT_FLOOR_DEFAULT 0.5

struct bisect_cli {
	const char *tree, *good, *bad, *report, *builder, *build_root, *out;
	unsigned int max_runs;
	char *kconfigs[BISECT_KCONFIGS_MAX]; /* the build leaf's fragments */
	int nkconfigs;
	char *rest[BISECT_ARGS_MAX]; /* ab's arguments, argv[0] first */
	int nrest;
	struct repro_out mail; /* the report's job, metric and commits */
	const char *base, *new;
};

struct bisect_ab {
	struct ab ab;
	struct bisect_cli *cli;
	FILE *build_log;
};

struct bisect_build_ctx {
	char *image;
	size_t size;
	double secs;
	char *why;
	size_t wlen;
	FILE *log;
};

static void bisect_build_line(const char *line, void *ctx)
{
	struct bisect_build_ctx *c = ctx;
	double secs;
	int n;

	if (c->log)
		fprintf(c->log, "%s\n", line);
	if (!strncmp(line, "image ", 6) &&
	    sscanf(line + 6, "%*s %lf%n", &secs, &n) == 1) {
		snprintf(c->image, c->size, "%.*s", (int)strcspn(line + 6, " "),
			 line + 6);
		c->secs = secs;
	} else if (!strncmp(line, "bootbench: ", 11)) {
		snprintf(c->why, c->wlen, "%s", line + 11);
	}
}

static int bisect_ab_build(struct bisect *b, const char *sha, char *image,
			   size_t size, double *secs, char *why, size_t wlen)
{
	struct bisect_ab *x = b->ctx;
	struct bisect_build_ctx c = {
		image, size, NAN, why, wlen, x->build_log
	};
	/* The leaf's words, then the fragments (KCONFIG=) it merges. */
	char *argv[4 + BISECT_KCONFIGS_MAX + 1] = { (char *)x->cli->builder,
						    (char *)b->tree,
						    (char *)x->cli->build_root,
						    (char *)sha };
	struct run_cmd cmd = { .argv = argv,
			       .uid = -1,
			       .stderr_too = 1,
			       .line = bisect_build_line,
			       .ctx = &c };
	double t = util_now();
	int rc, i;

	for (i = 0; i < x->cli->nkconfigs; i++)
		argv[4 + i] = x->cli->kconfigs[i];
	*image = '\0';
	if (c.log)
		fprintf(c.log, "== %s\n", sha);
	rc = run_cmd_run(&cmd);
	*secs = isnan(c.secs) ? util_now() - t : c.secs;
	if (rc == 1) {
		if (!*why)
			snprintf(why, wlen,
				 "the build leaf's output: %s/build.log",
				 b->out);
		return 1;
	}
	if (rc || !*image) {
		fprintf(stderr,
			"bootbench: %s %s %s failed (exit %d%s): %s/build.log says why\n",
			x->cli->builder, b->tree, sha, rc,
			rc ? "" : ", no image line", b->out);
		return rc == 2 ? VERDICT_BAD_INPUT : VERDICT_INFRA;
	}
	return 0;
}

static int bisect_ab_prepare(struct bisect *b, struct bisect_meas *m)
{
	struct bisect_ab *x = b->ctx;
	struct ab_side *s = calloc(1, sizeof(*s));

	if (!s)
		return VERDICT_INFRA;
	s->name = m->name;
	s->kernel = m->image;
	m->priv = s;
	return ab_side_prepare(&x->ab, s);
}

static int bisect_ab_run(struct bisect *b, struct bisect_meas *m,
			 unsigned int i, unsigned int n)
{
	struct bisect_ab *x = b->ctx;
	int rc = ab_side_run(&x->ab, m->priv, i + 1, n), err;

	err = ab_side_values(&x->ab, m->priv, x->ab.metric, m->rec->v,
			     BISECT_RUNS_MAX, &m->rec->n);
	if (err && err != -ENOENT && !rc)
		rc = VERDICT_INFRA;
	if (err == -ENOENT && !rc) {
		fprintf(stderr, "bootbench: %s: no value of %s in its runs\n",
			m->name, x->ab.metric ? x->ab.metric : "the headline");
		rc = VERDICT_BAD_INPUT;
	}
	return rc;
}

static int bisect_ab_compare(struct bisect *b, struct bisect_meas *base,
			     struct bisect_meas *new)
{
	struct bisect_ab *x = b->ctx;

	return ab_compare(&x->ab, base->priv, new->priv, NULL);
}

static void bisect_ab_release(struct bisect *b, struct bisect_meas *m)
{
	(void)b;
	free(m->priv);
	m->priv = NULL;
}

static const struct bisect_ops bisect_ab_ops = {
	.build = bisect_ab_build,
	.prepare = bisect_ab_prepare,
	.run = bisect_ab_run,
	.compare = bisect_ab_compare,
	.release = bisect_ab_release,
};

/* The value of ab's option @opt among the kept arguments, or NULL. */
static const char *bisect_rest_get(const struct bisect_cli *c, const char *opt)
{
	int i;

	for (i = 2; i + 1 < c->nrest; i++)
		if (!strcmp(c->rest[i], opt))
			return c->rest[i + 1];
	return NULL;
}

/* bisect's own options out of @argv, the rest kept for ab_args_parse. */
static int bisect_cli_parse(int argc, char **argv, struct bisect_cli *c)
{
	static const char *const names[] = { "--ksrc",	  "--good",
					     "--bad",	  "--report",
					     "--builder", "--build-root",
					     "--out",	  "--max-runs" };
	const char **fields[] = { &c->tree,   &c->good,	   &c->bad,
				  &c->report, &c->builder, &c->build_root,
				  &c->out,    NULL };
	const char *max_runs = NULL;
	int i, k;

	fields[7] = &max_runs;
	c->rest[c->nrest++] = argv[0];
	c->rest[c->nrest++] = argv[1];
	for (i = 2; i < argc; i++) {
		for (k = 0; k < (int)ARRAY_SIZE(names); k++)
			if (!strcmp(argv[i], names[k]))
				break;
		if (k < (int)ARRAY_SIZE(names) && i + 1 < argc) {
			*fields[k] = *argv[++i] ? argv[i] : NULL;
			continue;
		}
		if (!strcmp(argv[i], "--kconfig") && i + 1 < argc) {
			if (c->nkconfigs == BISECT_KCONFIGS_MAX)
				return bad_input(
					"bisect: more than %d --kconfig",
					BISECT_KCONFIGS_MAX);
			c->kconfigs[c->nkconfigs++] = argv[++i];
			continue;
		}
		if (c->nrest == BISECT_ARGS_MAX - 1)
			return bad_input("bisect: too many arguments");
		c->rest[c->nrest++] = argv[i];
	}
	c->rest[c->nrest] = NULL;
	if (max_runs && options_uint_parse("BISECT_MAX_RUNS", max_runs, 1,
					   BISECT_RUNS_MAX, &c->max_runs))
		return VERDICT_BAD_INPUT;
	return 0;
}

/* The mail read as bootbench reproduce reads it: its job, metric, commits. */
static int bisect_report_read(struct bisect_cli *c, const char *results)
{
	char dir[PATH_MAX];
	int rc;

	snprintf(dir, sizeof(dir), "%s/bisect/reports", results);
	rc = repro_mail_read(c->report, dir, &c->mail);
	if (rc)
		return rc;
	c->base = c->mail.base[0] ? c->mail.base : NULL;
	c->new = c->mail.new[0] ? c->mail.new : NULL;
	if (!c->good)
		c->good = c->base;
	if (!c->bad)
		c->bad = c->new;
	if (!c->good || !c->bad)
		return bad_input(
			"REPORT=%s names no %s commit: give GOOD= and BAD=",
			c->report, c->good ? "new" : "base");
	if (c->nrest + 4 >= BISECT_ARGS_MAX)
		return bad_input("bisect: too many arguments");
	c->rest[c->nrest++] = "--job";
	c->rest[c->nrest++] = c->mail.job;
	if (c->mail.metric[0] && !bisect_rest_get(c, "--metric")) {
		c->rest[c->nrest++] = "--metric";
		c->rest[c->nrest++] = c->mail.metric;
	}
	c->rest[c->nrest] = NULL;
	return 0;
}

/* @ref of the tree as a full SHA, or the one line that says why not. */
static int bisect_ref_check(const char *tree, const char *var, const char *ref,
			    char *sha)
{
	if (bisect_git_commit(tree, ref, sha))
		return bad_input(
			"%s=%s is not a commit of %s: give a branch, a tag or a SHA it has (git fetch it first)",
			var, ref, tree);
	return 0;
}

/* Everything the user can get wrong, each one line, before any build. */
static int bisect_input_check(struct bisect_cli *c, struct bisect *b)
{
	struct stat st;
	int rc;

	if (!c->tree)
		return bad_input(
			"say KSRC=<a kernel git tree> with GOOD=<ref> BAD=<ref> TEST=..., or REPORT=<mail> (docs/bisect.md)");
	if (bisect_git_toplevel(c->tree))
		return bad_input(
			"KSRC=%s is not a git tree: give a kernel tree with its history (bisect walks it)",
			c->tree);
	if (!c->good || !c->bad)
		return bad_input(
			"say GOOD=<the good commit> and BAD=<the bad one>, or REPORT=<a mail naming both>");
	if ((rc = bisect_ref_check(c->tree, "GOOD", c->good, b->good)) ||
	    (rc = bisect_ref_check(c->tree, "BAD", c->bad, b->bad)))
		return rc;
	if (!strcmp(b->good, b->bad))
		return bad_input(
			"GOOD=%s and BAD=%s are the same commit: nothing lies between them",
			c->good, c->bad);
	if (bisect_git_is_ancestor(c->tree, b->good, b->bad) != 0)
		return bad_input(
			"GOOD=%s is not an ancestor of BAD=%s in %s: swap them if they are the wrong way round, else give their merge base (git merge-base GOOD BAD)",
			c->good, c->bad, c->tree);
	rc = bisect_git_dirty(c->tree);
	if (rc)
		return bad_input(
			"KSRC=%s %s: commit or stash the changes first (git stash)",
			c->tree,
			rc == 1 ? "has uncommitted changes to tracked files" :
				  "cannot be read by git status");
	if (stat(c->builder, &st) || !S_ISREG(st.st_mode) ||
	    access(c->builder, X_OK))
		return bad_input(
			"the build leaf %s is not an executable file: give --builder kconfigs/bisect-build.sh",
			c->builder);
	return 0;
}

/*
 * The job through the checks a run makes of it, before any build (on a
 * copy: the runs parse it again); the widest deterministic noise floor
 * of its tests into *@floor.
 */
static int bisect_job_check(const struct ab *ab, double *floor)
{
	static struct run_opts o;
	int i, err;

	o = ab->opts;
	*floor = 0;
	if (ab->job)
		return job_machine_check(&ab->opts, ab->job);
	if (!o.test)
		return bad_input(
			"say TEST=<the benchmark whose metric moved> (or REPORT=<mail>)");
	err = run_params_check(&o);
	if (!err)
		err = run_job_machine_check(&o);
	for (i = 0; !err && i < o.ntests; i++)
		if (o.tests[i] && o.tests[i]->det_floor > *floor)
			*floor = o.tests[i]->det_floor;
	return err;
}

/* What the log's first line must agree with, from the command. */
static int bisect_setup(struct bisect *b, struct bisect_ab *x)
{
	struct bisect_cli *c = x->cli;
	const struct ab *ab = &x->ab;
	int rc;

	b->tree = c->tree;
	rc = bisect_job_check(ab, &b->floor_pct);
	if (rc)
		return rc;
	if (!(b->floor_pct > 0))
		b->floor_pct = BISECT_FLOOR_DEFAULT;
	b->deterministic = ab->opts.deterministic;
	b->runs = ab->opts.runs ? ab->opts.runs : 1;
	if (!b->deterministic && b->runs < 2)
		return bad_input(
			"RUNS=%u: in real time each end needs runs to show its spread: give RUNS=5 or more, or TIMING=deterministic",
			b->runs);
	b->max_runs = c->max_runs      ? c->max_runs :
		      b->deterministic ? 2 :
					 (b->runs * 3 > BISECT_RUNS_MAX ?
						  BISECT_RUNS_MAX :
						  b->runs * 3);
	b->ops = &bisect_ab_ops;
	b->ctx = x;
	bisect_state_init(&b->st);
	snprintf(b->st.good, sizeof(b->st.good), "%s", b->good);
	snprintf(b->st.bad, sizeof(b->st.bad), "%s", b->bad);
	snprintf(b->st.test, sizeof(b->st.test), "%s",
		 ab->job       ? ab->job :
		 ab->opts.test ? ab->opts.test :
				 "");
	snprintf(b->st.metric, sizeof(b->st.metric), "%s",
		 ab->metric ? ab->metric : "");
	b->st.deterministic = b->deterministic;
	return 0;
}

/* The log replayed; a log of another bisection is refused, not mixed. */
static int bisect_log_open(struct bisect *b, const char *path)
{
	struct bisect_state *st = malloc(sizeof(*st));
	int err, fresh;

	if (!st)
		return VERDICT_INFRA;
	bisect_state_init(st);
	err = bisect_log_replay(path, st);
	fresh = !st->good[0];
	if (!err && !fresh &&
	    (strcmp(st->good, b->good) || strcmp(st->bad, b->bad) ||
	     strcmp(st->test, b->st.test) || strcmp(st->metric, b->st.metric) ||
	     st->deterministic != b->deterministic))
		err = -EEXIST;
	if (!err && !fresh)
		b->st = *st;
	free(st);
	if (err)
		return bad_input(
			"%s is %s: remove it, or give another OUT=", path,
			err == -EEXIST ?
				"the log of another bisection (other ends, test, metric or timing)" :
				"not a bisection log");
	b->log = fopen(path, "a");
	if (!b->log)
		return bad_input("%s: %s: give a writable OUT=", path,
				 strerror(errno));
	if (fresh && bisect_log_start(b->log, &b->st))
		return VERDICT_INFRA;
	if (!fresh)
		printf("bootbench: going on from %s: %zu commits measured\n",
		       path, b->st.nrecs);
	return 0;
}

/* OUT (default RESULTS/bisect/<good>-<bad>), its log, its run directories. */
static int bisect_out_open(struct bisect *b, struct bisect_ab *x, char *out,
			   size_t size, char *runs, size_t rsize)
{
	const char *results = x->ab.opts.results ? x->ab.opts.results :
						   "out/results";
	char path[PATH_MAX];
	int err;

	if (x->cli->out)
		snprintf(out, size, "%s", x->cli->out);
	else
		snprintf(out, size, "%s/bisect/%.12s-%.12s", results, b->good,
			 b->bad);
	b->out = out;
	err = mkdir_p(out);
	if (err)
		return bad_input("OUT=%s: %s: give a writable directory", out,
				 strerror(-err));
	snprintf(runs, rsize, "%s/runs", out);
	x->ab.results = runs;
	snprintf(b->json, sizeof(b->json), "%s/bisect.json", out);
	snprintf(path, sizeof(path), "%s/build.log", out);
	x->build_log = fopen(path, "a");
	if (x->build_log)
		setvbuf(x->build_log, NULL, _IOLBF, 0);
	snprintf(path, sizeof(path), "%s/bisect.jsonl", out);
	return bisect_log_open(b, path);
}

int cmd_bisect(int argc, char **argv)
{
	static struct bisect b;
	static struct bisect_cli c = { .builder = "kconfigs/bisect-build.sh" };
	static struct bisect_ab x = { .cli = &c };
	static char out[PATH_MAX - 64], runs[PATH_MAX], root[PATH_MAX];
	struct ab_side base = { .kernel = "Makefile" },
		       new = { .kernel = "Makefile" };
	int rc = bisect_cli_parse(argc, argv, &c);

	if (!rc && c.report)
		rc = bisect_report_read(&c, bisect_rest_get(&c, "--results") ?:
						    "out/results");
	if (!rc)
		rc = ab_args_parse(&x.ab, c.nrest, c.rest, &base, &new);
	if (!rc && !c.build_root) {
		snprintf(root, sizeof(root), "%s/bisect", x.ab.opts.build_dir);
		c.build_root = root;
	}
	if (!rc)
		rc = bisect_input_check(&c, &b);
	if (!rc)
		rc = bisect_setup(&b, &x);
	if (!rc)
		rc = bisect_out_open(&b, &x, out, sizeof(out), runs,
				     sizeof(runs));
	if (!rc) {
		progress_init(x.ab.opts.quiet);
		rc = bisect_walk(&b);
	}
	if (b.log)
		fclose(b.log);
	if (x.build_log)
		fclose(x.build_log);
	return rc;
}
