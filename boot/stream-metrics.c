// SPDX-License-Identifier: GPL-2.0
/*
 * The run's metrics as the stream's samples bring them: each name's
 * values, found by name (lib/nameidx.h), and one value a run made of
 * them by its family's aggregation (proto/families.def).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/families.h"
#include "stream.h"

static const char *stream_metric_name(const void *ctx, size_t i)
{
	return ((const struct stream *)ctx)->metrics[i].name;
}

static struct stream_metric *stream_metric_new(struct stream *s,
					       const char *name)
{
	struct stream_metric *m;

	if (s->nmetrics == s->metrics_cap) {
		size_t cap = s->metrics_cap ? 2 * s->metrics_cap : 64;

		m = realloc(s->metrics, cap * sizeof(*m));
		if (!m)
			return NULL;
		s->metrics = m;
		s->metrics_cap = cap;
	}
	m = &s->metrics[s->nmetrics];
	memset(m, 0, sizeof(*m));
	m->name = strdup(name);
	if (!m->name)
		return NULL;
	/* Qualified names (<test>.<metric>) are judged by the metric. */
	m->agg = metric_agg_of(
		s->qualify && strchr(name, '.') ? strchr(name, '.') + 1 : name);
	if (!s->index.name_of)
		nameidx_init(&s->index, stream_metric_name, s);
	if (nameidx_add(&s->index, name, s->nmetrics)) {
		free(m->name);
		return NULL;
	}
	s->nmetrics++;
	return m;
}

int stream_metric_add(struct stream *s, const char *name, double v)
{
	struct stream_metric *m =
		(struct stream_metric *)stream_metric_find(s, name);
	double *values;

	if (!m && s->nmetrics >= STREAM_METRICS_MAX)
		return -E2BIG;
	if (!m)
		m = stream_metric_new(s, name);
	if (!m)
		return -ENOMEM;
	if (m->n == m->cap) {
		unsigned int cap = m->cap ? 2 * m->cap : 4;

		values = realloc(m->values, cap * sizeof(*values));
		if (!values)
			return -ENOMEM;
		m->values = values;
		m->cap = cap;
	}
	m->values[m->n++] = v;
	m->sum += v;
	return 0;
}

/* How one run's iterations make a metric's value: proto/families.def. */
enum metric_agg metric_agg_of(const char *name)
{
	const struct proto_family *f = proto_family_of(name);

	if (!f || f->agg == PROTO_AGG_MEAN)
		return METRIC_MEAN;
	return f->agg == PROTO_AGG_SUM ? METRIC_SUM : METRIC_LAST;
}

double stream_metric_value(const struct stream_metric *m)
{
	if (!m->n)
		return 0;
	switch (m->agg) {
	case METRIC_SUM:
		return m->sum;
	case METRIC_LAST:
		return m->values[m->n - 1];
	default:
		return m->sum / m->n;
	}
}

const struct stream_metric *stream_metric_find(const struct stream *s,
					       const char *name)
{
	long i = s->index.name_of ? nameidx_find(&s->index, name) : -1;

	return i < 0 ? NULL : &s->metrics[i];
}

/* A metric's name in stats.json: qualified by its test when several ran. */
void stream_metric_qualify(const struct stream *st, const char *test,
			   const char *metric, char *buf, size_t size)
{
	if (st->qualify)
		snprintf(buf, size, "%s.%s", test, metric);
	else
		snprintf(buf, size, "%s", metric);
}

/* The metrics' names, values and index; the stream's own is stream_free's. */
void stream_metrics_free(struct stream *s)
{
	size_t i;

	for (i = 0; i < s->nmetrics; i++) {
		free(s->metrics[i].name);
		free(s->metrics[i].values);
	}
	free(s->metrics);
	nameidx_free(&s->index);
}
