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
	if (stats_choose(n, nb) <= STATS_MWU_EXACT_MAX) {
		long mean2 = (long)(nb * (n + 1)); /* 2 * E[rank sum] */
		double hits = 0, total = 0;

		stats_mwu_walk(r2, n, 0, nb, 0, mean2, labs(rb2 - mean2), &hits,
			       &total);
		*p = hits / total;
		*exact = 1;
	} else {
		double mu = na * nb / 2.0, var, z;

		var = na * nb / 12.0 * ((n + 1) - ties / ((double)n * (n - 1)));
		if (var <= 0) {
			*p = 1;
		} else {
			z = (fabs(*u - mu) - 0.5) / sqrt(var);
			*p = z <= 0 ? 1 : 2 * (1 - stats_normal_cdf(z));
		}
		*exact = 0;
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

static double stats_resample_mean(const double *v, size_t n, uint64_t *seed)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += v[stats_rand_next(seed) % n];
	return sum / n;
}

int stats_ratio_interval(const double *a, size_t na, const double *b, size_t nb,
			 double level, unsigned int rounds, double *lo,
			 double *hi)
{
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	double *ratio;
	unsigned int i;
	int err = 0;

	if (!na || !nb || rounds < 10)
		return -EDOM;
	ratio = malloc(rounds * sizeof(*ratio));
	if (!ratio)
		return -ENOMEM;
	for (i = 0; i < rounds; i++) {
		double ma = stats_resample_mean(a, na, &seed);

		if (ma == 0) {
			err = -EDOM;
			goto out;
		}
		ratio[i] = stats_resample_mean(b, nb, &seed) / ma;
	}
	qsort(ratio, rounds, sizeof(*ratio), stats_double_cmp);
	*lo = ratio[(size_t)((1 - level) / 2 * (rounds - 1))];
	*hi = ratio[(size_t)((1 + level) / 2 * (rounds - 1))];
out:
	free(ratio);
	return err;
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

unsigned int stats_runs_needed(double sd, double diff)
{
	/* (z_0.975 + z_0.8)^2, twice for two samples. */
	const double zz = 2 * 2.8015852 * 2.8015852;
	double n;

	if (diff == 0)
		return 0;
	n = ceil(zz * sd * sd / (diff * diff));
	if (n < 2)
		return 2;
	return n > 1e6 ? 1000000 : (unsigned int)n;
}

unsigned int stats_runs_needed_pooled(const struct stats_summary *a,
				      const struct stats_summary *b,
				      double diff)
{
	return stats_runs_needed(sqrt((a->sd * a->sd + b->sd * b->sd) / 2),
				 diff);
}
