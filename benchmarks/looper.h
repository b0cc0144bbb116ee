/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_LOOPER_H
#define BOOTBENCH_LOOPER_H

/*
 * UnixBench's looper for shell1 and shell8: run "multi.sh N" (N copies
 * of the shell workload at once) over and over until the alarm, one
 * loop per completed run, reported in loops per minute.
 */
int looper_copy_main(int argc, char **argv, unsigned int scripts);

#endif
