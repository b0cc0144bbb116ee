// SPDX-License-Identifier: GPL-2.0
/*
 * PROFILE=1 and C2C=1 around a run's boots (docs/profile.md,
 * docs/c2c.md): what the run can have of them, checked once; each
 * boot's plugin files in its run directory; and after the boot, the
 * files made profile.json and c2c.json, or the run truncated when the
 * guest made one pass its cap.
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "c2c.h"
#include "profile.h"
#include "proto/profile.h"
#include "shared/util.h"

/* PROFILE=1: the plugin's file and the kallsyms port's, in this run's directory. */
void run_profile_paths_set(const struct run_opts *o, struct session_conf *sc,
			   const struct rundir *rd)
{
	static char out[4300], c2c[4300], ksyms[4300];

	if (!o->profile)
		return;
	snprintf(out, sizeof(out), "%s/" PROFILE_RAW_FILE, rd->tmp);
	snprintf(c2c, sizeof(c2c), "%s/" C2C_RAW_FILE, rd->tmp);
	snprintf(ksyms, sizeof(ksyms), "%s/" PROFILE_KALLSYMS_FILE, rd->tmp);
	sc->qemu.plugin = o->profile;
	sc->qemu.profile_out = out;
	sc->qemu.c2c_out = o->c2c ? c2c : NULL;
	sc->qemu.kallsyms_path = ksyms;
}

/* CMDLINE holds word w, as a whole word. */
static int run_cmdline_has(const char *cmdline, const char *w)
{
	size_t n = strlen(w);
	const char *p = cmdline;

	while (p && (p = strstr(p, w))) {
		if ((p == cmdline || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return 1;
		p += n;
	}
	return 0;
}

/* A plugin's file not made: said, the run kept (docs/errors.md). */
static void run_plugin_err_say(int err, const char *mode, const char *window,
			       const char *what, const char *file)
{
	if (err == -ENODATA)
		fprintf(stderr,
			"bootbench: %s: no iteration ran inside %s: no %s (the results are kept)\n",
			mode, window, file);
	else if (err)
		fprintf(stderr,
			"bootbench: %s: the plugin's %s: %s: no %s (the results are kept)\n",
			mode, what, strerror(-err), file);
}

/*
 * A file the guest made QEMU write past its cap (proto/profile.h): the
 * run is truncated, as by a console flood; the first fault keeps the
 * verdict, and a later one is said in a line of its own.
 */
static __attribute__((format(printf, 2, 3))) void
run_truncated(struct session *s, const char *fmt, ...)
{
	char msg[sizeof(s->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s->truncated = 1;
	if (s->verdict == VERDICT_OK) {
		s->verdict = VERDICT_STREAM;
		snprintf(s->message, sizeof(s->message), "%s", msg);
	} else if (strcmp(s->message, msg)) {
		fprintf(stderr, "bootbench: %s\n", msg);
	}
}

/* What the plugin's processing of one file makes, for what it says. */
struct run_plugin_out {
	const char *mode, *window, *what, *file;
	/* its cap's: "the guest made <noun> pass N MiB (<why>): ... cut <it>" */
	const char *noun, *why, *it;
	unsigned long max;
};

static const struct run_plugin_out run_c2c_out = {
	.mode = "C2C",
	.window = "the window",
	.what = "census",
	.file = "c2c.json",
	.noun = "the C2C census",
	.why = "its bounded table takes some 40 MiB",
	.it = "it",
	.max = PROFILE_C2C_MAX,
};

static const struct run_plugin_out run_profile_out = {
	.mode = "PROFILE",
	.window = "the profile window",
	.what = "counts",
	.file = "profile.json",
	.noun = "the profile's counts",
	.why = "a kernel's blocks take a few MiB",
	.it = "them",
	.max = PROFILE_RAW_MAX,
};

/* @err of processing @p's file: past its cap the run is truncated. */
static void run_plugin_done(struct session *s, int err,
			    const struct run_plugin_out *p)
{
	if (err == -EFBIG)
		run_truncated(
			s,
			"truncated: the guest made %s pass %lu MiB (%s): the plugin cut %s there, no %s",
			p->noun, p->max >> 20, p->why, p->it, p->file);
	else
		run_plugin_err_say(err, p->mode, p->window, p->what, p->file);
}

/* The guest's kallsyms and the plugin's files, removed unread. */
static void run_profile_files_remove(const struct rundir *rd)
{
	static const char *const names[] = { PROFILE_KALLSYMS_FILE,
					     PROFILE_RAW_FILE, C2C_RAW_FILE };
	char path[4400];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(path, sizeof(path), "%s/%s", rd->tmp, names[i]);
		unlink(path);
	}
}

/* The counts made profile.json and metrics; the run is kept whatever. */
void run_profile_process(const struct run_opts *o, const struct rundir *rd,
			 struct session *s)
{
	char ksyms[4400];
	int fixed;

	if (!o->profile)
		return;
	fixed = (o->boot_taken && !strcmp(o->boot_taken, "pvh")) ||
		run_cmdline_has(o->cmdline, "nokaslr");
	snprintf(ksyms, sizeof(ksyms), "%s/" PROFILE_KALLSYMS_FILE, rd->tmp);
	/* Past its cap in the boot's last tick, or after it: as in it. */
	if (s->kallsyms_cut || profile_kallsyms_over(ksyms)) {
		run_truncated(s, SESSION_KALLSYMS_CUT,
			      PROFILE_KALLSYMS_MAX >> 20);
		run_profile_files_remove(rd);
		return;
	}
	/* Before the profile, which removes the guest's kallsyms. */
	if (o->c2c)
		run_plugin_done(s,
				c2c_process(rd, &s->stream, o->kernel, fixed),
				&run_c2c_out);
	run_plugin_done(s, profile_process(rd, &s->stream, o->kernel, fixed),
			&run_profile_out);
	run_profile_files_remove(rd);
}

/*
 * PROFILE=1 needs TCG and a plugin this QEMU loads. Without them the run
 * goes on, unprofiled, after one line that says the fix.
 */
void run_profile_check(struct run_opts *o)
{
	char why[512];

	if (o->c2c && !o->profile) {
		fprintf(stderr,
			"bootbench: --c2c is the profile plugin's census: give --profile PLUGIN too (make run C2C=1 does)\n");
		o->c2c = 0;
	}
	if (!o->profile || o->lava_dir)
		return;
	/*
	 * Without TIMING=deterministic run_opts_check refused it; the
	 * plugin refuses more, and QEMU with it (plugin/c2c.c).
	 */
	if (o->c2c && o->topo.cpus > PROFILE_C2C_CPUS) {
		fprintf(stderr,
			"bootbench: C2C=1 counts at most %d vCPUs and this run has %u: say SMP=%d or fewer; running without the census\n",
			PROFILE_C2C_CPUS, o->topo.cpus, PROFILE_C2C_CPUS);
		o->c2c = 0;
	}
	if (o->accel == QEMU_ACCEL_KVM) {
		fprintf(stderr,
			"bootbench: PROFILE=1 counts instructions under TCG and this run uses KVM: say ACCEL=tcg (or TIMING=deterministic); running without the profile\n");
		o->profile = NULL;
		return;
	}
	/* The markers are x86 NOPs (proto/profile.h). */
	if (strcmp(o->arch->name, "x86_64")) {
		fprintf(stderr,
			"bootbench: PROFILE=1 marks its window with x86 instructions, not %s ones: running without the profile\n",
			o->arch->name);
		o->profile = NULL;
		return;
	}
	if (profile_plugin_probe(o->qemu, o->profile, why, sizeof(why))) {
		fprintf(stderr,
			"bootbench: %s does not load the profile plugin %s (%s): build it against this QEMU's header (make run PROFILE=1 QEMU=%s); running without the profile\n",
			o->qemu, o->profile, why, o->qemu);
		o->profile = NULL;
	}
}
