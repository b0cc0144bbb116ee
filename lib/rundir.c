// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "proto/names.h"
#include "rundir.h"

int mkdir_p(const char *path)
{
	char buf[4096];
	size_t i, n = strlen(path);

	if (n >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST)
			return -errno;
		buf[i] = path[i];
	}
	return 0;
}

static int rundir_stale_one(const char *path, const struct stat *st, int flag,
			    struct FTW *ftw);
static void rundir_unlock(struct rundir *rd);

/*
 * A run killed outright leaves its .tmp-XXXXXX behind. Its lock is gone
 * with its process: a temporary directory whose lock can be taken, or
 * that has none, is stale and removed; a live run holds its lock to the
 * end. Called under the kernel directory's lock, which a run also holds
 * from mkdtemp() to its lock taken and from its lock unlinked to its
 * rename(): no live run is ever seen without its lock held.
 */
static void rundir_stale_clean(const char *parent)
{
	char path[4400];
	struct dirent *de;
	DIR *d = opendir(parent);
	int fd;

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, ".tmp-", 5))
			continue;
		snprintf(path, sizeof(path), "%s/%s/.lock", parent, de->d_name);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB)) {
			close(fd);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", parent, de->d_name);
		nftw(path, rundir_stale_one, 16, FTW_DEPTH | FTW_PHYS);
		if (fd >= 0)
			close(fd);
	}
	closedir(d);
}

/*
 * The kernel directory's lock (<parent>/.lock, aggregate_update()'s
 * too): the fd, held until closed, or -errno.
 */
static int rundir_parent_lock(const char *parent)
{
	char path[4400];
	int fd;

	snprintf(path, sizeof(path), "%s/.lock", parent);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX)) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/* A temporary directory, its lock taken before anyone can look. */
static int rundir_tmp_make(struct rundir *rd)
{
	char lock[4400];

	snprintf(rd->tmp, sizeof(rd->tmp), "%s/.tmp-XXXXXX", rd->parent);
	if (!mkdtemp(rd->tmp)) {
		rd->tmp[0] = '\0';
		return -errno;
	}
	snprintf(lock, sizeof(lock), "%s/.lock", rd->tmp);
	rd->lock = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (rd->lock < 0 || flock(rd->lock, LOCK_EX))
		return -errno;
	return 0;
}

/*
 * The test, the params and the release become path components:
 * proto/names.h's rule (params are ours, or a LAVA job's): never a way
 * out of RESULTS, never a byte a terminal acts on when the path is
 * printed, never longer than one component may be.
 */
int rundir_create(struct rundir *rd, const char *base, const char *test,
		  const char *params, const char *release)
{
	int err, plock;

	rd->lock = -1;
	rd->tmp[0] = rd->final[0] = '\0';
	if (strlen(params) > NAMES_MAX)
		return -ENAMETOOLONG;
	if (names_check(test) || names_check(release) || names_check(params))
		return -EINVAL;
	if ((size_t)snprintf(rd->parent, sizeof(rd->parent), "%s/%s/%s/%s",
			     base, test, params, release) >= sizeof(rd->parent))
		return -ENAMETOOLONG;
	err = mkdir_p(rd->parent);
	if (err)
		return err;
	plock = rundir_parent_lock(rd->parent);
	if (plock < 0)
		return plock;
	rundir_stale_clean(rd->parent);
	err = rundir_tmp_make(rd);
	close(plock);
	if (err && rd->tmp[0])
		rundir_abort(rd);
	return err;
}

int rundir_file_write(const struct rundir *rd, const char *name,
		      const struct json_buf *j)
{
	char path[4400];
	FILE *f;
	int err = 0;

	if (j->err)
		return j->err;
	snprintf(path, sizeof(path), "%s/%s", rd->tmp, name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	/* ENOSPC says what to do; EIO would not (docs/errors.md). */
	errno = 0;
	if (fwrite(j->buf, 1, j->len, f) != j->len || fputc('\n', f) == EOF)
		err = errno ? -errno : -EIO;
	if (fflush(f) || fsync(fileno(f)))
		err = err ? err : -errno;
	if (fclose(f) && !err)
		err = -errno;
	return err;
}

/*
 * Runs are numbered from 0; rename() refuses a taken number. The lock
 * is unlinked and the directory renamed under the kernel directory's
 * lock, so no cleaner sees the run between the two.
 */
int rundir_commit(struct rundir *rd)
{
	char lock[4400];
	unsigned int n;
	int plock, err = -EEXIST;

	plock = rundir_parent_lock(rd->parent);
	if (plock < 0)
		return plock;
	snprintf(lock, sizeof(lock), "%s/.lock", rd->tmp);
	unlink(lock);
	for (n = 0; n < 100000; n++) {
		snprintf(rd->final, sizeof(rd->final), "%s/%u", rd->parent, n);
		if (!rename(rd->tmp, rd->final)) {
			err = 0;
			break;
		}
		if (errno != EEXIST && errno != ENOTEMPTY) {
			err = -errno;
			break;
		}
	}
	close(plock);
	if (!err)
		rundir_unlock(rd);
	else
		rd->final[0] = '\0';
	return err;
}

static int rundir_stale_one(const char *path, const struct stat *st, int flag,
			    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void rundir_unlock(struct rundir *rd)
{
	if (rd->lock >= 0)
		close(rd->lock);
	rd->lock = -1;
}

/* A run that cannot be completed leaves nothing half-written behind. */
void rundir_abort(struct rundir *rd)
{
	nftw(rd->tmp, rundir_stale_one, 16, FTW_DEPTH | FTW_PHYS);
	rundir_unlock(rd);
}

static int rundir_id_cmp(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return (x > y) - (x < y);
}

int rundir_runs_list(const char *kernel_dir, unsigned int **ids,
		     unsigned int *n)
{
	unsigned int *v = NULL, cap = 0, count = 0;
	struct dirent *de;
	int err = 0;
	DIR *d;

	d = opendir(kernel_dir);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char *end;
		unsigned long id = strtoul(de->d_name, &end, 10);

		/* <N> only: not .tmp-<pid>, .lock or the kernel's json files. */
		if (!de->d_name[0] || *end || de->d_name[0] < '0' ||
		    de->d_name[0] > '9')
			continue;
		if (count == cap) {
			unsigned int *p;

			cap = cap ? 2 * cap : 16;
			p = realloc(v, cap * sizeof(*v));
			if (!p) {
				err = -ENOMEM;
				break;
			}
			v = p;
		}
		v[count++] = id;
	}
	closedir(d);
	if (err) {
		free(v);
		return err;
	}
	if (count)
		qsort(v, count, sizeof(*v), rundir_id_cmp);
	*ids = v;
	*n = count;
	return 0;
}

int rundir_tree_remove(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	if (nftw(path, rundir_stale_one, 16, FTW_DEPTH | FTW_PHYS))
		return errno ? -errno : -EIO;
	return 0;
}
