// SPDX-License-Identifier: GPL-2.0
/* The comparison for machines: compare --json (docs/compare.md). */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "proto/json.h"
#include "compare.h"
#include "shared/util.h"

/* A number, or null where there is none (json_number_write's rule). */
static void cmp_json_number(struct json_buf *j, const char *key, double v)
{
	json_key_write(j, key);
	json_number_write(j, v);
}

static void cmp_json_result(struct json_buf *j, const struct result *r)
{
	json_object_open(j);
	json_key_write(j, "dir");
	json_string_write(j, r->dir);
	json_key_write(j, "test");
	json_string_write(j, r->test);
	json_key_write(j, "release");
	json_string_write(j, r->release);
	json_key_write(j, "cmdline");
	json_string_write(j, r->cmdline);
	json_key_write(j, "timing");
	json_string_write(j, r->timing);
	json_key_write(j, "icount_shift");
	if (r->icount_shift >= 0)
		json_int_write(j, r->icount_shift);
	else
		json_null_write(j);
	json_key_write(j, "qemu_version");
	json_string_write(j, r->qemu_version);
	/* Absent for runs from before it was recorded (and the goldens). */
	if (*r->boot_path) {
		json_key_write(j, "boot_path");
		json_string_write(j, r->boot_path);
	}
	json_key_write(j, "runs");
	json_int_write(j, r->runs);
	json_object_close(j);
}

static void cmp_json_side(struct json_buf *j, const struct cmp_row *r,
			  const struct cmp_side *s)
{
	size_t i;

	json_key_write(j, "runs");
	json_int_write(j, s->n);
	if (r->kind == RULES_FAILURE) {
		json_key_write(j, "fails");
		json_int_write(j, s->fails);
	}
	cmp_json_number(j, "mean", s->n ? s->s.mean : NAN);
	cmp_json_number(j, "stddev_pct", cmp_side_stddev_pct(s));
	cmp_json_number(j, "median", s->n ? s->s.median : NAN);
	json_key_write(j, "samples");
	json_array_open(j);
	for (i = 0; i < s->n; i++)
		json_number_write(j, s->v[i]);
	json_array_close(j);
}

static void cmp_json_cell(struct json_buf *j, const struct cmp_row *r,
			  const struct cmp_cell *x)
{
	static const char *const tests[] = { NULL,	     "welch",
					     "mann-whitney", "fisher",
					     "yuen",	     "deterministic",
					     "permutation" };
	const char *v = cmp_cell_verdict(r, x);

	json_object_open(j);
	cmp_json_side(j, r, &x->side);
	cmp_json_number(j, "change_pct", x->change_pct);
	json_key_write(j, "lkp_changed");
	json_bool_write(j, x->lkp.changed);
	if (!x->lkp.changed) {
		json_key_write(j, "lkp_why");
		json_string_write(j, x->lkp.why ? x->lkp.why : "");
	}
	json_key_write(j, "test");
	if (tests[x->test])
		json_string_write(j, tests[x->test]);
	else
		json_null_write(j);
	cmp_json_number(j, "p", x->p);
	cmp_json_number(j, "p_welch", x->p_welch);
	cmp_json_number(j, "p_mann_whitney", x->p_mwu);
	cmp_json_number(j, "ratio_ci_low", x->ci_lo);
	cmp_json_number(j, "ratio_ci_high", x->ci_hi);
	cmp_json_number(j, "change_ci_low", x->chg_lo);
	cmp_json_number(j, "change_ci_high", x->chg_hi);
	if (x->ci_why) {
		json_key_write(j, "ci_why");
		json_string_write(j, x->ci_why);
	}
	if (x->test == CMP_TEST_PERM) {
		cmp_json_number(j, "p_min", x->p_min);
		json_key_write(j, "undecidable");
		json_bool_write(j, x->undecidable);
		json_key_write(j, "runs_to_decide");
		json_int_write(j, x->decide_runs);
	}
	cmp_json_number(j, "noise_floor_pct", x->floor_pct);
	json_key_write(j, "significant");
	json_bool_write(j, x->significant);
	json_key_write(j, "runs_needed");
	json_int_write(j, x->runs_needed);
	json_key_write(j, "verdict");
	if (v)
		json_string_write(j, v);
	else
		json_null_write(j);
	json_object_close(j);
}

/* One metric's row: its name and kind, the base's side, each new cell. */
static void cmp_json_row(struct json_buf *j, const struct cmp *c,
			 const struct cmp_row *r)
{
	size_t i;

	json_object_open(j);
	json_key_write(j, "name");
	json_string_write(j, r->name);
	json_key_write(j, "kind");
	json_string_write(j, r->kind == RULES_FAILURE ? "failure" : "perf");
	json_key_write(j, "better");
	json_string_write(j, cmp_row_better_name(r));
	json_key_write(j, "base");
	json_object_open(j);
	cmp_json_side(j, r, &r->base);
	json_object_close(j);
	json_key_write(j, "new");
	json_array_open(j);
	for (i = 0; i < c->nnew; i++)
		cmp_json_cell(j, r, &r->cell[i]);
	json_array_close(j);
	json_object_close(j);
}

/* The comparison's verdicts per new kernel, one array each. */
static const struct {
	const char *key;
	int (*of)(const struct cmp *c, size_t i);
} cmp_json_flags[] = {
	{ "undecidable", cmp_undecidable },
	{ "regressed", cmp_regressed },
};

static void cmp_json_flags_write(struct json_buf *j, const struct cmp *c)
{
	size_t f, i;

	for (f = 0; f < ARRAY_SIZE(cmp_json_flags); f++) {
		json_key_write(j, cmp_json_flags[f].key);
		json_array_open(j);
		for (i = 0; i < c->nnew; i++)
			json_bool_write(j, cmp_json_flags[f].of(c, i));
		json_array_close(j);
	}
}

/* What was compared: the kernels' runs, the metric, the thresholds. */
static void cmp_json_head_write(struct json_buf *j, const struct cmp *c)
{
	size_t i;

	json_key_write(j, "base");
	cmp_json_result(j, &c->base);
	json_key_write(j, "new");
	json_array_open(j);
	for (i = 0; i < c->nnew; i++)
		cmp_json_result(j, &c->new[i]);
	json_array_close(j);
	json_key_write(j, "metric");
	json_string_write(j, c->metric);
	cmp_json_number(j, "threshold_pct", c->threshold);
	cmp_json_number(j, "alpha", c->primary_alpha);
	cmp_json_number(j, "fdr", c->alpha);
}

int cmp_json_write(const struct cmp *c, FILE *f)
{
	struct json_buf j;
	size_t k;
	int err = 0;

	json_buf_init(&j);
	json_object_open(&j);
	cmp_json_head_write(&j, c);
	cmp_json_flags_write(&j, c);
	json_key_write(&j, "metrics");
	json_array_open(&j);
	for (k = 0; k < c->nrows; k++)
		if (c->rows[k].shown)
			cmp_json_row(&j, c, &c->rows[k]);
	json_array_close(&j);
	json_object_close(&j);
	json_raw_write(&j, "\n", 1);
	if (j.err)
		err = j.err;
	else if (fwrite(j.buf, 1, j.len, f) != j.len)
		err = -EIO;
	json_buf_free(&j);
	return err;
}
