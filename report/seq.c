// SPDX-License-Identifier: GPL-2.0
/*
 * RUNS=auto's looks (seq.h): the alpha-spending rule, each look's test
 * and interval, and the words for them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "seq.h"
#include "stats.h"

double seq_level(const struct seq_plan *p, size_t n)
{
	double k, t, t0;

	if (n < SEQ_FIRST_LOOK || n > p->max_runs ||
	    p->max_runs < SEQ_FIRST_LOOK)
		return 0;
	k = p->max_runs - SEQ_FIRST_LOOK + 1;
	t = (n - SEQ_FIRST_LOOK + 1) / k;
	t0 = (n - SEQ_FIRST_LOOK) / k;
	return p->alpha * (t * t - t0 * t0);
}

/*
 * Run times and rates are noisy by a factor, not by an amount: one run
 * slowed by a busy host moves the mean and the sd of the raw values
 * together, and a 90% drop can look insignificant beside it. So the
 * test and its interval are on the logs when every run is positive
 * (the ratio's Welch test), on the raw values otherwise.
 */
static int seq_logs_take(const double *v, size_t n, double *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return -EDOM;
		out[i] = log(v[i]);
	}
	return 0;
}

/* Welch's 95% interval of b - a; @ratio: they are logs, give exp - 1. */
static void seq_interval(const struct stats_summary *a,
			 const struct stats_summary *b, int ratio,
			 struct seq_look *l)
{
	double va = a->sd * a->sd / a->n, vb = b->sd * b->sd / b->n;
	double se = sqrt(va + vb), d = b->mean - a->mean, df, q;

	l->lo_pct = l->hi_pct = NAN;
	if (!ratio && a->mean == 0)
		return;
	if (se == 0) {
		l->lo_pct = l->hi_pct = l->change_pct;
		return;
	}
	df = (va + vb) * (va + vb) /
	     (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	q = stats_t_quantile(0.975, df);
	if (ratio) {
		l->lo_pct = expm1(d - q * se) * 100;
		l->hi_pct = expm1(d + q * se) * 100;
	} else {
		l->lo_pct = (d - q * se) / fabs(a->mean) * 100;
		l->hi_pct = (d + q * se) / fabs(a->mean) * 100;
	}
}

int seq_look_take(const struct seq_plan *p, const double *a, const double *b,
		  size_t n, struct seq_look *out)
{
	double la[SEQ_RUNS_MAX], lb[SEQ_RUNS_MAX], t, df;
	struct stats_summary sa, sb;
	int ratio;

	if (n < 2)
		return -EDOM;
	if (n > SEQ_RUNS_MAX)
		return -E2BIG;
	stats_summary_get(a, n, &sa);
	stats_summary_get(b, n, &sb);
	*out = (struct seq_look){ .state = SEQ_CONTINUE, .n = n, .p = NAN };
	out->change_pct = sa.mean ? (sb.mean / sa.mean - 1) * 100 : NAN;
	ratio = !seq_logs_take(a, n, la) && !seq_logs_take(b, n, lb);
	if (ratio) {
		a = la;
		b = lb;
		stats_summary_get(a, n, &sa);
		stats_summary_get(b, n, &sb);
	}
	seq_interval(&sa, &sb, ratio, out);
	out->level = seq_level(p, n);
	if (out->level > 0 && !stats_welch(a, n, b, n, &t, &df, &out->p) &&
	    out->p <= out->level)
		out->state = SEQ_CHANGED;
	else if (out->level > 0 && out->lo_pct >= -p->threshold_pct &&
		 out->hi_pct <= p->threshold_pct)
		out->state = SEQ_SAME;
	else if (n >= p->max_runs)
		out->state = SEQ_SPENT;
	return 0;
}

void seq_look_describe(const struct seq_look *l, char *buf, size_t size)
{
	static const char *const said[] = {
		[SEQ_CONTINUE] = "keep going",
		[SEQ_CHANGED] = "changed: stop",
		[SEQ_SAME] = "no change beyond the threshold: stop",
		[SEQ_SPENT] = "the budget is spent: no significant change",
	};
	char p[64] = "";

	if (l->level > 0)
		snprintf(p, sizeof(p), ", p %.2g against this look's %.2g",
			 l->p, l->level);
	snprintf(buf, size, "after %zu+%zu: %+.1f%% [%+.1f, %+.1f]%s: %s", l->n,
		 l->n, l->change_pct, l->lo_pct, l->hi_pct, p, said[l->state]);
}
