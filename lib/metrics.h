/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_METRICS_H
#define BOOTBENCH_METRICS_H

#include <stddef.h>
#include <stdio.h>

/*
 * Every metric a benchmark emits, declared once in its descriptor,
 * benchmarks/<name>.desc (unixbench.desc for the suite harness.c
 * scores), one row each:
 *
 *   METRIC(name, better, unit, LKP's name where it differs, else "")
 *
 * better: HIGHER, LOWER or INFO (a count or a setting: no better way).
 * METRIC_EXACT, the same fields: a count with no noise of its own (C2C=1's
 * census), which compare judges with a noise floor of 0.
 * A '*' in a name stands for one word of the name (no '.'): the aim9
 * test, the stress-ng stressor, fio's read or write. The Makefile
 * includes every descriptor it finds, so a new one needs no other edit;
 * make check fails when a benchmark emits a name no row declares
 * (tests/native.sh).
 */
enum metric_better {
	METRIC_LOWER = -1,
	METRIC_INFO = 0,
	METRIC_HIGHER = 1,
};

struct metric_desc {
	const char *name;
	enum metric_better better;
	const char *unit;
	const char *lkp; /* LKP's name, "" when it is ours */
	int exact; /* METRIC_EXACT: compare's noise floor is 0 */
};

/*
 * The row declaring @name, also when a job of several tests prefixed
 * it with the test's name ("execl.unixbench.throughput"), or NULL.
 */
const struct metric_desc *metric_find(const char *name);
/* The row of a metric LKP calls @name (a mail's), by either name. */
const struct metric_desc *metric_lkp_find(const char *name);
/* Whether @name is an instance of the row's (perhaps '*') name. */
int metric_matches(const struct metric_desc *m, const char *name);
const struct metric_desc *metric_at(size_t i);
size_t metric_count(void);
/* "higher", "lower", "info". */
const char *metric_better_name(enum metric_better b);
/* bootbench metrics: every row, "name better unit [lkp-name]". */
void metrics_print(FILE *f);
/*
 * bootbench metrics --check: each line of @in a metric name ("metric
 * NAME VALUE" lines too, as benchmarks print them); every name no row
 * declares, and every row with no direction, said on @err. 0 or -ENOENT.
 */
int metrics_check(FILE *in, FILE *err);

#endif
