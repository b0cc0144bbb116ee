// SPDX-License-Identifier: GPL-2.0
/*
 * fs2's NFS server (docs/disks.md; its row is proto/storage.def's, the
 * client's mount init/fs2.c's): the kernel's nfsd, driven by Debian's
 * tools (the image's fs2-nfs layer) as LKP's setup does it: an export
 * root on a tmpfs at /export (fsid=0), the disk bound under it,
 * exportfs, the mountd that answers the kernel's export lookups,
 * rpc.nfsd.
 *
 * NFSv4 only: it needs no rpcbind (the kernel's registration of v4 is
 * optional) and no statd. The client mounts NFSv4.2 (what both LKP's
 * nfs and nfsv4 negotiate with a current server).
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

/* Run one of the layer's tools; a failure is said in @why. */
static int nfs_tool_run(const struct job *job, char *const argv[], char *why,
			size_t size)
{
	char out[256], what[32];
	int err;

	snprintf(what, sizeof(what), "FS2=%s", job->fs2);
	err = fs2_tool_have(job, argv[0], why, size);
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
	err = fs2_file_put("/etc/exports", exports, 0644, O_CREAT | O_TRUNC);
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
int fs2_nfs_serve(const struct job *job, char *why, size_t size)
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
	err = fs2_file_put("/proc/fs/nfsd/v4_end_grace", "Y\n", 0644,
			   O_CREAT | O_TRUNC);
	if (err)
		fprintf(stderr,
			"bootbench-init: nfs: the grace period could not be ended (%s): the first opens wait for it\n",
			strerror(-err));
	return 0;
}

void fs2_nfs_said(char *buf, size_t size)
{
	snprintf(buf, size, "NFSv" DISK_FS2_VERS);
}

/* After the client's mount is let go of: nfsd's threads go. */
void fs2_nfs_stop(void)
{
	fs2_file_put("/proc/fs/nfsd/threads", "0\n", 0644, O_CREAT | O_TRUNC);
}
