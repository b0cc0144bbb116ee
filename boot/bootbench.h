/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_BOOTBENCH_H
#define BOOTBENCH_BOOTBENCH_H

/* The host tool's pieces: options.c checks a job, run.c boots it,
 * outcome.c turns what came back into a verdict and result files. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "benchmarks/params.h"
#include "proto/initkeys.def"
#include "proto/json.h"
#include "lib/aggregate.h"
#include "arch.h"
#include "bzimage.h"
#include "disk.h"
#include "kvm.h"
#include "qemu.h"
#include "lib/rundir.h"
#include "session.h"
#include "lib/tests.h"
#include "topology.h"
#include "vmlinux.h"

#define PARAMS_MAX 32
/*
 * Parameters the init itself takes, for any test (proto/initkeys.def),
 * each after a blank: " iterations watchdog ...".
 */
#define PARAMS_COMMON_WORD(name, ...) " " #name
#define PARAMS_COMMON JOB_INIT_KEYS(PARAMS_COMMON_WORD)

#define TESTS_MAX 32
/* docs/schema/job.schema.json */
#define JOB_SCHEMA_VERSION 1

struct run_opts {
	const char *kernel, *initrd, *test, *results, *qemu, *cmdline;
	const char *firmware; /* auto, seabios, qboot or a file */
	const char *arch_name; /* ARCH=, a row of boot/arch.def */
	const struct arch *arch; /* its row (run_opts_check) */
	const struct test_desc *tests[TESTS_MAX];
	/* Each test's headline metric with this job's parameters. */
	char headline[TESTS_MAX][96];
	int ntests;
	char test_list[512]; /* the expanded comma list for the guest */
	const char *release;
	char *params[PARAMS_MAX];
	int nparams;
	unsigned int timeout, silence, runs;
	struct topology_request topo_req;
	struct topology topo;
	enum qemu_accel accel;
	const char *pin; /* PIN=: auto, off or a CPU list (boot/pin.h) */
	struct kvm_plan kvm; /* ACCEL=kvm's host settings (boot/kvm.h) */
	int deterministic; /* TIMING=deterministic: icount, no host clock */
	const char *profile; /* PROFILE=1: the plugin (docs/profile.md) */
	int c2c; /* C2C=1: the plugin's cache-line census too (docs/c2c.md) */
	/* QUICK=1 or FIT=1: the most vCPUs, 0 for no limit */
	unsigned int quick_cpus;
	int fit_refused; /* FIT=0 said: the full shape, however slow */
	/* Under TCG, the most vCPUs booted without FIT=0 (0: 8 per host CPU) */
	unsigned int max_vcpus;
	int plan; /* print the machine and the estimate, boot nothing */
	int image_plan; /* print what the image must hold, boot nothing */
	FILE *plan_out; /* where the image plan goes; NULL: stdout */
	/* --build: the image made from the plan with this build's programs */
	const char *build_dir, *modules;
	char initrd_built[PATH_MAX];
	unsigned int icount_shift;
	struct qemu_version qemu_version;
	int verbose;
	int quiet; /* Q=1: the summary only */
	enum boot_path boot; /* BOOT=auto|pvh|bzimage */
	const char *vmlinux_cache; /* where extracted vmlinux files are kept */
	/* What -kernel got: "pvh" (boot_image is a vmlinux) or "bzimage". */
	const char *boot_taken;
	char boot_image[4096];
	char boot_note[600]; /* BOOT=auto fell back to the bzImage: why */
	/* make lava-job: write LAVA jobs here instead of booting */
	const char *lava_dir, *lava_url;
	struct disk_host disk; /* DISK=, FS=, MD= (boot/disk.h) */
	const char *history; /* HISTORY=: each run added (docs/history.md) */
};

extern volatile sig_atomic_t session_interrupted;

/* What run's options say beyond struct run_opts. */
struct run_cli {
	const char *job, *shard;
	int quick, tap;
};

/* main.c: run's options (boot/options.def) from argv[2] on, checked. */
void options_defaults_set(struct run_opts *o);
/*
 * boot/machines beside the tool (lib/tree.h), so that a run or a
 * reproduce from any working directory finds the profiles.
 */
const char *options_machines_dir(void);
int options_args_parse(int argc, char **argv, struct run_opts *o,
		       struct run_cli *c);

/* options.c: everything a user can get wrong, checked before booting */
__attribute__((format(printf, 1, 2))) int bad_input(const char *fmt, ...);
/*
 * A job file's @key that is one of run's options (boot/options.def, '_'
 * for '-'): applied as the option is, with its limits, a message naming
 * "@path: @key"; -ENOENT when no option has that name (main.c).
 */
int options_job_key_apply(struct run_opts *o, const char *key, const char *val,
			  const char *path);
/* A job key's make variable, as messages name it: nr_task is NR_TASK. */
void options_key_var(char *dst, const char *src, size_t size);
int options_uint_parse(const char *name, const char *s, unsigned int min,
		       unsigned int max, unsigned int *out);
int run_opts_check(struct run_opts *o);
/*
 * Before any build (bisect): @o's architecture and machine as a run
 * takes them, resolved, fitted and checked against its timing.
 */
int run_job_machine_check(struct run_opts *o);
/* The tests and parameters alone (a job checked before any boot). */
int run_params_check(struct run_opts *o);
/* A parameter's value as the job gives it (key=value), or NULL. */
const char *run_param_value(const char *key, const void *ctx);
unsigned int options_host_cpus(void);
int timing_parse(const char *s, int *deterministic);
int run_params_dir(const struct run_opts *o, char *buf, size_t size);
int options_param_cmp(const void *a, const void *b);

/* topocheck.c: the guest's topology against what was asked */
void topocheck_reset(void);
void topocheck_verify(const struct topology *t, const struct json_value *rec);
const char *topocheck_mismatch(void);
void topocheck_json_write(struct json_buf *j, const struct topology *t);

/* verdict.c: how the boot ended */
void verdict_settle(struct session *s);
void verdict_fields_write(struct json_buf *j, const struct session *s);

/* outcome.c: the run's result files */
int outcome_stats_write(const struct rundir *rd, const struct stream *st);
int outcome_job_write(const struct rundir *rd, const struct run_opts *o,
		      const char *release, const char *accel_why,
		      const struct session *s, const char *cmdline);
int outcome_unixbench_index_add(struct stream *st);

/* ci_report.c: junit.xml and kcidb.json beside job.json (docs/ci.md) */
int junit_write(const struct rundir *rd, const struct run_opts *o,
		const char *release, const struct session *s);
int kcidb_write(const struct rundir *rd, const struct run_opts *o,
		const char *release, const struct session *s);

/* progress.c: a status line on a terminal, plain lines elsewhere, Q=1 */
void progress_init(int quiet);
__attribute__((format(printf, 1, 2))) void progress_line(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void progress_summary(const char *fmt,
							    ...);
void progress_boot_start(const char *test);
void progress_iterations_set(unsigned int iterations);
void progress_iteration_done(void);
void progress_pass(const char *msg);

/* run.c */
int cmd_run(struct run_opts *o);
/* The stream's events as a run shows them (a replay's too), @o theirs. */
struct stream_events run_events_make(const struct run_opts *o);
/*
 * run-profile.c: PROFILE=1 and C2C=1 dropped, said, where this run
 * cannot have them; the plugin's files of a boot in @rd; after it, the
 * files processed (the run truncated past a cap), then removed.
 */
void run_profile_check(struct run_opts *o);
void run_profile_paths_set(const struct run_opts *o, struct session_conf *sc,
			   const struct rundir *rd);
void run_profile_process(const struct run_opts *o, const struct rundir *rd,
			 struct session *s);
/* lava.c: the job as a LAVA job definition under o->lava_dir */
int lava_job_write(const struct run_opts *o, const struct qemu_conf *qc,
		   const char *release, const char *params,
		   const char *cmdline);
/* jobrun.c: a job file's combinations, or this shard's share of them */
/* bootbench reproduce: a report mail into a job (boot/reproduce.c). */
int cmd_reproduce(const char *report, const char *outdir);
/* ... and its job on two kernels in turn, the verdict (repro-run.c). */
int cmd_reproduce_run(int argc, char **argv);
/*
 * Every combination of a job file through the checks a run makes of its
 * tests, parameters and machine, without booting: VERDICT_OK or bad
 * input (said). What make reproduce DRY=1 relies on.
 */
int job_check(const struct run_opts *base, const char *path);
/* job_check(), and each combination's machine as a run takes it. */
int job_machine_check(const struct run_opts *base, const char *path);
int cmd_job(const struct run_opts *base, const char *path, int quick,
	    const char *shard, int tap);
int shard_parse(const char *s, unsigned int *i, unsigned int *n);
void tap_line_print(unsigned int no, int verdict, const char *what);
/* replay.c: a captured stream into a run directory, as a boot's. */
int cmd_replay(const char *path, const char *results, const char *params);

#endif
