// SPDX-License-Identifier: GPL-2.0
/*
 * Named values summed over one side's runs, and the walk over a side's
 * runs' files: PROFILE=1's functions (report/profile.c) and C2C=1's
 * lines (report/c2c.c) after the verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib/rundir.h"

int cmp_sums_add(struct cmp_sums *s, const char *name, double v)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->e[i].name, name)) {
			s->e[i].v += v;
			return 0;
		}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		struct cmp_sum *p = realloc(s->e, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->e = p;
		s->cap = cap;
	}
	s->e[s->n].name = strdup(name);
	if (!s->e[s->n].name)
		return -ENOMEM;
	s->e[s->n++].v = v;
	return 0;
}

double cmp_sums_get(const struct cmp_sums *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->e[i].name, name))
			return s->e[i].v;
	return 0;
}

void cmp_sums_free(struct cmp_sums *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->e[i].name);
	free(s->e);
}

void cmp_runs_each(const char *dir, const char *file,
		   int (*fn)(void *ctx, const char *path), void *ctx)
{
	unsigned int *ids = NULL, n = 0, i;
	char path[4400];

	if (rundir_runs_list(dir, &ids, &n))
		return;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%u/%s", dir, ids[i], file);
		fn(ctx, path);
	}
	free(ids);
}
