/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a program and reading what it says, once for every side (the
 * init's disk tools, the Debian benchmarks' wrapper, the host's QEMU
 * probe), after git's run-command: describe the child in a struct, run
 * it to its end, get one exit-status mapping.
 */
#ifndef SHARED_RUN_H
#define SHARED_RUN_H

#include <stddef.h>

/* Each line of the child's output, without its newline. */
typedef void (*run_line_fn)(const char *line, void *ctx);

struct run_cmd {
	char *const *argv; /* argv[0]: a path, or a name looked up in PATH */
	const char *dir; /* the child's directory, or NULL */
	long uid; /* the child's user and group, or -1 to stay */
	int stderr_too; /* its stderr into the same pipe as its stdout */
	unsigned int timeout_ms; /* killed past it (then -ETIMEDOUT); 0: none */
	run_line_fn line; /* or NULL */
	void *ctx;
	char *last; /* its last non-empty line, or NULL */
	size_t last_size;
};

/*
 * Run @c to its end: its exit status (0-255; 127 when it could not be
 * started), 128 + the signal that ended it, or -errno (-ETIMEDOUT past
 * its timeout, when it is killed).
 */
int run_cmd_run(const struct run_cmd *c);

#endif
