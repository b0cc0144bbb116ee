// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Shell Scripts (8 concurrent)": the looper runs multi.sh 8
 * for 60 s; one loop is one run of 8 shell scripts at once (looper.c).
 */
#include "harness.h"
#include "looper.h"

static int shell8_copy_main(int argc, char **argv)
{
	return looper_copy_main(argc, argv, 8);
}

const struct bench bench = {
	.name = "shell8",
	.title = "Shell Scripts (8 concurrent)",
	.duration = 60,
	.baseline = 6.0,
	.copy_main = shell8_copy_main,
};
