// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int rundir_create(struct rundir *rd, const char *base, const char *test,
		  const char *params, const char *release)
{
	int err;

	if ((size_t)snprintf(rd->parent, sizeof(rd->parent), "%s/%s/%s/%s",
			     base, test, params, release) >= sizeof(rd->parent))
		return -ENAMETOOLONG;
	err = mkdir_p(rd->parent);
	if (err)
		return err;
	snprintf(rd->tmp, sizeof(rd->tmp), "%s/.tmp-%d", rd->parent,
		 (int)getpid());
	rd->final[0] = '\0';
	if (mkdir(rd->tmp, 0755))
		return -errno;
	return 0;
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
	if (fwrite(j->buf, 1, j->len, f) != j->len || fputc('\n', f) == EOF)
		err = -EIO;
	if (fflush(f) || fsync(fileno(f)))
		err = err ? err : -errno;
	if (fclose(f) && !err)
		err = -errno;
	return err;
}

/* Runs are numbered from 0; rename() refuses a taken number. */
int rundir_commit(struct rundir *rd)
{
	unsigned int n;

	for (n = 0; n < 100000; n++) {
		snprintf(rd->final, sizeof(rd->final), "%s/%u", rd->parent, n);
		if (!rename(rd->tmp, rd->final))
			return 0;
		if (errno != EEXIST && errno != ENOTEMPTY)
			return -errno;
	}
	return -EEXIST;
}

static int rundir_unlink_one(const char *path, const struct stat *st, int flag,
			     struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

/* A run that cannot be completed leaves nothing half-written behind. */
void rundir_abort(struct rundir *rd)
{
	nftw(rd->tmp, rundir_unlink_one, 16, FTW_DEPTH | FTW_PHYS);
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
