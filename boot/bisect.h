/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_BISECT_H
#define BOOTBENCH_BISECT_H

/*
 * bootbench bisect (docs/bisect.md): the commit of a git tree between a
 * good and a bad one that moved a metric. Its parts: bisect-rule.c (the
 * decision rule and the range's arithmetic: pure), bisect-log.c (the
 * JSON-lines log every record goes to, and its replay), bisect-git.c
 * (git through shared/run.h), bisect-walk.c (the ends, the steps, the
 * culprit, on the measuring operations of struct bisect_ops) and
 * bisect.c (the command, its operations on boot/ab.h).
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#define BISECT_SHA_LEN 41
#define BISECT_RUNS_MAX 64
#define BISECT_RECS_MAX 256
#define BISECT_SHAS_MAX 512
/* Exit codes beside run's (docs/exit-codes.md). */
#define BISECT_EXIT_BUILD 1 /* an end does not build */
#define BISECT_EXIT_NOTHING 8 /* the ends do not differ */
#define BISECT_EXIT_NO_CULPRIT 9 /* only skipped commits are left */
#define BISECT_EXIT_UNCONFIRMED 10 /* a culprit its A/B or revert denies */

enum bisect_decision {
	BISECT_MORE, /* not yet: more runs */
	BISECT_GOOD,
	BISECT_BAD,
	BISECT_SKIP, /* no build, or a run that failed */
	BISECT_UNDECIDABLE, /* the run budget spent between the ends */
};

/* A measured commit: an end, a step, the culprit's parent, a revert. */
struct bisect_rec {
	char kind[12]; /* good, bad, step, parent, culprit, revert */
	char commit[BISECT_SHA_LEN];
	double build_s, run_s;
	double v[BISECT_RUNS_MAX];
	size_t n;
	enum bisect_decision decision;
	double llr, position; /* the rule's: NAN where none */
	char why[200]; /* a skip's reason, or "" */
};

/* What the log holds: its records and compare's verdicts. */
struct bisect_state {
	char good[BISECT_SHA_LEN], bad[BISECT_SHA_LEN];
	char test[128], metric[128];
	int deterministic;
	struct bisect_rec recs[BISECT_RECS_MAX];
	size_t nrecs;
	int ends_verdict, culprit_verdict; /* compare's, -1: not yet */
};

/*
 * Which end's distribution a commit's runs fall in: the ends' means and
 * the spread of one run around them; a log-likelihood ratio beyond
 * @bound takes a side (Wald's sequential test, docs/bisect.md).
 */
struct bisect_rule {
	double good, bad, sd, bound;
	int deterministic; /* the runs' mean is one measurement */
};

/* bisect-rule.c */
int bisect_rule_make(const struct bisect_rec *good,
		     const struct bisect_rec *bad, int deterministic,
		     double floor_pct, struct bisect_rule *r);
enum bisect_decision bisect_rule_decide(const struct bisect_rule *r,
					struct bisect_rec *rec);
const char *bisect_decision_name(enum bisect_decision d);
int bisect_decision_parse(const char *s, enum bisect_decision *d);
/* Steps left to isolate one commit among @left candidates. */
unsigned int bisect_steps_left(size_t left);
/*
 * The next commit to try from git rev-list --bisect-all's order (@all,
 * best first: the first @n of the range's @total), the range's tip @bad
 * and the skipped commits aside: its index, or -ENOENT when none is
 * left. *@left: the candidates for the first bad commit that are not
 * skipped, @bad included.
 */
int bisect_range_pick(char (*all)[BISECT_SHA_LEN], size_t n, size_t total,
		      const char *bad, char (*skips)[BISECT_SHA_LEN],
		      size_t nskips, size_t *left);

/* bisect-log.c */
void bisect_state_init(struct bisect_state *st);
/* A record by kind and commit (NULL: any commit), the last; or NULL. */
struct bisect_rec *bisect_state_find(struct bisect_state *st, const char *kind,
				     const char *commit);
/* One JSON line into @st: 0, or -EINVAL for a line that is not a record. */
int bisect_state_apply(struct bisect_state *st, const char *line);
/* Every line of @path into @st: 0 (also when there is none) or -errno. */
int bisect_log_replay(const char *path, struct bisect_state *st);
/* Appended and flushed as one line: 0 or -errno. */
int bisect_log_start(FILE *f, const struct bisect_state *st);
int bisect_log_rec(FILE *f, const struct bisect_rec *rec);
int bisect_log_verdict(FILE *f, const char *of, int verdict);
/* bisect.json: the records and verdicts, the culprit or @why none. */
int bisect_json_write(const char *path, const struct bisect_state *st,
		      const char *culprit, const char *subject, int exit_code,
		      const char *why);

/* bisect-git.c: git -C @tree, its output and errors kept from the terminal */
int bisect_git_commit(const char *tree, const char *ref, char *sha);
int bisect_git_toplevel(const char *tree);
/* 0 ancestor, 1 not, else -errno. */
int bisect_git_is_ancestor(const char *tree, const char *a, const char *b);
/* 0 clean, 1 tracked files changed, else -errno. */
int bisect_git_dirty(const char *tree);
int bisect_git_subject(const char *tree, const char *sha, char *buf,
		       size_t size);
int bisect_git_parent(const char *tree, const char *sha, char *parent);
/*
 * rev-list --bisect-all @bad --not @goods: the first @max commits, best
 * first, into @all (*@n), and how many the range holds (*@total).
 */
int bisect_git_bisect_all(const char *tree, const char *bad,
			  char (*goods)[BISECT_SHA_LEN], size_t ngoods,
			  char (*all)[BISECT_SHA_LEN], size_t max, size_t *n,
			  size_t *total);
/*
 * @culprit reverted on @bad in a scratch worktree @dir (removed after):
 * 0 with the revert's commit, 1 when it does not apply, else -errno.
 */
int bisect_git_revert(const char *tree, const char *dir, const char *bad,
		      const char *culprit, char *sha);

struct bisect;

/* One commit being measured: its image, its record, the ops' own side. */
struct bisect_meas {
	char name[64]; /* its run directory's name */
	char image[PATH_MAX];
	struct bisect_rec *rec;
	void *priv;
};

struct bisect_ops {
	/*
	 * @sha built: 0 with its image and the build's seconds, 1 when it
	 * does not build (@why says), else a verdict.
	 */
	int (*build)(struct bisect *b, const char *sha, char *image,
		     size_t size, double *secs, char *why, size_t wlen);
	/* Its run directory made, its initramfs built: 0 or a verdict. */
	int (*prepare)(struct bisect *b, struct bisect_meas *m);
	/* Run @i of @n; every ok run's value into m->rec: 0 or its status. */
	int (*run)(struct bisect *b, struct bisect_meas *m, unsigned int i,
		   unsigned int n);
	/* compare's table and exit status of @new against @base. */
	int (*compare)(struct bisect *b, struct bisect_meas *base,
		       struct bisect_meas *new);
	void (*release)(struct bisect *b, struct bisect_meas *m);
};

struct bisect {
	const char *tree, *out;
	char good[BISECT_SHA_LEN], bad[BISECT_SHA_LEN];
	int deterministic;
	double floor_pct; /* the test's deterministic noise floor */
	unsigned int runs; /* each end's and each A/B side's runs */
	unsigned int max_runs; /* a step's budget */
	const struct bisect_ops *ops;
	void *ctx; /* the ops' own */
	struct bisect_state st;
	FILE *log;
	char json[PATH_MAX];
	double start; /* util_now() at the start of this process */
	unsigned int measured; /* steps measured by this process */
	double measured_s; /* and their seconds */
};

/* bisect-walk.c: the whole bisection from the log on; the exit code. */
int bisect_walk(struct bisect *b);

/* bisect.c */
int cmd_bisect(int argc, char **argv);

#endif
