// SPDX-License-Identifier: GPL-2.0
/* UnixBench "File Copy 4096 bufsize 8000 maxblocks": fstime -c -b 4096 -m 8000 (fscopy.c). */
#include "fscopy.h"
#include "harness.h"

static int fsdisk_copy_main(int argc, char **argv)
{
	return fscopy_copy_main(argc, argv, 4096, 8000);
}

const struct bench bench = {
	.name = "fsdisk",
	.title = "File Copy 4096 bufsize 8000 maxblocks",
	.duration = 30,
	.baseline = 5800,
	.copy_main = fsdisk_copy_main,
};
