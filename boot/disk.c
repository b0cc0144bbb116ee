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
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "bootbench.h"
#include "disk.h"

static int disk_pairs_check(const struct run_opts *o, const struct disk_host *d)
{
	if (!d->on && (d->fs || d->md))
		return bad_input(
			"%s=%s needs a disk to go on: give DISK=1SSD (a virtio disk) or DISK=1BRD_1G (a RAM disk) too",
			d->fs ? "FS" : "MD", d->fs ? d->fs : d->md);
	if (d->fs2 && !d->fs)
		return bad_input(
			"FS2=%s serves the disk's filesystem over NFS: give DISK=1BRD_1G FS=ext4 (or another disk and filesystem) too",
			d->fs2);
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
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
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

static int disk_file_make(struct disk_host *d, unsigned int i)
{
	char *path;
	int fd, err = 0;

	if (asprintf(&path, "%s/bootbench-disk%u-XXXXXX", d->dir, i) < 0)
		return -ENOMEM;
	fd = mkstemp(path);
	if (fd < 0) {
		err = -errno;
		free(path);
		return err;
	}
	if (ftruncate(fd, d->spec.size))
		err = -errno;
	if (!i)
		disk_backing_name(d, fd);
	close(fd);
	d->files[i] = path;
	if (!err && !i)
		disk_cache_pick(d, path);
	return err;
}

int disk_files_create(struct disk_host *d)
{
	unsigned int i;
	int err = 0;

	if (!d->on || d->spec.kind == DISK_BRD)
		return 0;
	if (!d->dir || !*d->dir)
		d->dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/var/tmp";
	/* make run's default, under O=, is made on first use. */
	mkdir(d->dir, 0755);
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

void disk_files_remove(struct disk_host *d)
{
	unsigned int i;

	for (i = 0; i < DISK_MAX; i++) {
		if (!d->files[i])
			continue;
		if (d->keep)
			fprintf(stderr, "bootbench: KEEP_DISK=1: %s kept\n",
				d->files[i]);
		else
			unlink(d->files[i]);
		free(d->files[i]);
		d->files[i] = NULL;
	}
}

void disk_json_write(struct json_buf *j, const struct disk_host *d)
{
	if (!d->on)
		return;
	json_key_write(j, "disk");
	json_object_open(j);
	json_key_write(j, "kind");
	json_string_write(j, disk_kind_name(d->spec.kind));
	json_key_write(j, "count");
	json_int_write(j, d->spec.count);
	json_key_write(j, "size_mb");
	json_int_write(j, d->spec.size >> 20);
	if (d->asked != d->spec.size) {
		json_key_write(j, "asked_mb");
		json_int_write(j, d->asked >> 20);
	}
	json_key_write(j, "fs");
	json_string_write(j, d->fs ? d->fs : "");
	json_key_write(j, "md");
	json_string_write(j, d->md ? d->md : "");
	if (d->fs2) {
		/* What the benchmarks ran on: the guest's own loopback. */
		json_key_write(j, "fs2");
		json_string_write(j, d->fs2);
		json_key_write(j, "fs2_mount");
		json_string_write(j,
				  "NFSv" DISK_FS2_VERS
				  " over the guest's loopback, from its nfsd");
	}
	json_key_write(j, "backing");
	json_string_write(j, d->spec.kind == DISK_BRD ?
				     "guest memory (brd)" :
				     "sparse file on the host");
	if (d->spec.kind != DISK_BRD) {
		json_key_write(j, "host_fs");
		json_string_write(j, d->backing);
		json_key_write(j, "cache");
		json_string_write(j, d->cache);
	}
	json_object_close(j);
}
