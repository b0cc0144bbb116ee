// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "messaging.h"
#include "shared/util.h"

/* musl's default thread stack is 128 KiB; set one explicitly. */
#define MESSAGING_STACK (256 * 1024)

struct messaging_worker {
	const struct messaging_conf *c;
	int ready_fd, wake_fd;
	int in_fd; /* receiver */
	int *out_fds; /* sender: one per receiver of the group */
	pthread_t thread;
	pid_t pid;
	int sender;
};

/* Tell the main task we are set up, then wait for the start signal. */
static int messaging_ready(struct messaging_worker *w)
{
	struct pollfd p = { w->wake_fd, POLLIN, 0 };
	char dummy = 0;

	if (write(w->ready_fd, &dummy, 1) != 1)
		return -errno;
	while (poll(&p, 1, -1) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static int messaging_send(struct messaging_worker *w)
{
	const struct messaging_conf *c = w->c;
	char *data = malloc(c->datasize);
	unsigned int i, j;
	int err = 0;

	if (!data)
		return -ENOMEM;
	memset(data, 'x', c->datasize);
	err = messaging_ready(w);
	for (i = 0; i < c->loops && !err; i++) {
		for (j = 0; j < c->fds && !err; j++) {
			size_t done = 0;

			while (done < c->datasize) {
				ssize_t n = write(w->out_fds[j], data + done,
						  c->datasize - done);

				if (n < 0 && errno == EINTR)
					continue;
				if (n <= 0) {
					err = n < 0 ? -errno : -EIO;
					break;
				}
				done += n;
			}
		}
	}
	free(data);
	return err;
}

static int messaging_receive(struct messaging_worker *w)
{
	const struct messaging_conf *c = w->c;
	size_t want = (size_t)c->fds * c->loops * c->datasize, got = 0;
	char *data = malloc(c->datasize);
	int err;

	if (!data)
		return -ENOMEM;
	err = messaging_ready(w);
	/* Messages may arrive split or merged: count bytes, retry short reads. */
	while (!err && got < want) {
		size_t left = want - got;
		ssize_t n = read(w->in_fd, data,
				 left < c->datasize ? left : c->datasize);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			fprintf(stderr,
				"messaging: receiver short of messages: %zu of %zu bytes\n",
				got, want);
			err = n < 0 ? -errno : -EPIPE;
			break;
		}
		got += n;
	}
	free(data);
	return err;
}

static int messaging_work(struct messaging_worker *w)
{
	return w->sender ? messaging_send(w) : messaging_receive(w);
}

static void *messaging_thread(void *arg)
{
	return (void *)(long)messaging_work(arg);
}

static int messaging_start(struct messaging_worker *w)
{
	pthread_attr_t attr;
	int err;

	if (w->c->threads) {
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, MESSAGING_STACK);
		err = -pthread_create(&w->thread, &attr, messaging_thread, w);
		pthread_attr_destroy(&attr);
		return err;
	}
	w->pid = fork();
	if (w->pid < 0)
		return -errno;
	if (w->pid == 0)
		_exit(messaging_work(w) ? 1 : 0);
	return 0;
}

static int messaging_reap(struct messaging_worker *w)
{
	void *ret;
	int status;

	if (w->c->threads) {
		pthread_join(w->thread, &ret);
		return (int)(long)ret;
	}
	while (waitpid(w->pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

/*
 * One group: one channel per receiver, every sender writing to all of
 * them; its workers started (counted in *started even when one fails).
 */
static int messaging_group_start(const struct messaging_conf *c,
				 struct messaging_worker *w, int *gfds,
				 int ready_fd, int wake_fd,
				 unsigned int *started)
{
	unsigned int per = 2 * c->fds, i, j;
	int err = 0;

	for (i = 0; i < c->fds && !err; i++) {
		int *ch = gfds + 2 * i;

		if (c->pipes ? pipe(ch) :
			       socketpair(AF_UNIX, SOCK_STREAM, 0, ch))
			err = -errno;
	}
	for (i = 0; i < per && !err; i++) {
		w[i].c = c;
		w[i].ready_fd = ready_fd;
		w[i].wake_fd = wake_fd;
		w[i].sender = i >= c->fds;
		if (w[i].sender)
			w[i].out_fds = NULL;
		else
			w[i].in_fd = gfds[2 * i];
	}
	if (err)
		return err;
	for (i = 0; i < c->fds && !err; i++) {
		int *out = malloc(c->fds * sizeof(int));

		if (!out) {
			err = -ENOMEM;
			break;
		}
		for (j = 0; j < c->fds; j++)
			out[j] = gfds[2 * j + 1];
		w[c->fds + i].out_fds = out;
	}
	for (i = 0; i < per && !err; i++) {
		err = messaging_start(&w[i]);
		if (!err)
			(*started)++;
	}
	/* Processes have their copies: close ours, so EOF can be seen. */
	if (!c->threads)
		for (i = 0; i < 2 * c->fds; i++)
			close(gfds[i]);
	return err;
}

/* Every group's workers, their channels @fds, started. */
static int messaging_groups_start(const struct messaging_conf *c,
				  struct messaging_worker *w, int *fds,
				  int ready_fd, int wake_fd,
				  unsigned int *started)
{
	unsigned int per = 2 * c->fds, g;
	int err = 0;

	for (g = 0; g < c->groups && !err; g++)
		err = messaging_group_start(c, w + g * per,
					    fds + (size_t)g * c->fds * 2,
					    ready_fd, wake_fd, started);
	return err;
}

/*
 * Once all @total workers say they are set up, the clock starts
 * (*start) and they are released at once.
 */
static int messaging_release(int ready_fd, int wake_fd, unsigned int total,
			     double *start)
{
	unsigned int i;
	char dummy = 0;

	for (i = 0; i < total; i++)
		if (read(ready_fd, &dummy, 1) != 1)
			return -EIO;
	*start = util_now();
	/* One byte makes the wake pipe readable for every poller. */
	if (write(wake_fd, &dummy, 1) != 1)
		return -errno;
	return 0;
}

static void messaging_pipes_close(int ready[2], int wake[2])
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		if (ready[i] >= 0)
			close(ready[i]);
		if (wake[i] >= 0)
			close(wake[i]);
	}
}

int messaging_run(const struct messaging_conf *c, double *seconds)
{
	unsigned int total = c->groups * 2 * c->fds, started = 0, i;
	struct messaging_worker *w = calloc(total, sizeof(*w));
	int *fds = calloc((size_t)c->groups * c->fds * 2, sizeof(int));
	int ready[2] = { -1, -1 }, wake[2] = { -1, -1 }, err = 0, failed = 0;
	double start = 0;

	if (!w || !fds) {
		err = -ENOMEM;
		goto out;
	}
	if (pipe(ready) || pipe(wake)) {
		err = -errno;
		goto out;
	}
	signal(SIGPIPE, SIG_IGN);
	err = messaging_groups_start(c, w, fds, ready[1], wake[0], &started);
	if (!err)
		err = messaging_release(ready[0], wake[1], total, &start);
	if (err) {
		/* Release whoever waits so that reaping cannot hang. */
		close(wake[1]);
		wake[1] = -1;
	}
	for (i = 0; i < started; i++)
		failed |= messaging_reap(&w[i]) != 0;
	if (!err)
		*seconds = util_now() - start;
	if (!err && failed)
		err = -EIO;
	if (c->threads)
		for (i = 0; i < (size_t)c->groups * c->fds * 2; i++)
			close(fds[i]);
out:
	for (i = 0; w && i < total; i++)
		free(w[i].out_fds);
	free(w);
	free(fds);
	messaging_pipes_close(ready, wake);
	return err;
}

double hackbench_throughput(unsigned int tasks, unsigned int loops,
			    double seconds)
{
	return (double)(((unsigned long long)tasks * loops * 100) >> 10) /
	       seconds;
}
