/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_PARAMS_H
#define BOOTBENCH_PARAMS_H

#include <stddef.h>
#include <stdio.h>

/*
 * Benchmark parameters, parsed the same way by the benchmarks in the
 * guest and by the host tool that checks a job before it boots.
 */
enum param_kind {
	PARAM_UINT, /* a count or seconds within [min, max] */
	PARAM_TASKS, /* N, or N% of the online CPUs (LKP's nr_task) */
	PARAM_CHOICE, /* one word of a list */
	PARAM_STRESSOR, /* a stress-ng stressor that runs here (stress-ng.def) */
	PARAM_DISK, /* scratch disks in LKP's words (proto/disk.h) */
	PARAM_SIZE, /* bytes: 4k, 2M, 200G (LKP's to_byte), at most max GiB */
};

struct param_spec {
	const char *name;
	enum param_kind kind;
	unsigned int min, max;
	const char *help;
	const char *choices; /* PARAM_CHOICE: space separated */
};

const struct param_spec *param_spec_find(const char *name);
/*
 * Every job key, one a line: name, kind, help, tab separated (bootbench
 * params: the shell's and the tests' list, read from the descriptors).
 */
void param_specs_print(FILE *f);
/* @cpus: online CPUs, for the percentage form; 0 only checks syntax. */
int param_tasks_parse(const char *s, long cpus, unsigned int *out);
int param_value_check(const struct param_spec *p, const char *val);
/* A PARAM_SIZE value in bytes: N, or N with k, M, G or T (1024s). */
int param_size_parse(const char *s, unsigned long long *bytes);
/*
 * Why stressor @name cannot run (one line, into @buf), or NULL when it
 * can: unknown, needs a disk, or newer than Debian's stress-ng.
 */
const char *param_stressor_why(const char *name, char *buf, size_t size);
/* The job has a scratch filesystem: the disk stressors may run. */
void param_stressor_disk_set(int on);
/* Whether stressor @name runs as an unprivileged user (stress-ng.def). */
int param_stressor_unprivileged(const char *name);
/*
 * A build of stress-ng (stress-ng.def's STRESSNG_BUILD): its image layer
 * (a DEBIAN row), its version, and its Debian release, "" for the
 * image's own (at the guest's root), else one whose layer is under
 * /opt/debian/<release> with that release's libc and loader.
 */
struct stressng_build {
	const char *layer, *version, *release;
};
/* The build stressor @name runs on (the oldest that has it), or NULL. */
const struct stressng_build *param_stressor_build(const char *name);
/* The option LKP adds for stressor @name ("--pathological"), or "". */
const char *param_stressor_option(const char *name);

#endif
