// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench: the host side.
 *
 *   bootbench release KERNEL      print the release in a bzImage header
 *   bootbench tests               list the known tests
 *   bootbench params              list the job keys
 *   bootbench descs --check       check the descriptors' LKP rows
 *   bootbench metrics [--check]   list the declared metrics, or check names
 *   bootbench run OPTIONS         boot a job and write its run directory
 *   bootbench replay STREAM [DIR] a captured stream into a run directory
 *
 * The flow: options.c checks the job, run.c boots it (session.c drives
 * QEMU, stream.c reads the results), outcome.c decides and writes.
 */
#define _GNU_SOURCE
#include <stddef.h>

#include "ab.h"
#include "bisect.h"
#include "bootbench.h"
#include "history/history.h"
#include "imagebuild.h"
#include "lib/metrics.h"
#include "lib/tree.h"
#include "reproduce/repro.h"

enum opt_kind { OPT_STR, OPT_UINT, OPT_UINTE, OPT_FLAG, OPT_OWN };

enum opt_id {
#define OPT(id, name, var, kind, field, min, max, arg, help) OPT_ID_##id,
#include "options.def"
#undef OPT
	OPT_N
};

static const struct opt_desc {
	const char *name, *var, *arg, *help;
	enum opt_kind kind;
	size_t off;
	unsigned int min, max;
} opt_table[] = {
#define OPT(id, name, var, kind, field, min, max, arg, help)                  \
	{ name, var, arg, help, OPT_##kind, offsetof(struct run_opts, field), \
	  min,	max },
#include "options.def"
#undef OPT
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: bootbench release KERNEL\n"
		"       bootbench vmlinux KERNEL [CACHE]  (the PVH vmlinux QEMU would boot)\n"
		"       bootbench tests\n"
		"       bootbench params   (the job keys: name, kind, help)\n"
		"       bootbench descs --check   (every descriptor's LKP rows name a test and its parameters)\n"
		"       bootbench metrics [--check]   (the benchmarks' declared metrics; --check: names on stdin)\n"
		"       bootbench replay STREAM [RESULTS [PARAMS]]   (PARAMS: the run directory's, default replay)\n"
		"       bootbench reproduce MAIL OUTDIR   (a report into OUTDIR/<name>/job)\n"
		"       bootbench reproduce MAIL OUTDIR --build DIR [--dry] --base-kernel K --new-kernel K\n"
		"                    [--base-cmdline S] [--new-cmdline S] [run's OPTION]...   (and its runs, the verdict)\n"
		"       bootbench run --kernel K --initrd I --test T [OPTION]...\n"
		"       bootbench run --job FILE [OPTION]...\n"
		"       bootbench ab --base-kernel K --new-kernel K [--base-cmdline S] [--new-cmdline S]\n"
		"                    [--metric M] [--threshold PCT] --build DIR [run's OPTION]...\n"
		"       bootbench bisect --ksrc TREE --good REF --bad REF (or --report MAIL) --build DIR\n"
		"                    [--builder SCRIPT] [--kconfig FILE]... [ab's options]   (docs/bisect.md)\n"
		"       bootbench history add|changes|html|simulate ...   (docs/history.md; history --help)\n"
		"run's options (make run's variable in brackets):\n");
	for (i = 0; i < OPT_N; i++) {
		const struct opt_desc *d = &opt_table[i];
		char left[64];

		snprintf(left, sizeof(left), "--%s%s%s", d->name,
			 d->arg ? " " : "", d->arg ? d->arg : "");
		fprintf(f, "  %-34s %s%s%s%s\n", left, d->help,
			*d->var ? " [" : "", d->var, *d->var ? "]" : "");
	}
}

/*
 * The options main.c parses itself: the ones that are not a field.
 * @name is what a message calls it: its make variable, or a job file's
 * "path: key".
 */
static int opt_own_apply(struct run_opts *o, struct run_cli *c, int id,
			 const char *arg, const char *name)
{
	switch (id) {
	case OPT_ID_PARAM:
		if (o->nparams == PARAMS_MAX)
			return bad_input("more than %d parameters", PARAMS_MAX);
		o->params[o->nparams++] = (char *)arg;
		return 0;
	case OPT_ID_MEM:
		if (*arg && mem_size_parse(arg, &o->topo_req.mem_mb))
			return bad_input(
				"%s=%s is not valid: give MiB (64 or more) or a size like 2G",
				name, arg);
		return 0;
	case OPT_ID_ACCEL:
		if (qemu_accel_parse(arg, &o->accel))
			return bad_input(
				"%s=%s is not valid: give auto, kvm or tcg",
				name, arg);
		return 0;
	case OPT_ID_TIMING:
		if (timing_parse(arg, &o->deterministic))
			return bad_input(
				"%s=%s is not valid: give realtime or deterministic",
				name, arg);
		return 0;
	case OPT_ID_BOOT:
		if (boot_path_parse(arg, &o->boot))
			return bad_input(
				"%s=%s is not valid: give auto, pvh or bzimage",
				name, arg);
		return 0;
	case OPT_ID_VERBOSE:
		o->verbose++;
		return 0;
	case OPT_ID_JOB:
		c->job = *arg ? arg : NULL;
		return 0;
	case OPT_ID_FIT:
		/*
		 * A report's machine, shrunk to one vCPU per host CPU: more
		 * vCPUs than that share host CPUs under TCG, and their runs
		 * scatter far more.
		 */
		o->quick_cpus = options_host_cpus();
		return 0;
	case OPT_ID_QUICK:
		c->quick = 1;
		return 0;
	case OPT_ID_SHARD:
		c->shard = arg;
		return 0;
	case OPT_ID_TAP:
		c->tap = 1;
		return 0;
	}
	return VERDICT_BAD_INPUT;
}

/*
 * One option of options.def into @o (or @c), checked; @name as above,
 * NULL for the option's own (its make variable, else its name).
 */
static int opt_apply(struct run_opts *o, struct run_cli *c, int id,
		     const char *arg, const char *name)
{
	const struct opt_desc *d = &opt_table[id];
	void *field = (char *)o + d->off;

	if (!name)
		name = *d->var ? d->var : d->name;

	switch (d->kind) {
	case OPT_STR:
		*(const char **)field = arg;
		return 0;
	case OPT_UINTE:
		if (!*arg)
			return 0;
		/* fall through */
	case OPT_UINT:
		return options_uint_parse(name, arg, d->min, d->max, field) ?
			       VERDICT_BAD_INPUT :
			       0;
	case OPT_FLAG:
		*(int *)field = 1;
		return 0;
	default:
		return opt_own_apply(o, c, id, arg, name);
	}
}

int options_job_key_apply(struct run_opts *o, const char *key, const char *val,
			  const char *path)
{
	struct run_cli c = { 0 };
	char opt[64], name[4200];
	size_t i;

	for (i = 0; key[i] && i < sizeof(opt) - 1; i++)
		opt[i] = key[i] == '_' ? '-' : key[i];
	opt[i] = '\0';
	for (i = 0; i < OPT_N; i++)
		if (!strcmp(opt_table[i].name, opt))
			break;
	if (i == OPT_N)
		return -ENOENT;
	snprintf(name, sizeof(name), "%s: %s", path, key);
	return opt_apply(o, &c, (int)i, val, name);
}

int options_args_parse(int argc, char **argv, struct run_opts *o,
		       struct run_cli *c)
{
	struct option longopts[OPT_N + 1];
	int opt, err;
	size_t i;

	for (i = 0; i < OPT_N; i++)
		longopts[i] = (struct option){ opt_table[i].name,
					       opt_table[i].arg ?
						       required_argument :
						       no_argument,
					       NULL, 256 + (int)i };
	longopts[OPT_N] = (struct option){ NULL, 0, NULL, 0 };
	optind = 2;
	while ((opt = getopt_long(argc, argv, "v", longopts, NULL)) != -1) {
		if (opt == 'v')
			opt = 256 + OPT_ID_VERBOSE;
		if (opt < 256) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		err = opt_apply(o, c, opt - 256, optarg, NULL);
		if (err)
			return err;
	}
	if (optind != argc) {
		usage(stderr);
		return VERDICT_BAD_INPUT;
	}
	return 0;
}

const char *options_machines_dir(void)
{
	static char machines[PATH_MAX];

	if (!machines[0] &&
	    tree_path("boot/machines", machines, sizeof(machines)))
		snprintf(machines, sizeof(machines), "boot/machines");
	return machines;
}

void options_defaults_set(struct run_opts *o)
{
	*o = (struct run_opts){
		.results = "out/results",
		.topo_req = { .machines_dir = options_machines_dir() },
		.timeout = 3600,
		.silence = 120,
		.runs = 1,
		.icount_shift = QEMU_ICOUNT_SHIFT_DEFAULT,
		.vmlinux_cache = "out/build/vmlinux",
	};
}

static int cmd_run_main(int argc, char **argv)
{
	struct run_opts o;
	struct run_cli c = { 0 };
	int err;

	options_defaults_set(&o);
	if (argc == 3 && !strcmp(argv[2], "--help")) {
		usage(stdout);
		return 0;
	}
	err = options_args_parse(argc, argv, &o, &c);
	if (err)
		return err;
	progress_init(o.quiet);
	/* make run: the image planned and made here, not by make's recipe. */
	if (o.build_dir && !o.initrd && !o.image_plan && !o.plan) {
		err = image_job_build(&o, c.job, c.quick, o.kernel,
				      o.initrd_built, sizeof(o.initrd_built));
		if (err)
			return err;
		o.initrd = o.initrd_built;
	}
	if (c.job)
		return cmd_job(&o, c.job, c.quick, c.shard, c.tap);
	if (c.tap)
		printf("TAP version 13\n1..1\n");
	err = cmd_run(&o);
	if (c.tap)
		tap_line_print(1, err, o.test ? o.test : "");
	return err;
}

/* What BOOT=auto would give -kernel, without booting: for tests, scripts. */
static int cmd_vmlinux(const char *kernel, const char *cache)
{
	struct vmlinux_pick pick;

	if (vmlinux_pick(kernel, cache, &pick)) {
		fprintf(stderr,
			"bootbench: note: booting the bzImage, not PVH: %s\n",
			pick.why);
		return VERDICT_BENCH_FAILED;
	}
	printf("%s %s\n", pick.source, pick.path);
	return 0;
}

static int cmd_release(const char *kernel)
{
	char release[256];
	int err = arch_release_read(kernel, release, sizeof(release));

	if (err)
		return bad_input(
			"%s is not a kernel image bootbench knows (%s): give arch/x86/boot/bzImage or arch/arm64/boot/Image",
			kernel, strerror(-err));
	printf("%s\n", release);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "release") && argc == 3)
		return cmd_release(argv[2]);
	if (!strcmp(cmd, "vmlinux") && (argc == 3 || argc == 4))
		return cmd_vmlinux(argv[2],
				   argc == 4 ? argv[3] : "out/build/vmlinux");
	if (!strcmp(cmd, "replay") && argc >= 3 && argc <= 5)
		return cmd_replay(argv[2], argc >= 4 ? argv[3] : "out/results",
				  argc == 5 ? argv[4] : "replay");
	if (!strcmp(cmd, "reproduce") && argc == 4)
		return cmd_reproduce(argv[2], argv[3]);
	if (!strcmp(cmd, "reproduce") && argc > 4)
		return cmd_reproduce_run(argc, argv);
	if (!strcmp(cmd, "metrics") && argc == 2) {
		metrics_print(stdout);
		return 0;
	}
	if (!strcmp(cmd, "metrics") && argc == 3 && !strcmp(argv[2], "--check"))
		return metrics_check(stdin, stderr) ? VERDICT_BAD_INPUT : 0;
	if (!strcmp(cmd, "tests") && argc == 2) {
		tests_print();
		return 0;
	}
	if (!strcmp(cmd, "descs") && argc == 3 && !strcmp(argv[2], "--check"))
		return repro_lkp_rows_check(stderr) ? VERDICT_BAD_INPUT : 0;
	if (!strcmp(cmd, "params") && argc == 2) {
		param_specs_print(stdout);
		return 0;
	}
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cmd_run_main(argc, argv);
	if (!strcmp(cmd, "ab"))
		return cmd_ab(argc, argv);
	if (!strcmp(cmd, "bisect"))
		return cmd_bisect(argc, argv);
	if (!strcmp(cmd, "history"))
		return cmd_history(argc - 1, argv + 1);
	usage(stderr);
	return VERDICT_BAD_INPUT;
}
