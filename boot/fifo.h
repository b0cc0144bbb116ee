/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_FIFO_H
#define BOOTBENCH_FIFO_H

/*
 * A boot's FIFOs (console, results) and QMP socket, in a directory of
 * their own under /tmp: short, where the run directory's path may not
 * be, and locked while its run lives (boot/fifo.c).
 */
struct fifo_dir {
	char dir[32], con_path[64], res_path[64], qmp_path[64];
	int lock; /* the directory, flock()ed while the run lives; -1 */
};

/* The directory made and locked, killed runs' ones swept: 0 or -errno. */
int fifo_dir_make(struct fifo_dir *d);
/* The console's and the results' FIFOs, @fd their read ends: 0 or -errno. */
int fifo_pipes_open(struct fifo_dir *d, int fd[2]);
/* PIN='s QMP socket's path, in the directory. */
const char *fifo_qmp_path_make(struct fifo_dir *d);
/* Everything in the directory, and it, removed; the lock let go. */
void fifo_dir_remove(struct fifo_dir *d);

#endif
