// SPDX-License-Identifier: GPL-2.0
/*
 * The image UnixBench's "Execl Throughput" re-executes: a program of
 * its own, so that one loop is what the original's loop is (the kernel
 * maps and starts a small static program, which parses its argv, reads
 * the time and execs itself again) and not the start of our harness.
 * The harness (benchmarks/execl.c) starts the first image with the
 * duration and reads the last image's report on the stdout it gave it.
 *
 * argv: DURATION                   the first image
 *       0 DURATION COUNT START     every following one
 *
 * Every image counts one loop; the one that finds DURATION wall-clock
 * seconds gone since START prints "COUNT|n|1|lps" and exits.
 *
 * The original's binary is deliberately not tiny: mapping the image is
 * part of what exec costs, so it carries code that never runs and an
 * 8 KiB .bss array. So does this one: the array, and a block of text
 * that never runs which brings our text to the original's (53 KB built
 * with musl-gcc -static -O2; ours is 21 KB without it): a text page
 * fault maps the file's pages around it, so the size of the text is
 * part of each loop's cost. The binary stays no larger than the
 * original's 83904 bytes (tests/execl.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

char execl_image_bss[8 * 1024];

/*
 * 31 KiB of text that never runs (int3 if it did); the dynamic build
 * (exec_link=dynamic) says 8 KiB, which brings its text to that of the
 * original built by UnixBench's Makefile with gcc and glibc (11 KB).
 */
#ifndef EXECL_IMAGE_PAD
#define EXECL_IMAGE_PAD 31744
#endif
#define EXECL_STR(x) #x
#define EXECL_XSTR(x) EXECL_STR(x)
__asm__(".pushsection .text\n\t.skip " EXECL_XSTR(
	EXECL_IMAGE_PAD) ", 0xcc\n\t.popsection");

int main(int argc, char **argv)
{
	char count_str[24], start_str[24];
	unsigned long count = 0;
	time_t start, now;
	const char *dur_str;
	int duration;

	if (argc < 2) {
		fprintf(stderr, "execl-image: usage: execl-image DURATION\n");
		return 1;
	}
	dur_str = argv[1];
	duration = atoi(dur_str);
	if (duration > 0) {
		time(&start);
	} else {
		if (argc < 5) {
			fprintf(stderr,
				"execl-image: usage: execl-image 0 DURATION COUNT START\n");
			return 1;
		}
		dur_str = argv[2];
		duration = atoi(dur_str);
		count = strtoul(argv[3], NULL, 10);
		start = (time_t)strtoll(argv[4], NULL, 10);
	}
	snprintf(count_str, sizeof(count_str), "%lu", ++count);
	snprintf(start_str, sizeof(start_str), "%lld", (long long)start);
	time(&now);
	if (now - start >= duration) {
		printf("COUNT|%lu|1|lps\n", count);
		return 0;
	}
	execl(argv[0], argv[0], "0", dur_str, count_str, start_str,
	      (char *)NULL);
	perror("execl-image: execl");
	return 1;
}
