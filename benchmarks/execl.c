// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Execl Throughput": a process re-executes its own binary
 * and carries its loop state (duration, count so far, start time) in
 * argv. Every new image counts one loop; when the wall-clock seconds
 * since the start reach the duration the last image reports the count.
 *
 * The image that loops is not this program but execl-image beside it
 * (benchmarks/execl-image.c): a small static program like the
 * original's, so that each loop costs what the original's does and a
 * change in the kernel's exec path shows in full. This copy only
 * starts it, with the stdout the harness reads the report from; the
 * job's exec_link=dynamic starts execl-image-dyn instead, the same
 * built dynamic with glibc, as LKP's build of UnixBench is.
 */
#include "harness.h"

static int execl_copy_main(int argc, char **argv)
{
	return harness_aux_exec("execl-image", argc, argv);
}

const struct bench bench = {
	.name = "execl",
	.title = "Execl Throughput",
	.duration = 30,
	.long_test = 0,
	.baseline = 43.0,
	.copy_key = "exec_link",
	.copy_main = execl_copy_main,
};
