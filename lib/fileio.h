/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_FILEIO_H
#define BOOTBENCH_FILEIO_H

#include <stddef.h>

/*
 * A whole file in memory, NUL-terminated (NUL bytes inside are kept and
 * counted in *len). NULL with errno set if it cannot be read.
 */
char *file_read_all(const char *path, size_t *len);

/*
 * The same for a file given by someone else (a job's lscpu, a profile):
 * a regular file of at most @max bytes, else NULL with errno EINVAL (a
 * device, a FIFO, a directory) or EFBIG. Never blocks on a FIFO.
 */
char *file_read_capped(const char *path, size_t max, size_t *len);

/*
 * @len bytes of @buf as the whole of @path, or nothing: written beside it
 * and renamed over it, so a reader never sees half a file. 0 or -errno.
 */
int file_write_atomic(const char *path, const void *buf, size_t len);

/*
 * The file exec would run for @prog: @prog itself when it has a '/', else
 * the first executable of that name on PATH (/usr/bin:/bin without one),
 * in @buf. 0, or -ENOENT.
 */
int file_program_find(const char *prog, char *buf, size_t size);

#endif
