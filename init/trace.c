// SPDX-License-Identifier: GPL-2.0
/*
 * Where the init's time goes: each step's end is kept in memory with
 * CLOCK_BOOTTIME (the clock of the kernel's own printk times, so the
 * two read side by side: "Run /init as init process" is the start) and,
 * with bootbench.trace=1 on the command line, written to the kernel log
 * at power-off, where make run V=1 shows them on the console. Keeping a
 * mark costs a vDSO call, so the marks are always kept.
 */
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "init.h"

#define TRACE_MAX 32

static struct {
	const char *step;
	struct timespec t;
} trace_marks[TRACE_MAX];
static unsigned int trace_n;

void trace_mark(const char *step)
{
	/* The module loaders mark from their threads (init/modset.c). */
	unsigned int i = __atomic_fetch_add(&trace_n, 1, __ATOMIC_RELAXED);

	if (i >= TRACE_MAX)
		return;
	trace_marks[i].step = step;
	clock_gettime(CLOCK_BOOTTIME, &trace_marks[i].t);
}

static double trace_seconds(const struct timespec *t)
{
	return t->tv_sec + t->tv_nsec / 1e9;
}

void trace_flush(const struct job *job)
{
	char line[2048];
	double prev = 0;
	unsigned int i;
	size_t n = 0;
	int fd;

	if (!job->trace || !trace_n)
		return;
	/* The kernel stamps this record: its time less "flush" is the offset. */
	trace_mark("flush");
	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	/* One record: the kernel rate-limits /dev/kmsg's writers to 10. */
	if (trace_n > TRACE_MAX)
		trace_n = TRACE_MAX;
	for (i = 0; i < trace_n && n < sizeof(line); i++) {
		double t = trace_seconds(&trace_marks[i].t);

		if (i)
			n += snprintf(line + n, sizeof(line) - n, " %s +%.1f",
				      trace_marks[i].step, (t - prev) * 1e3);
		else
			n += snprintf(line + n, sizeof(line) - n,
				      "bootbench-init: trace (ms) %s %.6f",
				      trace_marks[i].step, t);
		prev = t;
	}
	if (n < sizeof(line) && write(fd, line, n) < 0)
		n = 0;
	close(fd);
	trace_n = 0;
}
