// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Process Creation": fork, the child exits 0 at once, the
 * parent waits and checks the status; one loop per child. Counted
 * until the alarm.
 *
 * The loop runs in spawn-image beside this program
 * (benchmarks/spawn-image.c), a small static program like the
 * original's, so that the forked child costs what the original's does.
 * This copy only starts it, with the stdout the harness reads the
 * report from; the job's exec_link=dynamic starts spawn-image-dyn
 * instead, the same built dynamic with glibc, as LKP's build is.
 */
#include "harness.h"

static int spawn_copy_main(int argc, char **argv)
{
	return harness_aux_exec("spawn-image", argc, argv);
}

const struct bench bench = {
	.name = "spawn",
	.title = "Process Creation",
	.duration = 30,
	.baseline = 126.0,
	.copy_key = "exec_link",
	.copy_main = spawn_copy_main,
};
