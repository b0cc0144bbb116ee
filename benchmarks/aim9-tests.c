// SPDX-License-Identifier: GPL-2.0
/*
 * The AIM suite's table (aim9-tests.def) and what the tests share: the
 * environment the driver sets, unique file names, the random picker.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "aim9.h"
#include "shared/util.h"

struct aim9_env aim9_env = { .dir = "/tmp", .kbytes = 5120, .seed = 1 };

#define AIM9_TEST(name, fn, factor, prep, unit) \
	{ name, fn, factor, AIM9_PREP_##prep, unit },
static const struct aim9_test aim9_tests[] = {
#include "aim9-tests.def"
};
#undef AIM9_TEST

const struct aim9_test *aim9_test_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(aim9_tests); i++)
		if (!strcmp(aim9_tests[i].name, name))
			return &aim9_tests[i];
	return NULL;
}

unsigned int aim9_test_factor(const struct aim9_test *t)
{
	return t->factor == AIM9_KB ? aim9_env.kbytes : t->factor;
}

int aim9_path_new(char *buf, size_t size, const char *what)
{
	static unsigned int serial;
	int n;

	n = snprintf(buf, size, "%s/aim.%ld.%u.%s", aim9_env.dir,
		     (long)getpid(), serial++, what);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/*
 * A linear congruential generator (the C standard's example), its high
 * bits: the original draws its blocks from its own generator, seeded per
 * user, as aim7 seeds this one.
 */
unsigned int aim9_rand_below(unsigned int n)
{
	aim9_env.seed = aim9_env.seed * 1103515245u + 12345u;
	return (aim9_env.seed >> 8) % n;
}

int aim9_prep_make(const struct aim9_test *t)
{
	switch (t->prep) {
	case AIM9_PREP_FILE:
		return aim9_common_make();
	case AIM9_PREP_TREE:
		return aim9_tree_make();
	default:
		return 0;
	}
}

void aim9_prep_undo(const struct aim9_test *t)
{
	if (t->prep == AIM9_PREP_FILE)
		aim9_common_remove();
	else if (t->prep == AIM9_PREP_TREE)
		aim9_tree_remove();
}
