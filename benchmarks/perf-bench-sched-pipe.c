// SPDX-License-Identifier: GPL-2.0
/*
 * `perf bench sched pipe`: two tasks, two pipes, an int ping-ponged
 * `loops` times in the classic order (the first task reads then
 * writes, the second writes then reads). The clock starts before the
 * second task is created and stops after it is reaped. One op is one
 * round trip: ops/sec = loops / seconds, usecs/op = usecs / loops.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "shared/util.h"

#define SCHED_PIPE_STACK (256 * 1024)

struct sched_pipe_task {
	int nr;
	int rfd, wfd;
	unsigned int loops;
	pthread_t thread;
};

static int sched_pipe_io(int fd, int *m, int writing)
{
	ssize_t n;

	do
		n = writing ? write(fd, m, sizeof(*m)) :
			      read(fd, m, sizeof(*m));
	while (n < 0 && errno == EINTR);
	return n == sizeof(*m) ? 0 : -EIO;
}

static int sched_pipe_work(struct sched_pipe_task *t)
{
	unsigned int i;
	int m = 0, expect = 0, err = 0;

	for (i = 0; i < t->loops && !err; i++) {
		if (t->nr == 0) {
			err = sched_pipe_io(t->rfd, &m, 0);
			/* The value must come back as sent: check the work. */
			if (!err && m != expect)
				err = -EBADMSG;
			m++;
			if (!err)
				err = sched_pipe_io(t->wfd, &m, 1);
			expect = m;
		} else {
			err = sched_pipe_io(t->wfd, &m, 1);
			if (!err)
				err = sched_pipe_io(t->rfd, &m, 0);
		}
	}
	return err;
}

static void *sched_pipe_thread(void *arg)
{
	return (void *)(long)sched_pipe_work(arg);
}

/*
 * The second task a thread: 0 with the ping-pong's outcome in *work,
 * or -errno when the thread could not start (said).
 */
static int sched_pipe_threads_run(struct sched_pipe_task t[2], int *work)
{
	pthread_attr_t attr;
	void *ret;
	int err;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SCHED_PIPE_STACK);
	err = -pthread_create(&t[1].thread, &attr, sched_pipe_thread, &t[1]);
	if (err) {
		perror("sched pipe: pthread_create");
		return err;
	}
	*work = sched_pipe_work(&t[0]);
	pthread_join(t[1].thread, &ret);
	*work = *work ? *work : (int)(long)ret;
	return 0;
}

/* The second task a process: as sched_pipe_threads_run(). */
static int sched_pipe_procs_run(struct sched_pipe_task t[2], int *work)
{
	int status, err;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		err = -errno;
		perror("sched pipe: fork");
		return err;
	}
	if (pid == 0)
		_exit(sched_pipe_work(&t[1]) ? 1 : 0);
	*work = sched_pipe_work(&t[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!*work && (!WIFEXITED(status) || WEXITSTATUS(status)))
		*work = -EIO;
	return 0;
}

/* perf's lines, then the metrics of @loops round trips in @secs. */
static void sched_pipe_report(unsigned int loops, double secs)
{
	printf("     Total time: %.3f [sec]\n\n", secs);
	printf(" %14lf usecs/op\n", secs * 1e6 / loops);
	printf(" %14d ops/sec\n", (int)(loops / secs));
	harness_metric("perf-bench-sched-pipe.ops_per_sec", loops / secs);
	harness_metric("perf-bench-sched-pipe.usecs_per_op",
		       secs * 1e6 / loops);
	harness_metric("perf-bench-sched-pipe.total_time_sec", secs);
}

static int sched_pipe_main(int argc, char **argv)
{
	/* perf's default is 1000000 and LKP's 10000000: LOOPS= gives them. */
	unsigned int loops = 100000;
	const char *mode = "process";
	const struct harness_param params[] = {
		{ "loops", &loops, NULL },
		{ "mode", NULL, &mode },
	};
	struct sched_pipe_task t[2];
	int p1[2], p2[2], threads, err, work = 0;
	double start, secs;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	threads = !strcmp(mode, "threads");
	if (pipe(p1) || pipe(p2)) {
		perror("sched pipe: pipe");
		return 1;
	}
	t[0] = (struct sched_pipe_task){ 0, p1[0], p2[1], loops, 0 };
	t[1] = (struct sched_pipe_task){ 1, p2[0], p1[1], loops, 0 };
	printf("# Executed %u pipe operations between two %s\n", loops,
	       threads ? "threads" : "processes");
	start = util_now();
	err = threads ? sched_pipe_threads_run(t, &work) :
			sched_pipe_procs_run(t, &work);
	secs = util_now() - start;
	if (err)
		return 1;
	if (work) {
		fprintf(stderr, "sched pipe: the ping-pong failed: %s\n",
			strerror(-work));
		return 1;
	}
	sched_pipe_report(loops, secs);
	return 0;
}

const struct bench bench = {
	.name = "perf-bench-sched-pipe",
	.title = "perf bench sched pipe",
	.run = sched_pipe_main,
};
