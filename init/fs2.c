// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's fs2 (docs/disks.md): the disk's filesystem, just mounted at
 * /fs/<device>, served by the guest's own file server (a row of
 * proto/storage.def's STORAGE_SERVER: its start is init/<server>.c's)
 * and mounted back over loopback at /<server>/<device> with the
 * kernel's client, mount(2) with the options the kernel takes itself
 * (as the mount helpers would pass them). That mount becomes the
 * benchmarks' working directory. Said once, here: the client's mount,
 * the probe, the console's line and the release before the power-off.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init.h"
#include "proto/storage.h"

/* The servers' starts, each a row of STORAGE_SERVER. */
struct fs2_server {
	const char *name;
	int (*serve)(const struct job *job, char *why, size_t size);
	void (*said)(char *buf, size_t size);
	void (*stop)(void);
};

#define FS2_SERVER_ROW(n, ...) \
	{ #n, fs2_##n##_serve, fs2_##n##_said, fs2_##n##_stop },
static const struct fs2_server fs2_servers[] = { STORAGE_SERVER(
	FS2_SERVER_ROW) };
#undef FS2_SERVER_ROW

/* The server the job's mount came from, which the poweroff stops. */
static const struct fs2_server *fs2_running;
/* The client's mount, which the poweroff lets go of first. */
static char fs2_mnt[64];

int fs2_file_put(const char *path, const char *text, mode_t mode, int flags)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags, mode);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

/*
 * A file made and removed on the mount before any benchmark: an open
 * the server's grace period holds waits here, outside the measurement
 * (LKP's setup touches wait_for_nfs_grace_period for it), and the mount
 * is proved writable.
 */
static int fs2_mount_probe(const struct job *job,
			   const struct storage_server *row, const char *mnt,
			   char *why, size_t size)
{
	char path[96];
	int fd;

	snprintf(path, sizeof(path), "%s/.bootbench-%s-probe", mnt, row->name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || close(fd) || unlink(path)) {
		snprintf(why, size, "FS2=%s: cannot write on %s: %s", job->fs2,
			 mnt, strerror(errno));
		return -EIO;
	}
	return 0;
}

/* The client's modules, in the row's order: no modprobe is in reach. */
static void fs2_modules_load(const char *list)
{
	char name[64];
	size_t n;

	for (; *list; list += n + (list[n] == ' ')) {
		n = strcspn(list, " ");
		if (n && n < sizeof(name)) {
			memcpy(name, list, n);
			name[n] = '\0';
			modules_probe_name(name);
		}
	}
}

/* The export mounted back at /<server>/<device>, the new working directory. */
static int fs2_client_mount(struct job *job, const struct storage_server *row,
			    char *why, size_t size)
{
	const char *dev = strrchr(job->workdir, '/') + 1;
	char src[128], mnt[64], dir[32];

	fs2_modules_load(row->modules);
	snprintf(src, sizeof(src), "%s%s", row->source, job->workdir);
	snprintf(dir, sizeof(dir), "/%s", row->name);
	snprintf(mnt, sizeof(mnt), "%s/%s", dir, dev);
	mkdir(dir, 0755);
	mkdir(mnt, 0755);
	if (!mount(src, mnt, row->mount_type, 0, row->mount_opts)) {
		snprintf(fs2_mnt, sizeof(fs2_mnt), "%s", mnt);
		snprintf(job->workdir, sizeof(job->workdir), "%s", mnt);
		return fs2_mount_probe(job, row, mnt, why, size);
	}
	/* Without nfsv4.ko, nfs.ko's nfs4 says EPROTONOSUPPORT. */
	if (errno == ENODEV || errno == EPROTONOSUPPORT)
		snprintf(
			why, size,
			"FS2=%s: the kernel has no %s client (mount %s: %s): build it in (kconfigs/disk.config) or give its modules (%s)",
			job->fs2, row->protocol, src, strerror(errno),
			row->modules);
	else
		snprintf(why, size, "FS2=%s: cannot mount %s: %s", job->fs2,
			 src, strerror(errno));
	return -EIO;
}

/*
 * The server's Debian tool @tool (its fs2-<server> layer's): 0, or
 * -ENOENT said in @why with its fix.
 */
int fs2_tool_have(const struct job *job, const char *tool, char *why,
		  size_t size)
{
	const struct storage_server *row = storage_server_find(job->fs2);
	char what[32], layer[32];

	snprintf(what, sizeof(what), "FS2=%s", job->fs2);
	snprintf(layer, sizeof(layer), "fs2-%s", row->name);
	return disks_tool_have(what, tool, row->package, layer, why, size);
}

int fs2_prepare(struct job *job, char *why, size_t size)
{
	const struct storage_server *row = storage_server_find(job->fs2);
	double t0 = uptime_read();
	char said[64];
	size_t i;
	int err;

	if (!job->fs2[0])
		return 0;
	for (i = 0; row && i < ARRAY_SIZE(fs2_servers); i++)
		if (!strcmp(fs2_servers[i].name, row->name))
			fs2_running = &fs2_servers[i];
	if (!fs2_running) {
		snprintf(why, size, "FS2=%s: no file server of that name",
			 job->fs2);
		return -EINVAL;
	}
	if (strncmp(job->workdir, "/fs/", 4)) {
		snprintf(
			why, size,
			"FS2=%s serves the disk's filesystem over %s: give DISK= and FS= too",
			job->fs2, row->protocol);
		return -EINVAL;
	}
	err = fs2_running->serve(job, why, size);
	if (!err)
		err = fs2_client_mount(job, row, why, size);
	if (err)
		return err;
	fs2_running->said(said, sizeof(said));
	fprintf(stderr,
		"bootbench-init: disk: %s served by %s, mounted with %s on %s in %.2f s\n",
		job->fs2, row->daemon, said, job->workdir, uptime_read() - t0);
	return 0;
}

/*
 * Before the poweroff's sync: a hard mount whose server hangs (the kind
 * of bug fs2 is there to find) would hold the sync, and the run's
 * results are already sent, so the mount goes first, then the server.
 */
void fs2_release(void)
{
	if (!fs2_mnt[0])
		return;
	umount2(fs2_mnt, MNT_FORCE | MNT_DETACH);
	fs2_running->stop();
}
