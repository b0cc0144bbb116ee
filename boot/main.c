// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench: the host side.
 *
 *   bootbench release KERNEL      print the release in a bzImage header
 *   bootbench tests               list the known tests
 *   bootbench run OPTIONS         boot a job and write its run directory
 *
 * Everything a user can get wrong is checked before QEMU starts and
 * reported in one line with the fix (docs/errors.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../benchmarks/params.h"
#include "../init/json.h"
#include "aggregate.h"
#include "bzimage.h"
#include "qemu.h"
#include "rundir.h"
#include "session.h"
#include "topology.h"

struct test_desc {
	const char *name;
	const char *headline;
	int higher_better;
	const char *params;
};

static const struct test_desc test_table[] = {
#define TEST(name, headline, higher, params) \
	{ #name, headline, higher, params },
#include "../benchmarks/tests.def"
#undef TEST
};

#define PARAMS_MAX 32
/* Parameters the init itself takes, for any test. */
#define PARAMS_COMMON "iterations watchdog monitors"

#define TESTS_MAX 32
/* docs/schema/job.schema.json */
#define JOB_SCHEMA_VERSION 1
/* TEST=unixbench: the indexed system set this appliance has. */
#define UNIXBENCH_SET "execl,spawn,context1,pipe,syscall"

struct run_opts {
	const char *kernel, *initrd, *test, *results, *qemu, *cmdline;
	const struct test_desc *tests[TESTS_MAX];
	int ntests;
	char test_list[512]; /* the expanded comma list for the guest */
	const char *release;
	char *params[PARAMS_MAX];
	int nparams;
	unsigned int timeout, silence, runs;
	struct topology_request topo_req;
	struct topology topo;
	enum qemu_accel accel;
	int verbose;
};

extern volatile sig_atomic_t session_interrupted;

static __attribute__((format(printf, 1, 2))) int bad_input(const char *fmt, ...)
{
	va_list ap;

	fputs("bootbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return VERDICT_BAD_INPUT;
}

static const struct test_desc *test_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(test_table) / sizeof(test_table[0]); i++)
		if (!strcmp(test_table[i].name, name))
			return &test_table[i];
	return NULL;
}

static void test_names(char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(test_table) / sizeof(test_table[0]); i++)
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				i ? ", " : "", test_table[i].name);
}

static int word_in(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}

static void upper(char *dst, const char *src, size_t size)
{
	size_t i;

	for (i = 0; src[i] && i < size - 1; i++)
		dst[i] = src[i] >= 'a' && src[i] <= 'z' ? src[i] - 32 : src[i];
	dst[i] = '\0';
}

/* "512", "512M", "2G" in MiB. */
static int mem_parse(const char *s, unsigned int *mb)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	if (*end == 'G' || *end == 'g')
		v *= 1024, end++;
	else if (*end == 'M' || *end == 'm')
		end++;
	if (*end || v < 64 || v > 16 * 1024 * 1024)
		return -ERANGE;
	*mb = v;
	return 0;
}

/* Like the shell: a name with a slash is a path, else search PATH. */
static int program_found(const char *prog)
{
	const char *path = getenv("PATH"), *p;
	char buf[4096];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	for (p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, p, prog);
		if (n && access(buf, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

static int tests_parse(struct run_opts *o)
{
	char names[512], *list, *name, *save = NULL;
	const char *expanded = o->test;
	int err = 0;

	test_names(names, sizeof(names));
	if (!o->test || !*o->test)
		return bad_input("no TEST given: say TEST=<name>, one of: %s",
				 names);
	if (!strcmp(o->test, "unixbench"))
		expanded = UNIXBENCH_SET;
	if (strlen(expanded) >= sizeof(o->test_list))
		return bad_input("TEST=%s is too long", o->test);
	strcpy(o->test_list, expanded);
	list = strdup(expanded);
	if (!list)
		return VERDICT_INFRA;
	o->ntests = 0;
	for (name = strtok_r(list, ",", &save); name && !err;
	     name = strtok_r(NULL, ",", &save)) {
		const struct test_desc *t = test_find(name);
		int i;

		if (!t)
			err = bad_input(
				"unknown TEST '%s': known tests are %s, unixbench",
				name, names);
		for (i = 0; !err && i < o->ntests; i++)
			if (o->tests[i] == t)
				err = bad_input("TEST=%s names %s twice",
						o->test, name);
		if (!err && o->ntests == TESTS_MAX)
			err = bad_input("TEST=%s: more than %d tests", o->test,
					TESTS_MAX);
		if (!err)
			o->tests[o->ntests++] = t;
	}
	free(list);
	if (!err && !o->ntests)
		err = bad_input("TEST=%s names no test", o->test);
	return err;
}

/* A parameter must be taken by at least one of the job's tests. */
static int tests_take(const struct run_opts *o, const char *key)
{
	int i;

	if (word_in(PARAMS_COMMON, key))
		return 1;
	for (i = 0; i < o->ntests; i++)
		if (word_in(o->tests[i]->params, key))
			return 1;
	return 0;
}

/* Memory this host cannot give is scaled down, never silently. */
static void topology_mem_fit(struct topology *t)
{
	unsigned long long kb = 0;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	unsigned int can;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu", &kb) == 1)
			break;
	fclose(f);
	/* Leave a quarter to the host, and QEMU's own overhead. */
	can = kb / 1024 * 3 / 4;
	if (!kb || t->mem_mb <= can)
		return;
	fprintf(stderr,
		"bootbench: warning: MEM=%uM is more than this host can give (%llu MiB available): using %uM\n",
		t->mem_mb, kb / 1024, can);
	t->mem_mb = can;
}

static int run_opts_check(struct run_opts *o)
{
	char key[64], ukey[64], why[256];
	struct stat st;
	int i, err;

	err = tests_parse(o);
	if (err)
		return err;
	for (i = 0; i < o->nparams; i++) {
		const struct param_spec *spec;
		const char *val = strchr(o->params[i], '=');
		size_t klen = val ? (size_t)(val - o->params[i]) : 0;

		if (!val || !klen || klen >= sizeof(key))
			return bad_input("parameter '%s' is not key=value",
					 o->params[i]);
		memcpy(key, o->params[i], klen);
		key[klen] = '\0';
		val++;
		upper(ukey, key, sizeof(ukey));
		spec = param_spec_find(key);
		if (!spec || !tests_take(o, key))
			return bad_input("TEST=%s takes no %s: it takes %s %s",
					 o->test, ukey, o->tests[0]->params,
					 PARAMS_COMMON);
		err = param_value_check(spec, val);
		if (err == -ERANGE && spec->kind == PARAM_UINT)
			return bad_input(
				"%s=%s is out of range: give %u to %u (%s)",
				ukey, val, spec->min, spec->max, spec->help);
		if (err)
			return bad_input("%s=%s is not valid: give %s", ukey,
					 val, spec->help);
	}
	if (!o->kernel || !*o->kernel)
		return bad_input("no KERNEL given: say KERNEL=path/to/bzImage");
	if (stat(o->kernel, &st) || !S_ISREG(st.st_mode))
		return bad_input(
			"KERNEL=%s: %s: give the path of a bzImage (arch/x86/boot/bzImage)",
			o->kernel, errno ? strerror(errno) : "not a file");
	if (!o->initrd || access(o->initrd, R_OK))
		return bad_input(
			"initramfs %s is missing: run it through 'make run'",
			o->initrd ? o->initrd : "(none)");
	if (!program_found(o->qemu))
		return bad_input(
			"QEMU=%s not found: install it (apt-get install qemu-system-x86) or give QEMU=path",
			o->qemu);
	err = topology_resolve(&o->topo_req, &o->topo, why, sizeof(why));
	if (err == -ENOMEM)
		return VERDICT_INFRA;
	if (err)
		return bad_input("impossible topology: %s", why);
	topology_mem_fit(&o->topo);
	if (o->topo.note[0])
		fprintf(stderr, "bootbench: note: %s\n", o->topo.note);
	return 0;
}

static int run_params_dir(const struct run_opts *o, char *buf, size_t size)
{
	const struct topology *t = &o->topo;
	size_t len;
	int i;

	/* The topology changes results as much as the parameters do. */
	if (t->name[0])
		len = snprintf(buf, size, "%s-%uM", t->name, t->mem_mb);
	else if (t->sockets > 1 || t->threads > 1)
		len = snprintf(buf, size, "%us%uc%ut-%uM", t->sockets, t->cores,
			       t->threads, t->mem_mb);
	else
		len = snprintf(buf, size, "smp%u-%uM", t->cpus, t->mem_mb);
	if (t->nnodes > 1 && len < size)
		len += snprintf(buf + len, size - len, "-%un", t->nnodes);
	for (i = 0; i < o->nparams && len < size; i++)
		len += snprintf(buf + len, size - len, "-%s", o->params[i]);
	for (i = 0; buf[i]; i++)
		if (buf[i] == '/')
			buf[i] = '_';
	return len < size ? 0 : -ENAMETOOLONG;
}

static int param_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* What the guest saw of its topology, for job.json, and any difference. */
static char topo_seen[1024], topo_mismatch[512];

static void topology_json_write(struct json_buf *j, const struct topology *t,
				const char *seen)
{
	unsigned int i;

	json_key_write(j, "topology");
	json_object_open(j);
	json_key_write(j, "machine");
	json_string_write(j, t->name);
	json_key_write(j, "cpu_model");
	json_string_write(j, t->cpu_model);
	json_key_write(j, "sockets");
	json_int_write(j, t->sockets);
	json_key_write(j, "cores");
	json_int_write(j, t->cores);
	json_key_write(j, "threads");
	json_int_write(j, t->threads);
	json_key_write(j, "cpus");
	json_int_write(j, t->cpus);
	json_key_write(j, "node_cpus");
	json_array_open(j);
	for (i = 0; i < t->nnodes; i++)
		json_string_write(j, t->node_cpus[i]);
	json_array_close(j);
	json_object_close(j);
	json_key_write(j, "topology_seen");
	json_string_write(j, seen);
}

static double hello_number(const struct json_value *rec, const char *key)
{
	const struct json_value *v = json_member(rec, key);

	return v && v->type == JSON_NUMBER ? v->number : -1;
}

/* Verified, not assumed: the guest must see what was asked. */
static void topology_verify(const struct topology *t,
			    const struct json_value *rec)
{
	const struct json_value *nodes = json_member(rec, "node_cpus"), *n;
	unsigned int i, seen_nodes = 0;
	size_t len;

	len = snprintf(topo_seen, sizeof(topo_seen),
		       "%g packages x %g cores x %g threads, %g CPUs online",
		       hello_number(rec, "cpu_packages"),
		       hello_number(rec, "cores_per_package"),
		       hello_number(rec, "threads_per_core"),
		       hello_number(rec, "cpus_online"));
	for (n = nodes && nodes->type == JSON_ARRAY ? nodes->child : NULL; n;
	     n = n->next, seen_nodes++)
		if (n->type == JSON_STRING && len < sizeof(topo_seen))
			len += snprintf(topo_seen + len,
					sizeof(topo_seen) - len, "%s node%u %s",
					seen_nodes ? "," : ";", seen_nodes,
					n->string);
	if (hello_number(rec, "cpus_online") != t->cpus ||
	    hello_number(rec, "cpu_packages") != t->sockets ||
	    hello_number(rec, "cores_per_package") != t->cores ||
	    hello_number(rec, "threads_per_core") != t->threads ||
	    (t->nnodes > 1 && seen_nodes != t->nnodes)) {
		snprintf(
			topo_mismatch, sizeof(topo_mismatch),
			"the guest does not have the topology asked for: asked %u sockets x %u cores x %u threads, %u nodes; it sees %.300s",
			t->sockets, t->cores, t->threads,
			t->nnodes ? t->nnodes : 1, topo_seen);
		return;
	}
	for (i = 0, n = nodes ? nodes->child : NULL; t->nnodes > 1 && n;
	     n = n->next, i++) {
		if (n->type != JSON_STRING ||
		    !cpulist_equal(n->string, t->node_cpus[i])) {
			snprintf(
				topo_mismatch, sizeof(topo_mismatch),
				"the guest's NUMA node %u has CPUs %.60s, asked %.60s",
				i, n->type == JSON_STRING ? n->string : "?",
				t->node_cpus[i]);
			return;
		}
	}
}

static void ev_hello(void *ctx, const struct json_value *rec)
{
	const struct run_opts *o = ctx;

	if (o->topo.cpus)
		topology_verify(&o->topo, rec);
	const struct json_value *rel = json_member(rec, "release");
	const struct json_value *cpus = json_member(rec, "cpus_online");
	const struct json_value *bt = json_member(rec, "boot_time");

	printf("bootbench: booted %s: %g CPUs, kernel up in %.2f s\n",
	       rel ? rel->string : "?",
	       cpus && cpus->type == JSON_NUMBER ? cpus->number : 0,
	       bt && bt->type == JSON_NUMBER ? bt->number : 0);
}

static void ev_log(void *ctx, const char *kind, const char *msg)
{
	const struct run_opts *o = ctx;

	if (!strcmp(kind, "progress"))
		printf("bootbench:   %s\n", msg);
	else if (o->verbose)
		printf("bootbench:   | %s\n", msg);
}

static void ev_sample(void *ctx, const struct json_value *rec)
{
	const struct json_value *name = json_member(rec, "test");
	const struct test_desc *t = test_find(name->string);
	const struct json_value *it = json_member(rec, "iteration");
	const struct json_value *st = json_member(rec, "status");
	const struct json_value *why = json_member(rec, "reason");
	const struct json_value *m =
		t ? json_member(json_member(rec, "metrics"), t->headline) :
		    NULL;

	(void)ctx;
	printf("bootbench: iteration %g: %s %s", it->number, name->string,
	       st->string);
	if (m && m->type == JSON_NUMBER)
		printf(", %s %.1f", t->headline, m->number);
	if (why && why->type == JSON_STRING)
		printf(" (%s)", why->string);
	printf("\n");
}

static int metric_name_cmp(const void *a, const void *b)
{
	const struct stream_metric *x = *(const struct stream_metric *const *)a;
	const struct stream_metric *y = *(const struct stream_metric *const *)b;

	return strcmp(x->name, y->name);
}

/* One value per metric for this run: the mean over its good iterations. */
static int stats_write(const struct rundir *rd, const struct stream *st)
{
	const struct stream_metric **m;
	struct json_buf j;
	size_t i;
	int err;

	m = calloc(st->nmetrics + 1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	for (i = 0; i < st->nmetrics; i++)
		m[i] = &st->metrics[i];
	qsort(m, st->nmetrics, sizeof(*m), metric_name_cmp);
	json_buf_init(&j);
	json_object_open(&j);
	for (i = 0; i < st->nmetrics; i++) {
		json_key_write(&j, m[i]->name);
		json_number_write(&j, stream_metric_value(m[i]));
	}
	json_object_close(&j);
	err = rundir_file_write(rd, "stats.json", &j);
	json_buf_free(&j);
	free(m);
	return err;
}

/* The outcome part of job.json, the same for a boot and a replay. */
static void verdict_fields_write(struct json_buf *j, const struct session *s)
{
	char when[32];
	time_t now = time(NULL);

	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	json_key_write(j, "schema_version");
	json_int_write(j, JOB_SCHEMA_VERSION);
	json_key_write(j, "finished");
	json_string_write(j, when);
	json_key_write(j, "status");
	json_string_write(j, verdict_name(s->verdict));
	json_key_write(j, "exit_code");
	json_int_write(j, s->verdict);
	json_key_write(j, "message");
	json_string_write(j, s->message);
	json_key_write(j, "complete");
	json_bool_write(j, s->stream.have_done);
	json_key_write(j, "wall_seconds");
	json_number_write(j, s->wall);
	json_key_write(j, "hello_seconds");
	json_number_write(j, s->hello_wall);
	json_key_write(j, "iterations");
	json_int_write(j, s->stream.samples);
	json_key_write(j, "iterations_failed");
	json_int_write(j, s->stream.samples_failed);
	json_key_write(j, "stream_errors");
	json_int_write(j, s->stream.errors);
	if (s->stream.errors) {
		json_key_write(j, "stream_first_error");
		json_string_write(j, s->stream.first_error);
	}
	if (s->panic_line[0]) {
		json_key_write(j, "panic");
		json_string_write(j, s->panic_line);
	}
}

static int job_write(const struct rundir *rd, const struct run_opts *o,
		     const char *release, const char *accel_why,
		     const struct session *s, const char *cmdline)
{
	struct json_buf j;
	int i, err;

	json_buf_init(&j);
	json_object_open(&j);
	json_key_write(&j, "test");
	json_string_write(&j, o->test);
	json_key_write(&j, "params");
	json_object_open(&j);
	for (i = 0; i < o->nparams; i++) {
		char *eq = strchr(o->params[i], '=');

		*eq = '\0';
		json_key_write(&j, o->params[i]);
		json_string_write(&j, eq + 1);
		*eq = '=';
	}
	json_object_close(&j);
	json_key_write(&j, "kernel");
	json_string_write(&j, o->kernel);
	json_key_write(&j, "release");
	json_string_write(&j, release);
	json_key_write(&j, "smp");
	json_int_write(&j, o->topo.cpus);
	json_key_write(&j, "mem_mb");
	json_int_write(&j, o->topo.mem_mb);
	topology_json_write(&j, &o->topo, topo_seen);
	json_key_write(&j, "accel");
	json_string_write(&j, o->accel == QEMU_ACCEL_KVM ? "kvm" : "tcg");
	json_key_write(&j, "accel_reason");
	json_string_write(&j, accel_why);
	json_key_write(&j, "cmdline");
	json_string_write(&j, cmdline);
	json_key_write(&j, "qemu_command");
	json_string_write(&j, s->qemu_cmd ? s->qemu_cmd : "");
	verdict_fields_write(&j, s);
	json_object_close(&j);
	err = rundir_file_write(rd, "job.json", &j);
	json_buf_free(&j);
	return err;
}

/* How the boot ended, once the stream is read: the first fault wins. */
static void verdict_settle(struct session *s)
{
	const struct stream *st = &s->stream;

	if (s->verdict != VERDICT_OK)
		return;
	if (st->guest_error || s->guest_error[0])
		snprintf(s->message, sizeof(s->message),
			 "the guest's init failed: %.400s",
			 st->guest_error ? st->guest_error : s->guest_error);
	else if (!st->have_hello)
		snprintf(
			s->message, sizeof(s->message),
			"the guest powered off without reporting (see console.log)");
	else if (!st->have_done)
		snprintf(
			s->message, sizeof(s->message),
			"the results stream ended before 'done': the run is incomplete");
	else if (st->errors)
		snprintf(s->message, sizeof(s->message),
			 "%u invalid record(s) on the results port, first: %s",
			 st->errors, st->first_error);
	else if (st->samples_failed || !st->samples)
		snprintf(s->message, sizeof(s->message),
			 "%u of %u iteration(s) failed", st->samples_failed,
			 st->samples);
	else
		return;
	if (st->guest_error || s->guest_error[0])
		s->verdict = VERDICT_INFRA;
	else if (!st->have_hello || !st->have_done || st->errors)
		s->verdict = VERDICT_STREAM;
	else
		s->verdict = VERDICT_BENCH_FAILED;
}

/* A metric's name in stats.json: qualified by its test when several ran. */
static void metric_name(const struct stream *st, const char *test,
			const char *metric, char *buf, size_t size)
{
	if (st->qualify)
		snprintf(buf, size, "%s.%s", test, metric);
	else
		snprintf(buf, size, "%s", metric);
}

/*
 * Several UnixBench tests make a System Benchmarks Index, as Run does:
 * 10 x the geometric mean of score / baseline, i.e. the geometric mean
 * of the tests' indexes. Only when every test of the job is one of them.
 */
static int unixbench_index_add(struct stream *st)
{
	char *list, *test, *save = NULL, name[256];
	const struct stream_metric *m;
	double log_sum = 0;
	int n = 0, ok = 1;

	if (!st->qualify || !st->tests)
		return 0;
	list = strdup(st->tests);
	if (!list)
		return -ENOMEM;
	for (test = strtok_r(list, ",", &save); test && ok;
	     test = strtok_r(NULL, ",", &save)) {
		const struct test_desc *t = test_find(test);

		metric_name(st, test, "unixbench.score", name, sizeof(name));
		m = stream_metric_find(st, name);
		ok = t && !strcmp(t->headline, "unixbench.throughput") && m &&
		     m->n && stream_metric_value(m) > 0;
		if (ok) {
			log_sum += log(stream_metric_value(m));
			n++;
		}
	}
	free(list);
	if (!ok || n < 2)
		return 0;
	return stream_metric_add(st, "unixbench.score", exp(log_sum / n));
}

static void on_signal(int sig)
{
	(void)sig;
	session_interrupted = 1;
}

/* One boot of the job: a run directory, committed whatever happened. */
static int run_boot(const struct run_opts *o, struct session_conf *sc,
		    const char *release, const char *params, const char *why,
		    const char *cmdline, unsigned int run)
{
	struct stream_events ev = { ev_hello, ev_log, ev_sample, (void *)o };
	const struct stream_metric *head;
	char raw_path[4400];
	unsigned int nruns;
	struct session s;
	struct rundir rd;
	FILE *raw;
	int err, i;

	topo_seen[0] = topo_mismatch[0] = '\0';
	err = rundir_create(&rd, o->results, o->test, params, release);
	if (err) {
		fprintf(stderr,
			"bootbench: cannot create a run directory under %s: %s: give RESULTS= a writable directory\n",
			o->results, strerror(-err));
		return VERDICT_INFRA;
	}
	snprintf(raw_path, sizeof(raw_path), "%s/samples.jsonl", rd.tmp);
	raw = fopen(raw_path, "w");
	if (!raw) {
		fprintf(stderr, "bootbench: %s: %s\n", raw_path,
			strerror(errno));
		rundir_abort(&rd);
		return VERDICT_INFRA;
	}
	sc->workdir = rd.tmp;

	if (o->runs > 1)
		printf("bootbench: run %u of %u\n", run, o->runs);
	printf("bootbench: %s on %s (%s), %u CPU(s), %u MiB, %s\n", o->test,
	       release, o->kernel, o->topo.cpus, o->topo.mem_mb,
	       o->accel == QEMU_ACCEL_KVM ? "KVM" : "TCG");
	fflush(stdout);
	session_run(sc, &s, raw, &ev);
	if (fclose(raw) && s.verdict == VERDICT_OK) {
		s.verdict = VERDICT_INFRA;
		snprintf(s.message, sizeof(s.message),
			 "writing samples.jsonl: %s", strerror(errno));
	}
	if (topo_mismatch[0] && s.verdict == VERDICT_OK) {
		s.verdict = VERDICT_INFRA;
		snprintf(s.message, sizeof(s.message), "%s", topo_mismatch);
	}
	verdict_settle(&s);
	if (unixbench_index_add(&s.stream))
		s.verdict = VERDICT_INFRA;

	err = job_write(&rd, o, release, why, &s, cmdline);
	if (!err)
		err = stats_write(&rd, &s.stream);
	if (!err)
		err = rundir_commit(&rd);
	if (err) {
		fprintf(stderr,
			"bootbench: writing the run directory under %s: %s; nothing was kept: free space or fix RESULTS\n",
			rd.parent, strerror(-err));
		rundir_abort(&rd);
		s.verdict = VERDICT_INFRA;
		goto out;
	}
	for (i = 0; i < o->ntests; i++) {
		char name[256];

		metric_name(&s.stream, o->tests[i]->name, o->tests[i]->headline,
			    name, sizeof(name));
		head = stream_metric_find(&s.stream, name);
		if (head)
			printf("bootbench: %s %s = %.1f (%u iteration%s) on %s\n",
			       o->tests[i]->name, o->tests[i]->headline,
			       stream_metric_value(head), head->n,
			       head->n == 1 ? "" : "s", release);
	}
	head = o->ntests > 1 ?
		       stream_metric_find(&s.stream, "unixbench.score") :
		       NULL;
	if (head)
		printf("bootbench: System Benchmarks Index (unixbench.score) = %.1f\n",
		       head->sum);
	if (s.verdict != VERDICT_OK)
		fprintf(stderr, "bootbench: %s: %s\n", verdict_name(s.verdict),
			s.message);
	printf("bootbench: results in %s (%.1f s)\n", rd.final, s.wall);
	err = aggregate_update(rd.parent, &nruns);
	if (err) {
		fprintf(stderr, "bootbench: updating %s/matrix.json: %s\n",
			rd.parent, strerror(-err));
		if (s.verdict == VERDICT_OK)
			s.verdict = VERDICT_INFRA;
	} else {
		printf("bootbench: %s: matrix.json, avg.json, stddev.json over %u run%s\n",
		       rd.parent, nruns, nruns == 1 ? "" : "s");
	}
out:
	session_free(&s);
	return s.verdict;
}

static int cmd_run(struct run_opts *o)
{
	struct session_conf sc = { 0 };
	char release[256], params[1024], *cmdline = NULL;
	int err, i, verdict = VERDICT_OK;
	unsigned int run;
	const char *why;
	size_t len;

	err = run_opts_check(o);
	if (err)
		return err;
	if (o->release) {
		snprintf(release, sizeof(release), "%s", o->release);
	} else {
		err = bzimage_release_read(o->kernel, release, sizeof(release));
		if (err)
			return bad_input(
				"KERNEL=%s is not an x86 bzImage (%s): give arch/x86/boot/bzImage, not vmlinux",
				o->kernel, strerror(-err));
	}
	qsort(o->params, o->nparams, sizeof(o->params[0]), param_cmp);
	if (run_params_dir(o, params, sizeof(params)))
		return bad_input("too many parameters");
	o->accel = qemu_accel_pick(o->accel, &why);
	if (o->accel == QEMU_ACCEL_TCG &&
	    o->topo.cpus > 4 * (unsigned int)sysconf(_SC_NPROCESSORS_ONLN))
		fprintf(stderr,
			"bootbench: warning: %u vCPUs on %ld host CPUs under TCG: it runs, slowly, and the guest's CPUs share the host's\n",
			o->topo.cpus, sysconf(_SC_NPROCESSORS_ONLN));

	/* The job rides on the kernel command line (docs/protocol.md). */
	len = 4096;
	cmdline = malloc(len);
	if (!cmdline)
		return VERDICT_INFRA;
	snprintf(cmdline, len, "console=ttyS0 panic=-1 bootbench.test=%s",
		 o->test_list);
	for (i = 0; i < o->nparams; i++)
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " bootbench.%s", o->params[i]);
	if (o->cmdline && *o->cmdline)
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " %s", o->cmdline);
	if (strlen(cmdline) >= 2000) {
		free(cmdline);
		return bad_input(
			"the kernel command line is longer than 2000 bytes: shorten CMDLINE");
	}

	sc.qemu.binary = o->qemu;
	sc.qemu.kernel = o->kernel;
	sc.qemu.initrd = o->initrd;
	sc.qemu.append = cmdline;
	sc.qemu.topo = &o->topo;
	sc.qemu.accel = o->accel;
	sc.timeout = o->timeout;
	sc.silence = o->silence;
	sc.verbose = o->verbose > 1;

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (run = 1; run <= o->runs && !session_interrupted; run++) {
		int v = run_boot(o, &sc, release, params, why, cmdline, run);

		if (v != VERDICT_OK && verdict == VERDICT_OK)
			verdict = v;
	}
	free(cmdline);
	return verdict;
}

/*
 * Run a captured stream (samples.jsonl, or any bytes) through the same
 * parser and write the same result files, under <test>/replay/<release>.
 */
static int cmd_replay(const char *path, const char *results)
{
	struct run_opts quiet = { 0 };
	struct stream_events ev = { ev_hello, ev_log, ev_sample, &quiet };
	struct session s = { 0 };
	struct json_buf j;
	struct rundir rd = { 0 };
	char buf[65536], raw_path[4400];
	FILE *in, *raw, *out;
	size_t n;
	int err = 0;

	in = fopen(path, "rb");
	if (!in)
		return bad_input("STREAM=%s: %s: give a captured samples.jsonl",
				 path, strerror(errno));
	raw = tmpfile();
	if (!raw) {
		fclose(in);
		fprintf(stderr, "bootbench: tmpfile: %s\n", strerror(errno));
		return VERDICT_INFRA;
	}
	stream_init(&s.stream, raw, &ev);
	while (!err && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		err = stream_feed(&s.stream, buf, n);
	fclose(in);
	if (!err)
		err = stream_finish(&s.stream);
	if (!err)
		err = unixbench_index_add(&s.stream);
	verdict_settle(&s);
	if (!err)
		err = rundir_create(
			&rd, results,
			s.stream.tests ? s.stream.tests : "unknown", "replay",
			s.stream.release ? s.stream.release : "unknown");
	if (!err) {
		snprintf(raw_path, sizeof(raw_path), "%s/samples.jsonl",
			 rd.tmp);
		out = fopen(raw_path, "w");
		err = out ? 0 : -errno;
		rewind(raw);
		while (!err && (n = fread(buf, 1, sizeof(buf), raw)) > 0)
			if (fwrite(buf, 1, n, out) != n)
				err = -EIO;
		if (out && fclose(out) && !err)
			err = -errno;
	}
	fclose(raw);
	if (!err) {
		json_buf_init(&j);
		json_object_open(&j);
		json_key_write(&j, "replay_of");
		json_string_write(&j, path);
		json_key_write(&j, "test");
		json_string_write(&j, s.stream.tests ? s.stream.tests : "");
		json_key_write(&j, "release");
		json_string_write(&j, s.stream.release ? s.stream.release : "");
		verdict_fields_write(&j, &s);
		json_object_close(&j);
		err = rundir_file_write(&rd, "job.json", &j);
		json_buf_free(&j);
	}
	if (!err)
		err = stats_write(&rd, &s.stream);
	if (!err)
		err = rundir_commit(&rd);
	if (!err)
		err = aggregate_update(rd.parent, NULL);
	if (err) {
		if (rd.tmp[0])
			rundir_abort(&rd);
		fprintf(stderr, "bootbench: replaying %s: %s\n", path,
			strerror(-err));
		session_free(&s);
		return VERDICT_INFRA;
	}
	if (s.verdict != VERDICT_OK)
		fprintf(stderr, "bootbench: %s: %s\n", verdict_name(s.verdict),
			s.message);
	printf("bootbench: replayed %s: %u record error(s), results in %s\n",
	       path, s.stream.errors, rd.final);
	session_free(&s);
	return s.verdict;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: bootbench release KERNEL\n"
		"       bootbench tests\n"
		"       bootbench replay STREAM [RESULTS]\n"
		"       bootbench run --kernel K --initrd I --test T [--param key=value]...\n"
		"                     [--smp N] [--sockets S --cores C --threads T] [--numa N|LISTS]\n"
		"                     [--machine NAME|FILE] [--lscpu FILE] [--mem MB]\n"
		"                     [--accel auto|kvm|tcg] [--cmdline S]\n"
		"                     [--timeout S] [--silence S] [--results DIR] [--qemu BIN]\n"
		"                     [--runs N] [--release R] [-v]\n");
}

static int parse_uint_opt(const char *name, const char *s, unsigned int min,
			  unsigned int max, unsigned int *out)
{
	int err = param_uint_parse(s, min, max, out);

	if (err)
		return bad_input(
			"%s=%s is not valid: give a number from %u to %u", name,
			s, min, max);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "initrd", required_argument, NULL, 'i' },
		{ "test", required_argument, NULL, 't' },
		{ "param", required_argument, NULL, 'p' },
		{ "smp", required_argument, NULL, 's' },
		{ "sockets", required_argument, NULL, 'o' },
		{ "cores", required_argument, NULL, 'C' },
		{ "threads", required_argument, NULL, 'H' },
		{ "numa", required_argument, NULL, 'n' },
		{ "machine", required_argument, NULL, 'M' },
		{ "lscpu", required_argument, NULL, 'L' },
		{ "machines-dir", required_argument, NULL, 'D' },
		{ "mem", required_argument, NULL, 'm' },
		{ "accel", required_argument, NULL, 'a' },
		{ "cmdline", required_argument, NULL, 'c' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "silence", required_argument, NULL, 'S' },
		{ "results", required_argument, NULL, 'r' },
		{ "qemu", required_argument, NULL, 'q' },
		{ "release", required_argument, NULL, 'R' },
		{ "runs", required_argument, NULL, 'N' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts o = {
		.results = "out/results",
		.qemu = "qemu-system-x86_64",
		.topo_req = { .machines_dir = "boot/machines" },
		.timeout = 3600,
		.silence = 120,
		.runs = 1,
	};
	char release[256];
	int opt, err;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		usage(stderr);
		return VERDICT_BAD_INPUT;
	}
	if (!strcmp(argv[1], "release")) {
		if (argc != 3) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		err = bzimage_release_read(argv[2], release, sizeof(release));
		if (err)
			return bad_input(
				"%s is not an x86 bzImage (%s): give arch/x86/boot/bzImage",
				argv[2], strerror(-err));
		printf("%s\n", release);
		return 0;
	}
	if (!strcmp(argv[1], "replay")) {
		if (argc != 3 && argc != 4) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		return cmd_replay(argv[2], argc == 4 ? argv[3] : o.results);
	}
	if (!strcmp(argv[1], "tests")) {
		size_t i;

		for (i = 0; i < sizeof(test_table) / sizeof(test_table[0]); i++)
			printf("%-12s %-28s %s\n", test_table[i].name,
			       test_table[i].headline, test_table[i].params);
		return 0;
	}
	if (strcmp(argv[1], "run")) {
		usage(stderr);
		return VERDICT_BAD_INPUT;
	}
	optind = 2;
	while ((opt = getopt_long(argc, argv, "v", longopts, NULL)) != -1) {
		switch (opt) {
		case 'k':
			o.kernel = optarg;
			break;
		case 'i':
			o.initrd = optarg;
			break;
		case 't':
			o.test = optarg;
			break;
		case 'p':
			if (o.nparams == PARAMS_MAX)
				return bad_input("more than %d parameters",
						 PARAMS_MAX);
			o.params[o.nparams++] = optarg;
			break;
		case 's':
			if (*optarg && parse_uint_opt("SMP", optarg, 1, 1024,
						      &o.topo_req.smp))
				return VERDICT_BAD_INPUT;
			break;
		case 'o':
			if (*optarg && parse_uint_opt("SOCKETS", optarg, 1, 64,
						      &o.topo_req.sockets))
				return VERDICT_BAD_INPUT;
			break;
		case 'C':
			if (*optarg && parse_uint_opt("CORES", optarg, 1, 1024,
						      &o.topo_req.cores))
				return VERDICT_BAD_INPUT;
			break;
		case 'H':
			if (*optarg && parse_uint_opt("THREADS", optarg, 1, 8,
						      &o.topo_req.threads))
				return VERDICT_BAD_INPUT;
			break;
		case 'n':
			o.topo_req.numa = optarg;
			break;
		case 'M':
			o.topo_req.machine = optarg;
			break;
		case 'L':
			o.topo_req.lscpu = optarg;
			break;
		case 'D':
			o.topo_req.machines_dir = optarg;
			break;
		case 'm':
			if (*optarg && mem_parse(optarg, &o.topo_req.mem_mb))
				return bad_input(
					"MEM=%s is not valid: give MiB (64 or more) or a size like 2G",
					optarg);
			break;
		case 'a':
			if (qemu_accel_parse(optarg, &o.accel))
				return bad_input(
					"ACCEL=%s is not valid: give auto, kvm or tcg",
					optarg);
			break;
		case 'c':
			o.cmdline = optarg;
			break;
		case 'T':
			if (parse_uint_opt("TIMEOUT", optarg, 1, 7 * 86400,
					   &o.timeout))
				return VERDICT_BAD_INPUT;
			break;
		case 'S':
			if (parse_uint_opt("SILENCE", optarg, 1, 86400,
					   &o.silence))
				return VERDICT_BAD_INPUT;
			break;
		case 'N':
			if (parse_uint_opt("RUNS", optarg, 1, 1000, &o.runs))
				return VERDICT_BAD_INPUT;
			break;
		case 'r':
			o.results = optarg;
			break;
		case 'q':
			o.qemu = optarg;
			break;
		case 'R':
			o.release = optarg;
			break;
		case 'v':
			o.verbose++;
			break;
		default:
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return VERDICT_BAD_INPUT;
	}
	return cmd_run(&o);
}
