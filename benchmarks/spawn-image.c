// SPDX-License-Identifier: GPL-2.0
/*
 * The loop of UnixBench's "Process Creation", as a small static program
 * of its own (benchmarks/spawn.c starts it): fork, the child exits 0 at
 * once, the parent waits and checks the status; one loop per child,
 * counted until the alarm, then "COUNT|n|1|lps" on stdout.
 *
 * Why apart from the harness: a forked child faults in every text page
 * it runs and copies every data page it writes. In the harness binary,
 * the child's fork return and exit paths and the data they write lie on
 * more pages than in the original's small program, so a loop cost a
 * page fault more than the original's. The child leaves through exit()
 * as the original's does, not _exit(): libc's exit work is part of the
 * original's loop.
 *
 * The count lives in memory, as the original's does (its alarm handler
 * prints it): after each fork the parent's write to it is a
 * copy-on-write fault, part of what the original's loop costs. Not
 * static, so that the compiler keeps it in memory across the calls.
 *
 * argv: DURATION
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchmarks/harness.h"

unsigned long spawn_image_loops;

int main(int argc, char **argv)
{
	int status;
	pid_t pid;

	if (argc < 2 || atoi(argv[1]) < 1) {
		fprintf(stderr, "spawn-image: usage: spawn-image SECONDS\n");
		return 1;
	}
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		pid = fork();
		if (pid == 0)
			exit(0);
		if (pid < 0) {
			perror("spawn-image: fork");
			return 2;
		}
		while (waitpid(pid, &status, 0) < 0)
			;
		if (status != 0) {
			fprintf(stderr, "spawn-image: bad wait status %#x\n",
				status);
			return 2;
		}
		spawn_image_loops++;
	}
	/* Not stdout's FILE: the child's exit() flushes every FILE linked in. */
	dprintf(STDOUT_FILENO, "COUNT|%lu|1|lps\n", spawn_image_loops);
	return 0;
}
