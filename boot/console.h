/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_CONSOLE_H
#define BOOTBENCH_CONSOLE_H

#include <stdio.h>

#include "session.h"

#define CONSOLE_LINE_MAX 1024

/* console.log or qemu.log: a head, a tail ring, and what the cut drops. */
struct console {
	FILE *log;
	size_t keep; /* bytes kept at the head, and as many at the tail */
	const char *what; /* "console output", for the cut mark */
	char line[CONSOLE_LINE_MAX];
	size_t len;
	int verbose;
	unsigned long total; /* bytes the guest wrote */
	char *tail; /* a ring of the last bytes past the head */
	size_t tail_pos;
};

/*
 * A console line ended: echoed (escaped) under -v (V=1), its panic (the
 * time it came in @panic_at) or the init's error kept in @s.
 */
void console_line_end(struct session *s, struct console *con, double now,
		      double *panic_at);
/* The head goes to the file as it comes, the rest into the tail ring. */
int console_bytes_keep(struct console *con, const char *buf, size_t n);
/* The tail after the head, with a mark where bytes were cut. */
void console_log_close(struct console *con);
/* Bytes from the console: into lines, and kept. 0 or -ENOMEM. */
int console_bytes_feed(struct session *s, struct console *con, const char *buf,
		       size_t n, double now, double *panic_at);

#endif
