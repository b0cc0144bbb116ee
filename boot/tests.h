/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_TESTS_H
#define BOOTBENCH_TESTS_H

#include <stddef.h>

/* The benchmarks the appliance knows, from benchmarks/tests.def. */
struct test_desc {
	const char *name;
	const char *headline;
	int higher_better;
	const char *params;
	/*
	 * TIMING=deterministic: the spread of one job's runs, in percent
	 * of the headline, that host-timed events still leave
	 * (docs/deterministic.md).
	 */
	double det_floor;
};

const struct test_desc *test_find(const char *name);
/* The same, for the first @len bytes of @name (a comma list's head). */
const struct test_desc *test_find_n(const char *name, size_t len);
/* "execl, spawn, ..." into @buf. */
void test_names(char *buf, size_t size);
void tests_print(void);

#endif
