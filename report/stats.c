// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

int stats_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_summary_get(const double *v, size_t n, struct stats_summary *s)
{
	double *sorted, sum = 0, m2 = 0, m3 = 0;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (!n)
		return;
	for (i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	for (i = 0; i < n; i++) {
		double d = v[i] - s->mean;

		m2 += d * d;
		m3 += d * d * d;
	}
	s->stddev = sqrt(m2 / n);
	s->sd = n > 1 ? sqrt(m2 / (n - 1)) : 0;
	if (n > 2 && m2 > 0) {
		double g1 = (m3 / n) / pow(m2 / n, 1.5);

		s->skewness = g1 * sqrt((double)n * (n - 1)) / (n - 2);
	}
	s->min = s->max = v[0];
	for (i = 1; i < n; i++) {
		if (v[i] < s->min)
			s->min = v[i];
		if (v[i] > s->max)
			s->max = v[i];
	}
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted) {
		s->median = s->mean;
		return;
	}
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), stats_double_cmp);
	s->median = n % 2 ? sorted[n / 2] :
			    (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
}

double stats_normal_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

double stats_normal_quantile(double q)
{
	double lo = -40, hi = 40;
	int i;

	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (stats_normal_cdf(mid) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Lentz's continued fraction for the incomplete beta function. */
static double stats_beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 1000; m++) {
		double num, del;

		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x /
		      ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double stats_beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	/* The fraction converges fast only on this side of the mean. */
	if (x < (a + 1) / (a + b + 2))
		return front * stats_beta_cf(a, b, x) / a;
	return 1 - front * stats_beta_cf(b, a, 1 - x) / b;
}

double stats_t_cdf(double t, double df)
{
	double tail;

	if (isinf(t))
		return t > 0 ? 1 : 0;
	tail = 0.5 * stats_beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

/*
 * Welch's t from the two means, each mean's variance and its degrees
 * of freedom (Welch-Satterthwaite). Two sides with no variance give
 * p = 1 when the means are equal and p = 0 when not.
 */
static void stats_welch_t(double ma, double va, double dfa, double mb,
			  double vb, double dfb, double *t, double *df,
			  double *p)
{
	double se2 = va + vb;

	if (se2 == 0) {
		*df = dfa + dfb;
		*t = mb == ma ? 0 : mb > ma ? INFINITY : -INFINITY;
		*p = mb == ma ? 1 : 0;
		return;
	}
	*t = (mb - ma) / sqrt(se2);
	*df = se2 * se2 / (va * va / dfa + vb * vb / dfb);
	*p = stats_beta_inc(*df / 2, 0.5, *df / (*df + *t * *t));
}

int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		double *t, double *df, double *p)
{
	struct stats_summary sa, sb;

	if (na < 2 || nb < 2)
		return -EDOM;
	stats_summary_get(a, na, &sa);
	stats_summary_get(b, nb, &sb);
	stats_welch_t(sa.mean, sa.sd * sa.sd / na, na - 1, sb.mean,
		      sb.sd * sb.sd / nb, nb - 1, t, df, p);
	return 0;
}

/* Trimmed mean and d = (n - 1) s_w^2 / (h (h - 1)) of one side. */
static int stats_trimmed(const double *v, size_t n, double *tmean, double *d,
			 size_t *h)
{
	size_t g = (size_t)floor(STATS_TRIM * n), i;
	double *s, sum = 0, wmean = 0, ss = 0;

	*h = n - 2 * g;
	if (*h < 2)
		return -EDOM;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), stats_double_cmp);
	for (i = g; i < n - g; i++)
		sum += s[i];
	*tmean = sum / *h;
	/* Winsorize: the trimmed tails take the nearest kept value. */
	for (i = 0; i < g; i++) {
		s[i] = s[g];
		s[n - 1 - i] = s[n - 1 - g];
	}
	for (i = 0; i < n; i++)
		wmean += s[i];
	wmean /= n;
	for (i = 0; i < n; i++)
		ss += (s[i] - wmean) * (s[i] - wmean);
	*d = ss / ((double)*h * (*h - 1));
	free(s);
	return 0;
}

int stats_yuen(const double *a, size_t na, const double *b, size_t nb,
	       double *t, double *df, double *p)
{
	double ma, mb, da, db;
	size_t ha, hb;
	int err;

	if (na < 3 || nb < 3)
		return -EDOM;
	err = stats_trimmed(a, na, &ma, &da, &ha);
	if (!err)
		err = stats_trimmed(b, nb, &mb, &db, &hb);
	if (err)
		return err;
	stats_welch_t(ma, da, ha - 1, mb, db, hb - 1, t, df, p);
	return 0;
}

struct stats_rank {
	double v;
	size_t from_b;
};

static int stats_rank_cmp(const void *a, const void *b)
{
	return stats_double_cmp(&((const struct stats_rank *)a)->v,
				&((const struct stats_rank *)b)->v);
}

/* Counts splits whose rank sum is at least as far from the mean. */
static void stats_mwu_walk(const long *r2, size_t n, size_t start, size_t left,
			   long sum, long mean2, long obs_dev, double *hits,
			   double *total)
{
	size_t i;

	if (!left) {
		*total += 1;
		if (labs(sum - mean2) >= obs_dev)
			*hits += 1;
		return;
	}
	for (i = start; i + left <= n; i++)
		stats_mwu_walk(r2, n, i + 1, left - 1, sum + r2[i], mean2,
			       obs_dev, hits, total);
}

static double stats_choose(size_t n, size_t k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0));
}

/* The normal approximation's p, tie-corrected, with continuity. */
static double stats_mwu_normal_p(size_t na, size_t nb, double ties, double u)
{
	size_t n = na + nb;
	double mu = na * nb / 2.0, var, z;

	var = na * nb / 12.0 * ((n + 1) - ties / ((double)n * (n - 1)));
	if (var <= 0)
		return 1;
	z = (fabs(u - mu) - 0.5) / sqrt(var);
	return z <= 0 ? 1 : 2 * (1 - stats_normal_cdf(z));
}

int stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		       double *u, double *p, int *exact)
{
	size_t n = na + nb, i, j;
	struct stats_rank *r;
	long *r2, rb2 = 0;
	double ties = 0;
	int err = 0;

	if (!na || !nb)
		return -EDOM;
	r = calloc(n, sizeof(*r));
	r2 = calloc(n, sizeof(*r2));
	if (!r || !r2) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < na; i++)
		r[i].v = a[i];
	for (i = 0; i < nb; i++) {
		r[na + i].v = b[i];
		r[na + i].from_b = 1;
	}
	qsort(r, n, sizeof(*r), stats_rank_cmp);
	/* Doubled ranks keep tied (half) ranks in integers. */
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && r[j].v == r[i].v; j++)
			;
		for (size_t k = i; k < j; k++) {
			r2[k] = (long)(i + 1 + j);
			if (r[k].from_b)
				rb2 += r2[k];
		}
		ties += (double)(j - i) * (j - i) * (j - i) - (j - i);
	}
	*u = rb2 / 2.0 - nb * (nb + 1) / 2.0;
	*exact = stats_choose(n, nb) <= STATS_MWU_EXACT_MAX;
	if (*exact) {
		long mean2 = (long)(nb * (n + 1)); /* 2 * E[rank sum] */
		double hits = 0, total = 0;

		stats_mwu_walk(r2, n, 0, nb, 0, mean2, labs(rb2 - mean2), &hits,
			       &total);
		*p = hits / total;
	} else {
		*p = stats_mwu_normal_p(na, nb, ties, *u);
	}
	if (*p > 1)
		*p = 1;
out:
	free(r);
	free(r2);
	return err;
}

static double stats_hypergeom_log(unsigned int k, unsigned int fa_fb,
				  unsigned int na, unsigned int nb)
{
	/* P(first row has k failures) with margins fixed. */
	return lgamma(na + 1.0) - lgamma(k + 1.0) - lgamma(na - k + 1.0) +
	       lgamma(nb + 1.0) - lgamma(fa_fb - k + 1.0) -
	       lgamma(nb - (fa_fb - k) + 1.0) - lgamma(na + nb + 1.0) +
	       lgamma(fa_fb + 1.0) + lgamma(na + nb - fa_fb + 1.0);
}

double stats_fisher(unsigned int fa, unsigned int na, unsigned int fb,
		    unsigned int nb)
{
	unsigned int f = fa + fb, lo, hi, k;
	double pobs, p = 0;

	lo = f > nb ? f - nb : 0;
	hi = f < na ? f : na;
	pobs = exp(stats_hypergeom_log(fa, f, na, nb));
	for (k = lo; k <= hi; k++) {
		double pk = exp(stats_hypergeom_log(k, f, na, nb));

		if (pk <= pobs * (1 + 1e-7))
			p += pk;
	}
	return p > 1 ? 1 : p;
}

/* xorshift64*: small, and the same sequence on every machine. */
static uint64_t stats_rand_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

struct stats_pidx {
	double p;
	size_t i;
};

static int stats_pidx_cmp(const void *a, const void *b)
{
	return stats_double_cmp(&((const struct stats_pidx *)a)->p,
				&((const struct stats_pidx *)b)->p);
}

int stats_fdr_select(const double *p, size_t n, double q, unsigned char *hit)
{
	struct stats_pidx *s;
	size_t m = 0, i, k = 0;

	memset(hit, 0, n);
	s = malloc((n ? n : 1) * sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		if (!isnan(p[i]))
			s[m++] = (struct stats_pidx){ p[i], i };
	qsort(s, m, sizeof(*s), stats_pidx_cmp);
	for (i = 0; i < m; i++)
		if (s[i].p <= (i + 1) * q / m)
			k = i + 1;
	for (i = 0; i < k; i++)
		hit[s[i].i] = 1;
	free(s);
	return 0;
}

/* The t quantile: bisection on the distribution function. */
double stats_t_quantile(double q, double df)
{
	double lo = 0, hi = 1;
	int i;

	if (q == 0.5)
		return 0;
	if (q < 0.5)
		return -stats_t_quantile(1 - q, df);
	while (stats_t_cdf(hi, df) < q && hi < 1e12)
		hi *= 2;
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_cdf(mid, df) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * Fieller (1954): rho is in the interval when (mb - rho ma)^2 <=
 * t^2 (vb + rho^2 va). Its degrees of freedom are Welch's (1947)
 * approximation for the variance vb + rho^2 va, at rho = mb / ma.
 */
int stats_ratio_fieller(const struct stats_summary *a,
			const struct stats_summary *b, double level, double *lo,
			double *hi)
{
	double va, vb, rho, v, df, t, qa, qb, qc, disc;

	if (a->n < 2 || b->n < 2)
		return -EDOM;
	if (a->sd == 0 || b->sd == 0)
		return -ENODATA;
	if (a->mean == 0)
		return -ERANGE;
	va = a->sd * a->sd / a->n;
	vb = b->sd * b->sd / b->n;
	rho = b->mean / a->mean;
	v = vb + rho * rho * va;
	df = v * v /
	     (vb * vb / (b->n - 1) +
	      rho * rho * rho * rho * va * va / (a->n - 1));
	t = stats_t_quantile((1 + level) / 2, df);
	qa = a->mean * a->mean - t * t * va;
	qb = a->mean * b->mean;
	qc = b->mean * b->mean - t * t * vb;
	disc = qb * qb - qa * qc;
	/* qa <= 0: the base mean is not clear of 0, the set is unbounded. */
	if (qa <= 0 || disc < 0)
		return -ERANGE;
	*lo = (qb - sqrt(disc)) / qa;
	*hi = (qb + sqrt(disc)) / qa;
	return 0;
}

/*
 * Deviation of b's sum from its mean over all splits: with the pooled
 * total fixed, |mean(b) - mean(a)| grows with it and only with it.
 */
static void stats_perm_walk(const double *v, size_t n, size_t start,
			    size_t left, double sum, double mid, double obs,
			    double *hits, double *total)
{
	size_t i;

	if (!left) {
		*total += 1;
		if (fabs(sum - mid) >= obs)
			*hits += 1;
		return;
	}
	for (i = start; i + left <= n; i++)
		stats_perm_walk(v, n, i + 1, left - 1, sum + v[i], mid, obs,
				hits, total);
}

static void stats_perm_shuffle(double *v, size_t n, uint64_t *seed)
{
	size_t i;

	for (i = n - 1; i > 0; i--) {
		size_t k = stats_rand_next(seed) % (i + 1);
		double t = v[i];

		v[i] = v[k];
		v[k] = t;
	}
}

double stats_perm_p_min(size_t na, size_t nb)
{
	double splits;

	if (!na || !nb)
		return 1;
	splits = stats_choose(na + nb, nb);
	if (splits > STATS_PERM_EXACT_MAX)
		return 1.0 / (STATS_PERM_ROUNDS + 1);
	/* With equal sides a split and its mirror lie equally far. */
	return fmin(1, (na == nb ? 2 : 1) / splits);
}

int stats_perm_test(const double *a, size_t na, const double *b, size_t nb,
		    double *p, int *exact)
{
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	size_t n = na + nb, i, r;
	double *v, total = 0, sum_b = 0, mid, obs, hits = 0, tries = 0;

	if (!na || !nb)
		return -EDOM;
	v = malloc(n * sizeof(*v));
	if (!v)
		return -ENOMEM;
	memcpy(v, a, na * sizeof(*v));
	memcpy(v + na, b, nb * sizeof(*v));
	for (i = 0; i < n; i++)
		total += v[i];
	for (i = 0; i < nb; i++)
		sum_b += b[i];
	mid = total * nb / n;
	/* Sums in another order round apart: a mirror split must tie. */
	obs = fabs(sum_b - mid);
	obs -= 1e-9 * (fabs(total) + obs);
	*exact = stats_choose(n, nb) <= STATS_PERM_EXACT_MAX;
	if (*exact) {
		stats_perm_walk(v, n, 0, nb, 0, mid, obs, &hits, &tries);
		*p = hits / tries;
	} else {
		for (r = 0; r < STATS_PERM_ROUNDS; r++) {
			double s = 0;

			stats_perm_shuffle(v, n, &seed);
			for (i = 0; i < nb; i++)
				s += v[i];
			hits += fabs(s - mid) >= obs;
		}
		/* The observed split counts as one of the draws. */
		*p = (hits + 1) / (STATS_PERM_ROUNDS + 1);
	}
	free(v);
	return 0;
}

/*
 * n = 2 (t(1 - alpha/2, df) + t(power, df))^2 sd^2 / diff^2 with
 * df = 2n - 2 (Student's t in place of the normal's z, as in the
 * usual sample-size tables), solved by iteration.
 */
unsigned int stats_runs_needed(double sd, double diff, double alpha)
{
	double n, prev = 0;
	int i;

	if (diff == 0)
		return 0;
	n = 2 *
	    pow(-stats_normal_quantile(alpha / 2) +
			stats_normal_quantile(STATS_POWER),
		2) *
	    sd * sd / (diff * diff);
	for (i = 0; i < 50 && n < 1e6 && fabs(n - prev) > 1e-6; i++) {
		double df = 2 * fmax(n, 2) - 2;
		double tt = stats_t_quantile(1 - alpha / 2, df) +
			    stats_t_quantile(STATS_POWER, df);

		prev = n;
		n = 2 * tt * tt * sd * sd / (diff * diff);
	}
	n = ceil(n - 1e-9);
	if (n < 3)
		return 3;
	return n > 1e6 ? 1000000 : (unsigned int)n;
}

unsigned int stats_runs_needed_pooled(const struct stats_summary *a,
				      const struct stats_summary *b,
				      double diff, double alpha)
{
	return stats_runs_needed(sqrt((a->sd * a->sd + b->sd * b->sd) / 2),
				 diff, alpha);
}
