// SPDX-License-Identifier: GPL-2.0
/*
 * `perf bench futex`, after its documentation and output, for the five
 * tests LKP runs (FUTEX_TEST=hash by default). Threads: nr_task (perf's
 * -t; all online CPUs by default), thread i bound to online CPU i % n
 * as perf binds them; futexes private unless SHARED=shared (perf's -S).
 *
 *  hash     each thread FUTEX_WAITs in turn on its own 1024 futexes with
 *           a value that never matches (EAGAIN at once), for runtime
 *           seconds; ops/sec per thread = its ops / whole seconds run.
 *  lock-pi  every thread FUTEX_LOCK_PIs one shared futex, sleeps 1 us
 *           (usleep), FUTEX_UNLOCK_PIs it; one op per round.
 *  wake     10 runs: all threads block on one futex, 100 ms later the
 *           main thread FUTEX_WAKEs them 1 at a time until all are up;
 *           the time of that loop, averaged over the runs.
 *  wake-parallel  as wake, but one waker thread (perf's default -w 1)
 *           wakes its share in one FUTEX_WAKE; its latency, averaged.
 *  requeue  as wake, but FUTEX_CMP_REQUEUE moves them 1 at a time to a
 *           second futex (waking none); then all are woken there.
 *
 * hash and lock-pi report perf's "Averaged N operations/sec" (the mean
 * over threads) as perf-bench-futex.ops/s, LKP's metric; the wake tests
 * report perf's milliseconds, and ops/s as threads woken (or requeued)
 * per second of it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "shared/util.h"

/* The kernel's futex ABI (musl ships no linux/futex.h). */
#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_CMP_REQUEUE 4
#define FUTEX_LOCK_PI 6
#define FUTEX_UNLOCK_PI 7
#define FUTEX_PRIVATE_FLAG 128

#define PBF_NFUTEXES 1024 /* perf's -f default */
#define PBF_RUNS 10 /* perf's bench_repeat for the wake tests */

struct pbf_worker {
	pthread_t th;
	unsigned int nr;
	unsigned int *futex;
	unsigned long ops;
	double usecs; /* wake-parallel: the waker's own time */
	int woken, failed;
	void *(*fn)(void *);
};

static struct {
	unsigned int nthreads, ncpus, *cpus;
	int flag; /* FUTEX_PRIVATE_FLAG, or 0 for shared */
	volatile int done;
	pthread_mutex_t lock;
	pthread_cond_t parent, worker;
	unsigned int starting;
	int go;
	unsigned int futex1, futex2;
} pbf = { .lock = PTHREAD_MUTEX_INITIALIZER,
	  .parent = PTHREAD_COND_INITIALIZER,
	  .worker = PTHREAD_COND_INITIALIZER };

static long pbf_futex(unsigned int *uaddr, int op, unsigned int val,
		      unsigned long val2, unsigned int *uaddr2,
		      unsigned int val3)
{
	return syscall(SYS_futex, uaddr, op | pbf.flag, val, val2, uaddr2,
		       val3);
}

/* Ready, then wait for the parent's word (perf's thread_lock dance). */
static void pbf_start_wait(void)
{
	pthread_mutex_lock(&pbf.lock);
	if (--pbf.starting == 0)
		pthread_cond_signal(&pbf.parent);
	while (!pbf.go)
		pthread_cond_wait(&pbf.worker, &pbf.lock);
	pthread_mutex_unlock(&pbf.lock);
}

static void *pbf_hash_worker(void *arg)
{
	struct pbf_worker *w = arg;
	unsigned int i;

	pbf_start_wait();
	do {
		for (i = 0; i < PBF_NFUTEXES; i++, w->ops++)
			if (pbf_futex(&w->futex[i], FUTEX_WAIT, 1234, 0, NULL,
				      0) == 0 ||
			    errno != EAGAIN)
				w->failed = errno ? errno : EBADMSG;
	} while (!pbf.done && !w->failed);
	return NULL;
}

static void *pbf_lock_pi_worker(void *arg)
{
	struct pbf_worker *w = arg;

	pbf_start_wait();
	do {
		if (pbf_futex(w->futex, FUTEX_LOCK_PI, 0, 0, NULL, 0)) {
			if (errno != EINTR && errno != EAGAIN)
				w->failed = errno;
			continue;
		}
		usleep(1);
		if (pbf_futex(w->futex, FUTEX_UNLOCK_PI, 0, 0, NULL, 0))
			w->failed = errno;
		w->ops++;
	} while (!pbf.done && !w->failed);
	return NULL;
}

/* Blocked until woken (on futex1, or futex2 once requeued). */
static void *pbf_block_worker(void *arg)
{
	struct pbf_worker *w = arg;

	pthread_mutex_lock(&pbf.lock);
	if (--pbf.starting == 0)
		pthread_cond_signal(&pbf.parent);
	pthread_mutex_unlock(&pbf.lock);
	while (pbf_futex(&pbf.futex1, FUTEX_WAIT, 0, 0, NULL, 0) &&
	       errno == EINTR)
		;
	w->woken = 1;
	return NULL;
}

static void *pbf_waker(void *arg)
{
	struct pbf_worker *w = arg;
	double t0;

	pbf_start_wait();
	t0 = util_now();
	w->woken = pbf_futex(&pbf.futex1, FUTEX_WAKE, w->ops, 0, NULL, 0);
	w->usecs = (util_now() - t0) * 1e6;
	return NULL;
}

/* perf binds at creation; the thread binds itself before anything. */
static void *pbf_bound(void *arg)
{
	struct pbf_worker *w = arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(pbf.cpus[w->nr % pbf.ncpus], &set);
	sched_setaffinity(0, sizeof(set), &set);
	return w->fn(w);
}

static int pbf_spawn(struct pbf_worker *w, unsigned int i, void *(*fn)(void *))
{
	pthread_attr_t attr;
	int err;

	w->nr = i;
	w->fn = fn;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	err = pthread_create(&w->th, &attr, pbf_bound, w);
	pthread_attr_destroy(&attr);
	if (err)
		fprintf(stderr, "perf-bench-futex: pthread_create: %s\n",
			strerror(err));
	return -err;
}

/* All @n started: they wait at pbf_start_wait or are about to block. */
static void pbf_started_wait(void)
{
	pthread_mutex_lock(&pbf.lock);
	while (pbf.starting)
		pthread_cond_wait(&pbf.parent, &pbf.lock);
	pthread_mutex_unlock(&pbf.lock);
}

static void pbf_go(void)
{
	pthread_mutex_lock(&pbf.lock);
	pbf.go = 1;
	pthread_cond_broadcast(&pbf.worker);
	pthread_mutex_unlock(&pbf.lock);
}

static void pbf_reset(unsigned int n)
{
	pbf.starting = n;
	pbf.go = 0;
	pbf.done = 0;
	pbf.futex1 = 0;
	pbf.futex2 = 0;
}

/* Mean and relative standard deviation (%) of @n values. */
static double pbf_mean(const double *v, unsigned int n, double *rel)
{
	double sum = 0, sq = 0, mean;
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += v[i];
	mean = sum / n;
	for (i = 0; i < n; i++)
		sq += (v[i] - mean) * (v[i] - mean);
	/* perf's stat.c: the standard error of the mean, over the mean. */
	*rel = n > 1 && mean ? 100 * sqrt(sq / (n - 1) / n) / mean : 0;
	return mean;
}

/* hash and lock-pi: runtime seconds of ops, per thread a rate. */
static int pbf_timed(unsigned int runtime, int pi, struct pbf_worker *w,
		     double *rate)
{
	unsigned int i, n = pbf.nthreads, secs;
	double start, rel, avg;
	int err = 0;

	pbf_reset(n);
	for (i = 0; i < n && !err; i++) {
		w[i].futex = pi ? &pbf.futex1 :
				  calloc(PBF_NFUTEXES, sizeof(unsigned int));
		err = w[i].futex ? pbf_spawn(&w[i], i,
					     pi ? pbf_lock_pi_worker :
						  pbf_hash_worker) :
				   -ENOMEM;
	}
	if (err)
		return err;
	pbf_started_wait();
	start = util_now();
	pbf_go();
	sleep(runtime);
	pbf.done = 1;
	secs = (unsigned int)(util_now() - start);
	for (i = 0; i < n; i++) {
		pthread_join(w[i].th, NULL);
		err = err ? err : -w[i].failed;
		rate[i] = secs ? (double)(w[i].ops / secs) : 0;
		printf("[thread %3u] %s [ %.0f ops/sec ]\n", i,
		       pi ? "futex" : "1024 futexes", rate[i]);
	}
	if (err)
		return err;
	avg = pbf_mean(rate, n, &rel);
	printf("\nAveraged %ld operations/sec (+- %.2f%%), total secs = %u\n",
	       (long)avg, rel, secs);
	harness_metric("perf-bench-futex.ops/s", (long)avg);
	return 0;
}

enum pbf_kind { PBF_WAKE, PBF_REQUEUE, PBF_PARALLEL };

/* Wakes whatever is still blocked on @f: the end of every wake run. */
static int pbf_wake_rest(unsigned int *f, unsigned int left)
{
	long r;

	for (; left; left -= r) {
		r = pbf_futex(f, FUTEX_WAKE, left, 0, NULL, 0);
		if (r < 0)
			return -errno;
	}
	return 0;
}

/* One waker thread wakes all blocked ones at once; its own latency. */
static int pbf_parallel_run(struct pbf_worker *w, double *usecs)
{
	struct pbf_worker *wk = &w[pbf.nthreads];
	int err;

	pbf.starting = 1;
	pbf.go = 0;
	wk->ops = pbf.nthreads;
	err = pbf_spawn(wk, pbf.nthreads, pbf_waker);
	if (err)
		return err;
	pbf_started_wait();
	pbf_go();
	pthread_join(wk->th, NULL);
	if (wk->woken < 0)
		return -EIO;
	*usecs = wk->usecs;
	return pbf_wake_rest(&pbf.futex1, pbf.nthreads - wk->woken);
}

/* The timed loop of wake or requeue, one thread at a time. */
static int pbf_serial_run(enum pbf_kind kind, double *usecs)
{
	unsigned int done = 0, n = pbf.nthreads;
	double t0 = util_now();
	long r;

	while (done < n) {
		if (kind == PBF_WAKE)
			r = pbf_futex(&pbf.futex1, FUTEX_WAKE, 1, 0, NULL, 0);
		else
			r = pbf_futex(&pbf.futex1, FUTEX_CMP_REQUEUE, 0, 1,
				      &pbf.futex2, 0);
		if (r < 0)
			return -errno;
		done += r;
	}
	*usecs = (util_now() - t0) * 1e6;
	return kind == PBF_REQUEUE ? pbf_wake_rest(&pbf.futex2, n) : 0;
}

static int pbf_wake_run(enum pbf_kind kind, struct pbf_worker *w, double *usecs)
{
	unsigned int i, n = pbf.nthreads;
	int err = 0;

	pbf_reset(n);
	for (i = 0; i < n && !err; i++)
		err = pbf_spawn(&w[i], i, pbf_block_worker);
	if (err)
		return err;
	pbf_started_wait();
	usleep(100000); /* perf's wait for them all to block */
	err = kind == PBF_PARALLEL ? pbf_parallel_run(w, usecs) :
				     pbf_serial_run(kind, usecs);
	for (i = 0; i < n; i++)
		pthread_join(w[i].th, NULL);
	return err;
}

static int pbf_wakes(enum pbf_kind kind, const char *test, struct pbf_worker *w)
{
	static const char *const verb[] = { "Wokeup", "Requeued", "Wokeup" };
	double ms[PBF_RUNS], avg, rel;
	char name[64];
	unsigned int r;
	int err;

	for (r = 0; r < PBF_RUNS; r++) {
		err = pbf_wake_run(kind, w, &ms[r]);
		if (err)
			return err;
		ms[r] /= 1000;
		printf("[Run %u]: %s %u of %u threads in %.4f ms\n", r + 1,
		       verb[kind], pbf.nthreads, pbf.nthreads, ms[r]);
	}
	avg = pbf_mean(ms, PBF_RUNS, &rel);
	printf("%s %u of %u threads in %.4f ms (+-%.2f%%)\n", verb[kind],
	       pbf.nthreads, pbf.nthreads, avg, rel);
	snprintf(name, sizeof(name), "perf-bench-futex.%s_latency_ms", test);
	harness_metric(name, avg);
	harness_metric("perf-bench-futex.ops/s",
		       avg > 0 ? pbf.nthreads / (avg / 1000) : 0);
	return 0;
}

/* The online CPUs, in order, for perf's round-robin binding. */
static int pbf_cpus_find(void)
{
	cpu_set_t set;
	unsigned int c;

	if (sched_getaffinity(0, sizeof(set), &set))
		return -errno;
	pbf.cpus = calloc(CPU_SETSIZE, sizeof(*pbf.cpus));
	if (!pbf.cpus)
		return -ENOMEM;
	for (c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			pbf.cpus[pbf.ncpus++] = c;
	return pbf.ncpus ? 0 : -ENODEV;
}

static int pbf_main(int argc, char **argv)
{
	unsigned int runtime = 10, nr_task = 0;
	const char *test = "hash", *shared = "private";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "nr_task", &nr_task, NULL },
		{ "futex_test", NULL, &test },
		{ "shared", NULL, &shared },
	};
	struct pbf_worker *w;
	double *rate;
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (pbf_cpus_find()) {
		perror("perf-bench-futex: sched_getaffinity");
		return 1;
	}
	pbf.nthreads = nr_task ? nr_task : pbf.ncpus;
	pbf.flag = strcmp(shared, "shared") ? FUTEX_PRIVATE_FLAG : 0;
	w = calloc(pbf.nthreads + 1, sizeof(*w));
	rate = calloc(pbf.nthreads, sizeof(*rate));
	if (!w || !rate)
		return 1;
	printf("# perf bench futex %s: %u threads, %s futexes\n", test,
	       pbf.nthreads, shared);
	if (!strcmp(test, "hash") || !strcmp(test, "lock-pi"))
		err = pbf_timed(runtime, !strcmp(test, "lock-pi"), w, rate);
	else
		err = pbf_wakes(!strcmp(test, "wake")	 ? PBF_WAKE :
				!strcmp(test, "requeue") ? PBF_REQUEUE :
							   PBF_PARALLEL,
				test, w);
	if (err)
		fprintf(stderr, "perf-bench-futex: %s: %s\n", test,
			strerror(-err));
	return err ? 1 : 0;
}

const struct bench bench = {
	.name = "perf-bench-futex",
	.title = "perf bench futex",
	.run = pbf_main,
};
