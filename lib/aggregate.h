/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_AGGREGATE_H
#define BOOTBENCH_AGGREGATE_H

/*
 * Per kernel directory (<results>/<test>/<params>/<release>/), from the
 * stats.json of every run under it: matrix.json (metric -> one value
 * per run, in run order), avg.json and stddev.json (population). A
 * dmesg.* metric missing from a run is 0 there (the error did not
 * happen); any other missing value is null. Rewritten after every run,
 * under a lock, each file atomically. Only runs whose job.json says
 * complete and ok are columns; runs.json lists every run, with why a
 * run was left out. *runs is the number of columns.
 */
int aggregate_update(const char *kernel_dir, unsigned int *runs);

#endif
