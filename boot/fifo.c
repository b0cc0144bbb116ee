// SPDX-License-Identifier: GPL-2.0
/*
 * The FIFOs of one boot (fifo.h): QEMU's pipe chardevs for the console
 * and the results port, and PIN='s QMP socket, in a locked directory
 * under /tmp; and the sweep of the directories killed runs left.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fifo.h"
#include "shared/util.h"

#define FIFO_PIPE_SIZE (1 << 20)

/*
 * QEMU's pipe chardev on @path: it writes @path.out and reads @path.in.
 * Not a socket: QEMU writes the console a byte at a time, and a unix
 * socket's buffer holds a few hundred such writes, so a host that reads
 * a few milliseconds late made QEMU retry at a host-timed moment, and
 * a deterministic guest's clock depended on the host's load (profiles
 * of the same kernel differed by 1% in the tick's functions). A pipe
 * holds 1 MiB (raised here); past that QEMU's write waits for us with
 * the guest stopped, which a guest cannot see.
 */
static int fifo_pipe_make(const char *path)
{
	char in[96], out[96];
	int fd;

	snprintf(in, sizeof(in), "%s.in", path);
	snprintf(out, sizeof(out), "%s.out", path);
	if (mkfifo(in, 0600) || mkfifo(out, 0600))
		return -errno;
	/* Read-only and non-blocking: the open waits for no writer. */
	fd = open(out, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* The kernel's limit for users is 1 MiB; the default 64 KiB will do. */
	fcntl(fd, F_SETPIPE_SZ, FIFO_PIPE_SIZE);
	return fd;
}

static void fifo_pipe_remove(const char *path)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.in", path);
	unlink(name);
	snprintf(name, sizeof(name), "%s.out", path);
	unlink(name);
}

/*
 * The FIFOs' directory: short (the result directory path may not be),
 * locked while its run lives. SIGINT, SIGTERM, SIGHUP and the other
 * signals run.c catches end the run and remove it; a run killed with
 * SIGKILL (or crashed) cannot, so each run removes the unlocked ones of
 * its user that are older than FIFO_AGE seconds (a run locks its own at
 * once, after mkdtemp).
 */
#define FIFO_PARENT "/tmp"
#define FIFO_PREFIX "bootbench-fifo."
#define FIFO_AGE 5
static const char *const fifo_names[] = {
	"console.in", "console.out", "results.in", "results.out", "qmp",
};

/* One killed run's directory, @name under @parent, if it is one. */
static void fifo_dir_sweep_one(int parent, const char *name, time_t now)
{
	struct stat st;
	size_t i;
	int fd;

	fd = openat(parent, name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && st.st_uid == getuid() &&
	    now - st.st_mtime > FIFO_AGE && !flock(fd, LOCK_EX | LOCK_NB)) {
		for (i = 0; i < ARRAY_SIZE(fifo_names); i++)
			unlinkat(fd, fifo_names[i], 0);
		unlinkat(parent, name, AT_REMOVEDIR);
	}
	close(fd);
}

static void fifo_dir_sweep(void)
{
	DIR *d = opendir(FIFO_PARENT);
	struct dirent *e;
	time_t now = time(NULL);

	if (!d)
		return;
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, FIFO_PREFIX, strlen(FIFO_PREFIX)) &&
		    strlen(e->d_name) == strlen(FIFO_PREFIX) + 6)
			fifo_dir_sweep_one(dirfd(d), e->d_name, now);
	closedir(d);
}

int fifo_dir_make(struct fifo_dir *d)
{
	fifo_dir_sweep();
	strcpy(d->dir, FIFO_PARENT "/" FIFO_PREFIX "XXXXXX");
	if (!mkdtemp(d->dir))
		return -errno;
	d->lock = open(d->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (d->lock >= 0)
		flock(d->lock, LOCK_EX);
	snprintf(d->con_path, sizeof(d->con_path), "%s/console", d->dir);
	snprintf(d->res_path, sizeof(d->res_path), "%s/results", d->dir);
	return 0;
}

int fifo_pipes_open(struct fifo_dir *d, int fd[2])
{
	fd[0] = fifo_pipe_make(d->con_path);
	fd[1] = fd[0] < 0 ? -1 : fifo_pipe_make(d->res_path);
	if (fd[0] < 0)
		return fd[0];
	return fd[1] < 0 ? fd[1] : 0;
}

const char *fifo_qmp_path_make(struct fifo_dir *d)
{
	snprintf(d->qmp_path, sizeof(d->qmp_path), "%s/qmp", d->dir);
	return d->qmp_path;
}

void fifo_dir_remove(struct fifo_dir *d)
{
	if (d->con_path[0]) {
		fifo_pipe_remove(d->con_path);
		fifo_pipe_remove(d->res_path);
		if (d->qmp_path[0])
			unlink(d->qmp_path);
		rmdir(d->dir);
	}
	if (d->lock >= 0)
		close(d->lock);
}
