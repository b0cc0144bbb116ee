// SPDX-License-Identifier: GPL-2.0
/*
 * Every run directory in the formats CI systems read: junit.xml and a
 * KCIDB v5 submission, kcidb.json (docs/ci.md). The same verdict and
 * headline numbers as job.json and stats.json, nothing more.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdint.h>

#include "bootbench.h"
#include "shared/util.h"

#define CI_ORIGIN "bootbench"

/* KCIDB: FAIL the kernel did wrong, ERROR the test could not finish, MISS it never ran. */
static const char *ci_kcidb_status(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return "DONE";
	case VERDICT_BENCH_FAILED:
	case VERDICT_PANIC:
		return "FAIL";
	case VERDICT_TIMEOUT:
		return "ERROR";
	default:
		return "MISS";
	}
}

/*
 * The headline's unit, as the original benchmarks print it: the BENCH row's,
 * else from the metric's name.
 */
static const char *ci_unit(const struct test_desc *t, const char *metric)
{
	size_t n = strlen(metric);

	if (t->unit)
		return t->unit;
	if (n > 7 && !strcmp(metric + n - 7, "-MB/sec"))
		return "MB/s";
	if (n > 8 && !strcmp(metric + n - 8, "_per_sec"))
		return "ops/s";
	if ((n > 4 && !strcmp(metric + n - 4, "_sec")) ||
	    (n > 2 && !strcmp(metric + n - 2, "_s")))
		return "s";
	return NULL;
}

/*
 * The length of the valid UTF-8 character at @s that XML 1.0 allows
 * (no surrogates, no overlong form), or 0.
 */
static size_t ci_utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		n = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((*s == 0xe0 && s[1] < 0xa0) || (*s == 0xed && s[1] >= 0xa0) ||
	    (*s == 0xf0 && s[1] < 0x90) || (*s == 0xf4 && s[1] >= 0x90) ||
	    (*s == 0xef && s[1] == 0xbf && s[2] >= 0xbe))
		return 0;
	return n;
}

/* Guest text into XML: markup escaped, a byte XML cannot hold as \xNN. */
static void ci_xml_escaped(struct json_buf *j, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	char hex[8];
	size_t n;

	while (*s) {
		const char *e = NULL;

		switch (*s) {
		case '&':
			e = "&amp;";
			break;
		case '<':
			e = "&lt;";
			break;
		case '>':
			e = "&gt;";
			break;
		case '"':
			e = "&quot;";
			break;
		}
		n = *s >= 0x80 ? ci_utf8_len(s) : 1;
		if (e) {
			json_raw_write(j, e, strlen(e));
		} else if (n && (*s >= 0x20 || *s == '\n' || *s == '\t')) {
			json_raw_write(j, (const char *)s, n);
		} else {
			snprintf(hex, sizeof(hex), "\\x%02x", *s);
			json_raw_write(j, hex, 4);
		}
		s += n ? n : 1;
	}
}

__attribute__((format(printf, 2, 3))) static void
ci_xml_printf(struct json_buf *j, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0)
		json_raw_write(j, buf,
			       (size_t)n < sizeof(buf) ? (size_t)n :
							 sizeof(buf) - 1);
}

static void ci_xml_attr(struct json_buf *j, const char *name, const char *v)
{
	ci_xml_printf(j, " %s=\"", name);
	ci_xml_escaped(j, v);
	json_raw_write(j, "\"", 1);
}

static const struct stream_metric *ci_headline(const struct run_opts *o,
					       const struct session *s, int i,
					       char *name, size_t size)
{
	stream_metric_qualify(&s->stream, o->tests[i]->name, o->headline[i],
			      name, size);
	return stream_metric_find(&s->stream, name);
}

static void ci_utc(time_t t, char *buf, size_t size)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%S+00:00", &tm);
}

/*
 * One testsuite per run, one testcase per test of the job: a failure
 * when the benchmark failed or the kernel panicked, an error when the
 * run could not finish.
 */
int junit_write(const struct rundir *rd, const struct run_opts *o,
		const char *release, const struct session *s)
{
	const char *kind = s->verdict == VERDICT_BENCH_FAILED ||
					   s->verdict == VERDICT_PANIC ?
				   "failure" :
				   "error";
	char stamp[64], name[256];
	struct json_buf j;
	int i, err;

	ci_utc(time(NULL) - (time_t)s->wall, stamp, sizeof(stamp));
	json_buf_init(&j);
	ci_xml_printf(&j, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	ci_xml_printf(&j, "<testsuites>\n<testsuite");
	ci_xml_attr(&j, "name", "bootbench");
	ci_xml_printf(
		&j, " tests=\"%d\" failures=\"%d\" errors=\"%d\"", o->ntests,
		s->verdict != VERDICT_OK && kind[0] == 'f' ? o->ntests : 0,
		s->verdict != VERDICT_OK && kind[0] == 'e' ? o->ntests : 0);
	ci_xml_printf(&j, " skipped=\"0\" time=\"%.3f\"", s->wall);
	ci_xml_attr(&j, "timestamp", stamp);
	ci_xml_printf(&j, ">\n<properties>\n");
	ci_xml_printf(&j, "<property");
	ci_xml_attr(&j, "name", "release");
	ci_xml_attr(&j, "value", release);
	ci_xml_printf(&j, "/>\n<property");
	ci_xml_attr(&j, "name", "kernel");
	ci_xml_attr(&j, "value", o->kernel);
	ci_xml_printf(&j, "/>\n<property");
	ci_xml_attr(&j, "name", "status");
	ci_xml_attr(&j, "value", verdict_name(s->verdict));
	ci_xml_printf(&j, "/>\n</properties>\n");
	for (i = 0; i < o->ntests; i++) {
		const struct stream_metric *m =
			ci_headline(o, s, i, name, sizeof(name));

		ci_xml_printf(&j, "<testcase");
		ci_xml_attr(&j, "name", o->tests[i]->name);
		ci_xml_attr(&j, "classname", "bootbench");
		ci_xml_printf(&j, " time=\"%.3f\">\n", s->wall / o->ntests);
		if (s->verdict != VERDICT_OK) {
			ci_xml_printf(&j, "<%s", kind);
			ci_xml_attr(&j, "type", verdict_name(s->verdict));
			ci_xml_attr(&j, "message", s->message);
			ci_xml_printf(&j, "/>\n");
		}
		if (m) {
			ci_xml_printf(&j, "<system-out>");
			ci_xml_escaped(&j, name);
			ci_xml_printf(&j, " = %.10g</system-out>\n",
				      stream_metric_value(m));
		}
		ci_xml_printf(&j, "</testcase>\n");
	}
	ci_xml_printf(&j, "</testsuite>\n</testsuites>");
	err = rundir_file_write(rd, "junit.xml", &j);
	json_buf_free(&j);
	return err;
}

/* KCIDB ids are "<origin>:<unique>": the kernel, and this run. */
static void ci_id(char *buf, size_t size, const char *kind, const char *a,
		  const char *b)
{
	uint32_t h = util_fnv1a_add(UTIL_FNV1A_INIT, a);

	if (b)
		h = util_fnv1a_add(h, b);
	snprintf(buf, size, CI_ORIGIN ":%s-%08x", kind, h);
}

static void ci_kcidb_test(struct json_buf *j, const char *build_id,
			  const char *run_id, const char *path,
			  const char *status, const char *stamp, double wall)
{
	char id[160];

	snprintf(id, sizeof(id), "%s.%s", run_id, path);
	json_object_open(j);
	json_member_string(j, "id", id);
	json_member_string(j, "build_id", build_id);
	json_member_string(j, "origin", CI_ORIGIN);
	json_member_string(j, "path", path);
	json_member_string(j, "status", status);
	json_member_string(j, "start_time", stamp);
	json_member_number(j, "duration", wall);
}

/* KCIDB's version, the checkout and the build: all we know of the kernel. */
static void ci_kcidb_head(struct json_buf *j, const struct run_opts *o,
			  const char *release, const char *checkout,
			  const char *build)
{
	json_member_object_open(j, "version");
	json_member_int(j, "major", 5);
	json_member_int(j, "minor", 0);
	json_object_close(j);
	json_member_array_open(j, "checkouts");
	json_object_open(j);
	json_member_string(j, "id", checkout);
	json_member_string(j, "origin", CI_ORIGIN);
	json_member_string(j, "comment", release);
	json_object_close(j);
	json_array_close(j);
	json_member_array_open(j, "builds");
	json_object_open(j);
	json_member_string(j, "id", build);
	json_member_string(j, "checkout_id", checkout);
	json_member_string(j, "origin", CI_ORIGIN);
	json_member_string(j, "architecture",
			   o->arch ? o->arch->kcidb : arch_host()->kcidb);
	json_member_string(j, "comment", o->kernel);
	json_member_string(j, "status", "PASS");
	json_object_close(j);
	json_array_close(j);
}

/* One benchmark's test: its status, its headline number and unit. */
static void ci_kcidb_bench(struct json_buf *j, const struct run_opts *o,
			   const struct session *s, int i, const char *build,
			   const char *run, const char *stamp)
{
	char name[256], path[128], *p;
	const struct stream_metric *m =
		ci_headline(o, s, i, name, sizeof(name));
	const char *unit = ci_unit(o->tests[i], name);

	/* KCIDB paths are [a-zA-Z0-9_-] words joined by dots. */
	snprintf(path, sizeof(path), "bootbench.%s", o->tests[i]->name);
	for (p = path + 10; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			*p = '_';
	ci_kcidb_test(j, build, run, path,
		      s->stream.have_hello ? ci_kcidb_status(s->verdict) :
					     "MISS",
		      stamp, s->wall);
	if (m && s->verdict == VERDICT_OK) {
		json_member_object_open(j, "number");
		json_member_number(j, "value", stream_metric_value(m));
		if (unit)
			json_member_string(j, "unit", unit);
		json_object_close(j);
	}
	json_member_object_open(j, "misc");
	json_member_string(j, "metric", name);
	json_member_string(j, "message", s->message);
	json_object_close(j);
	json_object_close(j);
}

int kcidb_write(const struct rundir *rd, const struct run_opts *o,
		const char *release, const struct session *s)
{
	char checkout[96], build[96], run[96], stamp[64];
	struct json_buf j;
	int i, err;

	ci_utc(time(NULL) - (time_t)s->wall, stamp, sizeof(stamp));
	/* Without a git tree all we know of the kernel is its image. */
	ci_id(checkout, sizeof(checkout), "checkout", release, NULL);
	ci_id(build, sizeof(build), "build", release, o->kernel);
	ci_id(run, sizeof(run), "run", rd->tmp, stamp);
	json_buf_init(&j);
	json_object_open(&j);
	ci_kcidb_head(&j, o, release, checkout, build);
	json_member_array_open(&j, "tests");
	/* The boot itself: did the kernel come up and report? */
	ci_kcidb_test(&j, build, run, "bootbench.boot",
		      s->stream.have_hello ? "PASS" : "FAIL", stamp, s->wall);
	json_object_close(&j);
	for (i = 0; i < o->ntests; i++)
		ci_kcidb_bench(&j, o, s, i, build, run, stamp);
	json_array_close(&j);
	json_object_close(&j);
	err = rundir_file_write(rd, "kcidb.json", &j);
	json_buf_free(&j);
	return err;
}
