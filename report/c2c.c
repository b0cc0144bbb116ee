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
#include "lib/rundir.h"
#include "proto/json_parse.h"

#define C2C_ROWS 10

struct c2c_key {
	char *key;
	double v; /* potential HITM (per operation when known), summed */
};

struct c2c_side {
	struct c2c_key *k;
	size_t n, cap;
	double total;
	unsigned int runs;
};

static int c2c_key_add(struct c2c_side *s, const char *key, double v)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].key, key)) {
			s->k[i].v += v;
			return 0;
		}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		struct c2c_key *p = realloc(s->k, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->k = p;
		s->cap = cap;
	}
	s->k[s->n].key = strdup(key);
	if (!s->k[s->n].key)
		return -ENOMEM;
	s->k[s->n++].v = v;
	return 0;
}

static double c2c_num(const struct json_value *o, const char *name)
{
	const struct json_value *v = json_member(o, name);

	return v && v->type == JSON_NUMBER ? v->number : 0;
}

/* One run's c2c.json added in; -ENOENT when it has none. */
static int c2c_run_add(struct c2c_side *s, const char *path)
{
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
			ret = c2c_key_add(s, key->string,
					  c2c_num(e, "hitm") / ops);
	}
	s->runs += !ret;
out:
	json_value_free(root);
	free(text);
	return ret;
}

static void c2c_side_load(struct c2c_side *s, const char *dir)
{
	unsigned int *ids = NULL, n = 0, i;
	char path[4400];

	if (rundir_runs_list(dir, &ids, &n))
		return;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%u/c2c.json", dir, ids[i]);
		c2c_run_add(s, path);
	}
	free(ids);
}

static void c2c_side_free(struct c2c_side *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->k[i].key);
	free(s->k);
}

static double c2c_value(const struct c2c_side *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].key, key))
			return s->k[i].v / s->runs;
	return 0;
}

static int c2c_key_cmp(const void *a, const void *b)
{
	const struct c2c_key *x = a, *y = b;

	return x->v < y->v ? 1 : x->v > y->v ? -1 : strcmp(x->key, y->key);
}

/* @from's lines that @to lacks, busiest first: "gone" or "new". */
static void c2c_only_print(const struct c2c_side *from,
			   const struct c2c_side *to, int is_new, FILE *f)
{
	struct c2c_key *only = calloc(from->n + 1, sizeof(*only));
	size_t i, k = 0;

	if (!only)
		return;
	for (i = 0; i < from->n; i++)
		if (!c2c_value(to, from->k[i].key)) {
			only[k] = from->k[i];
			only[k++].v /= from->runs;
		}
	qsort(only, k, sizeof(*only), c2c_key_cmp);
	for (i = 0; i < k && i < C2C_ROWS; i++)
		fprintf(f, "  %-4s %12.4f  %s\n", is_new ? "new" : "gone",
			only[i].v, only[i].key);
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

	c2c_side_load(&base, c->base.dir);
	for (i = 0; base.runs && i < c->nnew; i++) {
		struct c2c_side new = { 0 };

		c2c_side_load(&new, c->new[i].dir);
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
		c2c_side_free(&new);
	}
	c2c_side_free(&base);
	return 0;
}
