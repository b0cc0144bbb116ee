// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of a comparison: per metric and new kernel, LKP's verdict,
 * a significance test, and whether the row is shown.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/metrics.h"
#include "compare.h"

static int cmp_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void cmp_side_get(const struct result *r, const char *name,
			 struct cmp_side *s)
{
	const struct result_metric *m = result_metric_find(r, name);
	size_t i;

	memset(s, 0, sizeof(*s));
	if (!m)
		return;
	s->v = m->v;
	s->n = m->n;
	stats_summary_get(m->v, m->n, &s->s);
	for (i = 0; i < m->n; i++)
		if (m->v[i] > 0)
			s->fails++;
}

/*
 * Skewed beyond twice its standard error under normality, the sample
 * makes the t-test's assumption a poor bet. With 5 runs that is 1.83:
 * small samples have wild skewness estimates, and the rank test's
 * floor (p = 0.0079 for 5 and 5) would keep every change out of a
 * family of hundreds of metrics.
 */
static int cmp_skewed(const struct stats_summary *s)
{
	double n = s->n, ses;

	if (s->n < 3)
		return 0;
	ses = sqrt(6 * n * (n - 1) / ((n - 2) * (n + 1) * (n + 3)));
	return fabs(s->skewness) > 2 * ses;
}

/* (max - min) / |mean| in percent: how far apart one kernel's runs are. */
static double cmp_side_range_pct(const struct cmp_side *s)
{
	if (s->n < 2 || s->s.mean == 0)
		return 0;
	return 100 * (s->s.max - s->s.min) / fabs(s->s.mean);
}

/*
 * Instruction counting leaves no noise to test against: a change is
 * real when it is larger than the floor, or than the spread the runs
 * of either kernel show if they disagree more than the floor allows.
 */
static void cmp_cell_floor(const struct cmp *c, const struct cmp_row *r,
			   struct cmp_cell *x)
{
	const struct metric_desc *m = metric_find(r->name);
	/* An exact count (METRIC_EXACT) has no floor but its runs' spread. */
	double floor = m && m->exact ? 0 : c->noise_floor;

	x->floor_pct = fmax(floor, fmax(cmp_side_range_pct(&r->base),
					cmp_side_range_pct(&x->side)));
	x->test = CMP_TEST_DETERMINISTIC;
}

/*
 * Fieller's interval of new/base, and the same as a %change: against a
 * negative base mean a larger ratio is a drop.
 */
static void cmp_cell_interval(const struct cmp_row *r, struct cmp_cell *x)
{
	double m = r->base.s.mean;

	switch (stats_ratio_fieller(&r->base.s, &x->side.s, 0.95, &x->ci_lo,
				    &x->ci_hi)) {
	case 0:
		x->chg_lo = 100 * (m > 0 ? x->ci_lo - 1 : 1 - x->ci_hi);
		x->chg_hi = 100 * (m > 0 ? x->ci_hi - 1 : 1 - x->ci_lo);
		return;
	case -EDOM:
		x->ci_why = "fewer than 2 runs on a side";
		break;
	case -ENODATA:
		x->ci_why = "a side's runs do not vary";
		break;
	default:
		x->ci_why = "the base mean is not clear of 0";
	}
	x->ci_lo = x->ci_hi = x->chg_lo = x->chg_hi = NAN;
}

/* The fewest runs a side with which the permutation test can decide. */
static unsigned int cmp_decide_runs(double level)
{
	unsigned int k = 2;

	while (stats_perm_p_min(k, k) > level)
		k++;
	return k;
}

/*
 * The chosen metric is the question asked, and its test is fixed
 * before the data are seen: the permutation test of the means, whose
 * false alarm rate is its level whatever the runs' shape. Its level
 * is primary_alpha shared by Holm over the new kernels.
 */
static void cmp_cell_headline(const struct cmp *c, const struct cmp_row *r,
			      struct cmp_cell *x)
{
	const struct cmp_side *a = &r->base, *b = &x->side;
	double level = c->primary_alpha / c->nholm;
	unsigned int need;
	int exact;

	if (stats_perm_test(a->v, a->n, b->v, b->n, &x->p, &exact))
		return;
	x->test = CMP_TEST_PERM;
	x->p_min = stats_perm_p_min(a->n, b->n);
	x->decide_runs = cmp_decide_runs(level);
	/* The change the verdict asks about: the threshold's. */
	need = stats_runs_needed_pooled(
		&a->s, &b->s, fabs(a->s.mean) * c->threshold / 100, level);
	x->runs_needed = need > x->decide_runs ? need : x->decide_runs;
}

/*
 * The other metrics: a side with no spread at all is a discrete metric
 * (a page count that takes two values from boot to boot, say): t would
 * call any split of its values infinitely certain, ranks do not. A
 * skewed side (one run far off the others) goes to Yuen's trimmed
 * test, which keeps the power the rank test lacks with 5 runs (its
 * best p, 2/252, cannot survive a false discovery rate over hundreds
 * of metrics); where trimming leaves no spread, ranks again.
 */
static void cmp_cell_other(const struct cmp *c, const struct cmp_row *r,
			   struct cmp_cell *x)
{
	const struct cmp_side *a = &r->base, *b = &x->side;
	double t, df;

	if (a->n < 3 || b->n < 3 || a->s.sd == 0 || b->s.sd == 0 ||
	    isnan(x->p_welch)) {
		x->p = x->p_mwu;
		x->test = isnan(x->p_mwu) ? CMP_TEST_NONE : CMP_TEST_MWU;
	} else if (cmp_skewed(&a->s) || cmp_skewed(&b->s)) {
		/*
		 * The table's %change is of means: a trimmed mean that
		 * moves the other way is no verdict, ranks decide.
		 */
		if (!stats_yuen(a->v, a->n, b->v, b->n, &t, &df, &x->p) &&
		    !isinf(t) && (t > 0) == (b->s.mean - a->s.mean > 0)) {
			x->test = CMP_TEST_YUEN;
		} else {
			x->p = x->p_mwu;
			x->test = CMP_TEST_MWU;
		}
	} else {
		x->p = x->p_welch;
		x->test = CMP_TEST_WELCH;
	}
	x->runs_needed = stats_runs_needed_pooled(
		&a->s, &b->s, b->s.mean - a->s.mean, c->alpha);
}

static void cmp_cell_test(const struct cmp *c, const struct cmp_row *r,
			  struct cmp_cell *x)
{
	const struct cmp_side *a = &r->base, *b = &x->side;
	double t, df, u;
	int exact;

	x->p = x->p_welch = x->p_mwu = x->p_min = NAN;
	x->ci_lo = x->ci_hi = x->chg_lo = x->chg_hi = NAN;
	x->floor_pct = NAN;
	x->test = CMP_TEST_NONE;
	if (!a->n || !b->n)
		return;
	if (r->kind == RULES_FAILURE) {
		x->p = stats_fisher(a->fails, a->n, b->fails, b->n);
		x->test = CMP_TEST_FISHER;
		return;
	}
	if (c->deterministic) {
		cmp_cell_floor(c, r, x);
		return;
	}
	if (stats_welch(a->v, a->n, b->v, b->n, &t, &df, &x->p_welch))
		x->p_welch = NAN;
	if (stats_mann_whitney(a->v, a->n, b->v, b->n, &u, &x->p_mwu, &exact))
		x->p_mwu = NAN;
	if (r->chosen)
		cmp_cell_headline(c, r, x);
	else
		cmp_cell_other(c, r, x);
	cmp_cell_interval(r, x);
}

static int cmp_row_fill(struct cmp *c, struct cmp_row *r, const char *name)
{
	size_t i;

	r->name = name;
	r->kind = rules_kind_get(name);
	r->dir = rules_direction_get(name, c->metric, c->metric_higher);
	r->undeclared = r->dir == RULES_NONE && r->kind == RULES_PERF &&
			rules_is_benchmark_metric(name) && !metric_find(name);
	r->chosen = !strcmp(name, c->metric);
	cmp_side_get(&c->base, name, &r->base);
	r->cell = calloc(c->nnew, sizeof(*r->cell));
	if (!r->cell)
		return -ENOMEM;
	for (i = 0; i < c->nnew; i++) {
		struct cmp_cell *x = &r->cell[i];

		cmp_side_get(&c->new[i], name, &x->side);
		x->change_pct =
			r->base.n && x->side.n && r->base.s.mean != 0 ?
				100 * (x->side.s.mean - r->base.s.mean) /
					fabs(r->base.s.mean) :
				NAN;
		if (r->base.n && x->side.n)
			rules_change_check(name, r->base.v, r->base.n,
					   x->side.v, x->side.n,
					   c->deterministic ? 1 : 3, &x->lkp);
		else
			x->lkp.why = "missing on one side";
		cmp_cell_test(c, r, x);
	}
	return 0;
}

/*
 * The chosen metric is the question asked: it is tested alone, at
 * primary_alpha. The other metrics are compared at once (hundreds with
 * the monitors), so a fixed level per metric would flag a few of them
 * in every comparison of a kernel with itself: Benjamini-Hochberg keeps
 * the share of false discoveries among the flagged ones at alpha, and
 * still lets a change that moves many metrics together through.
 */
static int cmp_significance_mark(struct cmp *c, size_t i)
{
	unsigned char *hit;
	double *p;
	size_t k;
	int err = 0;

	p = malloc((c->nrows ? c->nrows : 1) * sizeof(*p));
	hit = malloc(c->nrows ? c->nrows : 1);
	if (!p || !hit) {
		err = -ENOMEM;
		goto out;
	}
	for (k = 0; k < c->nrows; k++)
		p[k] = c->rows[k].chosen ? NAN : c->rows[k].cell[i].p;
	err = stats_fdr_select(p, c->nrows, c->alpha, hit);
	if (err)
		goto out;
	for (k = 0; k < c->nrows; k++) {
		struct cmp_cell *x = &c->rows[k].cell[i];

		if (x->test == CMP_TEST_PERM)
			continue; /* cmp_headline_mark */
		if (x->test != CMP_TEST_DETERMINISTIC) {
			x->significant = c->rows[k].chosen ?
						 x->p < c->primary_alpha :
						 hit[k];
			continue;
		}
		x->significant = fabs(x->change_pct) > x->floor_pct;
		/*
		 * The question asked needs no LKP 1% on top: in this mode
		 * the floor is the whole noise.
		 */
		if (c->rows[k].chosen) {
			x->lkp.changed = x->significant;
			if (!x->significant)
				x->lkp.why = "within the noise floor";
		}
	}
out:
	free(p);
	free(hit);
	return err;
}

/*
 * Holm's step-down over the chosen metric's tests of the new kernels:
 * sorted p against level / m, level / (m - 1), ..., stopping at the
 * first that fails. The same steps on each test's smallest attainable
 * p say which tests could decide at all, whatever their data.
 */
static void cmp_holm(const double *p, size_t m, double level,
		     unsigned char *hit)
{
	size_t i, k, step;

	memset(hit, 0, m);
	for (step = 0; step < m; step++) {
		k = m;
		for (i = 0; i < m; i++)
			if (!hit[i] && !isnan(p[i]) && (k == m || p[i] < p[k]))
				k = i;
		if (k == m || p[k] > level / (m - step))
			return;
		hit[k] = 1;
	}
}

static int cmp_headline_mark(struct cmp *c, struct cmp_row *r)
{
	double *p = calloc(c->nnew, sizeof(*p)),
	       *pmin = calloc(c->nnew, sizeof(*pmin));
	unsigned char *hit = calloc(c->nnew, 1), *can = calloc(c->nnew, 1);
	size_t i;
	int err = 0;

	if (!p || !pmin || !hit || !can) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < c->nnew; i++) {
		int perm = r->cell[i].test == CMP_TEST_PERM;

		p[i] = perm ? r->cell[i].p : NAN;
		pmin[i] = perm ? r->cell[i].p_min : NAN;
	}
	cmp_holm(p, c->nnew, c->primary_alpha, hit);
	cmp_holm(pmin, c->nnew, c->primary_alpha, can);
	for (i = 0; i < c->nnew; i++) {
		if (r->cell[i].test != CMP_TEST_PERM)
			continue;
		r->cell[i].significant = hit[i];
		r->cell[i].undecidable = !can[i];
	}
out:
	free(p);
	free(pmin);
	free(hit);
	free(can);
	return err;
}

static void cmp_rows_select(struct cmp *c)
{
	size_t k, i;

	c->hidden = 0;
	for (k = 0; k < c->nrows; k++) {
		struct cmp_row *r = &c->rows[k];
		int lkp = 0, both = 0;

		for (i = 0; i < c->nnew; i++) {
			lkp |= r->cell[i].lkp.changed;
			both |= r->cell[i].lkp.changed &&
				r->cell[i].significant;
		}
		switch (c->show) {
		case CMP_SHOW_ALL:
			r->shown = 1;
			break;
		case CMP_SHOW_LKP:
			r->shown = lkp;
			break;
		default:
			/* An error that appears at all is news, tested or not. */
			r->shown = both || (lkp && r->kind == RULES_FAILURE);
			c->hidden += lkp && !r->shown;
		}
	}
}

int cmp_rows_build(struct cmp *c)
{
	const char **names;
	size_t n = c->base.nm, i, j, k;
	int err = 0;

	for (i = 0; i < c->nnew; i++)
		n += c->new[i].nm;
	names = malloc((n ? n : 1) * sizeof(*names));
	if (!names)
		return -ENOMEM;
	n = 0;
	for (j = 0; j < c->base.nm; j++)
		names[n++] = c->base.m[j].name;
	for (i = 0; i < c->nnew; i++)
		for (j = 0; j < c->new[i].nm; j++)
			names[n++] = c->new[i].m[j].name;
	qsort(names, n, sizeof(*names), cmp_name_cmp);
	c->nholm = c->nnew;
	c->rows = calloc(n ? n : 1, sizeof(*c->rows));
	if (!c->rows) {
		err = -ENOMEM;
		goto out;
	}
	for (k = 0; k < n; k++) {
		if (k && !strcmp(names[k], names[k - 1]))
			continue;
		err = cmp_row_fill(c, &c->rows[c->nrows++], names[k]);
		if (err)
			goto out;
	}
	for (i = 0; i < c->nnew; i++) {
		err = cmp_significance_mark(c, i);
		if (err)
			goto out;
	}
	for (k = 0; k < c->nrows; k++)
		if (c->rows[k].chosen)
			err = cmp_headline_mark(c, &c->rows[k]);
	if (err)
		goto out;
	cmp_rows_select(c);
out:
	free(names);
	return err;
}

void cmp_rows_free(struct cmp *c)
{
	size_t k;

	for (k = 0; k < c->nrows; k++)
		free(c->rows[k].cell);
	free(c->rows);
	c->rows = NULL;
	c->nrows = 0;
}

const char *cmp_row_better_name(const struct cmp_row *r)
{
	if (r->undeclared)
		return "unknown";
	return r->dir == RULES_HIGHER ? "higher" :
	       r->dir == RULES_LOWER  ? "lower" :
					"info";
}

int cmp_cell_better(const struct cmp_row *r, const struct cmp_cell *x)
{
	if (r->dir == RULES_NONE)
		return 0;
	return (x->change_pct > 0) == (r->dir == RULES_HIGHER) ? 1 : -1;
}

double cmp_side_stddev_pct(const struct cmp_side *s)
{
	return s->n && s->s.mean ? 100 * s->s.stddev / fabs(s->s.mean) : NAN;
}

const char *cmp_cell_verdict(const struct cmp_row *r, const struct cmp_cell *x)
{
	static const char *const words[] = { "regression", "change",
					     "improvement" };

	if (!x->significant || !x->lkp.changed || isnan(x->change_pct))
		return NULL;
	return words[cmp_cell_better(r, x) + 1];
}

const struct cmp_row *cmp_chosen_row(const struct cmp *c)
{
	size_t k;

	for (k = 0; k < c->nrows; k++)
		if (c->rows[k].chosen)
			return &c->rows[k];
	return NULL;
}

/*
 * The exit status asks the test and the threshold, not LKP's range
 * rule: a 3% drop that five runs each prove is a regression even when
 * one noisy run makes the ranges touch.
 */
int cmp_regressed(const struct cmp *c, size_t i)
{
	const struct cmp_row *r = cmp_chosen_row(c);
	const struct cmp_cell *x;

	if (!r)
		return 0;
	x = &r->cell[i];
	if (!x->significant || isnan(x->change_pct) ||
	    fabs(x->change_pct) <= c->threshold)
		return 0;
	/* A metric with no better way: any such change fails. */
	return cmp_cell_better(r, x) <= 0;
}

int cmp_undecidable(const struct cmp *c, size_t i)
{
	const struct cmp_row *r = cmp_chosen_row(c);

	return r && r->cell[i].undecidable;
}
