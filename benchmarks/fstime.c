// SPDX-License-Identifier: GPL-2.0
/* UnixBench "File Copy 1024 bufsize 2000 maxblocks": fstime -c -b 1024 -m 2000 (fscopy.c). */
#include "fscopy.h"
#include "harness.h"

static int fstime_copy_main(int argc, char **argv)
{
	return fscopy_copy_main(argc, argv, 1024, 2000);
}

const struct bench bench = {
	.name = "fstime",
	.title = "File Copy 1024 bufsize 2000 maxblocks",
	.duration = 30,
	.baseline = 3960,
	.copy_main = fstime_copy_main,
};
