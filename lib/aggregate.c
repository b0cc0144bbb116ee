// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "proto/families.h"
#include "proto/json.h"
#include "aggregate.h"
#include "lib/fileio.h"
#include "lib/nameidx.h"
#include "proto/json_parse.h"
#include "lib/rundir.h"

struct agg_metric {
	char *name;
	double *v; /* one per run, NAN where missing */
};

struct agg {
	struct nameidx index;
	struct agg_metric *m;
	size_t n, cap;
	unsigned int runs; /* columns: the runs in the matrix */
	unsigned int left_out;
};

static int agg_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct agg_metric *)a)->name,
		      ((const struct agg_metric *)b)->name);
}

static const char *agg_metric_name(const void *ctx, size_t i)
{
	return ((const struct agg *)ctx)->m[i].name;
}

static struct agg_metric *agg_metric_get(struct agg *a, const char *name,
					 unsigned int nruns)
{
	const struct proto_family *f = proto_family_of(name);
	long found = nameidx_find(&a->index, name);
	struct agg_metric *m;
	size_t i;

	if (found >= 0)
		return &a->m[found];
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 256;

		m = realloc(a->m, cap * sizeof(*m));
		if (!m)
			return NULL;
		a->m = m;
		a->cap = cap;
	}
	m = &a->m[a->n];
	m->name = strdup(name);
	m->v = malloc(nruns * sizeof(double));
	if (!m->name || !m->v) {
		free(m->name);
		free(m->v);
		return NULL;
	}
	for (i = 0; i < nruns; i++)
		m->v[i] = f && f->failure ? 0 : NAN;
	if (nameidx_add(&a->index, m->name, a->n)) {
		free(m->name);
		free(m->v);
		return NULL;
	}
	a->n++;
	return m;
}

/*
 * One run's stats.json into column @run. A damaged one is said and
 * the run left out (-EBADMSG): it is not a run without kernel errors.
 */
static int agg_stats_read(struct agg *a, const char *path, unsigned int run,
			  unsigned int nruns)
{
	const struct json_value *v;
	struct json_value *doc = NULL;
	char *buf, err[128];
	size_t n;
	int ret = 0;

	buf = file_read_all(path, &n);
	if (!buf && errno != ENOENT && errno != EISDIR)
		return -errno;
	if (!buf || json_parse(buf, n, &doc, err, sizeof(err)) ||
	    doc->type != JSON_OBJECT) {
		fprintf(stderr,
			"bootbench: %s is %s: that run is left out of matrix.json (see runs.json)\n",
			path, buf ? "damaged" : "missing");
		json_value_free(doc);
		free(buf);
		return -EBADMSG;
	}
	for (v = doc->type == JSON_OBJECT ? doc->child : NULL; v; v = v->next) {
		struct agg_metric *m;

		if (v->type != JSON_NUMBER)
			continue;
		m = agg_metric_get(a, v->key, nruns);
		if (!m) {
			ret = -ENOMEM;
			break;
		}
		m->v[run] = v->number;
	}
	json_value_free(doc);
	free(buf);
	return ret;
}

static int agg_file_write(const char *dir, const char *name, struct json_buf *j)
{
	char path[4200];

	json_raw_write(j, "\n", 1);
	if (j->err)
		return j->err;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return file_write_atomic(path, j->buf, j->len);
}

static int agg_write(const struct agg *a, const char *dir)
{
	struct json_buf mat, avg, sd;
	unsigned int r;
	size_t i;
	int err;

	json_buf_init(&mat);
	json_buf_init(&avg);
	json_buf_init(&sd);
	json_object_open(&mat);
	json_object_open(&avg);
	json_object_open(&sd);
	for (i = 0; i < a->n; i++) {
		const struct agg_metric *m = &a->m[i];
		double sum = 0, sq = 0, mean;
		unsigned int k = 0;

		json_member_array_open(&mat, m->name);
		for (r = 0; r < a->runs; r++) {
			json_number_write(&mat, m->v[r]); /* NAN -> null */
			if (isnan(m->v[r]))
				continue;
			sum += m->v[r];
			k++;
		}
		json_array_close(&mat);
		if (!k)
			continue;
		mean = sum / k;
		for (r = 0; r < a->runs; r++)
			if (!isnan(m->v[r]))
				sq += (m->v[r] - mean) * (m->v[r] - mean);
		json_member_number(&avg, m->name, mean);
		json_member_number(&sd, m->name, sqrt(sq / k));
	}
	json_object_close(&mat);
	json_object_close(&avg);
	json_object_close(&sd);
	err = agg_file_write(dir, "matrix.json", &mat);
	if (!err)
		err = agg_file_write(dir, "avg.json", &avg);
	if (!err)
		err = agg_file_write(dir, "stddev.json", &sd);
	json_buf_free(&mat);
	json_buf_free(&avg);
	json_buf_free(&sd);
	return err;
}

/* A run enters the matrix only when it ended ok and complete. */
static const char *agg_run_status(const char *kernel_dir, unsigned int id,
				  char *status, size_t size)
{
	const struct json_value *st, *complete;
	struct json_value *doc = NULL;
	char path[4200], err[64];
	const char *why = NULL;
	size_t n;
	char *buf;

	snprintf(path, sizeof(path), "%s/%u/job.json", kernel_dir, id);
	snprintf(status, size, "unknown");
	buf = file_read_all(path, &n);
	if (!buf || json_parse(buf, n, &doc, err, sizeof(err)) ||
	    doc->type != JSON_OBJECT) {
		why = "job.json is missing or damaged";
		goto out;
	}
	st = json_member(doc, "status");
	complete = json_member(doc, "complete");
	if (st && st->type == JSON_STRING)
		snprintf(status, size, "%.40s", st->string);
	if (!st || st->type != JSON_STRING || strcmp(st->string, "ok"))
		why = "its status is not ok";
	else if (!complete || complete->type != JSON_BOOL || !complete->boolean)
		why = "it is incomplete";
out:
	json_value_free(doc);
	free(buf);
	return why;
}

static void agg_run_json(struct json_buf *j, unsigned int id,
			 const char *status, const char *why)
{
	json_object_open(j);
	json_member_int(j, "run", id);
	json_member_string(j, "status", status);
	json_member_bool(j, "in_matrix", !why);
	if (why)
		json_member_string(j, "left_out", why);
	json_object_close(j);
}

/* Every run into runs.json; the complete, ok ones into the matrix. */
static int agg_runs_read(struct agg *a, const char *kernel_dir,
			 const unsigned int *ids, unsigned int nids,
			 struct json_buf *runs)
{
	char path[4200], status[48];
	const char *why;
	unsigned int i;
	int err = 0;

	json_object_open(runs);
	json_member_array_open(runs, "runs");
	for (i = 0; i < nids && !err; i++) {
		why = agg_run_status(kernel_dir, ids[i], status,
				     sizeof(status));
		if (!why) {
			snprintf(path, sizeof(path), "%s/%u/stats.json",
				 kernel_dir, ids[i]);
			err = agg_stats_read(a, path, a->runs, nids);
			if (err == -EBADMSG)
				why = "stats.json is missing or damaged";
			else if (!err)
				a->runs++;
			err = err == -EBADMSG ? 0 : err;
		}
		agg_run_json(runs, ids[i], status, why);
		a->left_out += why != NULL;
	}
	json_array_close(runs);
	json_member_int(runs, "in_matrix", a->runs);
	json_member_int(runs, "left_out", a->left_out);
	json_object_close(runs);
	return err;
}

int aggregate_update(const char *kernel_dir, unsigned int *runs)
{
	unsigned int *ids = NULL, nids = 0, i;
	struct agg a = { 0 };
	struct json_buf rj;
	char path[4200];
	int lock, err = 0;

	json_buf_init(&rj);
	nameidx_init(&a.index, agg_metric_name, &a);
	snprintf(path, sizeof(path), "%s/.lock", kernel_dir);
	lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock < 0)
		return -errno;
	/* Two runs finishing at once must not interleave their rewrites. */
	if (flock(lock, LOCK_EX)) {
		err = -errno;
		goto out;
	}
	err = rundir_runs_list(kernel_dir, &ids, &nids);
	if (!err)
		err = agg_runs_read(&a, kernel_dir, ids, nids, &rj);
	if (!err) {
		if (a.n)
			qsort(a.m, a.n, sizeof(*a.m), agg_name_cmp);
		err = agg_write(&a, kernel_dir);
	}
	if (!err)
		err = agg_file_write(kernel_dir, "runs.json", &rj);
	if (runs)
		*runs = a.runs;
	if (!err && a.left_out)
		fprintf(stderr,
			"bootbench: %s: %u of %u run(s) left out of matrix.json: not complete and ok (see runs.json)\n",
			kernel_dir, a.left_out, nids);
out:
	for (i = 0; i < a.n; i++) {
		free(a.m[i].name);
		free(a.m[i].v);
	}
	free(a.m);
	nameidx_free(&a.index);
	free(ids);
	json_buf_free(&rj);
	close(lock);
	return err;
}
