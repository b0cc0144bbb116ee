// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench.console_results=lava: the records also go to the serial
 * console as LAVA test-case signals (proto/lava.h, docs/lava.md), for a
 * LAVA job's monitors test action, which sees only the console. The
 * results port stays the record of truth whenever it is there.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "init.h"
#include "proto/lava.h"

static int lava_on;

/* One line, one write: the kernel's own messages cannot split it. */
static __attribute__((format(printf, 1, 2))) void lava_print(const char *fmt,
							     ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line))
		return;
	if (write(STDOUT_FILENO, line, n) < 0)
		return;
}

void lava_console_set(int on)
{
	lava_on = on;
	if (on)
		lava_print("%s\n", LAVA_INIT_STARTED);
}

int lava_console_on(void)
{
	return lava_on;
}

void lava_hello(const char *release, const char *test, unsigned int cpus)
{
	if (!lava_on)
		return;
	lava_print("%s: %s on %s\n", LAVA_START, test, release);
	lava_print(LAVA_CASE_FMT, LAVA_CASE_HELLO, "pass", (double)cpus,
		   "cpus");
}

void lava_heartbeat(unsigned int iter)
{
	/* LAVA's connection timeout is a silence timeout: keep talking. */
	if (lava_on)
		lava_print("bootbench-lava: iteration %u running\n", iter);
}

void lava_sample(const char *test, unsigned int iter, const char *status,
		 int exit_code, const struct run_metric *m, unsigned int n)
{
	const char *result = strcmp(status, "ok") ? "fail" : "pass";
	char id[400];
	unsigned int i;

	if (!lava_on)
		return;
	for (i = 0; i < n; i++) {
		snprintf(id, sizeof(id), "%s/%u/%s", test, iter, m[i].name);
		lava_print(LAVA_CASE_FMT, id, result, m[i].value,
			   lava_units_find(test, m[i].name));
	}
	snprintf(id, sizeof(id), "%s/%u", test, iter);
	lava_print(LAVA_CASE_FMT, id, result, (double)exit_code, "exit_code");
}

void lava_error(const char *code, const char *msg)
{
	char id[128];

	if (!lava_on)
		return;
	lava_print("bootbench-lava: error %s: %s\n", code, msg);
	snprintf(id, sizeof(id), "%s%s", LAVA_CASE_ERROR, code);
	lava_print(LAVA_CASE_FMT, id, "fail", 1.0, "count");
	lava_print("%s\n", LAVA_END);
}

void lava_done(unsigned int iterations, unsigned int failed)
{
	if (!lava_on)
		return;
	lava_print(LAVA_CASE_FMT, LAVA_CASE_DONE, failed ? "fail" : "pass",
		   (double)failed, "iterations_failed");
	lava_print("bootbench-lava: %u iteration(s), %u failed\n", iterations,
		   failed);
	lava_print("%s\n", LAVA_END);
}
