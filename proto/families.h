/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_PROTO_FAMILIES_H
#define BOOTBENCH_PROTO_FAMILIES_H

#include <stddef.h>
#include <string.h>

#include "shared/util.h"

/* A metric family of proto/families.def. */
enum proto_agg { PROTO_AGG_MEAN, PROTO_AGG_SUM, PROTO_AGG_LAST };

struct proto_family {
	const char *prefix;
	enum proto_agg agg;
	int failure;
	double max_above, delta_above;
};

/* The @i-th family, NULL past the last. */
static inline const struct proto_family *proto_family_nth(size_t i)
{
	static const struct proto_family families[] = {
#define FAMILY(prefix, agg, failure, max_above, delta_above) \
	{ #prefix, PROTO_AGG_##agg, failure, max_above, delta_above },
#include "proto/families.def"
#undef FAMILY
	};

	return i < ARRAY_SIZE(families) ? &families[i] : NULL;
}

/* The family @name starts with ("<prefix>."), or NULL. */
static inline const struct proto_family *proto_family_of(const char *name)
{
	const struct proto_family *f;
	size_t i, n;

	for (i = 0; (f = proto_family_nth(i)); i++) {
		n = strlen(f->prefix);
		if (!strncmp(name, f->prefix, n) && name[n] == '.')
			return f;
	}
	return NULL;
}

#endif
