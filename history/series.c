// SPDX-License-Identifier: GPL-2.0
/*
 * The history's series: per (job, metric), one point a kernel (the
 * mean of its runs), the kernels in the order of their first run, and
 * the change points e-divisive finds in it (history/edivisive.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/series.h"
#include "lib/tests.h"
#include "report/rules.h"
#include "shared/util.h"

void hist_edv_defaults(struct edv_opts *o)
{
	o->min_size = 3;
	o->sig = 0.05;
	o->perms = 199;
	o->seed = 0;
}

struct hist_load {
	struct hist_series *s;
	size_t n, cap;
};

static struct hist_series *hist_series_get(struct hist_load *l,
					   const char *const *c)
{
	struct hist_series *s = l->n ? &l->s[l->n - 1] : NULL, *ns;

	if (s && !strcmp(s->test, c[0]) && !strcmp(s->params, c[1]) &&
	    !strcmp(s->metric, c[2]))
		return s;
	if (l->n == l->cap) {
		ns = realloc(l->s, (l->cap * 2 + 8) * sizeof(*ns));
		if (!ns)
			return NULL;
		l->s = ns;
		l->cap = l->cap * 2 + 8;
	}
	s = memset(&l->s[l->n++], 0, sizeof(*s));
	snprintf(s->test, sizeof(s->test), "%s", c[0]);
	snprintf(s->params, sizeof(s->params), "%s", c[1]);
	snprintf(s->metric, sizeof(s->metric), "%s", c[2]);
	s->deterministic = c[3] && !strcmp(c[3], "deterministic");
	if (s->deterministic && test_find(s->test))
		s->floor_pct = test_find(s->test)->det_floor;
	return s;
}

/* A row: test, params, metric, timing, release, cmdline, first, mean, runs, dir. */
static int hist_row_take(void *ctx, int ncols, const char *const *c)
{
	struct hist_series *s;
	struct hist_point *p;

	if (ncols < 10 || !c[0] || !c[1] || !c[2] || !c[7])
		return 0;
	s = hist_series_get(ctx, c);
	if (!s)
		return -ENOMEM;
	if (s->n == s->cap) {
		p = realloc(s->pts, (s->cap * 2 + 16) * sizeof(*p));
		if (!p)
			return -ENOMEM;
		s->pts = p;
		s->cap = s->cap * 2 + 16;
	}
	p = memset(&s->pts[s->n++], 0, sizeof(*p));
	snprintf(p->release, sizeof(p->release), "%s", c[4] ? c[4] : "");
	snprintf(p->cmdline, sizeof(p->cmdline), "%s", c[5] ? c[5] : "");
	snprintf(p->first, sizeof(p->first), "%s", c[6] ? c[6] : "");
	snprintf(p->dir, sizeof(p->dir), "%s", c[9] ? c[9] : "");
	p->mean = strtod(c[7], NULL);
	p->runs = c[8] ? (unsigned int)strtoul(c[8], NULL, 10) : 0;
	return 0;
}

static const char hist_series_sql[] =
	"SELECT j.test, j.params, v.metric, MAX(r.timing), k.release,"
	" MAX(k.cmdline), MIN(r.finished), AVG(v.value), COUNT(*), MIN(r.dir)"
	" FROM \"values\" v JOIN runs r ON r.id = v.run_id"
	" JOIN jobs j ON j.id = r.job_id JOIN kernels k ON k.id = r.kernel_id"
	" WHERE ($1 = '' OR j.test = $1 OR j.test || '/' || j.params = $1)"
	" AND ($3 = '1' OR v.metric = (CASE WHEN $2 = '' THEN j.headline"
	" ELSE $2 END))"
	" GROUP BY j.test, j.params, v.metric, k.id, k.release"
	" ORDER BY j.test, j.params, v.metric, MIN(r.finished), k.id";

int hist_series_load(struct hist_db *db, const struct hist_filter *f,
		     struct hist_series **out, size_t *n)
{
	const char *p[3] = { f->job ? f->job : "", f->metric ? f->metric : "",
			     f->all ? "1" : "0" };
	struct hist_load l = { 0 };
	int err;

	err = hist_db_exec(db, hist_series_sql, 3, p, hist_row_take, &l);
	if (err) {
		hist_series_free(l.s, l.n);
		return err;
	}
	*out = l.s;
	*n = l.n;
	return 0;
}

void hist_series_free(struct hist_series *s, size_t n)
{
	size_t i;

	for (i = 0; s && i < n; i++)
		free(s[i].pts);
	free(s);
}

/* The means either side of each change, and its size and direction. */
static void hist_changes_measure(struct hist_series *s)
{
	enum rules_direction d = rules_direction_get(s->metric, NULL, 0);
	size_t k, i, a, b;
	double sum;

	for (k = 0; k < s->ncp; k++) {
		struct hist_change *c = &s->cps[k];

		a = k ? s->cps[k - 1].at : 0;
		b = k + 1 < s->ncp ? s->cps[k + 1].at : s->n;
		for (sum = 0, i = a; i < c->at; i++)
			sum += s->pts[i].mean;
		c->before = sum / (c->at - a);
		for (sum = 0, i = c->at; i < b; i++)
			sum += s->pts[i].mean;
		c->after = sum / (b - c->at);
		c->pct = c->before ? (c->after / c->before - 1) * 100 : 0;
		c->better = d == RULES_NONE			? 0 :
			    (c->pct > 0) == (d == RULES_HIGHER) ? 1 :
								  -1;
	}
}

/* Drop the smallest change under the floor; 1 when one was dropped. */
static int hist_changes_floor(struct hist_series *s)
{
	size_t k, low = s->ncp;

	for (k = 0; k < s->ncp; k++)
		if (fabs(s->cps[k].pct) < s->floor_pct &&
		    (low == s->ncp ||
		     fabs(s->cps[k].pct) < fabs(s->cps[low].pct)))
			low = k;
	if (low == s->ncp)
		return 0;
	memmove(&s->cps[low], &s->cps[low + 1],
		(s->ncp - low - 1) * sizeof(s->cps[0]));
	s->ncp--;
	return 1;
}

int hist_series_changes(struct hist_series *s, const struct edv_opts *o)
{
	struct edv_point pts[32];
	double *x;
	size_t i, n;
	int err, pos;

	s->ncp = 0;
	x = malloc((s->n + 1) * sizeof(*x));
	if (!x)
		return -ENOMEM;
	/* Noise scales with the value: a ratio is a difference of logs. */
	for (pos = 1, i = 0; i < s->n; i++)
		pos &= s->pts[i].mean > 0;
	for (i = 0; i < s->n; i++)
		x[i] = pos ? log(s->pts[i].mean) : s->pts[i].mean;
	err = edv_points_find(x, s->n, o, pts, ARRAY_SIZE(pts), &n);
	free(x);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		s->cps[i].at = pts[i].at;
		s->cps[i].p = pts[i].p;
	}
	s->ncp = n;
	do
		hist_changes_measure(s);
	while (hist_changes_floor(s));
	return 0;
}
