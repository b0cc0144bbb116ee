/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_NAMEIDX_H
#define BOOTBENCH_NAMEIDX_H

#include <stddef.h>

/*
 * A hash index over names kept in the caller's array: lookups stay a
 * probe or two however many names there are (a guest may send many).
 * Open addressing, at most half full; a slot holds index + 1, 0 free.
 */
typedef const char *(*nameidx_name_fn)(const void *ctx, size_t i);

struct nameidx {
	size_t *slot;
	size_t size, n;
	nameidx_name_fn name_of;
	const void *ctx;
};

void nameidx_init(struct nameidx *x, nameidx_name_fn name_of, const void *ctx);
/* The array index of @name, or -1 when it is not there. */
long nameidx_find(const struct nameidx *x, const char *name);
/* @name is at array index @i from now on (it must not be there yet). */
int nameidx_add(struct nameidx *x, const char *name, size_t i);
void nameidx_free(struct nameidx *x);

#endif
