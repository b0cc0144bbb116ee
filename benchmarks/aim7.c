// SPDX-License-Identifier: GPL-2.0
/*
 * AIM Multiuser Benchmark - Suite VII, as LKP runs it (test: T, load:
 * N): its workfile is one test of weight 10 (FILESIZE: 1M, POOLSIZE:
 * 10M), one load level of N users. Written from the suite's documented
 * semantics: N processes ("tasks") are forked and wait for a start
 * signal; each then runs its jobs, here the test 100 times (the suite's
 * 100 jobs a task, all of the one test; aim7_jobs: J sets another
 * count, QUICK=1's 10), and exits. The disk tests'
 * file is FILESIZE + POOLSIZE / N, in K. The test functions are aim9's
 * (aim9-tests.def), as the suite's are suite IX's.
 *
 * real: seconds from the start of the clock to the last task's exit, as
 * the parent reaps them; the suite starts its clock, then sleeps 10 s
 * before it fires the gun, so real (and each task's time) holds those
 * 10 s, and so do LKP's numbers: kept (natively in make check,
 * BOOTBENCH_SETTLE=0 skips the pause; the guest never does). jobs/min = J x N x 60 / real; jobs/min/task = J x 60
 * / real; jti (job timing index) = (1 - the coefficient of variation of
 * the tasks' finishing times) x 100, 0 when that is above 1; cpu: the
 * tasks' user + system seconds. LKP's metrics: aim7.jobs-per-min, .jti,
 * .jobs-per-min-per-task, .real, .cpu.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim9.h"
#include "harness.h"
#include "shared/util.h"

#define AIM7_JOBS 100 /* the suite's LOADNUM: jobs a task runs, by default */
#define AIM7_FILESIZE 1024 /* K: LKP's workfile */
#define AIM7_POOLSIZE 10240
/* The suite's pause between starting its clock and firing the gun. */
#define AIM7_SLEEP 10

/* The first failing task's words, for the parent's one line. */
struct aim7_fail {
	int abort; /* set before the gun when not all tasks could start */
	int taken;
	char msg[PATH_MAX + 128];
};

struct aim7_run {
	const struct aim9_test *test;
	struct aim7_fail *fail; /* shared with the tasks */
	unsigned int load;
	unsigned int jobs; /* a task's */
	int ready[2]; /* each task writes a byte when it waits */
	int gun[2]; /* closed by the parent: every task starts */
};

/* One task: waits for the gun, then its jobs; exits 0 or 1. */
static void aim7_task(struct aim7_run *r, unsigned int user)
{
	char c = 1;
	unsigned int i;
	int err = 0;

	close(r->ready[0]);
	close(r->gun[1]);
	aim9_env.seed = user + 1;
	if (write(r->ready[1], &c, 1) != 1 || read(r->gun[0], &c, 1) < 0)
		_exit(1);
	if (r->fail->abort)
		_exit(0);
	for (i = 0; i < r->jobs && !err; i++)
		err = r->test->call();
	if (err) {
		if (__sync_bool_compare_and_swap(&r->fail->taken, 0, 1))
			snprintf(r->fail->msg, sizeof(r->fail->msg),
				 "task %u: %s failed in %s: %s", user,
				 r->test->name, aim9_env.dir, strerror(-err));
		_exit(1);
	}
	_exit(0);
}

/* Forks the tasks and waits until all of them wait for the gun. */
static int aim7_fork_all(struct aim7_run *r)
{
	unsigned int u;
	char c;

	for (u = 0; u < r->load; u++) {
		pid_t pid = fork();

		if (pid < 0)
			return -errno;
		if (!pid)
			aim7_task(r, u);
	}
	close(r->ready[1]);
	for (u = 0; u < r->load; u++)
		if (read(r->ready[0], &c, 1) != 1)
			return -ECHILD;
	return 0;
}

struct aim7_result {
	double real, cpu, sum, sumsq;
	unsigned int failed;
};

/* Fires the gun, reaps every task and times each. */
static void aim7_reap_all(struct aim7_run *r, struct aim7_result *res)
{
	struct tms t0, t1;
	double start, at;
	unsigned int u;
	int status;

	times(&t0);
	start = util_now();
	harness_settle_sleep(AIM7_SLEEP);
	close(r->gun[1]);
	for (u = 0; u < r->load;) {
		if (wait(&status) < 0) {
			if (errno == EINTR)
				continue;
			res->failed += r->load - u;
			break;
		}
		at = util_now() - start;
		res->sum += at;
		res->sumsq += at * at;
		res->real = at;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			res->failed++;
		u++;
	}
	times(&t1);
	res->cpu = (double)(t1.tms_cutime + t1.tms_cstime - t0.tms_cutime -
			    t0.tms_cstime) /
		   sysconf(_SC_CLK_TCK);
}

static int aim7_report(const struct aim7_run *r, const struct aim7_result *res)
{
	double mean = res->sum / r->load, sd, cov, jpm, jpmt;
	int jti;

	sd = sqrt(fmax(0, res->sumsq / r->load - mean * mean));
	cov = mean > 0 ? sd / mean : 0;
	jti = cov > 1 ? 0 : (int)((1 - cov) * 100);
	jpmt = r->jobs * 60.0 / res->real;
	jpm = jpmt * r->load;
	printf("Tasks    jobs/min  jti  jobs/min/task      real       cpu\n");
	printf("%5u%12.2f%5d%15.4f%10.2f%10.2f\n", r->load, jpm, jti, jpmt,
	       res->real, res->cpu);
	harness_metric("aim7.jobs-per-min", jpm);
	harness_metric("aim7.jti", jti);
	harness_metric("aim7.jobs-per-min-per-task", jpmt);
	harness_metric("aim7.real", res->real);
	harness_metric("aim7.cpu", res->cpu);
	return 0;
}

/* One load level: the tasks forked, started at once, reaped. */
static int aim7_level(struct aim7_run *r)
{
	struct aim7_result res = { 0 };
	int err;

	r->fail = mmap(NULL, sizeof(*r->fail), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->fail == MAP_FAILED || pipe(r->ready) < 0 || pipe(r->gun) < 0)
		return -errno;
	err = aim7_fork_all(r);
	if (err) {
		/* The tasks forked are told to exit, then let go. */
		r->fail->abort = 1;
		close(r->gun[1]);
		while (wait(NULL) > 0 || errno == EINTR)
			;
		return err;
	}
	sync(); /* the suite's "sync;sync;sync" before each load */
	aim7_reap_all(r, &res);
	close(r->ready[0]);
	close(r->gun[0]);
	if (res.failed) {
		fprintf(stderr, "aim7: %u of %u tasks failed; %s\n", res.failed,
			r->load, r->fail->msg[0] ? r->fail->msg : "killed");
		return -ECHILD;
	}
	return aim7_report(r, &res);
}

static int aim7_run(int argc, char **argv)
{
	unsigned int load = 2, jobs = AIM7_JOBS;
	const char *name = "disk_rw";
	const struct harness_param params[] = {
		{ "load", &load, NULL },
		{ "aim7_jobs", &jobs, NULL },
		{ "aim7_test", NULL, &name },
	};
	struct aim7_run r = { 0 };
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	r.test = aim9_test_find(name);
	r.load = load;
	r.jobs = jobs;
	if (!r.test) {
		fprintf(stderr,
			"aim7: unknown test %s: give one of benchmarks/aim9-tests.def\n",
			name);
		return 2;
	}
	snprintf(aim9_env.dir, sizeof(aim9_env.dir), "%s", harness_tmpdir());
	aim9_env.kbytes = AIM7_FILESIZE + AIM7_POOLSIZE / load;
	printf("AIM Multiuser Benchmark - Suite VII: %s, %u tasks of %u jobs, files of %uK in %s\n",
	       r.test->name, load, jobs, aim9_env.kbytes, aim9_env.dir);
	fflush(stdout);
	err = aim9_prep_make(r.test);
	if (!err)
		err = aim7_level(&r);
	aim9_prep_undo(r.test);
	if (err == -ECHILD)
		return 1;
	if (err) {
		fprintf(stderr, "aim7: %s in %s: %s\n", r.test->name,
			aim9_env.dir, strerror(-err));
		return 1;
	}
	return 0;
}

const struct bench bench = {
	.name = "aim7",
	.title = "AIM Multiuser Benchmark - Suite VII",
	.run = aim7_run,
	.copy_main = aim9_copy_main,
};
