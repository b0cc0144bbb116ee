// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Shell Scripts (1 concurrent)": the looper runs multi.sh 1
 * for 60 s; one loop is one run of 1 shell scripts at once (looper.c).
 */
#include "harness.h"
#include "looper.h"

static int shell1_copy_main(int argc, char **argv)
{
	return looper_copy_main(argc, argv, 1);
}

const struct bench bench = {
	.name = "shell1",
	.title = "Shell Scripts (1 concurrent)",
	.duration = 60,
	.baseline = 42.4,
	.copy_main = shell1_copy_main,
};
