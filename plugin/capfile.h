/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file the plugin writes at QEMU's exit, capped (proto/profile.h):
 * what the guest made it count stops at @max bytes, a whole line at a
 * time, and the file then ends with PROFILE_CUT_MARK's line, so that the
 * host tells a cut file from a whole one. Header-only: the plugin and
 * its unit test (tests/unit/test_capfile.c) include it.
 */
#ifndef BOOTBENCH_PLUGIN_CAPFILE_H
#define BOOTBENCH_PLUGIN_CAPFILE_H

#include <stdarg.h>
#include <stdio.h>

#include "proto/profile.h"

struct capfile {
	FILE *f;
	unsigned long max, left;
	int cut;
};

/* 0, or -1 when @path cannot be written. */
static inline int capfile_open(struct capfile *c, const char *path,
			       unsigned long max)
{
	c->f = fopen(path, "w");
	c->max = c->left = max;
	c->cut = 0;
	return c->f ? 0 : -1;
}

/* One line (under 512 bytes), or nothing from the first that passes. */
static inline __attribute__((format(printf, 2, 3))) void
capfile_printf(struct capfile *c, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	if (c->cut)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) || (unsigned long)n > c->left) {
		c->cut = 1;
		return;
	}
	fwrite(line, 1, n, c->f);
	c->left -= n;
}

static inline int capfile_close(struct capfile *c)
{
	if (c->cut)
		fprintf(c->f, PROFILE_CUT_MARK " %lu bytes\n", c->max);
	return fclose(c->f);
}

#endif
