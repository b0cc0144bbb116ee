// SPDX-License-Identifier: GPL-2.0
/*
 * The comparison as text: LKP's table layout (mean ±%stddev per
 * kernel, %change against the base, fail:runs for errors) with a
 * p-value and a verdict letter, then a plain-words summary.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"

#define CMP_STDDEV_SHOWN 2.0 /* percent; LKP hides smaller spreads */

const char *cmp_num_format(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if (a >= 1e9)
		snprintf(buf, len, "%.3e", v);
	else if (a >= 1000 || a == 0 || v == floor(v))
		snprintf(buf, len, "%.0f", v);
	else if (a >= 100)
		snprintf(buf, len, "%.1f", v);
	else if (a >= 1)
		snprintf(buf, len, "%.2f", v);
	else
		snprintf(buf, len, "%.3g", v);
	return buf;
}

/* "±  3%" or five blanks: the ± is two bytes but one column. */
static const char *cmp_stddev_format(char *buf, size_t len,
				     const struct cmp_side *s)
{
	double pct = cmp_side_stddev_pct(s);

	if (pct > CMP_STDDEV_SHOWN)
		snprintf(buf, len, "\u00b1%3.0f%%", pct > 999 ? 999 : pct);
	else
		snprintf(buf, len, "     ");
	return buf;
}

static const char *cmp_p_format(char *buf, size_t len, const struct cmp_cell *x)
{
	static const char tag[] = { ' ', 't', 'U', 'F', 'y', 'd', 'P' };

	if (x->test == CMP_TEST_DETERMINISTIC)
		snprintf(buf, len, "  det ");
	else if (isnan(x->p))
		snprintf(buf, len, "    - ");
	else if (x->p < 0.001)
		snprintf(buf, len, "<.001%c", tag[x->test]);
	else
		snprintf(buf, len, "%5.3f%c", x->p, tag[x->test]);
	return buf;
}

static char cmp_verdict_letter(const struct cmp_row *r,
			       const struct cmp_cell *x)
{
	const char *v = cmp_cell_verdict(r, x);

	return v ? (char)(v[0] - 'a' + 'A') : ' ';
}

/*
 * Which way is better, one column before the name (docs/compare.md):
 * the descriptors' word as a mark, so that the name keeps its column.
 */
static const char *cmp_direction_mark(const struct cmp_row *r)
{
	if (r->undeclared)
		return "?";
	return r->dir == RULES_HIGHER ? "\u2191" :
	       r->dir == RULES_LOWER  ? "\u2193" :
					"\u00b7";
}

void cmp_new_label(char *buf, size_t len, size_t i)
{
	if (i)
		snprintf(buf, len, "new%zu", i + 1);
	else
		snprintf(buf, len, "new");
}

/* Column heads, aligned with the rows' printf widths below. */
static const struct cmp_layout {
	int base_w, cell_w;
	const char *base_head, *base_mark, *cell_head, *cell_mark;
} cmp_layouts[] = {
	{ 16, 33, "        %stddev", "             \\",
	  " %change         %stddev     p", "    |                 \\      |" },
	{ 16, 36, "       fail:runs", "           |",
	  "  %reproduction  fail:runs      p",
	  "        |             |         |" },
};

static void cmp_centered_print(const char *s, int w, FILE *f)
{
	int n = (int)strlen(s), left = (w - n) / 2;

	fprintf(f, "%*s%s%*s", left, "", s, w - n - left, "");
}

static void cmp_header_print(const struct cmp *c, int failure, FILE *f)
{
	const struct cmp_layout *l = &cmp_layouts[failure];
	char label[32];
	size_t i;
	int d;

	fprintf(f, "\n");
	cmp_centered_print("base", l->base_w, f);
	for (i = 0; i < c->nnew; i++) {
		cmp_new_label(label, sizeof(label), i);
		cmp_centered_print(label, l->cell_w, f);
	}
	fprintf(f, "\n ");
	for (d = 1; d < l->base_w; d++)
		fputc('-', f);
	for (i = 0; i < c->nnew; i++) {
		fputc(' ', f);
		for (d = 1; d < l->cell_w; d++)
			fputc('-', f);
	}
	fprintf(f, "\n%-*s", l->base_w, l->base_head);
	for (i = 0; i < c->nnew; i++)
		fprintf(f, "%-*s", l->cell_w, l->cell_head);
	fprintf(f, "\n%-*s", l->base_w, l->base_mark);
	for (i = 0; i < c->nnew; i++)
		fprintf(f, "%-*s", l->cell_w, l->cell_mark);
	fprintf(f, "\n");
}

static void cmp_perf_row_print(const struct cmp *c, const struct cmp_row *r,
			       FILE *f)
{
	char num[32], sd[16], pct[16], p[16];
	size_t i;

	fprintf(f, " %9s %s",
		r->base.n ? cmp_num_format(num, sizeof(num), r->base.s.mean) :
			    "-",
		r->base.n ? cmp_stddev_format(sd, sizeof(sd), &r->base) :
			    "     ");
	for (i = 0; i < c->nnew; i++) {
		const struct cmp_cell *x = &r->cell[i];

		if (isnan(x->change_pct))
			snprintf(pct, sizeof(pct), "-");
		else if (c->deterministic && fabs(x->change_pct) < 100)
			/* Here a tenth of a percent is news. */
			snprintf(pct, sizeof(pct), "%+.2f%%", x->change_pct);
		else
			snprintf(pct, sizeof(pct), "%+.1f%%", x->change_pct);
		fprintf(f, " %7s %9s %s %s %c", pct,
			x->side.n ? cmp_num_format(num, sizeof(num),
						   x->side.s.mean) :
				    "-",
			x->side.n ?
				cmp_stddev_format(sd, sizeof(sd), &x->side) :
				"     ",
			cmp_p_format(p, sizeof(p), x),
			cmp_verdict_letter(r, x));
	}
	fprintf(f, " %s %s\n", cmp_direction_mark(r), r->name);
}

static void cmp_failure_row_print(const struct cmp *c, const struct cmp_row *r,
				  FILE *f)
{
	char runs[32], rep[16], p[16];
	size_t i;

	snprintf(runs, sizeof(runs), "%u:%zu", r->base.fails, r->base.n);
	fprintf(f, " %15s", r->base.fails ? runs : runs + (runs[0] == '0'));
	for (i = 0; i < c->nnew; i++) {
		const struct cmp_cell *x = &r->cell[i];
		double repro = 0;

		if (x->side.n && r->base.n)
			repro = 100.0 * x->side.fails / x->side.n -
				100.0 * r->base.fails / r->base.n;
		snprintf(rep, sizeof(rep), "%.0f%%", repro);
		snprintf(runs, sizeof(runs), "%u:%zu", x->side.fails,
			 x->side.n);
		fprintf(f, "  %13s  %9s  %s %c", rep,
			x->side.fails ? runs : runs + (runs[0] == '0'),
			cmp_p_format(p, sizeof(p), x),
			cmp_verdict_letter(r, x));
	}
	fprintf(f, " %s %s\n", cmp_direction_mark(r), r->name);
}

static void cmp_side_describe(const char *label, const struct result *r,
			      const struct result *base, FILE *f)
{
	fprintf(f, "%-5s %s%s%s%s, %u run%s: %s\n", label,
		*r->release ? r->release : "(release unknown)",
		*r->boot_path ? " (booted " : "", r->boot_path,
		*r->boot_path ? ")" : "", r->runs, r->runs == 1 ? "" : "s",
		r->dir);
	if (*r->packages)
		fprintf(f, "      packages: %s\n", r->packages);
	if (base && strcmp(r->cmdline, base->cmdline))
		fprintf(f, "      kernel command line differs: %s\n",
			r->cmdline);
}

static void cmp_legend_print(const struct cmp *c, FILE *f)
{
	char holm[64] = "";

	if (c->nholm > 1)
		snprintf(holm, sizeof(holm), " (Holm over %zu new kernels)",
			 c->nholm);
	fprintf(f,
		"\np: P permutation test of the means (the chosen metric), t Welch's\n"
		"t-test, y Yuen's trimmed t, U Mann-Whitney U, F Fisher; R regression,\n"
		"I improvement, C change: changed by LKP's rules and significant:\n"
		"%s at %g%%%s, the other %zu\n"
		"metrics at a false discovery rate of %g%%.\n",
		c->metric, 100 * c->primary_alpha, holm, c->nrows - 1,
		100 * c->alpha);
}

/* The marks before the names; "?" only when a shown row has it. */
static void cmp_direction_legend_print(const struct cmp *c, FILE *f)
{
	size_t k;

	fprintf(f,
		"\u2191 higher is better, \u2193 lower is better, \u00b7 info: no better way (from\n"
		"benchmarks/<name>.desc; the monitors are info, dmesg.* lower).\n");
	for (k = 0; k < c->nrows; k++)
		if (c->rows[k].shown && c->rows[k].undeclared) {
			fprintf(f,
				"? no descriptor declares it: which way is better is unknown.\n");
			break;
		}
}

void cmp_table_print(const struct cmp *c, FILE *f)
{
	char label[32];
	size_t k, i, perf = 0, fail = 0;

	cmp_side_describe("base", &c->base, NULL, f);
	for (i = 0; i < c->nnew; i++) {
		cmp_new_label(label, sizeof(label), i);
		cmp_side_describe(label, &c->new[i], &c->base, f);
	}
	if (c->deterministic)
		fprintf(f,
			"timing: deterministic (icount shift %d, QEMU %s): one run per kernel\n"
			"        is a measurement; a change beyond %g%% is real\n",
			c->base.icount_shift,
			*c->base.qemu_version ? c->base.qemu_version :
						"unknown",
			c->noise_floor);
	for (k = 0; k < c->nrows; k++) {
		if (!c->rows[k].shown)
			continue;
		if (c->rows[k].kind == RULES_FAILURE)
			fail++;
		else
			perf++;
	}
	if (perf) {
		cmp_header_print(c, 0, f);
		for (k = 0; k < c->nrows; k++)
			if (c->rows[k].shown && c->rows[k].kind == RULES_PERF)
				cmp_perf_row_print(c, &c->rows[k], f);
	}
	if (fail) {
		cmp_header_print(c, 1, f);
		for (k = 0; k < c->nrows; k++)
			if (c->rows[k].shown &&
			    c->rows[k].kind == RULES_FAILURE)
				cmp_failure_row_print(c, &c->rows[k], f);
	}
	if ((perf || fail) && c->deterministic)
		fprintf(f,
			"\np: det deterministic timing: significant beyond a noise floor of\n"
			"%g%% (or the runs' own spread, if larger); F Fisher for dmesg.\n"
			"R regression, I improvement, C change: significant and, except for\n"
			"%s, changed by LKP's rules on one run per kernel.\n",
			c->noise_floor, c->metric);
	else if (perf || fail)
		cmp_legend_print(c, f);
	if (perf || fail)
		cmp_direction_legend_print(c, f);
}

static void cmp_chosen_det_print(const struct cmp_row *r,
				 const struct cmp_cell *x, int in, FILE *f)
{
	const char *v = cmp_cell_verdict(r, x);

	fprintf(f, "%+.2f%%: %s\n", x->change_pct,
		v ? v : "within the noise floor");
	fprintf(f,
		"%*snew/base %.5f, deterministic timing, noise floor %.2g%%\n",
		in, "", x->side.s.mean / r->base.s.mean, x->floor_pct);
}

/* The ratio of means and its interval, or why there is none. */
static void cmp_interval_print(const struct cmp_row *r,
			       const struct cmp_cell *x, int in, FILE *f)
{
	if (r->base.s.mean == 0)
		return;
	fprintf(f, "%*snew/base %.3f, ", in, "",
		x->side.s.mean / r->base.s.mean);
	if (isnan(x->ci_lo))
		fprintf(f, "no 95%% interval: %s\n", x->ci_why);
	else
		fprintf(f, "95%% interval %.3f..%.3f (Fieller)\n", x->ci_lo,
			x->ci_hi);
}

static void cmp_undecidable_print(const struct cmp *c, const struct cmp_row *r,
				  const struct cmp_cell *x, int in, FILE *f)
{
	fprintf(f, "undecidable with %zu+%zu runs: RUNS=%u can decide\n",
		r->base.n, x->side.n, x->decide_runs);
	fprintf(f,
		"%*sthe permutation test's smallest p with these runs is %.2g,\n"
		"%*sabove the %g%% level",
		in, "", x->p_min, in, "", 100 * c->primary_alpha / c->nholm);
	if (c->nholm > 1)
		fprintf(f, " (%g%% shared by Holm over %zu new kernels)",
			100 * c->primary_alpha, c->nholm);
	fprintf(f, "\n");
}

/* A few short lines per new kernel, so that 80 columns hold them. */
static void cmp_chosen_print(const struct cmp *c, const struct cmp_row *r,
			     size_t i, FILE *f)
{
	static const char *const test_name[] = {
		"",
		"Welch's t",
		"Mann-Whitney U",
		"Fisher's exact",
		"Yuen's trimmed t",
		"",
		"permutation test of the means"
	};
	const struct cmp_cell *x = &r->cell[i];
	const char *v = cmp_cell_verdict(r, x);
	char label[32];
	int in;

	cmp_new_label(label, sizeof(label), i);
	in = (int)strlen(label) + 2;
	fprintf(f, "%s: %s ", label, r->name);
	if (x->test == CMP_TEST_DETERMINISTIC) {
		cmp_chosen_det_print(r, x, in, f);
		return;
	}
	if (x->test == CMP_TEST_NONE || isnan(x->change_pct)) {
		fprintf(f,
			"\n%*sno test: missing on a side or a base mean of 0\n",
			in, "");
		return;
	}
	fprintf(f, "%+.1f%%: ", x->change_pct);
	if (x->undecidable) {
		cmp_undecidable_print(c, r, x, in, f);
		cmp_interval_print(r, x, in, f);
		return;
	}
	if (x->significant) {
		static const char *const words[] = { "worse", "a change",
						     "better" };

		fprintf(f, "%s%s\n", v ? v : words[cmp_cell_better(r, x) + 1],
			x->lkp.changed ?
				"" :
				" (LKP's range rule would not show it)");
	} else
		fprintf(f, "not significant\n");
	if (x->p < 0.001)
		fprintf(f, "%*sp < 0.001", in, "");
	else
		fprintf(f, "%*sp = %.3f", in, "", x->p);
	fprintf(f, " (%s, %zu+%zu runs)\n", test_name[x->test], r->base.n,
		x->side.n);
	cmp_interval_print(r, x, in, f);
	if (!x->significant &&
	    (x->runs_needed > r->base.n || x->runs_needed > x->side.n))
		fprintf(f,
			"%*sat this spread about %u runs per kernel would tell a\n"
			"%*s%g%% change (the threshold) from noise\n",
			in, "", x->runs_needed, in, "", c->threshold);
}

void cmp_summary_print(const struct cmp *c, FILE *f)
{
	const struct cmp_row *r = cmp_chosen_row(c);
	size_t k, shown = 0, i;

	for (k = 0; k < c->nrows; k++)
		shown += c->rows[k].shown;
	fprintf(f, "\n%zu of %zu metrics shown", shown, c->nrows);
	if (c->hidden)
		fprintf(f,
			"; %zu more changed by LKP's rules alone, not backed by the test (--lkp shows them)",
			c->hidden);
	fprintf(f, "\n");
	if (!r)
		return;
	for (i = 0; i < c->nnew; i++)
		cmp_chosen_print(c, r, i, f);
	for (i = 0; i < c->nnew; i++) {
		char label[32];

		cmp_new_label(label, sizeof(label), i);
		if (cmp_regressed(c, i))
			fprintf(f,
				"verdict: %s regressed %s by %.*f%%, beyond the %g%% threshold\n",
				label, r->name, c->deterministic ? 2 : 1,
				fabs(r->cell[i].change_pct), c->threshold);
	}
	for (i = 0; i < c->nnew; i++) {
		char label[32];

		cmp_new_label(label, sizeof(label), i);
		if (cmp_undecidable(c, i) && !cmp_regressed(c, i))
			fprintf(f,
				"verdict: %s undecidable with %zu+%zu runs: RUNS=%u can decide\n",
				label, r->base.n, r->cell[i].side.n,
				r->cell[i].decide_runs);
	}
	for (i = 0;
	     i < c->nnew && !cmp_regressed(c, i) && !cmp_undecidable(c, i); i++)
		;
	if (i == c->nnew)
		fprintf(f,
			"verdict: no significant regression of %s beyond the %g%% threshold\n",
			r->name, c->threshold);
}
