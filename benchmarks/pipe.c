// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Pipe Throughput": one process, one pipe; write 512 bytes,
 * read them back; one loop each. Counted until the alarm.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static int pipe_copy_main(int argc, char **argv)
{
	unsigned long iter = 0;
	char buf[512];
	int p[2];

	if (argc < 2)
		return 2;
	memset(buf, 'x', sizeof(buf));
	if (pipe(p)) {
		perror("pipe");
		return 1;
	}
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		if (write(p[1], buf, sizeof(buf)) != sizeof(buf)) {
			if (errno == EINTR)
				break;
			perror("pipe: write");
			return 1;
		}
		if (read(p[0], buf, sizeof(buf)) != sizeof(buf)) {
			perror("pipe: read");
			return 1;
		}
		iter++;
	}
	harness_count_report(iter, 1, "lps");
	return 0;
}

const struct bench bench = {
	.name = "pipe",
	.title = "Pipe Throughput",
	.duration = 10,
	.long_test = 1,
	.baseline = 12440.0,
	.copy_main = pipe_copy_main,
};
