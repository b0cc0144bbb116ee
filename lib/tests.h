/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_TESTS_H
#define BOOTBENCH_TESTS_H

#include <stddef.h>

/* The benchmarks the appliance knows, from its BENCH row (benchmarks/<name>.desc). */
struct test_desc {
	const char *name;
	const char *suite; /* "unixbench", or "" */
	const char *headline; /* its direction: benchmarks/<name>.desc */
	const char *params;
	/*
	 * TIMING=deterministic: the spread of one job's runs, in percent
	 * of the headline, that host-timed events still leave
	 * (docs/deterministic.md).
	 */
	double det_floor;
	const char *unit; /* the headline's unit in CI reports, or NULL */
	const char *hints; /* words that name it in a report's text */
	const char *native; /* make check's short native run, or "" */
};

const struct test_desc *test_find(const char *name);
/*
 * The headline's name for one job: a "{key:default}" in a BENCH row is
 * the job's value of parameter key, as @lookup(key, @ctx) returns it,
 * or the default when the job does not give one.
 */
int test_headline_format(const struct test_desc *t,
			 const char *(*lookup)(const char *key,
					       const void *ctx),
			 const void *ctx, char *buf, size_t size);
/* The same, for the first @len bytes of @name (a comma list's head). */
const struct test_desc *test_find_n(const char *name, size_t len);
/* Whether metric @name is @t's headline for some value of its "{key}". */
int test_headline_match(const struct test_desc *t, const char *name);
/* "execl, spawn, ..." into @buf. */
void test_names(char *buf, size_t size);
/*
 * The tests of @suite as a comma list ("execl,spawn,...") into @buf, or
 * with @sep ", " for a message; 0 tests: @suite is no suite.
 */
int test_suite_list(const char *suite, const char *sep, char *buf, size_t size);
/* The test whose hint word comes first in @text, or NULL. */
const struct test_desc *test_hint_find(const char *text);
void tests_print(void);

#endif
