// SPDX-License-Identifier: GPL-2.0
/*
 * AIM Suite IX, as LKP runs it (test: shared_memory, testtime: 300s):
 * the driver calls the test function in a loop until an alarm fires
 * after `runtime` seconds, takes the rate in calls per second from the
 * times() clock ticks, and reports ops/sec = rate x the test's factor.
 * Each test is one function of the suite; what one call does, and why
 * the factor is what it is, is written beside it (docs/benchmarks.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

#define AIM9_MAXBLK 2048

/*
 * The suite's message sizes, shared by the shared-memory and the pipe
 * tests; the position is kept across calls, as the original's static
 * counter is.
 */
static const unsigned int aim9_sizes[31] = {
	1,  3,	5,  7,	16,  32,  64,  512,  1024, 2048, 1,
	3,  5,	7,  16, 32,  64,  512, 1024, 2048, 32,	 32,
	32, 32, 32, 32, 512, 512, 512, 512,  512,
};

static unsigned int aim9_size_pos;

static unsigned int aim9_size_next(void)
{
	unsigned int n = aim9_sizes[aim9_size_pos];

	aim9_size_pos = (aim9_size_pos + 1) % 31;
	return n;
}

union aim9_semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

static int aim9_sem_op(int semid, int delta)
{
	struct sembuf op = { 0, (short)delta, 0 };

	while (semop(semid, &op, 1) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

/*
 * shared_memory (factor 100): a 2048-byte SysV segment and one
 * semaphore (keys: the pid), attached, the semaphore set to 1, then 100
 * times: lock, copy a buffer in, unlock; lock, copy it back out,
 * unlock. Then both are removed. We also check what came back out.
 */
static int aim9_shared_memory(void)
{
	static char out[AIM9_MAXBLK], back[AIM9_MAXBLK];
	union aim9_semun arg = { .val = 1 };
	key_t key = getpid();
	int shmid, semid, i, err = 0;
	char *addr;

	shmid = shmget(key, AIM9_MAXBLK, IPC_CREAT | 0600);
	if (shmid < 0)
		return -errno;
	semid = semget(key, 1, IPC_CREAT | 0600);
	if (semid < 0) {
		err = -errno;
		goto rm_shm;
	}
	addr = shmat(shmid, NULL, 0);
	if (addr == (char *)-1) {
		err = -errno;
		goto rm_sem;
	}
	if (semctl(semid, 0, SETVAL, arg) < 0) {
		err = -errno;
		goto detach;
	}
	for (i = 0; i < 100 && !err; i++) {
		unsigned int n = aim9_size_next();

		out[0] = (char)i;
		out[n - 1] = (char)(i + n);
		err = aim9_sem_op(semid, -1);
		if (err)
			break;
		memcpy(addr, out, n);
		err = aim9_sem_op(semid, 1);
		if (!err)
			err = aim9_sem_op(semid, -1);
		if (err)
			break;
		memcpy(back, addr, n);
		err = aim9_sem_op(semid, 1);
		if (!err && (back[0] != out[0] || back[n - 1] != out[n - 1]))
			err = -EBADMSG;
	}
detach:
	shmdt(addr);
rm_sem:
	semctl(semid, 0, IPC_RMID);
rm_shm:
	shmctl(shmid, IPC_RMID, NULL);
	return err;
}

/* Waits for one child; a child that did not exit 0 fails the test. */
static int aim9_child_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return -ECHILD;
	return 0;
}

/*
 * @n times fork a child and wait for it: the child exits at once, or
 * with @exec, execs a program that only exits 0.
 */
static int aim9_children_run(int n, int exec)
{
	int i, err = 0;

	for (i = 0; i < n && !err; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return -errno;
		if (!pid) {
			if (exec)
				execl(harness_self(), "true", "--copy",
				      (char *)NULL);
			_exit(exec ? 127 : 0);
		}
		err = aim9_child_wait(pid);
	}
	return err;
}

/* fork_test (factor 100): 100 times fork a child that exits at once. */
static int aim9_fork_test(void)
{
	return aim9_children_run(100, 0);
}

/*
 * exec_test (factor 5): 5 times fork a child that execs a program that
 * only exits 0. The original execs its own tiny `true`; ours is this
 * static binary in its --copy mode, which returns before any work.
 */
static int aim9_exec_test(void)
{
	return aim9_children_run(5, 1);
}

static volatile sig_atomic_t aim9_sigcount, aim9_sigwrong;

static void aim9_sigusr2(int sig)
{
	if (sig != SIGUSR2)
		aim9_sigwrong = 1;
	aim9_sigcount++;
}

/*
 * signal_test (factor 1000): send ourselves SIGUSR2 until the handler
 * has counted 1000 of them. The original reinstalls the handler with
 * signal() in the handler; sigaction without SA_RESETHAND keeps it.
 */
static int aim9_signal_test(void)
{
	struct sigaction sa = { .sa_handler = aim9_sigusr2 };
	pid_t self = getpid();

	if (sigaction(SIGUSR2, &sa, NULL) < 0)
		return -errno;
	aim9_sigcount = 0;
	while (aim9_sigcount < 1000) {
		if (kill(self, SIGUSR2) < 0)
			return -errno;
		if (aim9_sigwrong)
			return -EBADMSG;
	}
	return 0;
}

static int aim9_io_full(int fd, char *buf, unsigned int size, int wr)
{
	unsigned int done = 0;

	while (done < size) {
		ssize_t r = wr ? write(fd, buf + done, size - done) :
				 read(fd, buf + done, size - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return -EPIPE;
		done += r;
	}
	return 0;
}

/*
 * pipe_cpy, stream_pipe, dgram_pipe (factor 100): one process writes a
 * message into one end and reads it back from the other, the sizes
 * from the table above, then closes both ends. The original loops
 * `while (--loops > 0)` with loops = 100: 99 messages a call, counted
 * as 100 by the factor; we do the same so the numbers compare.
 */
static int aim9_msg_loop(int fds[2])
{
	static char out[AIM9_MAXBLK], back[AIM9_MAXBLK];
	int loops = 100, err = 0;

	while (--loops > 0 && !err) {
		unsigned int n = aim9_size_next();

		out[0] = (char)loops;
		out[n - 1] = (char)(loops + n);
		err = aim9_io_full(fds[1], out, n, 1);
		if (!err)
			err = aim9_io_full(fds[0], back, n, 0);
		if (!err && (back[0] != out[0] || back[n - 1] != out[n - 1]))
			err = -EBADMSG;
	}
	close(fds[0]);
	close(fds[1]);
	return err;
}

static int aim9_pipe_cpy(void)
{
	int fds[2];

	if (pipe(fds) < 0)
		return -errno;
	return aim9_msg_loop(fds);
}

static int aim9_stream_pipe(void)
{
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) < 0)
		return -errno;
	return aim9_msg_loop(fds);
}

static int aim9_dgram_pipe(void)
{
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, fds) < 0)
		return -errno;
	return aim9_msg_loop(fds);
}

struct aim9_test {
	const char *name;
	int (*call)(void);
	unsigned int factor;
};

static const struct aim9_test aim9_tests[] = {
	{ "shared_memory", aim9_shared_memory, 100 },
	{ "fork_test", aim9_fork_test, 100 },
	{ "exec_test", aim9_exec_test, 5 },
	{ "signal_test", aim9_signal_test, 1000 },
	{ "pipe_cpy", aim9_pipe_cpy, 100 },
	{ "stream_pipe", aim9_stream_pipe, 100 },
	{ "dgram_pipe", aim9_dgram_pipe, 100 },
};

static const struct aim9_test *aim9_test_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(aim9_tests) / sizeof(aim9_tests[0]); i++)
		if (!strcmp(aim9_tests[i].name, name))
			return &aim9_tests[i];
	return NULL;
}

/* exec_test's program: exits 0 before anything else. */
static int aim9_true_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int aim9_run(int argc, char **argv)
{
	unsigned int runtime = 10;
	const char *name = "shared_memory";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "aim9_test", NULL, &name },
	};
	const struct aim9_test *test;
	unsigned long calls = 0;
	clock_t start, end;
	struct tms tms;
	double secs, rate;
	char metric[64];
	int err = 0;

	if (harness_params_parse(argc, argv, params,
				 sizeof(params) / sizeof(params[0])))
		return 2;
	test = aim9_test_find(name);
	if (!test) {
		fprintf(stderr, "aim9: unknown test %s\n", name);
		return 2;
	}
	printf("aim9 %s: %u s\n", test->name, runtime);
	if (harness_alarm_arm(runtime))
		return 1;
	start = times(&tms);
	while (!harness_stop && !err) {
		err = test->call();
		calls++;
	}
	end = times(&tms);
	if (err) {
		fprintf(stderr, "aim9: %s failed: %s\n", test->name,
			strerror(-err));
		return 1;
	}
	secs = (double)(end - start) / sysconf(_SC_CLK_TCK);
	rate = calls / secs;
	printf("%s: %lu calls in %.2f s, %.2f ops/sec\n", test->name, calls,
	       secs, rate * test->factor);
	snprintf(metric, sizeof(metric), "aim9.%s.ops_per_sec", test->name);
	harness_metric(metric, rate * test->factor);
	return 0;
}

const struct bench bench = {
	.name = "aim9",
	.title = "AIM Suite IX",
	.run = aim9_run,
	.copy_main = aim9_true_main,
};
