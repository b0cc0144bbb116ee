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
 */
struct bench {
	const char *name;
	const char *title; /* the original's log message */
	unsigned int duration; /* seconds per pass, the original's default */
	int long_test; /* 10 passes rather than 3 */
	double baseline; /* index.base score of the test */
	int (*copy_main)(int argc, char **argv);
};

extern const struct bench bench;

/* For copy_main(): the path of this binary, for re-executing it. */
const char *harness_self(void);

#endif
