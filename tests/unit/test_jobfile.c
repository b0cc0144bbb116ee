// SPDX-License-Identifier: GPL-2.0
/* QUICK=1's scaling of a job's values (docs/jobs.md). */
#include <string.h>

#include "boot/jobfile.h"
#include "check.h"

static int scaled(const char *key, const char *value, const char *want)
{
	char buf[64];

	return !strcmp(jobfile_quick_scale(key, value, buf, sizeof(buf)), want);
}

int main(void)
{
	CHECK("quick: runtime / 30: LKP's 300 s are 10 s",
	      scaled("runtime", "300", "10"));
	CHECK("quick: runtime at least 3 s, a shorter one kept",
	      scaled("runtime", "60", "3") && scaled("runtime", "2", "2"));
	CHECK("quick: runtime at most 10 s (sysbench's period of 600 s)",
	      scaled("runtime", "600", "10") &&
		      scaled("testtime", "3600", "10"));
	CHECK("quick: loops / 100, at least 100 (hackbench's 60000 are 600)",
	      scaled("loops", "60000", "600") &&
		      scaled("loops", "5000", "100") &&
		      scaled("loops", "1", "1"));
	CHECK("quick: loops at most 10000 (sched pipe's 10M round trips)",
	      scaled("loops", "10000000", "10000") &&
		      scaled("loops", "1000000", "10000"));
	CHECK("quick: test_size / 1024, at least 4 MiB (fsmark's 4G is 4M)",
	      scaled("test_size", "4G", "4096K") &&
		      scaled("test_size", "400M", "4096K") &&
		      scaled("test_size", "64G", "65536K"));
	CHECK("quick: a test_size of 4 MiB or less is kept",
	      scaled("test_size", "4M", "4M") &&
		      scaled("test_size", "1M", "1M"));
	CHECK("quick: aim7's load / 50 (at least 2), aim7_jobs / 10 (at least 10)",
	      scaled("load", "100", "2") && scaled("load", "3000", "60") &&
		      scaled("aim7_jobs", "100", "10"));
	CHECK("quick: iterations, runs and passes are 1, other keys kept",
	      scaled("iterations", "4", "1") && scaled("runs", "5", "1") &&
		      scaled("passes", "8", "1") &&
		      scaled("nr_task", "100%", "100%") &&
		      scaled("runtime", "300s", "300s"));
	return CHECK_DONE();
}
