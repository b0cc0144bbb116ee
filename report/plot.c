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

/* The SVG's frame: its size, margins, plot area and value range. */
struct plot_svg {
	double w, h, ml, mt, pw, ph, lo, hi;
	size_t n; /* samples of all kernels, one x slot each */
};

/* A value's y in the plot area: lo at the bottom, hi at the top. */
static double plot_svg_y(const struct plot_svg *g, double v)
{
	return g->mt + g->ph - g->ph * (v - g->lo) / (g->hi - g->lo);
}

/* The header, the title (the metric, its direction) and the frame. */
static void plot_svg_head_write(FILE *f, const struct plot_svg *g,
				const struct cmp_row *r)
{
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"%.0f\" y=\"20\" font-size=\"14\">",
		g->w, g->h, g->ml);
	plot_xml_escaped(f, r->name);
	plot_xml_escaped(f, plot_direction(r));
	fprintf(f,
		"</text>\n<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
		"height=\"%.0f\" fill=\"none\" stroke=\"#444\"/>\n",
		g->ml, g->mt, g->pw, g->ph);
}

/* Five grid lines, each with its value. */
static void plot_svg_grid_write(FILE *f, const struct plot_svg *g)
{
	char num[32];
	size_t t;

	for (t = 0; t <= 4; t++) {
		double v = g->lo + (g->hi - g->lo) * t / 4,
		       y = g->mt + g->ph - g->ph * t / 4;

		fprintf(f,
			"<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			"<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			g->ml, g->ml + g->pw, y, y, g->ml - 6, y + 4,
			cmp_num_format(num, sizeof(num), v));
	}
}

/*
 * Kernel @k's runs from x slot *@at on, in its colour (the base's
 * hollow), and its mean dashed across them with its legend.
 */
static void plot_svg_side_write(FILE *f, const struct plot_svg *g,
				const struct cmp_row *r, size_t k, size_t *at)
{
	const struct cmp_side *s = plot_side(r, k);
	const char *col = plot_colors[k % 6];
	double x0 = 0, x1 = 0, y;
	char num[32], label[32];
	size_t j;

	for (j = 0; j < s->n; j++, (*at)++) {
		double x =
			g->ml + g->pw * (g->n > 1 ? (*at + 0.5) / g->n : 0.5);

		y = plot_svg_y(g, s->v[j]);
		if (!j)
			x0 = x;
		x1 = x;
		fprintf(f,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" stroke=\"%s\" fill=\"%s\"/>\n",
			x, y, col, k ? col : "none");
	}
	if (!s->n)
		return;
	plot_label(label, sizeof(label), k);
	/* The mean, dashed, across the kernel's own runs. */
	y = plot_svg_y(g, s->s.mean);
	fprintf(f,
		"<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"4 3\"/>\n"
		"<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s: %zu runs, mean %s</text>\n",
		x0 - 6, x1 + 6, y, y, col, g->ml + 200.0 * k, g->h - 20, col,
		label, s->n, cmp_num_format(num, sizeof(num), s->s.mean));
}

int cmp_svg_write(const struct cmp *c, const struct cmp_row *r,
		  const char *path)
{
	struct plot_svg g = { .w = 640, .h = 320, .ml = 80, .mt = 36 };
	const double mr = 20, mb = 56;
	size_t k, at = 0;
	double pad;
	FILE *f;

	g.pw = g.w - g.ml - mr;
	g.ph = g.h - g.mt - mb;
	g.n = plot_range(c, r, &g.lo, &g.hi);
	if (!g.n)
		return -ENODATA;
	/* Room above and below, so no sample sits on the frame. */
	pad = (g.hi - g.lo) * 0.06;
	g.lo -= pad;
	g.hi += pad;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	plot_svg_head_write(f, &g, r);
	plot_svg_grid_write(f, &g);
	for (k = 0; k <= c->nnew; k++)
		plot_svg_side_write(f, &g, r, k, &at);
	fprintf(f, "</svg>\n");
	if (fclose(f))
		return -errno;
	return 0;
}
