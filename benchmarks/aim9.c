// SPDX-License-Identifier: GPL-2.0
/*
 * AIM Suite IX, as LKP runs it (test: one of its list, testtime: 300s,
 * FILESIZE: 5M): the driver calls the test function in a loop until an
 * alarm fires after `runtime` seconds, takes the rate in calls per
 * second from the times() clock ticks, and reports ops/sec = rate x the
 * test's factor. Each test is one function of the suite
 * (aim9-tests.def names them; aim9-arith.c, aim9-disk.c, aim9-dir.c,
 * aim9-ipc.c, aim9-proc.c hold them); what one call does, and why the
 * factor is what it is, is written beside it (docs/benchmarks.md).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/times.h>
#include <unistd.h>

#include "aim9.h"
#include "harness.h"
#include "shared/util.h"

/* Calls @test until the alarm; the calls made, or -errno. */
static long aim9_loop(const struct aim9_test *test, unsigned int runtime,
		      double *secs)
{
	clock_t start, end;
	struct tms tms;
	long calls = 0;
	int err = 0;

	if (harness_alarm_arm(runtime))
		return -EINVAL;
	start = times(&tms);
	while (!harness_stop && !err) {
		err = test->call();
		/*
		 * The alarm itself can interrupt a call's connect, accept or
		 * read: that call is the loop's end, not a failure (and is
		 * not counted).
		 */
		if (err == -EINTR && harness_stop) {
			err = 0;
			break;
		}
		calls++;
	}
	end = times(&tms);
	*secs = (double)(end - start) / sysconf(_SC_CLK_TCK);
	return err ? err : calls;
}

static int aim9_run(int argc, char **argv)
{
	unsigned int runtime = 10;
	const char *name = "shared_memory";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "aim9_test", NULL, &name },
	};
	const struct aim9_test *test;
	double secs = 0, ops;
	char metric[64];
	long calls;
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	test = aim9_test_find(name);
	if (!test) {
		fprintf(stderr,
			"aim9: unknown test %s: give one of benchmarks/aim9-tests.def\n",
			name);
		return 2;
	}
	snprintf(aim9_env.dir, sizeof(aim9_env.dir), "%s", harness_tmpdir());
	printf("aim9 %s: %u s in %s\n", test->name, runtime, aim9_env.dir);
	err = aim9_prep_make(test);
	calls = err ? err : aim9_loop(test, runtime, &secs);
	aim9_prep_undo(test);
	if (calls < 0) {
		fprintf(stderr, "aim9: %s failed in %s: %s\n", test->name,
			aim9_env.dir, strerror((int)-calls));
		return 1;
	}
	ops = calls / secs * aim9_test_factor(test);
	printf("%s: %ld calls in %.2f s, %.2f %s per second\n", test->name,
	       calls, secs, ops, test->unit);
	snprintf(metric, sizeof(metric), "aim9.%s.ops_per_sec", test->name);
	harness_metric(metric, ops);
	return 0;
}

const struct bench bench = {
	.name = "aim9",
	.title = "AIM Suite IX",
	.run = aim9_run,
	.copy_main = aim9_copy_main,
};
