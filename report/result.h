/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_RESULT_H
#define BOOTBENCH_RESULT_H

#include <stddef.h>

/*
 * One kernel's results as `make run` leaves them (docs/results.md):
 * matrix.json for the numbers, the runs' job.json for what was run.
 */
/*
 * No value of a matrix is larger in magnitude: past it a side's sum,
 * mean or squared spread is not finite (a guest's 1.7e308 made an
 * interval of -inf..inf, a verdict of no regression, a plot crash).
 */
#define RESULT_VALUE_MAX 1e150

struct result_metric {
	char *name;
	double *v; /* the runs that have the metric, in run order */
	size_t n;
};

struct result {
	char *dir;
	char *test; /* job.json "test": one name or a comma list */
	char *release;
	char *arch; /* boot/arch.def's name; x86_64 before ARCH= existed */
	char *cmdline; /* the kernel command line of the first run */
	char *timing; /* "realtime" or "deterministic" */
	int icount_shift; /* -1 in real time */
	int profiled; /* PROFILE=1: the plugin counted, the init sent kallsyms */
	char *qemu_version; /* "" when the run predates recording it */
	char *packages; /* Debian benchmarks: "name version, ..."; or "" */
	/* "pvh" or "bzimage": the same kernel either way, shown in the header */
	char *boot_path; /* "" when the run predates recording it */
	/* The first test's headline metric with the job's parameters. */
	char headline[96];
	/*
	 * What the run recorded (job.json): its headline, qualified in a
	 * job of several tests, and which way was better (1 higher, -1
	 * lower, 0 neither); "" when it predates recording them.
	 */
	char headline_run[160];
	int headline_better;
	unsigned int runs; /* columns of the matrix */
	unsigned int left_out; /* runs not complete and ok (runs.json) */
	struct result_metric *m; /* sorted by name */
	size_t nm;
};

/* 0 or -errno; @err says what is wrong with @dir in one line. */
int result_load(const char *dir, struct result *r, char *err, size_t errlen);
void result_free(struct result *r);
const struct result_metric *result_metric_find(const struct result *r,
					       const char *name);

#endif
