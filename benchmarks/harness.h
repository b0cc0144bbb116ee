/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_HARNESS_H
#define BOOTBENCH_HARNESS_H

/*
 * The shared harness: one benchmark is one C file that defines a
 * `struct bench` named `bench` and links with harness.c, which owns
 * main(), the parameters and the UnixBench pass rules.
 *
 * A UnixBench-style benchmark provides copy_main(): one copy of the
 * original program. It runs as its own process (the harness re-executes
 * the binary with "--copy"), and ends by printing the original's
 * "COUNT|count|timebase|unit" line on stdout, optionally "TIME|secs".
 *
 * Any other benchmark provides run(): it gets the --key=value
 * parameters, does its own timing as its original does, and prints
 * "metric NAME VALUE" lines (docs/protocol.md) with harness_metric().
 */
#include <signal.h>
#include <stddef.h>

#include "shared/util.h"

struct bench {
	const char *name;
	const char *title; /* the original's log message */
	unsigned int duration; /* seconds per pass, the original's default */
	int long_test; /* 10 passes rather than 3 */
	double baseline; /* index.base score of the test */
	/*
	 * A job key (proto/jobkeys.def, a choice) whose value each copy
	 * gets after its duration: copy_main()'s argv[2], NULL when the
	 * job does not say it (the copy's default).
	 */
	const char *copy_key;
	int (*copy_main)(int argc, char **argv);
	int (*run)(int argc, char **argv);
};

extern const struct bench bench;

/* For copy_main(): the path of this binary, for re-executing it. */
const char *harness_self(void);

/*
 * For copy_main(): replace this copy by the loop program NAME beside
 * this binary (a benchmark's small program, with no harness), or by
 * NAME-dyn, the same built dynamic with glibc, when the job's exec_link
 * (the copy's argv[2]) says dynamic; giving it the copy's duration.
 * Returns only on failure (1).
 */
int harness_aux_exec(const char *name, int argc, char **argv);

/* Set when the alarm armed by harness_alarm_arm() fires. */
extern volatile sig_atomic_t harness_stop;
/*
 * Like UnixBench's wake_me(): an alarm that interrupts blocking calls.
 * 0, or -errno (said on stderr) when the kernel has no interval timers.
 */
int harness_alarm_arm(unsigned int seconds);
/* The original's "COUNT|n|timebase|unit" line, for copy_main(). */
void harness_count_report(unsigned long count, int timebase, const char *unit);

/* --name=value parameters of a run() benchmark, checked by params.c. */
struct harness_param {
	const char *name;
	unsigned int *uint_val; /* numbers and N/N% task counts */
	const char **str_val; /* choices (mode=threads, ipc=pipe) */
};

int harness_params_parse(int argc, char **argv, const struct harness_param *p,
			 size_t n);
void harness_metric(const char *name, double value);
/*
 * The originals' pauses for the disk to settle (sync; sleep). Natively in
 * make check, BOOTBENCH_SETTLE=0 skips the sleeps (the syncs stay): a
 * check of behaviour does not need them, the guest never sets it.
 */
void harness_settle_sleep(unsigned int seconds);

/*
 * Where a benchmark's files go: TMPDIR, which the init points at the
 * job's scratch filesystem (init/disks.c), else /tmp.
 */
const char *harness_tmpdir(void);
/* rm -rf @path (the tree a benchmark made): 0 or -errno. */
int harness_tree_remove(const char *path);

#endif
