/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_CHECK_H
#define BOOTBENCH_CHECK_H

#include <stdio.h>

/* One line per check, counted by tests/run.sh. */
static int check_failures;

#define CHECK(name, cond)                                               \
	do {                                                            \
		if (cond) {                                             \
			printf("PASS %s\n", name);                      \
		} else {                                                \
			printf("FAIL %s (%s:%d: %s)\n", name, __FILE__, \
			       __LINE__, #cond);                        \
			check_failures++;                               \
		}                                                       \
	} while (0)

#define CHECK_DONE() (check_failures ? 1 : 0)

#endif
