// SPDX-License-Identifier: GPL-2.0
/*
 * cacheline: two workers, one per CPU, each adding to its own counter
 * --loops times, for C2C=1's census (docs/c2c.md) to find or not:
 *   --layout=shared  both counters and the read-only limit they loop to
 *                    on one 64-byte line (false sharing: each writes its
 *                    own offset, both read the limit beside them)
 *   --layout=split   each counter and the limit on a line of its own
 *   --layout=fd      each worker does close(dup(0)) instead: the struct
 *                    file both inherited has one reference count (the
 *                    f_count case, UnixBench syscall's pre-2023 loop)
 *   --layout=fdown   the same on a file each worker opened itself (one
 *                    struct file each, as UnixBench's loop since 2023)
 * The workers are processes sharing an anonymous mapping, so the lines
 * are the same physical memory on both CPUs.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "shared/util.h"

#define CACHELINE_WORKERS 2

struct cacheline_slots {
	volatile uint64_t *count[CACHELINE_WORKERS];
	volatile uint64_t *limit;
};

/* Offsets in the page: shared puts all three on line 0. */
static void cacheline_slots_get(char *page, int split,
				struct cacheline_slots *s)
{
	s->count[0] = (volatile uint64_t *)page;
	s->count[1] = (volatile uint64_t *)(page + (split ? 64 : 8));
	s->limit = (volatile uint64_t *)(page + (split ? 128 : 32));
}

static void cacheline_pin(unsigned int i)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(n > 0 ? i % n : 0, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* fd: the file whose struct file the loop takes and drops; -1: none. */
static void cacheline_work(const struct cacheline_slots *s, unsigned int i,
			   int fd)
{
	if (fd >= 0) {
		for (uint64_t n = 0; n < *s->limit; n++)
			close(dup(fd));
		return;
	}
	while (__atomic_fetch_add(s->count[i], 1, __ATOMIC_RELAXED) + 1 <
	       *s->limit)
		;
}

static int cacheline_fd(const char *layout)
{
	if (!strcmp(layout, "fd"))
		return 0;
	if (!strcmp(layout, "fdown"))
		return open("/dev/null", O_RDONLY);
	return -1;
}

static int cacheline_run(int argc, char **argv)
{
	unsigned int loops = 1000000, i, failed = 0;
	const char *layout = "shared";
	const struct harness_param params[] = {
		{ "loops", &loops, NULL },
		{ "layout", NULL, &layout },
	};
	pid_t pid[CACHELINE_WORKERS];
	struct cacheline_slots s;
	double t0, t;
	char *page;
	int status;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		perror("cacheline: mmap");
		return 1;
	}
	cacheline_slots_get(page, !strcmp(layout, "split"), &s);
	*s.limit = loops;
	t0 = util_now();
	for (i = 0; i < CACHELINE_WORKERS; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			cacheline_pin(i);
			cacheline_work(&s, i, cacheline_fd(layout));
			_exit(0);
		}
		if (pid[i] < 0) {
			perror("cacheline: fork");
			return 1;
		}
	}
	for (i = 0; i < CACHELINE_WORKERS; i++)
		if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failed = 1;
	t = util_now() - t0;
	if (failed) {
		fprintf(stderr, "cacheline: a worker failed\n");
		return 1;
	}
	harness_metric("cacheline.ops", (double)loops * CACHELINE_WORKERS);
	harness_metric("cacheline.ops_per_sec",
		       t > 0 ? loops * CACHELINE_WORKERS / t : 0);
	return 0;
}

const struct bench bench = {
	.name = "cacheline",
	.title = "two workers, counters on one or two cache lines",
	.run = cacheline_run,
};
