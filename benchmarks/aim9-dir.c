// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's directory tests: creat-clo, link_test and disk_src in
 * aim9_env.dir (the job's filesystem), dir_rtns_1 on a known directory.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aim9.h"
#include "harness.h"

/*
 * creat-clo (factor 1000): 1000 times creat() one file name and close
 * the descriptor (each creat truncates the same file), then unlink it.
 * Checked: the file is there, empty, before the unlink.
 */
int aim9_creat_clo(void)
{
	char path[PATH_MAX + 64];
	struct stat st;
	int i, fd, err;

	err = aim9_path_new(path, sizeof(path), "creat");
	if (err)
		return err;
	for (i = 0; i < 1000; i++) {
		fd = creat(path, 0777);
		if (fd < 0 || close(fd) < 0) {
			err = -errno;
			break;
		}
	}
	if (!err && (stat(path, &st) < 0 || st.st_size))
		err = errno ? -errno : -EIO;
	unlink(path);
	return err;
}

#define AIM9_LINKS 8 /* POSIX's smallest LINK_MAX, as the original says */

/*
 * link_test (factor 63): a file and 7 more links to it; then 9 rounds
 * of unlinking and linking again each of the 7 (63 pairs); all removed.
 * Checked: the file has its 8 links after the rounds.
 */
int aim9_link_test(void)
{
	char names[AIM9_LINKS][PATH_MAX + 64];
	struct stat st;
	int i, round, fd, err = 0;

	for (i = 0; i < AIM9_LINKS && !err; i++)
		err = aim9_path_new(names[i], sizeof(names[i]), "link");
	if (err)
		return err;
	fd = creat(names[0], 0777);
	if (fd < 0)
		return -errno;
	close(fd);
	for (i = 1; i < AIM9_LINKS && !err; i++)
		if (link(names[0], names[i]) < 0)
			err = -errno;
	for (round = 0; round < 9 && !err; round++)
		for (i = 1; i < AIM9_LINKS && !err; i++)
			if (unlink(names[i]) < 0 || link(names[0], names[i]))
				err = -errno;
	if (!err && (stat(names[0], &st) < 0 || st.st_nlink != AIM9_LINKS))
		err = errno ? -errno : -EMLINK;
	for (i = 0; i < AIM9_LINKS; i++)
		unlink(names[i]);
	return err;
}

/*
 * disk_src's tree (TREE), our own: a directory per depth 0 .. 7, each
 * holding 32 empty files, like the original's fake home directories of
 * a development machine. One call visits 100 paths in a fresh random
 * order: 57 stat()s of files that are there, 43 files created, closed
 * and unlinked (names of this process), the original's mix of a
 * "directory search".
 */
#define AIM9_TREE_DEPTH 8
#define AIM9_TREE_FILES 32
#define AIM9_SRC_STATS 57
#define AIM9_SRC_OPS 100

static char aim9_tree[PATH_MAX + 64];

/* The directory of depth @depth, relative to the tree's top. */
static void aim9_tree_dir(char *buf, size_t size, unsigned int depth)
{
	size_t n = snprintf(buf, size, ".");
	unsigned int i;

	for (i = 1; i <= depth && n < size; i++)
		n += snprintf(buf + n, size - n, "/d%u", i);
}

int aim9_tree_make(void)
{
	char dir[128], path[160];
	unsigned int d, f;
	int fd, err;

	err = aim9_path_new(aim9_tree, sizeof(aim9_tree), "tree");
	if (err)
		return err;
	if (mkdir(aim9_tree, 0777) < 0 || chdir(aim9_tree) < 0)
		return -errno;
	for (d = 0; d < AIM9_TREE_DEPTH; d++) {
		aim9_tree_dir(dir, sizeof(dir), d);
		if (d && mkdir(dir, 0777) < 0)
			return -errno;
		for (f = 0; f < AIM9_TREE_FILES; f++) {
			snprintf(path, sizeof(path), "%s/f%02u", dir, f);
			fd = creat(path, 0666);
			if (fd < 0)
				return -errno;
			close(fd);
		}
	}
	return chdir("/") < 0 ? -errno : 0;
}

/* Removes the tree (rm -r of what aim9_tree_make made). */
void aim9_tree_remove(void)
{
	char dir[128], path[PATH_MAX + 256];
	int d, f;

	for (d = AIM9_TREE_DEPTH - 1; d >= 0; d--) {
		aim9_tree_dir(dir, sizeof(dir), d);
		for (f = 0; f < AIM9_TREE_FILES; f++) {
			snprintf(path, sizeof(path), "%s/%s/f%02d", aim9_tree,
				 dir, f);
			unlink(path);
		}
		snprintf(path, sizeof(path), "%s/%s", aim9_tree, dir);
		if (d)
			rmdir(path);
	}
	rmdir(aim9_tree);
}

/* One of disk_src's operations: a stat (@op < 57) or a create. */
static int aim9_src_op(unsigned int op)
{
	char dir[128], path[192];
	struct stat st;
	int fd;

	aim9_tree_dir(dir, sizeof(dir), op % AIM9_TREE_DEPTH);
	if (op < AIM9_SRC_STATS) {
		snprintf(path, sizeof(path), "%s/f%02u", dir,
			 op * 7 % AIM9_TREE_FILES);
		return stat(path, &st) < 0 ? -errno : 0;
	}
	snprintf(path, sizeof(path), "%s/new%u.%ld", dir, op, (long)getpid());
	fd = creat(path, 0777);
	if (fd < 0)
		return -errno;
	close(fd);
	return unlink(path) < 0 ? -errno : 0;
}

/* disk_src (factor 75): the 100 operations above, in the tree. */
int aim9_disk_src(void)
{
	unsigned int order[AIM9_SRC_OPS], i, j, t;
	int err = 0;

	for (i = 0; i < AIM9_SRC_OPS; i++)
		order[i] = i;
	for (i = AIM9_SRC_OPS - 1; i > 0; i--) {
		j = aim9_rand_below(i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	if (chdir(aim9_tree) < 0)
		return -errno;
	for (i = 0; i < AIM9_SRC_OPS && !err; i++)
		err = aim9_src_op(order[i]);
	if (chdir("/") < 0 && !err)
		err = -errno;
	return err;
}

/*
 * dir_rtns_1 (factor 10000): 10000 readdir()s of a known directory,
 * rewinding at its end. The original reads /bin; ours reads the
 * directory of this binary (/bench in the guest), which is always
 * there. Checked: every full pass sees the same number of entries.
 */
int aim9_dir_rtns_1(void)
{
	char path[PATH_MAX];
	long pass = 0, first = -1;
	DIR *dir;
	int i, err = 0;

	snprintf(path, sizeof(path), "%s", harness_self());
	*strrchr(path, '/') = '\0';
	dir = opendir(path[0] ? path : "/");
	if (!dir)
		return -errno;
	for (i = 0; i < 10000 && !err; i++) {
		if (readdir(dir)) {
			pass++;
			continue;
		}
		if (first < 0)
			first = pass;
		else if (pass != first)
			err = -EIO;
		pass = 0;
		rewinddir(dir);
	}
	closedir(dir);
	return first == 0 ? -ENOENT : err;
}
