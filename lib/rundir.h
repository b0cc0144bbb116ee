/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_RUNDIR_H
#define BOOTBENCH_RUNDIR_H

#include <stddef.h>

#include "proto/json.h"

/*
 * A run directory, <results>/<test>/<params>/<release>/<N>, is written
 * under a temporary name in its parent and renamed into place when
 * complete, so a reader never sees half a run and two runs started at
 * once take different numbers.
 */
struct rundir {
	char parent[4096];
	char tmp[4200];
	char final[4200];
	int lock; /* held while the run is written: not stale */
};

int rundir_create(struct rundir *rd, const char *base, const char *test,
		  const char *params, const char *release);
int rundir_file_write(const struct rundir *rd, const char *name,
		      const struct json_buf *j);
int rundir_commit(struct rundir *rd);
void rundir_abort(struct rundir *rd);
int mkdir_p(const char *path);
/* @path and everything under it removed (none: 0), or -errno. */
int rundir_tree_remove(const char *path);
/* The run numbers <N> under a kernel directory, ascending; free *ids. */
int rundir_runs_list(const char *kernel_dir, unsigned int **ids,
		     unsigned int *n);

#endif
