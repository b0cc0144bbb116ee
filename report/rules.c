// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lib/metrics.h"
#include "proto/families.h"
#include "rules.h"
#include "stats.h"
#include "shared/util.h"

/* LKP's cap on a ratio, so a metric that was 0 sorts sensibly. */
#define RULES_RATIO_MAX 5.0

/*
 * The family of a metric (proto/families.def), also when a job of several
 * tests prefixed it: LKP's smallest change taken seriously in each
 * (reasonable_perf_change?), as counters that move by thousands between
 * identical runs are not news when they move by a few more.
 */
static const struct proto_family *rules_family_find(const char *name)
{
	const struct proto_family *f = proto_family_of(name);
	const char *s;

	for (s = strchr(name, '.'); !f && s; s = strchr(s + 1, '.'))
		f = proto_family_of(s + 1);
	return f;
}

enum rules_kind rules_kind_get(const char *name)
{
	const struct proto_family *f = rules_family_find(name);

	return f && f->failure ? RULES_FAILURE : RULES_PERF;
}

int rules_is_benchmark_metric(const char *name)
{
	return !rules_family_find(name);
}

static int rules_name_ends(const char *name, const char *tail)
{
	size_t n = strlen(name), t = strlen(tail);

	return n >= t && !strcmp(name + n - t, tail) &&
	       (n == t || name[n - t - 1] == '.');
}

/*
 * Which way is better, guessed from the words of the name of a metric no
 * descriptor declares: a mail's, of a benchmark bootbench does not have
 * (reproduce/). The first row that matches wins (ops_per_sec is a rate,
 * not a "_sec" total).
 */
enum rules_match {
	RULES_CONTAINS, /* anywhere in the name */
	RULES_ENDS, /* the name ends with it */
	RULES_LAST_WORD, /* the name's last word, after '.' or '_' */
};

static const struct {
	const char *word;
	enum rules_match how;
	enum rules_direction better;
} rules_words[] = {
	{ "latency", RULES_CONTAINS, RULES_LOWER },
	/* fio's completion and submission latencies */
	{ "_clat_", RULES_CONTAINS, RULES_LOWER },
	{ "_slat_", RULES_CONTAINS, RULES_LOWER },
	{ "per_sec", RULES_CONTAINS, RULES_HIGHER },
	{ "_per_op", RULES_CONTAINS, RULES_LOWER },
	{ "_sec", RULES_ENDS, RULES_LOWER },
	{ "time", RULES_LAST_WORD, RULES_LOWER },
	{ "throughput", RULES_CONTAINS, RULES_HIGHER },
	{ "score", RULES_CONTAINS, RULES_HIGHER },
	{ "workload", RULES_CONTAINS, RULES_HIGHER },
	{ "MB/sec", RULES_CONTAINS, RULES_HIGHER },
	/* will-it-scale.per_process_ops, perf-bench-futex.ops/s */
	{ "_ops", RULES_ENDS, RULES_HIGHER },
	{ "ops/s", RULES_ENDS, RULES_HIGHER },
	/* fio.read_iops, fio.write_bw_MBps */
	{ "_iops", RULES_ENDS, RULES_HIGHER },
	{ "_MBps", RULES_ENDS, RULES_HIGHER },
};

static int rules_word_matches(const char *name, const char *w,
			      enum rules_match how)
{
	size_t n = strlen(name), k = strlen(w);

	if (how == RULES_CONTAINS)
		return strstr(name, w) != NULL;
	if (n < k || strcmp(name + n - k, w))
		return 0;
	return how == RULES_ENDS || n == k || strchr("._", name[n - k - 1]);
}

static enum rules_direction rules_declared(const struct metric_desc *m)
{
	return m->better == METRIC_HIGHER ? RULES_HIGHER :
	       m->better == METRIC_LOWER  ? RULES_LOWER :
					    RULES_NONE;
}

enum rules_direction rules_name_direction(const char *name)
{
	const struct metric_desc *m = metric_lkp_find(name);
	size_t i;

	if (m)
		return rules_declared(m);
	for (i = 0; i < ARRAY_SIZE(rules_words); i++)
		if (rules_word_matches(name, rules_words[i].word,
				       rules_words[i].how))
			return rules_words[i].better;
	return RULES_NONE;
}

enum rules_direction rules_direction_get(const char *name, const char *headline,
					 int headline_higher)
{
	if (headline && *headline && rules_name_ends(name, headline))
		return headline_higher ? RULES_HIGHER : RULES_LOWER;
	if (rules_kind_get(name) == RULES_FAILURE)
		return RULES_LOWER;
	if (!rules_is_benchmark_metric(name) || !metric_find(name))
		return RULES_NONE;
	return rules_declared(metric_find(name));
}

struct rules_side {
	double *v;
	size_t n;
	double min, median, max;
};

/* LKP's sort_remove_margin: trim n >> 5 from each end, at most @cap. */
static int rules_side_get(const double *v, size_t n, size_t cap,
			  struct rules_side *s)
{
	size_t margin = n >> 5;

	if (margin > cap)
		margin = cap;
	s->v = malloc((n ? n : 1) * sizeof(*s->v));
	if (!s->v)
		return -1;
	memcpy(s->v, v, n * sizeof(*v));
	qsort(s->v, n, sizeof(*s->v), stats_double_cmp);
	s->n = n - 2 * margin;
	if (!s->n)
		return -1;
	s->min = s->v[margin];
	s->median = s->v[margin + s->n / 2];
	s->max = s->v[margin + s->n - 1];
	return 0;
}

static void rules_perf_check(const char *name, const double *a, size_t na,
			     const double *b, size_t nb, size_t min_runs,
			     struct rules_verdict *v)
{
	const struct proto_family *f = rules_family_find(name);
	struct rules_side sa = { 0 }, sb = { 0 };
	const struct rules_side *hi, *lo;
	double max, delta;

	if (na < min_runs && nb < min_runs) {
		v->why = "fewer than 3 runs on both sides";
		return;
	}
	/* The base usually has more runs; a side of 3 or fewer keeps all. */
	if (rules_side_get(a, na, 3, &sa) ||
	    rules_side_get(b, nb, nb <= 3 ? 1 : 3, &sb)) {
		v->why = "no samples";
		goto out;
	}
	if (!((sb.min > sa.median && sb.median > sa.max) ||
	      (sa.min > sb.median && sa.median > sb.max))) {
		v->why = "the ranges of the runs overlap";
		goto out;
	}
	hi = sb.median > sa.median ? &sb : &sa;
	lo = hi == &sb ? &sa : &sb;
	v->ratio = lo->median > 0 ? hi->median / lo->median : RULES_RATIO_MAX;
	if (v->ratio > RULES_RATIO_MAX)
		v->ratio = RULES_RATIO_MAX;
	max = sa.max > sb.max ? sa.max : sb.max;
	delta = hi->median - lo->median;
	if (v->ratio <= 1.01) {
		v->why = "the medians differ by 1% or less";
	} else if (v->ratio <= 1.05 && !rules_is_benchmark_metric(name)) {
		v->why = "a monitor's medians differ by 5% or less";
	} else if (f && (max <= f->max_above || delta <= f->delta_above) &&
		   (f->max_above || f->delta_above)) {
		v->why = "the change is below the family's minimum";
	} else {
		v->changed = 1;
	}
out:
	free(sa.v);
	free(sb.v);
}

static int rules_any_positive(const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] > 0)
			return 1;
	return 0;
}

void rules_change_check(const char *name, const double *a, size_t na,
			const double *b, size_t nb, size_t min_runs,
			struct rules_verdict *v)
{
	memset(v, 0, sizeof(*v));
	if (rules_kind_get(name) == RULES_FAILURE) {
		/* An error seen on one side only is news; LKP's a.max != b.max. */
		v->changed = rules_any_positive(a, na) !=
			     rules_any_positive(b, nb);
		v->ratio = RULES_RATIO_MAX;
		if (!v->changed)
			v->why = "seen on both sides or on neither";
		return;
	}
	rules_perf_check(name, a, na, b, nb, min_runs, v);
}
