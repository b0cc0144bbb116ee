// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench's wake_me(): the alarm that ends a copy's loop. Apart from
 * harness.c, so that the small programs a benchmark runs beside it
 * (spawn-image) link it without the harness.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "harness.h"

volatile sig_atomic_t harness_stop;

static void harness_alarm_fire(int sig)
{
	(void)sig;
	harness_stop = 1;
}

int harness_alarm_arm(unsigned int seconds)
{
	struct sigaction sa = { .sa_handler = harness_alarm_fire };
	struct itimerval it = { .it_value.tv_sec = seconds };

	/* No SA_RESTART: a blocked read or write returns EINTR at the alarm. */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	harness_stop = 0;
	/*
	 * alarm() cannot report failure, and a kernel without interval
	 * timers (tinyconfig) would leave the loop counting for ever.
	 */
	if (setitimer(ITIMER_REAL, &it, NULL)) {
		int err = errno;

		fprintf(stderr,
			"alarm: setitimer: %s: the kernel needs CONFIG_POSIX_TIMERS=y\n",
			strerror(err));
		return -err;
	}
	return 0;
}
