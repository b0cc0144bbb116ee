// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench PID 1: mount, load modules, open the results port, say
 * hello, run the job's iterations, say done, power off. PID 1 must
 * never exit (the kernel would panic), so every path ends in
 * init_poweroff().
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "init.h"
#include "shared/modsets.h"
#include "shared/util.h"

#define PORT_WAIT_MS 15000

static struct port init_port = { .fd = -1 };
/* The job, once parsed: whether to write the trace (init/trace.c). */
static const struct job *init_trace_job;

static void init_console_setup(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

static __attribute__((noreturn)) void init_poweroff(void)
{
	if (init_trace_job)
		trace_flush(init_trace_job);
	port_close(&init_port);
	fs2_release();
	sync();
	reboot(RB_POWER_OFF);
	/* Not reached unless reboot() failed: never return to the kernel. */
	for (;;)
		pause();
}

/* Tell both the console and, if it is open, the host; then stop. */
static __attribute__((noreturn, format(printf, 2, 3))) void
init_fatal(const char *code, const char *fmt, ...)
{
	char msg[512];
	struct json_buf j;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "bootbench-init: error: %s\n", msg);
	lava_error(code, msg);
	if (init_port.fd >= 0) {
		json_buf_init(&j);
		record_begin(&j, "error");
		json_member_string(&j, "code", code);
		json_member_string(&j, "msg", msg);
		record_send(&init_port, &j);
		json_buf_free(&j);
	}
	init_poweroff();
}

static void init_oom_protect(void)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY);

	if (fd < 0)
		return;
	if (write(fd, "-1000", 5) < 0)
		fprintf(stderr, "bootbench-init: oom_score_adj: %s\n",
			strerror(errno));
	close(fd);
}

/* The first record: the machine, the boot's timing and the job. */
static void init_hello_send(const struct job *job, double t_start,
			    double t_ready, unsigned int nmod)
{
	struct utsname uts;
	struct json_buf j;

	if (uname(&uts))
		strcpy(uts.release, "unknown");
	json_buf_init(&j);
	record_begin(&j, "hello");
	sysinfo_write(&j);
	json_member_number(&j, "boot_time", t_start);
	json_member_number(&j, "init_ready_time", t_ready - t_start);
	json_member_int(&j, "modules_loaded", nmod);
	json_member_string(&j, "test", job->test);
	json_member_int(&j, "iterations", job->iterations);
	record_send(&init_port, &j);
	json_buf_free(&j);
	lava_hello(uts.release, job->test, sysconf(_SC_NPROCESSORS_ONLN));
}

/* Every test of the job, iteration by iteration; the failed count. */
static unsigned int init_job_run(const struct job *job)
{
	unsigned int i, failed = 0;
	int err;

	for (i = 1; i <= job->iterations; i++) {
		char tests[sizeof(job->test)], *test, *save = NULL;

		strcpy(tests, job->test);
		for (test = strtok_r(tests, ",", &save); test;
		     test = strtok_r(NULL, ",", &save)) {
			struct run_result res;

			err = run_iteration(&init_port, job, test, i, &res);
			if (err)
				init_fatal("port", "writing results: %s",
					   strerror(-err));
			failed += res.failed;
		}
	}
	return failed;
}

static void init_done_send(const struct job *job, unsigned int failed)
{
	struct json_buf j;

	json_buf_init(&j);
	record_begin(&j, "done");
	json_member_int(&j, "iterations", job->iterations);
	json_member_int(&j, "failed", failed);
	record_send(&init_port, &j);
	json_buf_free(&j);
	lava_done(job->iterations, failed);
}

/* The port, or the console when a LAVA job says so; else nothing works. */
static void init_port_open(void)
{
	int err = port_open_by_name(&init_port, PROTO_PORT_NAME, PORT_WAIT_MS);

	if (err && lava_console_on())
		fprintf(stderr,
			"bootbench-init: no results port '%s' (%s): the records go to the console only\n",
			PROTO_PORT_NAME, strerror(-err));
	else if (err)
		init_fatal(
			"no-port",
			"no results port '%s' (%s): the kernel needs CONFIG_VIRTIO_PCI and CONFIG_VIRTIO_CONSOLE built in, or their modules in the image (MODULES=dir)",
			PROTO_PORT_NAME, strerror(-err));
}

/*
 * Module sets a benchmark's descriptor asks for (MODULES rows: netperf's
 * SCTP tests the kernel's sctp, which LKP's netperf job loads with
 * modprobe; stress-ng's af-alg the crypto API's AF_ALG sockets): the
 * kernel cannot load them by itself without modprobe in reach, so the
 * image carries them with their list (initramfs/image.sh) and the init
 * loads each name of it, in its order. A kernel without one says so in
 * the test.
 */
static void init_modset_load(const char *set)
{
	char path[128], line[128];
	FILE *f;

	snprintf(path, sizeof(path), MODSETS_DIR "/%s.list", set);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && line[0] != '#')
			modules_probe_name(line);
	}
	fclose(f);
}

static void init_job_modules_load(const struct job *job)
{
	const struct modset_row *r;
	size_t k, n;
	int i;

	for (i = 0; i < job->nargs; i++)
		for (k = 0; k < ARRAY_SIZE(modset_rows); k++) {
			r = &modset_rows[k];
			n = strlen(r->key);
			if (!strncmp(job->args[i], "--", 2) &&
			    !strncmp(job->args[i] + 2, r->key, n) &&
			    job->args[i][2 + n] == '=' &&
			    modset_list_matches(job->args[i] + 3 + n,
						r->pattern))
				init_modset_load(r->set);
		}
}

int main(void)
{
	unsigned int nmod = 0;
	double t_start, t_ready;
	char cmdline[4096], why[512];
	struct job job;
	int err, jerr;

	trace_mark("start");
	init_console_setup();
	/* PID 1 gets no default signal actions: keep it that way. */
	signal(SIGPIPE, SIG_IGN);
	setenv("PATH", "/bin:/bench", 1);
	setenv("HOME", "/tmp", 1);
	if (mounts_setup())
		init_fatal("mount", "cannot mount the basic filesystems");
	init_console_setup();
	init_oom_protect();
	t_start = uptime_read();
	kmsg_open();
	trace_mark("mounts");

	err = modules_load(&nmod);
	if (err)
		fprintf(stderr, "bootbench-init: modules: %s\n",
			strerror(-err));
	if (file_read("/proc/cmdline", cmdline, sizeof(cmdline)) < 0)
		cmdline[0] = '\0';
	/* Read first: a LAVA job's console may stand in for the port. */
	jerr = job_parse(&job, cmdline);
	init_trace_job = &job;
	lava_console_set(job.console_lava);
	/* A BARE job has no use for it, unless it serves its fs2. */
	err = job.bare && !job.fs2[0] ? 0 : mounts_loopback_up();
	if (err)
		fprintf(stderr, "bootbench-init: loopback: %s\n",
			strerror(-err));
	trace_mark("loopback");
	init_port_open();
	trace_mark("port");
	t_ready = uptime_read();
	init_hello_send(&job, t_start, t_ready, nmod);
	trace_mark("hello");
	if (jerr)
		init_fatal("bad-job",
			   "bad bootbench.* job on the command line: %s",
			   strerror(-jerr));
	if (disks_prepare(&job, why, sizeof(why)) ||
	    fs2_prepare(&job, why, sizeof(why)))
		init_fatal("disk", "%s", why);
	init_job_modules_load(&job);
	profile_kallsyms_send(&job);
	modules_release();
	trace_mark("prepare");
	/* The benchmarks write under TMPDIR (benchmarks/harness.h). */
	setenv("TMPDIR", job.workdir, 1);
	init_done_send(&job, init_job_run(&job));
	init_poweroff();
}
