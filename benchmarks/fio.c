// SPDX-License-Identifier: GPL-2.0
/*
 * fio as LKP's fio-basic runs it, with Debian's build from the image's
 * layer. The job LKP's setup writes, from its parameters:
 *
 *   [global] bs, ioengine, iodepth, size = test_size / nr_task, direct,
 *   runtime, invalidate=1, fallocate=posix, group_reporting, and
 *   time_based when asked; [task_0] rw, directory = the scratch
 *   filesystem (TMPDIR: the job's disk), filename=fio_testfile,
 *   numjobs = nr_task
 *
 * run once with create_only=1 to lay the file out, then for real with
 * --output-format=json. The report's first job (group_reporting: all
 * of them) becomes LKP's metrics, for read and for write:
 *   fio.<op>_bw_MBps       bw (KiB/s) / 1024
 *   fio.<op>_iops          iops
 *   fio.<op>_clat_mean_ns, _clat_stddev, _clat_{90,95,99}%_ns
 *   fio.<op>_slat_mean_us, _slat_stddev (fio's numbers, LKP's names)
 *   fio.workload           read + write total_ios
 *   fio.total_bw_MBps      read + write bandwidth (ours: the headline)
 * The run checks its own work: the I/O fio says it did (io_bytes) is
 * total_ios blocks of bs, and a job that did none fails.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "params.h"
#include "proto/json_parse.h"
#include "shared/util.h"

#define FIO_BIN "/usr/bin/fio"
#define FIO_OUT_MAX (16 << 20)

struct fio_job {
	const char *rw, *bs, *ioengine, *direct, *test_size, *time_based;
	unsigned int iodepth, nr_task, runtime;
	unsigned long long bs_bytes, size;
};

static int fio_bool(const char *s)
{
	return s && (!strcmp(s, "1") || !strcmp(s, "true") ||
		     !strcmp(s, "direct") || !strcmp(s, "tb"));
}

/* The job file LKP's fio-setup-basic would write, into @path. */
static int fio_job_write(const struct fio_job *j, const char *path,
			 int create_only)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fprintf(f,
		"[global]\nbs=%llu\nioengine=%s\niodepth=%u\nsize=%llu\n"
		"direct=%d\nruntime=%u\ninvalidate=1\nfallocate=posix\n"
		"group_reporting\n%s%s",
		j->bs_bytes, j->ioengine, j->iodepth, j->size,
		fio_bool(j->direct), j->runtime,
		fio_bool(j->time_based) ? "time_based\n" : "",
		create_only ? "create_only=1\n" : "");
	fprintf(f,
		"[task_0]\nrw=%s\ndirectory=%s\nfilename=fio_testfile\nnumjobs=%u\n",
		j->rw, harness_tmpdir(), j->nr_task);
	return fclose(f) ? -errno : 0;
}

/* fio with @job (and JSON into @out when given); its exit status. */
static int fio_exec(const char *job, const char *out)
{
	char opt[300];
	char *argv[] = { FIO_BIN, "--output-format=json", opt, (char *)job,
			 NULL };

	snprintf(opt, sizeof(opt), "--output=%s", out ? out : "/dev/null");
	return external_run(argv, harness_tmpdir(), -1, NULL, NULL);
}

static double fio_num(const struct json_value *obj, const char *key)
{
	const struct json_value *v = obj ? json_member(obj, key) : NULL;

	return v && v->type == JSON_NUMBER ? v->number : 0;
}

/* clat's percentiles "90.000000" and the like, as LKP names them. */
static void fio_percentiles(const char *op, const struct json_value *clat)
{
	static const char *const want[] = { "90", "95", "99" };
	const struct json_value *p = json_member(clat, "percentile");
	char key[32], name[64];
	size_t i;

	for (i = 0; p && i < ARRAY_SIZE(want); i++) {
		snprintf(key, sizeof(key), "%s.000000", want[i]);
		snprintf(name, sizeof(name), "fio.%s_clat_%s%%_ns", op,
			 want[i]);
		if (json_member(p, key))
			harness_metric(name, fio_num(p, key));
	}
}

static void fio_metric(const char *op, const char *what, double v)
{
	char name[96];

	snprintf(name, sizeof(name), "fio.%s_%s", op, what);
	harness_metric(name, v);
}

/* One direction's numbers; its total_ios, or -1 when they do not add up. */
static double fio_op_read(const struct fio_job *j, const struct json_value *job,
			  const char *op)
{
	const struct json_value *o = json_member(job, op), *clat, *slat;
	double ios = fio_num(o, "total_ios"), bytes = fio_num(o, "io_bytes");

	if (!o || ios <= 0)
		return 0;
	/* Whole blocks of bs: what fio says it moved is what it counted. */
	if (bytes != ios * j->bs_bytes) {
		fprintf(stderr,
			"fio: %s: %.0f bytes in %.0f I/Os of %llu bytes do not add up\n",
			op, bytes, ios, j->bs_bytes);
		return -1;
	}
	clat = json_member(o, "clat_ns");
	slat = json_member(o, "slat_ns");
	fio_metric(op, "bw_MBps", fio_num(o, "bw") / 1024);
	fio_metric(op, "iops", fio_num(o, "iops"));
	fio_metric(op, "clat_mean_ns", fio_num(clat, "mean"));
	fio_metric(op, "clat_stddev", fio_num(clat, "stddev"));
	if (clat)
		fio_percentiles(op, clat);
	fio_metric(op, "slat_mean_us", fio_num(slat, "mean"));
	fio_metric(op, "slat_stddev", fio_num(slat, "stddev"));
	return ios;
}

static int fio_report_read(const struct fio_job *j, const char *path)
{
	struct json_value *root = NULL;
	const struct json_value *jobs;
	double r, w;
	char err[128], *buf = malloc(FIO_OUT_MAX);
	FILE *f = fopen(path, "r");
	size_t n = 0;
	int ret = 1;

	if (!buf || !f) {
		fprintf(stderr, "fio: no report in %s\n", path);
		goto out;
	}
	n = fread(buf, 1, FIO_OUT_MAX, f);
	if (json_parse(buf, n, &root, err, sizeof(err))) {
		fprintf(stderr, "fio: its report is no JSON: %s\n", err);
		goto out;
	}
	jobs = json_member(root, "jobs");
	if (!jobs || jobs->type != JSON_ARRAY || !jobs->child) {
		fprintf(stderr, "fio: its report has no job\n");
		goto out;
	}
	r = fio_op_read(j, jobs->child, "read");
	w = fio_op_read(j, jobs->child, "write");
	if (r < 0 || w < 0 || r + w <= 0) {
		if (r + w == 0)
			fprintf(stderr, "fio: the job did no I/O\n");
		goto out;
	}
	harness_metric("fio.workload", r + w);
	harness_metric("fio.total_bw_MBps",
		       (fio_num(json_member(jobs->child, "read"), "bw") +
			fio_num(json_member(jobs->child, "write"), "bw")) /
			       1024);
	ret = 0;
out:
	json_value_free(root);
	if (f)
		fclose(f);
	free(buf);
	return ret;
}

static int fio_job_check(struct fio_job *j)
{
	unsigned long long total;

	if (param_size_parse(j->bs, &j->bs_bytes) ||
	    param_size_parse(j->test_size, &total))
		return -EINVAL;
	if (!j->nr_task)
		j->nr_task = 1;
	/* Each task's share, in whole blocks (fio rounds so too). */
	j->size = total / j->nr_task / j->bs_bytes * j->bs_bytes;
	if (!j->size) {
		fprintf(stderr,
			"fio: TEST_SIZE=%s over %u tasks is less than one block of %s: give a bigger TEST_SIZE\n",
			j->test_size, j->nr_task, j->bs);
		return -EINVAL;
	}
	return 0;
}

static int fio_run(int argc, char **argv)
{
	struct fio_job j = { .rw = "write",
			     .bs = "4k",
			     .ioengine = "sync",
			     .direct = "0",
			     .test_size = "64M",
			     .time_based = "0",
			     .iodepth = 32,
			     .nr_task = 1,
			     .runtime = 300 };
	const struct harness_param params[] = {
		{ "rw", NULL, &j.rw },
		{ "bs", NULL, &j.bs },
		{ "ioengine", NULL, &j.ioengine },
		{ "iodepth", &j.iodepth, NULL },
		{ "direct", NULL, &j.direct },
		{ "test_size", NULL, &j.test_size },
		{ "time_based", NULL, &j.time_based },
		{ "nr_task", &j.nr_task, NULL },
		{ "runtime", &j.runtime, NULL },
	};
	char job[300], out[300];
	int status;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    fio_job_check(&j))
		return 2;
	snprintf(job, sizeof(job), "%s/fio.job", harness_tmpdir());
	snprintf(out, sizeof(out), "%s/fio.json", harness_tmpdir());
	printf("progress fio rw=%s bs=%s ioengine=%s %u task(s) of %llu bytes in %s\n",
	       j.rw, j.bs, j.ioengine, j.nr_task, j.size, harness_tmpdir());
	status = fio_job_write(&j, job, 1);
	if (!status)
		status = fio_exec(job, NULL);
	if (!status)
		status = fio_job_write(&j, job, 0);
	if (!status)
		status = fio_exec(job, out);
	if (status) {
		fprintf(stderr, "fio: %s %s: %s\n", FIO_BIN, job,
			status < 0 ? strerror(-status) : "failed");
		return 1;
	}
	status = fio_report_read(&j, out);
	unlink(job);
	unlink(out);
	snprintf(job, sizeof(job), "%s/fio_testfile", harness_tmpdir());
	unlink(job);
	return status;
}

const struct bench bench = {
	.name = "fio",
	.title = "fio (Debian's)",
	.run = fio_run,
};
