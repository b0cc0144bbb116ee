// SPDX-License-Identifier: GPL-2.0
/*
 * `bootbench run`: boot the job RUNS times, each boot its own run
 * directory; the stream's events shown as the boot goes, a replay's too
 * (replay.c).
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "history/history.h"
#include "imageplan.h"
#include "proto/names.h"
#include "proto/proto.h"
#include "shared/util.h"

static void ev_hello(void *ctx, const struct json_value *rec)
{
	const struct run_opts *o = ctx;

	if (o->topo.cpus)
		topocheck_verify(&o->topo, rec);
	const struct json_value *rel = json_member(rec, "release");
	const struct json_value *cpus = json_member(rec, "cpus_online");
	const struct json_value *bt = json_member(rec, "boot_time");
	const struct json_value *iters = json_member(rec, "iterations");

	char shown[NAMES_MAX * 4 + 1];

	names_escape(rel && rel->type == JSON_STRING ? rel->string : "?", shown,
		     sizeof(shown));
	if (iters && iters->type == JSON_NUMBER)
		progress_iterations_set(iters->number);
	progress_line("bootbench: booted %s: %g CPUs, kernel up in %.2f s\n",
		      shown,
		      cpus && cpus->type == JSON_NUMBER ? cpus->number : 0,
		      bt && bt->type == JSON_NUMBER ? bt->number : 0);
}

static void ev_log(void *ctx, const char *kind, const char *msg)
{
	const struct run_opts *o = ctx;
	char shown[1024];

	/* Guest text: no escape sequence or carriage return gets through. */
	names_escape(msg, shown, sizeof(shown));
	if (!strcmp(kind, "progress"))
		progress_pass(shown);
	else if (o->verbose)
		progress_line("bootbench:   | %s\n", shown);
}

static void ev_sample(void *ctx, const struct json_value *rec)
{
	const struct json_value *name = json_member(rec, "test");
	const struct test_desc *t = test_find(name->string);
	const struct json_value *it = json_member(rec, "iteration");
	const struct json_value *st = json_member(rec, "status");
	const struct json_value *why = json_member(rec, "reason");
	const struct json_value *metrics = json_member(rec, "metrics");
	const struct json_value *m = metrics ? metrics->child : NULL;

	char extra[320] = "", why_shown[200], name_shown[100];
	size_t len = 0;

	(void)ctx;
	while (m && !(t && test_headline_match(t, m->key)))
		m = m->next;
	if (m && m->type == JSON_NUMBER)
		len = snprintf(extra, sizeof(extra), ", %s %.1f", m->key,
			       m->number);
	if (why && why->type == JSON_STRING && len < sizeof(extra)) {
		names_escape(why->string, why_shown, sizeof(why_shown));
		snprintf(extra + len, sizeof(extra) - len, " (%s)", why_shown);
	}
	names_escape(name->string, name_shown, sizeof(name_shown));
	progress_line("bootbench: iteration %g: %s %s%s\n", it->number,
		      name_shown, st->string, extra);
	progress_iteration_done();
}

struct stream_events run_events_make(const struct run_opts *o)
{
	struct stream_events ev = { ev_hello, ev_log, ev_sample, (void *)o };

	return ev;
}

/* Which signal, for the run's message. */
static void on_signal(int sig)
{
	session_interrupted = sig;
}

/*
 * Every signal that would end us ends the run instead: QEMU is killed,
 * the run directory says interrupted, the sockets are removed.
 */
static void run_signals_catch(void)
{
	static const int sigs[] = { SIGHUP,  SIGINT,	SIGQUIT, SIGTERM,
				    SIGUSR1, SIGUSR2,	SIGALRM, SIGXCPU,
				    SIGXFSZ, SIGVTALRM, SIGPROF };
	struct sigaction sa = { .sa_handler = on_signal };
	size_t i;

	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	/* A closed terminal or pipe is an error on the write, not death. */
	signal(SIGPIPE, SIG_IGN);
}

/* The run directory and its samples.jsonl; a verdict when they fail. */
static int run_dir_open(const struct run_opts *o, const char *params,
			const char *release, struct rundir *rd, FILE **raw)
{
	char raw_path[4400];
	int err;

	err = rundir_create(rd, o->results, o->test, params, release);
	if (err == -EINVAL) {
		fprintf(stderr,
			"bootbench: the test \"%s\" cannot name a result directory: give a test name of printable ASCII, no '/', no leading '.'\n",
			o->test);
		return VERDICT_BAD_INPUT;
	}
	if (err) {
		fprintf(stderr,
			"bootbench: cannot create a run directory under %s: %s: give RESULTS= a writable directory\n",
			o->results, strerror(-err));
		return VERDICT_INFRA;
	}
	snprintf(raw_path, sizeof(raw_path), "%s/samples.jsonl", rd->tmp);
	*raw = fopen(raw_path, "w");
	if (!*raw) {
		fprintf(stderr, "bootbench: %s: %s\n", raw_path,
			strerror(errno));
		rundir_abort(rd);
		return VERDICT_INFRA;
	}
	return VERDICT_OK;
}

/* The result files, then the directory committed: all or nothing. */
static int run_dir_write(struct rundir *rd, const struct run_opts *o,
			 const char *release, const char *why,
			 struct session *s, const char *cmdline)
{
	int err;

	err = outcome_job_write(rd, o, release, why, s, cmdline);
	if (!err)
		err = outcome_stats_write(rd, &s->stream);
	if (!err)
		err = junit_write(rd, o, release, s);
	if (!err)
		err = kcidb_write(rd, o, release, s);
	if (!err)
		err = rundir_commit(rd);
	if (err) {
		fprintf(stderr,
			"bootbench: writing the run directory under %s: %s; nothing was kept: free space or fix RESULTS\n",
			rd->parent, strerror(-err));
		rundir_abort(rd);
	}
	return err;
}

/* Each test's headline, and the UnixBench index of a set. */
static void run_headlines_print(const struct run_opts *o,
				const struct session *s, const char *release)
{
	const struct stream_metric *head;
	int i;

	for (i = 0; i < o->ntests; i++) {
		char name[256];

		stream_metric_qualify(&s->stream, o->tests[i]->name,
				      o->headline[i], name, sizeof(name));
		head = stream_metric_find(&s->stream, name);
		if (head)
			progress_summary(
				"bootbench: %s %s = %.1f (%u iteration%s) on %s\n",
				o->tests[i]->name, o->headline[i],
				stream_metric_value(head), head->n,
				head->n == 1 ? "" : "s", release);
	}
	head = o->ntests > 1 ?
		       stream_metric_find(&s->stream, "unixbench.score") :
		       NULL;
	if (head)
		progress_summary(
			"bootbench: System Benchmarks Index (unixbench.score) = %.1f\n",
			head->sum);
}

/* The boot's own verdict: a file that did not close, a wrong machine. */
static void run_session_settle(struct session *s, FILE *raw)
{
	if (fclose(raw) && s->verdict == VERDICT_OK) {
		s->verdict = VERDICT_INFRA;
		snprintf(s->message, sizeof(s->message),
			 "writing samples.jsonl: %s", strerror(errno));
	}
	if (topocheck_mismatch()[0] && s->verdict == VERDICT_OK) {
		s->verdict = VERDICT_INFRA;
		snprintf(s->message, sizeof(s->message), "%s",
			 topocheck_mismatch());
	}
	verdict_settle(s);
	if (outcome_unixbench_index_add(&s->stream))
		s->verdict = VERDICT_INFRA;
}

/* The boot about to start, said: which run, kernel, machine, clock. */
static void run_boot_announce(const struct run_opts *o, const char *release,
			      unsigned int run)
{
	if (o->runs > 1)
		progress_line("bootbench: run %u of %u\n", run, o->runs);
	progress_line("bootbench: %s on %s (%s, %s), %u CPU(s), %u MiB, %s%s\n",
		      o->test, release, o->kernel, o->boot_taken, o->topo.cpus,
		      o->topo.mem_mb,
		      o->accel == QEMU_ACCEL_KVM ? "KVM" : "TCG",
		      o->deterministic ? ", deterministic (icount)" : "");
	progress_boot_start(o->test);
}

/*
 * The kernel's matrix.json, avg.json and stddev.json over its runs, the
 * one just committed among them; failing, an ok run is infrastructure.
 */
static void run_matrix_update(struct session *s, const struct rundir *rd)
{
	unsigned int nruns;
	int err;

	err = aggregate_update(rd->parent, &nruns);
	if (err) {
		fprintf(stderr, "bootbench: updating %s/matrix.json: %s\n",
			rd->parent, strerror(-err));
		if (s->verdict == VERDICT_OK)
			s->verdict = VERDICT_INFRA;
	} else {
		progress_line(
			"bootbench: %s: matrix.json, avg.json, stddev.json over %u run%s\n",
			rd->parent, nruns, nruns == 1 ? "" : "s");
	}
}

/*
 * One boot of the job: a run directory, committed whatever happened.
 * *@early: it hung before the init reported (session.c's watchdog).
 */
static int run_boot(struct run_opts *o, struct session_conf *sc,
		    const char *release, const char *params, const char *why,
		    const char *cmdline, unsigned int run, int *early)
{
	struct stream_events ev = run_events_make(o);
	struct session s;
	struct rundir rd;
	FILE *raw;
	int err;

	*early = 0;
	topocheck_reset();
	err = run_dir_open(o, params, release, &rd, &raw);
	if (err)
		return err;
	sc->workdir = rd.tmp;
	if (disk_files_create(&o->disk)) {
		rundir_abort(&rd);
		fclose(raw);
		return VERDICT_INFRA;
	}
	run_boot_announce(o, release, run);
	run_profile_paths_set(o, sc, &rd);
	session_run(sc, &s, raw, &ev);
	disk_files_remove(&o->disk);
	run_session_settle(&s, raw);
	run_profile_process(o, &rd, &s);
	if (run_dir_write(&rd, o, release, why, &s, cmdline)) {
		s.verdict = VERDICT_INFRA;
		goto out;
	}
	run_headlines_print(o, &s, release);
	progress_summary("%s", ""); /* the status line ends before stderr */
	if (s.verdict != VERDICT_OK)
		fprintf(stderr, "bootbench: %s: %s\n", verdict_name(s.verdict),
			s.message);
	progress_summary("bootbench: results in %s (%.1f s)\n", rd.final,
			 s.wall);
	run_matrix_update(&s, &rd);
	/* In the history too: the run stays on disk if that fails. */
	if (o->history && *o->history &&
	    hist_dirs_add(o->history, (char *const[]){ rd.final }, 1, 1) &&
	    s.verdict == VERDICT_OK)
		s.verdict = VERDICT_INFRA;
out:
	*early = s.verdict == VERDICT_TIMEOUT && !s.stream.have_hello;
	session_free(&s);
	return s.verdict;
}

/*
 * A TCG guest in real time, on a busy host, now and then loses a vCPU's
 * timer early in its boot: the CPU idles, RCU stalls, and the init
 * never reports (docs/errors.md). That says nothing of the kernel, so such a
 * hang boots once more, once a job, said and kept as its own run
 * directory. A kernel that hangs in its boot hangs again and is
 * reported; under icount a hang repeats, so it is not retried.
 */
static int run_boot_retry_take(const struct run_opts *o, int early,
			       unsigned int run, unsigned int *extra)
{
	if (!early || *extra || o->deterministic || o->accel != QEMU_ACCEL_TCG)
		return 0;
	fprintf(stderr,
		"bootbench: run %u hung before the init reported: booting once more, once a job (its run directory is kept)\n",
		run);
	*extra = 1;
	return 1;
}

/*
 * BOOT=: the image -kernel gets. auto takes the PVH path when it can and
 * says in one line why not when it cannot; pvh insists.
 */
static int run_boot_path_pick(struct run_opts *o)
{
	struct vmlinux_pick pick;
	int err;

	o->boot_taken = "bzimage";
	o->boot_note[0] = '\0';
	snprintf(o->boot_image, sizeof(o->boot_image), "%s", o->kernel);
	/* A LAVA job deploys the bzImage itself: nothing to extract. */
	if (o->boot == BOOT_BZIMAGE || o->lava_dir)
		return 0;
	/* No PVH elsewhere: an Image, decompressed here when gzipped. */
	if (strcmp(o->arch->image, "bzImage")) {
		o->boot_taken = "image";
		err = arch_image_unpack(o->kernel, o->vmlinux_cache,
					o->boot_image, sizeof(o->boot_image));
		if (err)
			return bad_input("KERNEL=%s: %s: give an %s %s",
					 o->kernel, strerror(-err),
					 o->arch->karch, o->arch->image);
		return 0;
	}
	err = vmlinux_pick(o->kernel, o->vmlinux_cache, &pick);
	if (err && o->boot == BOOT_PVH)
		return bad_input(
			"BOOT=pvh: KERNEL=%s cannot boot through PVH: %s: say BOOT=auto or BOOT=bzimage",
			o->kernel, pick.why);
	if (err) {
		snprintf(o->boot_note, sizeof(o->boot_note),
			 "booting the bzImage, not PVH: %s", pick.why);
		fprintf(stderr, "bootbench: note: %s\n", o->boot_note);
		return 0;
	}
	o->boot_taken = "pvh";
	snprintf(o->boot_image, sizeof(o->boot_image), "%s", pick.path);
	if (!strcmp(pick.source, "extracted"))
		progress_line("bootbench: decompressed the bzImage into %s\n",
			      pick.path);
	return 0;
}

/*
 * --plan: the machine this job would boot, on o->plan_out or stdout,
 * and its disks as the run makes them (RAM disks fitted to the guest's
 * memory, virtio disks to DISK_DIR's room: the run's own functions).
 */
static int run_plan_print(struct run_opts *o)
{
	char shape[160], name[sizeof(o->topo.name) * 4], disks[128];
	FILE *f = o->plan_out ? o->plan_out : stdout;

	topology_describe(&o->topo, shape, sizeof(shape));
	/* A job's profile names it: untrusted text. */
	names_escape(o->topo.name, name, sizeof(name));
	fprintf(f, "machine %s, %u MB%s%s%s\n", shape, o->topo.mem_mb,
		name[0] ? " (" : "", name, name[0] ? ")" : "");
	/* No room at all: what the run's disk_files_create() ends with. */
	if (disk_space_fit(&o->disk))
		return VERDICT_INFRA;
	disk_plan_describe(&o->disk, disks, sizeof(disks));
	if (disks[0])
		fprintf(f, "disks %s\n", disks);
	return VERDICT_OK;
}

/* The kernel's release: said, or read from the bzImage; it names a dir. */
static int run_release_get(const struct run_opts *o, char *release, size_t len)
{
	const char *why;
	int err;

	if (o->release) {
		snprintf(release, len, "%s", o->release);
	} else {
		err = arch_release_read(o->kernel, release, len);
		if (err)
			return bad_input(
				"KERNEL=%s is not an %s %s (%s): give arch/%s/boot/%s, not vmlinux",
				o->kernel, o->arch->karch, o->arch->image,
				strerror(-err), o->arch->karch, o->arch->image);
	}
	if ((why = names_check(release))) {
		char shown[1024];

		names_escape(release, shown, sizeof(shown));
		return bad_input(
			"the release \"%s\" cannot name a result directory: %s: give --release NAME (printable ASCII, no '/', no leading '.', at most 200 bytes)",
			shown, why);
	}
	return 0;
}

/*
 * The run directory's <params>: a profile's name comes first, and a
 * job's machine file is untrusted (proto/names.h's rule).
 */
static int run_params_get(struct run_opts *o, char *params, size_t len)
{
	char shown[NAMES_MAX * 4 + 1];
	const char *why;

	qsort(o->params, o->nparams, sizeof(o->params[0]), options_param_cmp);
	if (run_params_dir(o, params, len))
		return bad_input("too many parameters");
	if (!(why = names_check(params)))
		return 0;
	names_escape(params, shown, sizeof(shown));
	return bad_input(
		"the parameters \"%s\" cannot name a run directory: %s: give MACHINE a profile whose name is printable ASCII, no '/', no leading '.'",
		shown, why);
}

/*
 * The job rides on the kernel command line (docs/protocol.md).
 * cryptomgr.notests: the crypto self-tests a distribution kernel runs as
 * it registers each algorithm were 62% of its boot's instructions
 * (docs/kernels.md); no benchmark here uses them. The console and the
 * board's own words (x86's no_timer_check, 8250.nr_uarts=1) are
 * boot/arch.def's. pty.legacy_count=0: a kernel with BSD ptys registers 256 pairs of
 * devices at boot, 0.10 s of a kconfigs kernel's 1.0 s under TCG; the
 * guest uses none (a kernel without them ignores the word).
 */
static int run_cmdline_build(const struct run_opts *o, char **out)
{
	size_t len = 4096;
	char *cmdline, words[96];
	int i;

	cmdline = malloc(len);
	if (!cmdline)
		return VERDICT_INFRA;
	snprintf(
		cmdline, len,
		"console=%s panic=-1 cryptomgr.notests %s%spty.legacy_count=0 " PROTO_JOB_PREFIX
		"test=%s",
		o->arch->console, o->arch->cmdline,
		o->arch->cmdline[0] ? " " : "", o->test_list);
	for (i = 0; i < o->nparams; i++)
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " " PROTO_JOB_PREFIX "%s", o->params[i]);
	disk_cmdline_words(&o->disk, words, sizeof(words));
	if (words[0])
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " %s", words);
	if (o->profile)
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " " PROTO_JOB_PREFIX "profile=1");
	if (o->cmdline && *o->cmdline)
		snprintf(cmdline + strlen(cmdline), len - strlen(cmdline),
			 " %s", o->cmdline);
	if (strlen(cmdline) >= 2000) {
		free(cmdline);
		return bad_input(
			"the kernel command line is longer than 2000 bytes: shorten CMDLINE");
	}
	*out = cmdline;
	return 0;
}

/* What QEMU is given: firmware, images, machine, clock, limits. */
static int run_conf_fill(const struct run_opts *o, struct session_conf *sc,
			 const char *cmdline)
{
	int err;

	/* A board without firmware (boot/arch.def) boots the kernel. */
	err = !o->arch->firmware[0] && (!o->firmware || !*o->firmware ||
					!strcmp(o->firmware, "auto")) ?
		      0 :
		      qemu_firmware_pick(o->firmware, o->qemu, &sc->qemu.bios);
	if (err) {
		if (err == -ENOENT && o->firmware &&
		    !strcmp(o->firmware, "qboot"))
			return bad_input(
				"FIRMWARE=qboot: no qboot.rom beside QEMU: install qemu-system-x86 (it ships /usr/share/qemu/qboot.rom) or say FIRMWARE=seabios");
		return bad_input(
			"FIRMWARE=%s: %s: give auto, seabios, qboot or a firmware file",
			o->firmware, strerror(-err));
	}
	sc->qemu.binary = o->qemu;
	sc->qemu.kernel = o->boot_image;
	sc->qemu.initrd = o->initrd;
	sc->qemu.append = cmdline;
	sc->qemu.topo = &o->topo;
	sc->qemu.arch = o->arch;
	sc->qemu.accel = o->accel;
	sc->qemu.kvm = &o->kvm;
	sc->qemu.icount = o->deterministic;
	sc->qemu.icount_shift = o->icount_shift;
	sc->qemu.disk = &o->disk;
	if (pin_plan_make(o->pin, o->topo.cpus, o->deterministic, &sc->pin))
		return bad_input("%s", sc->pin.said);
	sc->timeout = o->timeout;
	sc->silence = o->silence;
	sc->verbose = o->verbose > 0;
	return 0;
}

int cmd_run(struct run_opts *o)
{
	struct session_conf sc = { 0 };
	char release[256], params[1024], *cmdline = NULL;
	int err, verdict = VERDICT_OK;
	enum qemu_accel asked;
	unsigned int run, extra = 0;
	const char *why;

	err = run_opts_check(o);
	if (!err && o->image_plan)
		return image_plan_print(o);
	if (err || o->plan)
		return err ? err : run_plan_print(o);
	err = run_release_get(o, release, sizeof(release));
	if (!err)
		err = run_params_get(o, params, sizeof(params));
	if (!err)
		err = run_boot_path_pick(o);
	if (err)
		return err;
	asked = o->accel;
	o->accel = qemu_accel_pick(o->accel, &why);
	if (o->arch != arch_host()) {
		o->accel = QEMU_ACCEL_TCG;
		why = "TCG: the guest's architecture is not this host's";
	}
	if (o->deterministic)
		why = "TIMING=deterministic counts instructions under TCG";
	run_profile_check(o);
	kvm_plan_make(&o->topo, o->accel, &o->kvm);
	err = run_cmdline_build(o, &cmdline);
	if (!err)
		err = run_conf_fill(o, &sc, cmdline);
	if (err)
		goto out;
	if (o->lava_dir) {
		/* The lab's worker picks KVM unless the job said (lava.c). */
		o->accel = asked;
		sc.qemu.accel = asked;
		err = lava_job_write(o, &sc.qemu, release, params, cmdline);
		goto out;
	}
	run_signals_catch();
	for (run = 1; run <= o->runs + extra && !session_interrupted; run++) {
		/* The boot once more is the same run of the job, numbered so. */
		int early, v = run_boot(o, &sc, release, params, why, cmdline,
					run - extra, &early);

		if (run_boot_retry_take(o, early, run, &extra))
			continue;
		if (v != VERDICT_OK && verdict == VERDICT_OK)
			verdict = v;
	}
	err = verdict;
out:
	free(cmdline);
	return err;
}
