// SPDX-License-Identifier: GPL-2.0
/*
 * One iteration of the job: the benchmark runs as a child of PID 1 in
 * its own session, writes "metric NAME VALUE" and "progress TEXT" lines
 * on its stdout (docs/protocol.md), and is killed with its whole
 * process group when the watchdog fires. PID 1 reaps everything that
 * is reparented to it, like tini, and a death by signal N reads as
 * exit code 128+N.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init.h"
#include "proto/names.h"
#include "shared/util.h"

#define RUN_LINE_MAX 4096
#define RUN_METRICS_MAX 65536
#define BENCH_DIR "/bench"

struct run_state {
	struct port *port;
	const struct job *job;
	const char *test;
	struct run_metric *metrics;
	unsigned int nmetrics, cap;
	unsigned int bench_metrics; /* reported by the benchmark itself */
	char line[RUN_LINE_MAX];
	size_t linelen;
	int overflow;
};

static void run_metric_append(struct run_state *st, const char *name, double v)
{
	struct run_metric *m;

	if (strlen(name) >= sizeof(m->name) || st->nmetrics == RUN_METRICS_MAX)
		return;
	if (st->nmetrics == st->cap) {
		unsigned int cap = st->cap ? 2 * st->cap : 256;

		m = realloc(st->metrics, cap * sizeof(*m));
		if (!m)
			return;
		st->metrics = m;
		st->cap = cap;
	}
	m = &st->metrics[st->nmetrics++];
	strcpy(m->name, name);
	m->value = v;
}

static void run_metric_set(struct run_state *st, const char *name, double v)
{
	unsigned int i;

	for (i = 0; i < st->nmetrics; i++) {
		if (!strcmp(st->metrics[i].name, name)) {
			st->metrics[i].value = v;
			return;
		}
	}
	run_metric_append(st, name, v);
}

/* Monitor names are unique by construction: no lookup needed. */
static void run_metric_emit(void *ctx, const char *name, double v)
{
	run_metric_append(ctx, name, v);
}

static void run_line_handle(struct run_state *st, char *line)
{
	char *name, *val, *end;
	double v;

	if (!strncmp(line, "metric ", 7)) {
		name = line + 7;
		val = strchr(name, ' ');
		if (val) {
			*val++ = '\0';
			v = strtod(val, &end);
			if (end != val && !*end && isfinite(v) &&
			    !names_metric_check(name)) {
				run_metric_set(st, name, v);
				st->bench_metrics++;
				return;
			}
			val[-1] = ' ';
		}
	} else if (!strncmp(line, "progress ", 9)) {
		record_log_send(st->port, "progress", line + 9);
		return;
	}
	record_log_send(st->port, "output", line);
}

static void run_output_consume(struct run_state *st, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (buf[i] != '\n') {
			if (st->linelen < RUN_LINE_MAX - 1)
				st->line[st->linelen++] = buf[i];
			else
				st->overflow = 1;
			continue;
		}
		st->line[st->linelen] = '\0';
		run_line_handle(st, st->line);
		st->linelen = 0;
		st->overflow = 0;
	}
}

/* Reap whatever has exited; report whether @main was among them. */
static int run_reap(pid_t main, int *status, struct rusage *ru)
{
	struct rusage r;
	int found = 0, s;
	pid_t pid = 0;

	while ((pid = wait4(-1, &s, WNOHANG, &r)) > 0) {
		if (pid == main) {
			*status = s;
			*ru = r;
			found = 1;
		}
	}
	return found;
}

void run_reap_all(void)
{
	int s;

	while (waitpid(-1, &s, WNOHANG) > 0)
		;
}

static int run_child_start(const struct job *job, const char *test, int *outfd,
			   pid_t *pid)
{
	char *argv[JOB_ARGS_MAX + 2];
	char prog[128];
	int p[2], i;

	snprintf(prog, sizeof(prog), BENCH_DIR "/%s", test);
	if (access(prog, X_OK))
		return -ENOENT;
	if (pipe2(p, O_CLOEXEC))
		return -errno;
	argv[0] = prog;
	for (i = 0; i < job->nargs; i++)
		argv[i + 1] = job->args[i];
	argv[i + 1] = NULL;
	*pid = fork();
	if (*pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (*pid == 0) {
		setsid();
		dup2(p[1], STDOUT_FILENO);
		if (chdir(job->workdir))
			_exit(126);
		/* Benchmarks must not inherit PID 1's protection. */
		i = open("/proc/self/oom_score_adj", O_WRONLY);
		if (i >= 0) {
			if (write(i, "0", 1) < 0)
				_exit(126);
			close(i);
		}
		execv(prog, argv);
		_exit(127);
	}
	close(p[1]);
	*outfd = p[0];
	return 0;
}

static void run_heartbeat_send(struct port *p, unsigned int iter)
{
	struct json_buf j;

	json_buf_init(&j);
	record_begin(&j, "heartbeat");
	json_member_int(&j, "iteration", iter);
	record_send(p, &j);
	json_buf_free(&j);
	lava_heartbeat(iter);
}

static void run_rusage_metrics(struct run_state *st, const struct rusage *ru,
			       double elapsed)
{
	run_metric_set(st, "time.user_time",
		       ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6);
	run_metric_set(st, "time.system_time",
		       ru->ru_stime.tv_sec + ru->ru_stime.tv_usec / 1e6);
	run_metric_set(st, "time.elapsed_time", elapsed);
	run_metric_set(st, "time.maximum_resident_set_size", ru->ru_maxrss);
	run_metric_set(st, "time.minor_page_faults", ru->ru_minflt);
	run_metric_set(st, "time.major_page_faults", ru->ru_majflt);
	run_metric_set(st, "time.voluntary_context_switches", ru->ru_nvcsw);
	run_metric_set(st, "time.involuntary_context_switches", ru->ru_nivcsw);
}

static int run_sample_send(struct run_state *st, unsigned int iter,
			   const char *status, int code, const char *reason)
{
	struct json_buf j;
	unsigned int i;
	int err;

	json_buf_init(&j);
	record_begin(&j, "sample");
	json_member_string(&j, "test", st->test);
	json_member_int(&j, "iteration", iter);
	json_member_string(&j, "status", status);
	json_member_int(&j, "exit_code", code);
	if (reason)
		json_member_string(&j, "reason", reason);
	json_member_object_open(&j, "metrics");
	for (i = 0; i < st->nmetrics; i++)
		json_member_number(&j, st->metrics[i].name,
				   st->metrics[i].value);
	json_object_close(&j);
	err = record_send(st->port, &j);
	json_buf_free(&j);
	lava_sample(st->test, iter, status, code, st->metrics, st->nmetrics);
	return err;
}

/* The child running, its output read, until it is reaped; 1 if timed out. */
static int run_child_watch(struct run_state *st, unsigned int iter, pid_t pid,
			   int *fd, double start, int *status,
			   struct rusage *ru)
{
	const struct job *job = st->job;
	double deadline = job->watchdog ? start + job->watchdog : 0;
	double beat = start + job->heartbeat, now;
	int reaped = 0, timed_out = 0;

	while (!reaped) {
		struct pollfd pfd = { *fd, POLLIN, 0 };
		char buf[4096];

		if (*fd >= 0 && poll(&pfd, 1, 200) > 0) {
			ssize_t n = read(*fd, buf, sizeof(buf));

			if (n > 0) {
				run_output_consume(st, buf, n);
			} else if (n == 0 || errno != EINTR) {
				close(*fd);
				*fd = -1;
			}
		} else if (*fd < 0) {
			/* Output closed: wait for the exit itself. */
			const struct timespec t = { 0, 20 * 1000 * 1000 };

			nanosleep(&t, NULL);
		}
		reaped = run_reap(pid, status, ru);
		now = util_now();
		if (job->heartbeat && now >= beat) {
			run_heartbeat_send(st->port, iter);
			beat = now + job->heartbeat;
		}
		if (deadline && now >= deadline && !timed_out) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			timed_out = 1;
		}
	}
	return timed_out;
}

/* The benchmark's last lines may still sit in the pipe after its exit. */
static void run_output_drain(struct run_state *st, int fd)
{
	while (fd >= 0) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		char buf[4096];
		ssize_t n = 0;

		if (poll(&pfd, 1, 1000) > 0)
			n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			run_output_consume(st, buf, n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		close(fd);
		fd = -1;
	}
	if (st->linelen) {
		st->line[st->linelen] = '\0';
		run_line_handle(st, st->line);
	}
}

/* The sample's status and its reason (in why) from how the child ended. */
static const char *run_verdict(const struct run_state *st, int status,
			       int timed_out, char *why, size_t len,
			       const char **reason)
{
	*reason = why;
	if (timed_out) {
		snprintf(why, len, "killed by the %us watchdog",
			 st->job->watchdog);
		return "timeout";
	}
	if (WIFSIGNALED(status)) {
		snprintf(why, len, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		return "failed";
	}
	if (WEXITSTATUS(status)) {
		snprintf(why, len, "exited with status %d",
			 WEXITSTATUS(status));
		return "failed";
	}
	if (!st->bench_metrics) {
		*reason = "the benchmark reported no metric";
		return "failed";
	}
	*reason = NULL;
	return "ok";
}

/* The system-wide perf counters, opened once: at their first read. */
static struct monitor_perf *run_perf_get(void)
{
	static struct monitor_perf perf;
	static int opened;

	if (!opened) {
		monitors_perf_open(&perf);
		opened = 1;
	}
	return &perf;
}

/* MONITORS: the counters before the iteration, into @before. */
static void run_monitors_before(const struct job *job,
				struct monitor_set *before)
{
	if (job->monitors)
		monitors_counters_read(run_perf_get(), before);
}

/* ... and after it: their deltas and the gauges, as the sample's metrics. */
static void run_monitors_after(struct run_state *st,
			       const struct monitor_set *before)
{
	static struct monitor_set after;

	if (!st->job->monitors)
		return;
	monitors_counters_read(run_perf_get(), &after);
	monitors_delta_emit(before, &after, run_metric_emit, st);
	monitors_gauges_emit(run_metric_emit, st);
}

int run_iteration(struct port *p, const struct job *job, const char *test,
		  unsigned int iter, struct run_result *res)
{
	static struct run_state st;
	static struct monitor_set before;
	int fd = -1, status = 0, timed_out, code, err;
	const char *verdict, *reason;
	struct rusage ru = { 0 };
	char why[96];
	double start;
	pid_t pid = 0;

	free(st.metrics);
	memset(&st, 0, sizeof(st));
	st.port = p;
	st.job = job;
	st.test = test;
	res->failed = 1;
	run_monitors_before(job, &before);
	/* Marked with or without them: the trace reads the same. */
	trace_mark("monitors");
	start = util_now();
	profile_window_open(job);
	err = run_child_start(job, test, &fd, &pid);
	trace_mark("fork");
	if (err) {
		profile_window_close(job);
		snprintf(why, sizeof(why), "cannot start " BENCH_DIR "/%s: %s",
			 test, strerror(-err));
		return run_sample_send(&st, iter, "failed", 127, why);
	}
	timed_out = run_child_watch(&st, iter, pid, &fd, start, &status, &ru);
	trace_mark("child-exit");
	/* Whatever the benchmark left behind in its group goes too. */
	kill(-pid, SIGKILL);
	run_output_drain(&st, fd);
	run_reap_all();
	profile_window_close(job);
	run_rusage_metrics(&st, &ru, util_now() - start);
	run_monitors_after(&st, &before);
	kmsg_scan(p, run_metric_emit, &st);
	trace_mark("after");
	code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
				     WEXITSTATUS(status);
	verdict =
		run_verdict(&st, status, timed_out, why, sizeof(why), &reason);
	if (!strcmp(verdict, "ok"))
		res->failed = 0;
	return run_sample_send(&st, iter, verdict, code, reason);
}
