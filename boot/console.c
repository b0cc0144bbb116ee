// SPDX-License-Identifier: GPL-2.0
/*
 * What the guest prints on its console, and QEMU on its own output
 * (console.h): each log's head written as it comes and its tail kept in
 * a ring, so a flood costs neither the disk nor the log's end; the
 * console cut into lines, each looked at for a panic or the init's
 * error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "proto/names.h"

void console_line_end(struct session *s, struct console *con, double now,
		      double *panic_at)
{
	char shown[CONSOLE_LINE_MAX * 4];
	const char *p;

	con->line[con->len] = '\0';
	/* Guest text never reaches a terminal raw, nor looks like ours. */
	if (con->verbose) {
		names_escape(con->line, shown, sizeof(shown));
		fprintf(stderr, "console| %s\n", shown);
	}
	if (!s->panic_line[0] &&
	    (p = strstr(con->line, "Kernel panic - not syncing"))) {
		names_escape(p, s->panic_line, sizeof(s->panic_line));
		*panic_at = now;
	}
	p = strstr(con->line, "bootbench-init: error: ");
	if (p && !s->guest_error[0])
		names_escape(p + strlen("bootbench-init: error: "),
			     s->guest_error, sizeof(s->guest_error));
}

/* The head goes to the file as it comes, the rest into the tail ring. */
int console_bytes_keep(struct console *con, const char *buf, size_t n)
{
	size_t head = 0, k;

	if (con->total < con->keep) {
		head = con->keep - con->total;
		head = head < n ? head : n;
		fwrite(buf, 1, head, con->log);
	}
	con->total += n;
	if (head == n)
		return 0;
	if (!con->tail && !(con->tail = malloc(con->keep)))
		return -ENOMEM;
	for (buf += head, n -= head; n; buf += k, n -= k) {
		k = con->keep - con->tail_pos;
		k = k < n ? k : n;
		memcpy(con->tail + con->tail_pos, buf, k);
		con->tail_pos = (con->tail_pos + k) % con->keep;
	}
	return 0;
}

/* The tail after the head, with a mark where bytes were cut. */
void console_log_close(struct console *con)
{
	unsigned long rest = con->total - con->keep;

	if (con->total <= con->keep || !con->tail)
		return;
	if (rest > con->keep) {
		fprintf(con->log, "\n[bootbench: %lu bytes of %s cut here]\n",
			rest - con->keep, con->what);
		fwrite(con->tail + con->tail_pos, 1, con->keep - con->tail_pos,
		       con->log);
	}
	fwrite(con->tail, 1, rest > con->keep ? con->tail_pos : rest, con->log);
	free(con->tail);
	con->tail = NULL;
}

int console_bytes_feed(struct session *s, struct console *con, const char *buf,
		       size_t n, double now, double *panic_at)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (buf[i] == '\r')
			continue;
		if (buf[i] == '\n') {
			console_line_end(s, con, now, panic_at);
			con->len = 0;
		} else if (con->len < CONSOLE_LINE_MAX - 1) {
			con->line[con->len++] = buf[i];
		}
	}
	return console_bytes_keep(con, buf, n);
}
