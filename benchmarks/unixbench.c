// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "unixbench.h"

/*
 * LKP runs "Run -i runtime/10": long tests then make that many passes,
 * short ones max(1, (i + 1) / 3).
 */
unsigned int unixbench_passes_count(unsigned int runtime, int long_test)
{
	unsigned int i = runtime / 10;

	if (i < 1)
		i = 1;
	if (long_test)
		return i;
	return (i + 1) / 3 < 1 ? 1 : (i + 1) / 3;
}

static int unixbench_pass_cmp(const void *a, const void *b)
{
	const struct unixbench_pass *x = a, *y = b;

	return (x->count > y->count) - (x->count < y->count);
}

/*
 * Sort the passes by count, drop the lowest third (n / 3, integer) and
 * take the geometric mean of the rest's count / (time / timebase), or
 * of the counts themselves with timebase 0, as Run does.
 * Passes that measured nothing are skipped, as Run skips them.
 */
int unixbench_score_compute(struct unixbench_pass *p, unsigned int n,
			    double *score, double *mean_time,
			    unsigned int *kept)
{
	double log_sum = 0, time_sum = 0;
	unsigned int i;

	qsort(p, n, sizeof(*p), unixbench_pass_cmp);
	*kept = 0;
	for (i = n / 3; i < n; i++) {
		if (p[i].time <= 0 || p[i].timebase < 0 || p[i].count <= 0)
			continue;
		/* Timebase 0: the count is already a rate (KBps). */
		log_sum += log(p[i].count) -
			   (p[i].timebase ? log(p[i].time / p[i].timebase) : 0);
		time_sum += p[i].time;
		(*kept)++;
	}
	if (!*kept)
		return -ENODATA;
	*score = exp(log_sum / *kept);
	*mean_time = time_sum / *kept;
	return 0;
}
