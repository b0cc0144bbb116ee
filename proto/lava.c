// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "proto/lava.h"
#include "shared/util.h"

struct lava_unit {
	const char *test, *name, *units;
};

static const struct lava_unit lava_units[] = {
#define LAVA_UNIT(test, name, units) { test, name, units },
#include "proto/lava.def"
#undef LAVA_UNIT
};

static int lava_unit_match(const struct lava_unit *u, const char *test,
			   const char *name)
{
	size_t len = strlen(u->name), n = strlen(name);

	if (*u->test && strcmp(u->test, test))
		return 0;
	/* "meminfo." names a prefix; anything else, the end of the name. */
	if (u->name[len - 1] == '.')
		return !strncmp(name, u->name, len);
	return n >= len && !strcmp(name + n - len, u->name);
}

const char *lava_units_find(const char *test, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lava_units); i++)
		if (lava_unit_match(&lava_units[i], test, name))
			return lava_units[i].units;
	return "count";
}
