// SPDX-License-Identifier: GPL-2.0
/* The guest init's reading of the job from the kernel command line. */
#include <errno.h>
#include <string.h>

#include "init/init.h"
#include "check.h"

int main(void)
{
	struct job j;

	CHECK("job: test, iterations and benchmark arguments",
	      job_parse(
		      &j,
		      "console=ttyS0 bootbench.test=execl bootbench.iterations=3 "
		      "bootbench.runtime=10 quiet bootbench.nr_task=100%\n") ==
			      0 &&
		      !strcmp(j.test, "execl") && j.iterations == 3 &&
		      j.nargs == 2 && !strcmp(j.args[0], "--runtime=10") &&
		      !strcmp(j.args[1], "--nr_task=100%"));
	job_free(&j);
	CHECK("job: defaults", job_parse(&j, "bootbench.test=x") == 0 &&
				       j.iterations == 1 && j.watchdog == 0 &&
				       j.nargs == 0);
	job_free(&j);
	CHECK("job: quoted values",
	      job_parse(&j, "bootbench.test=\"a\" x=\"1 2\"") == 0 &&
		      !strcmp(j.test, "a"));
	job_free(&j);
	CHECK("job: no test is an error",
	      job_parse(&j, "console=ttyS0") == -ENOENT);
	job_free(&j);
	CHECK("job: a bad iteration count is an error",
	      job_parse(&j, "bootbench.test=x bootbench.iterations=many") ==
		      -EINVAL);
	job_free(&j);
	CHECK("job: the init's iterations limit is the host's (proto/jobkeys.def)",
	      job_parse(&j, "bootbench.test=x bootbench.iterations=10000") ==
			      0 &&
		      j.iterations == 10000);
	job_free(&j);
	CHECK("job: one more iteration than the limit is an error",
	      job_parse(&j, "bootbench.test=x bootbench.iterations=10001") ==
		      -ERANGE);
	job_free(&j);
	CHECK("job: console_results=lava is the init's, not the benchmark's",
	      job_parse(&j,
			"bootbench.test=x bootbench.console_results=lava") ==
			      0 &&
		      j.console_lava == 1 && j.nargs == 0);
	job_free(&j);
	CHECK("job: console_results takes only lava",
	      job_parse(&j, "bootbench.test=x bootbench.console_results=tap") ==
		      -EINVAL);
	job_free(&j);
	CHECK("job: a word without a value is an error",
	      job_parse(&j, "bootbench.test=x bootbench.flag") == -EINVAL);
	job_free(&j);
	return CHECK_DONE();
}
