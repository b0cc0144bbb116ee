/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_STREAM_H
#define BOOTBENCH_STREAM_H

#include <stdio.h>

#include "lib/nameidx.h"
#include "proto/json_parse.h"

/*
 * The results stream from the guest (docs/protocol.md), read as it
 * arrives. Every line is validated; valid records are kept verbatim in
 * samples.jsonl, invalid ones are counted and described, never fatal.
 * Memory is bounded: a line longer than STREAM_LINE_MAX is dropped.
 */
#define STREAM_LINE_MAX (1 << 20)
#define STREAM_ERRORS_SHOWN 10
/*
 * A guest cannot fill the disk or the memory: records beyond
 * STREAM_RAW_MAX bytes are dropped (the run says truncated), and a run
 * holds at most STREAM_METRICS_MAX distinct metrics (docs/protocol.md).
 */
#define STREAM_RAW_MAX (64UL << 20)
#define STREAM_METRICS_MAX 262144
/*
 * A sample is one (test, iteration) of hello's tests and iterations,
 * once: completeness counts those pairs. Iterations are numbered from 1
 * to at most STREAM_ITERATIONS_MAX (proto/jobkeys.def's iterations).
 */
#define STREAM_ITERATIONS_MAX 10000

/*
 * How one run's value of a metric comes from its iterations, by LKP's
 * rules: counters of independent intervals add up, snapshots keep the
 * last, everything else (the benchmarks' own numbers) is averaged.
 */
enum metric_agg {
	METRIC_MEAN,
	METRIC_SUM,
	METRIC_LAST,
};

struct stream_metric {
	char *name;
	enum metric_agg agg;
	double sum;
	double *values;
	unsigned int n, cap;
};

struct stream_events {
	void (*hello)(void *ctx, const struct json_value *rec);
	void (*log)(void *ctx, const char *kind, const char *msg);
	void (*sample)(void *ctx, const struct json_value *rec);
	void *ctx;
};

struct stream {
	char *line;
	size_t len;
	int overlong;
	unsigned long lineno;
	FILE *raw;
	struct stream_events ev;
	int have_hello, have_done;
	/* Guest uptimes, for the boot's breakdown (NAN until seen). */
	double hello_uptime, init_start_uptime, done_uptime;
	unsigned int samples, samples_failed;
	unsigned int errors;
	char first_error[320];
	char *release;
	char machine[32]; /* hello's uname -m ("aarch64"), "" when it has none */
	char *guest_error; /* an init "error" record's message */
	struct stream_metric *metrics;
	size_t nmetrics, metrics_cap;
	struct nameidx index; /* metric name -> metrics[] */
	unsigned long raw_bytes; /* records taken, in bytes */
	int truncated; /* records dropped past STREAM_RAW_MAX */
	int metrics_full; /* a metric dropped past STREAM_METRICS_MAX */
	/* What hello and done announced, to hold the samples against. */
	double announced_iterations, done_iterations;
	unsigned int ntests;
	char *tests; /* the job's test list, from hello */
	int qualify; /* several tests: name metrics <test>.<metric> */
	/* (test, iteration) pairs seen: a bit each, ntests x iterations. */
	unsigned char *seen;
};

void stream_init(struct stream *s, FILE *raw, const struct stream_events *ev);
int stream_feed(struct stream *s, const char *buf, size_t n);
int stream_finish(struct stream *s);
void stream_free(struct stream *s);
/* stream-metrics.c: the metrics taken so far, their value, their names. */
int stream_metric_add(struct stream *s, const char *name, double v);
enum metric_agg metric_agg_of(const char *name);
double stream_metric_value(const struct stream_metric *m);
/* A metric's name in stats.json: qualified by its test when several ran. */
void stream_metric_qualify(const struct stream *st, const char *test,
			   const char *metric, char *buf, size_t size);
const struct stream_metric *stream_metric_find(const struct stream *s,
					       const char *name);
void stream_metrics_free(struct stream *s);

#endif
