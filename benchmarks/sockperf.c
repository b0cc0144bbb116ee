// SPDX-License-Identifier: GPL-2.0
/*
 * sockperf as LKP runs it, with Debian's build from the image's layer
 * (lkp-tests programs/sockperf-server/daemon and programs/sockperf/run):
 * a UDP and a TCP server on the loopback, then for each of under-load,
 * ping-pong and throughput, over UDP and then TCP, a client of
 * runtime / 6 seconds:
 *
 *   sockperf server [--tcp]
 *   sockperf SUBCOMMAND -i 127.0.0.1 --time T --msg-size M [--tcp]
 *
 * Its lines read as LKP's parser reads them, each under LKP's name:
 *   sockperf.<sub>.<UDP|TCP>.avg-lat, .std-dev  "avg-lat=X (std-dev=Y)"
 *   sockperf.<sub>.<UDP|TCP>.msg_per_sec        "Message Rate is N [msg/sec]"
 *   sockperf.<sub>.<UDP|TCP>.BandWidth_MBps     "BandWidth is X MBps"
 * (LKP builds sockperf's v2 branch, which prints "avg-lat="; Debian's
 * 3.7 prints "avg-latency=" for the same number: both are read.) A
 * client that gives none of its subcommand's numbers fails the run.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "params.h"
#include "shared/util.h"

#define SOCKPERF_BIN "/usr/bin/sockperf"
#define SOCKPERF_PORT 11111 /* its default */

struct sockperf_out {
	const char *sub, *proto;
	int seen;
};

static void sockperf_say(const struct sockperf_out *o, const char *what,
			 double v)
{
	char name[128];

	snprintf(name, sizeof(name), "sockperf.%s.%s.%s", o->sub, o->proto,
		 what);
	harness_metric(name, v);
}

/* One line of a client, LKP's parse: the numbers after their words. */
static void sockperf_line(const char *line, void *ctx)
{
	struct sockperf_out *o = ctx;
	const char *p, *sd;

	if (strncmp(line, "sockperf:", 9))
		return;
	p = strstr(line, "avg-lat");
	sd = strstr(line, "(std-dev=");
	if (p && sd && (p = strchr(p, '='))) {
		sockperf_say(o, "avg-lat", strtod(p + 1, NULL));
		sockperf_say(o, "std-dev", strtod(sd + 9, NULL));
		o->seen++;
	}
	p = strstr(line, "Summary: Message Rate is ");
	if (p) {
		sockperf_say(o, "msg_per_sec", strtod(p + 25, NULL));
		o->seen++;
	}
	p = strstr(line, "Summary: BandWidth is ");
	if (p && strstr(p, " MBps")) {
		sockperf_say(o, "BandWidth_MBps", strtod(p + 22, NULL));
		o->seen++;
	}
}

/* A server in its own process group, for one kill to end it and its child. */
static pid_t sockperf_server_start(int tcp)
{
	char *cmd[] = { SOCKPERF_BIN, "server", tcp ? "--tcp" : NULL, NULL };
	pid_t pid = fork();

	if (pid)
		return pid;
	setpgid(0, 0);
	_exit(external_run(cmd, harness_tmpdir(), -1, NULL, NULL) ? 1 : 0);
}

/* The TCP server, started last, accepts: 0, or -ETIMEDOUT after 30 s. */
static int sockperf_server_wait(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons(SOCKPERF_PORT) };
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	int i, fd, ok = 0;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	for (i = 0; i < 300 && !ok; i++) {
		fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return -errno;
		ok = !connect(fd, (struct sockaddr *)&a, sizeof(a));
		close(fd);
		if (!ok)
			nanosleep(&ts, NULL);
	}
	return ok ? 0 : -ETIMEDOUT;
}

/* One client: 0, or 1 when it gave none of its numbers. */
static int sockperf_client(const char *sub, int tcp, unsigned int secs,
			   unsigned int msg_size)
{
	char t[16], m[16];
	char *cmd[] = { SOCKPERF_BIN, (char *)sub, "-i",
			"127.0.0.1",  "--time",	   t,
			"--msg-size", m,	   tcp ? "--tcp" : NULL,
			NULL };
	struct sockperf_out o = { sub, tcp ? "TCP" : "UDP", 0 };
	int status;

	snprintf(t, sizeof(t), "%u", secs);
	snprintf(m, sizeof(m), "%u", msg_size);
	printf("progress sockperf %s %s for %u s, %u-byte messages\n", sub,
	       o.proto, secs, msg_size);
	fflush(stdout);
	status = external_run(cmd, harness_tmpdir(), -1, sockperf_line, &o);
	if (status < 0)
		fprintf(stderr, "sockperf: cannot run %s: %s\n", SOCKPERF_BIN,
			strerror(-status));
	else if (!o.seen)
		fprintf(stderr,
			"sockperf: %s over %s gave no number (sockperf exited %d): see its lines above\n",
			sub, o.proto, status);
	return status < 0 || !o.seen;
}

static int sockperf_clients(unsigned int runtime, unsigned int msg_size)
{
	static const char *const subs[] = { "under-load", "ping-pong",
					    "throughput" };
	unsigned int secs = runtime / 6 ? runtime / 6 : 1;
	size_t i;
	int failed = 0, tcp;

	for (i = 0; i < ARRAY_SIZE(subs); i++)
		for (tcp = 0; tcp < 2; tcp++)
			failed |= sockperf_client(subs[i], tcp, secs, msg_size);
	return failed;
}

static int sockperf_run(int argc, char **argv)
{
	unsigned int runtime = 600;
	const char *size_s = "1472";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "msg_size", NULL, &size_s },
	};
	unsigned long long size;
	pid_t udp, tcp;
	int err, failed;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (param_size_parse(size_s, &size) || !size || size > 65507) {
		fprintf(stderr,
			"sockperf: msg_size=%s: give a message size of 1 to 65507 bytes (LKP's 1472b)\n",
			size_s);
		return 2;
	}
	fflush(stdout);
	udp = sockperf_server_start(0);
	tcp = sockperf_server_start(1);
	if (udp < 0 || tcp < 0)
		return 1;
	err = sockperf_server_wait();
	if (err)
		fprintf(stderr,
			"sockperf: its TCP server on 127.0.0.1:%d did not accept: %s\n",
			SOCKPERF_PORT, strerror(-err));
	failed = err ? 1 : sockperf_clients(runtime, size);
	kill(-udp, SIGKILL);
	kill(-tcp, SIGKILL);
	waitpid(udp, NULL, 0);
	waitpid(tcp, NULL, 0);
	return failed;
}

const struct bench bench = {
	.name = "sockperf",
	.title = "sockperf",
	.run = sockperf_run,
};
