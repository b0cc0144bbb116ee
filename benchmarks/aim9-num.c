// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's numeric routines: series_1, new_raph, trig_rtns, num_rtns_1,
 * matrix_rtns, array_rtns and sieve. Their arguments are drawn from two
 * tables of values made once (0..1 and -10..10, as the original's), by
 * our own generator; each checks a result it can know.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aim9.h"

#define AIM9_NVALS 500
#define AIM9_NVALS10 10000

static double aim9_vals[AIM9_NVALS], aim9_vals10[AIM9_NVALS10];
static unsigned int aim9_val_pos, aim9_val10_pos, aim9_vals_made;
volatile double aim9_num_sink; /* results the compiler must compute */

static void aim9_vals_make(void)
{
	unsigned int i, s = 12345;

	for (i = 0; i < AIM9_NVALS; i++) {
		s = s * 1103515245u + 12345u;
		aim9_vals[i] = (double)(s >> 8) / (1u << 24);
	}
	for (i = 0; i < AIM9_NVALS10; i++) {
		s = s * 1103515245u + 12345u;
		aim9_vals10[i] = (double)(s >> 8) / (1u << 24) * 20.0 - 10.0;
	}
	aim9_vals_made = 1;
}

/* The next value in 0..1, and in -10..10. */
static double aim9_val(void)
{
	if (!aim9_vals_made)
		aim9_vals_make();
	return aim9_vals[aim9_val_pos++ % AIM9_NVALS];
}

static double aim9_val10(void)
{
	if (!aim9_vals_made)
		aim9_vals_make();
	return aim9_vals10[aim9_val10_pos++ % AIM9_NVALS10];
}

/*
 * series_1 (factor 100): 100 times sin(x) of a value in 0..1 from its
 * Taylor series about 0, terms added until the sum stops changing.
 * Checked: within 1e-4 of the library's sin(), as the original checks.
 */
int aim9_series_1(void)
{
	int n;

	for (n = 0; n < 100; n++) {
		double x = aim9_val(), term = x, sum = 0, old = 100, k = 1;

		while (sum != old) {
			old = sum;
			sum += term;
			term *= -x * x / ((k + 1) * (k + 2));
			k += 2;
		}
		if (fabs(sum - sin(x)) > 1e-4)
			return -EDOM;
	}
	return 0;
}

/*
 * new_raph (factor 200): 200 zeros of f(x) = 1000 sin x cos x found by
 * Newton's method from x = 0.05 n (n = 0..199), stepping until the step
 * is 0, at most 100 steps. Checked: each converged, to a zero of f.
 */
int aim9_new_raph(void)
{
	int n, i;

	for (n = 0; n < 200; n++) {
		double p0 = 0.05 * n, p = p0;

		for (i = 1; i < 100; i++) {
			double s = sin(p0), c = cos(p0);

			p = p0 - 1000 * s * c / (1000 * (c * c - s * s));
			if (p == p0)
				break;
			p0 = p;
		}
		if (i >= 100 || fabs(sin(2 * p)) > 1e-9)
			return -EDOM;
	}
	return 0;
}

/*
 * trig_rtns (factor 10000): 10000 times, for a value a in -10..10:
 * acos(cos(asin(sin(a)))), tanh(atan(tan(a))), atan2(sinh(a), cosh(a)).
 * Checked: acos(cos(t)) gives back |t| for t = asin(sin(a)).
 */
int aim9_trig_rtns(void)
{
	int n;

	for (n = 0; n < 10000; n++) {
		double a = aim9_val10(), t = asin(sin(a));

		if (fabs(acos(cos(t)) - fabs(t)) > 1e-6)
			return -EDOM;
		aim9_num_sink = tanh(atan(tan(a))) + atan2(sinh(a), cosh(a));
	}
	return 0;
}

/*
 * num_rtns_1 (factor 100): 100 times the library's non-trigonometric
 * functions on values of -10..10 and their shifts to positive (p) and
 * negative (q): floor(exp), ceil(log10), modf(log), frexp, ldexp,
 * fabs(fmod), sqrt(pow), srand/rand, labs. Checked: ldexp undoes frexp.
 */
int aim9_num_rtns_1(void)
{
	int n, e;

	for (n = 0; n < 100; n++) {
		double a = aim9_val10(), p = aim9_val10() + 10.0001;
		double q = aim9_val10() - 10.0001, ip, m;

		m = frexp(q, &e);
		if (ldexp(m, e) != q || fabs(m) < 0.5 || fabs(m) >= 1)
			return -EDOM;
		srand(abs(e));
		aim9_num_sink = floor(exp(a)) + ceil(log10(p)) +
				modf(log(p), &ip) + ldexp(a, abs(e)) +
				fabs(fmod(a * 5, p)) + sqrt(pow(p, a)) +
				labs((long)(-rand() + n));
	}
	return 0;
}

/*
 * matrix_rtns (factor 100): 100 point transformations: a 4-vector of
 * values in 0..1 times a 4 x 4 matrix of them (a 3D projection).
 * Checked: each coordinate lies in [0, 4], as the values bound it.
 */
int aim9_matrix_rtns(void)
{
	double v[4], m[4][4], out[4], prod = 0;
	int n, i, j;

	for (n = 0; n < 100; n++) {
		for (i = 0; i < 4; i++)
			v[i] = aim9_val();
		for (i = 0; i < 4; i++)
			for (j = 0; j < 4; j++)
				m[i][j] = aim9_val();
		for (i = 0; i < 4; i++) {
			out[i] = 0;
			for (j = 0; j < 4; j++)
				out[i] += v[j] * m[i][j];
			if (out[i] < 0 || out[i] > 4)
				return -EDOM;
		}
		prod += out[0] * out[1] * out[2];
	}
	aim9_num_sink = prod;
	return 0;
}

#define AIM9_A_MAX 100

/* Gauss-Jordan on the @h x (@h + 1) augmented system @a into @x. */
static int aim9_gauss(double (*a)[AIM9_A_MAX + 1], int h, double *x)
{
	int i, j, k, piv;

	for (i = 0; i < h; i++) {
		for (piv = i, j = i + 1; j < h; j++)
			if (fabs(a[j][i]) > fabs(a[piv][i]))
				piv = j;
		if (a[piv][i] == 0)
			return -EDOM;
		for (k = 0; k <= h && piv != i; k++) {
			double t = a[i][k];

			a[i][k] = a[piv][k];
			a[piv][k] = t;
		}
		for (j = 0; j < h; j++) {
			double f = a[j][i] / a[i][i];

			for (k = i; k <= h && j != i; k++)
				a[j][k] -= f * a[i][k];
		}
	}
	for (i = 0; i < h; i++)
		x[i] = a[i][h] / a[i][i];
	return 0;
}

/*
 * array_rtns (factor 20): 20 linear systems of 5, 10, ... 100 unknowns
 * (the next call goes on from where the sizes were) solved by Gaussian
 * elimination; the coefficients are values in 0..1, the diagonal
 * weighted so each system is well posed. Checked: the solution
 * satisfies the original equations.
 */
int aim9_array_rtns(void)
{
	static double a[AIM9_A_MAX][AIM9_A_MAX + 1],
		orig[AIM9_A_MAX][AIM9_A_MAX + 1];
	static int high = 5;
	double x[AIM9_A_MAX];
	int n, i, k, err;

	for (n = 0; n < 20; n++, high = high % AIM9_A_MAX + 5) {
		for (i = 0; i < high; i++)
			for (k = 0; k <= high; k++)
				a[i][k] = aim9_val() + (i == k ? high : 0);
		memcpy(orig, a, sizeof(a));
		err = aim9_gauss(a, high, x);
		for (i = 0; i < high && !err; i++) {
			double r = -orig[i][high];

			for (k = 0; k < high; k++)
				r += orig[i][k] * x[k];
			if (fabs(r) > 1e-9 * high)
				err = -EDOM;
		}
		if (err)
			return err;
	}
	return 0;
}

/*
 * sieve (factor 5): 5 times Eratosthenes' sieve over 1000000 bytes,
 * each pass clearing the multiples of every number still marked.
 * Checked: 78498 primes below 10^6.
 */
int aim9_sieve(void)
{
	enum { MAX = 1000000 };
	char *t = malloc(MAX);
	int pass, n, i, count = 0;

	if (!t)
		return -ENOMEM;
	for (pass = 0; pass < 5; pass++) {
		memset(t, 1, MAX);
		for (n = 2; n < MAX; n++) {
			if (!t[n])
				continue;
			for (i = n + n; i < MAX; i += n)
				t[i] = 0;
		}
	}
	for (n = 2; n < MAX; n++)
		count += t[n];
	free(t);
	return count == 78498 ? 0 : -EDOM;
}
