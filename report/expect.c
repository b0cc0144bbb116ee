// SPDX-License-Identifier: GPL-2.0
/*
 * --expect PCT: does our change of the chosen metric agree with the
 * one a report gives (docs/reproduce.md)? One verdict line:
 *
 *   reproduced      our change is significant and goes the report's
 *                   way (its size is said against our 95% interval)
 *   not reproduced  significant the other way, or no significant
 *                   change and the report's lies outside our 95% interval
 *   inconclusive    no significant change, but the report's is inside
 *                   our interval, or ours leaves 0 out while the test
 *                   is not yet sure: more runs would tell, and how many
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

int cmp_expect_print(const struct cmp *c, double expect, FILE *out)
{
	const struct cmp_row *r = expect_row(c);
	const struct cmp_cell *x = r ? &r->cell[0] : NULL;
	double lo, hi;
	unsigned int need;
	int same_way;

	fprintf(out, "reproduce: the report: %+.1f%% %s; ", expect, c->metric);
	if (!x || isnan(x->change_pct)) {
		fprintf(out, "ours: no measurement: inconclusive\n");
		return CMP_EXPECT_INCONCLUSIVE;
	}
	lo = (x->ci_lo - 1) * 100;
	hi = (x->ci_hi - 1) * 100;
	fprintf(out, "ours: %+.1f%%", x->change_pct);
	if (!isnan(lo))
		fprintf(out, " (95%% interval %+.1f%% .. %+.1f%%", lo, hi);
	else
		fprintf(out, " (no interval");
	if (!isnan(x->p))
		fprintf(out, ", p %.2g", x->p);
	fprintf(out, ", %zu+%zu runs): ", r->base.n, x->side.n);
	same_way = (x->change_pct < 0) == (expect < 0);
	if (x->significant && same_way) {
		fprintf(out, "reproduced");
		if (!isnan(lo) && (expect < lo || expect > hi))
			fprintf(out, ", %s than reported",
				fabs(x->change_pct) < fabs(expect) ? "smaller" :
								     "larger");
		fputc('\n', out);
		return CMP_EXPECT_REPRODUCED;
	}
	if (x->significant) {
		fprintf(out, "not reproduced: the change goes the other way\n");
		return CMP_EXPECT_NOT_REPRODUCED;
	}
	if (!isnan(lo) && (lo > 0 || hi < 0)) {
		/* The interval leaves 0 out, the test is not yet sure. */
		need = x->runs_needed; /* for the change we measured */
		fprintf(out,
			"no significant change yet: inconclusive, our interval leaves 0 out but the test wants more runs (RUNS=%u)\n",
			need > r->base.n ? need : (unsigned int)r->base.n + 2);
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
					r->base.s.mean * expect / 100);
	if (need > r->base.n || need > x->side.n)
		fprintf(out,
			"no significant change: inconclusive, about %u runs per kernel would tell a %.1f%% change from this noise (RUNS=%u)\n",
			need, fabs(expect), need);
	else
		fprintf(out,
			"no significant change: inconclusive, the runs scatter more than the report's change; run again\n");
	return CMP_EXPECT_INCONCLUSIVE;
}
