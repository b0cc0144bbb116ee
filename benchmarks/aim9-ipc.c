// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's IPC tests: shared_memory, and the message tests over a pipe,
 * UNIX socket pairs, TCP and UDP over loopback and a FIFO in the job's
 * directory. One process writes each message and reads it back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aim9.h"

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
int aim9_shared_memory(void)
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

/*
 * pipe_cpy, stream_pipe, dgram_pipe (factor 100): one process writes a
 * message into one end and reads it back from the other, the sizes
 * from the table above, then closes both ends. The original loops
 * `while (--loops > 0)` with loops = 100: 99 messages a call, counted
 * as 100 by the factor; we do the same so the numbers compare.
 */
int aim9_msg_loop(int rd, int wr, int loops)
{
	static char out[AIM9_MAXBLK], back[AIM9_MAXBLK];
	int err = 0;

	while (--loops > 0 && !err) {
		unsigned int n = aim9_size_next();

		out[0] = (char)loops;
		out[n - 1] = (char)(loops + n);
		err = util_fd_full(wr, out, n, 1);
		if (!err)
			err = util_fd_full(rd, back, n, 0);
		if (!err && (back[0] != out[0] || back[n - 1] != out[n - 1]))
			err = -EBADMSG;
	}
	close(rd);
	close(wr);
	return err;
}

int aim9_pipe_cpy(void)
{
	int fds[2];

	if (pipe(fds) < 0)
		return -errno;
	return aim9_msg_loop(fds[0], fds[1], 100);
}

int aim9_stream_pipe(void)
{
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) < 0)
		return -errno;
	return aim9_msg_loop(fds[0], fds[1], 100);
}

int aim9_dgram_pipe(void)
{
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, fds) < 0)
		return -errno;
	return aim9_msg_loop(fds[0], fds[1], 100);
}

/* A socket of @type bound to an ephemeral port of 127.0.0.1. */
static int aim9_inet_bound(int type, struct sockaddr_in *sin)
{
	socklen_t len = sizeof(*sin);
	int fd = socket(AF_INET, type, 0);

	if (fd < 0)
		return -errno;
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)sin, sizeof(*sin)) < 0 ||
	    getsockname(fd, (struct sockaddr *)sin, &len) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/*
 * tcp_test (factor 90): a listening socket on loopback (TCP_NODELAY),
 * a second connected to it, the connection accepted; then 89 messages
 * (the original's `while (--loops > 0)` from 90) written on one end and
 * read back on the other; all three closed.
 */
int aim9_tcp_test(void)
{
	struct sockaddr_in sin;
	int lfd, cfd, afd, one = 1, err = 0;

	lfd = aim9_inet_bound(SOCK_STREAM, &sin);
	if (lfd < 0)
		return lfd;
	cfd = socket(AF_INET, SOCK_STREAM, 0);
	if (setsockopt(lfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0 ||
	    listen(lfd, 5) < 0 || cfd < 0 ||
	    connect(cfd, (struct sockaddr *)&sin, sizeof(sin)) < 0) {
		err = -errno;
		goto out;
	}
	while ((afd = accept(lfd, NULL, NULL)) < 0 && errno == EINTR)
		;
	if (afd < 0) {
		err = -errno;
		goto out;
	}
	close(lfd);
	return aim9_msg_loop(cfd, afd, 90);
out:
	if (cfd >= 0)
		close(cfd);
	close(lfd);
	return err;
}

/*
 * udp_test (factor 100): two datagram sockets on loopback, the first
 * connected to the second; 99 datagrams written and read back.
 */
int aim9_udp_test(void)
{
	struct sockaddr_in rsin, wsin;
	int rd, wr;

	rd = aim9_inet_bound(SOCK_DGRAM, &rsin);
	if (rd < 0)
		return rd;
	wr = aim9_inet_bound(SOCK_DGRAM, &wsin);
	if (wr < 0 || connect(wr, (struct sockaddr *)&rsin, sizeof(rsin))) {
		int err = wr < 0 ? wr : -errno;

		if (wr >= 0)
			close(wr);
		close(rd);
		return err;
	}
	return aim9_msg_loop(rd, wr, 100);
}

/*
 * fifo_test (factor 100): a FIFO made in the job's directory, opened
 * for reading (non-blocking, so the open returns) and for writing by
 * this process, then removed; 99 messages through it.
 */
int aim9_fifo_test(void)
{
	char path[PATH_MAX + 64];
	int rd, wr, err;

	err = aim9_path_new(path, sizeof(path), "fifo");
	if (err)
		return err;
	if (mkfifo(path, 0600) < 0)
		return -errno;
	rd = open(path, O_RDONLY | O_NONBLOCK);
	wr = rd < 0 ? -1 : open(path, O_WRONLY);
	err = wr < 0 ? -errno : 0;
	unlink(path);
	if (!err && fcntl(rd, F_SETFL, 0) < 0)
		err = -errno;
	if (err) {
		if (rd >= 0)
			close(rd);
		if (wr >= 0)
			close(wr);
		return err;
	}
	return aim9_msg_loop(rd, wr, 100);
}
