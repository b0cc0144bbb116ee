// SPDX-License-Identifier: GPL-2.0
/*
 * rt-tests' cyclictest (Debian's build, from the image's layer) as LKP's
 * cyclictest runs it, its options the job's:
 *
 *   cyclictest -p PRIORITY -m -c CLOCK -i INTERVAL -h HISTOGRAM -q
 *              -l LOOPS [-D RUNTIME] [-t NR_THREADS]
 *
 * Its threads sleep INTERVAL us on absolute timers and measure how late
 * they woke. With -h and -q it prints, on exit, the histogram and then
 * its summary, one number a thread:
 *
 *   # Total: 000001999
 *   # Min Latencies: 00014
 *   # Avg Latencies: 00021
 *   # Max Latencies: 00700
 *   # Histogram Overflows: 00001
 *
 * read into LKP's names over all the threads: cyclictest.min_latencies
 * (the least), avg_latencies (the threads' averages weighted by their
 * samples), max_latencies (the most), histogram_overflows (the samples
 * above the histogram) and total (those in it: a thread's samples are
 * its total and its overflows), summed. LOOPS without RUNTIME is 50000
 * (10 s at LKP's 200 us); RUNTIME alone runs that long.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "external.h"
#include "harness.h"
#include "shared/util.h"

#define CYCLICTEST_BIN "/usr/bin/cyclictest"
#define CT_LOOPS_DEFAULT 50000

enum ct_row { CT_TOTAL, CT_MIN, CT_AVG, CT_MAX, CT_OVERFLOWS, CT_ROWS };

static const char *const ct_labels[CT_ROWS] = {
	"# Total:",	    "# Min Latencies:",	      "# Avg Latencies:",
	"# Max Latencies:", "# Histogram Overflows:",
};

/* Each summary row's numbers, one a thread. */
struct ct_out {
	unsigned int threads;
	unsigned long long *v[CT_ROWS];
	unsigned int seen[CT_ROWS];
	int bad;
};

static void ct_row_read(struct ct_out *o, enum ct_row r, const char *p)
{
	unsigned long long n;
	unsigned int i = 0;
	char *end;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		errno = 0;
		n = strtoull(p, &end, 10);
		if (end == p || errno || i == o->threads) {
			o->bad = 1;
			return;
		}
		o->v[r][i++] = n;
		p = end;
	}
	o->seen[r] = i;
}

static void ct_line(const char *line, void *ctx)
{
	struct ct_out *o = ctx;
	size_t len;
	int r;

	for (r = 0; r < CT_ROWS; r++) {
		len = strlen(ct_labels[r]);
		if (!strncmp(line, ct_labels[r], len)) {
			ct_row_read(o, r, line + len);
			return;
		}
	}
}

/* The summary over the threads, said; 0, or 1 when it is not whole. */
static int ct_report(const struct ct_out *o)
{
	unsigned long long total = 0, min = 0, max = 0, over = 0, samples;
	double weighted = 0, avg;
	unsigned int i;
	int r;

	for (r = 0; r < CT_ROWS; r++)
		if (o->bad || o->seen[r] != o->threads) {
			fprintf(stderr,
				"cyclictest: its summary line '%s' gave %u numbers for %u threads\n",
				ct_labels[r], o->seen[r], o->threads);
			return 1;
		}
	for (i = 0; i < o->threads; i++) {
		total += o->v[CT_TOTAL][i];
		over += o->v[CT_OVERFLOWS][i];
		samples = o->v[CT_TOTAL][i] + o->v[CT_OVERFLOWS][i];
		weighted += (double)o->v[CT_AVG][i] * samples;
		if (!i || o->v[CT_MIN][i] < min)
			min = o->v[CT_MIN][i];
		if (o->v[CT_MAX][i] > max)
			max = o->v[CT_MAX][i];
	}
	samples = total + over;
	avg = samples ? weighted / samples : 0;
	if (!samples || min > avg || avg > max) {
		fprintf(stderr,
			"cyclictest: %llu samples, latencies min %llu avg %.1f max %llu us: no measurement\n",
			samples, min, avg, max);
		return 1;
	}
	harness_metric("cyclictest.min_latencies", min);
	harness_metric("cyclictest.avg_latencies", avg);
	harness_metric("cyclictest.max_latencies", max);
	harness_metric("cyclictest.histogram_overflows", over);
	harness_metric("cyclictest.total", total);
	return 0;
}

static int ct_exec(char **cmd, struct ct_out *o)
{
	int status = external_run(cmd, harness_tmpdir(), -1, ct_line, o);

	if (status < 0) {
		fprintf(stderr, "cyclictest: cannot run %s: %s\n", cmd[0],
			strerror(-status));
		return 1;
	}
	if (status) {
		fprintf(stderr,
			"cyclictest: %s exited %d: see its messages above\n",
			cmd[0], status);
		return 1;
	}
	return ct_report(o);
}

/* The job's values, and cyclictest's command line made of them. */
struct ct_args {
	unsigned int prio, clk, interval, hist, loops, runtime, threads;
	char p[16], c[16], i[16], h[16], l[16], d[16], t[16];
	char *cmd[20];
};

static void ct_cmd_build(struct ct_args *a)
{
	int n = 0;

	snprintf(a->p, sizeof(a->p), "%u", a->prio);
	snprintf(a->c, sizeof(a->c), "%u", a->clk);
	snprintf(a->i, sizeof(a->i), "%u", a->interval);
	snprintf(a->h, sizeof(a->h), "%u", a->hist);
	/* -l 0 is endless: RUNTIME alone ends it. */
	snprintf(a->l, sizeof(a->l), "%u", a->loops);
	a->cmd[n++] = CYCLICTEST_BIN;
	/* LKP's options: -m locks its memory, -q prints the summary only. */
	a->cmd[n++] = "-p";
	a->cmd[n++] = a->p;
	a->cmd[n++] = "-m";
	a->cmd[n++] = "-c";
	a->cmd[n++] = a->c;
	a->cmd[n++] = "-i";
	a->cmd[n++] = a->i;
	a->cmd[n++] = "-h";
	a->cmd[n++] = a->h;
	a->cmd[n++] = "-q";
	a->cmd[n++] = "-l";
	a->cmd[n++] = a->l;
	if (a->runtime) {
		snprintf(a->d, sizeof(a->d), "%u", a->runtime);
		a->cmd[n++] = "-D";
		a->cmd[n++] = a->d;
	}
	if (a->threads) {
		snprintf(a->t, sizeof(a->t), "-t%u", a->threads);
		a->cmd[n++] = a->t;
	}
	a->cmd[n] = NULL;
}

/* A row of numbers for each of @o->threads threads. */
static int ct_out_alloc(struct ct_out *o)
{
	int r;

	for (r = 0; r < CT_ROWS; r++) {
		o->v[r] = calloc(o->threads, sizeof(*o->v[r]));
		if (!o->v[r]) {
			fprintf(stderr, "cyclictest: out of memory\n");
			return -ENOMEM;
		}
	}
	return 0;
}

static int ct_run(int argc, char **argv)
{
	struct ct_args a = { .prio = 90, .interval = 200, .hist = 100 };
	const struct harness_param params[] = {
		{ "priority", &a.prio, NULL },
		{ "clock", &a.clk, NULL },
		{ "interval", &a.interval, NULL },
		{ "histogram", &a.hist, NULL },
		{ "loops", &a.loops, NULL },
		{ "runtime", &a.runtime, NULL },
		{ "nr_threads", &a.threads, NULL },
	};
	struct ct_out o = { 0 };
	int r, ret = 1;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (!a.loops && !a.runtime)
		a.loops = CT_LOOPS_DEFAULT;
	o.threads = a.threads ? a.threads : 1;
	if (ct_out_alloc(&o))
		goto out;
	ct_cmd_build(&a);
	printf("progress cyclictest: %u thread(s) at priority %u, every %u us on clock %u, %s loops%s%s%s\n",
	       o.threads, a.prio, a.interval, a.clk, a.loops ? a.l : "endless",
	       a.runtime ? ", for " : "", a.runtime ? a.d : "",
	       a.runtime ? " s" : "");
	ret = ct_exec(a.cmd, &o);
out:
	for (r = 0; r < CT_ROWS; r++)
		free(o.v[r]);
	return ret;
}

const struct bench bench = {
	.name = "cyclictest",
	.title = "rt-tests cyclictest",
	.run = ct_run,
};
