// SPDX-License-Identifier: GPL-2.0
/*
 * A job's initramfs from its plan. The plan (imageplan.c) is made in
 * this process from the job as it was parsed and checked; only the
 * assembly, which caches archives and fetches Debian's packages, is the
 * shell leaf initramfs/image.sh, given the plan as PLAN. make run
 * (bootbench run --build) and bootbench ab call it once per kernel, so
 * that make, the shell and the host tool no longer read the job in turn.
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "imagebuild.h"
#include "imagememo.h"
#include "lib/tree.h"
#include "shared/run.h"
#include "shared/util.h"

struct image_out {
	char *path;
	size_t size;
};

/* image.sh prints the image's path last. */
static void image_line_take(const char *line, void *ctx)
{
	struct image_out *out = ctx;

	snprintf(out->path, out->size, "%s", line);
}

/*
 * The plan of every combination of the job (a job file's), or of the
 * one test, into *@text: what --image-plan prints.
 */
static int image_plan_text(const struct run_opts *o, const char *job, int quick,
			   const char *kernel, char **text)
{
	struct run_opts p = *o;
	size_t len;
	int err;

	p.kernel = kernel;
	p.plan_out = open_memstream(text, &len);
	if (!p.plan_out)
		return VERDICT_INFRA;
	p.image_plan = 1;
	err = job ? cmd_job(&p, job, quick, NULL, 0) : cmd_run(&p);
	if (fclose(p.plan_out) && !err)
		err = VERDICT_INFRA;
	return err;
}

/*
 * The row of the architecture the image is for: the kernel's own (a
 * job file's arch = arm64 says it after ARCH=), else ARCH=, else this
 * host's.
 */
static const struct arch *image_arch(const struct run_opts *o,
				     const char *kernel)
{
	const struct arch *a;
	int gz;

	if (!arch_kernel_identify(kernel, &a, &gz))
		return a;
	if (o->arch_name && *o->arch_name)
		return arch_find(o->arch_name);
	return arch_host();
}

/*
 * image.sh's arguments: this program, mkcpio, the base archive of the
 * guest's architecture (another's lives in BUILD/<arch>), BUILD, the
 * kernel and its modules.
 */
static int image_argv_fill(const struct run_opts *o, const char *kernel,
			   char paths[4][PATH_MAX], char **argv)
{
	const struct arch *a = image_arch(o, kernel);
	char release[256];
	ssize_t n;

	if (!a)
		return bad_input(
			"ARCH=%s is not an architecture bootbench knows",
			o->arch_name);
	n = readlink("/proc/self/exe", paths[0], PATH_MAX - 1);
	if (n < 0)
		return VERDICT_INFRA;
	paths[0][n] = '\0';
	snprintf(paths[1], PATH_MAX, "%s/host/mkcpio", o->build_dir);
	if (a == arch_host())
		snprintf(paths[2], PATH_MAX, "%s/base.cpio", o->build_dir);
	else
		snprintf(paths[2], PATH_MAX, "%s/%s/base.cpio", o->build_dir,
			 a->name);
	/* Beside the tool, as the machines are (lib/tree.h). */
	if (tree_path("initramfs/image.sh", paths[3], PATH_MAX))
		return VERDICT_INFRA;
	argv[0] = paths[3];
	argv[1] = paths[0];
	argv[2] = paths[1];
	argv[3] = paths[2];
	argv[4] = (char *)o->build_dir;
	argv[5] = (char *)kernel;
	argv[6] = o->modules && *o->modules ? (char *)o->modules : NULL;
	argv[7] = NULL;
	/* What image.sh would ask of us again. */
	if (!arch_release_read(kernel, release, sizeof(release)) &&
	    setenv("BOOTBENCH_RELEASE", release, 1))
		return VERDICT_INFRA;
	return setenv("DEB_ARCH", a->deb_arch, 1) ? VERDICT_INFRA : 0;
}

/*
 * What image.sh is asked, one item a line, for its memo: its
 * arguments, the environment it reads of ours, and the plan.
 */
static char *image_request_text(char **argv, const char *plan)
{
	const char *env[] = { "BOOTBENCH_RELEASE", "DEB_ARCH", "DEB_MIRROR",
			      "DEB_OFFLINE" };
	char *text = NULL, cwd[PATH_MAX];
	size_t len, i;
	FILE *f;

	/* Relative arguments mean what they say only from here. */
	if (!getcwd(cwd, sizeof(cwd)))
		return NULL;
	f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	fprintf(f, "cwd %s\n", cwd);
	for (i = 0; argv[i]; i++)
		fprintf(f, "arg %s\n", argv[i]);
	for (i = 0; i < ARRAY_SIZE(env); i++)
		fprintf(f, "env %s=%s\n", env[i], getenv(env[i]) ?: "");
	fprintf(f, "plan %s%s", plan,
		*plan && plan[strlen(plan) - 1] == '\n' ? "" : "\n");
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/*
 * image.sh, unless the memo of the same request still holds; a memo
 * that cannot be written costs the next run the shell, not this one.
 */
static int image_sh_run(const struct run_opts *o, char **argv, const char *plan,
			char *initrd, size_t size)
{
	struct image_out out = { initrd, size };
	struct run_cmd c = { .uid = -1, .line = image_line_take, .ctx = &out };
	char deps[PATH_MAX], *req = image_request_text(argv, plan);
	struct timespec start;
	int err, memo;

	if (!req)
		return VERDICT_INFRA;
	err = 0;
	if (!image_memo_find(o->build_dir, req, initrd, size))
		goto out;
	memo = !image_memo_open(o->build_dir, req, deps, sizeof(deps), &start);
	if ((memo && setenv("IMAGE_DEPS", deps, 1)) ||
	    setenv("PLAN", plan, 1)) {
		if (memo)
			unlink(deps);
		err = VERDICT_INFRA;
		goto out;
	}
	*initrd = '\0';
	c.argv = argv;
	err = run_cmd_run(&c);
	unsetenv("PLAN");
	unsetenv("IMAGE_DEPS");
	if (memo && !err && *initrd)
		image_memo_write(o->build_dir, req, deps, &start, initrd);
	else if (memo)
		unlink(deps);
out:
	free(req);
	return err;
}

int image_job_build(const struct run_opts *o, const char *job, int quick,
		    const char *kernel, char *initrd, size_t size)
{
	char paths[4][PATH_MAX], *argv[8], *plan = NULL;
	int err;

	err = image_plan_text(o, job, quick, kernel, &plan);
	if (!err)
		err = image_argv_fill(o, kernel, paths, argv);
	if (err)
		goto out;
	err = image_sh_run(o, argv, plan, initrd, size);
	unsetenv("BOOTBENCH_RELEASE");
	/* image.sh said what went wrong, in one line, and exits 2. */
	if (err == VERDICT_BAD_INPUT)
		goto out;
	if (err || !*initrd) {
		fprintf(stderr,
			"bootbench: initramfs/image.sh failed (exit %d) for %s: see its messages above\n",
			err, kernel);
		err = VERDICT_INFRA;
	}
out:
	free(plan);
	return err;
}
