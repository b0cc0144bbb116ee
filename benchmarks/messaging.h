/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_MESSAGING_H
#define BOOTBENCH_MESSAGING_H

/*
 * The hackbench algorithm, shared by rt-tests' hackbench and
 * `perf bench sched messaging`: groups of senders and receivers; each
 * sender writes `loops` messages of `datasize` bytes to every receiver
 * of its group, each receiver reads fds * loops messages. Workers
 * report ready and block; the clock starts when they are all released
 * and stops when every one of them has been reaped.
 */
struct messaging_conf {
	unsigned int groups;
	unsigned int fds; /* senders per group = receivers per group */
	unsigned int loops;
	unsigned int datasize;
	int pipes; /* pipes instead of AF_UNIX stream sockets */
	int threads; /* threads instead of processes */
};

/* Seconds from release to the last reap, or -errno on a failed worker. */
int messaging_run(const struct messaging_conf *c, double *seconds);

/*
 * LKP's hackbench.throughput for one time: ((tasks * loops * 100) >> 10)
 * / seconds, tasks = groups * 2 * fds.
 */
double hackbench_throughput(unsigned int tasks, unsigned int loops,
			    double seconds);

#endif
