/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_UNIXBENCH_H
#define BOOTBENCH_UNIXBENCH_H

/* UnixBench's Run rules, kept apart from the process handling to be testable. */
struct unixbench_pass {
	double count; /* sum of the copies' counts */
	double time; /* mean of the copies' times, seconds */
	int timebase; /* 1: per second, 60: per minute, 0: count is a rate */
};

unsigned int unixbench_passes_count(unsigned int runtime, int long_test);
int unixbench_score_compute(struct unixbench_pass *p, unsigned int n,
			    double *score, double *mean_time,
			    unsigned int *kept);

#endif
