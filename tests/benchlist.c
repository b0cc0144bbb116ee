// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmarks of its BENCH row (benchmarks/<name>.desc) that have a short native run,
 * one "name|arguments|headline" line each, for make check (tests/native.sh):
 * the registry is the list, so a new BENCH line is run with no other edit.
 */
#include <stdio.h>
#include <string.h>

#include "lib/tests.h"

int main(void)
{
	char names[1024], *name, *save = NULL, headline[128];
	const struct test_desc *t;

	test_names(names, sizeof(names));
	for (name = strtok_r(names, ", ", &save); name;
	     name = strtok_r(NULL, ", ", &save)) {
		t = test_find(name);
		if (!t || !*t->native)
			continue;
		if (test_headline_format(t, NULL, NULL, headline,
					 sizeof(headline)))
			return 1;
		printf("%s|%s|%s\n", t->name, t->native, headline);
	}
	return 0;
}
