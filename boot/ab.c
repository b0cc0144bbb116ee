// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench ab: two kernels (or one kernel with two command lines) take
 * turns run by run, so that a drift of the host's speed over the minutes
 * falls on both sides alike, and compare's library ends with its table
 * and verdict (docs/compare.md). Each side's image is planned and built
 * once; the runs are cmd_run()s of this process. The sides' runs go to
 * RESULTS/base and RESULTS/new, emptied first.
 *
 * Exit: 0 with a verdict (no regression, regression or undecidable: the
 * verdict line says which), 2 on bad input, else the failing run's
 * status (docs/exit-codes.md).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdlib.h>

#include "ab.h"
#include "imagebuild.h"
#include "lib/fileio.h"
#include "proto/json_parse.h"
#include "report/compare.h"
#include "report/seq.h"
#include "shared/util.h"

/* ab's own options, each with an argument; the rest are run's. */
static const char *const ab_opt_names[] = {
	"base-kernel", "new-kernel", "base-cmdline", "new-cmdline",
	"metric",      "threshold",  "max-runs",
};

static const char **ab_opt_field(struct ab *ab, struct ab_side *base,
				 struct ab_side *new, size_t i)
{
	const char **fields[] = { &base->kernel,    &new->kernel,
				  &base->cmdline,   &new->cmdline,
				  &ab->metric,	    &ab->threshold,
				  &ab->max_runs_arg };

	_Static_assert(ARRAY_SIZE(fields) == ARRAY_SIZE(ab_opt_names),
		       "a field for every option of ab's");
	return fields[i];
}

/* The index of @arg's option ("--name" or "--name=value"), or -1. */
static int ab_opt_find(const char *arg, const char **value)
{
	size_t i, len;

	if (strncmp(arg, "--", 2))
		return -1;
	for (i = 0; i < ARRAY_SIZE(ab_opt_names); i++) {
		len = strlen(ab_opt_names[i]);
		if (strncmp(arg + 2, ab_opt_names[i], len))
			continue;
		if (arg[2 + len] == '=') {
			*value = arg + 3 + len;
			return (int)i;
		}
		if (!arg[2 + len]) {
			*value = NULL;
			return (int)i;
		}
	}
	return -1;
}

/* ab's options out of argv into @ab, the others into @rest. */
static int ab_own_take(struct ab *ab, int argc, char **argv, char **rest,
		       int *nrest, struct ab_side *base, struct ab_side *new)
{
	const char *value;
	int i, k;

	for (i = 2; i < argc; i++) {
		/* RUNS=auto is ab's; a number is run's --runs. */
		if (!strcmp(argv[i], "--runs=auto") ||
		    (!strcmp(argv[i], "--runs") && i + 1 < argc &&
		     !strcmp(argv[i + 1], "auto"))) {
			ab->runs_auto = 1;
			i += argv[i][6] != '=';
			continue;
		}
		k = ab_opt_find(argv[i], &value);
		if (k < 0) {
			rest[(*nrest)++] = argv[i];
			continue;
		}
		if (!value && i + 1 == argc)
			return bad_input("%s needs an argument", argv[i]);
		if (!value)
			value = argv[++i];
		/* make passes every variable, the unset ones empty. */
		*ab_opt_field(ab, base, new, (size_t)k) = *value ? value : NULL;
	}
	rest[*nrest] = NULL;
	return 0;
}

int ab_kernels_check(const struct ab_side *base, const struct ab_side *new,
		     const char *say)
{
	const char *k[] = { base->kernel, new->kernel };
	struct stat st;
	size_t i;

	if (!k[0] || !*k[0] || !k[1] || !*k[1])
		return bad_input("%s", say);
	for (i = 0; i < ARRAY_SIZE(k); i++)
		if (stat(k[i], &st) || !S_ISREG(st.st_mode))
			return bad_input(
				"kernel %s does not exist: give the path of a bzImage (arch/x86/boot/bzImage) or, with ARCH=arm64, an Image (arch/arm64/boot/Image)",
				k[i]);
	return 0;
}

/*
 * THRESHOLD, as compare reads it (a percentage), checked before any
 * run or build: compare refused it only after every run, and a bisect
 * after building its ends.
 */
static int ab_threshold_check(const struct ab *ab)
{
	char *end;
	double t;

	if (!ab->threshold || !*ab->threshold)
		return 0;
	t = strtod(ab->threshold, &end);
	if (*end || !(t >= 0 && t <= 1e6))
		return bad_input(
			"THRESHOLD=%s is not valid: give a percentage, e.g. THRESHOLD=2",
			ab->threshold);
	return 0;
}

int ab_args_parse(struct ab *ab, int argc, char **argv, struct ab_side *base,
		  struct ab_side *new)
{
	struct run_cli c = { 0 };
	int nrest = 2, err;
	char **rest;

	rest = calloc((size_t)argc + 1, sizeof(*rest));
	if (!rest)
		return VERDICT_INFRA;
	rest[0] = argv[0];
	rest[1] = argv[1];
	options_defaults_set(&ab->opts);
	err = ab_own_take(ab, argc, argv, rest, &nrest, base, new);
	if (!err)
		err = options_args_parse(nrest, rest, &ab->opts, &c);
	free(rest);
	if (!err)
		err = ab_threshold_check(ab);
	if (err)
		return err;
	ab->max_runs = SEQ_MAX_RUNS_DEFAULT;
	if (ab->max_runs_arg &&
	    options_uint_parse("MAX_RUNS", ab->max_runs_arg, SEQ_FIRST_LOOK,
			       AB_RUNS_MAX, &ab->max_runs))
		return VERDICT_BAD_INPUT;
	ab->job = c.job;
	ab->quick = c.quick;
	ab->results = ab->opts.results;
	ab->cmdline = ab->opts.cmdline;
	if (!ab->opts.build_dir)
		return bad_input(
			"bootbench ab makes each side's image: say --build DIR (make ab gives O's build directory)");
	return 0;
}

/* Both sides' command line, then the side's own. */
static void ab_cmdline_join(const struct ab *ab, const struct ab_side *s,
			    char *buf, size_t size)
{
	const char *all = ab->cmdline ? ab->cmdline : "";
	const char *own = s->cmdline ? s->cmdline : "";

	snprintf(buf, size, "%s%s%s", all, *all && *own ? " " : "", own);
}

int ab_side_prepare(struct ab *ab, struct ab_side *s)
{
	int err;

	snprintf(s->dir, sizeof(s->dir), "%s/%s", ab->results, s->name);
	s->runs = 0;
	err = rundir_tree_remove(s->dir);
	if (!err)
		err = mkdir_p(s->dir);
	if (err) {
		fprintf(stderr, "bootbench: emptying %s: %s\n", s->dir,
			strerror(-err));
		return VERDICT_INFRA;
	}
	return image_job_build(&ab->opts, ab->job, ab->quick, s->kernel,
			       s->initrd, sizeof(s->initrd));
}

/* One boot of @s with @cmdline: the job's, or its test's, with RUNS=1. */
static int ab_side_boot(struct ab *ab, struct ab_side *s, const char *cmdline)
{
	struct run_opts o = ab->opts;

	o.kernel = s->kernel;
	o.initrd = s->initrd;
	o.results = s->dir;
	o.cmdline = cmdline;
	o.runs = 1;
	return ab->job ? cmd_job(&o, ab->job, ab->quick, NULL, 0) : cmd_run(&o);
}

/*
 * A run that hung (exit 4: the timeout or the silence watchdog) is run
 * once more, saying so: on a loaded host one stalled boot should not end
 * an hour's comparison; a kernel that hangs again ends it. The hung
 * run's directory stays on disk (runs.json lists it, the matrix not).
 */
int ab_side_run(struct ab *ab, struct ab_side *s, unsigned int i,
		unsigned int n)
{
	char cmdline[4096];
	int v;

	ab_cmdline_join(ab, s, cmdline, sizeof(cmdline));
	printf("bootbench: %s run %u of %u: %s%s%s\n", s->name, i, n, s->kernel,
	       *cmdline ? " with " : "", cmdline);
	v = ab_side_boot(ab, s, cmdline);
	if (v == VERDICT_TIMEOUT && !session_interrupted) {
		fprintf(stderr,
			"bootbench: %s run %u of %u hung (exit 4): once more\n",
			s->name, i, n);
		v = ab_side_boot(ab, s, cmdline);
	}
	if (v == VERDICT_OK) {
		s->runs++;
		return 0;
	}
	fprintf(stderr, "bootbench: %s run %u of %u: %s (exit %d): %s\n",
		s->name, i, n, verdict_name(v), v, s->dir);
	return v;
}

int ab_sides_run(struct ab *ab, struct ab_side *sides, size_t nsides,
		 unsigned int n)
{
	unsigned int i;
	size_t k;
	int v;

	for (i = 1; i <= n; i++)
		for (k = 0; k < nsides; k++) {
			if (session_interrupted)
				return VERDICT_INTERRUPTED;
			v = ab_side_run(ab, &sides[k], i, n);
			if (v)
				return v;
		}
	return 0;
}

/* The threshold that bounds "no change" for RUNS=auto, in %. */
static double ab_threshold(const struct ab *ab)
{
	char *end;
	double t = ab->threshold ? strtod(ab->threshold, &end) : NAN;

	return ab->threshold && !*end && t > 0 ? t : 1;
}

/* The look after the runs so far; its line said. */
static int ab_look_take(struct ab *ab, struct ab_side *sides,
			const struct seq_plan *p, struct seq_look *l)
{
	static double a[AB_RUNS_MAX], b[AB_RUNS_MAX];
	char line[256];
	size_t na, nb;
	int err;

	err = ab_side_values(ab, &sides[0], NULL, a, AB_RUNS_MAX, &na);
	if (!err)
		err = ab_side_values(ab, &sides[1], NULL, b, AB_RUNS_MAX, &nb);
	if (!err)
		err = seq_look_take(p, a, b, na < nb ? na : nb, l);
	if (err) {
		fprintf(stderr,
			"bootbench: RUNS=auto: the runs' values of %s: %s\n",
			ab->metric ? ab->metric : "the headline",
			strerror(-err));
		return VERDICT_INFRA;
	}
	seq_look_describe(l, line, sizeof(line));
	printf("bootbench: auto: %s\n", line);
	return 0;
}

int ab_sides_auto(struct ab *ab, struct ab_side *sides, struct seq_look *l)
{
	struct seq_plan p = { AB_AUTO_ALPHA, ab->max_runs, ab_threshold(ab) };
	unsigned int i;
	size_t k;
	int v;

	*l = (struct seq_look){ .state = SEQ_CONTINUE };
	/* One deterministic run repeats to its noise floor (compare's). */
	if (ab->opts.deterministic) {
		printf("bootbench: auto: TIMING=deterministic repeats a run to 0.002%%: 1 run a side\n");
		return ab_sides_run(ab, sides, 2, 1);
	}
	for (i = 1; i <= p.max_runs && l->state == SEQ_CONTINUE; i++) {
		for (k = 0; k < 2; k++) {
			if (session_interrupted)
				return VERDICT_INTERRUPTED;
			v = ab_side_run(ab, &sides[k], i, p.max_runs);
			if (v)
				return v;
		}
		v = i >= 2 ? ab_look_take(ab, sides, &p, l) : 0;
		if (v)
			return v;
	}
	return 0;
}

/*
 * The kernel directory under @dir (<test>/<params>/<release>, @depth
 * levels down) that holds a matrix.json, into @out: 0 or -ENOENT.
 */
static int ab_kernel_dir_find(const char *dir, int depth, char *out,
			      size_t size)
{
	char path[PATH_MAX];
	struct dirent *de;
	int err = -ENOENT;
	DIR *d;

	snprintf(path, sizeof(path), "%s/matrix.json", dir);
	if (!access(path, R_OK)) {
		snprintf(out, size, "%s", dir);
		return 0;
	}
	if (!depth || !(d = opendir(dir)))
		return -ENOENT;
	while (err && (de = readdir(d))) {
		if (de->d_name[0] == '.' || de->d_type != DT_DIR)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		err = ab_kernel_dir_find(path, depth - 1, out, size);
	}
	closedir(d);
	return err;
}

/* @s's kernel directory: <test>/<params>/<release> under its dir. */
static int ab_side_kernel_dir(const struct ab_side *s, char *out, size_t size)
{
	return ab_kernel_dir_find(s->dir, 3, out, size);
}

/* A JSON file of @dir, parsed: 0 or -errno. */
static int ab_json_load(const char *dir, const char *name,
			struct json_value **v)
{
	char path[PATH_MAX + 32], err[128];
	size_t len;
	char *text;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = file_read_all(path, &len);
	if (!text)
		return -errno;
	ret = json_parse(text, len, v, err, sizeof(err)) ? -EINVAL : 0;
	free(text);
	return ret;
}

/* The headline metric the first ok run of @kdir recorded, into @out. */
static int ab_headline_read(const char *kdir, char *out, size_t size)
{
	const struct json_value *h;
	unsigned int *ids = NULL, n;
	struct json_value *job;
	char run[PATH_MAX];
	int err;

	err = rundir_runs_list(kdir, &ids, &n);
	if (!err && !n)
		err = -ENOENT;
	if (err)
		goto out;
	snprintf(run, sizeof(run), "%.4000s/%u", kdir, ids[0]);
	err = ab_json_load(run, "job.json", &job);
	if (err)
		goto out;
	h = json_member(job, "headline");
	if (h && h->type == JSON_STRING)
		snprintf(out, size, "%s", h->string);
	else
		err = -ENOENT;
	json_value_free(job);
out:
	free(ids);
	return err;
}

int ab_side_values(const struct ab *ab, const struct ab_side *s,
		   const char *metric, double *v, size_t max, size_t *n)
{
	char kdir[PATH_MAX], headline[256];
	const struct json_value *m, *e;
	struct json_value *matrix;
	int err;

	*n = 0;
	if (!metric)
		metric = ab->metric;
	err = ab_side_kernel_dir(s, kdir, sizeof(kdir));
	if (!err && !metric) {
		err = ab_headline_read(kdir, headline, sizeof(headline));
		metric = headline;
	}
	if (!err)
		err = ab_json_load(kdir, "matrix.json", &matrix);
	if (err)
		return err;
	m = json_member(matrix, metric);
	if (!m || m->type != JSON_ARRAY)
		err = -ENOENT;
	for (e = m && !err ? m->child : NULL; e && *n < max; e = e->next)
		if (e->type == JSON_NUMBER)
			v[(*n)++] = e->number;
	json_value_free(matrix);
	return err ? err : *n ? 0 : -ENOENT;
}

int ab_compare(const struct ab *ab, const struct ab_side *base,
	       const struct ab_side *new, const char *expect)
{
	char bdir[PATH_MAX], ndir[PATH_MAX], *argv[12];
	int argc = 0;

	const struct ab_side *none =
		ab_side_kernel_dir(base, bdir, sizeof(bdir)) ? base :
		ab_side_kernel_dir(new, ndir, sizeof(ndir))  ? new :
							       NULL;

	if (none) {
		fprintf(stderr,
			"bootbench: no results under %s: the runs above say why\n",
			none->dir);
		return VERDICT_TIMEOUT;
	}
	argv[argc++] = "bootbench-compare";
	argv[argc++] = "--no-plot";
	if (ab->threshold && *ab->threshold) {
		argv[argc++] = "--threshold";
		argv[argc++] = (char *)ab->threshold;
	}
	if (ab->metric && *ab->metric) {
		argv[argc++] = "--metric";
		argv[argc++] = (char *)ab->metric;
	}
	if (expect) {
		argv[argc++] = "--expect";
		argv[argc++] = (char *)expect;
	}
	argv[argc++] = bdir;
	argv[argc++] = ndir;
	argv[argc] = NULL;
	fflush(stdout);
	return cmp_main(argc, argv);
}

static void ab_auto_verdict_print(const struct seq_look *l)
{
	char line[256];

	seq_look_describe(l, line, sizeof(line));
	printf("auto: %s (%zu runs a side; under RUNS=auto this line decides: compare's p above is a fixed-run test's, which stopping at will does not keep)\n",
	       line, l->n);
}

int ab_sides_judge(struct ab *ab, struct ab_side *sides, const char *expect)
{
	struct seq_look look;
	size_t i;
	int err = 0;

	for (i = 0; i < 2 && !err; i++)
		err = ab_side_prepare(ab, &sides[i]);
	if (!err && ab->runs_auto)
		err = ab_sides_auto(ab, sides, &look);
	else if (!err)
		err = ab_sides_run(ab, sides, 2, ab->opts.runs);
	if (err)
		return err;
	err = ab_compare(ab, &sides[0], &sides[1], expect);
	if (ab->runs_auto && !ab->opts.deterministic)
		ab_auto_verdict_print(&look);
	/* Any verdict is an answer; only a failure to compare is an error. */
	return err == 0 || err == 1 || err == 3 ? 0 : err;
}

int cmd_ab(int argc, char **argv)
{
	struct ab_side sides[2] = { { .name = "base" }, { .name = "new" } };
	struct ab ab = { 0 };
	int err;

	err = ab_args_parse(&ab, argc, argv, &sides[0], &sides[1]);
	if (!err)
		err = ab_kernels_check(
			&sides[0], &sides[1],
			"say BASE_KERNEL=<the old kernel's bzImage> NEW_KERNEL=<the new one's> (the same one twice with BASE_CMDLINE= or NEW_CMDLINE=)");
	if (err)
		return err;
	progress_init(ab.opts.quiet);
	return ab_sides_judge(&ab, sides, NULL);
}
