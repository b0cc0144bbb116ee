// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's testcases as our tests: a descriptor's LKP rows (data, read by
 * repro-rows.c), with a function for what they cannot say
 * (repro_lkp_logic), else one function a testcase (repro_maps; those on
 * a disk are repro-disks.c's) turns a report's job parameters into
 * ours, and what of ours is nearest to one we do not run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boot/bootbench.h"
#include "repro.h"
#include "shared/util.h"

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
 * unixbench in its BENCH row (benchmarks/<name>.desc).
 */
static int repro_is_unixbench(const char *name)
{
	const struct test_desc *t = test_find(name);

	return t && !strcmp(t->suite, "unixbench");
}

/*
 * A bare text (not a robot's mail): which benchmark it talks about, by
 * the words its BENCH row (benchmarks/<name>.desc) gives each.
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
	const char *v;
	char buf[32];

	/* The same check make run makes of AIM9_TEST. */
	if (repro_choice_read(m, "aim9_test", "aim9 test", "implements", 1, &v))
		return -ENOENT;
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
 * LKP's will-it-scale beyond its rows: test, mode (process, thread, or
 * both: then the report's metric says which side changed).
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
	return 0;
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
 * LKP's netperf beyond its rows: the test, over loopback (cluster:
 * cs-localhost) on IPv4; we have no other link nor IPv6.
 */
static int repro_netperf_params(const struct lkpmail *m, struct repro_job *j)
{
	const char *v;

	if (repro_choice_read(m, "netperf_test", "netperf test", "implements",
			      0, &v) ||
	    repro_netperf_metric_check(m, v))
		return -ENOENT;
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
	return 0;
}

/* LKP's perf-bench-futex beyond its rows: test, shared. */
static int repro_futex_params(const struct lkpmail *m, struct repro_job *j)
{
	const char *v;

	if (repro_choice_read(m, "futex_test", "perf-bench-futex test",
			      "implements", 1, &v))
		return -ENOENT;
	if (v)
		repro_set(j, "futex_test", v);
	if (repro_param(m, "shared", &v))
		return -ENOENT;
	repro_set(j, "shared",
		  v && !strcmp(v, "shared") ? "shared" : "private");
	return 0;
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
 * LKP's vm-scalability beyond its rows: test is the case; sizes are
 * this guest's memory (benchmarks/vm-scalability.c), not the report's
 * size: said.
 */
static int repro_vmscal_params(const struct lkpmail *m, struct repro_job *j)
{
	const char *v;

	if (repro_choice_read(m, "vm_test", "vm-scalability case", "has", 0,
			      &v))
		return -ENOENT;
	repro_set(j, "vm_test", v);
	repro_note(
		"scaled",
		"vm-scalability's sizes are the case's share of the guest's memory, not the report's machine's");
	return 0;
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

static int repro_stressng_disk_params(const struct lkpmail *m,
				      struct repro_job *j)
{
	return repro_stressng_params(m, j) || repro_disk_map(m, j) ? -ENOENT :
								     0;
}

/* The function of a testcase of ours, LKP's name for it its key. */
struct repro_map {
	const char *testcase;
	int (*map)(const struct lkpmail *m, struct repro_job *j);
};

/*
 * What an LKP row's testcase needs that its rows cannot say: run once
 * the row has set the test, before its LKP_PARAM and LKP_DEFAULT rows.
 */
static const struct repro_map repro_lkp_logic[] = {
	{ "vm-scalability", repro_vmscal_params },
	{ "will-it-scale", repro_wis_params },
	{ "perf-bench-futex", repro_futex_params },
	{ "netperf", repro_netperf_params },
};

static const struct repro_map *repro_map_find(const struct repro_map *maps,
					      size_t n, const char *testcase)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(maps[i].testcase, testcase))
			return &maps[i];
	return NULL;
}

/* LKP's testcases we run with a function: how each one's job is read. */
static const struct repro_map repro_maps[] = {
	{ "unixbench", repro_ub_params },
	{ "hackbench", repro_hackbench_params },
	{ "aim9", repro_aim9_params },
	{ "aim7", repro_aim7_params },
	{ "dbench", repro_dbench_params },
	{ "filebench", repro_filebench_params },
	{ "autonuma-benchmark", repro_autonuma_params },
	{ "perf-bench-sched-pipe", repro_pipe_params },
	{ "stress-ng", repro_stressng_disk_params },
	{ "swapin", repro_swapin_params },
};

/* The job's test and its parameters; -ENOENT: we cannot run it (said). */
int repro_test_map(const struct lkpmail *m, const char *text,
		   struct repro_job *j)
{
	const char *tc = m->testcase, *hint;
	const struct repro_map *map;
	const struct repro_lkp *lkp;
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
	lkp = repro_lkp_find(tc);
	if (lkp) {
		map = repro_map_find(repro_lkp_logic,
				     ARRAY_SIZE(repro_lkp_logic), tc);
		return repro_lkp_map(m, j, lkp, map ? map->map : NULL);
	}
	map = repro_map_find(repro_maps, ARRAY_SIZE(repro_maps), tc);
	if (map)
		return map->map(m, j);
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
