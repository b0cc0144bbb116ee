/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_FSCOPY_H
#define BOOTBENCH_FSCOPY_H

/*
 * UnixBench's fstime in its copy mode (fstime, fsbuffer, fsdisk): @bufsize
 * bytes per read and write, a file of @max_kb KiB. argv[1] is the copy
 * test's seconds. Prints "COUNT|KBps|0|KBps": timebase 0, a rate.
 */
int fscopy_copy_main(int argc, char **argv, unsigned int bufsize,
		     unsigned int max_kb);

#endif
