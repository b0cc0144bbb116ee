// SPDX-License-Identifier: GPL-2.0
/*
 * vm-scalability's most reported cases, written from the suite's case
 * descriptions and its usemem tool's documented options, not from their
 * code (not in Debian). Each case runs nr_task tasks (processes; the
 * -mt cases threads) for runtime seconds at most; each task works a
 * region of its share of the case's size, scaled to this guest: the
 * cases' fractions of MemTotal, said in the run's progress line (and
 * kept in its log).
 *
 *   anon-w-seq, anon-w-rand     anonymous memory written a page at a
 *                               time, in order or at random pages
 *   anon-r-seq, anon-r-rand     the same read (the zero page)
 *   anon-cow-seq, anon-cow-rand written by a parent, then written again
 *                               by each forked child (copy on write)
 *   lru-file-readonce           a sparse file of the size read through,
 *                               4 KiB a read (the case's dd bs=4k)
 *   lru-file-mmap-read          the same mapped and read
 *   lru-shm                     a sparse tmpfs (/dev/shm) file each,
 *                               mapped and read (tmpfs gives it pages)
 *   shm-pread-seq, -rand        one sparse tmpfs file, all of it mapped
 *                               and read by every task
 *   mmap-xread-seq-mt           one file, threads mapping and reading
 *                               a slice each
 *   lru-file-readtwice          two readers of each file at once (the
 *                               case's two dd's: the second touch
 *                               moves a page to the active list)
 *   lru-file-mmap-read-rand     the mapped file's pages at random
 *   lru-shm-rand                the tmpfs files' pages at random
 *   msync                       a file in TMPDIR mapped shared,
 *                               written, then msync()ed each pass
 *   -mt                         anon-w/r-seq/rand and msync as
 *                               threads of one process, each its own
 *                               region (one mm: its lock is shared)
 *   -hugetlb                    anon-w and anon-cow on MAP_HUGETLB
 *                               pages; the pool (nr_hugepages) sized
 *                               for the case first, emptied after
 *
 * A pass touches every word of the region, in order or as many words
 * at random, as usemem does (its step is a word); a task passes over a
 * fresh region again and again until the runtime is up, where usemem
 * makes one pass over a region sized to outlast it (the guest is too
 * small for that); its throughput is the bytes it touched over its
 * time. LKP's metrics: vm-scalability.throughput (the sum over
 * tasks, KB/s), .median (the median task's), .stddev% (the tasks'
 * spread), .workload (bytes touched in all). Every task checks its
 * pages: a written region reads back its pattern.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "params.h"
/* VMS_CASES, the table of cases, is in the descriptor. */
#include "shared/descs.h"
#include "shared/util.h"

/* What a case does besides its kind. */
enum vms_flag {
	VMS_MT = 1, /* threads of one process, not processes */
	VMS_HUGETLB = 2, /* MAP_HUGETLB pages */
	VMS_TWICE = 4, /* two readers of each file at once */
	VMS_MSYNC = 8, /* each pass msync()s what it wrote */
};

enum vms_kind {
	VMS_ANON,
	VMS_COW,
	VMS_FILE_READ,
	VMS_FILE_MMAP,
	VMS_SHM,
	VMS_SHM_SHARED,
	VMS_MMAP_MT
};

static const struct vms_case {
	const char *name;
	enum vms_kind kind;
	int write, random;
	unsigned int mem_pct; /* of MemTotal, all tasks together */
	unsigned int flags;
} vms_cases[] = {
#define VMS_CASE_ROW(name, kind, write, random, pct, flags) \
	{ name, kind, write, random, pct, flags },
	VMS_CASES(VMS_CASE_ROW)
#undef VMS_CASE_ROW
};

struct vms_slot {
	double bytes, secs;
	int failed;
};

struct vms_task {
	const struct vms_case *c;
	size_t size; /* this task's region */
	double end;
	unsigned int id;
	int shared_fd; /* the one file of mmap-xread-seq-mt and shm-pread */
	struct vms_slot *slot, *twin; /* twin: readtwice's second reader */
};

static size_t vms_page;

/*
 * A random word of n: as usemem picks one, a 31-bit nrand48() number
 * scaled to n in double precision; the generator's state is the task's.
 */
static size_t vms_rand(unsigned short x[3], size_t n)
{
	return (size_t)((double)n * nrand48(x) / 2147483648.0);
}

/*
 * One word read or written, out of line: usemem's loop calls a function
 * for each word, and its weight per word is part of what the case
 * measures where faults are cheap (a cached file, the zero page).
 */
static __attribute__((noinline)) size_t vms_access(size_t *p, size_t idx,
						   int read, size_t data)
{
	volatile size_t *vp = p;

	if (read)
		return vp[idx];
	vp[idx] = data;
	return 0;
}

/* What one pass checks: one word a page, or the last words written. */
static int vms_check(const size_t *p, size_t n, int write, int random,
		     size_t tag, const size_t last[16])
{
	size_t i;

	for (i = 0; write && random && i < 16 && i < n; i++)
		if (p[last[i]] != (last[i] ^ tag))
			return -EIO;
	for (i = 0; !(write && random) && i < n; i += vms_page / sizeof(*p))
		if (p[i] != (write ? i ^ tag : 0))
			return -EIO;
	return 0;
}

/*
 * One pass as usemem makes it: every word of the region in order, or as
 * many words picked at random (with replacement), each written with its
 * index (^ the task's tag) or read, until the words run out or, checked
 * every 64Ki words, the runtime (end; 0: none) is up. *done: the bytes
 * touched. Then the words done are checked (vms_check): a written word
 * reads back its pattern, an untouched anonymous or sparse page is 0.
 */
static int vms_touch(char *m, size_t size, int write, int random, size_t tag,
		     double end, size_t *done)
{
	size_t *p = (size_t *)m, n = size / sizeof(*p), i, w = 0;
	unsigned short x[3] = { 0x330e, (unsigned short)tag, 0x1234 };
	size_t last[16] = { 0 };
	volatile size_t sink = 0;

	for (i = 0; i < n; i++) {
		w = random ? vms_rand(x, n) : i;
		sink += vms_access(p, w, !write, w ^ tag);
		last[i & 15] = w;
		if (!(i & 0xffff) && end > 0 && i && util_now() > end)
			break;
	}
	*done = i * sizeof(*p);
	(void)sink;
	return vms_check(p, i, write, random, tag, last);
}

/* A task's private anonymous region, of huge pages for -hugetlb. */
static char *vms_anon_map(const struct vms_task *t)
{
	int huge = t->c->flags & VMS_HUGETLB ? MAP_HUGETLB : 0;

	return mmap(NULL, t->size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | huge, -1, 0);
}

static int vms_anon_pass(const struct vms_task *t, size_t *done)
{
	char *m = vms_anon_map(t);
	int err;

	if (m == MAP_FAILED)
		return -errno;
	err = vms_touch(m, t->size, t->c->write, t->c->random, t->id, t->end,
			done);
	munmap(m, t->size);
	return err;
}

/* A child writes the parent's pages: every one a copy on write. */
static int vms_cow_pass(const struct vms_task *t, char *m)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		size_t done;

		_exit(vms_touch(m, t->size, 1, t->c->random, t->id + 1, 0,
				&done) ?
			      1 :
			      0);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -EIO;
}

/* The file of a task: in TMPDIR (a disk's filesystem) or /dev/shm. */
static int vms_file_open(const struct vms_task *t, const char *dir)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/vm-scalability.%u", dir, t->id);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	unlink(path);
	if (ftruncate(fd, t->size)) {
		close(fd);
		return -EIO;
	}
	return fd;
}

/*
 * The file read from start to end as the case's dd bs=4k reads it: a
 * 4 KiB read, then its write to /dev/null (dd's of=). Holes read 0.
 */
static int vms_read_pass(const struct vms_task *t, int fd)
{
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC), err = 0;
	char buf[4096];
	size_t i;
	ssize_t r;

	if (null < 0)
		return -errno;
	for (i = 0; !err && i < t->size; i += r) {
		r = pread(fd, buf, sizeof(buf), i);
		if (r <= 0 || buf[0] || buf[r - 1] || write(null, buf, r) != r)
			err = -EIO;
	}
	close(null);
	return err;
}

/*
 * Mapped for the pass: the task's own file, or the one file of all
 * tasks (mmap-xread-seq-mt: a slice each; shm-pread: all of it each);
 * msync's prefaulted (usemem -F).
 */
static int vms_map_pass(const struct vms_task *t, int fd, size_t *done)
{
	int mt = t->c->kind == VMS_MMAP_MT, err;
	int shared = mt || t->c->kind == VMS_SHM_SHARED;
	int populate = t->c->flags & VMS_MSYNC ? MAP_POPULATE : 0;
	char *m = mmap(NULL, t->size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | populate, shared ? t->shared_fd : fd,
		       mt ? (off_t)t->id * t->size : 0);

	if (m == MAP_FAILED)
		return -errno;
	err = vms_touch(m, t->size, t->c->write, t->c->random, t->id, t->end,
			done);
	if (!err && t->c->flags & VMS_MSYNC && msync(m, t->size, MS_SYNC))
		err = -errno;
	munmap(m, t->size);
	return err;
}

/*
 * One pass of the task's case over its region; *bytes: what it counts,
 * as usemem counts: the words it touched, and an eighth of the region
 * for each region it maps itself (usemem starts its count at bytes / 8
 * when it allocates, not when a region is given: --prealloc, dd).
 */
static int vms_pass(const struct vms_task *t, int fd, char *cow, size_t *bytes)
{
	int alloc = t->c->kind == VMS_ANON || t->c->kind == VMS_SHM ||
		    t->c->kind == VMS_SHM_SHARED ||
		    (t->c->kind == VMS_FILE_MMAP && !(t->c->flags & VMS_MSYNC));
	size_t done = t->size;
	int err;

	/*
	 * The task's own file emptied and made again: the pass meets no
	 * page the last one left in the cache, as the case's one pass over
	 * a file too big for memory meets none (readtwice's second reader
	 * shares the file, so it keeps its pages).
	 */
	if (fd >= 0 && !(t->c->flags & VMS_TWICE) &&
	    (ftruncate(fd, 0) || ftruncate(fd, t->size)))
		return -errno;
	switch (t->c->kind) {
	case VMS_ANON:
		err = vms_anon_pass(t, &done);
		break;
	case VMS_COW:
		err = vms_cow_pass(t, cow);
		break;
	case VMS_FILE_READ:
		err = vms_read_pass(t, fd);
		break;
	default:
		err = vms_map_pass(t, fd, &done);
	}
	*bytes = done + (alloc ? t->size / 8 : 0);
	return err;
}

/* Passes until the runtime is up; at least one. */
static void vms_loop(const struct vms_task *t, struct vms_slot *slot, int fd,
		     char *cow)
{
	double t0 = util_now();
	size_t bytes = 0;
	int err;

	do {
		err = vms_pass(t, fd, cow, &bytes);
		if (!err)
			slot->bytes += bytes;
	} while (!err && util_now() < t->end);
	slot->secs = util_now() - t0;
	slot->failed = err != 0;
}

/*
 * A task: its file or its parent region made, then its passes; for
 * lru-file-readtwice a second reader of the same file beside it, as the
 * case starts two dd's on each file.
 */
static void vms_task_run(struct vms_task *t)
{
	const char *dir = t->c->kind == VMS_SHM ? "/dev/shm" : harness_tmpdir();
	char *cow = NULL;
	int fd = -1, err = 0;

	if (t->c->kind == VMS_FILE_READ || t->c->kind == VMS_FILE_MMAP ||
	    t->c->kind == VMS_SHM) {
		fd = vms_file_open(t, dir);
		if (fd < 0)
			err = fd;
	}
	if (t->c->kind == VMS_COW) {
		cow = vms_anon_map(t);
		size_t done;

		if (cow == MAP_FAILED ||
		    vms_touch(cow, t->size, 1, 0, t->id, 0, &done))
			err = -ENOMEM;
	}
	if (err) {
		t->slot->failed = 1;
		return;
	}
	if (t->twin && !fork()) {
		vms_loop(t, t->twin, fd, cow);
		_exit(0);
	}
	vms_loop(t, t->slot, fd, cow);
	if (t->twin)
		wait(NULL);
	if (fd >= 0)
		close(fd);
}

static void *vms_thread(void *arg)
{
	vms_task_run(arg);
	return NULL;
}

/* nr_task processes, or threads of this one for the -mt cases. */
static int vms_tasks_run(struct vms_task *base, struct vms_slot *slots,
			 unsigned int n)
{
	struct vms_task *t = calloc(n, sizeof(*t));
	pthread_t *th = calloc(n, sizeof(*th));
	unsigned int i;
	int err = 0;

	for (i = 0; t && th && i < n; i++) {
		t[i] = *base;
		t[i].id = i;
		t[i].slot = &slots[i];
		if (base->c->flags & VMS_TWICE)
			t[i].twin = &slots[n + i];
		if (base->c->flags & VMS_MT) {
			if (pthread_create(&th[i], NULL, vms_thread, &t[i]))
				err = -EAGAIN;
		} else if (fork() == 0) {
			vms_task_run(&t[i]);
			_exit(0);
		}
	}
	for (i = 0; base->c->flags & VMS_MT && i < n; i++)
		pthread_join(th[i], NULL);
	while (wait(NULL) > 0)
		;
	free(t);
	free(th);
	return err;
}

static int vms_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int vms_report(const struct vms_slot *s, unsigned int n)
{
	double *kbs = calloc(n, sizeof(*kbs)), sum = 0, bytes = 0, mean,
	       var = 0;
	unsigned int i;
	int err = 0;

	for (i = 0; kbs && i < n; i++) {
		if (s[i].failed || s[i].secs <= 0 || s[i].bytes <= 0) {
			fprintf(stderr,
				"vm-scalability: task %u failed (its pages did not read back, or it could not map them)\n",
				i);
			err = -EIO;
		}
		kbs[i] = s[i].secs > 0 ? s[i].bytes / 1024 / s[i].secs : 0;
		sum += kbs[i];
		bytes += s[i].bytes;
	}
	if (!kbs || err) {
		free(kbs);
		return -EIO;
	}
	mean = sum / n;
	for (i = 0; i < n; i++)
		var += (kbs[i] - mean) * (kbs[i] - mean);
	qsort(kbs, n, sizeof(*kbs), vms_cmp);
	harness_metric("vm-scalability.throughput", sum);
	harness_metric("vm-scalability.median", kbs[n / 2]);
	harness_metric("vm-scalability.stddev%",
		       mean > 0 ? 100 * sqrt(var / n) / mean : 0);
	harness_metric("vm-scalability.workload", bytes);
	free(kbs);
	return 0;
}

static const struct vms_case *vms_case_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(vms_cases); i++)
		if (!strcmp(vms_cases[i].name, name))
			return &vms_cases[i];
	return NULL;
}

/*
 * The one file of all tasks: mmap-xread-seq-mt's threads map a slice
 * each of a file in TMPDIR, shm-pread's processes all of a tmpfs one.
 */
static int vms_shared_open(struct vms_task *t, unsigned int n)
{
	struct vms_task whole = *t;
	int mt = t->c->kind == VMS_MMAP_MT;

	whole.size = mt ? t->size * n : t->size;
	whole.id = n;
	t->shared_fd =
		vms_file_open(&whole, mt ? harness_tmpdir() : "/dev/shm");
	return t->shared_fd < 0 ? t->shared_fd : 0;
}

/* The huge page size, from /proc/meminfo's Hugepagesize: 0 if none. */
static size_t vms_hugepage_size(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	unsigned long kb = 0;
	char line[128];

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "Hugepagesize: %lu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return (size_t)kb << 10;
}

/* Sets the huge page pool to n pages; 0 when the kernel gave them all. */
static int vms_hugepages_set(unsigned long n)
{
	const char *path = "/proc/sys/vm/nr_hugepages";
	unsigned long got = 0;
	FILE *f = fopen(path, "we");

	if (!f)
		return -errno;
	fprintf(f, "%lu\n", n);
	if (fclose(f))
		return -errno;
	f = fopen(path, "re");
	if (!f || fscanf(f, "%lu", &got) != 1)
		got = 0;
	if (f)
		fclose(f);
	return got >= n ? 0 : -ENOMEM;
}

/*
 * -hugetlb: each task's region a whole number of huge pages, and the
 * pool made for all of them (twice for the cow cases: the child's
 * copies) before the tasks start, as the suite's cases size it first.
 */
static int vms_hugetlb_setup(struct vms_task *t, unsigned int tasks)
{
	size_t huge = vms_hugepage_size();
	unsigned long pages;
	int err;

	if (!huge) {
		fprintf(stderr,
			"vm-scalability: %s needs hugetlb pages and this kernel has none: boot one with CONFIG_HUGETLBFS\n",
			t->c->name);
		return -ENOTSUP;
	}
	t->size = t->size / huge * huge;
	pages = (unsigned long)(t->size / huge) * tasks *
		(t->c->kind == VMS_COW ? 2 : 1);
	err = t->size ? vms_hugepages_set(pages) : -ENOMEM;
	if (err)
		fprintf(stderr,
			"vm-scalability: %s: the kernel did not give %lu huge pages of %zu KiB: give more MEM or a smaller VM_SIZE\n",
			t->c->name, pages, huge >> 10);
	return err;
}

static int vms_run(int argc, char **argv)
{
	const char *name = "anon-w-seq", *vm_size = NULL;
	unsigned int tasks = 0, runtime = 300;
	const struct harness_param params[] = {
		{ "vm_test", NULL, &name },
		{ "vm_size", NULL, &vm_size },
		{ "nr_task", &tasks, NULL },
		{ "runtime", &runtime, NULL },
	};
	struct vms_task t = { 0 };
	struct vms_slot *slots;
	unsigned long long mem;
	unsigned int share, nslots;
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    !(t.c = vms_case_find(name)))
		return 2;
	if (!tasks)
		tasks = sysconf(_SC_NPROCESSORS_ONLN);
	vms_page = sysconf(_SC_PAGESIZE);
	mem = (unsigned long long)sysconf(_SC_PHYS_PAGES) * vms_page;
	/* shm-pread's tasks each map all of one file: it is not shared out. */
	share = t.c->kind == VMS_SHM_SHARED ? 1 : tasks;
	nslots = t.c->flags & VMS_TWICE ? 2 * tasks : tasks;
	t.size = mem * t.c->mem_pct / 100 / share / vms_page * vms_page;
	/* VM_SIZE: all tasks' bytes, instead of the case's share. */
	if (vm_size && !param_size_parse(vm_size, &mem))
		t.size = mem / share / vms_page * vms_page;
	if (!t.size) {
		fprintf(stderr,
			"vm-scalability: %u tasks leave none a page of %llu MiB\n",
			tasks, mem >> 20);
		return 2;
	}
	if (t.c->flags & VMS_HUGETLB && vms_hugetlb_setup(&t, tasks))
		return 1;
	t.end = util_now() + runtime;
	printf("progress vm-scalability %s: %u task(s) of %zu KiB (%s), %u s\n",
	       name, tasks, t.size >> 10,
	       vm_size ? "VM_SIZE" : "the case's share of MemTotal", runtime);
	if ((t.c->kind == VMS_MMAP_MT || t.c->kind == VMS_SHM_SHARED) &&
	    (err = vms_shared_open(&t, tasks))) {
		fprintf(stderr, "vm-scalability: the shared file: %s\n",
			strerror(-err));
		return 1;
	}
	slots = mmap(NULL, sizeof(*slots) * nslots, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (slots == MAP_FAILED)
		return 1;
	err = vms_tasks_run(&t, slots, tasks);
	if (t.c->flags & VMS_HUGETLB)
		vms_hugepages_set(0); /* the pool back for the next test */
	if (!err)
		err = vms_report(slots, nslots);
	munmap(slots, sizeof(*slots) * nslots);
	return err ? 1 : 0;
}

const struct bench bench = {
	.name = "vm-scalability",
	.title = "vm-scalability (its cases' workloads)",
	.run = vms_run,
};
