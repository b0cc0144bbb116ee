// SPDX-License-Identifier: GPL-2.0
/*
 * will-it-scale: what a testcase needs prepared before its tasks start
 * (wis-tests.def's prep column), made by the parent in TMPDIR and
 * inherited by every task (wis_prep), and removed after the run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "wis.h"

struct wis_prep wis_prep;

static int wis_file_make(char *path, size_t len, unsigned long size)
{
	static const char zero[4096];
	int fd, err = 0;
	ssize_t n;

	snprintf(path, len, "%s/willitscale.XXXXXX", wis_prep.dir);
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	for (; size && !err; size -= n) {
		n = write(fd, zero, size < sizeof(zero) ? size : sizeof(zero));
		if (n <= 0)
			err = n < 0 ? -errno : -EIO;
	}
	close(fd);
	return err;
}

/* A directory of its own holding the file "willitscale": @path is it. */
static int wis_dir_make(char *path, size_t len)
{
	int fd;

	snprintf(path, len, "%s/willitscale.XXXXXX", wis_prep.dir);
	if (!mkdtemp(path))
		return -errno;
	strcat(path, "/willitscale");
	fd = open(path, O_CREAT | O_RDWR, 0600);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

int wis_prep_make(enum wis_prep_kind prep, unsigned long size, unsigned int nr)
{
	size_t len = sizeof(wis_prep.file);
	struct rlimit rl;
	unsigned int i;
	rlim_t want;
	int err = 0;

	wis_prep.nr_tasks = nr;
	switch (prep) {
	case WIS_PREP_FILE:
		return wis_file_make(wis_prep.file, len, size);
	case WIS_PREP_PAGES:
		return wis_file_make(wis_prep.file, len,
				     (unsigned long)getpagesize() * nr);
	case WIS_PREP_FILES:
	case WIS_PREP_DIRS:
		wis_prep.paths = calloc(nr, sizeof(*wis_prep.paths));
		if (!wis_prep.paths)
			return -ENOMEM;
		for (i = 0; i < nr && !err; i++) {
			char *p = wis_prep.paths[i];

			if (prep == WIS_PREP_FILES) {
				err = wis_file_make(p, len, 0);
				if (!err && !size)
					unlink(p);
				continue;
			}
			err = wis_dir_make(p, len);
		}
		return err;
	case WIS_PREP_NOFILE:
		want = (size + 10) * sysconf(_SC_NPROCESSORS_CONF);
		getrlimit(RLIMIT_NOFILE, &rl);
		if (rl.rlim_max < want)
			rl.rlim_max = want;
		if (rl.rlim_cur < want)
			rl.rlim_cur = want;
		return setrlimit(RLIMIT_NOFILE, &rl) ? -errno : 0;
	default:
		return 0;
	}
}

void wis_prep_remove(enum wis_prep_kind prep)
{
	unsigned int i;
	char *slash;

	if (prep == WIS_PREP_FILE || prep == WIS_PREP_PAGES)
		unlink(wis_prep.file);
	for (i = 0; wis_prep.paths && i < wis_prep.nr_tasks; i++) {
		unlink(wis_prep.paths[i]);
		slash = strrchr(wis_prep.paths[i], '/');
		if (prep == WIS_PREP_DIRS && slash) {
			*slash = '\0';
			rmdir(wis_prep.paths[i]);
		}
	}
}
