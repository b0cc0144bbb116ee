// SPDX-License-Identifier: GPL-2.0
/*
 * What a run tells the person watching it. On a terminal one status
 * line is rewritten in place (stage, test, iteration and pass, time
 * left); in CI or a pipe the same news comes as plain lines with no
 * escape codes; Q=1 keeps only the summary.
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "shared/util.h"

static struct {
	int tty, quiet, status_shown;
	unsigned int iterations, iteration; /* of the boot under way */
	double pass1_at; /* when pass 1 of this iteration began */
} progress;

void progress_init(int quiet)
{
	const char *term = getenv("TERM");

	progress.quiet = quiet;
	/* CI systems set CI; their logs want lines, not cursor tricks. */
	progress.tty = isatty(STDOUT_FILENO) && !getenv("CI") && term &&
		       strcmp(term, "dumb");
}

static void progress_status_clear(void)
{
	if (progress.status_shown) {
		fputs("\r\033[K", stdout);
		progress.status_shown = 0;
	}
}

__attribute__((format(printf, 1, 2))) void progress_line(const char *fmt, ...)
{
	va_list ap;

	if (progress.quiet)
		return;
	progress_status_clear();
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

__attribute__((format(printf, 1, 2))) void progress_summary(const char *fmt,
							    ...)
{
	va_list ap;

	progress_status_clear();
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* The terminal's status line; elsewhere nothing (the lines say it). */
__attribute__((format(printf, 1, 2))) static void
progress_status(const char *fmt, ...)
{
	va_list ap;

	if (!progress.tty || progress.quiet)
		return;
	fputs("\r\033[K", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	progress.status_shown = 1;
}

void progress_iterations_set(unsigned int iterations)
{
	progress.iterations = iterations ? iterations : 1;
}

void progress_boot_start(const char *test)
{
	progress.iterations = 1;
	progress.iteration = 1;
	progress.pass1_at = 0;
	progress_status("bootbench: %s: booting (firmware, kernel) ...", test);
}

void progress_iteration_done(void)
{
	progress.iteration++;
	progress.pass1_at = 0;
}

/*
 * The guest says "<test> pass i/n" as each pass starts: passes so far
 * give the time of one, and what is left of this iteration and the
 * next ones follows.
 */
void progress_pass(const char *msg)
{
	unsigned int i, n;
	char test[64];
	double per, left, now = util_now();

	if (sscanf(msg, "%63s pass %u/%u", test, &i, &n) != 3 || !n) {
		progress_line("bootbench:   %s\n", msg);
		return;
	}
	if (!progress.tty) {
		progress_line("bootbench:   %s\n", msg);
		return;
	}
	if (i == 1 || !progress.pass1_at) {
		progress.pass1_at = now;
		progress_status("bootbench: %s: iteration %u/%u, pass %u/%u",
				test, progress.iteration, progress.iterations,
				i, n);
		return;
	}
	per = (now - progress.pass1_at) / (i - 1);
	left = per * (n - i + 1) +
	       per * n * (progress.iterations - progress.iteration);
	progress_status(
		"bootbench: %s: iteration %u/%u, pass %u/%u, about %.0f s left",
		test, progress.iteration, progress.iterations, i, n, left);
}
