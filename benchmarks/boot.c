// SPDX-License-Identifier: GPL-2.0
/*
 * A boot-only job: runs nothing, and reports how long the guest had
 * been up when its first job started (kernel, init, module loading),
 * for CI that only asks "does it boot, and how fast" and for
 * `make bench-boot`. job.json's "boot" has the host's side.
 */
#include <stdio.h>

#include "harness.h"

static int boot_run(int argc, char **argv)
{
	double up;
	FILE *f;
	int n;

	if (harness_params_parse(argc, argv, NULL, 0))
		return 2;
	f = fopen("/proc/uptime", "r");
	if (!f) {
		perror("/proc/uptime");
		return 1;
	}
	n = fscanf(f, "%lf", &up);
	fclose(f);
	if (n != 1) {
		fprintf(stderr, "boot: /proc/uptime holds no number\n");
		return 1;
	}
	harness_metric("boot.uptime_s", up);
	return 0;
}

const struct bench bench = {
	.name = "boot",
	.title = "boot only",
	.run = boot_run,
};
