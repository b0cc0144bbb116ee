// SPDX-License-Identifier: GPL-2.0
/*
 * The image's memo: every make run called initramfs/image.sh, which
 * on a cache hit only compared times and printed the path it printed
 * last time (0.15 s of shell, half of what make run spent outside
 * QEMU). image.sh now says what the image was made from ("input PATH")
 * and of ("output PATH"); this file keeps that per request (image.sh's
 * arguments, its environment and the plan) in BUILD/images/memo, and a
 * later run with the same request takes the image without the shell
 * while no input is newer than the memo and every output is there.
 * The memo's time is when image.sh started, on the filesystem's own
 * clock: an input changed while it ran is newer, so the next run makes
 * the image again. A job with a Debian layer ("nomemo": layer.sh's
 * checks are its own) always runs image.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "imagememo.h"
#include "lib/fileio.h"
#include "lib/rundir.h"
#include "shared/util.h"

#define MEMO_MAX (1 << 20)
#define MEMO_END "--\n"

static int memo_path_get(const char *build, const char *req, const char *ext,
			 char *path, size_t size)
{
	unsigned int h = util_fnv1a_add(UTIL_FNV1A_INIT, req);
	int n;

	n = snprintf(path, size, "%s/images/memo/%08x%s", build, h, ext);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static int memo_ts_newer(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec != b->tv_sec ? a->tv_sec > b->tv_sec :
					a->tv_nsec >= b->tv_nsec;
}

/* One line of the memo's list: 0 when it still holds, else -ESTALE. */
static int memo_line_check(char *line, const struct timespec *made,
			   char *initrd, size_t size)
{
	char *path = strchr(line, ' ');
	struct stat st;

	if (!path)
		return -ESTALE;
	*path++ = '\0';
	if (!strcmp(line, "image")) {
		if ((size_t)snprintf(initrd, size, "%s", path) >= size)
			return -ESTALE;
		return stat(path, &st) ? -ESTALE : 0;
	}
	if (stat(path, &st))
		return -ESTALE;
	if (!strcmp(line, "output"))
		return 0;
	if (!strcmp(line, "input"))
		return memo_ts_newer(&st.st_mtim, made) ? -ESTALE : 0;
	return -ESTALE;
}

int image_memo_find(const char *build, const char *req, char *initrd,
		    size_t size)
{
	size_t rlen = strlen(req), len;
	char path[PATH_MAX], *buf, *line, *next;
	struct stat st;
	int err;

	err = memo_path_get(build, req, ".memo", path, sizeof(path));
	if (err)
		return err;
	buf = file_read_capped(path, MEMO_MAX, &len);
	if (!buf)
		return -ENOENT;
	err = -ESTALE;
	if (len < rlen + 3 || memcmp(buf, req, rlen) ||
	    memcmp(buf + rlen, MEMO_END, 3) || stat(path, &st))
		goto out;
	*initrd = '\0';
	for (line = buf + rlen + 3; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			goto out;
		*next++ = '\0';
		err = memo_line_check(line, &st.st_mtim, initrd, size);
		if (err)
			goto out;
	}
	err = *initrd ? 0 : -ESTALE;
out:
	free(buf);
	return err;
}

int image_memo_open(const char *build, const char *req, char *deps, size_t size,
		    struct timespec *start)
{
	char dir[PATH_MAX];
	struct stat st;
	int fd, err;

	err = memo_path_get(build, req, ".deps", deps, size);
	if (err)
		return err;
	if ((size_t)snprintf(deps + strlen(deps), size - strlen(deps), ".%d",
			     (int)getpid()) >= size - strlen(deps))
		return -ENAMETOOLONG;
	snprintf(dir, sizeof(dir), "%s/images/memo", build);
	err = mkdir_p(dir);
	if (err)
		return err;
	fd = open(deps, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	err = fstat(fd, &st) ? -errno : 0;
	close(fd);
	*start = st.st_mtim;
	return err;
}

int image_memo_write(const char *build, const char *req, const char *deps,
		     const struct timespec *start, const char *initrd)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16], *list = NULL;
	struct timespec ts[2] = { *start, *start };
	size_t len = 0;
	FILE *f = NULL;
	int err;

	err = memo_path_get(build, req, ".memo", path, sizeof(path));
	if (err)
		goto out;
	list = file_read_capped(deps, MEMO_MAX, &len);
	err = -EIO;
	if (!list || memchr(list, '\0', len) ||
	    (len && list[len - 1] != '\n') || strchr(initrd, '\n'))
		goto out;
	/* A part whose freshness only its own script can tell. */
	if (!strncmp(list, "nomemo ", 7) || strstr(list, "\nnomemo ")) {
		err = unlink(path) && errno != ENOENT ? -errno : 0;
		goto out;
	}
	snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
	f = fopen(tmp, "we");
	if (!f) {
		err = -errno;
		goto out;
	}
	fprintf(f, "%s%simage %s\n%s", req, MEMO_END, initrd, list);
	err = fflush(f) || futimens(fileno(f), ts) ? -errno : 0;
	if (fclose(f) && !err)
		err = -EIO;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
out:
	unlink(deps);
	free(list);
	return err;
}
