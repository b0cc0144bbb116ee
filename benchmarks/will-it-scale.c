// SPDX-License-Identifier: GPL-2.0
/*
 * will-it-scale, after its README and its testcases' descriptions:
 * one testcase (wis-tests.def, loop bodies in wis-cases.c) run by
 * nr_task processes, or threads of one process, each counting its loops
 * in a slot of shared memory a cache line apart from the others. Task
 * i is bound to the CPUs of core i % cores (cores ordered by package,
 * then by their first CPU, as hwloc numbers them; SMT siblings share
 * the core's set). All tasks start together once all exist.
 *
 * The parent reads every task's counter once a second: the first 6
 * readings are the warm-up, the next runtime - 5 are summed (LKP runs
 * the original with "-s runtime-5"), and average = sum / seconds is
 * what LKP reports as will-it-scale.<N>.processes (or .threads) and
 * .workload; per_process_ops (per_thread_ops) is it over N. The idle
 * share of the CPUs over the run, from /proc/stat as LKP's runtest.py
 * takes it, is .<N>.processes_idle. Each task's own count over the
 * measured seconds is printed, and they add up to the sum.
 *
 * Thread mode runs the threads in a child process whose first thread
 * only waits, as the original's sampling thread mostly sleeps; the
 * parent samples from outside and ends either mode with SIGKILL, so a
 * task is never stopped halfway through a prepared file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "wis.h"
#include "shared/util.h"

#define WIS_WARMUP 5 /* the original's WARMUP_ITERATIONS */

static const struct wis_case {
	const char *name, *desc;
	enum wis_prep_kind prep;
	unsigned long size;
	wis_body_fn body;
} wis_cases[] = {
#define WIS_TEST(n, d, p, s) { #n, d, WIS_PREP_##p, s, wis_##n },
#include "wis-tests.def"
#undef WIS_TEST
};

struct wis_ctl {
	volatile int ready; /* tasks bound and waiting for the start */
};

struct wis_run {
	const struct wis_case *tc;
	unsigned int nr_tasks, seconds;
	int threads;
	struct wis_slot *slots;
	struct wis_ctl *ctl;
	cpu_set_t *cores;
	unsigned int nr_cores;
	int go[2]; /* readable once every task exists */
	pid_t *pids;
	unsigned int nr_pids;
};

static struct wis_run *wis_self;

int wis_fail(struct wis_task *t, const char *what, int err)
{
	if (!t->slot->failed) {
		snprintf(t->slot->msg, sizeof(t->slot->msg), "%s: %s", what,
			 strerror(err));
		t->slot->failed = 1;
	}
	return -(err ? err : EIO);
}

struct wis_thread_arg {
	void *(*fn)(void *);
	void *arg;
};

int wis_task_new(struct wis_task *t, void *(*fn)(void *), void *arg)
{
	pthread_t th;
	pid_t pid;

	if (t->threads) {
		if (pthread_create(&th, NULL, fn, arg))
			return wis_fail(t, "pthread_create", EAGAIN);
		return 0;
	}
	pid = fork();
	if (pid < 0)
		return wis_fail(t, "fork", errno);
	if (pid == 0) {
		/* Gone with its task: the parent kills only the tasks. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		fn(arg);
		_exit(1);
	}
	return 0;
}

/* --- the CPU placement ---------------------------------------------- */

static int wis_sysfs_int(unsigned int cpu, const char *what)
{
	char path[96];
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%u/topology/%s", cpu, what);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

struct wis_core {
	int pkg, id, pkg_first, first;
	cpu_set_t set;
};

static int wis_core_cmp(const void *a, const void *b)
{
	const struct wis_core *x = a, *y = b;

	if (x->pkg_first != y->pkg_first)
		return x->pkg_first - y->pkg_first;
	return x->first - y->first;
}

/* Cores of the CPUs this process may use, in hwloc's logical order. */
static int wis_cores_find(struct wis_run *r)
{
	struct wis_core *c = calloc(CPU_SETSIZE, sizeof(*c));
	unsigned int cpu, n = 0, k;
	cpu_set_t allowed;
	int pkg, id;

	if (!c || sched_getaffinity(0, sizeof(allowed), &allowed))
		return -ENOMEM;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &allowed))
			continue;
		pkg = wis_sysfs_int(cpu, "physical_package_id");
		id = wis_sysfs_int(cpu, "core_id");
		if (id < 0) /* no topology: every CPU is a core */
			id = -1 - (int)cpu;
		for (k = 0; k < n && (c[k].pkg != pkg || c[k].id != id); k++)
			;
		if (k == n) {
			c[n] = (struct wis_core){ pkg, id, cpu, cpu, { { 0 } } };
			CPU_ZERO(&c[n].set);
			for (k = 0; k < n && c[k].pkg != pkg; k++)
				;
			if (k < n)
				c[n].pkg_first = c[k].pkg_first;
			k = n++;
		}
		CPU_SET(cpu, &c[k].set);
	}
	qsort(c, n, sizeof(*c), wis_core_cmp);
	r->cores = malloc(n * sizeof(*r->cores));
	if (!r->cores || !n) {
		free(c);
		return -ENOMEM;
	}
	for (k = 0; k < n; k++)
		r->cores[k] = c[k].set;
	r->nr_cores = n;
	free(c);
	return 0;
}

/* --- the tasks -------------------------------------------------------- */

static void wis_task_run(struct wis_run *r, unsigned int i)
{
	struct wis_task t = { &r->slots[i].count, &r->slots[i], i, r->threads };
	struct pollfd pfd = { r->go[0], POLLIN, 0 };

	if (sched_setaffinity(0, sizeof(cpu_set_t), &r->cores[i % r->nr_cores]))
		wis_fail(&t, "sched_setaffinity", errno);
	__atomic_add_fetch(&r->ctl->ready, 1, __ATOMIC_SEQ_CST);
	while (poll(&pfd, 1, -1) < 0 && errno == EINTR)
		;
	if (!t.slot->failed)
		r->tc->body(&t);
}

static void *wis_thread_main(void *arg)
{
	unsigned int i = (unsigned long)arg;

	wis_task_run(wis_self, i);
	for (;;) /* failed: the parent sees the slot and ends the run */
		pause();
	return NULL;
}

/* Thread mode: one process, its first thread only waits. */
static void wis_threads_child(struct wis_run *r)
{
	pthread_t th;
	unsigned long i;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	wis_self = r;
	for (i = 0; i < r->nr_tasks; i++)
		if (pthread_create(&th, NULL, wis_thread_main, (void *)i)) {
			snprintf(r->slots[i].msg, sizeof(r->slots[i].msg),
				 "pthread_create: %s", strerror(EAGAIN));
			r->slots[i].failed = 1;
			break;
		}
	for (;;)
		pause();
}

static int wis_tasks_start(struct wis_run *r)
{
	unsigned int i, n = r->threads ? 1 : r->nr_tasks;
	pid_t pid;

	r->pids = calloc(n, sizeof(*r->pids));
	if (!r->pids)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0)
			return -errno;
		if (pid == 0) {
			if (r->threads)
				wis_threads_child(r);
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			wis_task_run(r, i);
			_exit(1);
		}
		r->pids[r->nr_pids++] = pid;
	}
	return 0;
}

static void wis_tasks_stop(struct wis_run *r)
{
	unsigned int i;

	for (i = 0; i < r->nr_pids; i++)
		kill(r->pids[i], SIGKILL);
	for (i = 0; i < r->nr_pids; i++)
		while (waitpid(r->pids[i], NULL, 0) < 0 && errno == EINTR)
			;
}

/* --- the parent: sampling --------------------------------------------- */

/* Busy and idle jiffies of all CPUs, as runtest.py reads /proc/stat. */
static int wis_cpu_read(unsigned long long *busy, unsigned long long *idle)
{
	unsigned long long v[10] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	int n;

	if (!f)
		return -errno;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &v[8], &v[9]);
	fclose(f);
	if (n < 7)
		return -EINVAL;
	*idle = v[3] + v[4];
	*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7] + v[8] + v[9];
	return 0;
}

static int wis_failed(struct wis_run *r)
{
	unsigned int i;
	int status;

	for (i = 0; i < r->nr_tasks; i++)
		if (r->slots[i].failed) {
			fprintf(stderr, "will-it-scale: %s: task %u: %s\n",
				r->tc->name, i, r->slots[i].msg);
			return 1;
		}
	for (i = 0; i < r->nr_pids; i++)
		if (waitpid(r->pids[i], &status, WNOHANG) == r->pids[i]) {
			fprintf(stderr,
				"will-it-scale: %s: a task died (status %#x)\n",
				r->tc->name, status);
			r->pids[i] = r->pids[--r->nr_pids];
			return 1;
		}
	return 0;
}

/*
 * One reading a second (the original sleeps a second between them);
 * readings 0..5 warm up, the next r->seconds count. @task gets each
 * task's count over the counted seconds. 0, or 1 when a task failed.
 */
static int wis_sample(struct wis_run *r, unsigned long long *task,
		      unsigned long long *total)
{
	unsigned long long *prev = calloc(r->nr_tasks, sizeof(*prev));
	unsigned int i, k;
	struct timespec next;

	if (!prev)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &next);
	printf("testcase:%s\nwarmup\n", r->tc->desc);
	for (k = 0; k <= r->seconds + WIS_WARMUP; k++) {
		unsigned long long sum = 0, min = -1ULL, max = 0, v, d;

		next.tv_sec++;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
				       NULL) == EINTR)
			;
		if (wis_failed(r))
			break;
		for (i = 0; i < r->nr_tasks; i++) {
			v = r->slots[i].count;
			d = v - prev[i];
			min = d < min ? d : min;
			max = d > max ? d : max;
			sum += d;
			prev[i] = v;
			if (k > WIS_WARMUP)
				task[i] += d;
		}
		printf("min:%llu max:%llu total:%llu\n", min, max, sum);
		if (k == WIS_WARMUP)
			printf("measurement\n");
		if (k > WIS_WARMUP)
			*total += sum;
		fflush(stdout);
	}
	free(prev);
	return k <= r->seconds + WIS_WARMUP;
}

static void wis_report(struct wis_run *r, unsigned long long *task,
		       unsigned long long total, double idle)
{
	const char *kind = r->threads ? "threads" : "processes";
	unsigned long long avg = total / r->seconds;
	unsigned int i;
	char name[96];

	printf("average:%llu\n", avg);
	for (i = 0; i < r->nr_tasks; i++)
		printf("task %u: %llu\n", i, task[i]);
	printf("tasks total: %llu over %u s\n", total, r->seconds);
	snprintf(name, sizeof(name), "will-it-scale.%u.%s", r->nr_tasks, kind);
	harness_metric(name, avg);
	if (idle >= 0) {
		snprintf(name, sizeof(name), "will-it-scale.%u.%s_idle",
			 r->nr_tasks, kind);
		harness_metric(name, idle);
	}
	harness_metric(r->threads ? "will-it-scale.per_thread_ops" :
				    "will-it-scale.per_process_ops",
		       (double)avg / r->nr_tasks);
	harness_metric("will-it-scale.workload", avg);
}

static const struct wis_case *wis_case_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(wis_cases); i++)
		if (!strcmp(wis_cases[i].name, name))
			return &wis_cases[i];
	return NULL;
}

/* Shared memory for the counters, the work directory, the cores. */
static int wis_setup(struct wis_run *r)
{
	const char *tmp = getenv("TMPDIR");
	size_t size =
		r->nr_tasks * sizeof(struct wis_slot) + sizeof(struct wis_slot);
	struct stat st;
	void *m;

	snprintf(wis_prep.dir, sizeof(wis_prep.dir), "%s",
		 tmp && *tmp ? tmp : "/tmp");
	if (stat(wis_prep.dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr,
			"will-it-scale: work directory %s is not one: set TMPDIR to a writable directory\n",
			wis_prep.dir);
		return -ENOENT;
	}
	m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		 -1, 0);
	if (m == MAP_FAILED || wis_cores_find(r) || pipe(r->go)) {
		perror("will-it-scale: setup");
		return -ENOMEM;
	}
	r->ctl = m;
	r->slots = (struct wis_slot *)m + 1;
	return 0;
}

/* Every task bound and waiting; then they start at once. */
static int wis_go(struct wis_run *r)
{
	struct timespec ms = { 0, 1000000 };

	while (r->ctl->ready < (int)r->nr_tasks) {
		if (wis_failed(r))
			return 1;
		nanosleep(&ms, NULL);
	}
	return write(r->go[1], "g", 1) == 1 ? 0 : 1;
}

static int wis_run(struct wis_run *r)
{
	unsigned long long b0 = 0, i0 = 0, b1, i1, total = 0, *task;
	double idle = -1;
	int err, cpu;

	task = calloc(r->nr_tasks, sizeof(*task));
	err = task ? wis_prep_make(r->tc->prep, r->tc->size, r->nr_tasks) :
		     -ENOMEM;
	if (err) {
		fprintf(stderr, "will-it-scale: %s: preparing in %s: %s\n",
			r->tc->name, wis_prep.dir, strerror(-err));
		wis_prep_remove(r->tc->prep);
		return 1;
	}
	cpu = wis_cpu_read(&b0, &i0);
	err = wis_tasks_start(r);
	if (err)
		fprintf(stderr, "will-it-scale: starting the tasks: %s\n",
			strerror(-err));
	else
		err = wis_go(r) || wis_sample(r, task, &total);
	wis_tasks_stop(r);
	if (!cpu && !wis_cpu_read(&b1, &i1) && b1 + i1 > b0 + i0)
		idle = 100.0 * (i1 - i0) / (b1 + i1 - b0 - i0);
	wis_prep_remove(r->tc->prep);
	if (!err)
		wis_report(r, task, total, idle);
	free(task);
	return err ? 1 : 0;
}

static int wis_main(int argc, char **argv)
{
	/* LKP's runtime is 300; 10 gives 5 s counted after the warm-up. */
	unsigned int runtime = 10, nr_task = 1;
	const char *mode = "process", *test = "context_switch1";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "nr_task", &nr_task, NULL },
		{ "mode", NULL, &mode },
		{ "wis_test", NULL, &test },
	};
	struct wis_run r = { 0 };

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	r.tc = wis_case_find(test);
	if (!r.tc) {
		fprintf(stderr,
			"will-it-scale: no testcase '%s': bootbench tests lists them\n",
			test);
		return 2;
	}
	if (runtime <= WIS_WARMUP) {
		fprintf(stderr,
			"will-it-scale: runtime=%u leaves nothing after the %d s warm-up: give RUNTIME=%d or more\n",
			runtime, WIS_WARMUP + 1, WIS_WARMUP + 1);
		return 2;
	}
	r.nr_tasks = nr_task;
	r.seconds = runtime - WIS_WARMUP;
	r.threads = !strcmp(mode, "threads");
	if (wis_setup(&r))
		return 1;
	printf("# %s: %u %s, %u s after a %d s warm-up, on %u cores\n",
	       r.tc->name, r.nr_tasks, r.threads ? "threads" : "processes",
	       r.seconds, WIS_WARMUP + 1, r.nr_cores);
	return wis_run(&r);
}

const struct bench bench = {
	.name = "will-it-scale",
	.title = "will-it-scale",
	.run = wis_main,
};
