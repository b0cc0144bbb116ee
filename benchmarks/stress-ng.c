// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng as LKP runs it, with Debian's build from the image's layer:
 *
 *   stress-ng --timeout TESTTIME --times --verify --metrics
 *             --no-rand-seed --STRESSOR NR_THREADS [--pathological |
 *             --oom-avoid, for the stressors LKP adds them to]
 *
 * (lkp-tests programs/stress-ng/run), in /tmp (as uid 65534 for the
 * stressors LKP runs as its own user: exec, spawn, bad-ioctl), and its
 * metrics table
 * read as LKP's parser reads it: after the "(secs) (secs) (secs)"
 * header, a row of 10 or 12 fields is "stress-ng: metrc: [pid]
 * stressor bogo-ops real-time usr-time sys-time ops/s-real ...":
 *   stress-ng.<stressor>.ops          bogo ops
 *   stress-ng.<stressor>.ops_per_sec  bogo ops per second of real time
 *   stress-ng.<stressor>.pass / .fail 1 (fail: zero bogo ops)
 * and its "miscellaneous metrics" rows, each by its own words
 * (stress-ng.clone.microsecs_per_clone, .vm-splice_calls_per_sec),
 * until "run time:". A stressor that did no work fails the iteration.
 *
 * Each stressor runs on its build (stress-ng.def's fourth field: the
 * oldest Debian build that has it): bookworm's at the image's root, or
 * trixie's from its layer under /opt/debian/trixie with trixie's own
 * libc and loader. Which ran is said on its progress line, and
 * job.json's packages name the layers the image had (boot/imageplan.c
 * gives a job the builds of its stressors only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "params.h"
#include "shared/util.h"

#define STRESSNG_BIN "/usr/bin/stress-ng"
#define STRESSNG_RELEASES "/opt/debian/" /* another release's layer */
#define STRESSNG_NO_RESOURCE 3 /* its EXIT_NO_RESOURCE */

struct stressng_out {
	const char *stressor;
	int in_table; /* between the header and "run time:" */
	int rows; /* rows of our stressor */
	double ops;
};

/* One row of the metrics table, LKP's stat_major_metrics(). */
static void stressng_row(struct stressng_out *o, char *line)
{
	char *f[13], *save = NULL, name[160];
	int n = 0;

	for (f[n] = strtok_r(line, " \t", &save); f[n] && n < 12;
	     f[n] = strtok_r(NULL, " \t", &save))
		n++;
	if ((n != 10 && n != 12) || strcmp(f[3], o->stressor))
		return;
	o->rows++;
	o->ops = strtod(f[4], NULL);
	if (!strcmp(f[4], "0")) {
		snprintf(name, sizeof(name), "stress-ng.%s.fail", f[3]);
		harness_metric(name, 1);
		return;
	}
	snprintf(name, sizeof(name), "stress-ng.%s.pass", f[3]);
	harness_metric(name, 1);
	snprintf(name, sizeof(name), "stress-ng.%s.ops", f[3]);
	harness_metric(name, o->ops);
	snprintf(name, sizeof(name), "stress-ng.%s.ops_per_sec", f[3]);
	harness_metric(name, strtod(f[8], NULL));
}

/*
 * Where a "miscellaneous metrics" row's aggregate begins ("(geometic
 * mean of 2 instances)"), or NULL if the line is no such row.
 */
static const char *stressng_misc(const char *line)
{
	static const char *const kinds[] = {
		"(average",	  "(geometric mean", "(geometic mean",
		"(harmonic mean", "(total",	     "(maximum",
		"(minimum"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (strstr(line, kinds[i]))
			return strstr(line, kinds[i]);
	return NULL;
}

/*
 * A miscellaneous row of our stressor, "stress-ng: metrc: [pid] clone
 * 19358.24 microsecs per clone (geometic mean of 2 instances)", is the
 * metric LKP's reports name stress-ng.clone.microsecs_per_clone: the
 * words before the aggregate joined by '_' (parentheses dropped:
 * "context switch (pipe method)" is context_switch_pipe_method).
 */
static void stressng_misc_row(const struct stressng_out *o, const char *line,
			      const char *agg)
{
	char stressor[64], value[32], name[256];
	size_t n = 0;
	int desc;
	const char *p;

	if (sscanf(line, "stress-ng: %*s [%*[0-9]] %63s %31s %n", stressor,
		   value, &desc) != 2 ||
	    strcmp(stressor, o->stressor) || line + desc >= agg)
		return;
	n = snprintf(name, sizeof(name), "stress-ng.%s.", stressor);
	for (p = line + desc; p < agg && n < sizeof(name) - 1; p++) {
		if (*p == '(' || *p == ')')
			continue;
		name[n++] = *p == ' ' ? '_' : *p;
	}
	while (n && name[n - 1] == '_')
		n--;
	name[n] = '\0';
	harness_metric(name, strtod(value, NULL));
}

static void stressng_line(const char *line, void *ctx)
{
	struct stressng_out *o = ctx;
	char *copy;

	if (strstr(line, "run time:")) {
		o->in_table = 0;
		return;
	}
	if (strstr(line, "(secs)") && strstr(line, "(real time)")) {
		o->in_table = 1;
		return;
	}
	if (!o->in_table || !strncmp(line, "stress-ng: fail:", 16) ||
	    !strncmp(line, "stress-ng: warn:", 16))
		return;
	if (stressng_misc(line)) {
		stressng_misc_row(o, line, stressng_misc(line));
		return;
	}
	copy = strdup(line);
	if (copy)
		stressng_row(o, copy);
	free(copy);
}

/* The iteration's verdict on stress-ng's exit @status, its table read. */
static int stressng_status(const char *stressor, const struct stressng_out *o,
			   int status)
{
	if (!o->rows || o->ops <= 0) {
		fprintf(stderr,
			"stress-ng: %s did no work (no row or zero bogo ops; stress-ng exited %d)\n",
			stressor, status);
		return 1;
	}
	/*
	 * 3 is stress-ng's "no resource": an instance skipped (two uprobe
	 * instances contend for tracefs' uprobe_events, EBUSY) while the
	 * others ran and counted, as on LKP's boxes, whose reports have
	 * the rows: they stand, and it is said.
	 */
	if (status == STRESSNG_NO_RESOURCE) {
		fprintf(stderr,
			"stress-ng: %s: exited %d (an instance had no resource, its lines above say which) after its metrics: the rows of those that ran stand\n",
			stressor, status);
		return 0;
	}
	if (status)
		fprintf(stderr, "stress-ng: %s: exited %d after its metrics\n",
			stressor, status);
	return status ? 1 : 0;
}

/* One stressor: LKP's command line, its table read into metrics. */
static int stressng_one(const char *stressor, unsigned int threads,
			unsigned int testtime)
{
	char opt[96], nthreads[16], timeout[16];
	const char *extra = param_stressor_option(stressor);
	char *cmd[] = {
		STRESSNG_BIN, "--timeout",	timeout, "--times", "--verify",
		"--metrics",  "--no-rand-seed", opt,	 nthreads,  NULL,
		NULL
	};
	const struct stressng_build *b = param_stressor_build(stressor);
	struct stressng_out o = { 0 };
	char tree[64] = "";
	int status;

	if (!b)
		return 1;
	if (*b->release)
		snprintf(tree, sizeof(tree), STRESSNG_RELEASES "%s",
			 b->release);
	snprintf(opt, sizeof(opt), "--%s", stressor);
	snprintf(nthreads, sizeof(nthreads), "%u", threads);
	snprintf(timeout, sizeof(timeout), "%u", testtime);
	if (*extra)
		cmd[9] = (char *)extra;
	o.stressor = stressor;
	printf("progress stress-ng %s (%s%s) --%s %u for %u s\n", b->version,
	       tree, STRESSNG_BIN, stressor, threads, testtime);
	/* LKP runs these as its own user: stress-ng refuses them as root. */
	status = external_run_in(tree, cmd, harness_tmpdir(),
				 param_stressor_unprivileged(stressor) ? 65534 :
									 -1,
				 stressng_line, &o);
	if (status < 0) {
		fprintf(stderr,
			"stress-ng: cannot run %s%s (build %s, layer %s): %s\n",
			tree, STRESSNG_BIN, b->version, b->layer,
			strerror(-status));
		return 1;
	}
	return stressng_status(stressor, &o, status);
}

/* STRESSOR is one stressor, as LKP's jobs, or a comma list run in turn. */
static int stressng_run(int argc, char **argv)
{
	unsigned int threads = 0, testtime = 10;
	const char *stressor = "msg";
	const struct harness_param params[] = {
		{ "stressor", NULL, &stressor },
		{ "nr_threads", &threads, NULL },
		{ "testtime", &testtime, NULL },
	};
	char why[256], *list, *name, *save = NULL;
	int failed = 0;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (param_stressor_why(stressor, why, sizeof(why))) {
		fprintf(stderr, "stress-ng: %s\n", why);
		return 2;
	}
	/* LKP's default is 100% of the CPUs. */
	if (!threads)
		threads = sysconf(_SC_NPROCESSORS_ONLN);
	list = strdup(stressor);
	if (!list)
		return 1;
	for (name = strtok_r(list, ",", &save); name;
	     name = strtok_r(NULL, ",", &save))
		failed |= stressng_one(name, threads, testtime);
	free(list);
	return failed;
}

const struct bench bench = {
	.name = "stress-ng",
	.title = "stress-ng",
	.run = stressng_run,
};
