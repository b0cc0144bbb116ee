// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's file tests, in aim9_env.dir (TMPDIR: the job's scratch
 * filesystem with DISK= and FS=, else the guest's /tmp). The disk tests
 * move aim9_env.kbytes blocks of 1K (LKP's FILESIZE: 5M for aim9), the
 * sync ones half of that through O_SYNC, and count the file size in K
 * as the original does. Every block carries its number, so what is
 * read back is checked against what was written.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aim9.h"

#define AIM9_BLK 1024

static char aim9_common[PATH_MAX + 64];

const char *aim9_common_path(void)
{
	return aim9_common;
}

static void aim9_blk_stamp(char *buf, unsigned int blk)
{
	memset(buf, 'a' + blk % 26, AIM9_BLK);
	memcpy(buf, &blk, sizeof(blk));
}

static int aim9_blk_check(const char *buf, unsigned int blk)
{
	unsigned int got;

	memcpy(&got, buf, sizeof(got));
	return got == blk && buf[AIM9_BLK - 1] == (char)('a' + blk % 26) ?
		       0 :
		       -EBADMSG;
}

/* Writes blocks 0 .. @n - 1, each stamped, sequentially to @fd. */
static int aim9_blks_write(int fd, unsigned int n)
{
	char buf[AIM9_BLK];
	unsigned int i;
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		aim9_blk_stamp(buf, i);
		err = util_fd_full(fd, buf, AIM9_BLK, 1);
	}
	return err;
}

/* Opens a new file of @n stamped blocks again with @flags, unlinked. */
static int aim9_file_filled(unsigned int n, int flags)
{
	char path[PATH_MAX + 64];
	int fd, err;

	err = aim9_path_new(path, sizeof(path), "disk");
	if (err)
		return err;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0777);
	if (fd < 0)
		return -errno;
	err = aim9_blks_write(fd, n);
	close(fd);
	if (!err) {
		fd = open(path, flags);
		if (fd < 0)
			err = -errno;
	}
	unlink(path);
	return err ? err : fd;
}

/* @n random block reads (@wr: writes) of a file of @n blocks. */
static int aim9_random_io(int fd, unsigned int n, int wr)
{
	char buf[AIM9_BLK];
	unsigned int i;
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		unsigned int blk = aim9_rand_below(n);

		if (lseek(fd, (off_t)blk * AIM9_BLK, SEEK_SET) < 0)
			return -errno;
		if (wr)
			aim9_blk_stamp(buf, blk);
		err = util_fd_full(fd, buf, AIM9_BLK, wr);
		if (!err && !wr)
			err = aim9_blk_check(buf, blk);
	}
	return err;
}

/* The file's size is @n blocks: what the writes left is all there. */
static int aim9_size_check(int fd, unsigned int n)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	return st.st_size == (off_t)n * AIM9_BLK ? 0 : -EIO;
}

/*
 * disk_rr: write a file of FILESIZE K, open it again read-only, then
 * FILESIZE reads of 1K at random blocks (each block's stamp checked).
 */
int aim9_disk_rr(void)
{
	int fd = aim9_file_filled(aim9_env.kbytes, O_RDONLY), err;

	if (fd < 0)
		return fd;
	err = aim9_random_io(fd, aim9_env.kbytes, 0);
	close(fd);
	return err;
}

/* disk_rw: the same, opened write-only, FILESIZE random 1K writes. */
int aim9_disk_rw(void)
{
	int fd = aim9_file_filled(aim9_env.kbytes, O_WRONLY), err;

	if (fd < 0)
		return fd;
	err = aim9_random_io(fd, aim9_env.kbytes, 1);
	if (!err)
		err = aim9_size_check(fd, aim9_env.kbytes);
	close(fd);
	return err;
}

/*
 * sync_disk_rw: half of FILESIZE (the original's "not to pound the
 * disk"): written, opened again O_SYNC, as many random 1K writes.
 */
int aim9_sync_disk_rw(void)
{
	unsigned int n = aim9_env.kbytes / 2 ? aim9_env.kbytes / 2 : 1;
	int fd = aim9_file_filled(n, O_WRONLY | O_SYNC), err;

	if (fd < 0)
		return fd;
	err = aim9_random_io(fd, n, 1);
	if (!err)
		err = aim9_size_check(fd, n);
	close(fd);
	return err;
}

/* Reads @n blocks of the common file, checked; copies them to @out. */
static int aim9_common_read(unsigned int n, int out)
{
	char buf[AIM9_BLK];
	unsigned int i;
	int fd, err = 0;

	fd = open(aim9_common, O_RDONLY);
	if (fd < 0)
		return -errno;
	for (i = 0; i < n && !err; i++) {
		err = util_fd_full(fd, buf, AIM9_BLK, 0);
		if (!err)
			err = aim9_blk_check(buf, i);
		if (!err && out >= 0)
			err = util_fd_full(out, buf, AIM9_BLK, 1);
	}
	close(fd);
	return err;
}

/* disk_rd: the common file of FILESIZE K read sequentially in 1K. */
int aim9_disk_rd(void)
{
	return aim9_common_read(aim9_env.kbytes, -1);
}

/*
 * A new unlinked file opened with @flags, given @n blocks: stamped ones
 * written (disk_wrt), or the common file's copied (disk_cp); its size
 * checked after.
 */
static int aim9_new_file_fill(unsigned int n, int flags, int copy)
{
	char path[PATH_MAX + 64];
	int fd, err;

	err = aim9_path_new(path, sizeof(path), copy ? "cp" : "wrt");
	if (err)
		return err;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | flags, 0777);
	if (fd < 0)
		return -errno;
	unlink(path);
	err = copy ? aim9_common_read(n, fd) : aim9_blks_write(fd, n);
	if (!err)
		err = aim9_size_check(fd, n);
	close(fd);
	return err;
}

/* disk_wrt: FILESIZE sequential 1K writes to a new file. */
int aim9_disk_wrt(void)
{
	return aim9_new_file_fill(aim9_env.kbytes, 0, 0);
}

/* sync_disk_wrt: half of FILESIZE sequential 1K writes, O_SYNC. */
int aim9_sync_disk_wrt(void)
{
	return aim9_new_file_fill(aim9_env.kbytes / 2 ? aim9_env.kbytes / 2 : 1,
				  O_SYNC, 0);
}

/* disk_cp: the common file copied in 1K blocks into a new file. */
int aim9_disk_cp(void)
{
	return aim9_new_file_fill(aim9_env.kbytes, 0, 1);
}

/* sync_disk_cp: half of it copied into a new file opened O_SYNC. */
int aim9_sync_disk_cp(void)
{
	return aim9_new_file_fill(aim9_env.kbytes / 2 ? aim9_env.kbytes / 2 : 1,
				  O_SYNC, 1);
}

/* FILE: the common file, FILESIZE K of stamped blocks. */
int aim9_common_make(void)
{
	int fd, err;

	err = aim9_path_new(aim9_common, sizeof(aim9_common), "common");
	if (err)
		return err;
	fd = open(aim9_common, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return -errno;
	err = aim9_blks_write(fd, aim9_env.kbytes);
	if (close(fd) < 0 && !err)
		err = -errno;
	return err;
}

void aim9_common_remove(void)
{
	unlink(aim9_common);
}
