// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "System Call Overhead", mode "mix": per loop close(dup(fd)),
 * getpid through the raw syscall (no libc caching), getuid and
 * umask(022). Counted until the alarm.
 *
 * fd is the job's syscall_file (argv[2]): "private", the default, a
 * pipe end of the copy's own, as UnixBench has done since 2023-01-19
 * (byte-unixbench fb4521c); "shared", fd 0, the stdin every copy
 * inherits from the harness, as UnixBench did before and LKP ran it in
 * the reports of those years: every copy's dup and close then take and
 * drop a reference on the same struct file, whose count all the CPUs
 * write (docs/benchmarks.md).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness.h"

/* linux/kcmp.h's KCMP_FILE: musl's headers do not carry it. */
#define SYSCALL_KCMP_FILE 0

/* The file the loop dups: the inherited stdin, or a pipe of its own. */
static int syscall_fd_open(const char *mode)
{
	int p[2];

	if (mode && !strcmp(mode, "shared")) {
		if (fcntl(STDIN_FILENO, F_GETFD) < 0) {
			fprintf(stderr,
				"syscall: syscall_file=shared dups the stdin the copies inherit, and it is closed: run it with a stdin (< /dev/null)\n");
			return -1;
		}
		return STDIN_FILENO;
	}
	if (pipe(p)) {
		perror("syscall: pipe");
		return -1;
	}
	return p[0];
}

static int syscall_copy_main(int argc, char **argv)
{
	unsigned long iter = 0;
	int fd;

	if (argc < 2)
		return 2;
	fd = syscall_fd_open(argc > 2 ? argv[2] : NULL);
	if (fd < 0)
		return 1;
	/*
	 * Whether the file the loop dups is the harness's own stdin, the one
	 * struct file every copy shares, as the kernel says (kcmp): the
	 * harness counts the copies that do (unixbench.shared_file_copies).
	 */
	printf("SHARED|%d\n",
	       syscall(SYS_kcmp, getpid(), getppid(), SYSCALL_KCMP_FILE, fd,
		       STDIN_FILENO) == 0);
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		close(dup(fd));
		syscall(SYS_getpid);
		getuid();
		umask(022);
		iter++;
	}
	harness_count_report(iter, 1, "lps");
	return 0;
}

const struct bench bench = {
	.name = "syscall",
	.title = "System Call Overhead",
	.duration = 10,
	.long_test = 1,
	.baseline = 15000.0,
	.copy_key = "syscall_file",
	.copy_main = syscall_copy_main,
};
