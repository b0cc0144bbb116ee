// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "Execl Throughput": a process re-executes its own binary
 * and carries its loop state (duration, count so far, start time) in
 * argv. Every new image counts one loop; when the wall-clock seconds
 * since the start reach the duration the last image reports the count.
 *
 * The original's binary is deliberately not tiny (it includes a few
 * hundred lines of unrelated code and an 8 KiB .bss array) because
 * mapping the image is part of what exec costs. The harness linked in
 * here is a comparable amount of code; the array is kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

char execl_bss[8 * 1024];

/*
 * argv: --copy DURATION               first image
 *       --copy 0 DURATION COUNT START  every following image
 */
static int execl_copy_main(int argc, char **argv)
{
	char count_str[24], start_str[24];
	unsigned long count = 0;
	const char *dur_str;
	time_t start, now;
	int duration;

	execl_bss[0] = 1;
	if (argc < 2)
		return 2;
	duration = atoi(argv[1]);
	if (duration > 0) {
		dur_str = argv[1];
		start = time(NULL);
	} else {
		if (argc < 5)
			return 2;
		dur_str = argv[2];
		duration = atoi(argv[2]);
		count = strtoul(argv[3], NULL, 10);
		start = (time_t)strtoll(argv[4], NULL, 10);
	}
	count++;
	now = time(NULL);
	if (now - start >= duration) {
		harness_count_report(count, 1, "lps");
		return 0;
	}
	snprintf(count_str, sizeof(count_str), "%lu", count);
	snprintf(start_str, sizeof(start_str), "%lld", (long long)start);
	execl(harness_self(), harness_self(), "--copy", "0", dur_str, count_str,
	      start_str, (char *)NULL);
	perror("execl");
	return 1;
}

const struct bench bench = {
	.name = "execl",
	.title = "Execl Throughput",
	.duration = 30,
	.long_test = 0,
	.baseline = 43.0,
	.copy_main = execl_copy_main,
};
