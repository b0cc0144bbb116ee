// SPDX-License-Identifier: GPL-2.0
/*
 * sysbench fileio as LKP's sysbench-fileio runs it, with Debian's
 * sysbench from the image's layer, in the scratch filesystem (TMPDIR):
 *
 *   sysbench fileio --file-num=FILENUM --file-total-size=SIZE prepare
 *   sysbench fileio ... --file-test-mode=RWMODE --file-io-mode=IOMODE
 *                   --threads=NR_THREADS --time=RUNTIME run
 *   sysbench fileio ... cleanup
 *
 * Its report read into LKP's names: sysbench-fileio.read_operations/s,
 * write_operations/s, fsync_operations/s (its reads/s, writes/s,
 * fsyncs/s), read_bytes_MiB/s and write_bytes_MiB/s (its Throughput),
 * read_bytes_MB/s and write_bytes_MB/s (the same in 10^6 bytes),
 * latency_avg_ms and latency_sum_ms; and ours, the headline,
 * sysbench-fileio.operations/s: all its events over its total time. The
 * run checks sysbench's count: its events are its reads, writes and
 * fsyncs a second times its time (within 5%), and more than none.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "params.h"
#include "shared/util.h"

#define SYSBENCH_BIN "/usr/bin/sysbench"

struct sbf_out {
	int section; /* 0 none, 1 File operations, 2 Throughput, 3 Latency */
	double reads, writes, fsyncs, read_mib, write_mib, time, events;
	double lat_avg, lat_sum;
};

/* "    reads/s:   31644.00": the number after @label, if it is this line. */
static int sbf_value(const char *line, const char *label, double *out)
{
	const char *p = strstr(line, label);

	if (!p)
		return 0;
	*out = strtod(p + strlen(label), NULL);
	return 1;
}

static void sbf_line(const char *line, void *ctx)
{
	struct sbf_out *o = ctx;

	if (strstr(line, "File operations:"))
		o->section = 1;
	else if (strstr(line, "Throughput:"))
		o->section = 2;
	else if (strstr(line, "Latency (ms):"))
		o->section = 3;
	else if (strstr(line, "Threads fairness:"))
		o->section = 0;
	if (o->section == 1 && (sbf_value(line, "reads/s:", &o->reads) ||
				sbf_value(line, "writes/s:", &o->writes) ||
				sbf_value(line, "fsyncs/s:", &o->fsyncs)))
		return;
	if (o->section == 2 &&
	    (sbf_value(line, "read, MiB/s:", &o->read_mib) ||
	     sbf_value(line, "written, MiB/s:", &o->write_mib)))
		return;
	if (o->section == 3 && (sbf_value(line, "avg:", &o->lat_avg) ||
				sbf_value(line, "sum:", &o->lat_sum)))
		return;
	if (!sbf_value(line, "total time:", &o->time))
		sbf_value(line, "total number of events:", &o->events);
}

/* sysbench fileio with the job's files and @what's own options. */
static int sbf_exec(char *const *common, const char *what, char *const *extra,
		    struct sbf_out *o)
{
	char *argv[16];
	int i = 0, j;

	argv[i++] = SYSBENCH_BIN;
	argv[i++] = "fileio";
	for (j = 0; common[j]; j++)
		argv[i++] = common[j];
	for (j = 0; extra && extra[j]; j++)
		argv[i++] = extra[j];
	argv[i++] = (char *)what;
	argv[i] = NULL;
	return external_run(argv, harness_tmpdir(), -1, sbf_line, o);
}

/*
 * Every read and write is an event, and every event at least one
 * operation; but a periodic fsync event syncs every file open, so with
 * LKP's filenum 1024 one event is up to 1024 fsyncs (a 4 s run counted
 * 4774 fsyncs in 3033 events): a bound each way, 5% for the rounding.
 */
static int sbf_report(const struct sbf_out *o)
{
	double ops = o->reads + o->writes + o->fsyncs;
	double rw = o->reads + o->writes;

	if (o->events <= 0 || o->time <= 0 || rw * o->time > o->events * 1.05 ||
	    ops * o->time < o->events * 0.95) {
		fprintf(stderr,
			"sysbench-fileio: %.0f events in %.2f s do not match %.1f operations a second\n",
			o->events, o->time, ops);
		return 1;
	}
	harness_metric("sysbench-fileio.read_operations/s", o->reads);
	harness_metric("sysbench-fileio.write_operations/s", o->writes);
	harness_metric("sysbench-fileio.fsync_operations/s", o->fsyncs);
	harness_metric("sysbench-fileio.read_bytes_MiB/s", o->read_mib);
	harness_metric("sysbench-fileio.write_bytes_MiB/s", o->write_mib);
	harness_metric("sysbench-fileio.read_bytes_MB/s",
		       o->read_mib * 1.048576);
	harness_metric("sysbench-fileio.write_bytes_MB/s",
		       o->write_mib * 1.048576);
	harness_metric("sysbench-fileio.latency_avg_ms", o->lat_avg);
	harness_metric("sysbench-fileio.latency_sum_ms", o->lat_sum);
	harness_metric("sysbench-fileio.operations/s", o->events / o->time);
	return 0;
}

/*
 * sysbench holds every file open through the run: LKP's filenum 1024
 * with the kernel's default limit of 1024 descriptors was "Too many
 * open files". We run as root, so the limit is raised to fit them.
 */
static int sbf_nofile_raise(unsigned int filenum)
{
	rlim_t need = (rlim_t)filenum + 64;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return -errno;
	if (rl.rlim_cur >= need)
		return 0;
	rl.rlim_cur = need;
	if (rl.rlim_max < need)
		rl.rlim_max = need;
	return setrlimit(RLIMIT_NOFILE, &rl) ? -errno : 0;
}

static int sbf_run(int argc, char **argv)
{
	const char *size = "64M", *rwmode = "rndrw", *iomode = "sync";
	unsigned int threads = 0, runtime = 10, filenum = 128;
	const struct harness_param params[] = {
		{ "test_size", NULL, &size },	  { "rwmode", NULL, &rwmode },
		{ "iomode", NULL, &iomode },	  { "filenum", &filenum, NULL },
		{ "nr_threads", &threads, NULL }, { "runtime", &runtime, NULL },
	};
	char num[32], total[64], mode[64], io[64], th[32], tm[32];
	char *common[] = { num, total, NULL };
	char *run[] = { mode, io, th, tm, NULL };
	unsigned long long bytes;
	struct sbf_out o = { 0 };
	int status;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    param_size_parse(size, &bytes))
		return 2;
	status = sbf_nofile_raise(filenum);
	if (status) {
		fprintf(stderr,
			"sysbench-fileio: %u files need as many descriptors: %s\n",
			filenum, strerror(-status));
		return 1;
	}
	/* LKP's default is 100% of the CPUs. */
	if (!threads)
		threads = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(num, sizeof(num), "--file-num=%u", filenum);
	snprintf(total, sizeof(total), "--file-total-size=%llu", bytes);
	snprintf(mode, sizeof(mode), "--file-test-mode=%s", rwmode);
	snprintf(io, sizeof(io), "--file-io-mode=%s", iomode);
	snprintf(th, sizeof(th), "--threads=%u", threads);
	snprintf(tm, sizeof(tm), "--time=%u", runtime);
	printf("progress sysbench fileio %s %s: %u files, %llu bytes, %u threads, %u s in %s\n",
	       rwmode, iomode, filenum, bytes, threads, runtime,
	       harness_tmpdir());
	status = sbf_exec(common, "prepare", NULL, &o);
	if (!status)
		status = sbf_exec(common, "run", run, &o);
	sbf_exec(common, "cleanup", NULL, &(struct sbf_out){ 0 });
	if (status) {
		fprintf(stderr, "sysbench-fileio: %s fileio %s\n", SYSBENCH_BIN,
			status < 0 ? strerror(-status) : "failed");
		return 1;
	}
	return sbf_report(&o);
}

const struct bench bench = {
	.name = "sysbench-fileio",
	.title = "sysbench fileio (Debian's)",
	.run = sbf_run,
};
