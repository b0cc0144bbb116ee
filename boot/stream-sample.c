// SPDX-License-Identifier: GPL-2.0
/*
 * The stream's sample record (docs/protocol.md): its members, its
 * status and exit code, the names and types of its metrics, and its
 * place, one iteration of one of hello's tests seen once; a valid one's
 * metrics are added to the run's (stream-metrics.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/families.h"
#include "proto/names.h"
#include "stream.h"
#include "stream-record.h"

/* The index of @test in hello's comma list, or -1. */
static int stream_test_index(const struct stream *s, const char *test)
{
	size_t n = strlen(test);
	const char *p = s->tests;
	int i;

	for (i = 0; p; i++) {
		if (!strncmp(p, test, n) && (p[n] == ',' || !p[n]))
			return i;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return -1;
}

/*
 * A sample is one iteration of one of hello's tests, once: one that is
 * not (a test the job does not run, an iteration beyond hello's, the
 * same pair again) is an invalid record, never counted or averaged in.
 */
static int stream_sample_place(struct stream *s, const char *test,
			       double iteration)
{
	double iters = s->announced_iterations;
	int t = stream_test_index(s, test);
	size_t bit;

	if (t < 0) {
		stream_error(
			s,
			"sample record: test \"%.80s\" is not one of the job's tests (%.80s)",
			test, s->tests);
		return -EINVAL;
	}
	if (!(iteration >= 1 && iteration <= iters &&
	      iteration <= STREAM_ITERATIONS_MAX) ||
	    iteration != (unsigned int)iteration) {
		stream_error(
			s,
			"sample record: iteration %g of %.80s is not one of 1 to %g",
			iteration, test, iters);
		return -EINVAL;
	}
	if (iters > STREAM_ITERATIONS_MAX)
		iters = STREAM_ITERATIONS_MAX;
	if (!s->seen)
		s->seen = calloc((s->ntests * (size_t)iters + 7) / 8, 1);
	if (!s->seen)
		return -ENOMEM;
	bit = (size_t)t * (size_t)iters + (size_t)iteration - 1;
	if (s->seen[bit / 8] & (1 << bit % 8)) {
		stream_error(
			s, "sample record: iteration %g of %.80s a second time",
			iteration, test);
		return -EINVAL;
	}
	s->seen[bit / 8] |= 1 << bit % 8;
	return 0;
}

/*
 * A sample's exit code is a process's: 0 to 255 (128+N for signal N),
 * and an ok iteration's is 0. A contradiction is an invalid record,
 * never taken at face value.
 */
static int stream_exit_code_check(struct stream *s, const char *status,
				  double code)
{
	if (!(code >= 0 && code <= 255) || code != (int)code) {
		stream_error(
			s,
			"sample record: exit_code %g is not one of 0 to 255 (128+N for signal N)",
			code);
		return -EINVAL;
	}
	if (!strcmp(status, "ok") && code) {
		stream_error(
			s,
			"sample record: status ok with exit_code %g: an iteration that exits non-zero is failed",
			code);
		return -EINVAL;
	}
	return 0;
}

/* The sample's members and their types, its status, test and exit code. */
static int stream_sample_fields_check(struct stream *s,
				      const struct json_value *rec)
{
	const struct json_value *status, *test;
	const char *why;

	if (!(test = stream_field(s, rec, "sample", "test", JSON_STRING)) ||
	    !stream_field(s, rec, "sample", "iteration", JSON_NUMBER) ||
	    !(status = stream_field(s, rec, "sample", "status", JSON_STRING)) ||
	    !stream_field(s, rec, "sample", "exit_code", JSON_NUMBER) ||
	    !stream_field(s, rec, "sample", "metrics", JSON_OBJECT))
		return -EINVAL;
	if (strcmp(status->string, "ok") && strcmp(status->string, "failed") &&
	    strcmp(status->string, "timeout")) {
		stream_error(s, "sample record: unknown status \"%.40s\"",
			     status->string);
		return -EINVAL;
	}
	if ((why = names_check(test->string)))
		return stream_name_refuse(s, "sample record: test",
					  test->string, why);
	return stream_exit_code_check(s, status->string,
				      json_member(rec, "exit_code")->number);
}

/* Every metric a number under a name of proto/names.h's rule. */
static int stream_sample_metrics_check(struct stream *s,
				       const struct json_value *metrics)
{
	const struct json_value *m;
	const char *why;

	for (m = metrics->child; m; m = m->next) {
		if ((why = names_metric_check(m->key)))
			return stream_name_refuse(s, "sample record: metric",
						  m->key, why);
		if (m->type != JSON_NUMBER) {
			stream_error(
				s,
				"sample record: metric \"%.80s\" is a %s, not a number",
				m->key, json_type_name(m->type));
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Only measured iterations make the run's numbers, but a kernel error
 * counts wherever it happened.
 */
static int stream_sample_metrics_add(struct stream *s, const char *test,
				     const struct json_value *metrics, int ok)
{
	char name[NAMES_QUALIFIED_MAX];
	const struct json_value *m;
	int err;

	for (m = metrics->child; m; m = m->next) {
		const struct proto_family *f = proto_family_of(m->key);

		if (!ok && !(f && f->failure))
			continue;
		if (s->qualify)
			snprintf(name, sizeof(name), "%s.%s", test, m->key);
		else
			snprintf(name, sizeof(name), "%s", m->key);
		err = stream_metric_add(s, name, m->number);
		if (err == -E2BIG && !s->metrics_full++)
			stream_error(
				s,
				"more than %d distinct metrics: the rest are dropped",
				STREAM_METRICS_MAX);
		else if (err && err != -E2BIG)
			return err;
	}
	return 0;
}

int stream_sample_take(struct stream *s, const struct json_value *rec)
{
	const struct json_value *metrics = json_member(rec, "metrics");
	const char *test;
	int ok, err;

	err = stream_sample_fields_check(s, rec);
	if (!err)
		err = stream_sample_metrics_check(s, metrics);
	if (err)
		return err;
	test = json_member(rec, "test")->string;
	err = stream_sample_place(s, test,
				  json_member(rec, "iteration")->number);
	if (err)
		return err;
	ok = !strcmp(json_member(rec, "status")->string, "ok");
	s->samples++;
	s->samples_failed += !ok;
	err = stream_sample_metrics_add(s, test, metrics, ok);
	if (err)
		return err;
	if (s->ev.sample)
		s->ev.sample(s->ev.ctx, rec);
	return 0;
}
