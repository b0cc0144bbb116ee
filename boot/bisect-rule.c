// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench bisect's pure parts: which end a commit's runs fall nearer,
 * and the range's arithmetic. No I/O: tests/unit/test_bisect.c drives
 * them on made-up runs.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "boot/bisect.h"
#include "report/stats.h"
#include "shared/util.h"

/* Half the width of a deterministic step's undecided middle. */
#define BISECT_DET_MIDDLE 0.1

/* Wald's bounds at alpha = beta = 1%: ln(0.99 / 0.01). */
#define BISECT_ERR 0.01

static const char *const bisect_decisions[] = {
	[BISECT_MORE] = "more",
	[BISECT_GOOD] = "good",
	[BISECT_BAD] = "bad",
	[BISECT_SKIP] = "skip",
	[BISECT_UNDECIDABLE] = "undecidable",
};

const char *bisect_decision_name(enum bisect_decision d)
{
	return d < ARRAY_SIZE(bisect_decisions) ? bisect_decisions[d] : "?";
}

int bisect_decision_parse(const char *s, enum bisect_decision *d)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bisect_decisions); i++)
		if (!strcmp(s, bisect_decisions[i])) {
			*d = i;
			return 0;
		}
	return -EINVAL;
}

/* The pooled sample standard deviation of two sides, or NAN. */
static double bisect_sd_pooled(const struct stats_summary *a,
			       const struct stats_summary *b)
{
	size_t df = a->n + b->n - 2;

	if (a->n < 2 || b->n < 2)
		return NAN;
	return sqrt(((a->n - 1) * a->sd * a->sd + (b->n - 1) * b->sd * b->sd) /
		    df);
}

/*
 * The spread of one run. Deterministic: half the range of repeated runs,
 * which the test's noise floor is about twice (docs/deterministic.md), so
 * a quarter of the floor, or half the widest range the ends' runs
 * showed, if wider. (Half the floor left a 3% change of a 2% floor,
 * mgtime's pipe1, undecided at either end: ln 99 needs 3.03 sd.) Real time:
 * the ends' pooled sample deviation, never below a millionth of the mean
 * (constant runs would make every difference certain).
 */
static double bisect_sd_get(const struct stats_summary *g,
			    const struct stats_summary *b, int deterministic,
			    double floor_pct)
{
	double scale = fmax(fabs(g->mean), fabs(b->mean));
	double sd;

	if (deterministic) {
		sd = floor_pct / 100 * scale / 4;
		sd = fmax(sd, (g->max - g->min) / 2);
		return fmax(sd, (b->max - b->min) / 2);
	}
	sd = bisect_sd_pooled(g, b);
	return isnan(sd) ? NAN : fmax(sd, scale * 1e-6);
}

int bisect_rule_make(const struct bisect_rec *good,
		     const struct bisect_rec *bad, int deterministic,
		     double floor_pct, struct bisect_rule *r)
{
	struct stats_summary g, b;

	if (!good->n || !bad->n)
		return -ENODATA;
	stats_summary_get(good->v, good->n, &g);
	stats_summary_get(bad->v, bad->n, &b);
	r->good = g.mean;
	r->bad = b.mean;
	r->deterministic = deterministic;
	r->bound = log((1 - BISECT_ERR) / BISECT_ERR);
	r->sd = bisect_sd_get(&g, &b, deterministic, floor_pct);
	if (isnan(r->sd))
		return -EDOM; /* real time needs two runs an end */
	if (!(r->sd > 0) || g.mean == b.mean)
		return -ERANGE;
	return 0;
}

/*
 * The log-likelihood ratio of "the runs are the bad end's" over "the
 * good end's", both normal with the rule's spread: each run adds
 * (bad - good) (x - mid) / sd^2. Deterministic runs repeat each other,
 * so their mean counts once; real-time runs are independent and add up.
 */
enum bisect_decision bisect_rule_decide(const struct bisect_rule *r,
					struct bisect_rec *rec)
{
	double mid = (r->good + r->bad) / 2, sum = 0, mean;
	size_t i;

	rec->llr = rec->position = NAN;
	if (!rec->n)
		return BISECT_MORE;
	for (i = 0; i < rec->n; i++)
		sum += rec->v[i];
	mean = sum / rec->n;
	rec->position = (mean - r->good) / (r->bad - r->good);
	rec->llr = (r->bad - r->good) * (mean - mid) / (r->sd * r->sd);
	if (!r->deterministic)
		rec->llr *= rec->n;
	/*
	 * A deterministic value in the middle fifth of the way is no end's,
	 * however narrow the floor: a benchmark whose value moves with the
	 * kernel's layout (stress-ng tee: 132 to 211 among one side's
	 * neutral commits) put a culprit at 0.46 on the good side.
	 */
	if (r->deterministic && fabs(rec->position - 0.5) < BISECT_DET_MIDDLE)
		return BISECT_MORE;
	if (rec->llr >= r->bound)
		return BISECT_BAD;
	if (rec->llr <= -r->bound)
		return BISECT_GOOD;
	return BISECT_MORE;
}

unsigned int bisect_steps_left(size_t left)
{
	unsigned int steps = 0;

	while (left > 1) {
		left = (left + 1) / 2;
		steps++;
	}
	return steps;
}

static int bisect_sha_listed(const char *sha, char (*list)[BISECT_SHA_LEN],
			     size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(sha, list[i]))
			return 1;
	return 0;
}

int bisect_range_pick(char (*all)[BISECT_SHA_LEN], size_t n, size_t total,
		      const char *bad, char (*skips)[BISECT_SHA_LEN],
		      size_t nskips, size_t *left)
{
	int pick = -ENOENT;
	size_t i;

	/* A skipped commit is in the range when rev-list listed it. */
	*left = total;
	for (i = 0; i < n; i++) {
		if (bisect_sha_listed(all[i], skips, nskips)) {
			--*left;
			continue;
		}
		if (pick < 0 && strcmp(all[i], bad))
			pick = (int)i;
	}
	return pick;
}
