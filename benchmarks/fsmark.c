// SPDX-License-Identifier: GPL-2.0
/*
 * fsmark, written from fs_mark's documented behaviour (its usage text
 * and README) and LKP's fsmark job, not from its code. Not in Debian.
 *
 * LKP runs one fs_mark process per thread, each in its own directory
 * on the test filesystem, nr_files = test_size / max(filesize, 4K) /
 * nr_threads / loops (test_size at most the filesystem's size; nr_files
 * 1 to 1000000). Each loop, every process creates its nr_files files of
 * filesize bytes, written 16 KiB at a time (fs_mark's -w default),
 * round robin over nr_directories subdirectories nr_files_per_directory
 * files at a time when those are given, and syncs as sync_method says:
 *
 *   NoSync               create, write, close
 *   fsyncBeforeClose     ... fsync before each close (the default)
 *   syncFsync            ... then sync(), and one fsync per directory
 *   PostReverseFsync     ... then reopen and fsync each file, last first
 *   syncPostReverseFsync sync(), then as PostReverseFsync
 *   PostFsync            ... then reopen and fsync each file in order
 *   syncPostFsync        sync(), then as PostFsync
 *
 * A loop's Files/sec is the files all processes made over the loop's
 * wall time, sync phase included; its App Overhead the microseconds the
 * processes spent outside the file system calls (creat, write, fsync,
 * close, sync, open), summed. The files are unlinked after the loop,
 * outside its time, as fs_mark does without -k. Metrics, LKP's names,
 * the mean over the loops:
 *   fsmark.files_per_sec, fsmark.app_overhead
 * Each process checks its own work: every file it made has filesize
 * bytes (stat) before it is unlinked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "params.h"
/* FSMARK_SYNCS, the sync methods' names, is in the descriptor. */
#include "shared/descs.h"
#include "shared/util.h"

#define FSMARK_CHUNK 16384
#define FSMARK_FILES_MAX 1000000

/* The sync methods; FSMARK_SYNCS (the descriptor) names them in this order. */
enum fsmark_sync {
	FSMARK_NOSYNC,
	FSMARK_FSYNC_BEFORE_CLOSE,
	FSMARK_SYNC_FSYNC,
	FSMARK_POST_REVERSE,
	FSMARK_SYNC_POST_REVERSE,
	FSMARK_POST,
	FSMARK_SYNC_POST,
};

/* Their names, in the enum's order: FSMARK_SYNCS, in the descriptor. */
static const char *const fsmark_sync_names[] = {
#define FSMARK_SYNC_NAME(name) name,
	FSMARK_SYNCS(FSMARK_SYNC_NAME)
#undef FSMARK_SYNC_NAME
};

struct fsmark_conf {
	unsigned long long filesize;
	unsigned int nr_files, nr_dirs, per_dir, threads, loops;
	enum fsmark_sync sync;
};

/* What one process tells the parent about one loop. */
struct fsmark_slot {
	double fs_time; /* seconds inside the file system calls */
	double wall;
	int failed;
};

static char fsmark_buf[FSMARK_CHUNK];

/* Time @call's system calls into @t. */
#define FSMARK_TIMED(t, call)            \
	({                               \
		double t0_ = util_now(); \
		long r_ = (long)(call);  \
		(t) += util_now() - t0_; \
		r_;                      \
	})

static void fsmark_path(const struct fsmark_conf *c, unsigned int i, char *p,
			size_t size)
{
	if (c->nr_dirs && c->per_dir)
		snprintf(p, size, "%02u/f%07u", (i / c->per_dir) % c->nr_dirs,
			 i);
	else
		snprintf(p, size, "f%07u", i);
}

static int fsmark_file_write(const struct fsmark_conf *c, const char *path,
			     double *t)
{
	unsigned long long left = c->filesize;
	int fd = FSMARK_TIMED(*t,
			      open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644));

	if (fd < 0)
		return -errno;
	while (left) {
		size_t n = left < FSMARK_CHUNK ? left : FSMARK_CHUNK;

		if (FSMARK_TIMED(*t, write(fd, fsmark_buf, n)) != (long)n) {
			close(fd);
			return -EIO;
		}
		left -= n;
	}
	if (c->sync == FSMARK_FSYNC_BEFORE_CLOSE &&
	    FSMARK_TIMED(*t, fsync(fd))) {
		close(fd);
		return -errno;
	}
	return FSMARK_TIMED(*t, close(fd)) ? -errno : 0;
}

static int fsmark_reopen_fsync(const char *path, double *t)
{
	int fd = FSMARK_TIMED(*t, open(path, O_RDONLY)), err = 0;

	if (fd < 0)
		return -errno;
	if (FSMARK_TIMED(*t, fsync(fd)))
		err = -errno;
	FSMARK_TIMED(*t, close(fd));
	return err;
}

/* After the writes: sync(), and the fsyncs the method asks for. */
static int fsmark_post_sync(const struct fsmark_conf *c, double *t)
{
	char path[64];
	unsigned int i, d;
	int err = 0;

	if (c->sync == FSMARK_SYNC_FSYNC || c->sync == FSMARK_SYNC_POST ||
	    c->sync == FSMARK_SYNC_POST_REVERSE)
		FSMARK_TIMED(*t, (sync(), 0));
	if (c->sync == FSMARK_SYNC_FSYNC) {
		/* One file of each directory. */
		for (d = 0; d < (c->nr_dirs ? c->nr_dirs : 1) && !err; d++) {
			i = c->nr_dirs ? d * c->per_dir : 0;
			if (i >= c->nr_files)
				break;
			fsmark_path(c, i, path, sizeof(path));
			err = fsmark_reopen_fsync(path, t);
		}
		return err;
	}
	for (i = 0; i < c->nr_files && !err; i++) {
		unsigned int k = i;

		if (c->sync == FSMARK_POST_REVERSE ||
		    c->sync == FSMARK_SYNC_POST_REVERSE)
			k = c->nr_files - 1 - i;
		else if (c->sync != FSMARK_POST && c->sync != FSMARK_SYNC_POST)
			return 0;
		fsmark_path(c, k, path, sizeof(path));
		err = fsmark_reopen_fsync(path, t);
	}
	return err;
}

/* Every file has its size; then they go (outside the loop's time). */
static int fsmark_files_check_remove(const struct fsmark_conf *c)
{
	char path[64];
	struct stat st;
	unsigned int i;
	int err = 0;

	for (i = 0; i < c->nr_files; i++) {
		fsmark_path(c, i, path, sizeof(path));
		if (stat(path, &st) ||
		    (unsigned long long)st.st_size != c->filesize) {
			fprintf(stderr, "fsmark: %s: not %llu bytes\n", path,
				c->filesize);
			err = -EIO;
		}
		unlink(path);
	}
	return err;
}

/* One process's loop in its directory @dir. */
static void fsmark_child(const struct fsmark_conf *c, const char *dir,
			 struct fsmark_slot *slot)
{
	double t = 0, t0 = util_now();
	char path[64];
	unsigned int i;
	int err = chdir(dir) ? -errno : 0;

	for (i = 0; !err && c->nr_dirs && c->per_dir && i < c->nr_dirs; i++) {
		snprintf(path, sizeof(path), "%02u", i);
		if (mkdir(path, 0755) && errno != EEXIST)
			err = -errno;
	}
	for (i = 0; i < c->nr_files && !err; i++) {
		fsmark_path(c, i, path, sizeof(path));
		err = fsmark_file_write(c, path, &t);
	}
	if (!err)
		err = fsmark_post_sync(c, &t);
	slot->wall = util_now() - t0;
	slot->fs_time = t;
	if (err)
		fprintf(stderr, "fsmark: %s: %s\n", dir, strerror(-err));
	if (fsmark_files_check_remove(c))
		err = -EIO;
	for (i = 0; c->nr_dirs && c->per_dir && i < c->nr_dirs; i++) {
		snprintf(path, sizeof(path), "%02u", i);
		rmdir(path);
	}
	slot->failed = err != 0;
	_exit(err ? 1 : 0);
}

/* Process @i's directory in the filesystem; 0: their parent. */
static void fsmark_dir(unsigned int i, char *buf, size_t size)
{
	if (i)
		snprintf(buf, size, "%s/fsmark/%u", harness_tmpdir(), i);
	else
		snprintf(buf, size, "%s/fsmark", harness_tmpdir());
}

/* One loop of every process: its files per second and overhead. */
static int fsmark_loop(const struct fsmark_conf *c, struct fsmark_slot *slots,
		       double *fps, double *overhead)
{
	char dir[4200];
	double wall = 0;
	unsigned int i;
	int status, failed = 0;
	pid_t pid;

	memset(slots, 0, sizeof(*slots) * c->threads);
	for (i = 0; i < c->threads; i++) {
		fsmark_dir(i + 1, dir, sizeof(dir));
		pid = fork();
		if (pid == 0)
			fsmark_child(c, dir, &slots[i]);
		if (pid < 0)
			return -errno;
	}
	while ((pid = wait(&status)) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	/* The loop's time ends when its last file is synced, not unlinked. */
	*overhead = 0;
	for (i = 0; i < c->threads; i++) {
		failed |= slots[i].failed;
		*overhead += (slots[i].wall - slots[i].fs_time) * 1e6;
		if (slots[i].wall > wall)
			wall = slots[i].wall;
	}
	*fps = (double)c->nr_files * c->threads / wall;
	return failed ? -EIO : 0;
}

static int fsmark_sync_parse(const char *s, enum fsmark_sync *out)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fsmark_sync_names); i++)
		if (!strcmp(s, fsmark_sync_names[i])) {
			*out = i;
			return 0;
		}
	return -EINVAL;
}

/* LKP's nr_files, from the test size, the file size and the disk's. */
static int fsmark_conf_fill(struct fsmark_conf *c, const char *test_size,
			    const char *filesize)
{
	unsigned long long total, size, disk;
	struct statvfs vfs;
	char dir[4200];
	unsigned int i;

	if (param_size_parse(test_size, &total) ||
	    param_size_parse(filesize, &c->filesize))
		return -EINVAL;
	if (!statvfs(harness_tmpdir(), &vfs)) {
		disk = (unsigned long long)vfs.f_blocks * vfs.f_frsize;
		if (total > disk)
			total = disk;
	}
	size = c->filesize < 4096 ? 4096 : c->filesize;
	total /= size * c->threads * c->loops;
	c->nr_files = total < 1		       ? 1 :
		      total > FSMARK_FILES_MAX ? FSMARK_FILES_MAX :
						 total;
	for (i = 0; i <= c->threads; i++) {
		fsmark_dir(i, dir, sizeof(dir));
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
	}
	return 0;
}

static void fsmark_dirs_remove(const struct fsmark_conf *c)
{
	char dir[4200];
	unsigned int i;

	for (i = c->threads + 1; i-- > 0;) {
		fsmark_dir(i, dir, sizeof(dir));
		rmdir(dir);
	}
}

static int fsmark_run(int argc, char **argv)
{
	struct fsmark_conf c = { .threads = 0, .loops = 1 };
	const char *test_size = "64M", *filesize = "8K",
		   *sync = "fsyncBeforeClose";
	const struct harness_param params[] = {
		{ "nr_threads", &c.threads, NULL },
		{ "test_size", NULL, &test_size },
		{ "filesize", NULL, &filesize },
		{ "nr_directories", &c.nr_dirs, NULL },
		{ "nr_files_per_directory", &c.per_dir, NULL },
		{ "sync_method", NULL, &sync },
		{ "loops", &c.loops, NULL },
	};
	struct fsmark_slot *slots;
	double fps, ovh, sum_fps = 0, sum_ovh = 0;
	unsigned int l;
	int err = 0;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    fsmark_sync_parse(sync, &c.sync))
		return 2;
	/* LKP: nr_cpu threads by default, at most 64 (fs_mark's limit). */
	if (!c.threads)
		c.threads = sysconf(_SC_NPROCESSORS_ONLN);
	if (c.threads > 64)
		c.threads = 64;
	/* LKP derives the directories from the files per directory. */
	err = fsmark_conf_fill(&c, test_size, filesize);
	if (!c.nr_dirs && c.per_dir)
		c.nr_dirs = c.nr_files / c.per_dir ? c.nr_files / c.per_dir : 1;
	if (err) {
		fprintf(stderr, "fsmark: %s: %s\n", harness_tmpdir(),
			strerror(-err));
		return 1;
	}
	slots = mmap(NULL, sizeof(*slots) * c.threads, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (slots == MAP_FAILED)
		return 1;
	printf("progress fsmark: %u process(es) x %u files of %llu bytes, %s, %u loop(s), in %s\n",
	       c.threads, c.nr_files, c.filesize, fsmark_sync_names[c.sync],
	       c.loops, harness_tmpdir());
	for (l = 0; l < c.loops && !err; l++) {
		err = fsmark_loop(&c, slots, &fps, &ovh);
		printf("fsmark: loop %u: %.1f files/sec, app overhead %.0f usec\n",
		       l + 1, fps, ovh);
		sum_fps += fps;
		sum_ovh += ovh;
	}
	munmap(slots, sizeof(*slots) * c.threads);
	fsmark_dirs_remove(&c);
	if (err)
		return 1;
	harness_metric("fsmark.files_per_sec", sum_fps / c.loops);
	harness_metric("fsmark.app_overhead", sum_ovh / c.loops);
	return 0;
}

const struct bench bench = {
	.name = "fsmark",
	.title = "fsmark (fs_mark's workload)",
	.run = fsmark_run,
};
