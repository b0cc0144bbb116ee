// SPDX-License-Identifier: GPL-2.0
/* UnixBench "File Copy 256 bufsize 500 maxblocks": fstime -c -b 256 -m 500 (fscopy.c). */
#include "fscopy.h"
#include "harness.h"

static int fsbuffer_copy_main(int argc, char **argv)
{
	return fscopy_copy_main(argc, argv, 256, 500);
}

const struct bench bench = {
	.name = "fsbuffer",
	.title = "File Copy 256 bufsize 500 maxblocks",
	.duration = 30,
	.baseline = 1655,
	.copy_main = fsbuffer_copy_main,
};
