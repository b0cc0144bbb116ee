// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "fileio.h"

char *file_read_all(const char *path, size_t *len)
{
	size_t n = 0, cap = 4096;
	char *buf = malloc(cap), *p;
	FILE *f = fopen(path, "rb");
	int err = 0;

	if (!f || !buf) {
		err = f ? ENOMEM : errno;
		goto fail;
	}
	for (;;) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		cap *= 2;
		p = realloc(buf, cap);
		if (!p) {
			err = ENOMEM;
			goto fail;
		}
		buf = p;
	}
	if (ferror(f)) {
		err = EIO;
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	if (f)
		fclose(f);
	free(buf);
	errno = err;
	return NULL;
}
