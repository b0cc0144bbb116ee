// SPDX-License-Identifier: GPL-2.0
/*
 * The verdicts of `compare` on simulated runs (fixed seed, no boot):
 * normal samples with a coefficient of variation of 5%, a true ratio
 * new/base of 0.9 or 1.0. Fieller's 95% interval must cover the true
 * ratio in 93-97% of 10000 comparisons at 3, 5 and 10 runs a side (its
 * true coverage at 3 runs is 96.5%, Welch's df being cautious: 2000
 * would put 97% only 1.2 standard errors away); the
 * headline's decision, taken by the same code as bootbench-compare's
 * (cmp_rows_build), must flag at most 1.3% of 2000 comparisons of a
 * kernel with itself at 5 runs a side (its level is 1%). The power for
 * a 10% drop at 5 runs a side is printed.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report/compare.h"
#include "check.h"
#include "sim.h"
#include "shared/util.h"

#define SIMS 2000
#define COVER_SIMS 10000
#define CV 0.05
#define MAXN 10

static void sim_side(double *v, size_t n, double mean)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = sim_normal(mean, CV * mean);
}

/* Share of comparisons whose 95% interval holds @ratio. */
static double sim_coverage(size_t n, double ratio)
{
	double a[MAXN], b[MAXN], lo, hi;
	struct stats_summary sa, sb;
	unsigned int hits = 0, i;

	for (i = 0; i < COVER_SIMS; i++) {
		sim_side(a, n, 100);
		sim_side(b, n, 100 * ratio);
		stats_summary_get(a, n, &sa);
		stats_summary_get(b, n, &sb);
		if (!stats_ratio_fieller(&sa, &sb, 0.95, &lo, &hi) &&
		    lo <= ratio && ratio <= hi)
			hits++;
	}
	return (double)hits / COVER_SIMS;
}

/*
 * One comparison as bootbench-compare makes it: 1 when the headline's
 * test calls the change significant (either way), and in *regressed
 * whether the exit status would say so.
 */
static int sim_compare(size_t n, double ratio, int *undecidable, int *regressed)
{
	double a[MAXN], b[MAXN];
	struct result_metric ma = { "unixbench.throughput", a, n },
			     mb = { "unixbench.throughput", b, n };
	struct result base = { .test = "syscall", .m = &ma, .nm = 1 },
		      new = { .test = "syscall", .m = &mb, .nm = 1 };
	struct cmp c = { .base = base,
			 .new = &new,
			 .nnew = 1,
			 .metric = "unixbench.throughput",
			 .metric_higher = 1,
			 .alpha = 0.05,
			 .primary_alpha = 0.01,
			 .threshold = 1 };
	int significant;

	sim_side(a, n, 100);
	sim_side(b, n, 100 * ratio);
	if (cmp_rows_build(&c))
		return -1;
	significant = cmp_chosen_row(&c)->cell[0].significant;
	*regressed = cmp_regressed(&c, 0);
	*undecidable = cmp_undecidable(&c, 0);
	cmp_rows_free(&c);
	return significant;
}

/* Share of @SIMS comparisons flagged significant; *reg: regressed. */
static double sim_flag_rate(size_t n, double ratio, int *undecidable,
			    double *reg)
{
	unsigned int flagged = 0, regressed = 0, i;

	*undecidable = 0;
	for (i = 0; i < SIMS; i++) {
		int u, r, s = sim_compare(n, ratio, &u, &r);

		if (s < 0)
			return NAN;
		flagged += s;
		regressed += r;
		*undecidable |= u;
	}
	*reg = (double)regressed / SIMS;
	return (double)flagged / SIMS;
}

int main(void)
{
	static const size_t runs[] = { 2, 3, 5, 10 };
	static const double ratios[] = { 0.9, 1.0 };
	char name[160];
	double cov, rate, power, reg;
	size_t i, k;
	int und;

	printf("# coverage of the 95%% interval (Fieller, Welch df), %d comparisons, CV 5%%\n",
	       COVER_SIMS);
	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		for (k = 0; k < 2; k++) {
			cov = sim_coverage(runs[i], ratios[k]);
			snprintf(
				name, sizeof(name),
				"verdict: %zu runs a side, ratio %.1f: the 95%% interval covers in %.1f%%%s",
				runs[i], ratios[k], 100 * cov,
				runs[i] < 3 ? " (printed)" : " (93-97%)");
			if (runs[i] < 3)
				printf("# %s\n", name);
			else
				CHECK(name, cov >= 0.93 && cov <= 0.97);
		}
	}
	rate = sim_flag_rate(5, 1.0, &und, &reg);
	snprintf(
		name, sizeof(name),
		"verdict: A/A at 5 runs a side: significant either way in %.2f%% of %d comparisons, at most 1.3%% (exit 1 in %.2f%%)",
		100 * rate, SIMS, 100 * reg);
	CHECK(name, rate <= 0.013 && !und);
	power = sim_flag_rate(5, 0.9, &und, &reg);
	printf("# power for -10%% at CV 5%%, 5 runs a side: significant in %.1f%%, exit 1 in %.1f%%\n",
	       100 * power, 100 * reg);
	CHECK("verdict: 5 runs a side can decide at 1% (never undecidable)",
	      !und && power > 0);
	sim_flag_rate(3, 0.9, &und, &reg);
	CHECK("verdict: 3 runs a side cannot decide at 1%: undecidable", und);
	return CHECK_DONE();
}
