// SPDX-License-Identifier: GPL-2.0
/*
 * The statistics of `compare` against published answers: textbook
 * tables and worked examples, not values computed by this code.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "report/stats.h"
#include "check.h"
#include "shared/util.h"

#define NEAR(x, want, tol) (fabs((x) - (want)) <= (tol))

/*
 * One end of Fieller's interval of 6..10 over 1..5: there the ratio's
 * t statistic is the 97.5% quantile at Welch's df for rho = 8/3.
 */
static int fieller_end_ok(double rho, int sign)
{
	double r = 8.0 / 3, v = 0.5 + 0.5 * r * r;
	double df = v * v / (0.25 / 4 * (1 + r * r * r * r));
	double t = (8 - 3 * rho) / sqrt(0.5 + 0.5 * rho * rho);

	return NEAR(t, -sign * stats_t_quantile(0.975, df), 1e-6);
}

int main(void)
{
	/* Wikipedia, "Welch's t-test", example 1. */
	static const double a1[] = { 27.5, 21.0, 19.0, 23.6, 17.0,
				     17.9, 16.9, 20.1, 21.9, 22.6,
				     23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double a2[] = { 27.1, 22.0, 20.8, 23.4, 23.4,
				     23.5, 25.8, 22.0, 24.8, 20.2,
				     21.9, 22.1, 22.9, 20.5, 24.4 };
	static const double lo5[] = { 1, 2, 3, 4, 5 };
	static const double hi5[] = { 6, 7, 8, 9, 10 };
	static const double neg_lo5[] = { -1, -2, -3, -4, -5 };
	static const double neg_hi5[] = { -6, -7, -8, -9, -10 };
	static const double same[] = { 3, 3, 3 };
	static const double other[] = { 4, 4, 4 };
	static const double tie_a[] = { 1, 2, 2, 3 };
	static const double tie_b[] = { 2, 3, 4, 4 };
	static const double big_a[] = { 1,  3,	5,  7,	9,  11, 13,
					15, 17, 19, 21, 23, 25, 27 };
	static const double big_b[] = { 2,  4,	6,  8,	10, 12, 14,
					16, 18, 20, 22, 24, 26, 28 };
	static const double sk[] = { 1, 1, 1, 1, 10 };
	static const double outl_a[] = { 250, 260, 255, 100, 258 };
	static const double outl_b[] = { 15, 16, 15.5, 14.8, 15.2 };
	static const double bh_p[] = { 0.01, 0.04, 0.03, 0.005, 0.5, NAN };
	struct stats_summary s, s2;
	double t, df, p, u, lo, hi;
	unsigned char hit[ARRAY_SIZE(bh_p)];
	int exact;

	CHECK("stats: regularized beta I_0.3(1, 1) = 0.3",
	      NEAR(stats_beta_inc(1, 1, 0.3), 0.3, 1e-12));
	CHECK("stats: regularized beta I_0.5(4, 4) = 0.5 by symmetry",
	      NEAR(stats_beta_inc(4, 4, 0.5), 0.5, 1e-12));
	/* t tables: two-sided 5% critical values. */
	CHECK("stats: t table, df 4, t 2.776 is the 97.5th percentile",
	      NEAR(stats_t_cdf(2.776, 4), 0.975, 5e-5));
	CHECK("stats: t table, df 10, t -2.228 is the 2.5th percentile",
	      NEAR(stats_t_cdf(-2.228, 10), 0.025, 5e-5));
	CHECK("stats: t table, df 1 (Cauchy), t 1 is the 75th percentile",
	      NEAR(stats_t_cdf(1, 1), 0.75, 1e-9));
	CHECK("stats: normal, z 1.96 is the 97.5th percentile",
	      NEAR(stats_normal_cdf(1.959964), 0.975, 1e-6));

	stats_summary_get(lo5, ARRAY_SIZE(lo5), &s);
	CHECK("stats: mean, median, population and sample stddev of 1..5",
	      s.mean == 3 && s.median == 3 && NEAR(s.stddev, sqrt(2), 1e-12) &&
		      NEAR(s.sd, sqrt(2.5), 1e-12) && s.min == 1 && s.max == 5);
	stats_summary_get(sk, ARRAY_SIZE(sk), &s);
	CHECK("stats: one high outlier gives a right skew above 1",
	      s.skewness > 1 && s.median == 1);

	/* scipy's ttest_ind(equal_var=False) agrees: 2.4554 (as a - b), 0.021378. */
	CHECK("stats: Welch example: t -2.46, df 24.99, p 0.0214",
	      !stats_welch(a1, ARRAY_SIZE(a1), a2, ARRAY_SIZE(a2), &t, &df,
			   &p) &&
		      NEAR(t, 2.4554, 5e-5) && NEAR(df, 24.99, 0.01) &&
		      NEAR(p, 0.021378, 5e-6));
	CHECK("stats: Welch refuses a side of one sample",
	      stats_welch(a1, 1, a2, ARRAY_SIZE(a2), &t, &df, &p) < 0);
	CHECK("stats: Welch on two equal constants: p = 1",
	      !stats_welch(same, 3, same, 3, &t, &df, &p) && p == 1);
	CHECK("stats: Welch on two different constants: p = 0",
	      !stats_welch(same, 3, other, 3, &t, &df, &p) && p == 0);

	/*
	 * Yuen's test, checked against scipy's ttest_ind(equal_var=False,
	 * trim=0.2): the Welch example gives t 2.5861 (as a - b), p 0.021328;
	 * five runs with one outlier against five steady ones, t 72.61,
	 * p 0.000179, where the rank test can say no better than 2/252.
	 */
	CHECK("stats: Yuen on the Welch example: t 2.5861, p 0.021328",
	      !stats_yuen(a1, ARRAY_SIZE(a1), a2, ARRAY_SIZE(a2), &t, &df,
			  &p) &&
		      NEAR(t, 2.5861, 5e-5) && NEAR(p, 0.021328, 5e-6));
	CHECK("stats: Yuen sees through an outlier: t 72.61, p 0.000179",
	      !stats_yuen(outl_a, 5, outl_b, 5, &t, &df, &p) &&
		      NEAR(-t, 72.6148, 5e-4) && NEAR(p, 0.00017919, 5e-9));
	CHECK("stats: Yuen refuses fewer than 3 samples",
	      stats_yuen(outl_a, 2, outl_b, 5, &t, &df, &p) < 0);

	/* Exact U: complete separation of 5 and 5 is 2 of C(10,5) = 252. */
	CHECK("stats: Mann-Whitney 5 vs 5 separated: U 25, exact p 2/252",
	      !stats_mann_whitney(lo5, 5, hi5, 5, &u, &p, &exact) && exact &&
		      u == 25 && NEAR(p, 2.0 / 252, 1e-12));
	CHECK("stats: Mann-Whitney 3 vs 3 separated: exact p 0.1",
	      !stats_mann_whitney(lo5, 3, hi5, 3, &u, &p, &exact) &&
		      NEAR(p, 0.1, 1e-12));
	CHECK("stats: Mann-Whitney of a sample with itself: p 1",
	      !stats_mann_whitney(lo5, 5, lo5, 5, &u, &p, &exact) && p == 1 &&
		      u == 12.5);
	/*
	 * Ties: midranks 1, 3, 3, 3, 5.5, 5.5, 7.5, 7.5; b's rank sum
	 * 23.5, U = 13.5; 14 of the 70 splits lie as far from the mean
	 * (the permutation test of scipy gives the same 0.2).
	 */
	CHECK("stats: Mann-Whitney with ties: U 13.5 (midranks), exact p 0.2",
	      !stats_mann_whitney(tie_a, 4, tie_b, 4, &u, &p, &exact) &&
		      u == 13.5 && exact && NEAR(p, 0.2, 1e-12));
	/*
	 * 14 vs 14 interleaved: C(28,14) is past the exact limit. U = 105
	 * against mean 98 and sd sqrt(14 * 14 * 29 / 12) = 21.76:
	 * z = (7 - 0.5) / 21.76 = 0.2987, p = 0.765.
	 */
	CHECK("stats: Mann-Whitney 14 vs 14: normal approximation, p 0.765",
	      !stats_mann_whitney(big_a, 14, big_b, 14, &u, &p, &exact) &&
		      !exact && u == 105 && NEAR(p, 0.765, 0.001));

	/* Fisher's tea-tasting lady: [[3, 1], [1, 3]], two-sided 0.486. */
	CHECK("stats: Fisher exact, tea tasting: p 0.4857",
	      NEAR(stats_fisher(3, 4, 1, 4), 34.0 / 70, 1e-9));
	CHECK("stats: Fisher exact, 5:5 against 0:5: p 2/252",
	      NEAR(stats_fisher(5, 5, 0, 5), 2.0 / 252, 1e-9));
	CHECK("stats: Fisher exact, no failures anywhere: p 1",
	      NEAR(stats_fisher(0, 5, 0, 5), 1, 1e-12));

	/*
	 * Fieller for 6..10 over 1..5: means 8 and 3, variances of the
	 * means 0.5 each, Welch df 2.5^2 / (0.5^2/4 * (1 + (8/3)^4)) at
	 * rho 8/3. At either end the ratio's t statistic, (8 - 3 rho) /
	 * sqrt(0.5 + 0.5 rho^2), is the quantile itself.
	 */
	stats_summary_get(lo5, 5, &s);
	stats_summary_get(hi5, 5, &s2);
	CHECK("stats: Fieller's interval of a ratio holds 8/3, its ends on the t quantile",
	      !stats_ratio_fieller(&s, &s2, 0.95, &lo, &hi) && lo < 8.0 / 3 &&
		      hi > 8.0 / 3 && fieller_end_ok(lo, -1) &&
		      fieller_end_ok(hi, 1));
	stats_summary_get(neg_lo5, 5, &s);
	stats_summary_get(neg_hi5, 5, &s2);
	CHECK("stats: Fieller's interval of two negative means is the positive one's",
	      !stats_ratio_fieller(&s, &s2, 0.95, &t, &df) &&
		      NEAR(t, lo, 1e-9) && NEAR(df, hi, 1e-9));
	stats_summary_get(same, 3, &s);
	CHECK("stats: no Fieller interval against a side without spread",
	      stats_ratio_fieller(&s, &s2, 0.95, &t, &df) == -ENODATA);
	stats_summary_get(lo5, 1, &s);
	CHECK("stats: no Fieller interval from one run",
	      stats_ratio_fieller(&s, &s2, 0.95, &t, &df) == -EDOM);
	/* Student's t: 12.706 at 1 df, 2.228 at 10 (any table). */
	CHECK("stats: t quantiles 12.706 (1 df) and 2.228 (10 df)",
	      NEAR(stats_t_quantile(0.975, 1), 12.706, 0.001) &&
		      NEAR(stats_t_quantile(0.975, 10), 2.228, 0.001));

	/* 1..5 against 6..10: only the split and its mirror, 2 of 252. */
	CHECK("stats: permutation test, separated sides of 5: exact p 2/252",
	      !stats_perm_test(lo5, 5, hi5, 5, &p, &exact) && exact &&
		      NEAR(p, 2.0 / 252, 1e-12) &&
		      NEAR(stats_perm_p_min(5, 5), 2.0 / 252, 1e-12));
	CHECK("stats: permutation test, smallest p 0.1 at 3+3, 1/3 at 2+2",
	      NEAR(stats_perm_p_min(3, 3), 0.1, 1e-12) &&
		      NEAR(stats_perm_p_min(2, 2), 1.0 / 3, 1e-12));
	/*
	 * 14 vs 14 interleaved: past the exact limit; the means differ by
	 * 1 against a sd of 8.4, about 0.69 by Welch's t.
	 */
	CHECK("stats: permutation test 14 vs 14: Monte Carlo, p near Welch's 0.75",
	      !stats_perm_test(big_a, 14, big_b, 14, &p, &exact) && !exact &&
		      NEAR(p, 0.75, 0.03));

	/*
	 * Benjamini-Hochberg at q 0.05 over 5 p-values: sorted 0.005,
	 * 0.01, 0.03, 0.04, 0.5 against 0.01, 0.02, 0.03, 0.04, 0.05:
	 * the first four are discoveries, NaN takes no part.
	 */
	CHECK("stats: Benjamini-Hochberg keeps the four p-values under the line",
	      !stats_fdr_select(bh_p, ARRAY_SIZE(bh_p), 0.05, hit) && hit[0] &&
		      hit[1] && hit[2] && hit[3] && !hit[4] && !hit[5]);
	/*
	 * Two-sided t-test at 5%, power 80% (Cohen's tables, G*Power):
	 * 17 runs a side for a one-sd difference, 64 for half a sd.
	 */
	CHECK("stats: runs needed for a one-sd difference at 5%: 17",
	      stats_runs_needed(1, 1, 0.05) == 17);
	CHECK("stats: runs needed for a half-sd difference at 5%: 64",
	      stats_runs_needed(2, 1, 0.05) == 64);
	CHECK("stats: runs needed never below 3",
	      stats_runs_needed(0.01, 1, 0.01) == 3);
	return CHECK_DONE();
}
