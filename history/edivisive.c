// SPDX-License-Identifier: GPL-2.0
/*
 * E-divisive means (history/edivisive.h). A segment's best split is
 * found in one pass, O(m^2): moving each point from the right side to
 * the left updates the three sums of distances by its distances to
 * the points on either side.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history/edivisive.h"

double edv_uniform(unsigned long long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return ((*s * 2685821657736338717ull) >> 11) *
	       (1.0 / 9007199254740992.0);
}

double edv_normal(unsigned long long *s)
{
	double u = edv_uniform(s), v = edv_uniform(s);

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* The best split of @y[0..@m): its statistic, and where in *@at. */
static double edv_split_best(const double *y, size_t m, size_t min, size_t *at)
{
	double bx = 0, wx = 0, wy = 0, best = -1, q, sx, sy, l, r;
	size_t i, j, t;

	for (i = 0; i < m; i++)
		for (j = i + 1; j < m; j++)
			wy += fabs(y[i] - y[j]);
	*at = 0;
	for (t = 0; t + 1 < m; t++) {
		/* y[t] moves from the right side to the left. */
		for (sx = 0, i = 0; i < t; i++)
			sx += fabs(y[i] - y[t]);
		for (sy = 0, j = t + 1; j < m; j++)
			sy += fabs(y[t] - y[j]);
		wx += sx;
		wy -= sy;
		bx += sy - sx;
		l = t + 1;
		r = m - l;
		if (l < min || r < min)
			continue;
		q = l * r / m *
		    (2 * bx / (l * r) - 2 * wx / (l * (l - 1)) -
		     2 * wy / (r * (r - 1)));
		if (q > best) {
			best = q;
			*at = t + 1;
		}
	}
	return best;
}

struct edv_state {
	const struct edv_opts *o;
	size_t n, nb;
	size_t *bounds; /* the segments' starts, ascending, then n */
	double *work;
};

/* The best split of all segments of @x: its statistic, where in *@at. */
static double edv_best(struct edv_state *s, const double *x, size_t *at)
{
	double best = -1, q;
	size_t k, a, m, t;

	*at = 0;
	for (k = 0; k + 1 < s->nb; k++) {
		a = s->bounds[k];
		m = s->bounds[k + 1] - a;
		if (m < 2 * s->o->min_size)
			continue;
		q = edv_split_best(x + a, m, s->o->min_size, &t);
		if (t && q > best) {
			best = q;
			*at = a + t;
		}
	}
	return best;
}

/* Each segment's values shuffled in place (Fisher-Yates). */
static void edv_shuffle(struct edv_state *s, unsigned long long *seed)
{
	size_t k, i, j, a, m;
	double tmp;

	for (k = 0; k + 1 < s->nb; k++) {
		a = s->bounds[k];
		m = s->bounds[k + 1] - a;
		for (i = m; i > 1; i--) {
			j = (size_t)(edv_uniform(seed) * i);
			if (j >= i)
				j = i - 1;
			tmp = s->work[a + i - 1];
			s->work[a + i - 1] = s->work[a + j];
			s->work[a + j] = tmp;
		}
	}
}

/* The permutation test's p-value for a best split of @q. */
static double edv_perm_p(struct edv_state *s, const double *x, double q,
			 unsigned long long *seed)
{
	unsigned int r, over = 0, stop;
	size_t at;

	/* Past this many at least as large, p is over the level: stop. */
	stop = (unsigned int)(s->o->sig * (s->o->perms + 1));
	memcpy(s->work, x, s->n * sizeof(*x));
	for (r = 0; r < s->o->perms; r++) {
		edv_shuffle(s, seed);
		if (edv_best(s, s->work, &at) >= q)
			over++;
		if (over > stop)
			return (over + 1.0) / (r + 2.0);
	}
	return (over + 1.0) / (s->o->perms + 1.0);
}

static void edv_bound_insert(struct edv_state *s, size_t at)
{
	size_t k = s->nb;

	while (k > 0 && s->bounds[k - 1] > at) {
		s->bounds[k] = s->bounds[k - 1];
		k--;
	}
	s->bounds[k] = at;
	s->nb++;
}

static void edv_points_sort(struct edv_point *cps, size_t n)
{
	struct edv_point t;
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && cps[j - 1].at > cps[j].at; j--) {
			t = cps[j];
			cps[j] = cps[j - 1];
			cps[j - 1] = t;
		}
}

int edv_points_find(const double *x, size_t n, const struct edv_opts *o,
		    struct edv_point *cps, size_t max, size_t *ncp)
{
	struct edv_state s = { .o = o, .n = n, .nb = 2 };
	unsigned long long seed = o->seed ? o->seed : 88172645463325252ull;
	double q, p;
	size_t at;

	*ncp = 0;
	s.bounds = calloc(n + 2, sizeof(*s.bounds));
	s.work = calloc(n + 1, sizeof(*s.work));
	if (!s.bounds || !s.work) {
		free(s.bounds);
		free(s.work);
		return -ENOMEM;
	}
	s.bounds[1] = n;
	while (*ncp < max) {
		q = edv_best(&s, x, &at);
		if (!at)
			break;
		p = edv_perm_p(&s, x, q, &seed);
		if (p > o->sig)
			break;
		cps[*ncp].at = at;
		cps[(*ncp)++].p = p;
		edv_bound_insert(&s, at);
	}
	edv_points_sort(cps, *ncp);
	free(s.bounds);
	free(s.work);
	return 0;
}
