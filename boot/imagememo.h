/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_IMAGEMEMO_H
#define BOOTBENCH_IMAGEMEMO_H

#include <stddef.h>
#include <time.h>

/*
 * @req: the request (image.sh's arguments, environment and plan, one
 * a line). The image's path into @initrd when BUILD's memo of @req
 * still holds: 0, or -ENOENT / -ESTALE (run image.sh).
 */
int image_memo_find(const char *build, const char *req, char *initrd,
		    size_t size);
/*
 * Before image.sh: the file it lists its parts in (IMAGE_DEPS) into
 * @deps, and the time it starts at, on the filesystem's clock.
 */
int image_memo_open(const char *build, const char *req, char *deps, size_t size,
		    struct timespec *start);
/* After image.sh made @initrd: the memo of @req; @deps is removed. */
int image_memo_write(const char *build, const char *req, const char *deps,
		     const struct timespec *start, const char *initrd);

#endif
