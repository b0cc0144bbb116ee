// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

int file_write_atomic(const char *path, const void *buf, size_t len)
{
	char tmp[4352];
	FILE *f;
	int err = 0;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid()) >=
	    (int)sizeof(tmp))
		return -ENAMETOOLONG;
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	if (fwrite(buf, 1, len, f) != len)
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}
