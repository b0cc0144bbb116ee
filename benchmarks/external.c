// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "shared/run.h"

struct external_lines {
	external_line_fn line;
	void *ctx;
};

static void external_line(const char *line, void *ctx)
{
	struct external_lines *l = ctx;

	/* Never let its text pass for one of our protocol lines. */
	if (!strncmp(line, "metric ", 7) || !strncmp(line, "progress ", 9))
		printf("| %s\n", line);
	else
		printf("%s\n", line);
	if (l->line)
		l->line(line, l->ctx);
}

int external_run(char *const argv[], const char *dir, long uid,
		 external_line_fn line, void *ctx)
{
	struct external_lines l = { line, ctx };
	struct run_cmd c = {
		.argv = argv,
		.dir = dir,
		.uid = uid,
		.stderr_too = 1,
		.line = external_line,
		.ctx = &l,
	};

	/* A missing program is the caller's -ENOENT, not exit 127. */
	if (access(argv[0], X_OK))
		return -errno;
	return run_cmd_run(&c);
}
