/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_EXTERNAL_H
#define BOOTBENCH_EXTERNAL_H

/*
 * Running a Debian benchmark (benchmarks/debian.def) from an adapter:
 * its stdout and stderr, line by line, go to our stdout, where the init
 * keeps them as log records (a line that would pass for one of our
 * protocol lines marked), and to @line when it is not NULL.
 */
typedef void (*external_line_fn)(const char *line, void *ctx);

/*
 * Run argv[0] with its arguments in directory @dir, as user and group
 * @uid unless it is -1, feeding @line. Returns its exit status (128 + N
 * for signal N), or -errno when it could not be started.
 */
int external_run(char *const argv[], const char *dir, long uid,
		 external_line_fn line, void *ctx);

#endif
