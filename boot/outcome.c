// SPDX-License-Identifier: GPL-2.0
/*
 * What a boot or a replay leaves: the topology check, the verdict, and
 * the run's job.json and stats.json (docs/results.md).
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "debian.h"
#include "lib/metrics.h"

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
void topology_verify(const struct topology *t, const struct json_value *rec)
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

static int metric_name_cmp(const void *a, const void *b)
{
	const struct stream_metric *x = *(const struct stream_metric *const *)a;
	const struct stream_metric *y = *(const struct stream_metric *const *)b;

	return strcmp(x->name, y->name);
}

/* One value per metric for this run: the mean over its good iterations. */
int stats_write(const struct rundir *rd, const struct stream *st)
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

/*
 * Where a boot's time went, from host clocks and the guest's uptimes
 * (docs/results.md). The guest clock starts with the kernel, after the
 * firmware and the decompression, so those are host time to hello
 * less the guest uptime at hello. Left out of a replay, which has no
 * host clocks, and of a boot that never said hello.
 */
static void boot_breakdown_write(struct json_buf *j, const struct session *s)
{
	const struct stream *st = &s->stream;

	if (!s->hello_wall || isnan(st->hello_uptime) ||
	    isnan(st->init_start_uptime))
		return;
	json_key_write(j, "boot");
	json_object_open(j);
	json_key_write(j, "first_console_s");
	json_number_write(j, s->console_wall);
	json_key_write(j, "firmware_s");
	json_number_write(j, s->hello_wall - st->hello_uptime);
	json_key_write(j, "kernel_s");
	json_number_write(j, st->init_start_uptime);
	json_key_write(j, "init_s");
	json_number_write(j, st->hello_uptime - st->init_start_uptime);
	if (s->done_wall && !isnan(st->done_uptime)) {
		json_key_write(j, "job_s");
		json_number_write(j, st->done_uptime - st->hello_uptime);
		json_key_write(j, "poweroff_s");
		json_number_write(j, s->wall - s->done_wall);
	}
	json_object_close(j);
}

/* The outcome part of job.json, the same for a boot and a replay. */
void verdict_fields_write(struct json_buf *j, const struct session *s)
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
	json_key_write(j, "truncated");
	json_bool_write(j, s->truncated);
	json_key_write(j, "wall_seconds");
	json_number_write(j, s->wall);
	json_key_write(j, "hello_seconds");
	json_number_write(j, s->hello_wall);
	boot_breakdown_write(j, s);
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
	if (s->qemu_signal) {
		json_key_write(j, "qemu_signal");
		json_int_write(j, s->qemu_signal);
	}
	if (s->space_stop) {
		json_key_write(j, "host_space_left_mb");
		json_int_write(j, s->space_left_mb);
	}
}

/*
 * Under TCG a named CPU model may ask for features QEMU cannot emulate;
 * QEMU drops them with a warning ("TCG doesn't support requested
 * feature: CPUID.01H:ECX.fma [bit 12]"). The guest then is not quite
 * the report's CPU: say which were dropped.
 */
static void cpu_dropped_write(struct json_buf *j, const struct rundir *rd)
{
	static const char mark[] = "doesn't support requested feature: ";
	char path[4300], line[512], seen[8192] = "\n", key[520];
	const char *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/qemu.log", rd->tmp);
	f = fopen(path, "r");
	if (!f)
		return;
	json_key_write(j, "cpu_features_dropped");
	json_array_open(j);
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, mark);
		if (!p)
			continue;
		p += sizeof(mark) - 1;
		line[strcspn(line, "\r\n")] = '\0';
		/* QEMU warns once per vCPU: each feature once. */
		snprintf(key, sizeof(key), "\n%s\n", p);
		if (strstr(seen, key))
			continue;
		if (strlen(seen) + strlen(key) < sizeof(seen))
			strcat(seen, key + 1);
		json_string_write(j, p);
	}
	json_array_close(j);
	fclose(f);
}

/*
 * The metric the run names as its result and which way is better for
 * it, as its descriptor said when it ran: compare reads them back rather
 * than today's tables.
 */
static void outcome_headline_write(struct json_buf *j, const struct run_opts *o,
				   const struct session *s)
{
	const struct metric_desc *m = metric_find(o->headline[0]);
	char name[160];

	if (!o->ntests)
		return;
	metric_name(&s->stream, o->tests[0]->name, o->headline[0], name,
		    sizeof(name));
	json_key_write(j, "headline");
	json_string_write(j, name);
	json_key_write(j, "headline_better");
	json_string_write(j, metric_better_name(m ? m->better : METRIC_INFO));
}

/* PROFILE=1 and C2C=1: compare warns when one side has them and not the other. */
static void job_plugin_write(struct json_buf *j, const struct run_opts *o)
{
	if (!o->profile)
		return;
	json_key_write(j, "profile");
	json_bool_write(j, 1);
	if (o->c2c) {
		json_key_write(j, "c2c");
		json_bool_write(j, 1);
	}
}

int job_write(const struct rundir *rd, const struct run_opts *o,
	      const char *release, const char *accel_why,
	      const struct session *s, const char *cmdline)
{
	struct json_buf j;
	char pkgs[8192];
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
	json_key_write(&j, "arch");
	json_string_write(&j, o->arch->name);
	json_key_write(&j, "boot_path");
	json_string_write(&j, o->boot_taken ? o->boot_taken : "bzimage");
	if (o->boot_taken && !strcmp(o->boot_taken, "pvh")) {
		json_key_write(&j, "boot_image");
		json_string_write(&j, o->boot_image);
	}
	if (o->boot_note[0]) {
		json_key_write(&j, "boot_note");
		json_string_write(&j, o->boot_note);
	}
	json_key_write(&j, "smp");
	json_int_write(&j, o->topo.cpus);
	json_key_write(&j, "mem_mb");
	json_int_write(&j, o->topo.mem_mb);
	topology_json_write(&j, &o->topo, topo_seen);
	json_key_write(&j, "accel");
	json_string_write(&j, o->accel == QEMU_ACCEL_KVM ? "kvm" : "tcg");
	json_key_write(&j, "accel_reason");
	json_string_write(&j, accel_why);
	outcome_headline_write(&j, o, s);
	json_key_write(&j, "timing");
	json_string_write(&j, o->deterministic ? "deterministic" : "realtime");
	if (o->deterministic) {
		json_key_write(&j, "icount_shift");
		json_int_write(&j, o->icount_shift);
	}
	json_key_write(&j, "qemu_version");
	json_string_write(&j, o->qemu_version.text);
	job_plugin_write(&j, o);
	/* The Debian benchmarks' packages, "stress-ng 0.15.06-2, ...". */
	if (!debian_packages_read(o->initrd, pkgs, sizeof(pkgs)) && *pkgs) {
		json_key_write(&j, "packages");
		json_string_write(&j, pkgs);
	}
	disk_json_write(&j, &o->disk);
	json_key_write(&j, "cmdline");
	json_string_write(&j, cmdline);
	json_key_write(&j, "qemu_command");
	json_string_write(&j, s->qemu_cmd ? s->qemu_cmd : "");
	cpu_dropped_write(&j, rd);
	verdict_fields_write(&j, s);
	json_object_close(&j);
	err = rundir_file_write(rd, "job.json", &j);
	json_buf_free(&j);
	return err;
}

/* How the boot ended, once the stream is read: the first fault wins. */
void verdict_settle(struct session *s)
{
	const struct stream *st = &s->stream;
	double expected = st->announced_iterations * st->ntests;

	if (s->verdict != VERDICT_OK)
		return;
	if (st->truncated) {
		s->truncated = 1;
		snprintf(
			s->message, sizeof(s->message),
			"truncated: the guest sent more than %lu MiB of records; samples.jsonl keeps the first %lu MiB",
			STREAM_RAW_MAX >> 20, STREAM_RAW_MAX >> 20);
		s->verdict = VERDICT_STREAM;
		return;
	}
	if (st->guest_error || s->guest_error[0])
		snprintf(s->message, sizeof(s->message),
			 "the guest's init failed: %.400s",
			 st->guest_error ? st->guest_error : s->guest_error);
	else if (!st->have_hello && !st->errors)
		snprintf(
			s->message, sizeof(s->message),
			"the guest powered off without reporting (see console.log)");
	else if (st->have_hello && !st->have_done)
		snprintf(
			s->message, sizeof(s->message),
			"the results stream ended before 'done': the run is incomplete");
	else if (st->errors)
		snprintf(s->message, sizeof(s->message),
			 "%u invalid record(s) on the results port, first: %s",
			 st->errors, st->first_error);
	else if (st->samples != expected ||
		 st->done_iterations != st->announced_iterations)
		snprintf(
			s->message, sizeof(s->message),
			"the stream announced %g iteration(s) x %u test(s) = %g sample(s) (done says %g iteration(s)) but carried %u: the run is incomplete",
			st->announced_iterations, st->ntests, expected,
			st->done_iterations, st->samples);
	else if (st->samples_failed || !st->samples)
		snprintf(s->message, sizeof(s->message),
			 "%u of %u iteration(s) failed", st->samples_failed,
			 st->samples);
	else
		return;
	if (st->guest_error || s->guest_error[0])
		s->verdict = VERDICT_INFRA;
	else if (!st->have_hello || !st->have_done || st->errors ||
		 st->samples != expected ||
		 st->done_iterations != st->announced_iterations)
		s->verdict = VERDICT_STREAM;
	else
		s->verdict = VERDICT_BENCH_FAILED;
}

/* A metric's name in stats.json: qualified by its test when several ran. */
void metric_name(const struct stream *st, const char *test, const char *metric,
		 char *buf, size_t size)
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
int unixbench_index_add(struct stream *st)
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
		ok = t && !strcmp(t->suite, "unixbench") && m && m->n &&
		     stream_metric_value(m) > 0;
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

void topology_check_reset(void)
{
	topo_seen[0] = topo_mismatch[0] = '\0';
}

const char *topology_mismatch(void)
{
	return topo_mismatch;
}
