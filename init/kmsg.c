// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel log, read from /dev/kmsg after each iteration (the first
 * read also takes the boot's messages): each kind of error is counted
 * as dmesg.<kind>, LKP style, and its first lines are kept as log
 * records of kind "dmesg" so a report can quote them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "init.h"
#include "shared/util.h"

#define KMSG_KEEP 5 /* lines kept per kind and iteration */

static const struct {
	const char *metric;
	const char *pattern;
} kmsg_kinds[] = {
	{ "dmesg.BUG", "BUG: " },
	{ "dmesg.WARNING", "WARNING: " },
	{ "dmesg.Oops", "Oops: " },
	{ "dmesg.soft_lockup", "soft lockup" },
	{ "dmesg.hard_lockup", "hard LOCKUP" },
	{ "dmesg.RCU_stall", "rcu_sched self-detected stall" },
	{ "dmesg.RCU_stall", "rcu_preempt self-detected stall" },
	{ "dmesg.RCU_stall", "detected stalls on CPUs" },
	{ "dmesg.hung_task", "blocked for more than" },
	{ "dmesg.call_trace", "Call Trace:" },
	{ "dmesg.general_protection_fault", "general protection fault" },
	{ "dmesg.kernel_panic", "Kernel panic - not syncing" },
	{ "dmesg.oom_killer", "invoked oom-killer" },
};

#define KMSG_KINDS (ARRAY_SIZE(kmsg_kinds))

static int kmsg_fd = -1;

void kmsg_open(void)
{
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
}

void kmsg_scan(struct port *p, monitor_emit_fn emit, void *ctx)
{
	unsigned int count[KMSG_KINDS] = { 0 };
	char rec[8192];
	size_t k, j;

	if (kmsg_fd < 0)
		return;
	for (;;) {
		ssize_t n = read(kmsg_fd, rec, sizeof(rec) - 1);
		char *msg;

		if (n < 0 && errno == EPIPE)
			continue; /* overwritten records: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		/* "prio,seq,usec,flags;text\n" then continuation lines */
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		msg[strcspn(msg, "\n")] = '\0';
		for (k = 0; k < KMSG_KINDS; k++) {
			if (!strstr(msg, kmsg_kinds[k].pattern))
				continue;
			/* Kinds that share a metric count once per line. */
			for (j = 0; j < k; j++)
				if (!strcmp(kmsg_kinds[j].metric,
					    kmsg_kinds[k].metric) &&
				    strstr(msg, kmsg_kinds[j].pattern))
					break;
			if (j < k)
				continue;
			if (count[k]++ < KMSG_KEEP)
				record_log_send(p, "dmesg", msg);
		}
	}
	for (k = 0; k < KMSG_KINDS; k++) {
		unsigned int total = count[k];

		/* Fold kinds that share a metric into their first entry. */
		for (j = 0; j < k; j++)
			if (!strcmp(kmsg_kinds[j].metric, kmsg_kinds[k].metric))
				break;
		if (j < k)
			continue;
		for (j = k + 1; j < KMSG_KINDS; j++)
			if (!strcmp(kmsg_kinds[j].metric, kmsg_kinds[k].metric))
				total += count[j];
		if (total)
			emit(ctx, kmsg_kinds[k].metric, total);
	}
}
