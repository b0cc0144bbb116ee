// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Process Creation": fork, the child exits 0 at once, the
 * parent waits and checks the status; one loop per child. Counted
 * until the alarm.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static int spawn_copy_main(int argc, char **argv)
{
	unsigned long iter = 0;
	int status;
	pid_t pid;

	if (argc < 2)
		return 2;
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid < 0) {
			perror("fork");
			return 2;
		}
		while (waitpid(pid, &status, 0) < 0)
			;
		if (status != 0) {
			fprintf(stderr, "spawn: bad wait status %#x\n", status);
			return 2;
		}
		iter++;
	}
	harness_count_report(iter, 1, "lps");
	return 0;
}

const struct bench bench = {
	.name = "spawn",
	.title = "Process Creation",
	.duration = 30,
	.baseline = 126.0,
	.copy_main = spawn_copy_main,
};
