// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "System Call Overhead", mode "mix": per loop close(dup(fd)),
 * getpid through the raw syscall (no libc caching), getuid and
 * umask(022), fd being a private pipe end. Counted until the alarm.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness.h"

static int syscall_copy_main(int argc, char **argv)
{
	unsigned long iter = 0;
	int p[2];

	if (argc < 2)
		return 2;
	if (pipe(p)) {
		perror("syscall: pipe");
		return 1;
	}
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		close(dup(p[0]));
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
	.copy_main = syscall_copy_main,
};
