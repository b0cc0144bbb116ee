/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_RULES_H
#define BOOTBENCH_RULES_H

#include <stddef.h>

/*
 * What LKP's compare would show, and which way is better. The rules
 * are LKP's (lib/stats.rb, lib/changed_stat.rb), restated in
 * docs/compare.md.
 */
enum rules_kind {
	RULES_PERF, /* a number to compare */
	RULES_FAILURE, /* dmesg.*: count of runs in which it happened */
};

enum rules_direction {
	RULES_NONE = 0, /* no better way: a change is just a change */
	RULES_HIGHER = 1,
	RULES_LOWER = -1,
};

enum rules_kind rules_kind_get(const char *name);

/*
 * @headline is the metric the run named as its result, with the
 * direction it recorded (job.json); the others' come from their
 * descriptors (benchmarks/<name>.desc), the monitors' failures are
 * lower-is-better and their other counters have none.
 */
enum rules_direction rules_direction_get(const char *name, const char *headline,
					 int headline_higher);

/*
 * Which way is better for a metric a mail names (LKP's name): its
 * descriptor's, else guessed from the words of its name.
 */
enum rules_direction rules_name_direction(const char *name);

/* The benchmarks' own numbers: LKP's 1.01 rather than 1.05. */
int rules_is_benchmark_metric(const char *name);

struct rules_verdict {
	int changed;
	double ratio; /* median of the higher side over the lower, max 5 */
	const char *why; /* when not changed: which rule said no */
};

/*
 * LKP's rule for @name between base @a and new @b. LKP wants 3 runs on
 * one side (@min_runs); deterministic timing makes one run enough.
 */
void rules_change_check(const char *name, const double *a, size_t na,
			const double *b, size_t nb, size_t min_runs,
			struct rules_verdict *v);

#endif
