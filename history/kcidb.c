// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench history kcidb: each change point as a KCIDB v5 test (the
 * part of the schema docs/schema/kcidb.schema.json checks, as each
 * run's kcidb.json), so that KernelCI can show it: the first kernel
 * after it as the checkout and the build, the change in % as the
 * test's number, FAIL when worse, PASS when better, DONE without a
 * direction, the means and the p-value in misc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "history/series.h"
#include "lib/fileio.h"
#include "proto/json.h"
#include "shared/util.h"

#define HIST_ORIGIN "bootbench"

static void hist_kcidb_id(char *buf, size_t size, const char *kind,
			  const char *a, const char *b, const char *c)
{
	unsigned int h = util_fnv1a_add(UTIL_FNV1A_INIT, a);

	h = util_fnv1a_add(util_fnv1a_add(h, b), c);
	snprintf(buf, size, HIST_ORIGIN ":%s-%08x", kind, h);
}

/* A KCIDB path is [a-zA-Z0-9_-] words joined by dots. */
static void hist_kcidb_path(char *buf, size_t size, const struct hist_series *s)
{
	char *p;

	snprintf(buf, size, "bootbench.history.%s.%s", s->test, s->metric);
	for (p = buf; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && *p != '_' && *p != '-' &&
		    *p != '.')
			*p = '_';
}

/* The first kernel after a change: its checkout (@what 0) or build (1). */
static void hist_kcidb_kernel(struct json_buf *j, const struct hist_point *p,
			      int what, char *build, size_t size)
{
	char checkout[64], name[300];

	hist_kernel_name(p, name, sizeof(name));
	hist_kcidb_id(checkout, sizeof(checkout), "checkout", p->release, "",
		      "");
	hist_kcidb_id(build, size, "build", p->release, p->cmdline, "");
	json_object_open(j);
	json_member_string(j, "id", what ? build : checkout);
	if (what)
		json_member_string(j, "checkout_id", checkout);
	json_member_string(j, "origin", HIST_ORIGIN);
	json_member_string(j, "comment", what ? name : p->release);
	if (what)
		json_member_string(j, "status", "PASS");
	json_object_close(j);
}

static void hist_kcidb_test(struct json_buf *t, const struct hist_series *s,
			    const struct hist_change *c, const char *build)
{
	char id[64], path[512], job[400];

	snprintf(job, sizeof(job), "%s/%s", s->test, s->params);
	hist_kcidb_id(id, sizeof(id), "change", job, s->metric,
		      s->pts[c->at].release);
	hist_kcidb_path(path, sizeof(path), s);
	json_object_open(t);
	json_member_string(t, "id", id);
	json_member_string(t, "build_id", build);
	json_member_string(t, "origin", HIST_ORIGIN);
	json_member_string(t, "path", path);
	json_member_string(t, "status",
			   c->better < 0 ? "FAIL" :
			   c->better > 0 ? "PASS" :
					   "DONE");
	json_key_write(t, "number");
	json_object_open(t);
	json_key_write(t, "value");
	json_number_write(t, c->pct);
	json_member_string(t, "unit", "%");
	json_object_close(t);
	json_key_write(t, "misc");
	json_object_open(t);
	json_member_string(t, "job", job);
	json_member_string(t, "metric", s->metric);
	json_key_write(t, "before");
	json_number_write(t, c->before);
	json_key_write(t, "after");
	json_number_write(t, c->after);
	json_key_write(t, "p_value");
	json_number_write(t, c->p);
	json_object_close(t);
	json_object_close(t);
}

/* Each change point's checkouts (@what 0), builds (1) or tests (2). */
static void hist_kcidb_rows(struct json_buf *j, const struct hist_series *s,
			    size_t n, int what)
{
	char build[64];
	size_t i, k;

	json_array_open(j);
	for (i = 0; i < n; i++)
		for (k = 0; k < s[i].ncp; k++) {
			const struct hist_change *c = &s[i].cps[k];

			if (what < 2) {
				hist_kcidb_kernel(j, &s[i].pts[c->at], what,
						  build, sizeof(build));
				continue;
			}
			hist_kcidb_id(build, sizeof(build), "build",
				      s[i].pts[c->at].release,
				      s[i].pts[c->at].cmdline, "");
			hist_kcidb_test(j, &s[i], c, build);
		}
	json_array_close(j);
}

int hist_kcidb_write(const struct hist_series *s, size_t n, const char *path)
{
	static const char *const rows[] = { "checkouts", "builds", "tests" };
	struct json_buf j;
	size_t i;
	int err;

	json_buf_init(&j);
	json_object_open(&j);
	json_key_write(&j, "version");
	json_object_open(&j);
	json_key_write(&j, "major");
	json_int_write(&j, 5);
	json_key_write(&j, "minor");
	json_int_write(&j, 0);
	json_object_close(&j);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		json_key_write(&j, rows[i]);
		hist_kcidb_rows(&j, s, n, (int)i);
	}
	json_object_close(&j);
	err = j.err ? -ENOMEM : file_write_atomic(path, j.buf, j.len);
	json_buf_free(&j);
	return err;
}
