// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Pipe-based Context Switching": two processes, two pipes.
 * The parent writes its counter, the child reads it, checks it against
 * its own count and writes it back, the parent reads and checks it.
 * One round trip is one loop; the parent counts until the alarm. A
 * counter that does not come back intact fails the copy.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"

static int context1_child(int rfd, int wfd)
{
	unsigned long iter = 0, check;
	ssize_t n;

	for (;;) {
		n = read(rfd, &check, sizeof(check));
		if (n == 0)
			return 0; /* the parent is done */
		if (n != sizeof(check)) {
			if (n < 0 && errno == EINTR)
				continue;
			perror("context1: child read");
			return 1;
		}
		if (check != iter) {
			fprintf(stderr,
				"context1: child expected %lu, got %lu\n", iter,
				check);
			return 2;
		}
		n = write(wfd, &iter, sizeof(iter));
		if (n != sizeof(iter))
			return n < 0 && errno == EPIPE ? 0 : 1;
		iter++;
	}
}

static int context1_copy_main(int argc, char **argv)
{
	unsigned long iter = 0, check;
	int p1[2], p2[2];
	ssize_t n;
	pid_t pid;

	if (argc < 2)
		return 2;
	signal(SIGPIPE, SIG_IGN);
	if (pipe(p1) || pipe(p2)) {
		perror("context1: pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("context1: fork");
		return 1;
	}
	if (pid == 0) {
		close(p1[1]);
		close(p2[0]);
		/* The child must not print a count of its own. */
		fclose(stdout);
		_exit(context1_child(p1[0], p2[1]));
	}
	close(p1[0]);
	close(p2[1]);
	if (harness_alarm_arm(atoi(argv[1])))
		return 1;
	while (!harness_stop) {
		n = write(p1[1], &iter, sizeof(iter));
		if (n != sizeof(iter)) {
			if (n < 0 && errno == EINTR)
				break;
			perror("context1: parent write");
			return 1;
		}
		do
			n = read(p2[0], &check, sizeof(check));
		while (n < 0 && errno == EINTR);
		if (n != sizeof(check)) {
			fprintf(stderr, "context1: parent read %zd\n", n);
			return 1;
		}
		if (check != iter) {
			fprintf(stderr,
				"context1: parent expected %lu, got %lu\n",
				iter, check);
			return 2;
		}
		iter++;
	}
	harness_count_report(iter, 1, "lps");
	return 0;
}

const struct bench bench = {
	.name = "context1",
	.title = "Pipe-based Context Switching",
	.duration = 10,
	.long_test = 1,
	.baseline = 4000.0,
	.copy_main = context1_copy_main,
};
