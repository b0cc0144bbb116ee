// SPDX-License-Identifier: GPL-2.0
/*
 * One way to run a program for every side (shared/run.h). Its output is
 * read through poll, so that a deadline holds while it says nothing, and
 * split into lines for the caller.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shared/run.h"
#include "shared/util.h"

struct run_buf {
	char b[4096];
	size_t len;
};

static void run_child(const struct run_cmd *c, int out)
{
	if (dup2(out, STDOUT_FILENO) < 0 ||
	    (c->stderr_too && dup2(out, STDERR_FILENO) < 0))
		_exit(127);
	if (c->dir && chdir(c->dir)) {
		fprintf(stderr, "%s: %s: %s\n", c->argv[0], c->dir,
			strerror(errno));
		_exit(127);
	}
	if (c->uid >= 0 &&
	    (setgroups(0, NULL) || setgid(c->uid) || setuid(c->uid))) {
		fprintf(stderr, "%s: cannot become uid %ld: %s\n", c->argv[0],
			c->uid, strerror(errno));
		_exit(127);
	}
	execvp(c->argv[0], c->argv);
	fprintf(stderr, "%s: %s\n", c->argv[0], strerror(errno));
	_exit(127);
}

static void run_line_take(const struct run_cmd *c, const char *line)
{
	if (c->line)
		c->line(line, c->ctx);
	if (c->last && *line)
		snprintf(c->last, c->last_size, "%s", line);
}

/* Every whole line of @r to the caller; one longer than @r in pieces. */
static void run_lines_split(const struct run_cmd *c, struct run_buf *r, int eof)
{
	char *start = r->b, *nl;

	while ((nl = memchr(start, '\n', r->b + r->len - start))) {
		*nl = '\0';
		run_line_take(c, start);
		start = nl + 1;
	}
	r->len -= start - r->b;
	memmove(r->b, start, r->len);
	if (r->len && (eof || r->len == sizeof(r->b) - 1)) {
		r->b[r->len] = '\0';
		run_line_take(c, r->b);
		r->len = 0;
	}
}

/* Until the child closes its output: 0, -ETIMEDOUT or -errno. */
static int run_output_read(const struct run_cmd *c, int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	double end = util_now() + c->timeout_ms / 1000.0;
	struct run_buf r = { .len = 0 };
	int ms = -1;
	ssize_t n;

	for (;;) {
		if (c->timeout_ms) {
			ms = (int)((end - util_now()) * 1000);
			if (ms <= 0)
				return -ETIMEDOUT;
		}
		n = poll(&pfd, 1, ms);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -ETIMEDOUT;
		n = read(fd, r.b + r.len, sizeof(r.b) - 1 - r.len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		r.len += n;
		run_lines_split(c, &r, 0);
	}
	run_lines_split(c, &r, 1);
	return 0;
}

int run_cmd_run(const struct run_cmd *c)
{
	int p[2], status, err;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return -errno;
	/* What stdio holds would be written again by the child. */
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		err = -errno;
		close(p[0]);
		close(p[1]);
		return err;
	}
	if (!pid)
		run_child(c, p[1]);
	close(p[1]);
	err = run_output_read(c, p[0]);
	close(p[0]);
	if (err)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (err)
		return err;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
