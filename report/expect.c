// SPDX-License-Identifier: GPL-2.0
/*
 * --expect PCT: does our change of the chosen metric agree with the
 * one a report gives (docs/reproduce.md)? One verdict line:
 *
 *   reproduced      our change is significant and goes the report's
 *                   way (its size is said against our 95% interval)
 *   not reproduced  significant the other way, or no significant
 *                   change and the report's lies outside our 95% interval
 *   inconclusive    the test cannot decide with these runs (RUNS=K
 *                   can), or no significant change but the report's is
 *                   inside our interval, or ours leaves 0 out while the
 *                   test is not yet sure: more runs would tell, and how
 *                   many
 *
 * Deterministic timing: the noise floor is the interval, and more runs
 * cannot change a thing.
 */
#include <math.h>
#include <stdio.h>

#include "compare.h"
#include "stats.h"

static const struct cmp_row *expect_row(const struct cmp *c)
{
	size_t k;

	for (k = 0; k < c->nrows; k++)
		if (c->rows[k].chosen)
			return &c->rows[k];
	return NULL;
}

/*
 * A significant change decides alone: reproduced (smaller or larger than
 * reported when the report's change lies @outside our band) or not, it
 * went the other way. Returns 1 with *@verdict set, 0 when not significant.
 */
static int expect_significant_print(const struct cmp_cell *x, double expect,
				    int outside, FILE *out, int *verdict)
{
	if (!x->significant)
		return 0;
	if ((x->change_pct < 0) != (expect < 0)) {
		fprintf(out, "not reproduced: the change goes the other way\n");
		*verdict = CMP_EXPECT_NOT_REPRODUCED;
		return 1;
	}
	fprintf(out, "reproduced");
	if (outside)
		fprintf(out, ", %s than reported",
			fabs(x->change_pct) < fabs(expect) ? "smaller" :
							     "larger");
	fputc('\n', out);
	*verdict = CMP_EXPECT_REPRODUCED;
	return 1;
}

/* The floor around our change is all the uncertainty there is. */
static int expect_det_print(const struct cmp_cell *x, double expect, FILE *out)
{
	double off = fabs(expect - x->change_pct);
	int verdict;

	fprintf(out,
		"ours: %+.2f%% (deterministic timing, noise floor %.2g%%): ",
		x->change_pct, x->floor_pct);
	if (expect_significant_print(x, expect, off > x->floor_pct, out,
				     &verdict))
		return verdict;
	if (off > x->floor_pct) {
		fprintf(out,
			"no change beyond the floor: not reproduced (%+.1f%% is outside ours +-%.2g%%)\n",
			expect, x->floor_pct);
		return CMP_EXPECT_NOT_REPRODUCED;
	}
	fprintf(out,
		"inconclusive: the report's change is within the noise floor; more runs cannot tell\n");
	return CMP_EXPECT_INCONCLUSIVE;
}

/* Significant, or where the interval stands against 0 and the report. */
static int expect_real_judge(const struct cmp *c, const struct cmp_row *r,
			     const struct cmp_cell *x, double expect, FILE *out)
{
	double lo = x->chg_lo, hi = x->chg_hi, level;
	unsigned int need;
	int verdict;

	if (expect_significant_print(x, expect,
				     !isnan(lo) && (expect < lo || expect > hi),
				     out, &verdict))
		return verdict;
	level = c->primary_alpha / c->nholm;
	if (!isnan(lo) && (lo > 0 || hi < 0)) {
		/* Runs that would show the change we measured. */
		need = stats_runs_needed_pooled(&r->base.s, &x->side.s,
						x->side.s.mean - r->base.s.mean,
						level);
		fprintf(out,
			"no significant change yet: inconclusive, our interval leaves 0 out but the test wants more runs (RUNS=%u)\n",
			need > x->decide_runs ? need : x->decide_runs);
		return CMP_EXPECT_INCONCLUSIVE;
	}
	if (!isnan(lo) && (expect < lo || expect > hi)) {
		fprintf(out,
			"no significant change: not reproduced (%+.1f%% is outside our 95%% interval)\n",
			expect);
		return CMP_EXPECT_NOT_REPRODUCED;
	}
	/* Runs per kernel that would show a change of the report's size. */
	need = stats_runs_needed_pooled(&r->base.s, &x->side.s,
					fabs(r->base.s.mean) * expect / 100,
					level);
	if (need < x->decide_runs)
		need = x->decide_runs;
	if (need > r->base.n || need > x->side.n)
		fprintf(out,
			"no significant change: inconclusive, about %u runs per kernel would tell a %.1f%% change from this noise (RUNS=%u)\n",
			need, fabs(expect), need);
	else
		fprintf(out,
			"no significant change: inconclusive, the runs scatter more than the report's change; run again\n");
	return CMP_EXPECT_INCONCLUSIVE;
}

int cmp_expect_print(const struct cmp *c, double expect, FILE *out)
{
	const struct cmp_row *r = expect_row(c);
	const struct cmp_cell *x = r ? &r->cell[0] : NULL;

	fprintf(out, "reproduce: the report: %+.*f%% %s; ",
		fabs(expect) < 1 ? 2 : 1, expect, c->metric);
	if (!x || isnan(x->change_pct)) {
		fprintf(out, "ours: no measurement: inconclusive\n");
		return CMP_EXPECT_INCONCLUSIVE;
	}
	if (x->test == CMP_TEST_DETERMINISTIC)
		return expect_det_print(x, expect, out);
	fprintf(out, "ours: %+.1f%%", x->change_pct);
	if (!isnan(x->chg_lo))
		fprintf(out, " (95%% interval %+.1f%% .. %+.1f%%", x->chg_lo,
			x->chg_hi);
	else
		fprintf(out, " (no interval: %s",
			x->ci_why ? x->ci_why : "no test");
	if (!isnan(x->p))
		fprintf(out, ", p %.2g", x->p);
	fprintf(out, ", %zu+%zu runs): ", r->base.n, x->side.n);
	if (x->undecidable) {
		fprintf(out,
			"inconclusive: undecidable with %zu+%zu runs: RUNS=%u can decide\n",
			r->base.n, x->side.n, x->decide_runs);
		return CMP_EXPECT_INCONCLUSIVE;
	}
	return expect_real_judge(c, r, x, expect, out);
}
