// SPDX-License-Identifier: GPL-2.0
/*
 * `perf bench sched messaging`: the hackbench algorithm
 * (benchmarks/messaging.c) once, defaults groups 10, loops 100, 20
 * fds, 100-byte messages; reports the total seconds.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "messaging.h"
#include "shared/util.h"

static int messaging_main(int argc, char **argv)
{
	struct messaging_conf c = { 10, 20, 100, 100, 0, 0 };
	const char *mode = "process", *ipc = "socket";
	const struct harness_param params[] = {
		{ "groups", &c.groups, NULL },
		{ "nr_threads", &c.groups, NULL },
		{ "fds", &c.fds, NULL },
		{ "loops", &c.loops, NULL },
		{ "mode", NULL, &mode },
		{ "ipc", NULL, &ipc },
	};
	double t;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	c.threads = !strcmp(mode, "threads");
	c.pipes = !strcmp(ipc, "pipe");
	printf("# %u sender and receiver %s per group\n", c.fds,
	       c.threads ? "threads" : "processes");
	printf("# %u groups == %u %s run\n", c.groups, c.groups * 2 * c.fds,
	       c.threads ? "threads" : "processes");
	if (messaging_run(&c, &t)) {
		fprintf(stderr, "sched messaging: a worker failed\n");
		return 1;
	}
	printf("     Total time: %.3f [sec]\n", t);
	harness_metric("perf-bench-sched-messaging.total_time_sec", t);
	return 0;
}

const struct bench bench = {
	.name = "perf-bench-sched-messaging",
	.title = "perf bench sched messaging",
	.run = messaging_main,
};
