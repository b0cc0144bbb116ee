/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_HISTORY_SERIES_H
#define BOOTBENCH_HISTORY_SERIES_H

#include <stddef.h>

#include "history/edivisive.h"
#include "history/history.h"

/* One kernel's point of a series: the mean of its runs. */
struct hist_point {
	char release[128], cmdline[128], first[32], dir[512];
	double mean;
	unsigned int runs;
};

struct hist_change {
	size_t at; /* the first kernel after it */
	double before, after, pct, p;
	int better; /* 1 better, -1 worse, 0 no direction */
};

/* A (job, metric) series in the order its kernels were first run. */
struct hist_series {
	char test[128], params[256], metric[256];
	int deterministic;
	double floor_pct; /* deterministic: the test's noise floor, else 0 */
	struct hist_point *pts;
	size_t n, cap;
	struct hist_change cps[32];
	size_t ncp;
};

struct hist_filter {
	const char *job; /* a test, or test/params; NULL: all */
	const char *metric; /* NULL: each job's headline */
	int all; /* every metric */
};

/* The series @f selects, each with its change points, into *@out. */
int hist_series_load(struct hist_db *db, const struct hist_filter *f,
		     struct hist_series **out, size_t *n);
void hist_series_free(struct hist_series *s, size_t n);

/*
 * The change points of @s (e-divisive on the log of its points), less
 * those under its noise floor, with their means and direction.
 */
int hist_series_changes(struct hist_series *s, const struct edv_opts *o);

/* "6.1.0-52-amd64 (audit=1)": a point's kernel for a person. */
void hist_kernel_name(const struct hist_point *p, char *buf, size_t size);

/* The page (history/html.c) at @path, written whole or not at all. */
int hist_html_write(const struct hist_series *s, size_t n, const char *path,
		    const char *db);

/* Each change point as a KCIDB v5 test row (history/kcidb.c) at @path. */
int hist_kcidb_write(const struct hist_series *s, size_t n, const char *path);

/* The options the command and the simulation share. */
void hist_edv_defaults(struct edv_opts *o);

#endif
