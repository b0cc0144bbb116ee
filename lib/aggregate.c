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
#include "proto/json_parse.h"
#include "lib/rundir.h"

struct agg_metric {
	char *name;
	double *v; /* one per run, NAN where missing */
};

struct agg {
	struct agg_metric *m;
	size_t n, cap;
	unsigned int runs;
};

static int agg_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct agg_metric *)a)->name,
		      ((const struct agg_metric *)b)->name);
}

static struct agg_metric *agg_metric_get(struct agg *a, const char *name,
					 unsigned int nruns)
{
	const struct proto_family *f = proto_family_of(name);
	struct agg_metric *m;
	size_t i;

	for (i = 0; i < a->n; i++)
		if (!strcmp(a->m[i].name, name))
			return &a->m[i];
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
	a->n++;
	return m;
}

static int agg_stats_read(struct agg *a, const char *path, unsigned int run,
			  unsigned int nruns)
{
	const struct json_value *v;
	struct json_value *doc;
	char *buf, err[128];
	size_t n;
	int ret = 0;

	buf = file_read_all(path, &n);
	if (!buf)
		return errno == ENOENT ? 0 : -errno;
	if (json_parse(buf, n, &doc, err, sizeof(err))) {
		/* A damaged run is left out, not fatal. */
		free(buf);
		return 0;
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

static int agg_file_write(const char *dir, const char *name,
			  const struct json_buf *j)
{
	char path[4200], tmp[4300];
	FILE *f;
	int err = 0;

	if (j->err)
		return j->err;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	if (fwrite(j->buf, 1, j->len, f) != j->len || fputc('\n', f) == EOF)
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
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

		json_key_write(&mat, m->name);
		json_array_open(&mat);
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
		json_key_write(&avg, m->name);
		json_number_write(&avg, mean);
		json_key_write(&sd, m->name);
		json_number_write(&sd, sqrt(sq / k));
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

int aggregate_update(const char *kernel_dir, unsigned int *runs)
{
	unsigned int *ids = NULL, nids = 0, i;
	struct agg a = { 0 };
	char path[4200];
	int lock, err = 0;

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
	if (err)
		goto out;
	a.runs = nids;
	for (i = 0; i < nids && !err; i++) {
		snprintf(path, sizeof(path), "%s/%u/stats.json", kernel_dir,
			 ids[i]);
		err = agg_stats_read(&a, path, i, nids);
	}
	if (!err) {
		if (a.n)
			qsort(a.m, a.n, sizeof(*a.m), agg_name_cmp);
		err = agg_write(&a, kernel_dir);
	}
	if (runs)
		*runs = nids;
out:
	for (i = 0; i < a.n; i++) {
		free(a.m[i].name);
		free(a.m[i].v);
	}
	free(a.m);
	free(ids);
	close(lock);
	return err;
}
