/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_AB_H
#define BOOTBENCH_AB_H

/*
 * Kernels' runs taking turns in one process: each side's image planned
 * and built once (initramfs/image.sh as a leaf), its runs alternated
 * with the other sides', a hung run run once more, each run's job.json
 * read with the JSON parser, and compare's library for the table and
 * the verdict. bootbench ab, bootbench reproduce --run and bootbench
 * bisect sit on it (docs/compare.md, docs/bisect.md).
 */
#include <limits.h>
#include <stddef.h>

#include "bootbench.h"
#include "report/seq.h"

/* RUNS=auto: the sequential design's false-positive rate (report/seq.h) */
#define AB_AUTO_ALPHA 0.01
#define AB_RUNS_MAX 1000

struct ab_side {
	const char *name; /* its directory under ab->results: base, new, a sha */
	const char *kernel; /* the image it boots */
	const char *cmdline; /* its own kernel command line, or NULL */
	char initrd[PATH_MAX]; /* built by ab_side_prepare */
	char dir[PATH_MAX]; /* ab->results/name: its runs */
	unsigned int runs; /* runs that ended ok */
};

struct ab {
	struct run_opts opts; /* run's options, parsed once */
	const char *job; /* a job file (--job), or NULL: --test */
	int quick;
	const char *results; /* the sides' directories go here */
	const char *cmdline; /* both sides' command line, before a side's own */
	const char *metric; /* compare's --metric, NULL: the headline */
	const char *threshold; /* compare's --threshold, NULL: its default */
	int runs_auto; /* RUNS=auto: runs until the answer is known */
	const char *max_runs_arg; /* MAX_RUNS= as given */
	unsigned int max_runs; /* RUNS=auto's budget a side */
};

/*
 * bootbench ab's command line (run's options, and --base-kernel,
 * --new-kernel, --base-cmdline, --new-cmdline, --metric, --threshold;
 * run's --build DIR is required: the images are made) into @ab and two
 * sides, argv[0] and argv[1] the program and its command. 0 or bad
 * input, said; the kernels are not checked (ab_kernels_check).
 */
int ab_args_parse(struct ab *ab, int argc, char **argv, struct ab_side *base,
		  struct ab_side *new);
/* Both sides' kernels given (else @say, bad input) and files. */
int ab_kernels_check(const struct ab_side *base, const struct ab_side *new,
		     const char *say);
/* A side's directory emptied, its image planned and built: 0 or a verdict. */
int ab_side_prepare(struct ab *ab, struct ab_side *s);
/*
 * One more run of @s (@i of @n, for the messages), once more when it
 * hung (exit 4): 0, or the run's exit status (docs/exit-codes.md).
 */
int ab_side_run(struct ab *ab, struct ab_side *s, unsigned int i,
		unsigned int n);
/* @n runs of each side, taking turns: 0 or the first failing run's status. */
int ab_sides_run(struct ab *ab, struct ab_side *sides, size_t nsides,
		 unsigned int n);
/*
 * RUNS=auto: pairs of runs until a look of the sequential design
 * (report/seq.h) decides or ab->max_runs are spent, each look said;
 * the last look in @l. 0 or the first failing run's status.
 */
int ab_sides_auto(struct ab *ab, struct ab_side *sides, struct seq_look *l);
/*
 * Both sides prepared, their runs (RUNS=auto's looks, or ab->opts.runs
 * each) and compare's verdict (@expect: the report's change, or NULL):
 * 0 for any verdict, else the failing run's status or compare's 2.
 */
int ab_sides_judge(struct ab *ab, struct ab_side *sides, const char *expect);
/*
 * The per-run values of @metric (NULL: ab->metric, else the headline) of @s's ok
 * runs, in run order, from its matrix.json: 0, -ENOENT (no such metric
 * or no run), or -errno.
 */
int ab_side_values(const struct ab *ab, const struct ab_side *s,
		   const char *metric, double *v, size_t max, size_t *n);
/*
 * compare's table and verdict of @new against @base (@expect: the
 * report's change, "-12.3%", or NULL): compare's exit status, 0, 1 or 3
 * an answer, 2 bad input.
 */
int ab_compare(const struct ab *ab, const struct ab_side *base,
	       const struct ab_side *new, const char *expect);

/* bootbench ab: the two sides, their runs in turn, compare's verdict. */
int cmd_ab(int argc, char **argv);

#endif
