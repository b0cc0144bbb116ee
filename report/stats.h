/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_STATS_H
#define BOOTBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The statistics behind `compare`: descriptive numbers as LKP prints
 * them, and the tests that tell a change from noise. Every function
 * takes the samples as they are (any order) and leaves them untouched.
 */
struct stats_summary {
	size_t n;
	double mean;
	double stddev; /* population, as LKP's stddev.json */
	double sd; /* sample (n - 1), for the tests */
	double min, median, max;
	double skewness; /* adjusted Fisher-Pearson; 0 when undefined */
};

void stats_summary_get(const double *v, size_t n, struct stats_summary *s);
int stats_double_cmp(const void *a, const void *b);

/* Standard normal and Student's t distribution functions. */
double stats_normal_cdf(double z);
double stats_t_cdf(double t, double df);
/* Regularized incomplete beta I_x(a, b). */
double stats_beta_inc(double a, double b, double x);

/*
 * Welch's unequal-variance t-test, two-sided. -EDOM when a side has
 * fewer than 2 samples. Two constant samples give p = 1 when equal and
 * p = 0 when not (no noise can explain a difference).
 */
int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		double *t, double *df, double *p);

/*
 * Yuen's trimmed-mean t-test (Welch's, on 20% trimmed means with
 * winsorized variances), two-sided: an outlier run cannot hide a
 * change the other runs agree on. -EDOM when a side has fewer than 3
 * samples; two sides without winsorized spread give p 1 or 0 as Welch.
 */
#define STATS_TRIM 0.2
int stats_yuen(const double *a, size_t na, const double *b, size_t nb,
	       double *t, double *df, double *p);

/*
 * Mann-Whitney U, two-sided, for b against a. Exact by enumerating
 * every split of the pooled ranks when C(na + nb, na) is at most
 * STATS_MWU_EXACT_MAX (ties are handled since the real ranks are
 * used); otherwise the normal approximation with tie and continuity
 * correction. *exact says which.
 */
#define STATS_MWU_EXACT_MAX 200000
int stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		       double *u, double *p, int *exact);

/* Fisher's exact test on [[fa, na - fa], [fb, nb - fb]], two-sided. */
double stats_fisher(unsigned int fa, unsigned int na, unsigned int fb,
		    unsigned int nb);

/*
 * Percentile bootstrap interval of mean(b) / mean(a) at level @level
 * (0.95), from @rounds resamplings with a fixed seed, so the same
 * samples always give the same interval. -EDOM when a side is empty
 * or a resampled mean of a is 0.
 */
int stats_ratio_interval(const double *a, size_t na, const double *b, size_t nb,
			 double level, unsigned int rounds, double *lo,
			 double *hi);

/*
 * Benjamini-Hochberg: which of @n p-values are discoveries at false
 * discovery rate @q. NaN p-values take no part. Writes 0/1 to @hit.
 */
int stats_fdr_select(const double *p, size_t n, double q, unsigned char *hit);

/*
 * Runs per side a two-sided test at alpha 0.05 with 80% power needs to
 * find a difference of @diff between means when the sample standard
 * deviation is @sd (normal approximation). 0 when @diff is 0.
 */
unsigned int stats_runs_needed(double sd, double diff);
/* The same with the two sides' pooled spread. */
unsigned int stats_runs_needed_pooled(const struct stats_summary *a,
				      const struct stats_summary *b,
				      double diff);

#endif
