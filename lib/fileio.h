/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_FILEIO_H
#define BOOTBENCH_FILEIO_H

#include <stddef.h>

/*
 * A whole file in memory, NUL-terminated (NUL bytes inside are kept and
 * counted in *len). NULL with errno set if it cannot be read.
 */
char *file_read_all(const char *path, size_t *len);

#endif
