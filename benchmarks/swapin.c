// SPDX-License-Identifier: GPL-2.0
/*
 * swapin, written from LKP's swapin job as its setup and run describe it
 * (and the mails that reproduced it by hand), not from its code. Not in
 * Debian.
 *
 * LKP's job: nr_task processes each write their share (size / nr_task)
 * of anonymous memory, then wait; another process writes MemTotal bytes
 * (twice) so that the waiting processes' pages go out to swap, on the
 * job's disk; then the waiting processes are woken together and each
 * reads its memory back, every word, and frees it. Each says its
 * bytes / microseconds = KB/s of the read (KB: 1024 bytes) and the
 * microseconds it took to free the memory. LKP's metrics, from those:
 *
 *   swapin.throughput   the tasks' KB/s summed
 *   swapin.median       the median task's KB/s
 *   swapin.stddev%      the tasks' KB/s spread (stddev / mean, %)
 *   swapin.free_time    the time a task takes to free its memory: the
 *                       tasks' mean, in seconds (our reading of LKP's
 *                       unit: a mail's 0.01 to 0.09 against the 20 to 40
 *                       ms a hand run printed)
 *
 * Here: the swap is the job's raw disk (DISK= without FS=; the init
 * names it in BOOTBENCH_DISK), given a swap signature by this program
 * (the kernel's documented header: version 1, the last page, no bad
 * pages, "SWAPSPACE2" at the end of the first page) and swapon(2)ed for
 * the run, swapoff(2)ed after. The pushing process stops early when the
 * tasks have nothing left in memory (their RssAnon below 1/64 of what they
 * wrote) rather than always writing MemTotal twice: the same pages end
 * on swap, with less guest time spent writing. Every task checks its
 * pages: each one read back holds the pattern written.
 *
 * Without BOOTBENCH_DISK (a native run on a host) there is no swap to
 * make: the phases run and are measured without the push, said on
 * stderr; the host refuses a guest job without a raw disk.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "params.h"
#include "shared/util.h"

/* The swap header's fields, after the first 1 KiB (boot sectors). */
#define SWAPIN_HDR_OFF 1024
#define SWAPIN_MAGIC "SWAPSPACE2"
#define SWAPIN_MAGIC_LEN 10
/* The push checks the tasks every this many bytes it writes. */
#define SWAPIN_PUSH_STEP (4UL << 20)

/* What one task tells the parent. */
struct swapin_slot {
	double read_secs, free_secs;
	size_t bytes;
	pid_t pid;
	int failed;
};

static size_t swapin_page;

/* A kB value of /proc/meminfo (@key with its colon), 0 when absent. */
static unsigned long long swapin_meminfo_kb(const char *key)
{
	FILE *f = fopen("/proc/meminfo", "re");
	unsigned long long kb = 0;
	char line[128];
	size_t n = strlen(key);

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n)) {
			kb = strtoull(line + n, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return kb;
}

/* A process's anonymous memory in kB (RssAnon), 0 when it is gone. */
static unsigned long long swapin_anon_kb(pid_t pid)
{
	char path[64], line[128];
	unsigned long long kb = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "RssAnon:", 8)) {
			kb = strtoull(line + 8, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return kb;
}

static void swapin_put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

/*
 * The swap signature on @dev (mkswap's work): version 1, its last
 * usable page, no bad pages, a label; the magic ends the first page.
 * *bytes: the device's size.
 */
static int swapin_signature_write(const char *dev, unsigned long long *bytes)
{
	unsigned char *hdr = calloc(1, swapin_page);
	unsigned long long pages;
	int fd, err = 0;
	off_t off;

	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0 || !hdr) {
		err = fd < 0 ? -errno : -ENOMEM;
		goto out;
	}
	/* A block device's end is its size (musl has no linux/fs.h). */
	off = lseek(fd, 0, SEEK_END);
	if (off < 0) {
		err = -errno;
		goto out;
	}
	*bytes = off;
	pages = *bytes / swapin_page;
	/* The header page and at least one page of swap. */
	if (pages < 2 || pages - 1 > UINT32_MAX) {
		err = -ENOSPC;
		goto out;
	}
	swapin_put32(hdr + SWAPIN_HDR_OFF, 1);
	swapin_put32(hdr + SWAPIN_HDR_OFF + 4, (uint32_t)(pages - 1));
	swapin_put32(hdr + SWAPIN_HDR_OFF + 8, 0);
	/* After the uuid's 16 bytes: the volume label's 16. */
	memcpy(hdr + SWAPIN_HDR_OFF + 12 + 16, "bootbench", 9);
	memcpy(hdr + swapin_page - SWAPIN_MAGIC_LEN, SWAPIN_MAGIC,
	       SWAPIN_MAGIC_LEN);
	if (pwrite(fd, hdr, swapin_page, 0) != (ssize_t)swapin_page ||
	    fsync(fd))
		err = errno ? -errno : -EIO;
out:
	if (fd >= 0)
		close(fd);
	free(hdr);
	return err;
}

/* The raw disk made swap and turned on; said when it cannot be. */
static int swapin_swap_on(const char *dev, unsigned long long *swap)
{
	unsigned long long bytes = 0;
	int err;

	/* A run killed before its swapoff left it on: start afresh. */
	swapoff(dev);
	err = swapin_signature_write(dev, &bytes);
	if (err) {
		fprintf(stderr, "swapin: cannot make %s swap: %s\n", dev,
			strerror(-err));
		return err;
	}
	if (swapon(dev, 0)) {
		err = -errno;
		fprintf(stderr, "swapin: swapon %s: %s%s\n", dev,
			strerror(errno),
			errno == ENOSYS ?
				": the kernel needs CONFIG_SWAP (kconfigs/disk.config)" :
				"");
		return err;
	}
	printf("progress swapin: swap on %s, %llu MiB\n", dev, bytes >> 20);
	*swap = bytes;
	return 0;
}

/*
 * One task: its share written (every word, its index ^ the task's
 * tag), then it waits on @go; woken, it reads every word back and checks
 * one a page, then frees the memory; its slot says the times.
 */
static void swapin_task(struct swapin_slot *slot, size_t size, unsigned int id,
			int ready, int go)
{
	size_t *p, n = size / sizeof(size_t), i, tag = (size_t)id << 40;
	volatile size_t sink = 0;
	double t0;
	char c;

	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		slot->failed = 1;
		(void)!write(ready, "x", 1);
		return;
	}
	for (i = 0; i < n; i++)
		p[i] = i ^ tag;
	(void)!write(ready, "r", 1);
	/* The parent closes @go's other end: all tasks wake at once. */
	while (read(go, &c, 1) < 0 && errno == EINTR)
		;
	t0 = util_now();
	for (i = 0; i < n; i++)
		sink += p[i];
	slot->read_secs = util_now() - t0;
	for (i = 0; i < n; i += swapin_page / sizeof(size_t))
		if (p[i] != (i ^ tag))
			slot->failed = 1;
	(void)sink;
	t0 = util_now();
	munmap(p, size);
	slot->free_secs = util_now() - t0;
	slot->bytes = size;
}

/* Whether the tasks' pages are out: their RssAnon below 1/64 of @size. */
static int swapin_tasks_out(const struct swapin_slot *s, unsigned int n,
			    size_t size)
{
	unsigned long long kb = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		kb += swapin_anon_kb(s[i].pid);
	return kb * 1024 < (unsigned long long)size * n / 64;
}

/*
 * LKP's push: a process writes MemTotal bytes, twice, so that what the
 * tasks wrote goes to swap; here each pass stops once the tasks are out
 * (swapin_tasks_out). A child, so that an OOM kill takes it, not us.
 * *pushed: the bytes it wrote.
 */
static int swapin_push(const struct swapin_slot *s, unsigned int n, size_t size,
		       unsigned long long *pushed)
{
	unsigned long long total = swapin_meminfo_kb("MemTotal:") << 10;
	unsigned long long *shared;
	int status, err = 0;
	pid_t pid;

	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return -errno;
	*shared = 0;
	pid = fork();
	if (pid < 0) {
		err = -errno;
		goto out;
	}
	if (pid == 0) {
		int pass, out = 0;

		for (pass = 0; pass < 2 && !out; pass++) {
			char *m = mmap(NULL, total, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS |
					       MAP_NORESERVE,
				       -1, 0);
			size_t off;

			if (m == MAP_FAILED)
				_exit(1);
			for (off = 0; off < total && !out; off += swapin_page) {
				m[off] = 1;
				*shared += swapin_page;
				if (!(off % SWAPIN_PUSH_STEP))
					out = swapin_tasks_out(s, n, size);
			}
			munmap(m, total);
		}
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0)
		err = -errno;
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		err = -ENOMEM;
	*pushed = *shared;
out:
	munmap(shared, sizeof(*shared));
	return err;
}

/* The push, and what it did on the progress line (the swap in use). */
static int swapin_push_said(const struct swapin_slot *s, unsigned int n,
			    size_t size)
{
	unsigned long long pushed = 0;
	double t0 = util_now();
	int err = swapin_push(s, n, size, &pushed);

	printf("progress swapin: pushed %llu MiB in %.1f s, swap used %llu MiB\n",
	       pushed >> 20, util_now() - t0,
	       (swapin_meminfo_kb("SwapTotal:") -
		swapin_meminfo_kb("SwapFree:")) >>
		       10);
	if (err)
		fprintf(stderr, "swapin: the push failed: %s\n",
			strerror(-err));
	return err;
}

static int swapin_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int swapin_report(const struct swapin_slot *s, unsigned int n)
{
	double *kbs = calloc(n, sizeof(*kbs)), sum = 0, mean, var = 0,
	       free_sum = 0;
	unsigned int i;

	if (!kbs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (s[i].failed || s[i].read_secs <= 0) {
			fprintf(stderr,
				"swapin: task %u failed (its pages did not read back, or it could not map them)\n",
				i);
			free(kbs);
			return -EIO;
		}
		kbs[i] = s[i].bytes / 1024.0 / s[i].read_secs;
		sum += kbs[i];
		free_sum += s[i].free_secs;
		printf("swapin: task %u: %zu bytes / %.0f usecs = %.0f KB/s, %.0f usecs to free memory\n",
		       i, s[i].bytes, s[i].read_secs * 1e6, kbs[i],
		       s[i].free_secs * 1e6);
	}
	mean = sum / n;
	for (i = 0; i < n; i++)
		var += (kbs[i] - mean) * (kbs[i] - mean);
	qsort(kbs, n, sizeof(*kbs), swapin_cmp);
	harness_metric("swapin.throughput", sum);
	harness_metric("swapin.median", kbs[n / 2]);
	harness_metric("swapin.stddev%",
		       mean > 0 ? 100 * sqrt(var / n) / mean : 0);
	harness_metric("swapin.free_time", free_sum / n);
	free(kbs);
	return 0;
}

/* The tasks started, each written; -errno when one could not start. */
static int swapin_tasks_start(struct swapin_slot *s, unsigned int n,
			      size_t each, int ready[2], int go[2])
{
	unsigned int i, got = 0;
	char c;

	for (i = 0; i < n; i++) {
		/* The slots are shared: only the parent writes the pid. */
		pid_t pid = fork();

		if (pid < 0)
			return -errno;
		if (pid == 0) {
			close(ready[0]);
			close(go[1]);
			swapin_task(&s[i], each, i, ready[1], go[0]);
			_exit(0);
		}
		s[i].pid = pid;
	}
	close(ready[1]);
	close(go[0]);
	ready[1] = go[0] = -1;
	/* Every task has written its share before the push. */
	while (got < n && read(ready[0], &c, 1) == 1)
		got++;
	return got == n ? 0 : -EIO;
}

/*
 * The tasks' bytes that the swap can hold beside what the push puts
 * there (MemTotal at most): more would end in the OOM killer. Said.
 */
static void swapin_size_fit(unsigned long long *size, unsigned long long swap)
{
	unsigned long long mem = swapin_meminfo_kb("MemTotal:") << 10;
	unsigned long long room = swap > 2 * mem ? swap - mem : swap / 2;

	if (*size <= room)
		return;
	printf("progress swapin: scaled: swapin_size %llu MiB instead of %llu MiB: the swap's %llu MiB less room for the push (MemTotal %llu MiB; half the swap at least)\n",
	       room >> 20, *size >> 20, swap >> 20, mem >> 20);
	*size = room;
}

/*
 * The swap on the raw disk, the tasks' size cut to what it holds; none
 * in a native run (no disk), where the read-back is from memory: said.
 */
static int swapin_swap_setup(const char *dev, unsigned long long *size,
			     int *swap)
{
	unsigned long long swap_bytes = 0;
	int err;

	if (!dev || !dev[0]) {
		fprintf(stderr,
			"swapin: no raw disk (BOOTBENCH_DISK): no swap, no push; the read-back is from memory (a native run)\n");
		return 0;
	}
	err = swapin_swap_on(dev, &swap_bytes);
	if (err)
		return err;
	swapin_size_fit(size, swap_bytes);
	*swap = 1;
	return 0;
}

/*
 * The tasks write their share, the push sends it out to @swap (when
 * there is one), then the tasks are woken to read it back and reaped:
 * their times reported.
 */
static int swapin_tasks_run(struct swapin_slot *s, unsigned int n, size_t each,
			    int ready[2], int go[2], int swap)
{
	double t0 = util_now();
	int err;

	err = swapin_tasks_start(s, n, each, ready, go);
	printf("progress swapin: %u task(s) x %zu MiB written in %.1f s, MemTotal %llu MiB\n",
	       n, each >> 20, util_now() - t0,
	       swapin_meminfo_kb("MemTotal:") >> 10);
	if (!err && swap)
		err = swapin_push_said(s, n, each);
	/* Wake the tasks (or, on failure, let them end). */
	close(go[1]);
	go[1] = -1;
	while (wait(NULL) > 0)
		;
	return err ? err : swapin_report(s, n);
}

static void swapin_pipes_close(int ready[2], int go[2])
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		if (ready[i] >= 0)
			close(ready[i]);
		if (go[i] >= 0)
			close(go[i]);
	}
}

static int swapin_run(int argc, char **argv)
{
	const char *size_s = "64M", *dev = getenv("BOOTBENCH_DISK");
	unsigned int n = 1;
	const struct harness_param params[] = {
		{ "nr_task", &n, NULL },
		{ "swapin_size", NULL, &size_s },
	};
	struct swapin_slot *s = MAP_FAILED;
	int ready[2] = { -1, -1 }, go[2] = { -1, -1 }, err, swap = 0;
	unsigned long long size;
	size_t each;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    param_size_parse(size_s, &size))
		return 2;
	swapin_page = sysconf(_SC_PAGESIZE);
	if (swapin_swap_setup(dev, &size, &swap))
		return 1;
	each = size / n / swapin_page * swapin_page;
	if (!each) {
		fprintf(stderr,
			"swapin: %s over %u tasks is under a page each\n",
			size_s, n);
		err = -EINVAL;
		goto out;
	}
	s = mmap(NULL, sizeof(*s) * n, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	err = s == MAP_FAILED || pipe2(ready, O_CLOEXEC) ||
			      pipe2(go, O_CLOEXEC) ?
		      -errno :
		      0;
	if (!err)
		err = swapin_tasks_run(s, n, each, ready, go, swap);
out:
	swapin_pipes_close(ready, go);
	if (s != MAP_FAILED)
		munmap(s, sizeof(*s) * n);
	if (swap && swapoff(dev))
		fprintf(stderr, "swapin: swapoff %s: %s\n", dev,
			strerror(errno));
	return err ? 1 : 0;
}

const struct bench bench = {
	.name = "swapin",
	.title = "swapin (anonymous memory read back from swap)",
	.run = swapin_run,
};
