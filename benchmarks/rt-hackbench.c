// SPDX-License-Identifier: GPL-2.0
/*
 * rt-tests' own hackbench (Debian's build, from the image's layer),
 * beside ours (benchmarks/hackbench.c) as a check of our fidelity: the
 * same parameters become its options (-g -f -l -s, -T for threads, -p
 * for pipes), it runs `passes` times, and its "Time: s" lines give the
 * same LKP formula as ours, under rt-hackbench.* so the two never mix:
 *   rt-hackbench.throughput = ((tasks * loops * 100) >> 10) / min time
 *   rt-hackbench.time_min / time_avg / time_max
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "external.h"
#include "harness.h"
#include "messaging.h"
#include "shared/util.h"

#define RT_HACKBENCH_BIN "/usr/bin/hackbench"

struct rt_times {
	double last;
	int seen;
};

static void rt_hackbench_line(const char *line, void *ctx)
{
	struct rt_times *t = ctx;

	if (!strncmp(line, "Time: ", 6)) {
		t->last = strtod(line + 6, NULL);
		t->seen = 1;
	}
}

static int rt_hackbench_pass(char **cmd, double *t)
{
	struct rt_times rt = { 0, 0 };
	int status =
		external_run(cmd, harness_tmpdir(), -1, rt_hackbench_line, &rt);

	if (status < 0)
		fprintf(stderr, "rt-hackbench: cannot run %s: %s\n", cmd[0],
			strerror(-status));
	else if (status || !rt.seen || rt.last <= 0)
		fprintf(stderr,
			"rt-hackbench: hackbench exited %d without a time\n",
			status);
	else
		*t = rt.last;
	return status || !rt.seen || rt.last <= 0;
}

static int rt_hackbench_run(int argc, char **argv)
{
	unsigned int groups = 10, nr = 0, fds = 20, loops = 100, size = 100;
	unsigned int passes = 3, i;
	const char *mode = "process", *ipc = "socket";
	const struct harness_param params[] = {
		{ "groups", &groups, NULL }, { "nr_threads", &nr, NULL },
		{ "fds", &fds, NULL },	     { "loops", &loops, NULL },
		{ "datasize", &size, NULL }, { "passes", &passes, NULL },
		{ "mode", NULL, &mode },     { "ipc", NULL, &ipc },
	};
	char g[16], f[16], l[16], s[16];
	char *cmd[] = { RT_HACKBENCH_BIN,
			"-g",
			g,
			"-f",
			f,
			"-l",
			l,
			"-s",
			s,
			NULL,
			NULL,
			NULL };
	double t = 0, min = 0, max = 0, sum = 0;
	int n = 9;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	/* LKP's nr_threads is hackbench's -g, as for ours. */
	if (nr)
		groups = nr;
	snprintf(g, sizeof(g), "%u", groups);
	snprintf(f, sizeof(f), "%u", fds);
	snprintf(l, sizeof(l), "%u", loops);
	snprintf(s, sizeof(s), "%u", size);
	if (!strcmp(mode, "threads"))
		cmd[n++] = "-T";
	if (!strcmp(ipc, "pipe"))
		cmd[n++] = "-p";
	for (i = 0; i < passes; i++) {
		printf("progress rt-hackbench pass %u/%u\n", i + 1, passes);
		if (rt_hackbench_pass(cmd, &t))
			return 1;
		if (!i || t < min)
			min = t;
		if (!i || t > max)
			max = t;
		sum += t;
	}
	harness_metric("rt-hackbench.throughput",
		       hackbench_throughput(groups * 2 * fds, loops, min));
	harness_metric("rt-hackbench.time_min", min);
	harness_metric("rt-hackbench.time_avg", sum / passes);
	harness_metric("rt-hackbench.time_max", max);
	return 0;
}

const struct bench bench = {
	.name = "rt-hackbench",
	.title = "rt-tests hackbench",
	.run = rt_hackbench_run,
};
