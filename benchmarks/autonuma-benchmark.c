// SPDX-License-Identifier: GPL-2.0
/*
 * Andrea Arcangeli's autonuma-benchmark as LKP runs it (its start_bench.sh
 * with the options LKP's `test:` chooses), written from the programs'
 * documented behaviour, not from their code (not in Debian). Each
 * program runs as a child and is timed from its fork to its reaping, as
 * /usr/bin/time times it; metric autonuma-benchmark.<program>.seconds
 * (lower is better), LKP's parse's names.
 *
 *   numa01    two processes, each its own buffer, half the CPUs as
 *             threads in each; every thread zeroes all of its process's
 *             buffer once, then all of it 50 times more (all threads of
 *             a process on one buffer: it cannot be near all of them)
 *   _THREAD_ALLOC  the same, but after the first zeroing each thread
 *             zeroes only its own slice of the buffer, 1000 times
 *   _NO_BIND_FORCE_SAME_NODE  the first zeroing with the memory bound
 *             to one node (node 0 or 1 by the clock's parity), the rest
 *             unbound: the balancer has to move it
 *   _HARD_BIND  the first process's CPUs and memory bound to the first
 *             half of the nodes, the second's to the second half
 *   _INVERSE_BIND  as _HARD_BIND, but the first process's memory on
 *             the second half (the original swaps only the first
 *             process's node mask: both processes' memory ends up on
 *             the second half, which is what LKP's numbers measure)
 *   numa02    one process, one buffer of a third of numa01's, as many
 *             threads as CPUs (_SMT: half); the main thread zeroes the
 *             buffer a node's part at a time, then each thread zeroes
 *             its own slice 800 times
 *   numa02_HARD_BIND  each node's part zeroed bound to that node and
 *             each thread bound to the node its slice is on
 *   numa02_INVERSE_BIND  the parts as _HARD_BIND, the threads bound to
 *             the nodes in reverse order: each works remote memory
 *
 * The original's buffers are 3 GiB a numa01 process and 1 GiB for
 * numa02, fixed; here numa01's is autonuma_size (default MemTotal/32)
 * and numa02's a third of it, and numa01's passes are autonuma_passes
 * (default the original's 50; _THREAD_ALLOC's and numa02's stay 20 and
 * 16 times as many), so that a TCG guest runs it in minutes: the run's
 * progress line says the sizes. With one NUMA node the binding variants
 * bind everything to it (said): the benchmark means something only with
 * two or more. Binding uses the raw syscalls (musl has no libnuma).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "params.h"
#include "shared/util.h"

#define AN_NODES_MAX 64
#define AN_MPOL_DEFAULT 0
#define AN_MPOL_BIND 2
#define AN_MPOL_F_NODE 1
#define AN_MPOL_F_ADDR 2

enum an_flag {
	AN_02 = 1, /* numa02's shape, else numa01's */
	AN_THREAD_ALLOC = 2,
	AN_SAME_NODE = 4, /* numa01_NO_BIND_FORCE_SAME_NODE */
	AN_HARD_BIND = 8,
	AN_INVERSE_BIND = 16, /* with AN_HARD_BIND */
	AN_SMT = 32,
};

/*
 * The programs in start_bench.sh's order; opt: its option that adds the
 * program (0: always run).
 */
static const struct an_prog {
	const char *name;
	unsigned int flags;
	char opt;
} an_progs[] = {
	{ "numa01", 0, 0 },
	{ "numa01_THREAD_ALLOC", AN_THREAD_ALLOC, 't' },
	{ "numa01_NO_BIND_FORCE_SAME_NODE", AN_SAME_NODE, 'n' },
	{ "numa01_HARD_BIND", AN_HARD_BIND, 'b' },
	{ "numa01_INVERSE_BIND", AN_HARD_BIND | AN_INVERSE_BIND, 'i' },
	{ "numa02", AN_02, 0 },
	{ "numa02_SMT", AN_02 | AN_SMT, 's' },
	{ "numa02_HARD_BIND", AN_02 | AN_HARD_BIND, 'b' },
	{ "numa02_INVERSE_BIND", AN_02 | AN_HARD_BIND | AN_INVERSE_BIND, 'i' },
};

/* LKP's test: and the start_bench.sh options its run script gives. */
static const struct {
	const char *test, *opts;
} an_tests[] = {
	{ "all", "stnbi" },
	{ "numa02_SMT", "s" },
	{ "numa01_THREAD_ALLOC", "t" },
	{ "numa02SMT_numa01THREAD_ALLOC", "st" },
	{ "_HARD_BIND", "b" },
	{ "_INVERSE_BIND", "i" },
};

/* The guest's nodes: their ids and CPUs, as numactl --hardware says. */
struct an_topo {
	unsigned int nodes, cpus;
	int id[AN_NODES_MAX];
	cpu_set_t cpuset[AN_NODES_MAX];
};

static struct an_topo an_topo;
static size_t an_page;

/* One worker: its region, passes over it, and what it binds to. */
struct an_work {
	char *whole, *mine;
	size_t whole_size, mine_size;
	unsigned int passes;
	int same_node; /* the first zeroing bound to one node */
};

static int an_mempolicy(int mode, const unsigned long *mask)
{
	return syscall(SYS_set_mempolicy, mode, mask,
		       mask ? AN_NODES_MAX + 1 : 0) ?
		       -errno :
		       0;
}

/* The node mask and CPUs of nodes [from, to) of the topology. */
static void an_half(unsigned int from, unsigned int to, unsigned long *mask,
		    cpu_set_t *cpus)
{
	unsigned int i, c;

	*mask = 0;
	CPU_ZERO(cpus);
	for (i = from; i < to; i++) {
		*mask |= 1UL << an_topo.id[i];
		for (c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &an_topo.cpuset[i]))
				CPU_SET(c, cpus);
	}
}

/* This thread (and what it creates after) onto @cpus and @mask's memory. */
static int an_bind(const cpu_set_t *cpus, const unsigned long *mask)
{
	if (sched_setaffinity(0, sizeof(*cpus), cpus))
		return -errno;
	return an_mempolicy(AN_MPOL_BIND, mask);
}

static int an_bind_node(unsigned int node)
{
	unsigned long mask;
	cpu_set_t cpus;

	an_half(node, node + 1, &mask, &cpus);
	return an_bind(&cpus, &mask);
}

/* memset, kept: the compiler may not drop a store no one reads. */
static void an_zero(char *p, size_t n)
{
	memset(p, 0, n);
	__asm__ volatile("" : : "r"(p) : "memory");
}

static void *an_worker(void *arg)
{
	const struct an_work *w = arg;
	unsigned int i = an_topo.nodes < 2 ? 0 : time(NULL) & 1;
	/* the first or the second node by the clock, as the original's */
	unsigned long mask = 1UL << an_topo.id[i];

	if (w->same_node && an_mempolicy(AN_MPOL_BIND, &mask))
		return (void *)1;
	if (w->whole)
		an_zero(w->whole, w->whole_size);
	if (w->same_node && an_mempolicy(AN_MPOL_DEFAULT, NULL))
		return (void *)1;
	for (i = 0; i < w->passes; i++)
		an_zero(w->mine, w->mine_size);
	return NULL;
}

/*
 * Threads of this process, one each of @w, each with the affinity and
 * policy the creating thread has when @bind (numa02's per-thread node,
 * -1: none) has set them: a new thread inherits both.
 */
static int an_threads(struct an_work *w, unsigned int n,
		      int (*bind)(unsigned int i, unsigned int n))
{
	pthread_t *th = calloc(n, sizeof(*th));
	unsigned int i, started = 0;
	pthread_attr_t attr;
	void *ret;
	int err = 0;

	if (!th || pthread_attr_init(&attr)) {
		free(th);
		return -ENOMEM;
	}
	pthread_attr_setstacksize(&attr, 256 << 10);
	for (i = 0; i < n && !err; i++) {
		if (bind)
			err = bind(i, n);
		if (!err && pthread_create(&th[i], &attr, an_worker, &w[i]))
			err = -EAGAIN;
		if (!err)
			started++;
	}
	for (i = 0; i < started; i++)
		if (pthread_join(th[i], &ret) || ret)
			err = err ? err : -EIO;
	pthread_attr_destroy(&attr);
	free(th);
	return err;
}

static char *an_map(size_t size)
{
	char *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/*
 * A bound numa01 buffer's first, middle and last pages on the nodes of
 * @mask: the binding did what it says (the balancer may move pages only
 * within it). -EXDEV, said, if not.
 */
static int an_placed(char *buf, size_t size, unsigned long mask)
{
	size_t off[3] = { 0, size / 2 / an_page * an_page, size - an_page };
	int node, i;

	for (i = 0; i < 3; i++) {
		if (syscall(SYS_get_mempolicy, &node, NULL, 0, buf + off[i],
			    AN_MPOL_F_NODE | AN_MPOL_F_ADDR))
			return -errno;
		if (node < 0 || node >= AN_NODES_MAX || !(mask >> node & 1)) {
			fprintf(stderr,
				"autonuma-benchmark: a bound page is on node %d, outside node mask %#lx\n",
				node, mask);
			return -EXDEV;
		}
	}
	return 0;
}

/* One numa01 process: @second says which half of the nodes it is. */
static int an_numa01_proc(const struct an_prog *p, size_t size,
			  unsigned int passes, int second)
{
	unsigned int n = an_topo.cpus / 2 ? an_topo.cpus / 2 : 1, i;
	unsigned int half = an_topo.nodes / 2 ? an_topo.nodes / 2 : 1;
	size_t slice = size / n / an_page * an_page;
	struct an_work *w = calloc(n, sizeof(*w));
	char *buf = an_map(size);
	unsigned long mask, other;
	cpu_set_t cpus, unused;
	int err = 0;

	if (!w || !buf || !slice) {
		err = -ENOMEM;
		goto out;
	}
	if (an_topo.nodes < 2)
		an_half(0, 1, &mask, &cpus);
	else if (second)
		an_half(half, an_topo.nodes, &mask, &cpus);
	else
		an_half(0, half, &mask, &cpus);
	if (an_topo.nodes >= 2)
		an_half(half, an_topo.nodes, &other, &unused);
	else
		other = mask;
	/* the original's inverse swaps the first half's mask only */
	if (p->flags & AN_INVERSE_BIND && !second)
		mask = other;
	if (p->flags & AN_HARD_BIND)
		err = an_bind(&cpus, &mask);
	for (i = 0; i < n && !err; i++) {
		w[i].whole = buf;
		w[i].whole_size = size;
		w[i].same_node = !!(p->flags & AN_SAME_NODE);
		if (p->flags & AN_THREAD_ALLOC) {
			w[i].mine = buf + slice * i;
			w[i].mine_size = slice;
			w[i].passes = passes * 20;
		} else {
			w[i].mine = buf;
			w[i].mine_size = size;
			w[i].passes = passes;
		}
	}
	if (!err)
		err = an_threads(w, n, NULL);
	if (!err && p->flags & AN_HARD_BIND)
		err = an_placed(buf, size, mask);
out:
	if (buf)
		munmap(buf, size);
	free(w);
	return err;
}

static int an_numa01(const struct an_prog *p, size_t size, unsigned int passes)
{
	int status, err;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (!pid)
		_exit(an_numa01_proc(p, size, passes, 0) ? 1 : 0);
	err = an_numa01_proc(p, size, passes, 1);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		err = err ? err : -EIO;
	return err;
}

static int an_inverse;

/* numa02's thread @i of @n: bound to the node its slice is on, or not. */
static int an_numa02_bind(unsigned int i, unsigned int n)
{
	unsigned int per = n / an_topo.nodes ? n / an_topo.nodes : 1;
	unsigned int node = (an_inverse ? n - 1 - i : i) / per;

	return an_bind_node(node < an_topo.nodes ? node : an_topo.nodes - 1);
}

static int an_numa02(const struct an_prog *p, size_t size, unsigned int passes)
{
	unsigned int n = an_topo.cpus, i, hard = p->flags & AN_HARD_BIND;
	struct an_work *w;
	size_t slice, part;
	char *buf;
	int err = 0;

	if (p->flags & AN_SMT)
		n = n / 2 ? n / 2 : 1;
	slice = size / n / an_page * an_page;
	part = size / an_topo.nodes / an_page * an_page;
	w = calloc(n, sizeof(*w));
	buf = an_map(size);
	if (!w || !buf || !slice || !part) {
		err = -ENOMEM;
		goto out;
	}
	/* each node's part zeroed first, bound to that node for _BIND */
	for (i = 0; i < an_topo.nodes && !err; i++) {
		if (hard)
			err = an_bind_node(i);
		if (!err)
			an_zero(buf + part * i, part);
	}
	for (i = 0; i < n; i++) {
		w[i].mine = buf + slice * i;
		w[i].mine_size = slice;
		w[i].passes = passes * 16;
	}
	an_inverse = !!(p->flags & AN_INVERSE_BIND);
	if (!err)
		err = an_threads(w, n, hard ? an_numa02_bind : NULL);
out:
	if (buf)
		munmap(buf, size);
	free(w);
	return err;
}

/* A CPU list of sysfs ("0-3,8") into @set; 0 or -EINVAL. */
static int an_cpulist(const char *s, cpu_set_t *set)
{
	unsigned long a, b;
	char *end;

	CPU_ZERO(set);
	while (*s && *s != '\n') {
		a = strtoul(s, &end, 10);
		if (end == s)
			return -EINVAL;
		b = a;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		for (; a <= b && a < CPU_SETSIZE; a++)
			CPU_SET(a, set);
		s = *end == ',' ? end + 1 : end;
	}
	return 0;
}

static int an_id_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/*
 * The nodes with CPUs, from sysfs; a kernel without NUMA (or no sysfs):
 * one node 0 of the CPUs this process may run on.
 */
static int an_topo_read(void)
{
	DIR *d = opendir("/sys/devices/system/node");
	struct dirent *e;
	char path[96], line[4096];
	unsigned int i;
	int id;
	FILE *f;

	while (d && (e = readdir(d)) && an_topo.nodes < AN_NODES_MAX)
		if (sscanf(e->d_name, "node%d", &id) == 1)
			an_topo.id[an_topo.nodes++] = id;
	if (d)
		closedir(d);
	qsort(an_topo.id, an_topo.nodes, sizeof(int), an_id_cmp);
	for (i = 0; i < an_topo.nodes; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpulist",
			 an_topo.id[i]);
		f = fopen(path, "re");
		line[0] = '\0';
		if (!f || !fgets(line, sizeof(line), f) ||
		    an_cpulist(line, &an_topo.cpuset[i]) ||
		    !CPU_COUNT(&an_topo.cpuset[i])) {
			/* a node without CPUs (memory only) is left out */
			memmove(&an_topo.id[i], &an_topo.id[i + 1],
				(an_topo.nodes - i - 1) * sizeof(int));
			an_topo.nodes--;
			i--;
		}
		if (f)
			fclose(f);
	}
	if (!an_topo.nodes) {
		an_topo.nodes = 1;
		an_topo.id[0] = 0;
		if (sched_getaffinity(0, sizeof(cpu_set_t), &an_topo.cpuset[0]))
			return -errno;
	}
	for (i = 0; i < an_topo.nodes; i++)
		an_topo.cpus += CPU_COUNT(&an_topo.cpuset[i]);
	return 0;
}

/* One program in a child, timed from its fork to its reaping. */
static int an_prog_run(const struct an_prog *p, size_t size,
		       unsigned int passes)
{
	double t0 = util_now(), t;
	char name[96];
	int status;
	pid_t pid;

	printf("progress autonuma-benchmark %s\n", p->name);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		int err = p->flags & AN_02 ? an_numa02(p, size / 3, passes) :
					     an_numa01(p, size, passes);

		if (err)
			fprintf(stderr, "autonuma-benchmark: %s: %s\n", p->name,
				strerror(-err));
		_exit(err ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	t = util_now() - t0;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return -EIO;
	snprintf(name, sizeof(name), "autonuma-benchmark.%s.seconds", p->name);
	harness_metric(name, t);
	return 0;
}

static int an_run(int argc, char **argv)
{
	const char *test = "all", *size_s = NULL, *opts = NULL;
	unsigned int passes = 50;
	const struct harness_param params[] = {
		{ "autonuma_test", NULL, &test },
		{ "autonuma_size", NULL, &size_s },
		{ "autonuma_passes", &passes, NULL },
	};
	unsigned long long size;
	size_t i;
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	for (i = 0; i < ARRAY_SIZE(an_tests); i++)
		if (!strcmp(an_tests[i].test, test))
			opts = an_tests[i].opts;
	if (!opts) {
		fprintf(stderr, "autonuma-benchmark: no test '%s'\n", test);
		return 2;
	}
	an_page = sysconf(_SC_PAGESIZE);
	size = (unsigned long long)sysconf(_SC_PHYS_PAGES) * an_page / 32;
	if (size_s && param_size_parse(size_s, &size))
		return 2;
	size = size / an_page * an_page;
	err = an_topo_read();
	if (err) {
		fprintf(stderr, "autonuma-benchmark: the CPUs: %s\n",
			strerror(-err));
		return 1;
	}
	printf("progress autonuma-benchmark %s: %u node(s), %u CPU(s); numa01's buffer %llu MiB a process (%s; the original's 3 GiB), numa02's %llu MiB (1 GiB), %u passes (50)\n",
	       test, an_topo.nodes, an_topo.cpus, size >> 20,
	       size_s ? "autonuma_size" : "MemTotal/32", size / 3 >> 20,
	       passes);
	if (an_topo.nodes < 2)
		printf("progress autonuma-benchmark: one NUMA node: the binding variants bind to it, nothing is remote (boot NUMA=2 or more)\n");
	for (i = 0; i < ARRAY_SIZE(an_progs); i++) {
		const struct an_prog *p = &an_progs[i];

		if (p->opt && !strchr(opts, p->opt))
			continue;
		err = an_prog_run(p, size, passes);
		if (err) {
			fprintf(stderr, "autonuma-benchmark: %s failed\n",
				p->name);
			return 1;
		}
	}
	return 0;
}

const struct bench bench = {
	.name = "autonuma-benchmark",
	.title = "autonuma-benchmark (numa01, numa02)",
	.run = an_run,
};
