// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench-compare: did the new kernel change anything, and is it
 * more than noise? Reads the per-kernel result directories `make run`
 * writes (docs/results.md) and prints LKP's comparison table with a
 * significance test per metric (docs/compare.md).
 *
 * Exit: 0 no regression, 1 a regression of the chosen metric beyond
 * the threshold, 2 bad input, 3 undecidable: the chosen metric's test
 * cannot reach its level with these run counts (docs/compare.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/metrics.h"
#include "lib/tests.h"
#include "compare.h"
#include "shared/util.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: bootbench-compare [--all | --lkp] [--json] [--metric NAME]\n"
		"                         [--threshold PCT] [--alpha A] [--fdr Q] [--svg DIR]\n"
		"                         [--no-plot] [--noise-floor PCT] [--expect PCT]\n"
		"                         BASE NEW [NEW...]\n"
		"BASE, NEW: kernel result directories, <RESULTS>/<test>/<params>/<release>\n");
}

/*
 * The headline the base's run recorded, with its direction; for a run
 * from before they were recorded, its first test's, qualified as run.c
 * names it, and its descriptor's direction.
 */
static int cmp_metric_default(struct cmp *c)
{
	const char *test = c->base.test;
	size_t len = strcspn(test, ",");
	const struct test_desc *t = test_find_n(test, len);
	const struct metric_desc *m = metric_find(c->base.headline);

	if (c->base.headline_run[0]) {
		c->metric_higher = c->base.headline_better >= 0;
		c->metric = strdup(c->base.headline_run);
		return c->metric ? 0 : -ENOMEM;
	}
	if (!t || !c->base.headline[0])
		return -ENOENT;
	c->metric_higher = !m || m->better != METRIC_LOWER;
	if (test[len])
		return asprintf(&c->metric, "%.*s.%s", (int)len, test,
				c->base.headline) < 0 ?
			       -ENOMEM :
			       0;
	c->metric = strdup(c->base.headline);
	return c->metric ? 0 : -ENOMEM;
}

/* The widest floor among the job's tests: each was measured alone. */
static double cmp_det_floor_default(const char *tests)
{
	double floor = 0;

	while (*tests) {
		size_t len = strcspn(tests, ",");
		const struct test_desc *t = test_find_n(tests, len);

		if (t && t->det_floor > floor)
			floor = t->det_floor;
		tests += len + (tests[len] == ',');
	}
	return floor > 0 ? floor : CMP_DET_NOISE_FLOOR;
}

static int cmp_number_parse(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return -EINVAL;
	*out = v;
	return 0;
}

/* The chosen metric, and what LKP's rules call changed among the shown. */
static int cmp_row_plotted(const struct cmp *c, const struct cmp_row *r)
{
	size_t i, most = r->base.n;

	/* Two dots say no more than the table's two numbers. */
	for (i = 0; i < c->nnew; i++)
		if (r->cell[i].side.n > most)
			most = r->cell[i].side.n;
	if (most < 2)
		return 0;
	if (r->chosen)
		return 1;
	for (i = 0; r->shown && i < c->nnew; i++)
		if (r->cell[i].lkp.changed)
			return 1;
	return 0;
}

static int cmp_svgs_write(const struct cmp *c, const char *dir)
{
	char path[PATH_MAX], *p;
	size_t k;
	int err;

	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	for (k = 0; k < c->nrows; k++) {
		if (!cmp_row_plotted(c, &c->rows[k]))
			continue;
		snprintf(path, sizeof(path), "%s/%s.svg", dir, c->rows[k].name);
		/* Metric names may hold '/' (dbench's MB/sec). */
		for (p = path + strlen(dir) + 1; *p; p++)
			if (*p == '/')
				*p = '_';
		err = cmp_svg_write(c, &c->rows[k], path);
		if (err && err != -ENODATA)
			return err;
	}
	return 0;
}

/*
 * A side without one value of the chosen metric cannot be judged: no
 * value is not "no regression". Runs left out of a matrix are said.
 */
static int cmp_side_check(const struct cmp *c, const struct result *r)
{
	const struct result_metric *m = result_metric_find(r, c->metric);

	if (r->left_out)
		fprintf(stderr,
			"bootbench-compare: %s: %u run(s) left out, not complete and ok (see its runs.json)\n",
			r->dir, r->left_out);
	if (m && m->n)
		return 0;
	fprintf(stderr,
		"bootbench-compare: %s has no value of %s in its %u complete, ok run(s): nothing to compare; pick another --metric or run it again\n",
		r->dir, c->metric, r->runs);
	return -ENODATA;
}

static int cmp_sides_check(const struct cmp *c)
{
	int err = cmp_side_check(c, &c->base);
	size_t i;

	for (i = 0; i < c->nnew; i++)
		err = cmp_side_check(c, &c->new[i]) ? -ENODATA : err;
	return err;
}

/*
 * Guest seconds of real time and of counted instructions are different
 * units; so are two shifts. A QEMU version that differs may count
 * differently around timers: said, not refused.
 */
static int cmp_timing_check(const struct result *a, const struct result *b,
			    char *err, size_t errlen)
{
	/* An arm64 guest's counts and times are another machine's. */
	if (strcmp(a->arch, b->arch)) {
		snprintf(
			err, errlen,
			"%s ran an %s guest but %s an %s guest: compare runs of the same ARCH",
			a->dir, a->arch, b->dir, b->arch);
		return -EINVAL;
	}
	if (strcmp(a->timing, b->timing)) {
		snprintf(
			err, errlen,
			"%s ran with TIMING=%s but %s with TIMING=%s: compare runs of the same timing",
			a->dir, a->timing, b->dir, b->timing);
		return -EINVAL;
	}
	if (a->icount_shift != b->icount_shift) {
		snprintf(
			err, errlen,
			"%s ran with ICOUNT_SHIFT=%d but %s with ICOUNT_SHIFT=%d: compare runs of the same shift",
			a->dir, a->icount_shift, b->dir, b->icount_shift);
		return -EINVAL;
	}
	if (!strcmp(a->timing, "deterministic") &&
	    strcmp(a->qemu_version, b->qemu_version))
		fprintf(stderr,
			"bootbench-compare: warning: QEMU %s made %s but QEMU %s made %s: instruction counts around timers may differ\n",
			a->qemu_version, a->dir, b->qemu_version, b->dir);
	/* The profile's kallsyms copy moves a deterministic guest too. */
	if (a->profiled != b->profiled)
		fprintf(stderr,
			"bootbench-compare: warning: %s ran %s PROFILE=1 but %s %s: the profile's setup moves the guest (docs/profile.md): compare profiled runs with profiled runs\n",
			a->dir, a->profiled ? "with" : "without", b->dir,
			b->profiled ? "with it" : "without it");
	/* Debian's benchmark itself changed: not the kernel's doing. */
	if (strcmp(a->packages, b->packages))
		fprintf(stderr,
			"bootbench-compare: warning: %s ran %s but %s ran %s: the benchmark's version differs, not only the kernel\n",
			a->dir,
			*a->packages ? a->packages : "no Debian package",
			b->dir,
			*b->packages ? b->packages : "no Debian package");
	return 0;
}

static int cmp_results_load(struct cmp *c, int argc, char **argv)
{
	char err[512];
	int i, ret;

	ret = result_load(argv[0], &c->base, err, sizeof(err));
	if (ret)
		goto fail;
	c->nnew = argc - 1;
	c->new = calloc(c->nnew, sizeof(*c->new));
	if (!c->new) {
		snprintf(err, sizeof(err), "%s", strerror(ENOMEM));
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 1; i < argc; i++) {
		ret = result_load(argv[i], &c->new[i - 1], err, sizeof(err));
		if (ret)
			goto fail;
		ret = cmp_timing_check(&c->base, &c->new[i - 1], err,
				       sizeof(err));
		if (ret)
			goto fail;
		if (*c->base.test && *c->new[i - 1].test &&
		    strcmp(c->base.test, c->new[i - 1].test)) {
			snprintf(
				err, sizeof(err),
				"%s ran '%s' but %s ran '%s': compare results of the same test",
				argv[0], c->base.test, argv[i],
				c->new[i - 1].test);
			ret = -EINVAL;
			goto fail;
		}
	}
	return 0;
fail:
	fprintf(stderr, "bootbench-compare: %s\n", err);
	return ret;
}

/* What the command line asks beyond struct cmp. */
struct cmp_cli {
	const char *svg, *metric;
	int json, plot;
	double expect;
};

/* The options that take a number: its range and how to say it. */
static const struct cmp_num_opt {
	int opt;
	double min, max;
	const char *usage;
} cmp_num_opts[] = {
	{ 't', 0, 1e6,
	  "--threshold %s: give a percentage, e.g. --threshold 2" },
	{ 'q', 1e-9, 0.5,
	  "--fdr %s: give a rate between 0 and 0.5, e.g. --fdr 0.05" },
	{ 'A', 1e-9, 0.5,
	  "--alpha %s: give a level between 0 and 0.5, e.g. --alpha 0.01" },
	{ 'N', 0, 100,
	  "--noise-floor %s: give a percentage, e.g. --noise-floor 0.1" },
	{ 'E', -1e6, 1e6,
	  "--expect %s: give the report's change in percent, e.g. --expect -8.8" },
};

static double *cmp_num_target(struct cmp *c, struct cmp_cli *cli, int opt)
{
	switch (opt) {
	case 't':
		return &c->threshold;
	case 'q':
		return &c->alpha;
	case 'A':
		return &c->primary_alpha;
	case 'N':
		return &c->noise_floor;
	default:
		return &cli->expect;
	}
}

/* One option; 1: --help was given; -EINVAL: said on stderr. */
static int cmp_opt_apply(struct cmp *c, struct cmp_cli *cli, int opt)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cmp_num_opts); i++) {
		const struct cmp_num_opt *n = &cmp_num_opts[i];

		if (n->opt != opt)
			continue;
		if (!cmp_number_parse(optarg, n->min, n->max,
				      cmp_num_target(c, cli, opt)))
			return 0;
		fprintf(stderr, "bootbench-compare: ");
		fprintf(stderr, n->usage, optarg);
		fprintf(stderr, "\n");
		return -EINVAL;
	}
	switch (opt) {
	case 'a':
		c->show = CMP_SHOW_ALL;
		return 0;
	case 'l':
		c->show = CMP_SHOW_LKP;
		return 0;
	case 'j':
		cli->json = 1;
		return 0;
	case 'm':
		cli->metric = optarg;
		return 0;
	case 's':
		cli->svg = optarg;
		return 0;
	case 'n':
		cli->plot = 0;
		return 0;
	case 'h':
		usage(stdout);
		return 1;
	}
	usage(stderr);
	return -EINVAL;
}

/* The options into @c and @cli; 1: --help was given. */
static int cmp_args_parse(int argc, char **argv, struct cmp *c,
			  struct cmp_cli *cli)
{
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "lkp", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "fdr", required_argument, NULL, 'q' },
		{ "alpha", required_argument, NULL, 'A' },
		{ "svg", required_argument, NULL, 's' },
		{ "no-plot", no_argument, NULL, 'n' },
		{ "noise-floor", required_argument, NULL, 'N' },
		{ "expect", required_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, err;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		err = cmp_opt_apply(c, cli, opt);
		if (err)
			return err;
	}
	if (argc - optind < 2) {
		fprintf(stderr,
			"bootbench-compare: give a base and at least one new result directory: make compare BASE=<dir> NEW=<dir>\n");
		return -EINVAL;
	}
	return 0;
}

/* The loaded results' defaults, the metric and the rows; said on stderr. */
static int cmp_prepare(struct cmp *c, const char *metric)
{
	int err;

	c->deterministic = !strcmp(c->base.timing, "deterministic");
	if (isnan(c->noise_floor))
		c->noise_floor = cmp_det_floor_default(c->base.test);
	if (isnan(c->threshold))
		c->threshold = c->deterministic ? CMP_DET_THRESHOLD : 1;
	if (metric) {
		c->metric = strdup(metric);
		c->metric_higher = rules_direction_get(metric, NULL, 1) !=
				   RULES_LOWER;
	} else if (cmp_metric_default(c)) {
		fprintf(stderr,
			"bootbench-compare: %s does not say which test it ran: name the metric with --metric\n",
			c->base.dir);
		return -EINVAL;
	}
	err = c->metric ? cmp_rows_build(c) : -ENOMEM;
	if (err) {
		fprintf(stderr, "bootbench-compare: %s\n", strerror(-err));
		return err;
	}
	if (!cmp_chosen_row(c)) {
		fprintf(stderr,
			"bootbench-compare: no metric %s in %s or the new results: pick one with --metric\n",
			c->metric, c->base.dir);
		return -ENOENT;
	}
	/* A side without the metric has nothing to compare (exit 2). */
	if (cmp_sides_check(c))
		return -ENOENT;
	return 0;
}

/* The table, plots and summary (or JSON), and the SVGs; said on stderr. */
static int cmp_output(struct cmp *c, const struct cmp_cli *cli)
{
	size_t k;
	int err = 0;

	if (cli->json) {
		err = cmp_json_write(c, stdout);
	} else {
		cmp_table_print(c, stdout);
		for (k = 0; cli->plot && k < c->nrows; k++)
			if (cmp_row_plotted(c, &c->rows[k]))
				cmp_plot_print(c, &c->rows[k], stdout);
		cmp_summary_print(c, stdout);
		err = cmp_profile_print(c, stdout);
		if (!err)
			err = cmp_c2c_print(c, stdout);
	}
	if (!err && cli->svg)
		err = cmp_svgs_write(c, cli->svg);
	if (err)
		fprintf(stderr, "bootbench-compare: writing the output: %s\n",
			strerror(-err));
	return err;
}

int cmp_main(int argc, char **argv)
{
	struct cmp c = { .alpha = 0.05,
			 .primary_alpha = 0.01,
			 .threshold = NAN,
			 .noise_floor = NAN,
			 .metric_higher = 1 };
	struct cmp_cli cli = { .plot = 1, .expect = NAN };
	int ret = 2, err;
	size_t i;

	optind = 1;
	err = cmp_args_parse(argc, argv, &c, &cli);
	if (err)
		return err > 0 ? 0 : 2;
	if (cmp_results_load(&c, argc - optind, argv + optind) ||
	    cmp_prepare(&c, cli.metric) || cmp_output(&c, &cli))
		goto out;
	ret = CMP_EXIT_NO_REGRESSION;
	for (i = 0; i < c.nnew; i++)
		if (cmp_undecidable(&c, i))
			ret = CMP_EXIT_UNDECIDABLE;
	for (i = 0; i < c.nnew; i++)
		if (cmp_regressed(&c, i))
			ret = CMP_EXIT_REGRESSION;
	if (!isnan(cli.expect))
		ret = cmp_expect_print(&c, cli.expect, stdout);
out:
	cmp_rows_free(&c);
	result_free(&c.base);
	for (i = 0; i < c.nnew; i++)
		result_free(&c.new[i]);
	free(c.new);
	free(c.metric);
	return ret;
}
