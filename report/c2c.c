// SPDX-License-Identifier: GPL-2.0
/*
 * After the verdict: the shared cache lines (C2C=1, docs/c2c.md) that
 * appear or disappear between two kernels. A line's physical address
 * means nothing across kernels, so a line is named by its key, the
 * functions of the code touching it (c2c.json); each side's potential
 * HITM per operation is the mean of its runs with a census.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib/fileio.h"
#include "proto/json_parse.h"
#include "proto/names.h"

#define C2C_ROWS 10
#define C2C_GONE 100 /* a line gone: under 1/C2C_GONE of its count */

struct c2c_side {
	struct cmp_sums k; /* potential HITM (per op when known), by key */
	double total;
	unsigned int runs;
};

static double c2c_num(const struct json_value *o, const char *name)
{
	const struct json_value *v = json_member(o, name);

	return v && v->type == JSON_NUMBER ? v->number : 0;
}

/* One run's c2c.json added in; -ENOENT when it has none. */
static int c2c_run_add(void *ctx, const char *path)
{
	struct c2c_side *s = ctx;
	const struct json_value *lines, *e, *key;
	struct json_value *root = NULL;
	double ops;
	char err[128];
	size_t len;
	char *text = file_read_all(path, &len);
	int ret = -ENOENT;

	if (!text || json_parse(text, len, &root, err, sizeof(err)))
		goto out;
	lines = json_member(root, "lines");
	if (!lines || lines->type != JSON_ARRAY)
		goto out;
	ops = c2c_num(root, "ops");
	ops = ops > 0 ? ops : 1;
	ret = 0;
	s->total += c2c_num(root, "hitm") / ops;
	for (e = lines->child; !ret && e; e = e->next) {
		key = json_member(e, "key");
		if (key && key->type == JSON_STRING && c2c_num(e, "hitm") > 0)
			ret = cmp_sums_add(&s->k, key->string,
					   c2c_num(e, "hitm") / ops);
	}
	s->runs += !ret;
out:
	json_value_free(root);
	free(text);
	return ret;
}

static double c2c_value(const struct c2c_side *s, const char *key)
{
	return cmp_sums_get(&s->k, key) / s->runs;
}

static int c2c_key_cmp(const void *a, const void *b)
{
	const struct cmp_sum *x = a, *y = b;

	return x->v < y->v ? 1 : x->v > y->v ? -1 : strcmp(x->name, y->name);
}

/*
 * @from's lines that @to lacks, busiest first: "gone" or "new". A name
 * still on the other side at under a hundredth of its potential HITMs
 * counts as gone: a split layout leaves its program's few one-off
 * shared lines (the page a fork copied), which bear the same name.
 */
static void c2c_only_print(const struct c2c_side *from,
			   const struct c2c_side *to, int is_new, FILE *f)
{
	struct cmp_sum *only = calloc(from->k.n + 1, sizeof(*only));
	char shown[4 * 512];
	size_t i, k = 0;

	if (!only)
		return;
	for (i = 0; i < from->k.n; i++)
		if (c2c_value(to, from->k.e[i].name) <
		    from->k.e[i].v / from->runs / C2C_GONE) {
			only[k] = from->k.e[i];
			only[k++].v /= from->runs;
		}
	qsort(only, k, sizeof(*only), c2c_key_cmp);
	/* A key is the guest's kallsyms' names: shown escaped, \xNN. */
	for (i = 0; i < k && i < C2C_ROWS; i++) {
		names_escape(only[i].name, shown, sizeof(shown));
		fprintf(f, "  %-4s %12.4f  %s\n", is_new ? "new" : "gone",
			only[i].v, shown);
	}
	if (k > C2C_ROWS)
		fprintf(f, "  (%zu more %s)\n", k - C2C_ROWS,
			is_new ? "new" : "gone");
	if (!k)
		fprintf(f, "  no line %s\n", is_new ? "appears" : "disappears");
	free(only);
}

int cmp_c2c_print(const struct cmp *c, FILE *f)
{
	struct c2c_side base = { 0 };
	char label[32];
	size_t i;

	cmp_runs_each(c->base.dir, "c2c.json", c2c_run_add, &base);
	for (i = 0; base.runs && i < c->nnew; i++) {
		struct c2c_side new = { 0 };

		cmp_runs_each(c->new[i].dir, "c2c.json", c2c_run_add, &new);
		if (new.runs) {
			cmp_new_label(label, sizeof(label), i);
			fprintf(f,
				"\nc2c (C2C=1): potential HITM per operation, base (%u run%s) %.4f -> %s (%u run%s) %.4f; the shared lines (named by their code's functions) that disappear or appear:\n",
				base.runs, base.runs == 1 ? "" : "s",
				base.total / base.runs, label, new.runs,
				new.runs == 1 ? "" : "s", new.total / new.runs);
			c2c_only_print(&base, &new, 0, f);
			c2c_only_print(&new, &base, 1, f);
		}
		cmp_sums_free(&new.k);
	}
	cmp_sums_free(&base.k);
	return 0;
}
