/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_HISTORY_IMPORT_H
#define BOOTBENCH_HISTORY_IMPORT_H

#include <limits.h>

#include "proto/json_parse.h"

/* One run directory as the history keeps it (history/import.c). */
struct hist_run {
	char dir[PATH_MAX];
	char test[256], params[512], cmdline[512], release[256];
	char status[64], finished[64], accel[32], timing[32], headline[256];
	char source[PATH_MAX], commit[128];
	char uid[17], config_hash[17];
	char tail[PATH_MAX]; /* <test>/<params>/<release>/<N> */
	int ok; /* complete, status ok: its values count */
	struct json_value *stats; /* stats.json, when ok */
};

/* 0, or -errno with why the directory is no run in @why. */
int hist_run_read(const char *dir, struct hist_run *r, char *why,
		  size_t whylen);
void hist_run_free(struct hist_run *r);

typedef int (*hist_dir_fn)(void *ctx, const char *run_dir);
/* Each run directory in @dir (itself, or below it), in name order. */
int hist_runs_each(const char *dir, hist_dir_fn fn, void *ctx);

#endif
