// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench bisect's log: one JSON line per measured commit and per
 * verdict, appended and flushed as each is settled, so that the same
 * command after an interruption replays it and measures nothing twice;
 * and bisect.json, the whole story for CI, written from it.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot/bisect.h"
#include "lib/fileio.h"
#include "proto/json.h"
#include "proto/json_parse.h"

void bisect_state_init(struct bisect_state *st)
{
	memset(st, 0, sizeof(*st));
	st->ends_verdict = st->culprit_verdict = -1;
}

struct bisect_rec *bisect_state_find(struct bisect_state *st, const char *kind,
				     const char *commit)
{
	size_t i = st->nrecs;

	while (i--) {
		struct bisect_rec *r = &st->recs[i];

		if (!strcmp(r->kind, kind) &&
		    (!commit || !strcmp(r->commit, commit)))
			return r;
	}
	return NULL;
}

static const char *bisect_str(const struct json_value *o, const char *key)
{
	const struct json_value *v = json_member(o, key);

	return v && v->type == JSON_STRING ? v->string : NULL;
}

static double bisect_num(const struct json_value *o, const char *key)
{
	const struct json_value *v = json_member(o, key);

	return v && v->type == JSON_NUMBER ? v->number : NAN;
}

/* A string member into @dst, which it must fit: 0 or -EINVAL. */
static int bisect_str_copy(const struct json_value *o, const char *key,
			   char *dst, size_t size, int optional)
{
	const char *s = bisect_str(o, key);

	if (!s)
		return optional ? 0 : -EINVAL;
	if (strlen(s) >= size)
		return -EINVAL;
	strcpy(dst, s);
	return 0;
}

static int bisect_rec_parse(const struct json_value *o, struct bisect_rec *r)
{
	const struct json_value *vals = json_member(o, "values"), *v;
	const char *d = bisect_str(o, "decision");

	memset(r, 0, sizeof(*r));
	if (bisect_str_copy(o, "kind", r->kind, sizeof(r->kind), 0) ||
	    bisect_str_copy(o, "commit", r->commit, sizeof(r->commit), 0) ||
	    bisect_str_copy(o, "why", r->why, sizeof(r->why), 1) || !d ||
	    bisect_decision_parse(d, &r->decision) || !vals ||
	    vals->type != JSON_ARRAY)
		return -EINVAL;
	for (v = vals->child; v; v = v->next) {
		if (v->type != JSON_NUMBER || r->n == BISECT_RUNS_MAX)
			return -EINVAL;
		r->v[r->n++] = v->number;
	}
	r->build_s = bisect_num(o, "build_s");
	r->run_s = bisect_num(o, "run_s");
	r->llr = bisect_num(o, "llr");
	r->position = bisect_num(o, "position");
	return 0;
}

static int bisect_start_parse(const struct json_value *o,
			      struct bisect_state *st)
{
	const char *timing = bisect_str(o, "timing");

	if (bisect_str_copy(o, "good", st->good, sizeof(st->good), 0) ||
	    bisect_str_copy(o, "bad", st->bad, sizeof(st->bad), 0) ||
	    bisect_str_copy(o, "test", st->test, sizeof(st->test), 0) ||
	    bisect_str_copy(o, "metric", st->metric, sizeof(st->metric), 0) ||
	    !timing)
		return -EINVAL;
	st->deterministic = !strcmp(timing, "deterministic");
	return 0;
}

static int bisect_verdict_parse(const struct json_value *o,
				struct bisect_state *st)
{
	const char *of = bisect_str(o, "of");
	double v = bisect_num(o, "verdict");

	if (!of || !(v >= 0 && v <= 255))
		return -EINVAL;
	if (!strcmp(of, "ends"))
		st->ends_verdict = (int)v;
	else if (!strcmp(of, "culprit"))
		st->culprit_verdict = (int)v;
	else
		return -EINVAL;
	return 0;
}

int bisect_state_apply(struct bisect_state *st, const char *line)
{
	struct json_value *o = NULL;
	const char *kind;
	char err[128];
	int ret = -EINVAL;

	if (json_parse(line, strlen(line), &o, err, sizeof(err)) ||
	    o->type != JSON_OBJECT || !(kind = bisect_str(o, "kind")))
		goto out;
	if (!strcmp(kind, "start"))
		ret = bisect_start_parse(o, st);
	else if (!strcmp(kind, "compare"))
		ret = bisect_verdict_parse(o, st);
	else if (st->nrecs < BISECT_RECS_MAX &&
		 !bisect_rec_parse(o, &st->recs[st->nrecs])) {
		st->nrecs++;
		ret = 0;
	}
out:
	json_value_free(o);
	return ret;
}

/*
 * Every whole line; a last line cut short by the interruption (no
 * newline, or not JSON) is dropped: its commit is measured again.
 */
int bisect_log_replay(const char *path, struct bisect_state *st)
{
	char *text = file_read_all(path, NULL), *line, *nl;
	int ret = 0;

	if (!text)
		return errno == ENOENT ? 0 : -errno;
	for (line = text; (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = '\0';
		if (*line && bisect_state_apply(st, line) && nl[1]) {
			ret = -EINVAL; /* a bad line in the middle: not ours */
			break;
		}
	}
	free(text);
	return ret;
}

static int bisect_line_put(FILE *f, struct json_buf *j)
{
	int ret = j->err;

	json_raw_write(j, "\n", 1);
	if (!ret && (fwrite(j->buf, 1, j->len, f) != j->len || fflush(f)))
		ret = -errno;
	json_buf_free(j);
	return ret;
}

/* What is bisected: the log's start record and bisect.json both say it. */
static void bisect_what_json(struct json_buf *j, const struct bisect_state *st)
{
	json_member_string(j, "good", st->good);
	json_member_string(j, "bad", st->bad);
	json_member_string(j, "test", st->test);
	json_member_string(j, "metric", st->metric);
	json_member_string(j, "timing",
			   st->deterministic ? "deterministic" : "realtime");
}

int bisect_log_start(FILE *f, const struct bisect_state *st)
{
	struct json_buf j;

	json_buf_init(&j);
	json_object_open(&j);
	json_member_string(&j, "kind", "start");
	bisect_what_json(&j, st);
	json_object_close(&j);
	return bisect_line_put(f, &j);
}

static void bisect_rec_json(struct json_buf *j, const struct bisect_rec *r)
{
	size_t i;

	json_object_open(j);
	json_member_string(j, "kind", r->kind);
	json_member_string(j, "commit", r->commit);
	json_member_number(j, "build_s", r->build_s);
	json_member_number(j, "run_s", r->run_s);
	json_member_array_open(j, "values");
	for (i = 0; i < r->n; i++)
		json_number_write(j, r->v[i]);
	json_array_close(j);
	json_member_string(j, "decision", bisect_decision_name(r->decision));
	json_member_number(j, "llr", r->llr);
	json_member_number(j, "position", r->position);
	if (r->why[0])
		json_member_string(j, "why", r->why);
	json_object_close(j);
}

int bisect_log_rec(FILE *f, const struct bisect_rec *rec)
{
	struct json_buf j;

	json_buf_init(&j);
	bisect_rec_json(&j, rec);
	return bisect_line_put(f, &j);
}

int bisect_log_verdict(FILE *f, const char *of, int verdict)
{
	struct json_buf j;

	json_buf_init(&j);
	json_object_open(&j);
	json_member_string(&j, "kind", "compare");
	json_member_string(&j, "of", of);
	json_member_number(&j, "verdict", verdict);
	json_object_close(&j);
	return bisect_line_put(f, &j);
}

static void bisect_verdict_json(struct json_buf *j, const char *k, int v)
{
	static const char *const names[] = { "no regression", "regression",
					     "bad input", "undecidable" };

	json_key_write(j, k);
	if (v < 0 || v > 3)
		json_null_write(j);
	else
		json_string_write(j, names[v]);
}

int bisect_json_write(const char *path, const struct bisect_state *st,
		      const char *culprit, const char *subject, int exit_code,
		      const char *why)
{
	char tmp[PATH_MAX + 8];
	struct json_buf j;
	FILE *f;
	size_t i;
	int ret;

	json_buf_init(&j);
	json_object_open(&j);
	bisect_what_json(&j, st);
	bisect_verdict_json(&j, "ends_verdict", st->ends_verdict);
	bisect_verdict_json(&j, "culprit_verdict", st->culprit_verdict);
	json_member_array_open(&j, "steps");
	for (i = 0; i < st->nrecs; i++)
		bisect_rec_json(&j, &st->recs[i]);
	json_array_close(&j);
	json_key_write(&j, "culprit");
	culprit ? json_string_write(&j, culprit) : json_null_write(&j);
	if (subject)
		json_member_string(&j, "subject", subject);
	if (why)
		json_member_string(&j, "why", why);
	json_member_number(&j, "exit_code", exit_code < 0 ? NAN : exit_code);
	json_object_close(&j);
	/* A reader (CI, mid-bisection) sees the last whole file. */
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	ret = f ? bisect_line_put(f, &j) : -errno;
	if (!f)
		json_buf_free(&j);
	if (f && fclose(f) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	return ret;
}
