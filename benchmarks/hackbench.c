// SPDX-License-Identifier: GPL-2.0
/*
 * rt-tests hackbench: groups x (fds senders + fds receivers), each
 * sender writing loops messages of datasize bytes to each receiver of
 * its group (benchmarks/messaging.c). Run `passes` times, as LKP runs
 * it several times in a job; per pass "Time: s.mmm" as the original
 * prints, then LKP's metrics:
 *   hackbench.throughput       = ((tasks * loops * 100) >> 10) / min time
 *   hackbench.throughput_avg   ... / mean time
 *   hackbench.throughput_worst ... / max time
 * with tasks = groups * 2 * fds.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "messaging.h"
#include "shared/util.h"

static int hackbench_run(int argc, char **argv)
{
	struct messaging_conf c = { 10, 20, 100, 100, 0, 0 };
	unsigned int groups = 0, passes = 3, i, tasks;
	const char *mode = "process", *ipc = "socket";
	const struct harness_param params[] = {
		{ "groups", &c.groups, NULL },
		{ "nr_threads", &groups, NULL },
		{ "fds", &c.fds, NULL },
		{ "loops", &c.loops, NULL },
		{ "datasize", &c.datasize, NULL },
		{ "passes", &passes, NULL },
		{ "mode", NULL, &mode },
		{ "ipc", NULL, &ipc },
	};
	double t, min = 0, max = 0, sum = 0;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	/* LKP's nr_threads is hackbench's -g. */
	if (groups)
		c.groups = groups;
	c.threads = !strcmp(mode, "threads");
	c.pipes = !strcmp(ipc, "pipe");
	tasks = c.groups * 2 * c.fds;
	printf("Running in %s mode with %u groups using %u file descriptors each (== %u tasks)\n",
	       c.threads ? "threaded" : "process", c.groups, 2 * c.fds, tasks);
	printf("Each sender will pass %u messages of %u bytes over %s\n",
	       c.loops, c.datasize, c.pipes ? "pipes" : "sockets");
	for (i = 0; i < passes; i++) {
		printf("progress hackbench pass %u/%u\n", i + 1, passes);
		if (messaging_run(&c, &t)) {
			fprintf(stderr, "hackbench: a worker failed\n");
			return 1;
		}
		printf("Time: %.3f\n", t);
		if (!i || t < min)
			min = t;
		if (!i || t > max)
			max = t;
		sum += t;
	}
	harness_metric("hackbench.throughput",
		       hackbench_throughput(tasks, c.loops, min));
	harness_metric("hackbench.throughput_avg",
		       hackbench_throughput(tasks, c.loops, sum / passes));
	harness_metric("hackbench.throughput_worst",
		       hackbench_throughput(tasks, c.loops, max));
	/* Messages sent, every pass: PROFILE=1's operations. */
	harness_metric("hackbench.ops",
		       (double)passes * c.groups * c.fds * c.fds * c.loops);
	harness_metric("hackbench.time_min", min);
	harness_metric("hackbench.time_avg", sum / passes);
	harness_metric("hackbench.time_max", max);
	return 0;
}

const struct bench bench = {
	.name = "hackbench",
	.title = "hackbench",
	.run = hackbench_run,
};
