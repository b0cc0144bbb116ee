// SPDX-License-Identifier: GPL-2.0
/* The comparison for machines: compare --json (docs/compare.md). */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "proto/json.h"
#include "compare.h"
#include "shared/util.h"

static void cmp_json_result(struct json_buf *j, const struct result *r)
{
	json_object_open(j);
	json_member_string(j, "dir", r->dir);
	json_member_string(j, "test", r->test);
	json_member_string(j, "release", r->release);
	json_member_string(j, "cmdline", r->cmdline);
	json_member_string(j, "timing", r->timing);
	json_key_write(j, "icount_shift");
	if (r->icount_shift >= 0)
		json_int_write(j, r->icount_shift);
	else
		json_null_write(j);
	json_member_string(j, "qemu_version", r->qemu_version);
	/* Absent for runs from before it was recorded (and the goldens). */
	if (*r->boot_path)
		json_member_string(j, "boot_path", r->boot_path);
	json_member_int(j, "runs", r->runs);
	json_object_close(j);
}

static void cmp_json_side(struct json_buf *j, const struct cmp_row *r,
			  const struct cmp_side *s)
{
	size_t i;

	json_member_int(j, "runs", s->n);
	if (r->kind == RULES_FAILURE)
		json_member_int(j, "fails", s->fails);
	json_member_number(j, "mean", s->n ? s->s.mean : NAN);
	json_member_number(j, "stddev_pct", cmp_side_stddev_pct(s));
	json_member_number(j, "median", s->n ? s->s.median : NAN);
	json_member_array_open(j, "samples");
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
	json_member_number(j, "change_pct", x->change_pct);
	json_member_bool(j, "lkp_changed", x->lkp.changed);
	if (!x->lkp.changed)
		json_member_string(j, "lkp_why", x->lkp.why ? x->lkp.why : "");
	json_key_write(j, "test");
	if (tests[x->test])
		json_string_write(j, tests[x->test]);
	else
		json_null_write(j);
	json_member_number(j, "p", x->p);
	json_member_number(j, "p_welch", x->p_welch);
	json_member_number(j, "p_mann_whitney", x->p_mwu);
	json_member_number(j, "ratio_ci_low", x->ci_lo);
	json_member_number(j, "ratio_ci_high", x->ci_hi);
	json_member_number(j, "change_ci_low", x->chg_lo);
	json_member_number(j, "change_ci_high", x->chg_hi);
	if (x->ci_why)
		json_member_string(j, "ci_why", x->ci_why);
	if (x->test == CMP_TEST_PERM) {
		json_member_number(j, "p_min", x->p_min);
		json_member_bool(j, "undecidable", x->undecidable);
		json_member_int(j, "runs_to_decide", x->decide_runs);
	}
	json_member_number(j, "noise_floor_pct", x->floor_pct);
	json_member_bool(j, "significant", x->significant);
	json_member_int(j, "runs_needed", x->runs_needed);
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
	json_member_string(j, "name", r->name);
	json_member_string(j, "kind",
			   r->kind == RULES_FAILURE ? "failure" : "perf");
	json_member_string(j, "better", cmp_row_better_name(r));
	json_member_object_open(j, "base");
	cmp_json_side(j, r, &r->base);
	json_object_close(j);
	json_member_array_open(j, "new");
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
		json_member_array_open(j, cmp_json_flags[f].key);
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
	json_member_array_open(j, "new");
	for (i = 0; i < c->nnew; i++)
		cmp_json_result(j, &c->new[i]);
	json_array_close(j);
	json_member_string(j, "metric", c->metric);
	json_member_number(j, "threshold_pct", c->threshold);
	json_member_number(j, "alpha", c->primary_alpha);
	json_member_number(j, "fdr", c->alpha);
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
	json_member_array_open(&j, "metrics");
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
