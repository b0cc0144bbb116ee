/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_COMPARE_H
#define BOOTBENCH_COMPARE_H

#include <stdio.h>

#include "result.h"
#include "rules.h"
#include "stats.h"

/*
 * bootbench-compare's command line, as its main() takes it (argv[0]
 * its name): the exit status. bootbench ab calls it in its process.
 */
int cmp_main(int argc, char **argv);

/* One kernel's samples of one metric. */
struct cmp_side {
	const double *v; /* NULL when the kernel lacks the metric */
	size_t n;
	struct stats_summary s;
	unsigned int fails; /* runs with a failure metric above 0 */
};

enum cmp_test {
	CMP_TEST_NONE,
	CMP_TEST_WELCH,
	CMP_TEST_MWU,
	CMP_TEST_FISHER,
	CMP_TEST_YUEN,
	CMP_TEST_DETERMINISTIC, /* no test: beyond the noise floor or not */
	CMP_TEST_PERM, /* the chosen metric's: permutation test of the means */
};

/* One new kernel against the base, for one metric. */
struct cmp_cell {
	struct cmp_side side;
	double change_pct; /* NAN when the base mean is 0 */
	struct rules_verdict lkp;
	double p_welch, p_mwu, p; /* NAN when not computed */
	enum cmp_test test; /* which one gave p */
	double ci_lo, ci_hi; /* 95% interval of new/base; NAN if none */
	double chg_lo, chg_hi; /* the same as a %change (sign-correct) */
	const char *ci_why; /* when there is no interval: why */
	int significant; /* p survives the false discovery rate / Holm */
	/*
	 * The chosen metric: the smallest p the test can give with these
	 * run counts; above the level the test cannot decide, and
	 * decide_runs runs a side can.
	 */
	double p_min;
	int undecidable;
	unsigned int decide_runs;
	/*
	 * Per kernel, at this spread, to tell the change from noise: the
	 * threshold's for the chosen metric (at least decide_runs), the
	 * observed one for the others.
	 */
	unsigned int runs_needed;
	double floor_pct; /* deterministic: the change that counts */
};

struct cmp_row {
	const char *name;
	enum rules_kind kind;
	enum rules_direction dir;
	/*
	 * A benchmark's metric no descriptor declares (a run older than
	 * a rename): its direction is unknown, not "info".
	 */
	int undeclared;
	int chosen; /* the metric the exit status is about */
	struct cmp_side base;
	struct cmp_cell *cell; /* one per new kernel */
	int shown;
};

enum cmp_show {
	CMP_SHOW_CHANGED, /* LKP's rules and the significance test agree */
	CMP_SHOW_LKP, /* LKP's rules alone */
	CMP_SHOW_ALL,
};

struct cmp {
	struct result base;
	struct result *new;
	size_t nnew;
	struct cmp_row *rows;
	size_t nrows;
	char *metric; /* the chosen metric */
	int metric_higher;
	double alpha; /* false discovery rate over the other metrics */
	double primary_alpha; /* level of the chosen metric's own test */
	size_t nholm; /* new kernels tested on it: Holm over them */
	double threshold; /* percent */
	/*
	 * TIMING=deterministic on both sides: one run is a measurement, and
	 * a change beyond noise_floor percent (or the spread the runs of
	 * one kernel show, if larger) is real.
	 */
	int deterministic;
	double noise_floor;
	enum cmp_show show;
	size_t hidden; /* LKP-changed rows the test did not back */
};

/*
 * Deterministic mode's defaults: docs/deterministic.md. The floor is
 * the test's own (its BENCH row (benchmarks/<name>.desc)), this one for a job of no
 * known test.
 */
#define CMP_DET_THRESHOLD 0.2
#define CMP_DET_NOISE_FLOOR 0.5

/* Builds every row and decides what is shown. 0 or -errno. */
int cmp_rows_build(struct cmp *c);
void cmp_rows_free(struct cmp *c);

/*
 * Which way is better, from the descriptors (the run's record for the
 * headline): "higher", "lower", "info" or "unknown" (undeclared).
 */
const char *cmp_row_better_name(const struct cmp_row *r);
/* 1 the change is for the better, -1 the worse, 0 the metric has no direction. */
int cmp_cell_better(const struct cmp_row *r, const struct cmp_cell *x);
/* The population stddev as a percentage of the mean; NAN without one. */
double cmp_side_stddev_pct(const struct cmp_side *s);
/* "regression", "improvement", "change" or NULL. */
const char *cmp_cell_verdict(const struct cmp_row *r, const struct cmp_cell *x);
/* 1 when new kernel @i regressed on the chosen metric beyond the threshold. */
int cmp_regressed(const struct cmp *c, size_t i);
/* 1 when the chosen metric's test of new kernel @i could not decide. */
int cmp_undecidable(const struct cmp *c, size_t i);

/* bootbench-compare's exit status without --expect (docs/compare.md). */
enum {
	CMP_EXIT_NO_REGRESSION = 0,
	CMP_EXIT_REGRESSION = 1,
	CMP_EXIT_BAD_INPUT = 2,
	CMP_EXIT_UNDECIDABLE = 3,
};
const struct cmp_row *cmp_chosen_row(const struct cmp *c);

/* A number in at most 9 columns, as the table and plots print it. */
const char *cmp_num_format(char *buf, size_t len, double v);
/* "new", "new2", ... for new kernel @i. */
void cmp_new_label(char *buf, size_t len, size_t i);

void cmp_table_print(const struct cmp *c, FILE *f);
void cmp_summary_print(const struct cmp *c, FILE *f);
void cmp_plot_print(const struct cmp *c, const struct cmp_row *r, FILE *f);
int cmp_svg_write(const struct cmp *c, const struct cmp_row *r,
		  const char *path);
int cmp_json_write(const struct cmp *c, FILE *f);
/* Named values summed over a side's runs (report/sums.c). */
struct cmp_sum {
	char *name;
	double v;
};

struct cmp_sums {
	struct cmp_sum *e;
	size_t n, cap;
};

int cmp_sums_add(struct cmp_sums *s, const char *name, double v);
/* The name's sum, 0 when it has none. */
double cmp_sums_get(const struct cmp_sums *s, const char *name);
void cmp_sums_free(struct cmp_sums *s);
/* @fn on <dir>/<run>/<file> for each of a kernel directory's runs. */
void cmp_runs_each(const char *dir, const char *file,
		   int (*fn)(void *ctx, const char *path), void *ctx);

/* PROFILE=1 runs on both sides: the functions that changed most (report/profile.c). */
int cmp_profile_print(const struct cmp *c, FILE *f);
/* C2C=1 runs on both sides: the shared lines that appear or disappear (report/c2c.c). */
int cmp_c2c_print(const struct cmp *c, FILE *f);

/*
 * --expect PCT: the verdict line of a reproduction (report/expect.c);
 * the value is bootbench-compare's exit status.
 */
enum {
	CMP_EXPECT_REPRODUCED = 0,
	CMP_EXPECT_NOT_REPRODUCED = 1,
	CMP_EXPECT_INCONCLUSIVE = 3,
};
int cmp_expect_print(const struct cmp *c, double expect, FILE *out);

#endif
