// SPDX-License-Identifier: GPL-2.0
/*
 * make lava-job: the job as a LAVA job definition (docs/lava.md). The
 * kernel and the initramfs are deployed to tmpfs, from file:// URLs or
 * from LAVA_URL; QEMU gets the arguments `make run` would give it (the
 * topology, memory, CPU model, timing mode, the results port), less
 * what LAVA itself provides (the binary, the console); and a monitors
 * test action turns the init's console records
 * (bootbench.console_results=lava, proto/lava.h) into test cases.
 */
#define _GNU_SOURCE
#include <libgen.h>

#include "bootbench.h"
#include "lib/fileio.h"
#include "proto/lava.h"

/* Seconds LAVA gets beyond TIMEOUT to download, boot and power off. */
#define LAVA_SLACK 300

static void lava_line(struct json_buf *j, const char *text)
{
	json_raw_write(j, text, strlen(text));
}

/* @val quoted as a JSON string, which YAML reads as its own. */
static void lava_quoted(struct json_buf *j, const char *val)
{
	struct json_buf q;

	json_buf_init(&q);
	json_string_write(&q, val);
	if (q.err && !j->err)
		j->err = q.err;
	json_raw_write(j, q.buf, q.len);
	json_buf_free(&q);
}

/* key: "value" at @indent. */
static void lava_str(struct json_buf *j, const char *indent, const char *key,
		     const char *val)
{
	lava_line(j, indent);
	lava_line(j, key);
	lava_line(j, ": ");
	lava_quoted(j, val);
	lava_line(j, "\n");
}

static void lava_secs(struct json_buf *j, const char *indent, const char *key,
		      unsigned int secs)
{
	char line[160];

	snprintf(line, sizeof(line), "%s%s:\n%s  seconds: %u\n", indent, key,
		 indent, secs);
	lava_line(j, line);
}

/* Where LAVA fetches @path: LAVA_URL/<name>, or the file itself. */
static int lava_url_make(const char *base, const char *path, char *buf,
			 size_t size)
{
	char *copy, abs[PATH_MAX];
	int n;

	if (base && *base) {
		copy = strdup(path);
		if (!copy)
			return -ENOMEM;
		n = snprintf(buf, size, "%s%s%s", base,
			     base[strlen(base) - 1] == '/' ? "" : "/",
			     basename(copy));
		free(copy);
	} else {
		if (!realpath(path, abs))
			return -errno;
		n = snprintf(buf, size, "file://%s", abs);
	}
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static void lava_header_write(struct json_buf *j, const struct run_opts *o,
			      const char *release, const char *params,
			      const char *cmdline)
{
	char name[1400], n[16];

	snprintf(name, sizeof(name), "bootbench %s %s on %s", o->test_list,
		 params, release);
	lava_line(j, "# Written by make lava-job (docs/lava.md).\n"
		     "device_type: qemu\n");
	lava_str(j, "", "job_name", name);
	lava_line(j, "visibility: public\npriority: medium\ntimeouts:\n");
	lava_secs(j, "  ", "job", o->timeout + LAVA_SLACK);
	lava_secs(j, "  ", "action", o->timeout);
	/* A console silent this long is a hang, as SILENCE says. */
	lava_secs(j, "  ", "connection", o->silence);
	/* What the results converter needs to rebuild the run directory. */
	snprintf(n, sizeof(n), "%u", o->runs);
	lava_line(j, "metadata:\n");
	lava_str(j, "  ", "bootbench.test", o->test_list);
	lava_str(j, "  ", "bootbench.params", params);
	lava_str(j, "  ", "bootbench.release", release);
	lava_str(j, "  ", "bootbench.cmdline", cmdline);
	lava_str(j, "  ", "bootbench.runs", n);
	lava_line(j, "context:\n  arch: ");
	lava_line(j, o->arch->lava);
	lava_line(j, "\n");
	/* The stock qemu device type adds -enable-kvm unless told not to. */
	if (o->deterministic || o->accel == QEMU_ACCEL_TCG)
		lava_line(j, "  no_kvm: true\n");
}

static int lava_deploy_write(struct json_buf *j, const struct run_opts *o,
			     const char *url, const char *image_arg)
{
	char kurl[PATH_MAX + 1024], iurl[PATH_MAX + 1024];
	int err;

	err = lava_url_make(url, o->kernel, kurl, sizeof(kurl));
	if (!err)
		err = lava_url_make(url, o->initrd, iurl, sizeof(iurl));
	if (err)
		return err;
	lava_line(j, "actions:\n- deploy:\n    to: tmpfs\n");
	lava_secs(j, "    ", "timeout", LAVA_SLACK);
	lava_line(j, "    images:\n      kernel:\n");
	lava_str(j, "        ", "image_arg", image_arg);
	lava_str(j, "        ", "url", kurl);
	lava_line(j, "      ramdisk:\n");
	lava_str(j, "        ", "image_arg", "-initrd '{ramdisk}'");
	lava_str(j, "        ", "url", iurl);
	return 0;
}

static void lava_actions_write(struct json_buf *j, const struct run_opts *o)
{
	lava_line(j, "- boot:\n    method: qemu\n    media: tmpfs\n");
	lava_secs(j, "    ", "timeout", o->timeout);
	/*
	 * Waiting for the init's first line makes LAVA read the kernel's
	 * messages: a panic before it is a LAVA JobError (docs/lava.md).
	 */
	lava_line(j, "    prompts:\n    - ");
	lava_quoted(j, LAVA_INIT_STARTED);
	lava_line(j, "\n");
	lava_line(j, "- test:\n");
	lava_secs(j, "    ", "timeout", o->timeout);
	lava_line(j, "    monitors:\n    - name: bootbench\n");
	lava_str(j, "      ", "start", LAVA_START);
	lava_str(j, "      ", "end", LAVA_END);
	lava_str(j, "      ", "pattern", LAVA_CASE_PATTERN);
}

/* The QEMU arguments of `make run`, less LAVA's, after -kernel/-append. */
static char *lava_image_arg(const struct run_opts *o, struct qemu_conf qc,
			    const char *append)
{
	struct strv a = { 0 };
	char *line = NULL;

	qc.lava = 1;
	strv_add(&a, "-kernel");
	strv_add(&a, "{kernel}");
	strv_add(&a, "-append");
	strv_add(&a, append);
	if (o->deterministic)
		qc.accel = QEMU_ACCEL_TCG;
	if (!qemu_args_build(&qc, &a))
		line = strv_join(&a);
	strv_free(&a);
	return line;
}

int lava_job_write(const struct run_opts *o, const struct qemu_conf *qc,
		   const char *release, const char *params, const char *cmdline)
{
	char append[4200], path[PATH_MAX], *arg = NULL, *p;
	struct json_buf j;
	int err;

	if (o->lava_url && *o->lava_url && !strstr(o->lava_url, "://"))
		return bad_input(
			"LAVA_URL=%s is not a URL: give where the lab fetches the files, e.g. https://files.example.org/bootbench",
			o->lava_url);
	/* LAVA substitutes {name} in image_arg; quotes would nest. */
	if (strpbrk(cmdline, "{}\"'"))
		return bad_input(
			"CMDLINE=%s: a LAVA job's kernel command line cannot hold quotes or braces: drop them",
			o->cmdline ? o->cmdline : cmdline);
	/*
	 * panic=0 after make run's panic=-1: the kernel stays in its panic
	 * after printing the end line, so LAVA reads the whole panic,
	 * fails the job with it and stops QEMU itself (docs/lava.md).
	 */
	snprintf(append, sizeof(append), "%s panic=0 " LAVA_CMDLINE, cmdline);
	if (mkdir(o->lava_dir, 0755) && errno != EEXIST)
		return bad_input("LAVA_OUT=%s: %s: give a writable directory",
				 o->lava_dir, strerror(errno));
	snprintf(path, sizeof(path), "%s/%s-%s.yaml", o->lava_dir, o->test_list,
		 params);
	for (p = path + strlen(o->lava_dir) + 1; *p; p++)
		if (*p == ',' || *p == '/')
			*p = '_';
	json_buf_init(&j);
	arg = lava_image_arg(o, *qc, append);
	err = arg ? 0 : -ENOMEM;
	if (!err) {
		lava_header_write(&j, o, release, params, append);
		err = lava_deploy_write(&j, o, o->lava_url, arg);
	}
	if (!err) {
		lava_actions_write(&j, o);
		err = j.err ? j.err : file_write_atomic(path, j.buf, j.len);
	}
	free(arg);
	json_buf_free(&j);
	if (err)
		return bad_input("writing %s: %s: nothing was written", path,
				 strerror(-err));
	printf("bootbench: LAVA job %s (submit it %u time%s: lavacli jobs submit)\n",
	       path, o->runs, o->runs == 1 ? "" : "s");
	return VERDICT_OK;
}
