// SPDX-License-Identifier: GPL-2.0
/*
 * make run JOB=jobs/<name>.job: every combination of the job file's
 * lists (or this shard's share of them), one after the other, each a
 * normal run with its own result directory (docs/jobs.md).
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "jobfile.h"
#include "lib/strv.h"
#include "shared/util.h"

/*
 * Keys that say how to run, not what the benchmark takes: run's options
 * (boot/options.def) a job file may set, applied as the option is, with
 * its limits. The others (the kernel, the image, the results, QEMU)
 * stay the command line's: a job file does not choose what runs it.
 */
static const char *const job_run_keys[] = {
	"test",	    "machine", "numa",	       "lscpu", "cmdline",
	"arch",	    "smp",     "sockets",      "cores", "threads",
	"clusters", "runs",    "icount_shift", "mem",	"timing",
};

/* 0, bad input (said), or -ENOENT for a key that is the benchmark's. */
static int job_key_apply(struct run_opts *o, const char *key, const char *val,
			 const char *path)
{
	size_t i;

	/* make lava-job's LAVA_URL, unless make says one. */
	if (!strcmp(key, "lava_url")) {
		o->lava_url = o->lava_url ? o->lava_url : val;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(job_run_keys); i++)
		if (!strcmp(key, job_run_keys[i]))
			return options_job_key_apply(o, key, val, path);
	return -ENOENT; /* a benchmark parameter */
}

/* Whether the one test @name (not a list) takes parameter @param. */
static int job_test_takes(const char *name, const char *param)
{
	const struct test_desc *t = name ? test_find(name) : NULL;

	return t && strv_word_in(t->params, param);
}

/*
 * QUICK=1's one pass. A UnixBench test's scaled runtime is one pass
 * (LKP's "Run -i 1"), which lasts that runtime rather than the test's
 * own duration (execl's 30 s, shell8's 60 s), unless the job says one.
 * A test with passes and no runtime (hackbench: LKP's iterations, 3
 * by default) runs one, unless the job says passes (scaled to 1).
 */
static int job_quick_pass(struct jobfile *jf, const char *runtime,
			  int own_duration, int own_passes, struct run_opts *o)
{
	if (*runtime && !runtime[strspn(runtime, "0123456789")] &&
	    !own_duration && job_test_takes(o->test, "duration"))
		snprintf(jf->quick, sizeof(jf->quick), "duration=%s", runtime);
	else if (!*runtime && !own_passes &&
		 job_test_takes(o->test, "passes") &&
		 !job_test_takes(o->test, "runtime"))
		snprintf(jf->quick, sizeof(jf->quick), "passes=1");
	else
		return 0;
	if (o->nparams == PARAMS_MAX)
		return bad_input("%s: more than %d parameters", jf->path,
				 PARAMS_MAX);
	o->params[o->nparams++] = jf->quick;
	return 0;
}

/* One combination into @o, which starts as a copy of the command line's. */
static int job_opts_fill(struct jobfile *jf, size_t index, int quick,
			 struct run_opts *o)
{
	char scaled[64], runtime[32] = "";
	int own_duration = 0, own_passes = 0;
	size_t i;
	int ret;

	o->nparams = 0;
	for (i = 0; i < jf->nkeys; i++) {
		const char *key = jf->keys[i].key;
		const char *val = jobfile_value_get(jf, key, index);

		/* What the job reproduces: for people, not for the run. */
		if (!strcmp(key, "report") || !strcmp(key, "description"))
			continue;
		/* Only numbers are scaled, and read at once: @scaled will do. */
		if (quick)
			val = jobfile_quick_scale(key, val, scaled,
						  sizeof(scaled));
		if (quick && !strcmp(key, "runtime"))
			snprintf(runtime, sizeof(runtime), "%s", val);
		own_duration |= !strcmp(key, "duration");
		own_passes |= !strcmp(key, "passes");
		ret = job_key_apply(o, key, val, jf->path);
		if (ret != -ENOENT) {
			if (ret)
				return ret;
			continue;
		}
		if (o->nparams == PARAMS_MAX)
			return bad_input("%s: more than %d parameters",
					 jf->path, PARAMS_MAX);
		snprintf(jf->params[i], sizeof(jf->params[i]), "%s=%s", key,
			 val);
		o->params[o->nparams++] = jf->params[i];
	}
	if (!quick)
		return 0;
	return job_quick_pass(jf, runtime, own_duration, own_passes, o);
}

int shard_parse(const char *s, unsigned int *i, unsigned int *n)
{
	char tail;

	if (sscanf(s, "%u/%u%c", i, n, &tail) != 2 || !*n || !*i || *i > *n)
		return -EINVAL;
	return 0;
}

void tap_line_print(unsigned int no, int verdict, const char *what)
{
	if (verdict == VERDICT_OK)
		printf("ok %u - %s\n", no, what);
	else
		printf("not ok %u - %s # %s\n", no, what,
		       verdict_name(verdict));
}

int cmd_job(const struct run_opts *base, const char *path, int quick,
	    const char *shard, int tap)
{
	unsigned int si = 1, sn = 1, no = 0, mine = 0;
	int verdict = VERDICT_OK, v;
	char err[512], what[512];
	struct jobfile jf;
	size_t i, n;

	if (shard && *shard && shard_parse(shard, &si, &sn))
		return bad_input(
			"SHARD=%s is not valid: give i/n, e.g. SHARD=2/4 for the second of four runners",
			shard);
	if (jobfile_load(path, &jf, err, sizeof(err))) {
		jobfile_free(&jf);
		return bad_input("%s", err);
	}
	n = jobfile_combinations_count(&jf);
	for (i = 0; i < n; i++)
		mine += i % sn == si - 1;
	if (tap)
		printf("TAP version 13\n1..%u\n", mine);
	for (i = 0; i < n && !session_interrupted; i++) {
		struct run_opts o = *base;
		const char *report = jobfile_value_get(&jf, "report", 0);

		/* Shards take every n-th job, so each gets a fair mix. */
		if (i % sn != si - 1)
			continue;
		jobfile_combination_describe(&jf, i, what, sizeof(what));
		if (!base->image_plan && !base->plan)
			progress_line("bootbench: job %u of %u%s%s%s%s\n", ++no,
				      mine, *what ? ": " : "", what,
				      report ? "; reproduces " : "",
				      report ? report : "");
		/*
		 * Under TCG, two vCPUs per host CPU still boot in a minute;
		 * FIT=0 said the full shape, and it gets it.
		 */
		if (quick && !base->quick_cpus && !base->fit_refused)
			o.quick_cpus = 2 * options_host_cpus();
		v = job_opts_fill(&jf, i, quick, &o);
		if (!v)
			v = cmd_run(&o);
		if (tap) {
			char line[600];

			snprintf(line, sizeof(line), "%s%s%s", o.test,
				 *what ? " " : "", what);
			tap_line_print(no, v, line);
		}
		if (v != VERDICT_OK && verdict == VERDICT_OK)
			verdict = v;
		/* Bad input in one job is bad input in all: stop early. */
		if (v == VERDICT_BAD_INPUT)
			break;
	}
	jobfile_free(&jf);
	return verdict;
}

/*
 * @machine: the machine as a run takes it too (fitted, its timing), for
 * bisect, whose first boot comes after an hour's build; reproduce
 * checks its job before it knows the fit.
 */
static int job_check_all(const struct run_opts *base, const char *path,
			 int machine)
{
	char err[512], why[256];
	struct jobfile jf;
	size_t i, n;
	int v = VERDICT_OK;

	if (jobfile_load(path, &jf, err, sizeof(err))) {
		jobfile_free(&jf);
		return bad_input("%s", err);
	}
	n = jobfile_combinations_count(&jf);
	for (i = 0; i < n && v == VERDICT_OK; i++) {
		struct run_opts o = *base;

		v = job_opts_fill(&jf, i, 0, &o);
		if (!v)
			v = run_params_check(&o);
		if (!v && machine)
			v = run_job_machine_check(&o);
		else if (!v && topology_resolve(&o.topo_req, &o.topo, why,
						sizeof(why)))
			v = bad_input("impossible topology: %s", why);
	}
	jobfile_free(&jf);
	return v;
}

int job_check(const struct run_opts *base, const char *path)
{
	return job_check_all(base, path, 0);
}

int job_machine_check(const struct run_opts *base, const char *path)
{
	return job_check_all(base, path, 1);
}
