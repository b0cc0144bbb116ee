// SPDX-License-Identifier: GPL-2.0
/*
 * The looper of UnixBench's shell tests. Its scripts and sort input sit
 * in shell/ beside the benchmark binary (/bench/shell in the image).
 * Each copy works in its own directory under /tmp (tmpfs in the guest),
 * as UnixBench's copies work in its tmp directory. Unlike the original,
 * which reports at the alarm and leaves the running multi.sh behind,
 * the run in progress is killed, so it cannot eat into the next pass,
 * and a run that fails fails the benchmark.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "looper.h"

static int looper_file_copy(const char *from, const char *to)
{
	char buf[16384];
	int in, out, err = 0;
	ssize_t n;

	in = open(from, O_RDONLY);
	if (in < 0)
		return -errno;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0) {
		err = -errno;
		goto out;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			err = -EIO;
			break;
		}
	if (n < 0)
		err = -errno;
	if (close(out) && !err)
		err = -errno;
out:
	close(in);
	return err;
}

/* The work directory holds only files: sort.src and the scripts' own. */
static void looper_dir_remove(const char *dir)
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

/* The copy's work directory entered, and the sort input put in it. */
static int looper_work_enter(const char *work, const char *src)
{
	int err;

	if (chdir(work)) {
		err = -errno;
		perror(work);
		return err;
	}
	err = looper_file_copy(src, "sort.src");
	if (err)
		fprintf(stderr, "looper: %s: %s\n", src, strerror(-err));
	return err;
}

/*
 * One run of multi.sh with @n scripts, in a process group of its own
 * (*pidp) that the alarm can kill whole. 0: it ran and passed; 1: the
 * alarm came mid-run, which is still going; -errno: it failed, said.
 */
static int looper_multi_run(const char *multi, const char *n,
			    unsigned int scripts, pid_t *pidp)
{
	int status, err;
	pid_t pid, r;

	pid = fork();
	if (pid < 0) {
		err = -errno;
		perror("looper: fork");
		return err;
	}
	if (pid == 0) {
		setpgid(0, 0);
		/* As the original's: the kernel reads the #! line. */
		execl(multi, multi, n, (char *)NULL);
		_exit(99);
	}
	setpgid(pid, pid);
	*pidp = pid;
	while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR &&
	       !harness_stop)
		;
	if (r != pid)
		return 1;
	if (status == 99 << 8) {
		fprintf(stderr, "looper: cannot run %s (it needs /bin/sh)\n",
			multi);
		return -ENOEXEC;
	}
	if (status != 0) {
		fprintf(stderr, "looper: multi.sh %u failed: status %#x\n",
			scripts, status);
		return -EIO;
	}
	return 0;
}

/* The run the alarm cut: it does not count, and stops, all of it. */
static void looper_multi_kill(pid_t pid)
{
	int status;

	kill(-pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}

int looper_copy_main(int argc, char **argv, unsigned int scripts)
{
	char self[PATH_MAX], multi[PATH_MAX + 16], src[PATH_MAX + 16];
	char work[] = "/tmp/bootbench-shell.XXXXXX", n[16], *dir;
	unsigned long iter = 0;
	int err = 0, ret = 2;
	pid_t pid = 0;

	if (argc < 2)
		return 2;
	snprintf(self, sizeof(self), "%s", harness_self());
	dir = dirname(self);
	snprintf(multi, sizeof(multi), "%s/shell/multi.sh", dir);
	snprintf(src, sizeof(src), "%s/shell/sort.src", dir);
	snprintf(n, sizeof(n), "%u", scripts);
	if (!mkdtemp(work)) {
		perror("looper: mkdtemp");
		return 2;
	}
	if (looper_work_enter(work, src) || harness_alarm_arm(atoi(argv[1])))
		goto out;
	while (!harness_stop) {
		err = looper_multi_run(multi, n, scripts, &pid);
		if (err)
			break;
		iter++;
	}
	if (err < 0)
		goto out;
	if (err > 0)
		looper_multi_kill(pid);
	harness_count_report(iter, 60, "lpm");
	ret = 0;
out:
	if (chdir("/") == 0)
		looper_dir_remove(work);
	return ret;
}
