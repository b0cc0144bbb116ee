/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_HISTORY_EDIVISIVE_H
#define BOOTBENCH_HISTORY_EDIVISIVE_H

#include <stddef.h>

/*
 * E-divisive means (Matteson and James, "A Nonparametric Approach for
 * Multiple Change Point Analysis of Multivariate Data", JASA 2014),
 * with alpha = 1, in one dimension: the split of a segment that
 * maximises the energy distance between its two sides, found over
 * every segment so far, kept when a permutation test (the values
 * permuted within each segment, the best split of all recomputed) says
 * it is significant; then again on the new segments.
 */
struct edv_opts {
	size_t min_size; /* the fewest points a segment keeps (>= 2) */
	double sig; /* the permutation test's level: 0.05 */
	unsigned int perms; /* permutations: 199 */
	unsigned long long seed; /* the permutations' generator */
};

struct edv_point {
	size_t at; /* the first point after the change */
	double p; /* the permutation test's p-value */
};

/*
 * The change points of @x[0..@n) into @cps (at most @max, ascending by
 * @at), their number in *@ncp. 0, or -ENOMEM.
 */
int edv_points_find(const double *x, size_t n, const struct edv_opts *o,
		    struct edv_point *cps, size_t max, size_t *ncp);

/* A 64-bit xorshift* generator, and a normal deviate from it. */
double edv_uniform(unsigned long long *s);
double edv_normal(unsigned long long *s);

#endif
