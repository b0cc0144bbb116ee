// SPDX-License-Identifier: GPL-2.0
/*
 * Everything a user can get wrong in a job, checked before QEMU starts
 * and reported in one line with the fix (docs/errors.md).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <sched.h>
#include <stdint.h>

#include "bootbench.h"
#include "proto/disk.h"
#include "proto/names.h"
#include "lib/strv.h"
#include "debian.h"
#include "history/history.h"
#include "lib/fileio.h"
#include "shared/util.h"

__attribute__((format(printf, 1, 2))) int bad_input(const char *fmt, ...)
{
	va_list ap;

	fputs("bootbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return VERDICT_BAD_INPUT;
}

void options_key_var(char *dst, const char *src, size_t size)
{
	size_t i;

	for (i = 0; src[i] && i < size - 1; i++)
		dst[i] = src[i] >= 'a' && src[i] <= 'z' ? src[i] - 32 : src[i];
	dst[i] = '\0';
}

/* Like the shell: a name with a slash is a path, else search PATH. */
static int program_found(const char *prog)
{
	char buf[4096];

	return file_program_find(prog, buf, sizeof(buf)) == 0;
}

static int tests_parse(struct run_opts *o)
{
	char names[512], suite[512], *list, *name, *save = NULL;
	const char *expanded = o->test;
	int err = 0;

	test_names(names, sizeof(names));
	if (!o->test || !*o->test)
		return bad_input("no TEST given: say TEST=<name>, one of: %s",
				 names);
	/* TEST=<suite> (unixbench): every test of it, in their descriptors' order. */
	if (test_suite_list(o->test, ",", suite, sizeof(suite)) > 0)
		expanded = suite;
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

	if (strv_word_in(PARAMS_COMMON, key))
		return 1;
	for (i = 0; i < o->ntests; i++)
		if (strv_word_in(o->tests[i]->params, key))
			return 1;
	return 0;
}

/*
 * Memory this host cannot give is scaled down, never silently. The cap
 * comes from MemTotal, rounded to whole GiB, so that every run of a job
 * gets the same memory and lands in the same run directory (MemAvailable
 * moves from one run to the next).
 */
static void topology_mem_fit(struct topology *t)
{
	unsigned long long kb = 0;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	unsigned int can;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu", &kb) == 1)
			break;
	fclose(f);
	/* Leave a quarter to the host, and QEMU's own overhead. */
	can = kb / (1024 * 1024) * 3 / 4 * 1024;
	if (!kb || !can || t->mem_mb <= can)
		return;
	fprintf(stderr,
		"bootbench: warning: MEM=%uM is more than this host can give (%llu MiB in all): using %uM\n",
		t->mem_mb, kb / 1024, can);
	t->mem_mb = can;
}

int timing_parse(const char *s, int *deterministic)
{
	if (!*s || !strcmp(s, "realtime"))
		*deterministic = 0;
	else if (!strcmp(s, "deterministic"))
		*deterministic = 1;
	else
		return -EINVAL;
	return 0;
}

/* Results record the QEMU that made them; icount needs TCG. */
static int timing_check(struct run_opts *o)
{
	int err = qemu_version_get(o->qemu, o->build_dir, &o->qemu_version);

	if (err && o->deterministic)
		return bad_input(
			"QEMU=%s -version names no version (%s): TIMING=deterministic records it; give a working QEMU",
			o->qemu, strerror(-err));
	if (!o->deterministic)
		return 0;
	if (o->accel == QEMU_ACCEL_KVM)
		return bad_input(
			"TIMING=deterministic counts instructions, which only TCG can: drop ACCEL=kvm or say TIMING=realtime");
	o->accel = QEMU_ACCEL_TCG;
	return 0;
}

static int timing_smp_check(const struct run_opts *o)
{
	const struct qemu_version *v = &o->qemu_version;

	if (!o->deterministic || o->topo.cpus == 1)
		return 0;
	if (!qemu_icount_smp_works(v))
		return bad_input(
			"TIMING=deterministic with %u CPUs hangs QEMU %s at 'Booting SMP configuration' (docs/deterministic.md): say SMP=1, or run 'make qemu-backports' and give the QEMU= it prints",
			o->topo.cpus, v->text);
	if (v->major < 10)
		fprintf(stderr,
			"bootbench: warning: TIMING=deterministic with %u CPUs is checked on QEMU 10 only, not on %s: a hang ends at SILENCE=%u s\n",
			o->topo.cpus, v->text, o->silence);
	return 0;
}

/* The job's value of parameter @key, for test_headline_format(). */
const char *run_param_value(const char *key, const void *ctx)
{
	const struct run_opts *o = ctx;
	size_t klen = strlen(key);
	int i;

	for (i = 0; i < o->nparams; i++)
		if (!strncmp(o->params[i], key, klen) &&
		    o->params[i][klen] == '=')
			return o->params[i] + klen + 1;
	return NULL;
}

/*
 * The host CPUs QEMU's threads may run on: the ones this process may use
 * (taskset, a container's cpuset), not all that are online.
 */
unsigned int options_host_cpus(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		return sysconf(_SC_NPROCESSORS_ONLN);
	n = CPU_COUNT(&set);
	return n > 0 ? n : 1;
}

/*
 * Seconds from QEMU's start to the kernel's hand-over to our init under
 * TCG, by vCPUs per host CPU: each vCPU is brought up one after the
 * other, and beyond one per host CPU they also take turns. Measured on a
 * 2-CPU host with Debian's 6.1 kernel (docs/reproduce.md): the default
 * 2 vCPUs ~5 s; 16 vCPUs ~16 s; 32 ~33 s; 128 52-106 s.
 */
#define EST_BOOT_BASE_S 4.0
#define EST_BOOT_VCPU_S 0.6

/*
 * Under TIMING=deterministic QEMU runs every vCPU in one thread, in
 * turns, whatever the host: the counts do not depend on the host's CPUs,
 * only the wall time does, and that grows with the vCPUs alone. So the
 * limit is a guest size, not a multiple of the host's CPUs: the largest
 * measured to boot and repeat exactly (a tinyconfig 4.17 kernel, QEMU
 * 10.0, a loaded 2-CPU host: docs/deterministic.md, "Guests beyond the
 * host's CPUs"): 32 booted in 121 s; 56 printed nothing after "Booting
 * SMP configuration" for 900 s. The estimate is a line through 16 and
 * 32 (it overstates smaller guests). Beyond, FIT=0 or MAX_VCPUS= ask.
 */
#define DET_VCPUS_MAX 32
#define EST_DET_BASE_S 4.0
#define EST_DET_VCPU_S 3.6

static double run_boot_estimate(const struct run_opts *o)
{
	if (o->deterministic)
		return EST_DET_BASE_S + EST_DET_VCPU_S * o->topo.cpus;
	return EST_BOOT_BASE_S + EST_BOOT_VCPU_S * o->topo.cpus;
}

/* The most vCPUs booted without FIT=0: MAX_VCPUS, else the timing's. */
static unsigned int run_vcpu_limit(const struct run_opts *o, unsigned int host)
{
	if (o->max_vcpus)
		return o->max_vcpus;
	return o->deterministic ? DET_VCPUS_MAX : 8 * host;
}

/*
 * Under TCG a report's machine of 128 vCPUs takes minutes a boot: say so
 * before a long run starts, and refuse far beyond the host's size unless
 * FIT=0 asks for the full shape anyway.
 */
static int run_estimate_check(struct run_opts *o)
{
	unsigned int host = options_host_cpus();
	unsigned int limit = run_vcpu_limit(o, host);
	const char *timing = o->deterministic ? "TIMING=deterministic" : "TCG";
	const char *why;
	double s;

	if (!o->deterministic &&
	    qemu_accel_pick(o->accel, &why) != QEMU_ACCEL_TCG)
		return 0;
	s = run_boot_estimate(o);
	if (o->topo.cpus > limit && !o->fit_refused && o->deterministic)
		return bad_input(
			"%u vCPUs under TIMING=deterministic: QEMU runs them all in one thread, in turns, about %.0f s to boot each run, before the job (docs/deterministic.md): give FIT=0 to boot it in full (its counts do not depend on this host's CPUs), or FIT=1 to fit it to this host",
			o->topo.cpus, s);
	if (o->topo.cpus > limit && !o->fit_refused)
		return bad_input(
			"%u vCPUs under TCG on %u host CPUs: about %.0f s to boot each run, before the job: give FIT=1 to fit the machine to this host, or FIT=0 to boot it in full anyway",
			o->topo.cpus, host, s);
	if (o->topo.cpus > host || o->plan)
		fprintf(stderr,
			"bootbench: estimate: %u vCPUs, %u MB under %s on %u host CPUs: about %.0f s to boot each run, before the job\n",
			o->topo.cpus, o->topo.mem_mb, timing, host, s);
	return 0;
}

/* The machine: resolved, fitted to the host if asked, and its cost said. */
static int run_machine_check(struct run_opts *o)
{
	char why[320];
	int err;

	err = timing_check(o);
	if (err)
		return err;
	err = topology_resolve(&o->topo_req, &o->topo, why, sizeof(why));
	if (err == -ENOMEM)
		return VERDICT_INFRA;
	if (err == -EBADF)
		return bad_input("%s", why);
	if (err)
		return bad_input("impossible topology: %s", why);
	/* A profile is one architecture's machine (x86_64 unless it says). */
	if (o->topo_req.machine && *o->topo_req.machine &&
	    strcmp(o->topo.arch[0] ? o->topo.arch : "x86_64", o->arch->name))
		return bad_input(
			"MACHINE=%s is an %s machine, not an %s one: say ARCH=%s, or pick an %s profile (boot/machines/)",
			o->topo_req.machine,
			o->topo.arch[0] ? o->topo.arch : "x86_64",
			o->arch->name,
			o->topo.arch[0] ? o->topo.arch : "x86_64",
			o->arch->name);
	if (o->topo.clusters > 1 && !o->arch->clusters[0])
		return bad_input(
			"CLUSTERS=%u: QEMU's %s board has no clusters: say ARCH=arm64, or leave CLUSTERS out",
			o->topo.clusters, o->arch->name);
	if (o->quick_cpus)
		topology_fit(&o->topo, o->quick_cpus);
	topology_mem_fit(&o->topo);
	if (o->topo.note[0])
		fprintf(stderr, "bootbench: note: %s\n", o->topo.note);
	err = timing_smp_check(o);
	if (err)
		return err;
	return run_estimate_check(o);
}

/* The job's tests and parameters: what a job file can get wrong. */
int run_params_check(struct run_opts *o)
{
	char key[64], ukey[64], why[320];
	int i, err;

	err = tests_parse(o);
	if (err)
		return err;
	param_stressor_disk_set(run_param_value("disk", o) &&
				run_param_value("fs", o));
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
		options_key_var(ukey, key, sizeof(ukey));
		spec = param_spec_find(key);
		if (!spec || !tests_take(o, key))
			return bad_input("TEST=%s takes no %s: it takes %s%s",
					 o->test, ukey, o->tests[0]->params,
					 PARAMS_COMMON);
		err = param_value_check(spec, val);
		if (err && spec->kind == PARAM_STRESSOR)
			return bad_input("%s", param_stressor_why(val, why,
								  sizeof(why)));
		if (err && spec->kind == PARAM_DISK) {
			struct disk_spec d;

			disk_spec_parse(val, &d, why, sizeof(why));
			return bad_input("%s", why);
		}
		if (err == -ERANGE && spec->kind == PARAM_UINT)
			return bad_input(
				"%s=%s is out of range: give %u to %u (%s)",
				ukey, val, spec->min, spec->max, spec->help);
		if (err)
			return bad_input("%s=%s is not valid: give %s", ukey,
					 val, spec->help);
	}
	for (i = 0; i < o->ntests; i++)
		if (test_headline_format(o->tests[i], run_param_value, o,
					 o->headline[i],
					 sizeof(o->headline[i])))
			return bad_input(
				"the headline of %s is malformed in its descriptor",
				o->tests[i]->name);
	return disk_opts_check(o);
}

/* The disk's RAM disks are sized from the machine's memory. */
static int run_machine_disk_check(struct run_opts *o)
{
	int err = run_machine_check(o);

	return err ? err : disk_mem_fit(o);
}

/* ARCH=: its row, its QEMU unless QEMU= says another. */
static int run_arch_check(struct run_opts *o)
{
	o->arch = o->arch_name && *o->arch_name ? arch_find(o->arch_name) :
						  arch_host();
	if (!o->arch)
		return bad_input(
			"ARCH=%s is not an architecture bootbench knows: say ARCH= one of %s (boot/arch.def)",
			o->arch_name, arch_names());
	if (!o->qemu || !*o->qemu)
		o->qemu = o->arch->qemu;
	if (o->arch != arch_host() && o->accel == QEMU_ACCEL_KVM)
		return bad_input(
			"ACCEL=kvm runs this host's architecture (%s) only, not ARCH=%s: drop ACCEL=kvm",
			arch_host()->name, o->arch->name);
	return 0;
}

int run_job_machine_check(struct run_opts *o)
{
	int err = run_arch_check(o);

	return err ? err : run_machine_check(o);
}

/* A kernel of another architecture is refused, saying what it is. */
static int run_kernel_arch_check(const struct run_opts *o)
{
	const struct arch *file;
	char is[96];
	int gz;

	/* Neither: run_release_get says so, in the arch's words. */
	if (arch_kernel_identify(o->kernel, &file, &gz) || file == o->arch)
		return 0;
	arch_kernel_describe(file, gz, is, sizeof(is));
	return bad_input(
		"KERNEL=%s is %s, not an %s %s: say ARCH=%s, or give an %s kernel (arch/%s/boot/%s)",
		o->kernel, is, o->arch->karch, o->arch->image, file->name,
		o->arch->karch, o->arch->karch, o->arch->image);
}

int run_opts_check(struct run_opts *o)
{
	struct stat st;
	int err;

	err = run_params_check(o);
	if (!err)
		err = run_arch_check(o);
	if (err)
		return err;
	/*
	 * One thread runs the vCPUs only under icount (plugin/c2c.c): a
	 * census asked for and not taken is refused, not a success.
	 */
	if (o->c2c && o->profile && !o->deterministic)
		return bad_input(
			"C2C=1 takes its census under TIMING=deterministic (each vCPU's own instruction count is its clock): say TIMING=deterministic too");
	/*
	 * What the image needs is the job's, whatever the machine; but a
	 * kernel of another architecture is refused before an image is
	 * built for it.
	 */
	if (o->image_plan) {
		if (o->kernel && !stat(o->kernel, &st) && S_ISREG(st.st_mode))
			return run_kernel_arch_check(o);
		return 0;
	}
	if (o->plan)
		return run_machine_disk_check(o);
	if (o->history && *o->history && !o->lava_dir) {
		err = hist_db_check(o->history);
		if (err)
			return err;
	}
	if (!o->kernel || !*o->kernel)
		return bad_input("no KERNEL given: say KERNEL=path/to/%s",
				 o->arch->image);
	if (stat(o->kernel, &st) || !S_ISREG(st.st_mode))
		return bad_input(
			"KERNEL=%s: %s: give the path of a %s (arch/%s/boot/%s)",
			o->kernel, errno ? strerror(errno) : "not a file",
			o->arch->image, o->arch->karch, o->arch->image);
	err = run_kernel_arch_check(o);
	if (err)
		return err;
	if (!o->initrd || access(o->initrd, R_OK))
		return bad_input(
			"initramfs %s is missing: run it through 'make run'",
			o->initrd ? o->initrd : "(none)");
	err = debian_layers_check(o);
	if (err)
		return err;
	if (!program_found(o->qemu))
		return bad_input(
			"QEMU=%s not found: install it (apt-get install %s) or give QEMU=path",
			o->qemu, o->arch->qemu_pkg);
	return run_machine_disk_check(o);
}

/*
 * An extra kernel command line changes results too (pti=on, say): runs
 * with one never share a matrix with runs without. Characters a path
 * or a shell would mind become '_'; a long line keeps its first 40
 * characters and a hash of the whole, so two lines never share a name.
 */
static size_t params_cmdline_append(const char *cmdline, char *buf, size_t size)
{
	uint32_t h = util_fnv1a_add(UTIL_FNV1A_INIT, cmdline);
	size_t i, n = strlen(cmdline);
	char clean[48];

	for (i = 0; i < n && i < 40; i++)
		clean[i] = isalnum((unsigned char)cmdline[i]) ||
					   strchr("._=,:+-", cmdline[i]) ?
				   cmdline[i] :
				   '_';
	clean[i] = '\0';
	if (n > 40)
		return snprintf(buf, size, "-cmdline=%s~%08x", clean, h);
	return snprintf(buf, size, "-cmdline=%s", clean);
}

int run_params_dir(const struct run_opts *o, char *buf, size_t size)
{
	const struct topology *t = &o->topo;
	size_t len;
	int i;

	/* The topology changes results as much as the parameters do. */
	if (t->name[0])
		len = snprintf(buf, size, "%s-%uM", t->name, t->mem_mb);
	else if (t->clusters > 1)
		len = snprintf(buf, size, "%us%ucl%uc%ut-%uM", t->sockets,
			       t->clusters, t->cores, t->threads, t->mem_mb);
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
	/* Guest seconds of another kind: never one matrix with real time. */
	if (o->deterministic && len < size)
		len += snprintf(buf + len, size - len, "-icount%u",
				o->icount_shift);
	if (o->cmdline && *o->cmdline && len < size)
		len += params_cmdline_append(o->cmdline, buf + len, size - len);
	if (len >= size)
		return -ENAMETOOLONG;
	/*
	 * One path component (255 bytes; ours NAMES_MAX): a longer name
	 * keeps its head and a hash of the whole, as CMDLINE's does.
	 */
	if (len > NAMES_MAX && size > NAMES_MAX)
		snprintf(buf + NAMES_MAX - 9, size - (NAMES_MAX - 9), "~%08x",
			 util_fnv1a_add(UTIL_FNV1A_INIT, buf));
	return 0;
}

int options_param_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int options_uint_parse(const char *name, const char *s, unsigned int min,
		       unsigned int max, unsigned int *out)
{
	int err = util_uint_parse(s, min, max, out);

	if (err)
		return bad_input(
			"%s=%s is not valid: give a number from %u to %u", name,
			s, min, max);
	return 0;
}
