// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* Up to @max bytes; one byte more tells a file that grew past it. */
static int file_fd_read(int fd, char *buf, size_t max, ssize_t *total)
{
	ssize_t n;

	*total = 0;
	while ((size_t)*total <= max) {
		n = read(fd, buf + *total, max + 1 - *total);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (!n)
			return 0;
		*total += n;
	}
	return EFBIG;
}

char *file_read_capped(const char *path, size_t max, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	char *buf = NULL;
	struct stat st;
	ssize_t n = 0;
	int err = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st))
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	else if ((size_t)st.st_size > max)
		err = EFBIG;
	else if (!(buf = malloc(max + 1)))
		err = ENOMEM;
	else
		err = file_fd_read(fd, buf, max, &n);
	close(fd);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
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
		err = errno ? -errno : -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

int file_program_find(const char *prog, char *buf, size_t size)
{
	const char *p = getenv("PATH");

	if (strchr(prog, '/')) {
		snprintf(buf, size, "%s", prog);
		return access(buf, X_OK) ? -ENOENT : 0;
	}
	for (p = p ? p : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");

		snprintf(buf, size, "%.*s/%s", (int)n, p, prog);
		if (n && access(buf, X_OK) == 0)
			return 0;
		p += n + (p[n] == ':');
	}
	return -ENOENT;
}
