// SPDX-License-Identifier: GPL-2.0
/*
 * What a boot or a replay leaves: the run's job.json and stats.json
 * (docs/results.md), and UnixBench's index over several of its tests.
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "debian.h"
#include "lib/metrics.h"

static int metric_name_cmp(const void *a, const void *b)
{
	const struct stream_metric *x = *(const struct stream_metric *const *)a;
	const struct stream_metric *y = *(const struct stream_metric *const *)b;

	return strcmp(x->name, y->name);
}

/* One value per metric for this run: the mean over its good iterations. */
int outcome_stats_write(const struct rundir *rd, const struct stream *st)
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
	for (i = 0; i < st->nmetrics; i++)
		json_member_number(&j, m[i]->name, stream_metric_value(m[i]));
	json_object_close(&j);
	err = rundir_file_write(rd, "stats.json", &j);
	json_buf_free(&j);
	free(m);
	return err;
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
	json_member_array_open(j, "cpu_features_dropped");
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
	stream_metric_qualify(&s->stream, o->tests[0]->name, o->headline[0],
			      name, sizeof(name));
	json_member_string(j, "headline", name);
	json_member_string(j, "headline_better",
			   metric_better_name(m ? m->better : METRIC_INFO));
}

/* PROFILE=1 and C2C=1: compare warns when one side has them and not the other. */
static void job_plugin_write(struct json_buf *j, const struct run_opts *o)
{
	if (!o->profile)
		return;
	json_member_bool(j, "profile", 1);
	if (o->c2c)
		json_member_bool(j, "c2c", 1);
}

/* The test and its parameters, as the job gave them (key=value). */
static void outcome_params_write(struct json_buf *j, const struct run_opts *o)
{
	int i;

	json_member_string(j, "test", o->test);
	json_member_object_open(j, "params");
	for (i = 0; i < o->nparams; i++) {
		char *eq = strchr(o->params[i], '=');

		*eq = '\0';
		json_member_string(j, o->params[i], eq + 1);
		*eq = '=';
	}
	json_object_close(j);
}

/* The kernel and the image -kernel got, with why not PVH if not. */
static void outcome_kernel_write(struct json_buf *j, const struct run_opts *o,
				 const char *release)
{
	json_member_string(j, "kernel", o->kernel);
	json_member_string(j, "release", release);
	json_member_string(j, "arch", o->arch->name);
	json_member_string(j, "boot_path",
			   o->boot_taken ? o->boot_taken : "bzimage");
	if (o->boot_taken && !strcmp(o->boot_taken, "pvh"))
		json_member_string(j, "boot_image", o->boot_image);
	if (o->boot_note[0])
		json_member_string(j, "boot_note", o->boot_note);
}

/* The machine the guest got: shape, memory, accelerator, pinning, KVM's. */
static void outcome_machine_write(struct json_buf *j, const struct run_opts *o,
				  const char *accel_why,
				  const struct session *s)
{
	json_member_int(j, "smp", o->topo.cpus);
	json_member_int(j, "mem_mb", o->topo.mem_mb);
	topocheck_json_write(j, &o->topo);
	json_member_string(j, "accel",
			   o->accel == QEMU_ACCEL_KVM ? "kvm" : "tcg");
	json_member_string(j, "accel_reason", accel_why);
	json_member_string(j, "pin", s->pin[0] ? s->pin : "off");
	kvm_json_write(j, &o->kvm);
}

/* The clock the guest ran by and the QEMU that kept it. */
static void outcome_timing_write(struct json_buf *j, const struct run_opts *o)
{
	json_member_string(j, "timing",
			   o->deterministic ? "deterministic" : "realtime");
	if (o->deterministic)
		json_member_int(j, "icount_shift", o->icount_shift);
	json_member_string(j, "qemu_version", o->qemu_version.text);
}

/* What the guest was booted with: packages, disks, both command lines. */
static void outcome_commands_write(struct json_buf *j, const struct run_opts *o,
				   const struct session *s, const char *cmdline)
{
	char pkgs[8192];

	/* The Debian benchmarks' packages, "stress-ng 0.15.06-2, ...". */
	if (!debian_packages_read(o->initrd, pkgs, sizeof(pkgs)) && *pkgs)
		json_member_string(j, "packages", pkgs);
	disk_json_write(j, &o->disk);
	json_member_string(j, "cmdline", cmdline);
	json_member_string(j, "qemu_command", s->qemu_cmd ? s->qemu_cmd : "");
}

int outcome_job_write(const struct rundir *rd, const struct run_opts *o,
		      const char *release, const char *accel_why,
		      const struct session *s, const char *cmdline)
{
	struct json_buf j;
	int err;

	json_buf_init(&j);
	json_object_open(&j);
	outcome_params_write(&j, o);
	outcome_kernel_write(&j, o, release);
	outcome_machine_write(&j, o, accel_why, s);
	outcome_headline_write(&j, o, s);
	outcome_timing_write(&j, o);
	job_plugin_write(&j, o);
	outcome_commands_write(&j, o, s, cmdline);
	cpu_dropped_write(&j, rd);
	verdict_fields_write(&j, s);
	json_object_close(&j);
	err = rundir_file_write(rd, "job.json", &j);
	json_buf_free(&j);
	return err;
}

/*
 * Several UnixBench tests make a System Benchmarks Index, as Run does:
 * 10 x the geometric mean of score / baseline, i.e. the geometric mean
 * of the tests' indexes. Only when every test of the job is one of them.
 */
int outcome_unixbench_index_add(struct stream *st)
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

		stream_metric_qualify(st, test, "unixbench.score", name,
				      sizeof(name));
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
