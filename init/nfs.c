// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's fs2 (docs/disks.md): the disk's filesystem, just mounted at
 * /fs/<device>, served by the guest's own nfsd and mounted back over
 * loopback at /nfs/<device>, which becomes the benchmarks' working
 * directory. The server is the kernel's, driven by Debian's tools (the
 * image's fs2-nfs layer) as LKP's setup does it: an export root on a
 * tmpfs at /export (fsid=0), the disk bound under it, exportfs, the
 * mountd that answers the kernel's export lookups, rpc.nfsd.
 *
 * NFSv4 only: it needs no rpcbind (the kernel's registration of v4 is
 * optional) and no statd. The client is the kernel's, mounted with
 * mount(2) as mount.nfs would, NFSv4.2 (what both LKP's nfs and nfsv4
 * negotiate with a current server).
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
#include "proto/disk.h"

#define NFS_THREADS "8" /* Debian's RPCNFSDCOUNT */

/* The client's mount, which the poweroff lets go of first. */
static char nfs_mnt[64];

static int nfs_file_put(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

/* Run one of the layer's tools; a failure is said in @why. */
static int nfs_tool_run(const struct job *job, char *const argv[], char *why,
			size_t size)
{
	char out[256], what[32];
	int err;

	snprintf(what, sizeof(what), "FS2=%s", job->fs2);
	err = disks_tool_have(what, argv[0], "nfs-kernel-server", "fs2-nfs",
			      why, size);
	if (err)
		return err;
	err = disks_tool_run(argv, out, sizeof(out));
	if (!err)
		return 0;
	disks_tool_said(what, argv[0], err, out, why, size);
	return -EIO;
}

/* /export (fsid=0) and the disk bound at /export<workdir>, exported. */
static int nfs_exports_make(const struct job *job, char *why, size_t size)
{
	char dir[128], exports[512];
	int err;

	mkdir("/export", 0755);
	if (mount("nfsv4_root_export", "/export", "tmpfs", 0, "mode=0755"))
		goto fail;
	snprintf(dir, sizeof(dir), "/export%s", job->workdir);
	mkdir("/export/fs", 0755);
	mkdir(dir, 0755);
	if (mount(job->workdir, dir, NULL, MS_BIND, NULL))
		goto fail;
	snprintf(exports, sizeof(exports),
		 "/export *(fsid=0,rw,no_subtree_check,no_root_squash)\n"
		 "%s *(rw,no_subtree_check,no_root_squash)\n",
		 dir);
	mkdir("/etc", 0755);
	mkdir("/var", 0755);
	mkdir("/var/lib", 0755);
	mkdir("/var/lib/nfs", 0755);
	/* Where nfsd keeps its clients' state: none to reclaim. */
	mkdir("/var/lib/nfs/v4recovery", 0755);
	err = nfs_file_put("/etc/exports", exports);
	if (!err)
		return 0;
	errno = -err;
fail:
	snprintf(why, size, "FS2=%s: cannot export %s: %s", job->fs2,
		 job->workdir, strerror(errno));
	return -EIO;
}

/*
 * The kernel's nfsd, with the export table it reads from mountd. A
 * fresh server holds new opens for its grace period (90 s: the time old
 * clients get to reclaim their state); there are none to wait for.
 */
static int nfs_server_start(const struct job *job, char *why, size_t size)
{
	char *exportfs[] = { "/usr/sbin/exportfs", "-ra", NULL };
	char *mountd[] = { "/usr/sbin/rpc.mountd", "-N", "2", "-N", "3", NULL };
	/* The port by number: the image has no /etc/services to name it. */
	char *nfsd[] = { "/usr/sbin/rpc.nfsd", "-N", "3", "-p", "2049",
			 NFS_THREADS,	       NULL };
	int err;

	modules_probe_name("nfsd");
	mkdir("/proc/fs/nfsd", 0755);
	if (mount("nfsd", "/proc/fs/nfsd", "nfsd", 0, NULL)) {
		snprintf(
			why, size,
			errno == ENODEV ?
				"FS2=%s: the kernel has no NFS server (mount nfsd: %s): build CONFIG_NFSD_V4 in (kconfigs/disk.config) or give its module (MODULES=)" :
				"FS2=%s: cannot mount the nfsd filesystem: %s",
			job->fs2, strerror(errno));
		return -EIO;
	}
	err = nfs_exports_make(job, why, size);
	if (!err)
		err = nfs_tool_run(job, exportfs, why, size);
	if (!err)
		err = nfs_tool_run(job, mountd, why, size);
	if (!err)
		err = nfs_tool_run(job, nfsd, why, size);
	if (err)
		return err;
	err = nfs_file_put("/proc/fs/nfsd/v4_end_grace", "Y\n");
	if (err)
		fprintf(stderr,
			"bootbench-init: nfs: the grace period could not be ended (%s): the first opens wait for it\n",
			strerror(-err));
	return 0;
}

/*
 * A file made and removed on the mount before any benchmark: an open
 * the server's grace period holds waits here, outside the measurement
 * (LKP's setup touches wait_for_nfs_grace_period for it), and the
 * export is proved writable.
 */
static int nfs_mount_probe(const struct job *job, const char *mnt, char *why,
			   size_t size)
{
	char path[96];
	int fd;

	snprintf(path, sizeof(path), "%s/.bootbench-nfs-probe", mnt);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || close(fd) || unlink(path)) {
		snprintf(why, size, "FS2=%s: cannot write on %s: %s", job->fs2,
			 mnt, strerror(errno));
		return -EIO;
	}
	return 0;
}

/* The export mounted back at /nfs/<device>, the new working directory. */
static int nfs_client_mount(struct job *job, char *why, size_t size)
{
	const char *dev = strrchr(job->workdir, '/') + 1;
	char src[128], mnt[64];
	int none;

	modules_probe_name("nfsv4");
	snprintf(src, sizeof(src), "127.0.0.1:%s", job->workdir);
	snprintf(mnt, sizeof(mnt), "/nfs/%s", dev);
	mkdir("/nfs", 0755);
	mkdir(mnt, 0755);
	if (mount(src, mnt, "nfs4", 0,
		  "vers=" DISK_FS2_VERS
		  ",addr=127.0.0.1,clientaddr=127.0.0.1")) {
		/* Without nfsv4.ko, nfs.ko's nfs4 says EPROTONOSUPPORT. */
		none = errno == ENODEV || errno == EPROTONOSUPPORT;
		snprintf(
			why, size,
			none ? "FS2=%s: the kernel has no NFSv" DISK_FS2_VERS
			       " client (mount %s: %s): build CONFIG_NFS_V4 and CONFIG_NFS_V4_2 in (kconfigs/disk.config) or give the nfsv4 module (MODULES=)" :
			       "FS2=%s: cannot mount %s: %s",
			job->fs2, src, strerror(errno));
		return -EIO;
	}
	snprintf(nfs_mnt, sizeof(nfs_mnt), "%s", mnt);
	snprintf(job->workdir, sizeof(job->workdir), "%s", mnt);
	return nfs_mount_probe(job, mnt, why, size);
}

int nfs_prepare(struct job *job, char *why, size_t size)
{
	double t0 = uptime_read();
	int err;

	/* fs2=cifs is cifs.c's. */
	if (strncmp(job->fs2, "nfs", 3))
		return 0;
	if (strncmp(job->workdir, "/fs/", 4)) {
		snprintf(
			why, size,
			"FS2=%s serves the disk's filesystem over NFS: give DISK= and FS= too",
			job->fs2);
		return -EINVAL;
	}
	err = nfs_server_start(job, why, size);
	if (!err)
		err = nfs_client_mount(job, why, size);
	if (!err)
		fprintf(stderr,
			"bootbench-init: disk: %s served by nfsd, mounted with NFSv" DISK_FS2_VERS
			" on %s in %.2f s\n",
			job->fs2, job->workdir, uptime_read() - t0);
	return err;
}

/*
 * Before the poweroff's sync: a hard NFS mount whose server hangs (the
 * kind of bug fs2 is there to find) would hold the sync, and the run's
 * results are already sent, so the mount goes first, then the server.
 */
void nfs_release(void)
{
	if (!nfs_mnt[0])
		return;
	umount2(nfs_mnt, MNT_FORCE | MNT_DETACH);
	nfs_file_put("/proc/fs/nfsd/threads", "0\n");
}
