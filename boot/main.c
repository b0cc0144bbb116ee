// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench: the host side.
 *
 *   bootbench release KERNEL      print the release in a bzImage header
 *   bootbench tests               list the known tests
 *   bootbench run OPTIONS         boot a job and write its run directory
 *   bootbench replay STREAM [DIR] a captured stream into a run directory
 *
 * The flow: options.c checks the job, run.c boots it (session.c drives
 * QEMU, stream.c reads the results), outcome.c decides and writes.
 */
#define _GNU_SOURCE
#include "bootbench.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: bootbench release KERNEL\n"
		"       bootbench vmlinux KERNEL [CACHE]  (the PVH vmlinux QEMU would boot)\n"
		"       bootbench tests\n"
		"       bootbench replay STREAM [RESULTS [PARAMS]]   (PARAMS: the run directory's, default replay)\n"
		"       bootbench reproduce MAIL OUTDIR   (a report into OUTDIR/<name>/job)\n"
		"       bootbench run --kernel K --initrd I --test T [--param key=value]...\n"
		"                     [--smp N] [--sockets S --cores C --threads T] [--numa N|LISTS]\n"
		"                     [--machine NAME|FILE] [--lscpu FILE] [--mem MB]\n"
		"                     [--accel auto|kvm|tcg] [--firmware auto|seabios|qboot|FILE]\n"
		"                     [--cmdline S] [--timing realtime|deterministic] [--icount-shift N]\n"
		"                     [--timeout S] [--silence S] [--results DIR] [--qemu BIN]\n"
		"                     [--runs N] [--release R] [-v] [--tap] [--quiet]\n"
		"                     [--fit|--no-fit] [--max-vcpus N] [--plan]\n"
		"                     [--boot auto|pvh|bzimage] [--vmlinux-cache DIR]\n"
		"                     [--lava DIR [--lava-url URL]]   (write LAVA jobs, boot nothing)\n"
		"       bootbench run --job FILE [--quick] [--fit] [--shard I/N] [--tap] [--kernel K --initrd I ...]\n");
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
		{ "timing", required_argument, NULL, 'G' },
		{ "icount-shift", required_argument, NULL, 'I' },
		{ "firmware", required_argument, NULL, 'F' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "silence", required_argument, NULL, 'S' },
		{ "results", required_argument, NULL, 'r' },
		{ "qemu", required_argument, NULL, 'q' },
		{ "release", required_argument, NULL, 'R' },
		{ "runs", required_argument, NULL, 'N' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "job", required_argument, NULL, 'J' },
		{ "quick", no_argument, NULL, 'Q' },
		{ "fit", no_argument, NULL, 'W' },
		{ "no-fit", no_argument, NULL, 'w' },
		{ "max-vcpus", required_argument, NULL, 'Y' },
		{ "plan", no_argument, NULL, 'y' },
		{ "shard", required_argument, NULL, 'X' },
		{ "tap", no_argument, NULL, 'P' },
		{ "quiet", no_argument, NULL, 'U' },
		{ "boot", required_argument, NULL, 'B' },
		{ "vmlinux-cache", required_argument, NULL, 'V' },
		{ "lava", required_argument, NULL, 'l' },
		{ "lava-url", required_argument, NULL, 'u' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts o = {
		.results = "out/results",
		.qemu = "qemu-system-x86_64",
		.topo_req = { .machines_dir = "boot/machines" },
		.timeout = 3600,
		.silence = 120,
		.runs = 1,
		.icount_shift = QEMU_ICOUNT_SHIFT_DEFAULT,
		.vmlinux_cache = "out/build/vmlinux",
	};
	const char *job = NULL, *shard = NULL;
	int opt, err, quick = 0, tap = 0;
	char release[256];

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
	if (!strcmp(argv[1], "vmlinux")) {
		if (argc != 3 && argc != 4) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		return cmd_vmlinux(argv[2],
				   argc == 4 ? argv[3] : o.vmlinux_cache);
	}
	if (!strcmp(argv[1], "replay")) {
		if (argc < 3 || argc > 5) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		return cmd_replay(argv[2], argc >= 4 ? argv[3] : o.results,
				  argc == 5 ? argv[4] : "replay");
	}
	if (!strcmp(argv[1], "reproduce")) {
		if (argc != 4) {
			usage(stderr);
			return VERDICT_BAD_INPUT;
		}
		return cmd_reproduce(argv[2], argv[3]);
	}
	if (!strcmp(argv[1], "tests")) {
		tests_print();
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
			if (*optarg &&
			    mem_size_parse(optarg, &o.topo_req.mem_mb))
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
		case 'G':
			if (timing_parse(optarg, &o.deterministic))
				return bad_input(
					"TIMING=%s is not valid: give realtime or deterministic",
					optarg);
			break;
		case 'I':
			/* Beyond 10 a guest second is under a million instructions. */
			if (*optarg && parse_uint_opt("ICOUNT_SHIFT", optarg, 0,
						      10, &o.icount_shift))
				return VERDICT_BAD_INPUT;
			break;
		case 'F':
			o.firmware = optarg;
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
		case 'J':
			job = *optarg ? optarg : NULL;
			break;
		case 'W':
			/*
			 * A report's machine, shrunk to one vCPU per host CPU:
			 * more vCPUs than that share host CPUs under TCG, and
			 * their runs scatter far more.
			 */
			o.quick_cpus = host_cpus_count();
			break;
		case 'w':
			o.fit_refused = 1;
			break;
		case 'Y':
			if (parse_uint_opt("MAX_VCPUS", optarg, 1,
					   TOPO_CPUS_MAX, &o.max_vcpus))
				return VERDICT_BAD_INPUT;
			break;
		case 'y':
			o.plan = 1;
			break;
		case 'Q':
			quick = 1;
			break;
		case 'X':
			shard = optarg;
			break;
		case 'P':
			tap = 1;
			break;
		case 'U':
			o.quiet = 1;
			break;
		case 'B':
			if (boot_path_parse(optarg, &o.boot))
				return bad_input(
					"BOOT=%s is not valid: give auto, pvh or bzimage",
					optarg);
			break;
		case 'V':
			o.vmlinux_cache = optarg;
			break;
		case 'l':
			o.lava_dir = optarg;
			break;
		case 'u':
			o.lava_url = optarg;
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
	progress_init(o.quiet);
	if (job)
		return cmd_job(&o, job, quick, shard, tap);
	if (tap)
		printf("TAP version 13\n1..1\n");
	err = cmd_run(&o);
	if (tap)
		tap_line_print(1, err, o.test ? o.test : "");
	return err;
}
