// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nameidx.h"

void nameidx_init(struct nameidx *x, nameidx_name_fn name_of, const void *ctx)
{
	memset(x, 0, sizeof(*x));
	x->name_of = name_of;
	x->ctx = ctx;
}

/* FNV-1a, then linear probing to the name or a free slot. */
static size_t *nameidx_slot(const struct nameidx *x, const char *name)
{
	size_t h = 2166136261u, mask = x->size - 1;
	const char *p;

	for (p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	for (h &= mask; x->slot[h]; h = (h + 1) & mask)
		if (!strcmp(x->name_of(x->ctx, x->slot[h] - 1), name))
			break;
	return &x->slot[h];
}

long nameidx_find(const struct nameidx *x, const char *name)
{
	size_t s;

	if (!x->size)
		return -1;
	s = *nameidx_slot(x, name);
	return s ? (long)s - 1 : -1;
}

static int nameidx_grow(struct nameidx *x)
{
	struct nameidx old = *x;
	size_t i;

	x->size = old.size ? 2 * old.size : 1024;
	x->slot = calloc(x->size, sizeof(*x->slot));
	if (!x->slot) {
		*x = old;
		return -ENOMEM;
	}
	for (i = 0; i < old.size; i++)
		if (old.slot[i])
			*nameidx_slot(x, x->name_of(x->ctx, old.slot[i] - 1)) =
				old.slot[i];
	free(old.slot);
	return 0;
}

int nameidx_add(struct nameidx *x, const char *name, size_t i)
{
	if (2 * (x->n + 1) > x->size && nameidx_grow(x))
		return -ENOMEM;
	*nameidx_slot(x, name) = i + 1;
	x->n++;
	return 0;
}

void nameidx_free(struct nameidx *x)
{
	free(x->slot);
	x->slot = NULL;
	x->size = x->n = 0;
}
