/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_SEQ_H
#define BOOTBENCH_SEQ_H

#include <stddef.h>

/*
 * RUNS=auto: a run count that stops when the answer is known, with a
 * false-positive rate that holds under that optional stopping.
 *
 * The design is group-sequential with an alpha-spending rule: a look
 * after every run pair from SEQ_FIRST_LOOK to max runs a side, look k
 * testing at its own level alpha_k = alpha * (t_k^2 - t_(k-1)^2), t_k
 * the share of the looks done. The levels sum to alpha, so by the union
 * bound the chance that any look of an A/A rejects is at most alpha,
 * whatever the correlation of the looks (the bound is loose: the looks
 * share most of their runs). Each look's test is Welch's t on the runs
 * so far, on their logs when all are positive (noise scales a run, it
 * does not add to it: seq.c); a look rejects when its p is at most its
 * level. t^2 spends little early: a small change needs the later
 * looks, a big one stops in the first few.
 *
 * Stopping for futility (the change is bounded inside +-threshold)
 * cannot add false positives, so it is allowed at any look.
 */
#define SEQ_FIRST_LOOK 3
#define SEQ_MAX_RUNS_DEFAULT 12
/* The most runs a side a look takes (seq_look_take's -E2BIG). */
#define SEQ_RUNS_MAX 1000

struct seq_plan {
	double alpha; /* the whole procedure's false-positive rate */
	unsigned int max_runs; /* a side's budget */
	double threshold_pct; /* futility: a change inside +- this is none */
};

enum seq_state {
	SEQ_CONTINUE,
	SEQ_CHANGED, /* a look rejected: the sides differ */
	SEQ_SAME, /* the 95% interval lies inside +-threshold */
	SEQ_SPENT, /* the budget is spent, no look rejected */
};

struct seq_look {
	enum seq_state state;
	size_t n; /* runs a side at this look */
	double change_pct; /* mean(b) / mean(a) - 1, in % */
	double lo_pct, hi_pct; /* its 95% interval (Welch), NAN when none */
	double p; /* Welch's two-sided p, NAN before the first look */
	double level; /* this look's share of alpha; 0 before the first */
};

/* The alpha look @n (runs a side) may spend: 0 when it is no look. */
double seq_level(const struct seq_plan *p, size_t n);
/*
 * The look after @n runs a side of @a (base) and @b (new): its numbers
 * and whether to go on. 0, or -EDOM with fewer than 2 runs a side,
 * -E2BIG past SEQ_RUNS_MAX.
 */
int seq_look_take(const struct seq_plan *p, const double *a, const double *b,
		  size_t n, struct seq_look *out);
/* One line of the look's state: "after 6+6: -3.1% [-5.0, -1.2], ...". */
void seq_look_describe(const struct seq_look *l, char *buf, size_t size);

#endif
