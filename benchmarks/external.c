// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include "external.h"

static void external_child(char *const argv[], const char *dir, long uid,
			   int out)
{
	if (dup2(out, 1) < 0 || dup2(out, 2) < 0 || (dir && chdir(dir)))
		_exit(127);
	if (uid >= 0 && (setgroups(0, NULL) || setgid(uid) || setuid(uid))) {
		fprintf(stderr, "%s: cannot become uid %ld: %s\n", argv[0], uid,
			strerror(errno));
		_exit(127);
	}
	execv(argv[0], argv);
	fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int external_run(char *const argv[], const char *dir, long uid,
		 external_line_fn line, void *ctx)
{
	char *buf = NULL;
	size_t cap = 0;
	int p[2], status;
	pid_t pid;
	FILE *in;

	if (access(argv[0], X_OK))
		return -errno;
	if (pipe2(p, O_CLOEXEC))
		return -errno;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (!pid)
		external_child(argv, dir, uid, p[1]);
	close(p[1]);
	in = fdopen(p[0], "r");
	while (in && getline(&buf, &cap, in) > 0) {
		buf[strcspn(buf, "\n")] = '\0';
		/* Never let its text pass for one of our protocol lines. */
		if (!strncmp(buf, "metric ", 7) ||
		    !strncmp(buf, "progress ", 9))
			printf("| %s\n", buf);
		else
			printf("%s\n", buf);
		if (line)
			line(buf, ctx);
	}
	free(buf);
	if (in)
		fclose(in);
	else
		close(p[0]);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
