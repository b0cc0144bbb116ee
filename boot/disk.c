// SPDX-License-Identifier: GPL-2.0
/*
 * A job's scratch disks on the host (docs/disks.md). HDD and SSD are
 * virtio-blk disks on sparse files: only what the guest writes takes
 * host space. QEMU opens them with cache=none (O_DIRECT: the guest's
 * writes reach the host's disk, not its page cache) where the host
 * filesystem allows it, else writeback; either way they are files on
 * the host's own disk, not an HDD or an SSD of the report's machine,
 * and job.json says which. BRD is the kernel's RAM disk, sized on the
 * command line: guest memory, scaled to half of it at most.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "bootbench.h"
#include "disk.h"
#include "proto/storage.h"
#include "shared/util.h"

static int disk_pairs_check(const struct run_opts *o, const struct disk_host *d)
{
	int i;

	if (!d->on && (d->fs || d->md))
		return bad_input(
			"%s=%s needs a disk to go on: give DISK=1SSD (a virtio disk) or DISK=1BRD_1G (a RAM disk) too",
			d->fs ? "FS" : "MD", d->fs ? d->fs : d->md);
	if (d->fs2 && !d->fs)
		return bad_input(
			"FS2=%s serves the disk's filesystem over %s: give DISK=1BRD_1G FS=ext4 (or another disk and filesystem) too",
			d->fs2, storage_server_find(d->fs2)->protocol);
	/* swapin's swap is the raw disk (benchmarks/swapin.c). */
	for (i = 0; i < o->ntests; i++) {
		if (strcmp(o->tests[i]->name, "swapin"))
			continue;
		if (!d->on)
			return bad_input(
				"TEST=swapin needs a disk for its swap: give DISK=1HDD (a virtio disk) or DISK=1BRD_1G (a RAM disk) too");
		if (d->fs)
			return bad_input(
				"TEST=swapin puts its swap on the raw disk: give DISK=%s without FS=%s",
				run_param_value("disk", o), d->fs);
	}
	if (d->md && d->spec.count < 2)
		return bad_input("MD=%s needs two disks or more: give DISK=2%s",
				 d->md, disk_kind_name(d->spec.kind));
	if (d->on && o->lava_dir)
		return bad_input(
			"DISK=%s: LAVA jobs have no scratch disks yet: run the job with make run",
			run_param_value("disk", o));
	return 0;
}

/* RAM disks take guest memory: at most half of it, said, never silent. */
static void disk_brd_fit(const struct run_opts *o, struct disk_host *d)
{
	unsigned long long half = (unsigned long long)o->topo.mem_mb << 19;
	unsigned long long each = half / d->spec.count >> 20 << 20;

	if (d->spec.kind != DISK_BRD || d->spec.size <= each)
		return;
	fprintf(stderr,
		"bootbench: note: DISK=%s: %u RAM disks of %llu MiB (half of the guest's %u MiB) instead of %llu MiB: a bigger MEM gives more\n",
		run_param_value("disk", o), d->spec.count, each >> 20,
		o->topo.mem_mb, d->spec.size >> 20);
	d->spec.size = each;
}

int disk_opts_check(struct run_opts *o)
{
	struct disk_host *d = &o->disk;
	const char *spec = run_param_value("disk", o);

	d->fs = run_param_value("fs", o);
	d->md = run_param_value("md", o);
	d->fs2 = run_param_value("fs2", o);
	d->on = spec != NULL;
	/* The value was checked with the other parameters. */
	if (d->on && disk_spec_parse(spec, &d->spec, NULL, 0))
		return bad_input("DISK=%s is no disk spec", spec);
	d->asked = d->spec.size;
	return disk_pairs_check(o, d);
}

int disk_mem_fit(struct run_opts *o)
{
	struct disk_host *d = &o->disk;

	if (!d->on)
		return 0;
	disk_brd_fit(o, d);
	if (d->spec.size < (16ULL << 20))
		return bad_input(
			"DISK=%s: %u RAM disks do not fit in %u MiB of guest memory: give a bigger MEM or fewer disks",
			run_param_value("disk", o), d->spec.count,
			o->topo.mem_mb);
	return 0;
}

void disk_cmdline_words(const struct disk_host *d, char *buf, size_t size)
{
	buf[0] = '\0';
	if (d->on && d->spec.kind == DISK_BRD)
		snprintf(buf, size, "brd.rd_nr=%u brd.rd_size=%llu",
			 d->spec.count, d->spec.size >> 10);
}

/* The host filesystem's name, for job.json: what the disk really is. */
static void disk_backing_name(struct disk_host *d, int fd)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} names[] = {
		{ 0xEF53, "ext4" },	   { 0x58465342, "xfs" },
		{ 0x9123683E, "btrfs" },   { 0x01021994, "tmpfs" },
		{ 0x794C7630, "overlay" }, { 0xF2F52010, "f2fs" },
	};
	struct statfs sf;
	size_t i;

	snprintf(d->backing, sizeof(d->backing), "unknown");
	if (fstatfs(fd, &sf))
		return;
	snprintf(d->backing, sizeof(d->backing), "0x%lx",
		 (unsigned long)sf.f_type);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if ((unsigned long)sf.f_type == names[i].magic)
			snprintf(d->backing, sizeof(d->backing), "%s",
				 names[i].name);
}

/* cache=none needs O_DIRECT, which tmpfs, for one, refuses. */
static void disk_cache_pick(struct disk_host *d, const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECT | O_CLOEXEC);

	snprintf(d->cache, sizeof(d->cache), fd >= 0 ? "none" : "writeback");
	if (fd >= 0)
		close(fd);
}

/*
 * Room on DISK_DIR's filesystem kept free of the guest's disks: the
 * host's other writers (and this run's own results, when RESULTS is on
 * it) need it. 64 MiB or 2% of the filesystem, whichever is more.
 */
static unsigned long long disk_margin(const struct statvfs *sv)
{
	unsigned long long total =
		(unsigned long long)sv->f_blocks * sv->f_frsize;

	return total / 50 > DISK_MARGIN_MIN ? total / 50 : DISK_MARGIN_MIN;
}

int disk_space_short(const struct disk_host *d, unsigned long long *left,
		     unsigned long long *floor)
{
	struct statvfs sv;

	if (!d || !d->on || d->spec.kind == DISK_BRD || !d->files[0] ||
	    statvfs(d->dir, &sv))
		return 0;
	*left = (unsigned long long)sv.f_bavail * sv.f_frsize;
	*floor = disk_margin(&sv) / 2;
	return *left < *floor;
}

/* DISK_DIR, or the default of a run without one. */
static const char *disk_dir(struct disk_host *d)
{
	if (!d->dir || !*d->dir)
		d->dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/var/tmp";
	return d->dir;
}

/*
 * DISK_DIR's filesystem, or, before the run makes DISK_DIR (a plan, a
 * first run), that of the nearest directory above it that exists.
 */
static int disk_dir_statvfs(const char *dir, struct statvfs *sv)
{
	char path[4096], *slash;

	snprintf(path, sizeof(path), "%s", dir);
	while (statvfs(path, sv)) {
		slash = strrchr(path, '/');
		if (errno != ENOENT || !strcmp(path, "."))
			return -1;
		if (!slash)
			snprintf(path, sizeof(path), ".");
		else if (slash == path)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	return 0;
}

/*
 * The disks are sparse, but the guest may write them full: the set must
 * fit in DISK_DIR's free space less the margin. A set that does not is
 * scaled down (said, and job.json's asked_mb keeps the asked size);
 * none at all, below 64 MiB a disk, is refused. The run before it makes
 * the files, and a plan (DRY=1) for what it shows: the same sizes.
 */
int disk_space_fit(struct disk_host *d)
{
	unsigned long long room, each, margin;
	struct statvfs sv;

	if (!d->on || d->spec.kind == DISK_BRD)
		return 0;
	if (disk_dir_statvfs(disk_dir(d), &sv))
		return 0; /* making the files will say what is wrong */
	margin = disk_margin(&sv);
	room = (unsigned long long)sv.f_bavail * sv.f_frsize;
	room = room > margin ? room - margin : 0;
	if ((unsigned long long)d->spec.count * d->spec.size <= room)
		return 0;
	each = room / d->spec.count >> 20 << 20;
	if (each < DISK_MARGIN_MIN) {
		fprintf(stderr,
			"bootbench: DISK: DISK_DIR=%s has %llu MiB free, less a margin of %llu MiB kept for the host: no room for %u disk(s) of 64 MiB or more: give DISK_DIR=<a directory with room>\n",
			d->dir, (room + margin) >> 20, margin >> 20,
			d->spec.count);
		return -ENOSPC;
	}
	fprintf(stderr,
		"bootbench: note: DISK: %u disk(s) of %llu MiB instead of %llu MiB: DISK_DIR=%s has %llu MiB free, less a margin of %llu MiB kept for the host; give DISK_DIR=<a directory with room> for more\n",
		d->spec.count, each >> 20, d->spec.size >> 20, d->dir,
		(room + margin) >> 20, margin >> 20);
	d->spec.size = each;
	return 0;
}

void disk_plan_describe(const struct disk_host *d, char *buf, size_t size)
{
	int n;

	buf[0] = '\0';
	if (!d->on)
		return;
	n = snprintf(buf, size, "%u %s of %llu MiB each", d->spec.count,
		     disk_kind_name(d->spec.kind), d->spec.size >> 20);
	if (n > 0 && (size_t)n < size && d->asked != d->spec.size)
		snprintf(buf + n, size - n, " (asked %llu MiB)",
			 d->asked >> 20);
}

/* A write lock on the file's first byte while a run uses it (QEMU locks others). */
static int disk_file_lock(int fd)
{
	struct flock fl = { .l_type = F_WRLCK,
			    .l_whence = SEEK_SET,
			    .l_start = 0,
			    .l_len = 1 };

	return fcntl(fd, F_OFD_SETLK, &fl) ? -errno : 0;
}

/*
 * "bootbench-disk<i>-XXXXXX": a file of a boot, live or left by a killed
 * one. Kept ones end in ".kept" and are left alone.
 */
static int disk_name_ours(const char *name)
{
	unsigned int i;
	int n = 0;

	if (sscanf(name, DISK_FILE_PREFIX "%u-%n", &i, &n) != 1 || !n)
		return 0;
	return strlen(name + n) == 6 && !strchr(name + n, '.');
}

/* A file no run holds locked is a killed run's: removed. */
static int disk_stale_remove(struct disk_host *d, const char *name,
			     unsigned long long *bytes)
{
	int dfd = open(d->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd,
	    gone = 0;
	struct stat st;

	if (dfd < 0)
		return 0;
	fd = openat(dfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid() && !disk_file_lock(fd) &&
	    !unlinkat(dfd, name, 0)) {
		*bytes += (unsigned long long)st.st_blocks * 512;
		gone = 1;
	}
	if (fd >= 0)
		close(fd);
	close(dfd);
	return gone;
}

static void disk_stale_sweep(struct disk_host *d)
{
	unsigned long long bytes = 0;
	unsigned int n = 0;
	struct dirent *e;
	DIR *dir = opendir(d->dir);

	if (!dir)
		return;
	while ((e = readdir(dir)))
		if (disk_name_ours(e->d_name))
			n += disk_stale_remove(d, e->d_name, &bytes);
	closedir(dir);
	if (n)
		fprintf(stderr,
			"bootbench: note: DISK_DIR=%s: removed %u disk file(s) a killed run left (%llu MiB)\n",
			d->dir, n, bytes >> 20);
}

/*
 * Made under a name no sweep matches, locked, then renamed: another
 * run's sweep never sees the file unlocked. (Where the filesystem has
 * no locks, no sweep can take one either and nothing is removed.)
 */
static int disk_file_make(struct disk_host *d, unsigned int i)
{
	char *tmp, *path = NULL;
	int fd, err = 0;

	if (asprintf(&tmp, "%s/bootbench-new%u-XXXXXX", d->dir, i) < 0)
		return -ENOMEM;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		err = -errno;
	else if (asprintf(&path, "%s/" DISK_FILE_PREFIX "%u-%s", d->dir, i,
			  tmp + strlen(tmp) - 6) < 0) {
		path = NULL;
		err = -ENOMEM;
	}
	if (!err)
		disk_file_lock(fd);
	if (!err && ftruncate(fd, d->spec.size))
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err) {
		if (fd >= 0) {
			unlink(tmp);
			close(fd);
		}
		free(path);
		free(tmp);
		return err;
	}
	free(tmp);
	d->fds[i] = fd;
	d->files[i] = path;
	if (!i) {
		disk_backing_name(d, fd);
		disk_cache_pick(d, path);
	}
	return 0;
}

int disk_files_create(struct disk_host *d)
{
	unsigned int i;
	int err = 0;

	if (!d->on || d->spec.kind == DISK_BRD)
		return 0;
	/* make run's default, under O=, is made on first use. */
	mkdir(disk_dir(d), 0755);
	disk_stale_sweep(d);
	if (disk_space_fit(d))
		return -ENOSPC;
	for (i = 0; i < d->spec.count && !err; i++)
		err = disk_file_make(d, i);
	if (err) {
		fprintf(stderr,
			"bootbench: DISK: cannot make a %llu MiB sparse file in %s: %s: give DISK_DIR=<a directory with room>\n",
			d->spec.size >> 20, d->dir, strerror(-err));
		disk_files_remove(d);
	}
	return err;
}

/* KEEP_DISK=1: renamed to .kept, which no later run's sweep removes. */
static void disk_file_keep(const char *path)
{
	char *kept;

	if (asprintf(&kept, "%s.kept", path) < 0 || rename(path, kept)) {
		fprintf(stderr, "bootbench: KEEP_DISK=1: %s kept\n", path);
	} else {
		fprintf(stderr, "bootbench: KEEP_DISK=1: %s kept\n", kept);
		free(kept);
	}
}

void disk_files_remove(struct disk_host *d)
{
	unsigned int i;

	for (i = 0; i < DISK_MAX; i++) {
		if (!d->files[i])
			continue;
		if (d->keep)
			disk_file_keep(d->files[i]);
		else
			unlink(d->files[i]);
		free(d->files[i]);
		d->files[i] = NULL;
		close(d->fds[i]);
	}
}

void disk_json_write(struct json_buf *j, const struct disk_host *d)
{
	if (!d->on)
		return;
	json_member_object_open(j, "disk");
	json_member_string(j, "kind", disk_kind_name(d->spec.kind));
	json_member_int(j, "count", d->spec.count);
	json_member_int(j, "size_mb", d->spec.size >> 20);
	if (d->asked != d->spec.size)
		json_member_int(j, "asked_mb", d->asked >> 20);
	json_member_string(j, "fs", d->fs ? d->fs : "");
	json_member_string(j, "md", d->md ? d->md : "");
	if (d->fs2) {
		/* What the benchmarks ran on: the guest's own loopback. */
		json_member_string(j, "fs2", d->fs2);
		json_member_string(j, "fs2_mount",
				   storage_server_find(d->fs2)->mount_said);
	}
	json_member_string(j, "backing",
			   d->spec.kind == DISK_BRD ?
				   "guest memory (brd)" :
				   "sparse file on the host");
	if (d->spec.kind != DISK_BRD) {
		json_member_string(j, "host_fs", d->backing);
		json_member_string(j, "cache", d->cache);
	}
	json_object_close(j);
}
