// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "proto/json_parse.h"
#include "lib/rundir.h"
#include "lib/tests.h"
#include "result.h"

static int result_metric_cmp(const void *a, const void *b)
{
	return strcmp(((const struct result_metric *)a)->name,
		      ((const struct result_metric *)b)->name);
}

/* One metric's array of runs; numbers and nulls (a run without it). */
static int result_metric_read(struct result *r, const struct json_value *m,
			      const char *path, char *err, size_t errlen)
{
	struct result_metric *rm = &r->m[r->nm];
	const struct json_value *x;
	unsigned int cols = 0;

	if (m->type != JSON_ARRAY) {
		snprintf(err, errlen, "%s: %s is not an array of runs", path,
			 m->key);
		return -EINVAL;
	}
	for (x = m->child; x; x = x->next)
		cols++;
	rm->name = strdup(m->key);
	rm->v = calloc(cols ? cols : 1, sizeof(*rm->v));
	if (!rm->name || !rm->v) {
		free(rm->name);
		free(rm->v);
		return -ENOMEM;
	}
	r->nm++;
	if (cols > r->runs)
		r->runs = cols;
	for (x = m->child; x; x = x->next) {
		if (x->type == JSON_NUMBER &&
		    !(fabs(x->number) <= RESULT_VALUE_MAX)) {
			snprintf(
				err, errlen,
				"%s: %s holds %g, beyond +-%g where its mean and spread overflow: remove the run that wrote it",
				path, m->key, x->number, RESULT_VALUE_MAX);
			return -EINVAL;
		}
		if (x->type == JSON_NUMBER) {
			rm->v[rm->n++] = x->number;
		} else if (x->type != JSON_NULL) {
			snprintf(err, errlen, "%s: %s holds a %s, not a number",
				 path, m->key, json_type_name(x->type));
			return -EINVAL;
		}
	}
	return 0;
}

static int result_matrix_read(struct result *r, const char *path, char *err,
			      size_t errlen)
{
	const struct json_value *m;
	struct json_value *doc = NULL;
	char perr[128];
	size_t len, n = 0;
	char *buf;
	int ret = 0;

	buf = file_read_all(path, &len);
	if (!buf) {
		ret = -errno;
		snprintf(
			err, errlen,
			"%s: %s: give a kernel result directory, <RESULTS>/<test>/<params>/<release>",
			path, strerror(errno));
		return ret;
	}
	if (json_parse(buf, len, &doc, perr, sizeof(perr)) ||
	    doc->type != JSON_OBJECT) {
		snprintf(err, errlen, "%s: not a metrics matrix (%s)", path,
			 doc ? "not an object" : perr);
		ret = -EINVAL;
		goto out;
	}
	for (m = doc->child; m; m = m->next)
		n++;
	r->m = calloc(n ? n : 1, sizeof(*r->m));
	if (!r->m) {
		ret = -ENOMEM;
		goto out;
	}
	for (m = doc->child; m && !ret; m = m->next)
		ret = result_metric_read(r, m, path, err, errlen);
	if (ret)
		goto out;
	qsort(r->m, r->nm, sizeof(*r->m), result_metric_cmp);
out:
	json_value_free(doc);
	free(buf);
	return ret;
}

static char *result_job_string(const struct json_value *job, const char *key)
{
	const struct json_value *v = json_member(job, key);

	return strdup(v && v->type == JSON_STRING ? v->string : "");
}

static int strdup_replace(char **s, const char *with)
{
	char *n = strdup(with);

	if (!n)
		return -ENOMEM;
	free(*s);
	*s = n;
	return 0;
}

static const char *result_param_value(const char *key, const void *ctx)
{
	const struct json_value *v = json_member(ctx, key);

	return v && v->type == JSON_STRING ? v->string : NULL;
}

/* The headline of the job's first test, with the job's parameters. */
static void result_headline_set(struct result *r, const struct json_value *doc)
{
	size_t len = strcspn(r->test, ",");
	const struct test_desc *t = test_find_n(r->test, len);
	const struct json_value *params = json_member(doc, "params");

	if (!t || test_headline_format(
			  t, result_param_value,
			  params && params->type == JSON_OBJECT ? params : NULL,
			  r->headline, sizeof(r->headline)))
		r->headline[0] = '\0';
}

static void result_headline_run_read(struct result *r,
				     const struct json_value *doc)
{
	const struct json_value *h = json_member(doc, "headline");
	const struct json_value *b = json_member(doc, "headline_better");

	if (!h || h->type != JSON_STRING || !b || b->type != JSON_STRING)
		return;
	snprintf(r->headline_run, sizeof(r->headline_run), "%s", h->string);
	r->headline_better = !strcmp(b->string, "higher") ? 1 :
			     !strcmp(b->string, "lower")  ? -1 :
							    0;
}

/* The first run's job.json says what the directory holds. */
static int result_job_read(struct result *r)
{
	struct json_value *doc = NULL;
	const struct json_value *shift, *prof;
	unsigned int *ids = NULL, n = 0, i;
	char path[PATH_MAX], perr[64];
	size_t len;
	char *buf = NULL;
	int ret;

	ret = rundir_runs_list(r->dir, &ids, &n);
	if (ret)
		return ret;
	for (i = 0; i < n && !buf; i++) {
		snprintf(path, sizeof(path), "%s/%u/job.json", r->dir, ids[i]);
		buf = file_read_all(path, &len);
	}
	free(ids);
	if (buf && !json_parse(buf, len, &doc, perr, sizeof(perr)) &&
	    doc->type == JSON_OBJECT) {
		r->test = result_job_string(doc, "test");
		r->release = result_job_string(doc, "release");
		r->arch = result_job_string(doc, "arch");
		r->cmdline = result_job_string(doc, "cmdline");
		r->timing = result_job_string(doc, "timing");
		r->qemu_version = result_job_string(doc, "qemu_version");
		r->packages = result_job_string(doc, "packages");
		r->boot_path = result_job_string(doc, "boot_path");
		shift = json_member(doc, "icount_shift");
		if (shift && shift->type == JSON_NUMBER)
			r->icount_shift = (int)shift->number;
		prof = json_member(doc, "profile");
		r->profiled = prof && prof->type == JSON_BOOL && prof->boolean;
		if (r->test)
			result_headline_set(r, doc);
		result_headline_run_read(r, doc);
	} else {
		r->test = strdup("");
		r->release = strdup("");
		r->arch = strdup("");
		r->cmdline = strdup("");
		r->timing = strdup("");
		r->qemu_version = strdup("");
		r->packages = strdup("");
		r->boot_path = strdup("");
	}
	if (!r->test || !r->release || !r->arch || !r->cmdline || !r->timing ||
	    !r->qemu_version || !r->packages || !r->boot_path)
		ret = -ENOMEM;
	/* Runs from before TIMING= existed ran in real time. */
	else if (!*r->timing)
		ret = strdup_replace(&r->timing, "realtime");
	/* ... and on x86_64, the only guest there was. */
	if (!ret && !*r->arch)
		ret = strdup_replace(&r->arch, "x86_64");
	json_value_free(doc);
	free(buf);
	return ret;
}

/* How many runs the matrix left out, from runs.json (none before it). */
static void result_left_out_read(struct result *r)
{
	const struct json_value *v;
	struct json_value *doc;
	char path[PATH_MAX], perr[64];
	size_t len;
	char *buf;

	snprintf(path, sizeof(path), "%s/runs.json", r->dir);
	buf = file_read_all(path, &len);
	if (buf && !json_parse(buf, len, &doc, perr, sizeof(perr))) {
		v = json_member(doc, "left_out");
		if (v && v->type == JSON_NUMBER && v->number > 0)
			r->left_out = (unsigned int)v->number;
		json_value_free(doc);
	}
	free(buf);
}

int result_load(const char *dir, struct result *r, char *err, size_t errlen)
{
	char path[PATH_MAX];
	int ret;

	memset(r, 0, sizeof(*r));
	r->icount_shift = -1;
	r->dir = strdup(dir);
	if (!r->dir)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/matrix.json", dir);
	ret = result_matrix_read(r, path, err, errlen);
	if (ret)
		return ret;
	result_left_out_read(r);
	ret = result_job_read(r);
	if (ret)
		snprintf(err, errlen, "%s: %s", dir, strerror(-ret));
	return ret;
}

void result_free(struct result *r)
{
	size_t i;

	for (i = 0; i < r->nm; i++) {
		free(r->m[i].name);
		free(r->m[i].v);
	}
	free(r->m);
	free(r->dir);
	free(r->test);
	free(r->release);
	free(r->cmdline);
	free(r->timing);
	free(r->arch);
	free(r->qemu_version);
	free(r->packages);
	free(r->boot_path);
	memset(r, 0, sizeof(*r));
}

const struct result_metric *result_metric_find(const struct result *r,
					       const char *name)
{
	struct result_metric key = { .name = (char *)name };

	if (!r->nm)
		return NULL;
	return bsearch(&key, r->m, r->nm, sizeof(*r->m), result_metric_cmp);
}
