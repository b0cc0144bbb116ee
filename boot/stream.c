// SPDX-License-Identifier: GPL-2.0
/*
 * The results stream's parser (stream.h): bytes into lines, lines into
 * records, each record held against docs/protocol.md before it counts;
 * a sample record is stream-sample.c's, the metrics it brings
 * stream-metrics.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "proto/names.h"
#include "proto/proto.h"
#include "stream.h"
#include "stream-record.h"
#include "shared/util.h"

void stream_init(struct stream *s, FILE *raw, const struct stream_events *ev)
{
	memset(s, 0, sizeof(*s));
	s->hello_uptime = s->init_start_uptime = s->done_uptime = NAN;
	s->raw = raw;
	if (ev)
		s->ev = *ev;
}

void stream_error(struct stream *s, const char *fmt, ...)
{
	char raw[200], msg[280]; /* msg: fits first_error */
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/*
	 * The message quotes guest text: made safe for a terminal here,
	 * once, so callers pass the guest's bytes as they came.
	 */
	names_escape(raw, msg, sizeof(msg));
	if (!s->errors)
		snprintf(s->first_error, sizeof(s->first_error), "line %lu: %s",
			 s->lineno, msg);
	if (s->errors < STREAM_ERRORS_SHOWN)
		fprintf(stderr, "bootbench: results stream: line %lu: %s\n",
			s->lineno, msg);
	else if (s->errors == STREAM_ERRORS_SHOWN)
		fprintf(stderr,
			"bootbench: results stream: more errors not shown\n");
	s->errors++;
}

const struct json_value *stream_field(struct stream *s,
				      const struct json_value *rec,
				      const char *type, const char *key,
				      enum json_type want)
{
	const struct json_value *v = json_member(rec, key);

	if (!v) {
		stream_error(s, "%.40s record without \"%s\"", type, key);
		return NULL;
	}
	if (v->type != want) {
		stream_error(s, "%s record: \"%s\" is a %s, not a %s", type,
			     key, json_type_name(v->type),
			     json_type_name(want));
		return NULL;
	}
	return v;
}

static int stream_key_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A key named twice in one object has no single value (JSON readers
 * differ on which one wins): the record is refused, at any depth.
 */
static int stream_keys_unique(struct stream *s, const struct json_value *v)
{
	const struct json_value *m;
	size_t n = 0, i;
	char **keys;
	int err = 0;

	for (m = v->child; m && !err; m = m->next, n++)
		if (m->type == JSON_OBJECT || m->type == JSON_ARRAY)
			err = stream_keys_unique(s, m);
	if (err || v->type != JSON_OBJECT || n < 2)
		return err;
	keys = malloc(n * sizeof(*keys));
	if (!keys)
		return -ENOMEM;
	for (i = 0, m = v->child; m; m = m->next)
		keys[i++] = m->key;
	qsort(keys, n, sizeof(*keys), stream_key_cmp);
	for (i = 1; i < n && !err; i++) {
		if (!strcmp(keys[i - 1], keys[i])) {
			stream_error(s,
				     "key \"%.80s\" appears twice in a record",
				     keys[i]);
			err = -EINVAL;
		}
	}
	free(keys);
	return err;
}

int stream_name_refuse(struct stream *s, const char *what, const char *name,
		       const char *why)
{
	stream_error(s, "%s \"%.60s\" is refused: %s", what, name, why);
	return -EINVAL;
}

static unsigned int stream_tests_count(const char *list)
{
	unsigned int n = 1;

	while ((list = strchr(list, ',')))
		n++, list++;
	return n;
}

static int stream_hello_take(struct stream *s, const struct json_value *rec)
{
	const struct json_value *v, *w;
	const char *why;

	if (s->have_hello) {
		stream_error(s, "a second hello record");
		return -EINVAL;
	}
	v = stream_field(s, rec, "hello", "release", JSON_STRING);
	if (!v || !stream_field(s, rec, "hello", "cpus_online", JSON_NUMBER) ||
	    !stream_field(s, rec, "hello", "test", JSON_STRING) ||
	    !stream_field(s, rec, "hello", "iterations", JSON_NUMBER))
		return -EINVAL;
	/* Both become path components of the run directory. */
	w = json_member(rec, "test");
	if ((why = names_check(v->string)))
		return stream_name_refuse(s, "hello record: release", v->string,
					  why);
	if ((why = names_check(w->string)))
		return stream_name_refuse(s, "hello record: test", w->string,
					  why);
	s->release = strdup(v->string);
	s->tests = strdup(w->string);
	/* Optional: a replay's job.json says the guest's architecture. */
	v = json_member(rec, "machine");
	if (v && v->type == JSON_STRING)
		snprintf(s->machine, sizeof(s->machine), "%s", v->string);
	if (!s->release || !s->tests)
		return -ENOMEM;
	/* Several tests in one job: their metrics need the test name. */
	s->qualify = strchr(w->string, ',') != NULL;
	s->ntests = stream_tests_count(w->string);
	s->announced_iterations = json_member(rec, "iterations")->number;
	s->have_hello = 1;
	s->hello_uptime = json_member(rec, "uptime")->number;
	w = json_member(rec, "boot_time");
	if (w && w->type == JSON_NUMBER)
		s->init_start_uptime = w->number;
	if (s->ev.hello)
		s->ev.hello(s->ev.ctx, rec);
	return 0;
}

static int stream_log_take(struct stream *s, const struct json_value *rec)
{
	const struct json_value *v, *w;

	v = stream_field(s, rec, "log", "kind", JSON_STRING);
	w = stream_field(s, rec, "log", "msg", JSON_STRING);
	if (!v || !w)
		return -EINVAL;
	if (strcmp(v->string, "progress") && strcmp(v->string, "output") &&
	    strcmp(v->string, "dmesg")) {
		stream_error(s, "log record: unknown kind \"%.40s\"",
			     v->string);
		return -EINVAL;
	}
	if (s->ev.log)
		s->ev.log(s->ev.ctx, v->string, w->string);
	return 0;
}

static int stream_heartbeat_take(struct stream *s, const struct json_value *rec)
{
	return stream_field(s, rec, "heartbeat", "iteration", JSON_NUMBER) ?
		       0 :
		       -EINVAL;
}

static int stream_error_take(struct stream *s, const struct json_value *rec)
{
	const struct json_value *w;

	w = stream_field(s, rec, "error", "msg", JSON_STRING);
	if (!w || !stream_field(s, rec, "error", "code", JSON_STRING))
		return -EINVAL;
	if (!s->guest_error) {
		char shown[400];

		names_escape(w->string, shown, sizeof(shown));
		s->guest_error = strdup(shown);
	}
	return 0;
}

/*
 * done's counts are counts: whole numbers, failed at most one a sample
 * of hello's. A negative count or 1e300 makes it an invalid record, one
 * that still ends the stream: the verdict names it, not a missing done.
 */
static int stream_done_take(struct stream *s, const struct json_value *rec)
{
	double iters, failed, most = s->announced_iterations * s->ntests;

	if (!stream_field(s, rec, "done", "iterations", JSON_NUMBER) ||
	    !stream_field(s, rec, "done", "failed", JSON_NUMBER))
		return -EINVAL;
	s->have_done = 1;
	s->done_uptime = json_member(rec, "uptime")->number;
	iters = json_member(rec, "iterations")->number;
	failed = json_member(rec, "failed")->number;
	if (!(iters >= 0 && iters <= STREAM_ITERATIONS_MAX) ||
	    iters != (unsigned int)iters) {
		stream_error(
			s,
			"done record: iterations %g is not a count of 0 to %d",
			iters, STREAM_ITERATIONS_MAX);
		return -EINVAL;
	}
	if (!(failed >= 0 && failed <= most) ||
	    failed != (unsigned int)failed) {
		stream_error(
			s,
			"done record: failed %g is not a count of 0 to %g (hello's iterations x tests)",
			failed, most);
		return -EINVAL;
	}
	s->done_iterations = iters;
	return 0;
}

/* The record types of docs/protocol.md and who takes each. */
static const struct {
	const char *type;
	int (*take)(struct stream *s, const struct json_value *rec);
} stream_types[] = {
	{ "hello", stream_hello_take }, { "sample", stream_sample_take },
	{ "log", stream_log_take },	{ "heartbeat", stream_heartbeat_take },
	{ "error", stream_error_take }, { "done", stream_done_take },
};

/* What every record has: an object, a type, our version, an uptime. */
static const char *stream_envelope_check(struct stream *s,
					 const struct json_value *rec)
{
	const struct json_value *type, *ver;

	if (rec->type != JSON_OBJECT) {
		stream_error(s, "record is a %s, not an object",
			     json_type_name(rec->type));
		return NULL;
	}
	if (stream_keys_unique(s, rec))
		return NULL;
	type = stream_field(s, rec, "a", "type", JSON_STRING);
	ver = type ? stream_field(s, rec, type->string, "v", JSON_NUMBER) :
		     NULL;
	if (!type || !ver ||
	    !stream_field(s, rec, type->string, "uptime", JSON_NUMBER))
		return NULL;
	if (ver->number != PROTO_RECORD_VERSION) {
		stream_error(s, "record version %g, expected %d", ver->number,
			     PROTO_RECORD_VERSION);
		return NULL;
	}
	return type->string;
}

static int stream_record_take(struct stream *s, const struct json_value *rec)
{
	const char *t = stream_envelope_check(s, rec);
	size_t i;

	if (!t)
		return -EINVAL;
	if (s->have_done) {
		stream_error(s, "%.20s record after done", t);
		return -EINVAL;
	}
	if (!s->have_hello && strcmp(t, "hello") && strcmp(t, "error")) {
		stream_error(s, "%.20s record before hello", t);
		return -EINVAL;
	}
	for (i = 0; i < ARRAY_SIZE(stream_types); i++)
		if (!strcmp(t, stream_types[i].type))
			return stream_types[i].take(s, rec);
	stream_error(s, "unknown record type \"%.40s\"", t);
	return -EINVAL;
}

static int stream_line_take(struct stream *s, const char *line, size_t len)
{
	struct json_value *rec;
	char err[160];
	int ret;

	s->lineno++;
	if (len && line[len - 1] == '\r')
		len--;
	if (!len)
		return 0;
	if (s->truncated || s->raw_bytes + len + 1 > STREAM_RAW_MAX) {
		if (!s->truncated)
			fprintf(stderr,
				"bootbench: results stream: line %lu: more than %lu MiB of records, the rest are dropped\n",
				s->lineno, STREAM_RAW_MAX >> 20);
		s->truncated = 1;
		return 0;
	}
	s->raw_bytes += len + 1;
	if (memchr(line, '\0', len)) {
		stream_error(s, "NUL byte in record");
		return 0;
	}
	ret = json_parse(line, len, &rec, err, sizeof(err));
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		stream_error(s, "not JSON: %s", err);
		return 0;
	}
	ret = stream_record_take(s, rec);
	json_value_free(rec);
	if (ret == -ENOMEM)
		return ret;
	if (!ret && s->raw) {
		errno = 0;
		if (fwrite(line, 1, len, s->raw) != len ||
		    fputc('\n', s->raw) == EOF)
			return errno ? -errno : -EIO; /* ENOSPC, said */
	}
	return 0;
}

int stream_feed(struct stream *s, const char *buf, size_t n)
{
	while (n) {
		const char *nl = memchr(buf, '\n', n);
		size_t take = nl ? (size_t)(nl - buf) : n;
		int err;

		if (s->overlong || s->len + take > STREAM_LINE_MAX) {
			if (!s->overlong) {
				s->lineno++;
				stream_error(
					s, "line longer than %d bytes dropped",
					STREAM_LINE_MAX);
				s->lineno--;
			}
			s->overlong = 1;
			s->len = 0;
		} else {
			if (!s->line) {
				s->line = malloc(STREAM_LINE_MAX);
				if (!s->line)
					return -ENOMEM;
			}
			memcpy(s->line + s->len, buf, take);
			s->len += take;
		}
		if (!nl)
			return 0;
		if (s->overlong) {
			s->overlong = 0;
			s->lineno++;
		} else {
			err = stream_line_take(s, s->line, s->len);
			if (err) {
				/* The line is gone either way: never glue it to the next. */
				s->len = 0;
				return err;
			}
		}
		s->len = 0;
		buf = nl + 1;
		n -= take + 1;
	}
	return 0;
}

int stream_finish(struct stream *s)
{
	if (s->overlong || s->len) {
		s->lineno++;
		stream_error(s, "the stream ends inside a record");
		s->len = 0;
		s->overlong = 0;
	}
	if (s->raw && fflush(s->raw))
		return -errno;
	return 0;
}

void stream_free(struct stream *s)
{
	stream_metrics_free(s);
	free(s->line);
	free(s->release);
	free(s->tests);
	free(s->seen);
	free(s->guest_error);
	memset(s, 0, sizeof(*s));
}
