// SPDX-License-Identifier: GPL-2.0
/*
 * The job's scratch disk (docs/disks.md): find the disks the host gave
 * (virtio vda, vdb, ... or the brd RAM disks ram0, ...), build the md
 * array over them, make the filesystem with Debian's mkfs (the image's
 * fs-<fs> layer), mount it at /fs/<device> as LKP does, and make it the
 * benchmarks' working directory (without FS=, the raw device is named
 * in BOOTBENCH_DISK for a benchmark that uses it: swapin). What fails
 * is one line naming it and its fix; the host's verdict carries it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init.h"
#include "proto/disk.h"
#include "proto/storage.def"
#include "shared/run.h"
#include "shared/util.h"

#define DISKS_WAIT_MS 10000
/*
 * The longest a tool may take (mkfs.btrfs of a large disk under TCG
 * takes tens of seconds): PID 1 waits on it before the first record,
 * so a hung one must become a verdict, not a silent boot.
 */
#define DISKS_TOOL_MS (300 * 1000)

/* A row of proto/storage.def's STORAGE_FS, and of its STORAGE_MD. */
struct disks_fs {
	const char *name, *package, *mkfs;
	/* Before the device, space separated: quiet, force, no discard. */
	const char *args;
	const char *mount_data, *module;
};

struct disks_md {
	const char *name, *level, *module, *option;
};

#define DISKS_FS_ROW(n, package, mkfs, args, opts, module) \
	{ #n, package, mkfs, args, opts, module },
static const struct disks_fs disks_fs_table[] = { STORAGE_FS(DISKS_FS_ROW) };
#undef DISKS_FS_ROW

#define DISKS_MD_ROW(n, level, module, option) { #n, level, module, option },
static const struct disks_md disks_md_table[] = { STORAGE_MD(DISKS_MD_ROW) };
#undef DISKS_MD_ROW

struct disks_state {
	struct disk_spec spec;
	char devs[DISK_MAX][16];
	char target[16]; /* what the filesystem goes on: md0 or a disk */
	char *why;
	size_t size;
};

static int disks_fail(struct disks_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int disks_fail(struct disks_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->why, st->size, fmt, ap);
	va_end(ap);
	return -EIO;
}

/*
 * Run @argv to its end: its exit status, its output's last line in @out;
 * -ETIMEDOUT when it ran past DISKS_TOOL_MS (then killed).
 */
int disks_tool_run(char *const argv[], char *out, size_t size)
{
	struct run_cmd c = {
		.argv = argv,
		.uid = -1,
		.stderr_too = 1,
		.timeout_ms = DISKS_TOOL_MS,
		.last = out,
		.last_size = size,
	};

	out[0] = '\0';
	return run_cmd_run(&c);
}

/*
 * The Debian tool @tool the job's layer brings: 0, or -ENOENT said in
 * @why for @what (FS=xfs, MD=RAID1, FS2=nfsv4) with its fix.
 */
int disks_tool_have(const char *what, const char *tool, const char *package,
		    const char *layer, char *why, size_t size)
{
	if (!access(tool, X_OK))
		return 0;
	snprintf(
		why, size,
		"%s: the image has no %s: run the job through make run, which adds Debian's %s (its %s layer)",
		what, tool, package, layer);
	return -ENOENT;
}

/* disks_tool_run's failure @err of @tool, its last line @out, said. */
void disks_tool_said(const char *what, const char *tool, int err,
		     const char *out, char *why, size_t size)
{
	char how[64];

	if (err == -ETIMEDOUT)
		snprintf(how, sizeof(how), "still running after %d s, killed",
			 DISKS_TOOL_MS / 1000);
	else if (err < 0)
		snprintf(how, sizeof(how), "%s", strerror(-err));
	else
		snprintf(how, sizeof(how), "exit %d", err);
	snprintf(why, size, "%s: %s failed (%s): %s", what, tool, how,
		 out[0] ? out : "no message");
}

static int disks_block_wait(const char *name)
{
	char path[64];
	int ms;

	snprintf(path, sizeof(path), "/sys/block/%s", name);
	for (ms = 0; ms < DISKS_WAIT_MS; ms += 50) {
		if (!access(path, F_OK))
			return 0;
		usleep(50000);
	}
	return -ENOENT;
}

static int disks_devices_find(struct disks_state *st)
{
	unsigned int i;

	/* brd takes rd_nr and rd_size from the command line (the host's). */
	if (st->spec.kind == DISK_BRD)
		modules_probe_name("brd");
	for (i = 0; i < st->spec.count; i++) {
		if (st->spec.kind == DISK_BRD)
			snprintf(st->devs[i], sizeof(st->devs[i]), "ram%u", i);
		else
			snprintf(st->devs[i], sizeof(st->devs[i]), "vd%c",
				 'a' + i);
		if (disks_block_wait(st->devs[i]))
			return disks_fail(
				st,
				st->spec.kind == DISK_BRD ?
					"no RAM disk /dev/%s: the kernel needs CONFIG_BLK_DEV_RAM (kconfigs/disk.config) or the brd module" :
					"no virtio disk /dev/%s: the kernel needs CONFIG_VIRTIO_BLK (kconfigs/disk.config) or the virtio_blk module",
				st->devs[i]);
	}
	snprintf(st->target, sizeof(st->target), "%s", st->devs[0]);
	return 0;
}

/* Debian's mdadm makes /dev/md0 itself when no udev runs. */
static int disks_md_build(struct disks_state *st, const struct disks_md *md)
{
	char *argv[16 + DISK_MAX], devs[DISK_MAX][24], level[16], n[32],
		out[256], what[32];
	int a = 0;
	unsigned int i;
	int err;

	modules_probe_name(md->module);
	mkdir("/run", 0755);
	snprintf(level, sizeof(level), "--level=%s", md->level);
	snprintf(n, sizeof(n), "--raid-devices=%u", st->spec.count);
	argv[a++] = "/usr/sbin/mdadm";
	argv[a++] = "--create";
	argv[a++] = "/dev/md0";
	argv[a++] = "--run";
	argv[a++] = "--force";
	argv[a++] = "--metadata=1.2";
	argv[a++] = level;
	argv[a++] = n;
	if (md->option)
		argv[a++] = (char *)md->option;
	for (i = 0; i < st->spec.count; i++) {
		snprintf(devs[i], sizeof(devs[i]), "/dev/%s", st->devs[i]);
		argv[a++] = devs[i];
	}
	argv[a] = NULL;
	snprintf(what, sizeof(what), "MD=%s", md->name);
	err = disks_tool_have(what, argv[0], "mdadm", "md", st->why, st->size);
	if (err)
		return err;
	err = disks_tool_run(argv, out, sizeof(out));
	if (err || disks_block_wait("md0"))
		return disks_fail(
			st,
			"MD=%s: mdadm could not build /dev/md0 (%s): the kernel needs CONFIG_MD_%s (kconfigs/disk.config) or its module",
			md->name, out[0] ? out : "no md0", md->name);
	snprintf(st->target, sizeof(st->target), "md0");
	return 0;
}

static const struct disks_md *disks_md_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(disks_md_table); i++)
		if (!strcmp(disks_md_table[i].name, name))
			return &disks_md_table[i];
	return NULL;
}

static const struct disks_fs *disks_fs_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(disks_fs_table); i++)
		if (!strcmp(disks_fs_table[i].name, name))
			return &disks_fs_table[i];
	return NULL;
}

static int disks_mkfs(struct disks_state *st, const struct disks_fs *fs,
		      const char *dev)
{
	char *argv[10], out[256], what[32], layer[32], tool[64], args[64];
	char *word, *save;
	int a = 0, err;

	snprintf(what, sizeof(what), "FS=%s", fs->name);
	snprintf(layer, sizeof(layer), "fs-%s", fs->name);
	err = disks_tool_have(what, fs->mkfs, fs->package, layer, st->why,
			      st->size);
	if (err)
		return err;
	snprintf(args, sizeof(args), "%s", fs->args);
	argv[a++] = (char *)fs->mkfs;
	for (word = strtok_r(args, " ", &save); word && a < 8;
	     word = strtok_r(NULL, " ", &save))
		argv[a++] = word;
	argv[a++] = (char *)dev;
	argv[a] = NULL;
	err = disks_tool_run(argv, out, sizeof(out));
	if (!err)
		return 0;
	snprintf(tool, sizeof(tool), "%s %s", fs->mkfs, dev);
	disks_tool_said(what, tool, err, out, st->why, st->size);
	return -EIO;
}

/* mkfs and mount one device at /fs/<name>. */
static int disks_fs_make(struct disks_state *st, const struct disks_fs *fs,
			 const char *name, char *mnt, size_t size)
{
	char dev[32];
	int err;

	snprintf(dev, sizeof(dev), "/dev/%s", name);
	err = disks_mkfs(st, fs, dev);
	if (err)
		return err;
	/*
	 * ext4, xfs and btrfs take crc32c from the crypto API, which would
	 * load it through modprobe: the image has none, so load it here.
	 */
	modules_probe_name("crc32c_generic");
	modules_probe_name(fs->module);
	mkdir("/fs", 0755);
	snprintf(mnt, size, "/fs/%s", name);
	mkdir(mnt, 0755);
	if (mount(dev, mnt, fs->name, 0, fs->mount_data))
		return disks_fail(
			st,
			errno == ENODEV ?
				"FS=%s: the kernel has no %s filesystem (mount %s: %s): build it in (kconfigs/disk.config) or give its module (MODULES=)" :
				"FS=%s: cannot mount %s on %s: %s",
			fs->name, errno == ENODEV ? fs->name : dev,
			errno == ENODEV ? dev : mnt, strerror(errno));
	/* Every benchmark user may write there, as in /tmp. */
	chmod(mnt, 01777);
	return 0;
}

int disks_prepare(struct job *job, char *why, size_t size)
{
	struct disks_state st = { .why = why, .size = size };
	const struct disks_fs *fs = NULL;
	const struct disks_md *md = NULL;
	char mnt[64];
	double t0 = util_now();
	unsigned int i;
	int err;

	if (!job->disk[0])
		return 0;
	if (disk_spec_parse(job->disk, &st.spec, why, size))
		return -EINVAL;
	/* The host gave one of FS='s and MD='s choices: the same rows. */
	if (job->fs[0] && !(fs = disks_fs_find(job->fs)))
		return disks_fail(&st, "FS=%s: no filesystem of that name",
				  job->fs);
	if (job->md[0] && !(md = disks_md_find(job->md)))
		return disks_fail(&st, "MD=%s: no md level of that name",
				  job->md);
	err = disks_devices_find(&st);
	if (!err && md)
		err = disks_md_build(&st, md);
	/*
	 * Without a filesystem the disk is the benchmark's own device
	 * (swapin's swap): its name, for it to find.
	 */
	if (!err && !fs) {
		snprintf(mnt, sizeof(mnt), "/dev/%s", st.target);
		setenv("BOOTBENCH_DISK", mnt, 1);
		fprintf(stderr,
			"bootbench-init: disk: raw %s for the benchmark\n",
			mnt);
	}
	if (err || !fs)
		return err;
	if (job->md[0])
		err = disks_fs_make(&st, fs, st.target, job->workdir,
				    sizeof(job->workdir));
	/* Without md each disk gets its filesystem; the first is the cwd. */
	for (i = 0; !job->md[0] && i < st.spec.count && !err; i++)
		err = disks_fs_make(&st, fs, st.devs[i], i ? mnt : job->workdir,
				    i ? sizeof(mnt) : sizeof(job->workdir));
	if (!err)
		fprintf(stderr,
			"bootbench-init: disk: %s on /dev/%s%s%s, mounted on %s in %.2f s\n",
			fs->name, st.target, job->md[0] ? " " : "", job->md,
			job->workdir, util_now() - t0);
	return err;
}
