// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench reproduce MAIL OUTDIR --build DIR [--dry] [--base-kernel K
 * --new-kernel K] [run's options]: the report's job (reproduce.c) shown
 * with its machine as it will boot, then, unless --dry, the job on both
 * kernels in turn (boot/ab.c) and compare's verdict against the
 * report's change (docs/reproduce.md). Exit 0 with a verdict line
 * (reproduced, not reproduced or inconclusive), 2 on bad input, else
 * the failing run's status (docs/exit-codes.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/params.h"
#include "boot/ab.h"
#include "lib/fileio.h"
#include "repro.h"

/* @f's lines that are not comments, indented, on standard output. */
static void repro_file_show(FILE *f)
{
	char line[4096];

	while (fgets(line, sizeof(line), f))
		if (line[0] != '#')
			printf("    %s%s", line,
			       strchr(line, '\n') ? "" : "\n");
}

/* The value of "@key = value" in @path, into @out: 0 or -ENOENT. */
static int repro_file_value(const char *path, const char *prefix, char *out,
			    size_t size)
{
	size_t len = strlen(prefix);
	char line[4096];
	int err = -ENOENT;
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, prefix, len)) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, size, "%s", line + len);
			err = 0;
		}
	fclose(f);
	return err;
}

/* The job and its machine profile, as the reader wrote them. */
static void repro_job_show(const char *job, const char *machines)
{
	char machine[4096], path[4200], help[512] = "";
	FILE *f = fopen(job, "r");

	printf("bootbench: the job (%s):\n", job);
	if (f) {
		repro_file_show(f);
		fclose(f);
	}
	if (repro_file_value(job, "machine = ", machine, sizeof(machine)))
		return;
	if (!strchr(machine, '/')) {
		snprintf(path, sizeof(path), "%s/%s.conf", machines, machine);
		repro_file_value(path, "# Help: ", help, sizeof(help));
		printf("bootbench: the machine: %s\n", help);
		return;
	}
	repro_file_value(machine, "# Help: ", help, sizeof(help));
	printf("bootbench: the machine (%s): %s\n", machine, help);
	f = fopen(machine, "r");
	if (f) {
		repro_file_show(f);
		fclose(f);
	}
}

/*
 * The job's test_size at most half a disk as the run makes it (@each
 * bytes): the reader halved the disk that stands for the report's, but
 * the run cuts RAM disks to the fitted guest's memory and virtio disks
 * to DISK_DIR's room. The job is rewritten, said; 0 or -errno.
 */
static int repro_test_size_fit(const char *job, unsigned long long each)
{
	char *text, *line, *out = NULL, size[32];
	unsigned long long want;
	size_t len, n;
	int err;

	text = file_read_all(job, &len);
	if (!text)
		return -errno;
	line = strstr(text, "\ntest_size = ");
	if (!line) {
		free(text);
		return 0;
	}
	line += 13;
	n = strcspn(line, "\n");
	snprintf(size, sizeof(size), "%.*s", (int)(n < 31 ? n : 31), line);
	if (param_size_parse(size, &want) || want <= each / 2) {
		free(text);
		return 0;
	}
	err = asprintf(&out, "%.*s%lluM%s", (int)(line - text), text,
		       each / 2 >> 20, line + n) < 0 ?
		      -ENOMEM :
		      file_write_atomic(job, out, strlen(out));
	if (!err)
		repro_note(
			"scaled",
			"test_size = %lluM (the job's %s: half a disk of %llu MiB, as the run makes it here)",
			each / 2 >> 20, size, each >> 20);
	free(out);
	free(text);
	return err;
}

/*
 * The machine as it will boot, by the code that fits it, into @text: its
 * shape and its disks as the run makes them (test_size fitted to them),
 * and (on stderr, from the checks) what fitting gave up and what a boot
 * of it costs here.
 */
static int repro_plan_make(const struct ab *ab, char **text)
{
	struct run_opts p = ab->opts;
	unsigned long long each;
	const char *d;
	size_t len;
	int err;

	*text = NULL;
	p.plan = 1;
	p.plan_out = open_memstream(text, &len);
	if (!p.plan_out)
		return VERDICT_INFRA;
	err = cmd_job(&p, ab->job, ab->quick, NULL, 0);
	if (fclose(p.plan_out) && !err)
		err = VERDICT_INFRA;
	d = *text ? strstr(*text, "\ndisks ") : NULL;
	d = d ? strstr(d, " of ") : NULL;
	each = d ? strtoull(d + 4, NULL, 10) << 20 : 0;
	if (!err && each && repro_test_size_fit(ab->job, each))
		err = VERDICT_INFRA;
	return err;
}

/* The plan's "machine ..." and "disks ..." lines, said. */
static void repro_plan_show(const char *text)
{
	const char *m = text && !strncmp(text, "machine ", 8) ? text + 8 : NULL;
	const char *d = text ? strstr(text, "\ndisks ") : NULL;

	if (m)
		printf("bootbench: the machine as booted: %.*s\n",
		       (int)strcspn(m, "\n"), m);
	if (d)
		printf("bootbench: the disks as made: %.*s\n",
		       (int)strcspn(d + 7, "\n"), d + 7);
}

/* --dry out of argv: 1 when it was there. */
static int repro_dry_take(int *argc, char **argv)
{
	int i, j, dry = 0;

	for (i = j = 0; i < *argc; i++) {
		if (!strcmp(argv[i], "--dry"))
			dry = 1;
		else
			argv[j++] = argv[i];
	}
	*argc = j;
	argv[j] = NULL;
	return dry;
}

/* The two sides' runs and compare's verdict against the report's. */
static int repro_sides_run(struct ab *ab, struct ab_side *sides,
			   const struct repro_out *out)
{
	/* The report's change is another metric's: the table, no verdict. */
	if (!out->expect[0]) {
		fprintf(stderr,
			"bootbench: no verdict: the report's metric is not one bootbench measures; the table compares the job's headline\n");
		ab->metric = NULL;
		return ab_sides_judge(ab, sides, NULL);
	}
	/* The report's metric is the one compare and RUNS=auto judge. */
	ab->metric = out->metric[0] ? out->metric : NULL;
	return ab_sides_judge(ab, sides, out->expect);
}

int cmd_reproduce_run(int argc, char **argv)
{
	struct ab_side sides[2] = { { .name = "base" }, { .name = "new" } };
	const char *report = argv[2], *outdir = argv[3];
	struct repro_out out;
	struct ab ab = { 0 };
	char **args, *plan;
	int err, dry;

	/* reproduce MAIL OUTDIR OPTION...: the options as ab takes them. */
	args = calloc((size_t)argc, sizeof(*args));
	if (!args)
		return VERDICT_INFRA;
	args[0] = argv[0];
	args[1] = argv[1];
	memcpy(args + 2, argv + 4, (size_t)(argc - 4) * sizeof(*args));
	argc -= 2;
	dry = repro_dry_take(&argc, args);
	err = ab_args_parse(&ab, argc, args, &sides[0], &sides[1]);
	if (!err)
		err = repro_mail_read(report, outdir, &out);
	if (err)
		goto out;
	ab.job = out.job;
	ab.results = out.dir;
	err = repro_plan_make(&ab, &plan);
	repro_job_show(out.job, ab.opts.topo_req.machines_dir);
	if (!err)
		repro_plan_show(plan);
	free(plan);
	if (err || dry)
		goto out;
	err = ab_kernels_check(
		&sides[0], &sides[1],
		"say BASE_KERNEL=<the good kernel's bzImage> NEW_KERNEL=<the bad one's> (or DRY=1 to see the job only)");
	if (!err)
		err = repro_sides_run(&ab, sides, &out);
out:
	free(args);
	return err;
}
