// SPDX-License-Identifier: GPL-2.0
/*
 * Plots of one metric's samples, each kernel's runs side by side in
 * run order with their own mark, like the good/bad sample plots of
 * the 0-day reports: in the terminal, and as an SVG file.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"

#define PLOT_W 64
#define PLOT_H 10

static const char plot_marks[] = "O*+x#@";
static const char *const plot_colors[] = { "#1f77b4", "#d62728", "#2ca02c",
					   "#9467bd", "#ff7f0e", "#8c564b" };

static const struct cmp_side *plot_side(const struct cmp_row *r, size_t k)
{
	return k ? &r->cell[k - 1].side : &r->base;
}

static void plot_label(char *buf, size_t len, size_t k)
{
	if (k)
		cmp_new_label(buf, len, k - 1);
	else
		snprintf(buf, len, "base");
}

static size_t plot_range(const struct cmp *c, const struct cmp_row *r,
			 double *lo, double *hi)
{
	size_t k, j, n = 0;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (k = 0; k <= c->nnew; k++) {
		const struct cmp_side *s = plot_side(r, k);

		for (j = 0; j < s->n; j++) {
			*lo = fmin(*lo, s->v[j]);
			*hi = fmax(*hi, s->v[j]);
			n++;
		}
	}
	if (n && *hi - *lo <= fabs(*hi) * 1e-9) {
		double pad = *hi ? fabs(*hi) * 0.01 : 1;

		*lo -= pad;
		*hi += pad;
	}
	return n;
}

static const char *plot_direction(const struct cmp_row *r)
{
	return r->dir == RULES_HIGHER ? " (higher is better)" :
	       r->dir == RULES_LOWER  ? " (lower is better)" :
					"";
}

static void plot_border_print(FILE *f)
{
	char line[PLOT_W + 1];

	memset(line, '-', PLOT_W);
	line[PLOT_W] = '\0';
	fprintf(f, "           +%s+\n", line);
}

void cmp_plot_print(const struct cmp *c, const struct cmp_row *r, FILE *f)
{
	char grid[PLOT_H][PLOT_W + 1], num[32];
	size_t n, k, j, at = 0, y;
	double lo, hi;

	n = plot_range(c, r, &lo, &hi);
	if (!n)
		return;
	for (y = 0; y < PLOT_H; y++) {
		memset(grid[y], ' ', PLOT_W);
		grid[y][PLOT_W] = '\0';
	}
	for (k = 0; k <= c->nnew; k++) {
		const struct cmp_side *s = plot_side(r, k);

		for (j = 0; j < s->n; j++, at++) {
			size_t x = n > 1 ? 2 + at * (PLOT_W - 5) / (n - 1) :
					   PLOT_W / 2;
			size_t row = (size_t)lround((s->v[j] - lo) / (hi - lo) *
						    (PLOT_H - 1));

			grid[PLOT_H - 1 - row][x] = plot_marks[k % 6];
		}
	}
	fprintf(f, "\n  %s%s\n", r->name, plot_direction(r));
	plot_border_print(f);
	for (y = 0; y < PLOT_H; y++) {
		const char *label = "";

		if (!y)
			label = cmp_num_format(num, sizeof(num), hi);
		else if (y == PLOT_H - 1)
			label = cmp_num_format(num, sizeof(num), lo);
		fprintf(f, " %9s %c%s|\n", label, *label ? '+' : '|', grid[y]);
	}
	plot_border_print(f);
	fprintf(f, "           ");
	for (k = 0; k <= c->nnew; k++) {
		plot_label(num, sizeof(num), k);
		fprintf(f, "  %c %s (%zu runs)", plot_marks[k % 6], num,
			plot_side(r, k)->n);
	}
	fprintf(f, "\n");
}

static void plot_xml_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

int cmp_svg_write(const struct cmp *c, const struct cmp_row *r,
		  const char *path)
{
	const double w = 640, h = 320, ml = 80, mr = 20, mt = 36, mb = 56;
	double lo, hi, pad, pw = w - ml - mr, ph = h - mt - mb;
	size_t n, k, j, at = 0, t;
	char num[32], label[32];
	FILE *f;

	n = plot_range(c, r, &lo, &hi);
	if (!n)
		return -ENODATA;
	/* Room above and below, so no sample sits on the frame. */
	pad = (hi - lo) * 0.06;
	lo -= pad;
	hi += pad;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"%.0f\" y=\"20\" font-size=\"14\">",
		w, h, ml);
	plot_xml_escaped(f, r->name);
	plot_xml_escaped(f, plot_direction(r));
	fprintf(f,
		"</text>\n<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
		"height=\"%.0f\" fill=\"none\" stroke=\"#444\"/>\n",
		ml, mt, pw, ph);
	for (t = 0; t <= 4; t++) {
		double v = lo + (hi - lo) * t / 4, y = mt + ph - ph * t / 4;

		fprintf(f,
			"<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			"<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			ml, ml + pw, y, y, ml - 6, y + 4,
			cmp_num_format(num, sizeof(num), v));
	}
	for (k = 0; k <= c->nnew; k++) {
		const struct cmp_side *s = plot_side(r, k);
		const char *col = plot_colors[k % 6];
		double x0 = 0, x1 = 0, y;

		for (j = 0; j < s->n; j++, at++) {
			double x = ml + pw * (n > 1 ? (at + 0.5) / n : 0.5);

			y = mt + ph - ph * (s->v[j] - lo) / (hi - lo);
			if (!j)
				x0 = x;
			x1 = x;
			fprintf(f,
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" stroke=\"%s\" fill=\"%s\"/>\n",
				x, y, col, k ? col : "none");
		}
		if (!s->n)
			continue;
		plot_label(label, sizeof(label), k);
		/* The mean, dashed, across the kernel's own runs. */
		y = mt + ph - ph * (s->s.mean - lo) / (hi - lo);
		fprintf(f,
			"<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"4 3\"/>\n"
			"<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s: %zu runs, mean %s</text>\n",
			x0 - 6, x1 + 6, y, y, col, ml + 200.0 * k, h - 20, col,
			label, s->n,
			cmp_num_format(num, sizeof(num), s->s.mean));
	}
	fprintf(f, "</svg>\n");
	if (fclose(f))
		return -errno;
	return 0;
}
