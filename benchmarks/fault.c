// SPDX-License-Identifier: GPL-2.0
/*
 * A test-only job: the faults the appliance must survive or report,
 * on demand (tests/run.sh, docs/errors.md). --fault=
 *   segv   die of SIGSEGV               exit   exit with status 3
 *   hang   sleep forever (the watchdog must kill it)
 *   oom    touch memory until the OOM killer takes this process
 *   panic  crash the kernel through sysrq-c
 *   warn   log a line in the kernel's WARNING format to /dev/kmsg
 *          (stock kernels have no user trigger for a real WARN();
 *          a kernel with CONFIG_LKDTM has one)
 *   stall  put the whole guest into suspend-to-idle with no wakeup
 *          source: every task, PID 1 included, stops; a hung guest
 * Before faulting it reports one metric, so earlier output is seen.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"
#include "shared/util.h"

static int fault_write(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0) {
		perror(path);
		return -1;
	}
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

static void fault_stall(void)
{
	/* Nothing will wake it: the host must see the silence. */
	fault_write("/sys/power/state", "freeze");
	/* Reached only if the freeze did not happen or ended. */
	fprintf(stderr, "fault: the guest did not stay frozen\n");
}

static int fault_run(int argc, char **argv)
{
	const char *fault = "segv";
	const struct harness_param params[] = {
		{ "fault", NULL, &fault },
	};

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	harness_metric("fault.before", 1);
	fflush(stdout);
	if (!strcmp(fault, "segv")) {
		raise(SIGSEGV);
	} else if (!strcmp(fault, "exit")) {
		return 3;
	} else if (!strcmp(fault, "hang")) {
		for (;;)
			pause();
	} else if (!strcmp(fault, "oom")) {
		for (;;) {
			char *p = mmap(NULL, 64 << 20, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			if (p != MAP_FAILED)
				memset(p, 1, 64 << 20);
		}
	} else if (!strcmp(fault, "panic")) {
		fault_write("/proc/sys/kernel/sysrq", "1");
		sync();
		fault_write("/proc/sysrq-trigger", "c");
	} else if (!strcmp(fault, "warn")) {
		fault_write(
			"/dev/kmsg",
			"<4>WARNING: CPU: 0 PID: 1 at bootbench/fault.c:1 fault_run (test-only)\n");
		harness_metric("fault.after", 1);
		return 0;
	} else if (!strcmp(fault, "stall")) {
		fault_stall();
	}
	return 1;
}

const struct bench bench = {
	.name = "fault",
	.title = "test-only faults",
	.run = fault_run,
};
