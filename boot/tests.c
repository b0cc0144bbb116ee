// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "tests.h"

static const struct test_desc test_table[] = {
#define TEST(name, headline, higher, params, det_floor) \
	{ #name, headline, higher, params, det_floor },
#include "../benchmarks/tests.def"
#undef TEST
};

#define TESTS_N (sizeof(test_table) / sizeof(test_table[0]))

const struct test_desc *test_find_n(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < TESTS_N; i++)
		if (strlen(test_table[i].name) == len &&
		    !strncmp(test_table[i].name, name, len))
			return &test_table[i];
	return NULL;
}

const struct test_desc *test_find(const char *name)
{
	return test_find_n(name, strlen(name));
}

void test_names(char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < TESTS_N; i++)
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				i ? ", " : "", test_table[i].name);
}

void tests_print(void)
{
	size_t i;

	for (i = 0; i < TESTS_N; i++)
		printf("%-28s %-44s %s\n", test_table[i].name,
		       test_table[i].headline, test_table[i].params);
}
