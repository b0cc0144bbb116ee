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
 * Fieller's interval of mean(b) / mean(a) at @level (0.95), with the
 * Welch-Satterthwaite degrees of freedom. -EDOM below 2 runs a side,
 * -ENODATA when a side has no spread (the interval would be a point),
 * -ERANGE when the base mean is not clear of 0 (it is unbounded).
 * Right for either sign of the means.
 */
int stats_ratio_fieller(const struct stats_summary *a,
			const struct stats_summary *b, double level, double *lo,
			double *hi);

/*
 * Permutation test of mean(b) - mean(a), two-sided: the share of the
 * splits of the pooled runs into sides of these sizes whose difference
 * of means is at least as large. Every split when there are at most
 * STATS_PERM_EXACT_MAX (*exact = 1), else STATS_PERM_ROUNDS random ones
 * from a fixed seed, the observed split counted in.
 */
#define STATS_PERM_EXACT_MAX 20000
#define STATS_PERM_ROUNDS 20000
int stats_perm_test(const double *a, size_t na, const double *b, size_t nb,
		    double *p, int *exact);
/* The smallest p stats_perm_test can give with these run counts. */
double stats_perm_p_min(size_t na, size_t nb);

/*
 * Benjamini-Hochberg: which of @n p-values are discoveries at false
 * discovery rate @q. NaN p-values take no part. Writes 0/1 to @hit.
 */
int stats_fdr_select(const double *p, size_t n, double q, unsigned char *hit);

/* Quantiles: the normal's and Student's t's. */
double stats_normal_quantile(double q);
double stats_t_quantile(double q, double df);

/*
 * Runs per side a two-sided test at level @alpha needs to find a
 * difference of @diff between means with power STATS_POWER when the
 * sample standard deviation is @sd, with Student's t in place of the
 * normal (iterated on df = 2n - 2); at least 3. 0 when @diff is 0.
 */
#define STATS_POWER 0.8
unsigned int stats_runs_needed(double sd, double diff, double alpha);
/* The same with the two sides' pooled spread. */
unsigned int stats_runs_needed_pooled(const struct stats_summary *a,
				      const struct stats_summary *b,
				      double diff, double alpha);

#endif
