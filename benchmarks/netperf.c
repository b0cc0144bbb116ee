// SPDX-License-Identifier: GPL-2.0
/*
 * netperf over loopback, as LKP runs it (cluster: cs-localhost): it
 * starts nr_threads netperf instances at once against a netserver on
 * 127.0.0.1, each running `-t TEST -l runtime [-- -m send_size]`; its
 * parser averages and sums the instances' results.
 *
 * Written from netperf's manual, not its code. A test is a transport
 * and a pattern, read off its name:
 *   _STREAM  the client sends send_size-byte buffers for runtime
 *            seconds; throughput is the bytes the server received,
 *            in 10^6 bits per second of the client's elapsed time;
 *   _MAERTS  the same with the server sending;
 *   _RR      one connection, transactions of a 1-byte request and a
 *            1-byte response (the manual's default -r 1,1), one at a
 *            time; transactions per second;
 *   _CRR     the same with a new connection per transaction.
 * TCP, UDP, and SCTP one-to-one style (SOCK_STREAM, IPPROTO_SCTP).
 *
 * Each pair is a server process and a client process, which also
 * checks its work: the bytes the receiver counted are those the sender
 * sent (UDP may drop: at most those), both ends count the same
 * transactions. LKP's stats/netperf gives the metrics:
 *   netperf.Throughput_{Mbps,tps}        mean of the pairs (senders')
 *   netperf.Throughput_total_{Mbps,tps}  their sum
 *   netperf.ThroughputRecv_*  UDP_STREAM's receivers' (netperf's 2nd row)
 *   netperf.ThroughputBoth_*  the sum of the two (or the first alone)
 *   netperf.workload  Both's total x elapsed seconds: transactions, or
 *                     for the streams the send_size buffers it makes.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "shared/util.h"

#ifndef IPPROTO_SCTP
#define IPPROTO_SCTP 132
#endif

/* The largest UDP payload over IPv4, which caps a datagram's size. */
#define NP_UDP_MAX 65507
/* TCP_CRR's clients bind ports from here up, a share per pair. */
#define NP_LPORT_LO 5000
/* How often a server waiting for the client's end looks for it. */
#define NP_END_POLL_US 50000
/* A lost UDP_RR datagram would hang the pair: give up after this. */
#define NP_RR_TIMEOUT_S 5

enum np_pattern { NP_STREAM, NP_MAERTS, NP_RR, NP_CRR };

struct np_conf {
	const char *name;
	int type, proto, pattern;
	unsigned int runtime;
	unsigned int size, rsize; /* bytes per send, per receive */
};

/* One pair's counts, in memory shared with the parent. */
struct np_pair {
	double elapsed; /* the client's seconds */
	unsigned long long sent, rcvd; /* stream bytes, sender and receiver */
	unsigned long long trans_c, trans_s; /* transactions, both ends */
	int err_c, err_s; /* -errno of each end */
	/* TCP_CRR's client ports: the pair's own share of the range. */
	unsigned int lport_lo, lport_hi, lport;
};

static const struct {
	const char *prefix;
	int type, proto;
} np_transports[] = {
	{ "TCP_", SOCK_STREAM, IPPROTO_TCP },
	{ "UDP_", SOCK_DGRAM, IPPROTO_UDP },
	{ "SCTP_", SOCK_STREAM, IPPROTO_SCTP },
};

static const char *const np_patterns[] = { "STREAM", "MAERTS", "RR", "CRR" };

/* The job's test name (checked against proto/jobkeys.def) into @c. */
static int np_conf_parse(const char *name, struct np_conf *c)
{
	size_t i, n;

	c->name = name;
	for (i = 0; i < ARRAY_SIZE(np_transports); i++) {
		n = strlen(np_transports[i].prefix);
		if (!strncmp(name, np_transports[i].prefix, n))
			break;
	}
	if (i == ARRAY_SIZE(np_transports))
		return -EINVAL;
	c->type = np_transports[i].type;
	c->proto = np_transports[i].proto;
	for (i = 0; i < ARRAY_SIZE(np_patterns); i++)
		if (!strcmp(name + n, np_patterns[i])) {
			c->pattern = (int)i;
			return 0;
		}
	return -EINVAL;
}

static int np_socket(const struct np_conf *c)
{
	int fd = socket(AF_INET, c->type | SOCK_CLOEXEC, c->proto);

	return fd < 0 ? -errno : fd;
}

static void np_addr_set(struct sockaddr_in *a, unsigned short port)
{
	memset(a, 0, sizeof(*a));
	a->sin_family = AF_INET;
	a->sin_port = port;
	a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
}

static size_t np_buf_size(const struct np_conf *c)
{
	return c->size > c->rsize ? c->size : c->rsize;
}

/* The whole of @n bytes, across signals and short transfers. */
static int np_xfer(int fd, char *buf, size_t n, int out)
{
	ssize_t r;

	while (n) {
		r = out ? send(fd, buf, n, MSG_NOSIGNAL) : recv(fd, buf, n, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return -EPIPE;
		buf += r;
		n -= (size_t)r;
	}
	return 0;
}

/* Send until the alarm; the bytes the kernel took. */
static int np_send_loop(int fd, const char *buf, size_t size,
			unsigned long long *bytes)
{
	ssize_t r;

	while (!harness_stop) {
		r = send(fd, buf, size, MSG_NOSIGNAL);
		if (r < 0 && (errno == EINTR || errno == ENOBUFS))
			continue;
		if (r < 0)
			return -errno;
		*bytes += (unsigned long long)r;
	}
	return 0;
}

/* Receive to the end of the stream. */
static int np_recv_all(int fd, char *buf, size_t size,
		       unsigned long long *bytes)
{
	ssize_t r;

	for (;;) {
		r = recv(fd, buf, size, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return 0;
		*bytes += (unsigned long long)r;
	}
}

/*
 * The servers block in their calls as netserver does; UDP's, whose
 * client's end comes on the control socket, time out now and then
 * (SO_RCVTIMEO) to look at it.
 */
static int np_ended(int ctl)
{
	struct pollfd p = { ctl, POLLIN, 0 };

	return poll(&p, 1, 0) > 0;
}

/* A failed call: 1 to go on (a signal, a timeout before the end). */
static int np_again(int ctl, int *err)
{
	if (errno == EINTR)
		return 1;
	if ((errno == EAGAIN || errno == EWOULDBLOCK) && !np_ended(ctl))
		return 1;
	*err = errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -errno;
	return 0;
}

/* UDP_STREAM's receiver: what came, until the client's end. */
static int np_udp_sink(int fd, int ctl, char *buf, size_t size,
		       struct np_pair *r)
{
	ssize_t n;
	int err = 0;

	for (;;) {
		n = recv(fd, buf, size, 0);
		if (n >= 0)
			r->rcvd += (unsigned long long)n;
		else if (!np_again(ctl, &err))
			return err;
	}
}

/* Answer 1-byte requests until the end of the stream or the client's. */
static int np_rr_serve(int fd, int ctl, struct np_pair *r)
{
	struct sockaddr_in from;
	socklen_t len;
	ssize_t n;
	int err = 0;
	char b;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(fd, &b, 1, 0, (struct sockaddr *)&from, &len);
		if (n < 0 && np_again(ctl, &err))
			continue;
		if (n <= 0)
			return err; /* 0: the client closed, its end */
		if (sendto(fd, &b, 1, MSG_NOSIGNAL, (struct sockaddr *)&from,
			   len) != 1)
			return -errno;
		r->trans_s++;
	}
}

/*
 * TCP_CRR's server: accept, answer, close; the client's end is a
 * connection that closes with no request.
 */
static int np_crr_serve(int lfd, struct np_pair *r)
{
	int fd, err;
	char b;

	for (;;) {
		fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0 && errno == EINTR)
			continue;
		if (fd < 0)
			return -errno;
		err = np_xfer(fd, &b, 1, 0);
		if (!err)
			err = np_xfer(fd, &b, 1, 1);
		close(fd);
		if (err)
			return err == -EPIPE ? 0 : err;
		r->trans_s++;
	}
}

/* The server's side of the test on its data socket @fd. */
static int np_serve(const struct np_conf *c, int fd, int ctl, char *buf,
		    struct np_pair *r)
{
	int cfd, err;

	if (c->pattern == NP_CRR)
		return np_crr_serve(fd, r);
	if (c->type == SOCK_DGRAM)
		return c->pattern == NP_RR ?
			       np_rr_serve(fd, ctl, r) :
			       np_udp_sink(fd, ctl, buf, c->rsize, r);
	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (cfd < 0)
		return -errno;
	if (c->pattern == NP_STREAM) {
		err = np_recv_all(cfd, buf, c->rsize, &r->rcvd);
	} else if (c->pattern == NP_RR) {
		err = np_rr_serve(cfd, ctl, r);
	} else {
		err = harness_alarm_arm(c->runtime);
		if (!err)
			err = np_send_loop(cfd, buf, c->size, &r->sent);
	}
	close(cfd);
	return err;
}

/* A netserver for one client: its data socket's port goes on @ctl. */
static int np_server(const struct np_conf *c, int ctl, struct np_pair *r)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	struct timeval tv = { 0, NP_END_POLL_US };
	char *buf = calloc(1, np_buf_size(c));
	int fd = np_socket(c), err = 0;

	if (fd < 0 || !buf) {
		err = fd < 0 ? fd : -ENOMEM;
		goto out;
	}
	np_addr_set(&a, 0);
	if ((c->type == SOCK_DGRAM &&
	     setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv))) ||
	    bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    (c->type != SOCK_DGRAM && listen(fd, 1024)) ||
	    getsockname(fd, (struct sockaddr *)&a, &len) ||
	    write(ctl, &a.sin_port, sizeof(a.sin_port)) != sizeof(a.sin_port)) {
		err = -errno;
		goto out;
	}
	err = np_serve(c, fd, ctl, buf, r);
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return err;
}

static int np_connect(const struct np_conf *c, unsigned short port)
{
	struct sockaddr_in a;
	int fd = np_socket(c), err;

	if (fd < 0)
		return fd;
	np_addr_set(&a, port);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

/* One transaction: the response must be the request's byte back. */
static int np_rr_once(int fd, unsigned long long i)
{
	char q = (char)i, a = 0;
	int err = np_xfer(fd, &q, 1, 1);

	if (!err)
		err = np_xfer(fd, &a, 1, 0);
	if (!err && a != q)
		err = -EBADMSG;
	return err;
}

/*
 * TCP_CRR's connection as netperf makes it (seen in its system calls):
 * SO_REUSEADDR and an explicit bind to the next port of the client's
 * own range, where the kernel would otherwise pick one at connect.
 */
static int np_crr_connect(const struct np_conf *c, unsigned short port,
			  struct np_pair *r)
{
	struct sockaddr_in a, me = { .sin_family = AF_INET };
	int fd = np_socket(c), one = 1, err = -EADDRINUSE;
	unsigned int tries;

	if (fd < 0)
		return fd;
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one))) {
		err = -errno;
		goto fail;
	}
	for (tries = r->lport_hi - r->lport_lo; tries; tries--) {
		me.sin_port = htons((unsigned short)r->lport);
		if (++r->lport >= r->lport_hi)
			r->lport = r->lport_lo;
		if (!bind(fd, (struct sockaddr *)&me, sizeof(me)))
			break;
		if (errno != EADDRINUSE) {
			err = -errno;
			goto fail;
		}
	}
	if (!tries)
		goto fail;
	np_addr_set(&a, port);
	if (!connect(fd, (struct sockaddr *)&a, sizeof(a)))
		return fd;
	err = -errno;
fail:
	close(fd);
	return err;
}

/* After TCP_CRR's response the server closes first: read its end. */
static int np_crr_eof(int fd)
{
	ssize_t n;
	char b;

	do
		n = recv(fd, &b, 1, 0);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n ? -EPROTO : 0;
}

/*
 * Transactions until the runtime is over, by the clock rather than the
 * alarm: one in flight at the end is finished, so both ends agree.
 */
static int np_rr_loop(const struct np_conf *c, unsigned short port, int fd,
		      double end, struct np_pair *r)
{
	struct timeval tv = { NP_RR_TIMEOUT_S, 0 };
	int err = 0;

	if (c->type == SOCK_DGRAM &&
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		return -errno;
	while (!err && util_now() < end) {
		if (c->pattern == NP_CRR) {
			fd = np_crr_connect(c, port, r);
			if (fd < 0)
				return fd;
		}
		err = np_rr_once(fd, r->trans_c);
		if (c->pattern == NP_CRR) {
			if (!err)
				err = np_crr_eof(fd);
			close(fd);
		}
		if (!err)
			r->trans_c++;
	}
	return err;
}

static int np_client_run(const struct np_conf *c, unsigned short port,
			 char *buf, struct np_pair *r)
{
	double t0 = util_now();
	int fd, err;

	if (c->pattern == NP_CRR) {
		err = np_rr_loop(c, port, -1, t0 + c->runtime, r);
		r->elapsed = util_now() - t0;
		/* The end: a connection with no request. */
		fd = np_connect(c, port);
		if (fd < 0)
			return err ? err : fd;
		close(fd);
		return err;
	}
	fd = np_connect(c, port);
	if (fd < 0)
		return fd;
	if (c->pattern == NP_RR) {
		err = np_rr_loop(c, port, fd, t0 + c->runtime, r);
	} else if (c->pattern == NP_MAERTS) {
		err = np_recv_all(fd, buf, c->rsize, &r->rcvd);
	} else {
		err = harness_alarm_arm(c->runtime);
		if (!err)
			err = np_send_loop(fd, buf, c->size, &r->sent);
	}
	r->elapsed = util_now() - t0;
	/* The server's end of stream, then its pending reads finish. */
	if (c->type != SOCK_DGRAM)
		shutdown(fd, SHUT_WR);
	close(fd);
	return err;
}

/* A netperf instance: the server's port, the common start, the test. */
static int np_client(const struct np_conf *c, int ctl, int go,
		     struct np_pair *r)
{
	unsigned short port;
	char *buf = calloc(1, np_buf_size(c)), b;
	int err = -EPIPE;

	if (!buf)
		return -ENOMEM;
	if (read(ctl, &port, sizeof(port)) != sizeof(port))
		goto out; /* the server failed and said why */
	if (read(go, &b, 1) < 0) {
		err = -errno;
		goto out;
	}
	err = np_client_run(c, port, buf, r);
	/*
	 * The end, for the servers that wait on the control socket; one
	 * that ended already (EPIPE) has no need of it.
	 */
	if (send(ctl, "e", 1, MSG_NOSIGNAL) != 1 && errno != EPIPE && !err)
		err = -errno;
out:
	free(buf);
	return err;
}

/* One end of pair @r: it keeps its control socket and the start pipe. */
static pid_t np_spawn(const struct np_conf *c, int client, const int *sv,
		      const int *go, struct np_pair *r)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	close(sv[!client]);
	close(go[1]);
	if (client)
		r->err_c = np_client(c, sv[client], go[0], r);
	else
		r->err_s = np_server(c, sv[client], r);
	_exit(0);
}

/* Start @n pairs at once and wait for them; 0 when all ended normally. */
static int np_pairs_run(const struct np_conf *c, unsigned int n,
			struct np_pair *pairs)
{
	int go[2], sv[2], status, err = 0;
	unsigned int i, k;
	pid_t pid;

	if (pipe2(go, O_CLOEXEC))
		return -errno;
	for (i = 0; i < n && !err; i++) {
		pairs[i].lport_lo =
			NP_LPORT_LO + i * ((65536 - NP_LPORT_LO) / n);
		pairs[i].lport_hi =
			pairs[i].lport_lo + (65536 - NP_LPORT_LO) / n;
		pairs[i].lport = pairs[i].lport_lo;
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
			err = -errno;
			break;
		}
		for (k = 0; k < 2 && !err; k++)
			if (np_spawn(c, (int)k, sv, go, &pairs[i]) < 0)
				err = -errno;
		close(sv[0]);
		close(sv[1]);
	}
	close(go[0]);
	close(go[1]); /* the start: the clients' reads see its end */
	while ((pid = wait(&status)) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			err = -ECHILD;
	return err;
}

/* Did pair @i do what its two ends claim? Said on stderr when not. */
static int np_pair_check(const struct np_conf *c, const struct np_pair *r,
			 unsigned int i)
{
	int err = r->err_c ? r->err_c : r->err_s;

	if (err) {
		fprintf(stderr, "netperf: %s pair %u: the %s failed: %s\n",
			c->name, i, r->err_c ? "client" : "server",
			strerror(-err));
		return err;
	}
	if (c->pattern >= NP_RR) {
		if (r->trans_c && r->trans_c == r->trans_s)
			return 0;
		fprintf(stderr,
			"netperf: %s pair %u: the client counted %llu transactions, the server %llu\n",
			c->name, i, r->trans_c, r->trans_s);
		return -EBADMSG;
	}
	/* UDP may drop datagrams, never add them. */
	if (r->rcvd && (r->rcvd == r->sent ||
			(c->type == SOCK_DGRAM && r->rcvd < r->sent)))
		return 0;
	fprintf(stderr,
		"netperf: %s pair %u: the receiver counted %llu bytes, the sender sent %llu\n",
		c->name, i, r->rcvd, r->sent);
	return -EBADMSG;
}

/* Pair @r's result: Mbps (by the sender's count, as netperf's first row) or tps. */
static double np_pair_rate(const struct np_conf *c, const struct np_pair *r,
			   int recv)
{
	if (c->pattern >= NP_RR)
		return r->trans_c / r->elapsed;
	return (recv ? r->rcvd : r->sent) * 8 / r->elapsed / 1e6;
}

static void np_metric2(const char *what, const char *unit, double total,
		       unsigned int n)
{
	char name[64];

	snprintf(name, sizeof(name), "netperf.%s_%s", what, unit);
	harness_metric(name, total / n);
	snprintf(name, sizeof(name), "netperf.%s_total_%s", what, unit);
	harness_metric(name, total);
}

/*
 * LKP's stats/netperf over the pairs: netperf's first result row (the
 * sender's) is Throughput; UDP_STREAM has a second, the receiver's,
 * ThroughputRecv; ThroughputBoth is their sum (the first alone where
 * there is one row), and the workload is made of it.
 */
static void np_report(const struct np_conf *c, const struct np_pair *pairs,
		      unsigned int n)
{
	int stream = c->pattern < NP_RR, two = stream && c->type == SOCK_DGRAM;
	const char *unit = stream ? "Mbps" : "tps";
	double total = 0, rtotal = 0, elapsed = 0, workload;
	unsigned int i;

	for (i = 0; i < n; i++) {
		printf("pair %u: %.2f s, sent %llu B, received %llu B, transactions %llu/%llu: %.2f %s\n",
		       i, pairs[i].elapsed, pairs[i].sent, pairs[i].rcvd,
		       pairs[i].trans_c, pairs[i].trans_s,
		       np_pair_rate(c, &pairs[i], 0), unit);
		total += np_pair_rate(c, &pairs[i], 0);
		rtotal += np_pair_rate(c, &pairs[i], 1);
		elapsed += pairs[i].elapsed;
	}
	elapsed /= n;
	np_metric2("Throughput", unit, total, n);
	if (two)
		np_metric2("ThroughputRecv", unit, rtotal, n);
	else
		rtotal = 0;
	np_metric2("ThroughputBoth", unit, total + rtotal, n);
	workload = (total + rtotal) * elapsed;
	if (stream)
		workload = workload * 1e6 / 8 / c->size;
	harness_metric("netperf.workload", workload);
}

/*
 * The send size: netperf's default is the local send socket buffer's
 * size, for a datagram at most what one can carry; it receives in the
 * receive socket buffer's size. The kernel's lack
 * of the transport is said here, once, before anything starts.
 */
static int np_size_set(struct np_conf *c, unsigned int send_size)
{
	int fd = np_socket(c), sz = 0, rsz = 0;
	socklen_t len = sizeof(sz);

	if (fd < 0) {
		fprintf(stderr,
			"netperf: %s: this kernel has no %.*s sockets (%s): boot a kernel with %s\n",
			c->name, (int)(strchr(c->name, '_') - c->name), c->name,
			strerror(-fd),
			c->proto == IPPROTO_SCTP ? "CONFIG_IP_SCTP" :
						   "CONFIG_INET");
		return fd;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, &len) || sz < 1)
		sz = 16384;
	/* The receives' size: likewise the receive buffer's (-M). */
	len = sizeof(rsz);
	if (getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rsz, &len) || rsz < 1)
		rsz = 131072;
	close(fd);
	c->rsize = 1;
	if (c->pattern >= NP_RR) {
		if (send_size) {
			fprintf(stderr,
				"netperf: send_size is a _STREAM or _MAERTS test's (-m); %s sends 1-byte requests: leave it out\n",
				c->name);
			return -EINVAL;
		}
		c->size = 1;
		return 0;
	}
	c->size = send_size ? send_size : (unsigned int)sz;
	if (c->type == SOCK_DGRAM && c->size > NP_UDP_MAX) {
		if (send_size) {
			fprintf(stderr,
				"netperf: send_size %u is more than a UDP datagram carries: give at most %u\n",
				send_size, NP_UDP_MAX);
			return -EINVAL;
		}
		c->size = NP_UDP_MAX;
	}
	/* A datagram is received whole, a stream in the buffer's size. */
	c->rsize = c->type == SOCK_DGRAM ? c->size : (unsigned int)rsz;
	return 0;
}

static int np_run(int argc, char **argv)
{
	unsigned int runtime = 10, pairs_n = 1, send_size = 0, i;
	const char *test = "TCP_STREAM";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "nr_threads", &pairs_n, NULL },
		{ "netperf_test", NULL, &test },
		{ "send_size", &send_size, NULL },
	};
	struct np_conf c;
	struct np_pair *pairs;
	int err = 0;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (np_conf_parse(test, &c)) {
		fprintf(stderr, "netperf: test %s is not one of ours\n", test);
		return 2;
	}
	c.runtime = runtime;
	if (np_size_set(&c, send_size))
		return 2;
	pairs = mmap(NULL, pairs_n * sizeof(*pairs), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pairs == MAP_FAILED) {
		perror("netperf: mmap");
		return 1;
	}
	printf("netperf %s over loopback: %u pairs, %u s, %u-byte %s\n", c.name,
	       pairs_n, runtime, c.size,
	       c.pattern < NP_RR ? "sends" : "requests and responses");
	fflush(stdout);
	if (np_pairs_run(&c, pairs_n, pairs))
		err = -ECHILD;
	for (i = 0; i < pairs_n; i++)
		if (np_pair_check(&c, &pairs[i], i))
			err = -EBADMSG;
	if (err == -ECHILD)
		fprintf(stderr, "netperf: a netperf process died\n");
	if (!err)
		np_report(&c, pairs, pairs_n);
	munmap(pairs, pairs_n * sizeof(*pairs));
	return err ? 1 : 0;
}

const struct bench bench = {
	.name = "netperf",
	.title = "netperf",
	.run = np_run,
};
