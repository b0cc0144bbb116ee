// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench history html: one static page, no script, nothing fetched:
 * the latest change points, worst first, then per (job, metric) an SVG
 * of its kernels' points, each with a title (the kernel, its mean, its
 * runs) and a link to its run directory, the segments' means as lines
 * and each change point marked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/series.h"
#include "lib/fileio.h"

#define HIST_W 920
#define HIST_H 360
#define HIST_L 80 /* the y axis' labels */
#define HIST_R 20
#define HIST_T 24
#define HIST_B 140 /* the kernels' names, turned */

static void hist_esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else
			fputc(*s, f);
	}
}

static const char hist_css[] =
	"body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:980px}"
	"h1{font-size:22px}h2{font-size:16px;margin:28px 0 4px}"
	"table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:left}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}"
	".worse{color:#b00020}.better{color:#1b7a1b}"
	"svg text{font:11px sans-serif;fill:#444}svg text.worse{fill:#b00020;font-weight:bold}svg text.better{fill:#1b7a1b;font-weight:bold}"
	"svg .grid{stroke:#e4e4e4}svg .pt{fill:#2659a8}svg .pt:hover{r:6}"
	"svg .seg{stroke:#888;stroke-width:2}svg line.cp{stroke-width:2;stroke-dasharray:5 3}"
	"svg line.cp.worse{stroke:#b00020}svg line.cp.better{stroke:#1b7a1b}svg line.cp.changed{stroke:#a06000}"
	"p.note{color:#555}";

static const char *hist_word(int better)
{
	return better > 0 ? "better" : better < 0 ? "worse" : "changed";
}

struct hist_ref {
	const struct hist_series *s;
	const struct hist_change *c;
};

/* Worse before better before no direction, then the larger first. */
static int hist_ref_cmp(const void *a, const void *b)
{
	const struct hist_ref *x = a, *y = b;
	int rx = x->c->better < 0 ? 0 : x->c->better > 0 ? 1 : 2;
	int ry = y->c->better < 0 ? 0 : y->c->better > 0 ? 1 : 2;

	if (rx != ry)
		return rx - ry;
	return fabs(y->c->pct) > fabs(x->c->pct) ? 1 :
	       fabs(y->c->pct) < fabs(x->c->pct) ? -1 :
						   0;
}

static void hist_table_row(FILE *f, const struct hist_ref *r)
{
	const struct hist_point *p = &r->s->pts[r->c->at];

	fprintf(f, "<tr class=\"%s\"><td>", hist_word(r->c->better));
	hist_esc(f, r->s->test);
	fputc('/', f);
	hist_esc(f, r->s->params);
	fputs("</td><td>", f);
	hist_esc(f, r->s->metric);
	fputs("</td><td>", f);
	hist_esc(f, p->release);
	if (*p->cmdline) {
		fputs(" (", f);
		hist_esc(f, p->cmdline);
		fputc(')', f);
	}
	fprintf(f,
		"</td><td class=\"n\">%.6g</td><td class=\"n\">%.6g</td><td class=\"n\">%+.2f%%</td><td class=\"n\">%.3f</td><td>%s</td><td><a href=\"file://",
		r->c->before, r->c->after, r->c->pct, r->c->p,
		hist_word(r->c->better));
	hist_esc(f, p->dir);
	fputs("\">run</a></td></tr>\n", f);
}

static int hist_table_write(FILE *f, const struct hist_series *s, size_t n)
{
	struct hist_ref *refs;
	size_t i, k, m = 0;

	for (i = 0; i < n; i++)
		m += s[i].ncp;
	refs = calloc(m + 1, sizeof(*refs));
	if (!refs)
		return -ENOMEM;
	for (m = 0, i = 0; i < n; i++)
		for (k = 0; k < s[i].ncp; k++)
			refs[m++] = (struct hist_ref){ &s[i], &s[i].cps[k] };
	qsort(refs, m, sizeof(*refs), hist_ref_cmp);
	fprintf(f, "<h2>Change points, worst first (%zu)</h2>\n", m);
	if (!m)
		fputs("<p class=\"note\">None: no series has a significant change beyond its noise floor.</p>\n",
		      f);
	else
		fputs("<table id=\"changes\"><tr><th>job</th><th>metric</th><th>first kernel after</th><th>before</th><th>after</th><th>change</th><th>p</th><th>direction</th><th>run</th></tr>\n",
		      f);
	for (i = 0; i < m; i++)
		hist_table_row(f, &refs[i]);
	if (m)
		fputs("</table>\n", f);
	free(refs);
	return 0;
}

struct hist_frame {
	size_t n;
	double lo, hi,
		step; /* step: the grid's, 1, 2 or 5 times a power of 10 */
};

static double hist_x(const struct hist_frame *fr, double i)
{
	double pw = HIST_W - HIST_L - HIST_R;

	return HIST_L + (fr->n > 1 ? i * pw / (fr->n - 1) : pw / 2);
}

static double hist_y(const struct hist_frame *fr, double v)
{
	return HIST_T +
	       (fr->hi - v) / (fr->hi - fr->lo) * (HIST_H - HIST_T - HIST_B);
}

static void hist_frame_set(const struct hist_series *s, struct hist_frame *fr)
{
	size_t i;
	double pad;

	fr->n = s->n;
	fr->lo = fr->hi = s->pts[0].mean;
	for (i = 1; i < s->n; i++) {
		fr->lo = fmin(fr->lo, s->pts[i].mean);
		fr->hi = fmax(fr->hi, s->pts[i].mean);
	}
	pad = (fr->hi - fr->lo) * 0.08;
	if (pad <= 0)
		pad = fabs(fr->hi) * 0.01 + 1e-9;
	/* Round numbers on the grid: the frame widened to its steps. */
	fr->step = pow(10, floor(log10((fr->hi - fr->lo + 2 * pad) / 4)));
	if ((fr->hi - fr->lo + 2 * pad) / fr->step > 12)
		fr->step *= 5;
	else if ((fr->hi - fr->lo + 2 * pad) / fr->step > 6)
		fr->step *= 2;
	fr->lo = floor((fr->lo - pad) / fr->step) * fr->step;
	fr->hi = ceil((fr->hi + pad) / fr->step) * fr->step;
}

static void hist_axes_write(FILE *f, const struct hist_series *s,
			    const struct hist_frame *fr)
{
	size_t i, every = s->n / 30 + 1;
	double v, y, yb = HIST_H - HIST_B;

	for (v = fr->lo; v <= fr->hi + fr->step / 2; v += fr->step) {
		y = hist_y(fr, v);
		fprintf(f,
			"<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.6g</text>\n",
			HIST_L, HIST_W - HIST_R, y, y, HIST_L - 6, y + 4,
			fabs(v) < fr->step / 1e6 ? 0 : v);
	}
	for (i = 0; i < s->n; i += every) {
		fprintf(f,
			"<text transform=\"translate(%.1f,%.1f) rotate(-40)\" text-anchor=\"end\">",
			hist_x(fr, i) + 3, yb + 14);
		hist_esc(f, s->pts[i].release);
		if (*s->pts[i].cmdline) {
			fputc(' ', f);
			hist_esc(f, s->pts[i].cmdline);
		}
		fputs("</text>\n", f);
	}
}

static void hist_marks_write(FILE *f, const struct hist_series *s,
			     const struct hist_frame *fr)
{
	size_t k, a, b;
	double x;

	for (k = 0; k <= s->ncp; k++) {
		a = k ? s->cps[k - 1].at : 0;
		b = k < s->ncp ? s->cps[k].at : s->n;
		x = k < s->ncp ? s->cps[k].before : k ? s->cps[k - 1].after : 0;
		if (!s->ncp)
			break;
		fprintf(f,
			"<line class=\"seg\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
			hist_x(fr, a), hist_x(fr, b - 1), hist_y(fr, x),
			hist_y(fr, x));
	}
	for (k = 0; k < s->ncp; k++) {
		const struct hist_change *c = &s->cps[k];

		x = hist_x(fr, c->at - 0.5);
		fprintf(f,
			"<line class=\"cp %s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"><title>change at ",
			hist_word(c->better), x, x, HIST_T, HIST_H - HIST_B);
		hist_esc(f, s->pts[c->at].release);
		fprintf(f,
			": %.6g -> %.6g (%+.2f%%, p=%.3f, %s)</title></line><text class=\"%s\" x=\"%.1f\" y=\"%d\">%+.1f%%</text>\n",
			c->before, c->after, c->pct, c->p, hist_word(c->better),
			hist_word(c->better), x + 4, HIST_T - 8, c->pct);
	}
}

static void hist_points_write(FILE *f, const struct hist_series *s,
			      const struct hist_frame *fr)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct hist_point *p = &s->pts[i];

		fputs("<a href=\"file://", f);
		hist_esc(f, p->dir);
		fprintf(f,
			"\"><circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"><title>",
			hist_x(fr, i), hist_y(fr, p->mean));
		hist_esc(f, p->release);
		if (*p->cmdline) {
			fputc(' ', f);
			hist_esc(f, p->cmdline);
		}
		fprintf(f, ": %.6g (mean of %u run%s, first %s) ", p->mean,
			p->runs, p->runs == 1 ? "" : "s", p->first);
		hist_esc(f, p->dir);
		fputs("</title></circle></a>\n", f);
	}
}

static void hist_series_write(FILE *f, const struct hist_series *s)
{
	struct hist_frame fr;

	hist_frame_set(s, &fr);
	fputs("<section class=\"series\"><h2>", f);
	hist_esc(f, s->test);
	fputc('/', f);
	hist_esc(f, s->params);
	fputs(" &mdash; ", f);
	hist_esc(f, s->metric);
	fprintf(f, "</h2><p class=\"note\">%zu kernels, %zu change point%s",
		s->n, s->ncp, s->ncp == 1 ? "" : "s");
	if (s->floor_pct > 0)
		fprintf(f, " beyond the noise floor of %.2g%%", s->floor_pct);
	fprintf(f,
		"; hover a point or a mark for its kernel and values, click a point for its run.</p>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		HIST_W, HIST_H, HIST_W, HIST_H);
	hist_axes_write(f, s, &fr);
	hist_marks_write(f, s, &fr);
	hist_points_write(f, s, &fr);
	fputs("</svg></section>\n", f);
}

int hist_html_write(const struct hist_series *s, size_t n, const char *path,
		    const char *db)
{
	char tmp[4200];
	size_t i;
	FILE *f;
	int err;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>bootbench history</title><style>%s</style></head><body>\n<h1>bootbench history</h1>\n<p class=\"note\">%zu series from ",
		hist_css, n);
	hist_esc(f, db);
	fputs(", each kernel's point the mean of its runs, in the order the kernels were first run; change points by e-divisive means with a permutation test (docs/history.md).</p>\n",
	      f);
	err = hist_table_write(f, s, n);
	for (i = 0; !err && i < n; i++)
		hist_series_write(f, &s[i]);
	fputs("</body></html>\n", f);
	if (ferror(f))
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		remove(tmp);
	return err;
}
