// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench reproduce --report MAIL --out DIR: what a 0-day/LKP report
 * asks for, as a job file (docs/jobs.md) and a machine, with what was
 * read, guessed and left out said on stderr. The runs and the verdict
 * are report/reproduce.sh's (docs/reproduce.md).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot/bootbench.h"
#include "proto/disk.h"
#include "proto/names.h"
#include "lib/fileio.h"
#include "lib/metrics.h"
#include "lkpmail.h"
#include "lib/rundir.h"
#include "lib/strv.h"
#include "lib/tests.h"
#include "boot/cputable.h"
#include "boot/topology.h"
#include "report/rules.h"
#include "shared/util.h"

#define REPRO_KEYS_MAX 24

struct repro_job {
	char keys[REPRO_KEYS_MAX][32];
	char vals[REPRO_KEYS_MAX][160];
	int n;
	char metric[128];
};

static void repro_set(struct repro_job *j, const char *key, const char *val)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			break;
	if (i == REPRO_KEYS_MAX)
		return;
	snprintf(j->keys[i], sizeof(j->keys[i]), "%s", key);
	snprintf(j->vals[i], sizeof(j->vals[i]), "%s", val);
	if (i == j->n)
		j->n++;
}

static const char *repro_get(const struct repro_job *j, const char *key)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			return j->vals[i];
	return NULL;
}

static void repro_note(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void repro_note(const char *what, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bootbench: %s: ", what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * LKP writes its values with units: "300s", "10000000ops", "1G". A
 * count or seconds of ours is the bare number; a size is in bytes.
 */
static const struct {
	const char *unit;
	unsigned long long factor;
} repro_units[] = {
	{ "", 1 },	     { "s", 1 },	  { "sec", 1 },
	{ "ops", 1 },	     { "K", 1ULL << 10 }, { "M", 1ULL << 20 },
	{ "G", 1ULL << 30 },
};

/* 0, or -EINVAL when @v is no number with a unit of the table. */
static int repro_value_normalise(const char *v, char *buf, size_t size)
{
	unsigned long long n;
	char *end;
	size_t i;

	if (!isdigit((unsigned char)*v))
		return -EINVAL;
	n = strtoull(v, &end, 10);
	for (i = 0; i < ARRAY_SIZE(repro_units); i++)
		if (!strcmp(end, repro_units[i].unit)) {
			snprintf(buf, size, "%llu", n * repro_units[i].factor);
			return 0;
		}
	return -EINVAL;
}

/* "300s" -> "300"; a value with no unit we know stays, for the check. */
static void repro_seconds(const char *v, char *buf, size_t size)
{
	if (repro_value_normalise(v, buf, size))
		snprintf(buf, size, "%s", v);
}

/* LKP's counts with a word: "16d", "256fpd", "1x", "1024f", "32t" are numbers. */
static const char *repro_count_word(const char *v, char *buf, size_t size)
{
	size_t n = strspn(v, "0123456789");

	if (!n ||
	    (strcmp(v + n, "d") && strcmp(v + n, "fpd") && strcmp(v + n, "x") &&
	     strcmp(v + n, "f") && strcmp(v + n, "t")))
		return v;
	snprintf(buf, size, "%.*s", (int)n, v);
	return buf;
}

/*
 * A value for our parameter @key: a number-valued parameter loses its
 * unit; nr_task's "100%" and words stay as they are.
 */
static void repro_param_value(const char *key, const char *v, char *buf,
			      size_t size)
{
	const struct param_spec *spec = param_spec_find(key);
	char count[32];

	/* "nr_task: 8t" is 8 tasks for every testcase, not only fsmark's. */
	v = repro_count_word(v, count, sizeof(count));
	if (spec && spec->kind == PARAM_UINT)
		repro_seconds(v, buf, size);
	else
		snprintf(buf, size, "%s", v);
}

/*
 * LKP storage parameters bootbench cannot give (docs/disks.md): a job
 * asking for them would measure something else, so refuse.
 */
static const struct {
	const char *key, *what;
} repro_storage[] = {
	{ "raid_level", "a software RAID array of its own level" },
	{ "nr_hdd", "hard disks by count" },
	{ "nr_ssd", "SSDs by count" },
	{ "iosched", "a block device's I/O scheduler" },
	{ "bp_memmap", "persistent memory" },
};

static int repro_storage_check(const struct lkpmail *m)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(repro_storage); i++)
		if (lkpmail_param_get(m, repro_storage[i].key)) {
			fprintf(stderr,
				"bootbench: the report's job needs %s (%s: %s), which bootbench's guest cannot have: it cannot run this job\n",
				repro_storage[i].what, repro_storage[i].key,
				lkpmail_param_get(m, repro_storage[i].key));
			return -ENOENT;
		}
	return 0;
}

/*
 * A parameter LKP ran as a list ("nr_task: [1,...,16]": one job per
 * value) is the value of the job the compare table is about: its
 * header says it. Without one single value, refuse.
 */
static int repro_list_pick(const struct lkpmail *m, const char *key,
			   const char *v, const char **out)
{
	const char *h;

	*out = v;
	if (!v || (!strchr(v, ',') && v[0] != '['))
		return 0;
	h = lkpmail_header_get(m, key);
	if (h && !strchr(h, ',') && h[0] != '[' && h[0]) {
		repro_note(
			"read",
			"%s: %s is a list (LKP ran one job per value); the compare table is about %s",
			key, v, h);
		*out = h;
		return 0;
	}
	fprintf(stderr,
		"bootbench: %s: %s is a list (LKP ran one job per value) and the report does not say which one changed: save the mail with its compare table, or edit %s to the one value\n",
		key, v, key);
	return -ENOENT;
}

/* The report's value of @key, a list narrowed to the table's value. */
static int repro_param(const struct lkpmail *m, const char *key,
		       const char **out)
{
	return repro_list_pick(m, key, lkpmail_param_get(m, key), out);
}

/* disk:, fs:, md: and fs2: as our DISK=, FS=, MD=, FS2= (docs/disks.md). */
static int repro_disk_map(const struct lkpmail *m, struct repro_job *j)
{
	const char *keys[] = { "disk", "fs", "md", "fs2" };
	struct disk_spec d;
	const char *v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (repro_param(m, keys[i], &v))
			return -ENOENT;
		if (!v)
			continue;
		if (param_value_check(param_spec_find(keys[i]), v)) {
			fprintf(stderr,
				"bootbench: the report's job needs %s: %s, which bootbench cannot give: it has %s\n",
				keys[i], v, param_spec_find(keys[i])->help);
			return -ENOENT;
		}
		repro_set(j, keys[i], v);
	}
	if (!repro_get(j, "disk"))
		return 0;
	disk_spec_parse(repro_get(j, "disk"), &d, NULL, 0);
	if (d.kind != DISK_BRD)
		repro_note(
			"scaled",
			"disk = %s: %u virtio disk(s) of %llu MiB on sparse host files stand for the report's (docs/disks.md)",
			repro_get(j, "disk"), d.count, d.size >> 20);
	return 0;
}

/* LKP testcases we do not run, and what of ours is nearest. */
static const struct {
	const char *testcase, *closest;
} repro_closest[] = {
	{ "tbench", "hackbench IPC=socket (local socket messaging)" },
	{ "reaim", "aim7 (the AIM suite's multiuser driver) or aim9" },
	{ "schbench", "perf-bench-sched-pipe (wakeup latency)" },
};

/*
 * LKP's unixbench `test:` names are ours: one of the tests of suite
 * unixbench in benchmarks/tests.def.
 */
static int repro_is_unixbench(const char *name)
{
	const struct test_desc *t = test_find(name);

	return t && !strcmp(t->suite, "unixbench");
}

static int word_listed(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return 1;
	return 0;
}

/*
 * A bare text (not a robot's mail): which benchmark it talks about, by
 * the words benchmarks/tests.def gives each.
 */
static const char *repro_hint(const char *text, const char *metric,
			      const char *regarding)
{
	const struct test_desc *t;

	if (metric[0])
		text = metric;
	else if (regarding[0] && repro_hint(regarding, "", ""))
		text = regarding;
	t = test_hint_find(text);
	return t ? t->name : NULL;
}

/* @key of the report into our @ours, unit-normalised; -ENOENT: a list. */
static int repro_copy(const struct lkpmail *m, struct repro_job *j,
		      const char *key, const char *ours)
{
	const char *v;
	char buf[160];

	if (repro_param(m, key, &v))
		return -ENOENT;
	if (v) {
		repro_param_value(ours, v, buf, sizeof(buf));
		repro_set(j, ours, buf);
	}
	return 0;
}

/*
 * UnixBench's syscall as LKP ran it on the report's date: before
 * byte-unixbench fb4521c (merged 2023-01-19) every copy dup'ed the one
 * stdin they all inherit (syscall_file=shared); since, a pipe of its
 * own. LKP builds UnixBench from its git tree when it makes its test
 * image, so a report of that day may still have run the old one: the
 * cut is the upstream merge, the first day the new code could run.
 */
#define REPRO_SYSCALL_PRIVATE_SINCE 20230119

static void repro_syscall_file(const struct lkpmail *m, struct repro_job *j)
{
	const char *mode = m->date && m->date < REPRO_SYSCALL_PRIVATE_SINCE ?
				   "shared" :
				   "private";

	repro_set(j, "syscall_file", mode);
	if (m->date)
		repro_note(
			"from the date",
			"syscall_file = %s (the report is of %04u-%02u-%02u by %s; UnixBench's copies share one stdin before 2023-01-19, then each has its own pipe)",
			mode, m->date / 10000, m->date / 100 % 100,
			m->date % 100, m->date_src);
	else
		repro_note(
			"guessed",
			"syscall_file = private (the report gives no date; UnixBench since 2023-01-19: say SYSCALL_FILE=shared for a report before)");
}

static int repro_unixbench_params(const struct lkpmail *m, struct repro_job *j,
				  const char *test)
{
	const char *v;
	char buf[32];

	const struct test_desc *t = test_find(test);

	repro_set(j, "test", test);
	if (strv_word_in(t->params, "syscall_file"))
		repro_syscall_file(m, j);
	/* LKP builds UnixBench with its Makefile: gcc, glibc, dynamic. */
	if (strv_word_in(t->params, "exec_link"))
		repro_set(j, "exec_link", "dynamic");
	if (repro_param(m, "nr_task", &v))
		return -ENOENT;
	if (v) {
		repro_set(j, "nr_task", repro_count_word(v, buf, sizeof(buf)));
	} else if (m->copies) {
		snprintf(buf, sizeof(buf), "%u", m->copies);
		repro_set(j, "nr_task", buf);
	} else {
		repro_set(j, "nr_task", "100%");
		repro_note(
			"guessed",
			"nr_task = 100%% (the report gives no copy count; LKP's unixbench jobs run one copy per CPU)");
	}
	if (repro_param(m, "runtime", &v))
		return -ENOENT;
	if (v) {
		repro_seconds(v, buf, sizeof(buf));
		repro_set(j, "runtime", buf);
	} else {
		repro_set(j, "runtime", "300");
		repro_note("guessed",
			   "runtime = 300 (LKP's unixbench default)");
	}
	return 0;
}

static int repro_hackbench_params(const struct lkpmail *m, struct repro_job *j)
{
	char buf[32];

	repro_set(j, "test", "hackbench");
	if (repro_copy(m, j, "nr_threads", "nr_threads") ||
	    repro_copy(m, j, "mode", "mode") ||
	    repro_copy(m, j, "ipc", "ipc") ||
	    repro_copy(m, j, "iterations", "passes"))
		return -ENOENT;
	if (m->groups) {
		snprintf(buf, sizeof(buf), "%u", m->groups);
		repro_set(j, "groups", buf);
	}
	if (m->loops) {
		snprintf(buf, sizeof(buf), "%u", m->loops);
		repro_set(j, "loops", buf);
	} else {
		repro_note(
			"guessed",
			"loops: bootbench's default (the report gives none)");
	}
	return 0;
}

static int repro_aim9_params(const struct lkpmail *m, struct repro_job *j)
{
	/* The same check make run makes of AIM9_TEST. */
	const struct param_spec *spec = param_spec_find("aim9_test");
	const char *v;
	char buf[32];

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (v && param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: aim9 test '%s' is not one bootbench implements: it has %s\n",
			v, spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "aim9");
	if (v)
		repro_set(j, "aim9_test", v);
	if (repro_param(m, "testtime", &v))
		return -ENOENT;
	repro_seconds(v ? v : "300", buf, sizeof(buf));
	repro_set(j, "runtime", buf);
	if (!v)
		repro_note("guessed", "runtime = 300 (LKP's aim9 testtime)");
	return 0;
}

/*
 * LKP's aim7 runs `load` tasks at once, each with files of about 1M
 * (FILESIZE 1M + POOLSIZE 10M / load) on the report's disk: 3000 tasks
 * are 3G in flight, more than a guest's RAM disk or memory holds. The
 * load is capped here, said; the test and the disk are the report's.
 */
#define REPRO_AIM7_LOAD_MAX 100

static int repro_aim7_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("aim7_test");
	unsigned int load = 0;
	const char *v;
	char buf[32];

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v || param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: aim7 test '%s' is not one bootbench implements: it has %s\n",
			v ? v : "(none given)", spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "aim7");
	repro_set(j, "aim7_test", v);
	if (repro_param(m, "load", &v))
		return -ENOENT;
	if (v && util_uint_parse(v, 1, 100000, &load)) {
		fprintf(stderr,
			"bootbench: aim7 load '%s' is not a number of tasks (1 to 100000)\n",
			v);
		return -ENOENT;
	}
	if (!v)
		repro_note("guessed", "load = 2 (the report gives none)");
	snprintf(buf, sizeof(buf), "%u",
		 load > REPRO_AIM7_LOAD_MAX ? REPRO_AIM7_LOAD_MAX :
		 load			    ? load :
					      2);
	repro_set(j, "load", buf);
	/* The suite's jobs a user, said so that QUICK=1 can scale them. */
	repro_set(j, "aim7_jobs", "100");
	if (load > REPRO_AIM7_LOAD_MAX)
		repro_note(
			"scaled",
			"load = %s (the report's %u tasks: their files of about 1M each would not fit a guest's disk and memory)",
			buf, load);
	return repro_disk_map(m, j);
}

/* @key's value of the report, or @dflt with a note that it was guessed. */
static int repro_copy_or(const struct lkpmail *m, struct repro_job *j,
			 const char *key, const char *dflt, const char *why)
{
	if (repro_copy(m, j, key, key))
		return -ENOENT;
	if (!lkpmail_param_get(m, key)) {
		repro_set(j, key, dflt);
		repro_note("guessed", "%s = %s (%s)", key, dflt, why);
	}
	return 0;
}

/*
 * LKP's will-it-scale: test, mode (process, thread, or both: then the
 * report's metric says which side changed), nr_task, runtime.
 */
static int repro_wis_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("wis_test");
	const char *v;
	int threads;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v || param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: will-it-scale test '%s' is not one of the upstream testcases bootbench has (benchmarks/wis-tests.def)\n",
			v ? v : "(none given)");
		return -ENOENT;
	}
	repro_set(j, "test", "will-it-scale");
	repro_set(j, "wis_test", v);
	if (repro_param(m, "mode", &v))
		return -ENOENT;
	threads = v && !strcmp(v, "thread");
	if (!v || !strcmp(v, "both")) {
		threads = strstr(m->metric, "per_thread_ops") != NULL;
		repro_note(
			"guessed",
			"mode = %s (LKP ran %s; the report's metric is %s's)",
			threads ? "threads" : "process",
			v ? "both" : "its default, both",
			threads ? "the threads" : "the processes");
	}
	repro_set(j, "mode", threads ? "threads" : "process");
	if (repro_copy_or(m, j, "nr_task", "100%",
			  "the report gives no task count"))
		return -ENOENT;
	return repro_copy_or(m, j, "runtime", "300", "LKP's default");
}

/*
 * A netperf test's metrics are in one unit (benchmarks/netperf.c): Mbps
 * for _STREAM and _MAERTS, transactions per second for _RR and _CRR;
 * ThroughputRecv is UDP_STREAM's alone. A report whose metric the test
 * does not give would boot both kernels to find nothing to compare.
 */
static int repro_netperf_metric_check(const struct lkpmail *m, const char *test)
{
	int stream = strstr(test, "_STREAM") || strstr(test, "_MAERTS");
	const char *unit = stream ? "_Mbps" : "_tps";
	const char *metric = m->metric;

	if (strncmp(metric, "netperf.", 8) ||
	    !strcmp(metric, "netperf.workload"))
		return 0;
	if (strstr(metric, unit) &&
	    (!strstr(metric, "ThroughputRecv") || !strcmp(test, "UDP_STREAM")))
		return 0;
	fprintf(stderr,
		"bootbench: the report's metric %s is not one netperf's %s gives (a _STREAM or _MAERTS test's are in Mbps, an _RR or _CRR test's in tps; ThroughputRecv is UDP_STREAM's alone): the job would boot both kernels and find no such metric; check the report's test: and its metric\n",
		metric, test);
	return -ENOENT;
}

/*
 * LKP's netperf: test, nr_threads, runtime, send_size, over loopback
 * (cluster: cs-localhost) on IPv4; we have no other link nor IPv6.
 */
static int repro_netperf_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("netperf_test");
	const char *v;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v || param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: netperf test '%s' is not one bootbench implements: it has %s\n",
			v ? v : "(none given)", spec->choices);
		return -ENOENT;
	}
	if (repro_netperf_metric_check(m, v))
		return -ENOENT;
	repro_set(j, "test", "netperf");
	repro_set(j, "netperf_test", v);
	v = lkpmail_param_get(m, "ip");
	if (v && strcmp(v, "ipv4")) {
		fprintf(stderr,
			"bootbench: netperf over %s: bootbench's netperf runs over IPv4 loopback only (ip: ipv4)\n",
			v);
		return -ENOENT;
	}
	v = lkpmail_param_get(m, "cluster");
	if (v && strcmp(v, "cs-localhost")) {
		fprintf(stderr,
			"bootbench: netperf cluster %s runs between machines: bootbench's netperf runs in one guest over loopback (cluster: cs-localhost)\n",
			v);
		return -ENOENT;
	}
	if (repro_copy(m, j, "send_size", "send_size") ||
	    repro_copy_or(m, j, "nr_threads", "1", "LKP's netperf default"))
		return -ENOENT;
	return repro_copy_or(m, j, "runtime", "300", "LKP's default");
}

/* LKP's perf-bench-futex: test, shared, nr_task, runtime. */
static int repro_futex_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("futex_test");
	const char *v;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (v && param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: perf-bench-futex test '%s' is not one bootbench implements: it has %s\n",
			v, spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "perf-bench-futex");
	if (v)
		repro_set(j, "futex_test", v);
	if (repro_param(m, "shared", &v))
		return -ENOENT;
	repro_set(j, "shared",
		  v && !strcmp(v, "shared") ? "shared" : "private");
	if (repro_copy_or(m, j, "nr_task", "100%",
			  "perf's default, a thread per CPU"))
		return -ENOENT;
	return repro_copy_or(m, j, "runtime", "300", "LKP's default");
}

static int repro_pipe_params(const struct lkpmail *m, struct repro_job *j)
{
	char buf[32];

	repro_set(j, "test", "perf-bench-sched-pipe");
	if (repro_copy(m, j, "loops", "loops") ||
	    repro_copy(m, j, "mode", "mode"))
		return -ENOENT;
	if (!lkpmail_param_get(m, "loops") && m->perf_loops) {
		snprintf(buf, sizeof(buf), "%u", m->perf_loops);
		repro_set(j, "loops", buf);
	}
	return 0;
}

/*
 * LKP's stress-ng jobs: one stressor (`test:`), nr_threads, testtime;
 * Debian's stress-ng runs it, or says why it cannot (params.c).
 */
static int repro_stressng_params(const struct lkpmail *m, struct repro_job *j)
{
	char why[256], buf[32];
	const char *v;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v) {
		fprintf(stderr,
			"bootbench: the stress-ng report names no stressor (test:): give the report with its job parameters\n");
		return -ENOENT;
	}
	/* A report with a disk and a filesystem may run the disk ones. */
	param_stressor_disk_set(lkpmail_param_get(m, "disk") &&
				lkpmail_param_get(m, "fs"));
	if (param_stressor_why(v, why, sizeof(why))) {
		fprintf(stderr, "bootbench: %s\n", why);
		return -ENOENT;
	}
	repro_set(j, "test", "stress-ng");
	repro_set(j, "stressor", v);
	if (repro_param(m, "nr_threads", &v))
		return -ENOENT;
	repro_set(j, "nr_threads",
		  v ? repro_count_word(v, buf, sizeof(buf)) : "100%");
	if (!v)
		repro_note("guessed",
			   "nr_threads = 100%% (LKP's stress-ng jobs' value)");
	if (repro_param(m, "testtime", &v))
		return -ENOENT;
	repro_seconds(v ? v : "60", buf, sizeof(buf));
	repro_set(j, "testtime", buf);
	if (!v)
		repro_note("guessed",
			   "testtime = 60 (LKP's stress-ng jobs' value)");
	return 0;
}

/*
 * The disk that stands for the report's: a virtio disk of its size
 * (4 GiB unless sized), or a RAM disk, which the run cuts to half the
 * guest's memory in all (docs/disks.md): the report machine's memory,
 * which the job's profile asks for, or bootbench's default 1 GiB.
 */
static unsigned long long repro_disk_size(const struct lkpmail *m,
					  const char *spec,
					  const struct disk_spec *d)
{
	unsigned long long mem =
		m->mem_gb ? (unsigned long long)m->mem_gb << 30 : 1ULL << 30;
	unsigned long long each = mem / 2 / d->count;

	if (d->kind != DISK_BRD || d->size <= each)
		return d->size;
	repro_note(
		"scaled",
		"disk = %s: the run gives RAM disks of at most %llu MiB each (half of the guest's %llu MiB), not the report's %llu MiB",
		spec, each >> 20, mem >> 20, d->size >> 20);
	return each;
}

/* LKP's test_size, at most half the disk that stands for the report's. */
static void repro_test_size(const struct lkpmail *m, struct repro_job *j,
			    const char *v)
{
	unsigned long long want, cap = 2ULL << 30;
	const char *disk = repro_get(j, "disk");
	struct disk_spec d;
	char buf[32];

	if (disk && !disk_spec_parse(disk, &d, NULL, 0))
		cap = repro_disk_size(m, disk, &d) / 2;
	if (param_size_parse(v, &want) || want <= cap) {
		repro_set(j, "test_size", v);
		return;
	}
	snprintf(buf, sizeof(buf), "%lluM", cap >> 20);
	repro_set(j, "test_size", buf);
	repro_note(
		"scaled",
		"test_size = %s (the report's %s; half the disk that stands for its)",
		buf, v);
}

/* LKP's fio-basic: rw, bs, ioengine, iodepth, direct, test_size, ... */
static int repro_fio_params(const struct lkpmail *m, struct repro_job *j)
{
	static const char *const keys[] = { "rw",      "bs",	 "ioengine",
					    "iodepth", "direct", "time_based",
					    "nr_task", "runtime" };
	const char *v;
	size_t i;

	repro_set(j, "test", "fio");
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (repro_copy(m, j, keys[i], keys[i]))
			return -ENOENT;
	if (repro_disk_map(m, j) || repro_param(m, "test_size", &v))
		return -ENOENT;
	repro_test_size(m, j, v ? v : "2G");
	return 0;
}

/* LKP's fsmark: its keys, iterations as fs_mark's loops. */
static int repro_fsmark_params(const struct lkpmail *m, struct repro_job *j)
{
	static const char *const keys[][2] = {
		{ "nr_threads", "nr_threads" },
		{ "filesize", "filesize" },
		{ "sync_method", "sync_method" },
		{ "nr_directories", "nr_directories" },
		{ "nr_files_per_directory", "nr_files_per_directory" },
		{ "iterations", "loops" },
	};
	char buf[32];
	const char *v;
	size_t i;

	repro_set(j, "test", "fsmark");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (repro_param(m, keys[i][0], &v))
			return -ENOENT;
		if (!v)
			continue;
		repro_set(j, keys[i][1], repro_count_word(v, buf, sizeof(buf)));
	}
	if (repro_disk_map(m, j) || repro_param(m, "test_size", &v))
		return -ENOENT;
	repro_test_size(m, j, v ? v : "2G");
	return 0;
}

/* LKP's sysbench-fileio: period is the runtime, size the test size. */
static int repro_sysbench_params(const struct lkpmail *m, struct repro_job *j)
{
	static const char *const keys[][2] = {
		{ "period", "runtime" },  { "nr_threads", "nr_threads" },
		{ "filenum", "filenum" }, { "rwmode", "rwmode" },
		{ "iomode", "iomode" },
	};
	char buf[32];
	const char *v;
	size_t i;

	repro_set(j, "test", "sysbench-fileio");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (repro_param(m, keys[i][0], &v))
			return -ENOENT;
		if (!v)
			continue;
		if (!strcmp(keys[i][1], "runtime")) {
			repro_seconds(v, buf, sizeof(buf));
			v = buf;
		} else {
			v = repro_count_word(v, buf, sizeof(buf));
		}
		repro_set(j, keys[i][1], v);
	}
	if (repro_disk_map(m, j) || repro_param(m, "size", &v))
		return -ENOENT;
	repro_test_size(m, j, v ? v : "2G");
	return 0;
}

/*
 * LKP's vm-scalability: test is the case; sizes are this guest's memory
 * (benchmarks/vm-scalability.c), not the report's size: said.
 */
static int repro_vmscal_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("vm_test");
	const char *v;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v || param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: vm-scalability case '%s' is not one bootbench has: it has %s\n",
			v ? v : "(none given)", spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "vm-scalability");
	repro_set(j, "vm_test", v);
	repro_note(
		"scaled",
		"vm-scalability's sizes are the case's share of the guest's memory, not the report's machine's");
	if (repro_copy(m, j, "nr_task", "nr_task"))
		return -ENOENT;
	return repro_copy_or(m, j, "runtime", "300", "LKP's default");
}

/*
 * LKP's autonuma-benchmark: test: chooses the programs (all when none),
 * iterations are the boot's (LKP averages its start_bench runs, as the
 * run averages its iterations). numa01's passes are the original's 50,
 * said in the job so that QUICK=1 can cut them; the buffers are the
 * guest's share of its memory, not the original's 3G and 1G: said.
 */
static int repro_autonuma_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("autonuma_test");
	const char *v, *iter;
	char buf[32];

	if (repro_param(m, "test", &v) || repro_param(m, "iterations", &iter))
		return -ENOENT;
	if (v && param_value_check(spec, v)) {
		fprintf(stderr,
			"bootbench: autonuma-benchmark test '%s' is not one bootbench has: it has %s\n",
			v, spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "autonuma-benchmark");
	repro_set(j, "autonuma_test", v ? v : "all");
	if (!v)
		repro_note(
			"guessed",
			"autonuma_test = all (LKP runs every program when its job names no test)");
	repro_set(j, "autonuma_passes", "50");
	repro_note(
		"scaled",
		"autonuma-benchmark's buffers are a share of the guest's memory (numa01's MemTotal/32 a process, numa02's a third of it), not the original's 3G and 1G");
	if (iter)
		repro_set(j, "iterations",
			  repro_count_word(iter, buf, sizeof(buf)));
	return 0;
}

/* LKP's unixbench: its test: is one of ours of suite unixbench. */
static int repro_ub_params(const struct lkpmail *m, struct repro_job *j)
{
	char set[256];
	const char *v;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	if (!v || !repro_is_unixbench(v)) {
		test_suite_list("unixbench", ", ", set, sizeof(set));
		fprintf(stderr,
			"bootbench: unixbench test '%s' is not one bootbench implements: it has %s\n",
			v ? v : "(none given)", set);
		return -ENOENT;
	}
	return repro_unixbench_params(m, j, v);
}

static int repro_dbench_params(const struct lkpmail *m, struct repro_job *j)
{
	repro_set(j, "test", "dbench");
	if (repro_copy(m, j, "nr_threads", "nr_threads") ||
	    repro_disk_map(m, j))
		return -ENOENT;
	/* LKP's programs/dbench/run: no -t, but -t 60 with dbench -B nfs. */
	if (!repro_get(j, "fs2"))
		return repro_copy_or(
			m, j, "runtime", "600",
			"dbench's own default: LKP's dbench passes no -t");
	repro_note(
		"differs",
		"fs2 = %s: LKP ran dbench's own NFSv3 client (dbench -B nfs with its nfs_2.load, -t 60, a TCP connection per client) against the guest's nfsd; here Debian's dbench replays client.txt on the kernel's NFSv4.2 mount of the same nfsd: one connection for all clients, so what depends on the number of connections is not reproduced",
		repro_get(j, "fs2"));
	return repro_copy_or(m, j, "runtime", "60",
			     "LKP's NFS dbench runs -t 60");
}

static int repro_stressng_disk_params(const struct lkpmail *m,
				      struct repro_job *j)
{
	return repro_stressng_params(m, j) || repro_disk_map(m, j) ? -ENOENT :
								     0;
}

/*
 * LKP's filebench: test: is the personality's workload file
 * (fileserver.f), run as filebench ships it: its own 60 s. The data set
 * is the guest's share of its disk and memory (benchmarks/filebench.c),
 * not the report machine's: said.
 */
static int repro_filebench_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("filebench_test");
	char name[64];
	const char *v;
	size_t n;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	n = v ? strlen(v) : 0;
	if (n > 2 && !strcmp(v + n - 2, ".f"))
		n -= 2;
	snprintf(name, sizeof(name), "%.*s", (int)n, v ? v : "");
	if (!v || param_value_check(spec, name)) {
		fprintf(stderr,
			"bootbench: filebench personality '%s' is not one bootbench has: it has %s\n",
			v ? v : "(none given)", spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "filebench");
	repro_set(j, "filebench_test", name);
	repro_set(j, "runtime", "60");
	repro_note(
		"scaled",
		"filebench's filesets are cut to a quarter of the guest's free disk space and an eighth of its memory, not the report machine's (the run's progress lines say by how much)");
	return repro_disk_map(m, j);
}

/* LKP's testcases we run: how each one's job is read. */
static const struct {
	const char *testcase;
	int (*map)(const struct lkpmail *m, struct repro_job *j);
} repro_maps[] = {
	{ "unixbench", repro_ub_params },
	{ "hackbench", repro_hackbench_params },
	{ "aim9", repro_aim9_params },
	{ "aim7", repro_aim7_params },
	{ "dbench", repro_dbench_params },
	{ "fio-basic", repro_fio_params },
	{ "fsmark", repro_fsmark_params },
	{ "sysbench-fileio", repro_sysbench_params },
	{ "filebench", repro_filebench_params },
	{ "vm-scalability", repro_vmscal_params },
	{ "autonuma-benchmark", repro_autonuma_params },
	{ "perf-bench-sched-pipe", repro_pipe_params },
	{ "stress-ng", repro_stressng_disk_params },
	{ "will-it-scale", repro_wis_params },
	{ "perf-bench-futex", repro_futex_params },
	{ "netperf", repro_netperf_params },
};

/* The job's test and its parameters; -ENOENT: we cannot run it (said). */
static int repro_test_map(const struct lkpmail *m, const char *text,
			  struct repro_job *j)
{
	const char *tc = m->testcase, *hint;
	size_t i;

	if (!tc[0]) {
		hint = repro_hint(text, m->metric, m->regarding);
		if (!hint) {
			fprintf(stderr,
				"bootbench: the report names no testcase nor any benchmark bootbench knows: give a 0-day report (\"in testcase: ...\")\n");
			return -ENOENT;
		}
		repro_note(
			"guessed",
			"the benchmark is %s (named in the text; it is not a robot's report)",
			hint);
		if (repro_is_unixbench(hint))
			return repro_unixbench_params(m, j, hint);
		/* A person's own measurement: its command line is the job's. */
		if (!strcmp(hint, "hackbench") && !m->is_lkp)
			return repro_hackbench_params(m, j);
		repro_set(j, "test", hint);
		return 0;
	}
	if (repro_storage_check(m))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(repro_maps); i++)
		if (!strcmp(tc, repro_maps[i].testcase))
			return repro_maps[i].map(m, j);
	for (i = 0; i < ARRAY_SIZE(repro_closest); i++)
		if (!strcmp(tc, repro_closest[i].testcase))
			break;
	fprintf(stderr,
		"bootbench: testcase %s is not one bootbench implements; the closest it has: %s\n",
		tc,
		i < ARRAY_SIZE(repro_closest) ?
			repro_closest[i].closest :
			"none (bootbench tests lists what it has)");
	return -ENOENT;
}

/* Report machines we keep profiles of (boot/machines/). */
static const struct {
	const char *model;
	unsigned int threads;
	const char *profile;
} repro_profiles[] = {
	{ "i7 CPU 870", 8, "i7-870" },
	{ "i3-3220", 4, "i3-3220" },
	{ "E5-2690 v2", 40, "e5-2690v2" },
	{ "Skylake", 112, "lkp-skl-sp1" },
	/* the reader's words for "large arm64 2 nodes / 224 cores system" */
	{ "2 nodes / 224 cores", 224, "thunderx2" },
};

/*
 * A profile (docs/topology.md) for a machine none of ours matches, so
 * the job names a machine as for any other (machine = FILE).
 */
static int repro_profile_write(const char *path, const char *name,
			       const struct lkpmail *m,
			       const struct topology *t)
{
	FILE *f = fopen(path, "w");
	unsigned int i;

	if (!f)
		return -errno;
	fprintf(f, "# Help: %s (written by bootbench reproduce)\n",
		m->machine[0] ? m->machine : "the report's machine");
	fprintf(f, "name = %s\n", name);
	if (t->arch[0])
		fprintf(f, "arch = %s\n", t->arch);
	if (t->cpu_model[0])
		fprintf(f, "cpu = %s\n", t->cpu_model);
	fprintf(f, "sockets = %u\ncores = %u\nthreads = %u\n", t->sockets,
		t->cores, t->threads);
	if (m->mem_gb)
		fprintf(f, "mem = %uG\n", m->mem_gb);
	for (i = 0; i < t->nnodes; i++)
		fprintf(f, "node%u = %s\n", i, t->node_cpus[i]);
	return fclose(f) ? -errno : 0;
}

/* The CPU model: from the table (boot/cpus.def), said with its source. */
static int repro_cpu_guess(const struct lkpmail *m, struct topology *t,
			   struct cpu_info *ci)
{
	const char *name = m->cpu_model[0] ? m->cpu_model : m->machine;
	struct cpu_info host;
	int err = !name[0] || cpu_lookup(name, ci);

	/* A model name that says only "Intel": the host name may say more. */
	if ((err || !ci->codename) && m->tbox_group[0] &&
	    !cpu_lookup_host(m->tbox_group, &host)) {
		host.cores = err ? 0 : ci->cores;
		*ci = host;
		err = 0;
	}
	if (err) {
		memset(ci, 0, sizeof(*ci));
		if (m->threads)
			repro_note(
				"guessed",
				"CPU model: QEMU's default (the report names no CPU bootbench's table knows)");
		return -ENOENT;
	}
	snprintf(t->cpu_model, sizeof(t->cpu_model), "%s", ci->qemu);
	repro_note("guessed", "CPU model %s (from %s)", ci->qemu, ci->source);
	return 0;
}

/*
 * Threads per core: the SKU's; else @n threads of @s sockets split by
 * the core counts of the generation's server parts (boot/cpus.def).
 */
static unsigned int repro_smt_guess(const struct cpu_info *ci, unsigned int n,
				    unsigned int s, unsigned int k)
{
	unsigned int cores, tpc;

	if (k && !(n % (s * k))) {
		if (k > 1)
			repro_note(
				"guessed",
				"%u threads per core (from the SKU pattern '%s')",
				k, ci->sku);
		return k;
	}
	if (!(n % s) && !cpu_cores_split(ci, n / s, &cores, &tpc)) {
		repro_note(
			"guessed",
			"%u cores x %u thread(s) per core a socket (%u threads a socket, split by the core counts of %s's server parts: %s)",
			cores, tpc, n / s, ci->codename, ci->server_cores);
		return tpc;
	}
	repro_note("guessed",
		   "one thread per core (the report does not say SMT)");
	return 1;
}

/* Sockets and threads per core: the mail's words, else what they imply. */
static void repro_shape_guess(const struct lkpmail *m,
			      const struct cpu_info *ci, unsigned int *sockets,
			      unsigned int *tpc)
{
	unsigned int n = m->threads, s = m->sockets, k = ci->threads;

	if (k > 1 && n % k)
		k = 0;
	if (!s && ci->cores && k && !(n % (ci->cores * k))) {
		s = n / (ci->cores * k);
		repro_note(
			"guessed",
			"%u socket(s) (%u threads / (%u cores x %u threads per core, from the SKU))",
			s, n, ci->cores, k);
	} else if (s && m->sockets_src[0]) {
		repro_note("guessed", "%u socket(s) (from %s)", s,
			   m->sockets_src);
	}
	if (!s || n % s) {
		s = 1;
		repro_note("guessed",
			   "one socket (the report says no more of %u CPUs)",
			   n);
	}
	*sockets = s;
	*tpc = repro_smt_guess(ci, n, s, k);
}

/* NUMA nodes: job.yaml's nr_node, the table's numa rows, or the sockets. */
static unsigned int repro_nodes_guess(const struct lkpmail *m,
				      unsigned int sockets)
{
	if (m->nodes)
		return m->nodes;
	if (m->yaml_nodes) {
		repro_note("read", "%u NUMA node(s) (job.yaml's nr_node)",
			   m->yaml_nodes);
		return m->yaml_nodes;
	}
	/* The rows name the nodes that moved: at least that many. */
	if (m->table_nodes > 1 && m->table_nodes > sockets) {
		repro_note(
			"guessed",
			"%u NUMA nodes (the compare table's numa-meminfo rows name node0 to node%u)",
			m->table_nodes, m->table_nodes - 1);
		return m->table_nodes;
	}
	if (sockets > 1)
		repro_note("guessed", "%u NUMA nodes (one per socket)",
			   sockets);
	return sockets;
}

/* The report's machine from its line alone (no lscpu, no profile). */
static void repro_topology_guess(const struct lkpmail *m, struct topology *t)
{
	unsigned int s, k, nodes, i, per;
	struct cpu_info ci;

	memset(t, 0, sizeof(*t));
	if (m->arch[0]) {
		nodes = m->nodes ? m->nodes : 1;
		repro_note(
			"guessed",
			"the report's machine is %s, of %u CPUs in %u node(s) (no profile names it)",
			m->arch, m->threads, nodes);
		snprintf(t->arch, sizeof(t->arch), "%s", m->arch);
		s = m->threads % nodes ? 1 : nodes;
		k = 1;
	} else {
		repro_cpu_guess(m, t, &ci);
		repro_shape_guess(m, &ci, &s, &k);
		nodes = repro_nodes_guess(m, s);
	}
	t->sockets = s;
	t->threads = k;
	t->cores = m->threads / (s * k);
	if (nodes > 1 && nodes <= TOPO_NODES_MAX && !(m->threads % nodes)) {
		per = m->threads / nodes;
		t->nnodes = nodes;
		for (i = 0; i < nodes; i++)
			snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]),
				 "%u-%u", i * per, (i + 1) * per - 1);
	} else if (nodes > 1) {
		repro_note("left out",
			   "%u NUMA nodes: %u CPUs do not split evenly", nodes,
			   m->threads);
	}
}

static int repro_machine_map(const struct lkpmail *m, const char *dir,
			     const char *name, struct repro_job *j)
{
	char path[4200], why[256];
	struct topology t;
	size_t i;

	/* make run takes ARCH from the job (Makefile) */
	if (m->arch[0])
		repro_set(j, "arch", m->arch);
	for (i = 0; i < ARRAY_SIZE(repro_profiles); i++)
		if ((strstr(m->cpu_model, repro_profiles[i].model) ||
		     strstr(m->machine, repro_profiles[i].model)) &&
		    (!m->threads || m->threads == repro_profiles[i].threads)) {
			repro_set(j, "machine", repro_profiles[i].profile);
			return 0;
		}
	if (m->lscpu && !topology_lscpu_parse(m->lscpu, &t, why, sizeof(why))) {
		repro_note("read", "the machine from the report's lscpu");
	} else if (m->threads) {
		repro_topology_guess(m, &t);
	} else {
		repro_note(
			"guessed",
			"the job runs on bootbench's default machine (the report names no test machine)");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/machine.conf", dir);
	if (repro_profile_write(path, name, m, &t)) {
		fprintf(stderr, "bootbench: writing %s: %s\n", path,
			strerror(errno));
		return -EIO;
	}
	repro_set(j, "machine", path);
	return 0;
}

static void repro_ignored_note(const struct lkpmail *m,
			       const struct repro_job *j)
{
	static const char *const used[] = {
		"test",	     "nr_task", "runtime",    "nr_threads",
		"mode",	     "ipc",	"iterations", "testtime",
		"loops",     "shared",	"period",     "size",
		"send_size", "ip",	"cluster",    NULL,
	};
	int i;

	for (i = 0; i < m->nparams; i++) {
		const char *k = m->params[i].key;

		if (!strcmp(k, "cpufreq_governor"))
			repro_note(
				"left out",
				"cpufreq_governor: %s (a guest has no cpufreq; pin the host's instead)",
				m->params[i].val);
		else if (!strcmp(k, "ucode"))
			repro_note(
				"left out",
				"ucode: %s (a guest runs on the host's CPU microcode)",
				m->params[i].val);
		else if (!word_listed(k, used) && !repro_get(j, k))
			repro_note("left out",
				   "%s: %s (no such knob in bootbench)", k,
				   m->params[i].val);
	}
}

static int repro_job_write(const char *path, const char *report,
			   const struct lkpmail *m, const struct repro_job *j)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -errno;
	fprintf(f, "# Written by bootbench reproduce from %s\n", report);
	if (m->have_change)
		fprintf(f, "# The report: %+.1f%% %s%s%s\n", m->change_pct,
			m->metric[0] ? m->metric : "(no metric named)",
			m->commit[0] ? " due to commit " : "", m->commit);
	if (m->machine[0])
		fprintf(f, "# on test machine: %s\n", m->machine);
	if (m->base[0])
		fprintf(f, "# base: %s\n", m->base);
	if (m->config_url[0])
		fprintf(f, "# kernel config: %s\n", m->config_url);
	fprintf(f, "report = %s\n", report);
	for (i = 0; i < j->n; i++)
		fprintf(f, "%s = %s\n", j->keys[i], j->vals[i]);
	return fclose(f) ? -errno : 0;
}

/*
 * The metric the report speaks of, if our run will have it; 0 if the
 * report's change can be expected of it, -ENOENT if the job's headline
 * stands in (another metric: the report's size says nothing of it).
 */
static int repro_metric_pick(const struct lkpmail *m, struct repro_job *j)
{
	/*
	 * Ours when a descriptor declares it, by LKP's name where ours
	 * differs (dbench.max_latency is our dbench.max_latency-ms), and
	 * it has a better way: a count or a setting is no change to expect.
	 */
	const struct metric_desc *d = metric_lkp_find(m->metric);

	if (d && d->better != METRIC_INFO) {
		snprintf(j->metric, sizeof(j->metric), "%s",
			 strcmp(d->lkp, m->metric) ? m->metric : d->name);
		return 0;
	}
	if (!m->metric[0])
		return 0; /* a loose text: its change is the headline's */
	repro_note(
		"left out",
		"metric %s: bootbench has no such metric; the job's headline stands in, with no expectation (the report's %+.1f%% is another metric's)",
		m->metric, m->change_pct);
	return -ENOENT;
}

/*
 * The change with its sign. The compare table's row is always signed;
 * the newer mails' text is not ("a 22.9% regression"), and a
 * regression of a latency is a rise. Which way is better is report/
 * rules.c's, the same compare's verdict goes by.
 */
static void repro_change_settle(struct lkpmail *m)
{
	enum rules_direction d = rules_name_direction(m->metric);
	int worse = !strcmp(m->kind, "regression");
	double text = m->change_pct;

	if (!m->is_lkp)
		return;
	if (m->have_table_pct) {
		if (m->pct_signed && (text < 0) != (m->table_pct < 0))
			repro_note(
				"read",
				"the text says %+.1f%% but the compare table's row says %+.1f%%: the table's is taken (%s)",
				text, m->table_pct, m->table_row);
		else if (!m->pct_signed)
			repro_note(
				"read",
				"the change is %+.1f%% (the text gives no sign; the compare table's row has it)",
				m->table_pct);
		else if (fabs(fabs(text) - fabs(m->table_pct)) > 0.051)
			repro_note(
				"read",
				"the text says %.1f%%, the compare table's row %+.1f%%: the table's is taken",
				text, m->table_pct);
		m->change_pct = m->table_pct;
		return;
	}
	if (m->pct_signed)
		return;
	m->change_pct = fabs(text) * ((worse == (d == RULES_LOWER)) ? 1 : -1);
	repro_note(
		"guessed",
		"the change is %+.1f%% (the text gives no sign and no table row: %s %s of a metric %s is better)",
		m->change_pct, worse ? "a" : "an", m->kind,
		d == RULES_LOWER  ? "whose lower value" :
		d == RULES_HIGHER ? "whose higher value" :
				    "taken as higher");
}

/* The profile's name: the mail's file name, as a results directory takes it. */
static const char *repro_name(const char *dir)
{
	static char name[48];
	const char *b = strrchr(dir, '/');
	size_t i;

	/* The first 47 bytes are plenty; the rest is cut on purpose. */
	snprintf(name, sizeof(name), "%.47s", b ? b + 1 : dir);
	for (i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("._-", name[i]))
			name[i] = '_';
	return name;
}

/*
 * The written job through the checks make run makes of it, every
 * combination; a job that would not run is removed, not left behind.
 */
static int repro_job_check(const char *path)
{
	struct run_opts o;
	int v;

	memset(&o, 0, sizeof(o));
	o.topo_req.machines_dir = "boot/machines";
	v = job_check(&o, path);
	if (v != VERDICT_OK)
		unlink(path);
	return v;
}

/* The mail's name, less its extension, names the directory. */
static int repro_dir_name(const char *report, const char *outdir, char *dir,
			  size_t len)
{
	const char *why = NULL;
	char *base, *dot, *name;
	int err = 0;

	base = strdup(report);
	if (!base)
		return VERDICT_INFRA;
	name = basename(base);
	dot = strrchr(name, '.');
	if (dot && dot != name)
		*dot = '\0';
	if ((why = names_check(name)) ||
	    snprintf(dir, len, "%s/%s", outdir, name) >= (int)len)
		err = bad_input(
			"REPORT=%.200s cannot name a directory under RESULTS=%.200s: %s: rename the mail or give a shorter RESULTS",
			report, outdir, why ? why : "the path is too long");
	free(base);
	return err;
}

/* What the reader understood, before anything is written. */
static void repro_report_print(const struct lkpmail *m)
{
	int i;

	fprintf(stderr, "bootbench: report: %+.1f%% %s of %s%s\n",
		m->change_pct, m->kind,
		m->metric[0] ? m->metric : "(no metric named)",
		m->is_lkp ? " (a 0-day/LKP report)" :
			    " (not a robot's report: read loosely)");
	if (m->commit[0])
		fprintf(stderr, "bootbench:   commit %s%s%s%s\n", m->commit,
			m->subject[0] ? " (\"" : "", m->subject,
			m->subject[0] ? "\")" : "");
	if (m->base[0])
		fprintf(stderr, "bootbench:   base %s (%s)\n", m->base,
			m->base_commit[0] ? "a commit" : "a tag");
	if (m->testcase[0]) {
		fprintf(stderr, "bootbench:   testcase %s:", m->testcase);
		for (i = 0; i < m->nparams; i++)
			fprintf(stderr, " %s=%s", m->params[i].key,
				m->params[i].val);
		fputc('\n', stderr);
	}
	if (m->machine[0])
		fprintf(stderr, "bootbench:   machine: %s%s\n", m->machine,
			m->lscpu ? " (lscpu included)" : "");
	if (m->kconfig[0])
		fprintf(stderr,
			"bootbench:   kconfig %s (build both kernels with it)\n",
			m->kconfig);
	if (m->config_url[0])
		fprintf(stderr,
			"bootbench:   the kernel config and LKP's files: %s\n",
			m->config_url);
}

/* The job file written and checked; its path, metric and expectation out. */
static int repro_job_make(const char *report, const char *dir,
			  struct lkpmail *m, struct repro_job *j)
{
	char path[4100];
	int err, expect;

	err = mkdir_p(dir);
	if (err)
		return bad_input("RESULTS: %s: %s: give a writable directory",
				 dir, strerror(-err));
	if (repro_machine_map(m, dir, repro_name(dir), j))
		return VERDICT_INFRA;
	repro_ignored_note(m, j);
	expect = !repro_metric_pick(m, j);
	snprintf(path, sizeof(path), "%s/job", dir);
	err = repro_job_write(path, report, m, j);
	if (err) {
		fprintf(stderr, "bootbench: writing %s: %s\n", path,
			strerror(-err));
		return VERDICT_INFRA;
	}
	/* DRY=1 fails where the run would: the run's own checks. */
	err = repro_job_check(path);
	if (err)
		return err;
	/* For report/reproduce.sh: one "key value" a line on stdout. */
	printf("job %s\n", path);
	if (j->metric[0])
		printf("metric %s\n", j->metric);
	if (expect)
		printf("expect %.2f\n", m->change_pct);
	return 0;
}

int cmd_reproduce(const char *report, const char *outdir)
{
	struct repro_job j = { .n = 0 };
	char *text, dir[4000], why[256];
	struct lkpmail m;
	int err;

	text = file_read_all(report, NULL);
	if (!text)
		return bad_input("REPORT=%s: %s: give a saved report mail",
				 report, strerror(errno));
	err = lkpmail_parse(text, &m, why, sizeof(why));
	if (err) {
		err = err == -ENOMEM ?
			      VERDICT_INFRA :
			      bad_input(
				      "REPORT=%s is not a performance report: %s",
				      report, why);
		goto out;
	}
	err = repro_dir_name(report, outdir, dir, sizeof(dir));
	if (err)
		goto out;
	repro_change_settle(&m);
	repro_report_print(&m);
	/* Nothing is written for a report we cannot run. */
	if (repro_test_map(&m, text, &j)) {
		err = VERDICT_BAD_INPUT;
		goto out;
	}
	err = repro_job_make(report, dir, &m, &j);
out:
	lkpmail_free(&m);
	free(text);
	return err;
}
