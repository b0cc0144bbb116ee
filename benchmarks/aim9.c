// SPDX-License-Identifier: GPL-2.0
/*
 * AIM Suite IX, as LKP runs it (test: shared_memory, testtime: 300s):
 * the driver calls the test function in a loop until an alarm fires
 * after `runtime` seconds, takes the rate in calls per second from the
 * times() clock ticks, and reports ops/sec = rate x the test's factor.
 *
 * shared_memory (factor 100): one call makes a 2048-byte SysV segment
 * and one semaphore (keys: the pid), attaches, sets the semaphore to 1,
 * then 100 times: lock (semop -1), copy a buffer into the segment,
 * unlock; lock, copy it back out, unlock. The copy size cycles through
 * a fixed 31-entry table, its position kept across calls. Then it
 * detaches and removes both. We also check that what came back out is
 * what went in.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/times.h>
#include <unistd.h>

#include "harness.h"

#define SHM_SIZE 2048
#define SHM_ROUNDS 100
#define SHM_FACTOR 100

static const unsigned int shm_sizes[31] = {
	1,  3,	5,  7,	16,  32,  64,  512,  1024, 2048, 1,
	3,  5,	7,  16, 32,  64,  512, 1024, 2048, 32,	 32,
	32, 32, 32, 32, 512, 512, 512, 512,  512,
};

union aim9_semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

static unsigned int shm_pos;

static int aim9_sem_op(int semid, int delta)
{
	struct sembuf op = { 0, (short)delta, 0 };

	while (semop(semid, &op, 1) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static int aim9_shared_memory(void)
{
	static char out[SHM_SIZE], back[SHM_SIZE];
	union aim9_semun arg = { .val = 1 };
	key_t key = getpid();
	int shmid, semid, i, err = 0;
	char *addr;

	shmid = shmget(key, SHM_SIZE, IPC_CREAT | 0600);
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
	for (i = 0; i < SHM_ROUNDS && !err; i++) {
		unsigned int n = shm_sizes[shm_pos];

		shm_pos = (shm_pos + 1) % 31;
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

static int aim9_run(int argc, char **argv)
{
	unsigned int runtime = 10;
	const char *test = "shared_memory";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "aim9_test", NULL, &test },
	};
	unsigned long calls = 0;
	clock_t start, end;
	struct tms tms;
	double secs, rate;
	char name[64];
	int err = 0;

	if (harness_params_parse(argc, argv, params,
				 sizeof(params) / sizeof(params[0])))
		return 2;
	printf("aim9 %s: %u s\n", test, runtime);
	if (harness_alarm_arm(runtime))
		return 1;
	start = times(&tms);
	while (!harness_stop && !err) {
		err = aim9_shared_memory();
		calls++;
	}
	end = times(&tms);
	if (err) {
		fprintf(stderr, "aim9: %s failed: %s\n", test, strerror(-err));
		return 1;
	}
	secs = (double)(end - start) / sysconf(_SC_CLK_TCK);
	rate = calls / secs;
	printf("%s: %lu calls in %.2f s, %.2f ops/sec\n", test, calls, secs,
	       rate * SHM_FACTOR);
	snprintf(name, sizeof(name), "aim9.%s.ops_per_sec", test);
	harness_metric(name, rate * SHM_FACTOR);
	return 0;
}

const struct bench bench = {
	.name = "aim9",
	.title = "AIM Suite IX",
	.run = aim9_run,
};
