// SPDX-License-Identifier: GPL-2.0
/*
 * After the verdict: where the instructions went (PROFILE=1,
 * docs/profile.md). Each kernel's runs' profile.json are averaged per
 * function, and the functions whose instructions per benchmark operation
 * changed most between the two kernels are listed, with the total.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib/fileio.h"
#include "proto/json_parse.h"
#include "proto/names.h"

#define PROFILE_ROWS 15

struct prof_side {
	struct cmp_sums fn; /* instructions per operation, summed over runs */
	double total, kernel; /* per operation, summed over runs */
	unsigned int runs;
};

/* One entry's instructions per operation, or -1 when it has none. */
static double prof_per_op(const struct json_value *e)
{
	const struct json_value *v = json_member(e, "per_op");

	return v && v->type == JSON_NUMBER ? v->number : -1;
}

/* One run's profile.json added in; -ENOENT when it has none. */
static int prof_run_add(void *ctx, const char *path)
{
	struct prof_side *s = ctx;
	const struct json_value *syms, *e, *k, *u;
	struct json_value *root = NULL;
	char err[128];
	size_t len;
	char *text = file_read_all(path, &len);
	int ret = -ENOENT;

	if (!text || json_parse(text, len, &root, err, sizeof(err)))
		goto out;
	syms = json_member(root, "symbols");
	k = json_member(root, "kernel_instructions");
	u = json_member(root, "user");
	if (!syms || syms->type != JSON_ARRAY || !u || !k ||
	    k->type != JSON_NUMBER || prof_per_op(u) < 0)
		goto out;
	ret = cmp_sums_add(&s->fn, "user", prof_per_op(u));
	s->total += prof_per_op(u);
	for (e = syms->child; !ret && e; e = e->next) {
		const struct json_value *name = json_member(e, "name");

		if (!name || name->type != JSON_STRING || prof_per_op(e) < 0)
			continue;
		ret = cmp_sums_add(&s->fn, name->string, prof_per_op(e));
		s->kernel += prof_per_op(e);
		s->total += prof_per_op(e);
	}
	s->runs += !ret;
out:
	json_value_free(root);
	free(text);
	return ret;
}

static double prof_value(const struct prof_side *s, const char *name)
{
	return cmp_sums_get(&s->fn, name) / s->runs;
}

struct prof_delta {
	const char *name;
	double base, new;
};

static int prof_delta_cmp(const void *a, const void *b)
{
	const struct prof_delta *x = a, *y = b;
	double dx = fabs(x->new - x->base), dy = fabs(y->new - y->base);

	return dx < dy ? 1 : dx > dy ? -1 : strcmp(x->name, y->name);
}

/* A function's name is the guest's kallsyms': shown escaped, \xNN. */
static void prof_line_print(FILE *f, const char *name, double b, double n)
{
	char pct[32] = "new", shown[4 * 160];

	if (b > 0)
		snprintf(pct, sizeof(pct), "%+.2f%%", 100 * (n - b) / b);
	names_escape(name, shown, sizeof(shown));
	fprintf(f, "  %-40.40s %12.2f %12.2f %+12.2f %9s\n", shown, b, n, n - b,
		pct);
}

/*
 * The largest relative change among the kernel's functions above @share
 * percent of the base's instructions: an A/A pair's is the profile's own
 * noise (docs/profile.md).
 */
static void prof_spread_print(const struct prof_delta *d, size_t k,
			      double total, double share, FILE *f)
{
	const char *worst = "-";
	double max = 0, rel;
	char shown[4 * 160];
	size_t i, n = 0;

	for (i = 0; i < k; i++) {
		/* user is every process's user space, the init's too */
		if (d[i].base <= total * share / 100 ||
		    !strcmp(d[i].name, "user"))
			continue;
		n++;
		rel = fabs(d[i].new - d[i].base) / d[i].base * 100;
		if (rel >= max) {
			max = rel;
			worst = d[i].name;
		}
	}
	names_escape(worst, shown, sizeof(shown));
	fprintf(f,
		"  functions above %g%% of the instructions: %zu, the largest change %.4f%% (%s)\n",
		share, n, max, shown);
}

/* Every function of either side, busiest change first. */
static int prof_diff_print(const struct prof_side *b, const struct prof_side *n,
			   FILE *f)
{
	struct prof_delta *d = calloc(b->fn.n + n->fn.n + 1, sizeof(*d));
	size_t i, k = 0;

	if (!d)
		return -ENOMEM;
	for (i = 0; i < b->fn.n; i++)
		d[k++].name = b->fn.e[i].name;
	for (i = 0; i < n->fn.n; i++)
		if (!prof_value(b, n->fn.e[i].name))
			d[k++].name = n->fn.e[i].name;
	for (i = 0; i < k; i++) {
		d[i].base = prof_value(b, d[i].name);
		d[i].new = prof_value(n, d[i].name);
	}
	qsort(d, k, sizeof(*d), prof_delta_cmp);
	fprintf(f, "  %-40s %12s %12s %12s %9s\n", "function", "base/op",
		"new/op", "change", "%change");
	prof_line_print(f, "(total)", b->total / b->runs, n->total / n->runs);
	prof_line_print(f, "(kernel)", b->kernel / b->runs,
			n->kernel / n->runs);
	for (i = 0; i < k && i < PROFILE_ROWS; i++)
		if (d[i].new != d[i].base)
			prof_line_print(f, d[i].name, d[i].base, d[i].new);
	prof_spread_print(d, k, b->total / b->runs, 1, f);
	prof_spread_print(d, k, b->total / b->runs, 0.1, f);
	free(d);
	return 0;
}

int cmp_profile_print(const struct cmp *c, FILE *f)
{
	struct prof_side base = { 0 };
	char label[32];
	size_t i;
	int err = 0;

	cmp_runs_each(c->base.dir, "profile.json", prof_run_add, &base);
	for (i = 0; base.runs && !err && i < c->nnew; i++) {
		struct prof_side new = { 0 };

		cmp_runs_each(c->new[i].dir, "profile.json", prof_run_add,
			      &new);
		if (new.runs) {
			cmp_new_label(label, sizeof(label), i);
			fprintf(f,
				"\nprofile (PROFILE=1): instructions per operation, base (%u run%s) -> %s (%u run%s), the %d largest changes:\n",
				base.runs, base.runs == 1 ? "" : "s", label,
				new.runs, new.runs == 1 ? "" : "s",
				PROFILE_ROWS);
			err = prof_diff_print(&base, &new, f);
		}
		cmp_sums_free(&new.fn);
	}
	cmp_sums_free(&base.fn);
	return err;
}
