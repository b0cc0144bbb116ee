// SPDX-License-Identifier: GPL-2.0
/*
 * One boot: make two FIFOs (console, results; fifo.c), start QEMU
 * writing them, read both as data arrives, and decide how the boot
 * ended. A panic is seen on the console and ends the boot at once;
 * silence on the results port beyond the limit means a hung guest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "console.h"
#include "fifo.h"
#include "proto/names.h"
#include "proto/profile.h"
#include "session.h"
#include "shared/util.h"

#define SESSION_PANIC_GRACE 2.0 /* seconds to collect the panic trace */
#define SESSION_TICK_MS 50 /* the loop wakes at least this often */
/*
 * The loop woke this much later than its tick: the host stalled (a
 * VM's steal, a blocked write of console.log, SIGSTOP), and the guest,
 * whose vCPUs are the host's threads, with it.
 */
#define SESSION_STALL 5.0
/*
 * A console flood ends the run: past SESSION_CONSOLE_MAX bytes. The
 * log keeps the first and the last SESSION_CONSOLE_KEEP bytes.
 */
#define SESSION_CONSOLE_MAX (32UL << 20)
#define SESSION_CONSOLE_KEEP (8UL << 20)
/*
 * QEMU's own output, which a guest can make it write ("Unexpected port
 * id" for each bad virtio-serial control message): through a pipe,
 * past SESSION_QEMU_LOG_MAX bytes the run ends, and qemu.log keeps the
 * first and the last SESSION_QEMU_LOG_KEEP bytes.
 */
#define SESSION_QEMU_LOG_MAX (8UL << 20)
#define SESSION_QEMU_LOG_KEEP (1UL << 20)
#define SESSION_QEMU_READS 16 /* of 64 KiB, each time the loop looks */
/* QEMU gone: what it left in the pipe (a helper it left may write on). */
#define SESSION_QEMU_READS_LAST (int)(SESSION_QEMU_LOG_MAX >> 16)

volatile sig_atomic_t session_interrupted;

static const char *const verdict_names[] = {
	[VERDICT_OK] = "ok",
	[VERDICT_BENCH_FAILED] = "benchmark-failed",
	[VERDICT_BAD_INPUT] = "bad-input",
	[VERDICT_PANIC] = "panic",
	[VERDICT_TIMEOUT] = "timeout",
	[VERDICT_INFRA] = "infrastructure",
	[VERDICT_STREAM] = "bad-stream",
	[VERDICT_INTERRUPTED] = "interrupted",
};

const char *verdict_name(enum verdict v)
{
	return verdict_names[v];
}

static __attribute__((format(printf, 3, 4))) void
session_verdict(struct session *s, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	if (s->verdict != VERDICT_OK)
		return;
	s->verdict = v;
	va_start(ap, fmt);
	vsnprintf(s->message, sizeof(s->message), fmt, ap);
	va_end(ap);
}

/*
 * QEMU with its output on a pipe (read into qemu.log, capped), its own
 * process group, and death with us. @qfd gets the pipe's end.
 */
static pid_t session_qemu_spawn(char **argv, int *qfd, int *err)
{
	pid_t pid, parent = getpid();
	int fd[2];

	if (pipe2(fd, O_CLOEXEC)) {
		*err = -errno;
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		dup2(null, STDIN_FILENO);
		dup2(fd[1], STDOUT_FILENO);
		dup2(fd[1], STDERR_FILENO);
		/* Our terminal's ^C is ours to handle, not QEMU's. */
		setpgid(0, 0);
		/* ... but QEMU never outlives us, even after a kill -9. */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	*err = pid < 0 ? -errno : 0;
	close(fd[1]);
	if (pid < 0) {
		close(fd[0]);
		return -1;
	}
	fcntl(fd[0], F_SETFL, O_NONBLOCK);
	*qfd = fd[0];
	return pid;
}

/*
 * What QEMU printed so far into qemu.log (head, tail ring), at most
 * @reads reads (a QEMU that writes without end must not hold the loop);
 * EOF closes.
 */
static void session_qemu_drain(int *qfd, struct console *qlog, int reads)
{
	char buf[65536];
	ssize_t n;

	while (*qfd >= 0 && reads-- > 0) {
		n = read(*qfd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0) {
			close(*qfd);
			*qfd = -1;
			break;
		}
		console_bytes_keep(qlog, buf, n);
	}
	fflush(qlog->log);
}

/* The last line QEMU printed, for a one-line error. */
static void session_qemu_log_tail(const struct session_conf *c, char *out,
				  size_t size)
{
	char path[4096], line[512];
	FILE *f;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/qemu.log", c->workdir);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			snprintf(out, size, "%.200s", line);
	}
	fclose(f);
}

/* One boot's moving parts, from setup to teardown. */
struct session_live {
	const struct session_conf *c;
	struct session *s;
	struct fifo_dir fifo;
	struct pin_plan pin;
	struct strv argv;
	struct console con, qlog;
	int cfd[2], qfd;
	double start, last_record, last_console, panic_at, space_at, woke;
	double kallsyms_at;
	int qemu_done, killed, stream_failed;
	pid_t qemu;
};

/* QEMU's command, its qemu.log, QEMU started and (PIN=) pinned. */
static int session_qemu_start(struct session_live *l, struct qemu_conf *qc)
{
	struct session *s = l->s;
	char path[4096];
	int err;

	err = qemu_args_build(qc, &l->argv);
	if (err) {
		session_verdict(s, VERDICT_INFRA,
				"building the QEMU command: %s",
				strerror(-err));
		return err;
	}
	s->qemu_cmd = strv_join(&l->argv);
	l->start = util_now();
	snprintf(path, sizeof(path), "%s/qemu.log", l->c->workdir);
	l->qlog.log = fopen(path, "w");
	if (!l->qlog.log) {
		err = -errno;
		session_verdict(s, VERDICT_INFRA, "cannot write %s: %s", path,
				strerror(-err));
		return err;
	}
	l->qemu = session_qemu_spawn(l->argv.v, &l->qfd, &err);
	if (l->qemu < 0) {
		session_verdict(s, VERDICT_INFRA, "cannot start %s: %s",
				qc->binary, strerror(-err));
		return err;
	}
	/* A run that cannot be pinned goes on, unpinned, and says so. */
	if (pin_apply(&l->pin, l->fifo.qmp_path, l->qemu, 5000))
		fprintf(stderr, "bootbench: note: PIN: %s\n", l->pin.said);
	snprintf(s->pin, sizeof(s->pin), "%s", l->pin.said);
	return 0;
}

/* The FIFOs, the QEMU command and QEMU, writing both. */
static int session_setup(struct session_live *l)
{
	struct session *s = l->s;
	struct qemu_conf qc = l->c->qemu;
	int err;

	err = fifo_dir_make(&l->fifo);
	if (err) {
		session_verdict(s, VERDICT_INFRA, "mkdtemp: %s",
				strerror(-err));
		return err;
	}
	err = fifo_pipes_open(&l->fifo, l->cfd);
	if (err) {
		session_verdict(s, VERDICT_INFRA, "cannot make FIFOs in %s: %s",
				l->fifo.dir, strerror(-err));
		return err;
	}
	qc.console_pipe = l->fifo.con_path;
	qc.results_pipe = l->fifo.res_path;
	l->pin = l->c->pin;
	if (l->pin.on)
		qc.qmp_path = fifo_qmp_path_make(&l->fifo);
	return session_qemu_start(l, &qc);
}

/* What arrived on FIFO @i (0: console, 1: results); -1 stops the pump. */
static int session_pump(struct session_live *l, int i, double now)
{
	struct session *s = l->s;
	char buf[65536];
	ssize_t n;
	int err;

	n = read(l->cfd[i], buf, sizeof(buf));
	if (n <= 0) {
		if (n < 0 && errno == EINTR)
			return 0;
		close(l->cfd[i]);
		l->cfd[i] = -1;
		return 0;
	}
	if (i == 0) {
		l->last_console = now;
		if (!s->console_wall)
			s->console_wall = now - l->start;
		if (console_bytes_feed(s, &l->con, buf, n, now, &l->panic_at))
			session_verdict(s, VERDICT_INFRA, "out of memory");
		return 0;
	}
	l->last_record = now;
	/* After a write error, drain the guest but keep nothing. */
	err = l->stream_failed ? 0 : stream_feed(&s->stream, buf, n);
	if (err) {
		l->stream_failed = 1;
		session_verdict(s, VERDICT_INFRA, "writing samples.jsonl: %s",
				strerror(-err));
		return -1;
	}
	if (s->stream.have_hello && !s->hello_wall)
		s->hello_wall = now - l->start;
	if (s->stream.have_done && !s->done_wall)
		s->done_wall = now - l->start;
	return 0;
}

/*
 * DISK_DIR's filesystem keeps room for the host: a guest writing its
 * disks full (or another writer beside it) is stopped before it fills,
 * which would fail the host's other writers and this run's own files.
 * Every tick (50 ms): a guest writes 150 MB/s to a tmpfs, 8 MB between
 * two looks, under the smallest floor (32 MiB) even when a loaded host
 * wakes this loop a few ticks late (a CI run at load 7 saw 0.2 s looks
 * let the floor go to 0 MiB).
 */
static int session_space_short(struct session_live *l, double now)
{
	const struct disk_host *d = l->c->qemu.disk;
	unsigned long long left, floor;

	if (now - l->space_at < SESSION_TICK_MS / 1000.0)
		return 0;
	l->space_at = now;
	if (!disk_space_short(d, &left, &floor))
		return 0;
	l->s->space_stop = 1;
	l->s->space_left_mb = left >> 20;
	session_verdict(
		l->s, VERDICT_INFRA,
		"DISK_DIR=%s has %llu MiB free, under the %llu MiB kept for the host: the guest was stopped before its disk writes fill the host's filesystem: give DISK_DIR=<a directory with room>",
		d->dir, left >> 20, floor >> 20);
	return 1;
}

/*
 * PROFILE=1's kallsyms port goes to a file QEMU writes itself (a FIFO
 * the host drains would let a full pipe stall the guest's writes at
 * host-timed moments, under deterministic timing too): past
 * PROFILE_KALLSYMS_MAX, looked at every tick, the run ends. A kernel's
 * kallsyms are a few MiB; the file is at most the cap and a tick's
 * writes, and it is removed unread (boot/run.c).
 */
static int session_kallsyms_over(struct session_live *l, double now)
{
	const char *path = l->c->qemu.kallsyms_path;
	struct stat st;

	if (!path || now - l->kallsyms_at < SESSION_TICK_MS / 1000.0)
		return 0;
	l->kallsyms_at = now;
	if (stat(path, &st) ||
	    (unsigned long long)st.st_size <= PROFILE_KALLSYMS_MAX)
		return 0;
	l->s->kallsyms_cut = 1;
	l->s->truncated = 1;
	session_verdict(l->s, VERDICT_STREAM, SESSION_KALLSYMS_CUT,
			PROFILE_KALLSYMS_MAX >> 20);
	return 1;
}

/* Whether the boot must end now (a verdict said why). */
static int session_watchdog(struct session_live *l, double now)
{
	const struct session_conf *c = l->c;
	struct session *s = l->s;

	if (session_interrupted) {
		session_verdict(s, VERDICT_INTERRUPTED,
				"interrupted by %s: QEMU stopped, the run kept",
				strsignal(session_interrupted));
	} else if (session_space_short(l, now)) {
		return 1;
	} else if (l->con.total > SESSION_CONSOLE_MAX) {
		s->truncated = 1;
		session_verdict(
			s, VERDICT_STREAM,
			"truncated: the guest wrote more than %lu MiB on the console; console.log keeps the first and last %lu MiB",
			SESSION_CONSOLE_MAX >> 20, SESSION_CONSOLE_KEEP >> 20);
	} else if (l->qlog.total > SESSION_QEMU_LOG_MAX) {
		s->truncated = 1;
		session_verdict(
			s, VERDICT_STREAM,
			"truncated: QEMU printed more than %lu MiB (a guest can make it: see qemu.log); qemu.log keeps the first and last %lu MiB",
			SESSION_QEMU_LOG_MAX >> 20,
			SESSION_QEMU_LOG_KEEP >> 20);
	} else if (s->stream.truncated) {
		s->truncated = 1;
		session_verdict(
			s, VERDICT_STREAM,
			"truncated: the guest sent more than %lu MiB of records; samples.jsonl keeps the first %lu MiB",
			STREAM_RAW_MAX >> 20, STREAM_RAW_MAX >> 20);
	} else if (session_kallsyms_over(l, now)) {
		return 1;
	} else if (l->panic_at && now - l->panic_at > SESSION_PANIC_GRACE) {
		session_verdict(s, VERDICT_PANIC, "%s", s->panic_line);
	} else if (c->timeout && now - l->start > c->timeout) {
		session_verdict(s, VERDICT_TIMEOUT,
				"no power-off after %u s (TIMEOUT=%u)",
				c->timeout, c->timeout);
	} else if (c->silence && s->stream.have_hello && !s->stream.have_done &&
		   now - l->last_record > c->silence) {
		session_verdict(
			s, VERDICT_TIMEOUT,
			"the guest stopped reporting: no record for %u s, it is hung",
			c->silence);
	} else if (c->silence && !s->stream.have_hello &&
		   now - l->last_console > c->silence) {
		/* Before init reports, the console is the sign of life. */
		session_verdict(
			s, VERDICT_TIMEOUT,
			"the boot stopped: no console output for %u s before the init reported, it is hung (see console.log)",
			c->silence);
	} else {
		return 0;
	}
	return 1;
}

/*
 * QEMU gone: what it left in the FIFOs, to their end (a FIFO it never
 * opened, QEMU failing at its start, is at its end at once).
 */
static void session_drain(struct session_live *l, double now)
{
	int i;

	for (i = 0; i < 2; i++)
		while (l->cfd[i] >= 0)
			session_pump(l, i, now);
}

/*
 * A stall of the host is not the guest's silence: the silence watchdog
 * forgives it, where it once called a guest hung that could not run
 * (the records it sent after the stall were read, then judged by the
 * time taken before it).
 */
static double session_stall_forgive(struct session_live *l)
{
	double now = util_now(), gap = now - l->woke;

	if (gap > SESSION_STALL) {
		l->last_record += gap;
		l->last_console += gap;
	}
	l->woke = now;
	return now;
}

/* Both FIFOs until QEMU closes them; a watchdog kills a stuck guest. */
static void session_loop(struct session_live *l)
{
	struct session *s = l->s;
	int i, stop = 0;

	l->last_record = l->last_console = l->woke = util_now();
	while (l->cfd[0] >= 0 || l->cfd[1] >= 0) {
		struct pollfd p[3] = { { l->cfd[0], POLLIN, 0 },
				       { l->cfd[1], POLLIN, 0 },
				       { l->qfd, POLLIN, 0 } };
		double now;

		poll(p, 3, SESSION_TICK_MS);
		session_qemu_drain(&l->qfd, &l->qlog, SESSION_QEMU_READS);
		now = session_stall_forgive(l);
		for (i = 0; i < 2 && !stop; i++)
			if (l->cfd[i] >= 0 &&
			    (p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				stop = session_pump(l, i, now) < 0;
		stop = 0;
		now = session_stall_forgive(l);
		if (!l->qemu_done &&
		    waitpid(l->qemu, &s->qemu_status, WNOHANG) == l->qemu) {
			l->qemu_done = 1;
			session_drain(l, now);
		}
		if (l->killed || l->qemu_done || !session_watchdog(l, now))
			continue;
		kill(l->qemu, SIGKILL);
		l->killed = 1;
	}
}

/* QEMU gone: the last console line, the stream's end, the verdict. */
static void session_finish(struct session_live *l)
{
	struct session *s = l->s;
	char tail[256];
	int err;

	if (!l->qemu_done && l->qemu > 0)
		waitpid(l->qemu, &s->qemu_status, 0);
	l->qemu_done = 1;
	session_qemu_drain(&l->qfd, &l->qlog, SESSION_QEMU_READS_LAST);
	s->wall = util_now() - l->start;
	if (l->con.len)
		console_line_end(s, &l->con, util_now(), &l->panic_at);
	err = stream_finish(&s->stream);
	if (err)
		session_verdict(s, VERDICT_INFRA, "writing samples.jsonl: %s",
				strerror(-err));
	if (s->panic_line[0])
		session_verdict(s, VERDICT_PANIC, "%s", s->panic_line);
	/*
	 * QEMU killed under a guest that was talking: the host's fault, not
	 * a bad stream. After done the results are whole: only said.
	 */
	if (!l->killed && WIFSIGNALED(s->qemu_status))
		s->qemu_signal = WTERMSIG(s->qemu_status);
	if (s->qemu_signal && !s->stream.have_done)
		session_verdict(
			s, VERDICT_INFRA,
			"QEMU died of signal %d (%s): the host killed it or it crashed (see qemu.log)",
			s->qemu_signal, strsignal(s->qemu_signal));
	if (!l->killed && s->qemu_status && !s->stream.have_hello) {
		session_qemu_log_tail(l->c, tail, sizeof(tail));
		session_verdict(s, VERDICT_INFRA, "QEMU failed: %s",
				tail[0] ? tail : "no message");
	}
}

/* QEMU killed if still there, FIFOs closed and removed. */
static void session_teardown(struct session_live *l)
{
	int i;

	if (l->qemu > 0 && !l->qemu_done) {
		kill(l->qemu, SIGKILL);
		waitpid(l->qemu, &l->s->qemu_status, 0);
	}
	for (i = 0; i < 2; i++) {
		if (l->cfd[i] >= 0)
			close(l->cfd[i]);
	}
	pin_restore(&l->pin);
	fifo_dir_remove(&l->fifo);
	strv_free(&l->argv);
	if (l->qlog.log) {
		session_qemu_drain(&l->qfd, &l->qlog, SESSION_QEMU_READS_LAST);
		console_log_close(&l->qlog);
		fclose(l->qlog.log);
	}
	if (l->qfd >= 0)
		close(l->qfd);
}

int session_run(const struct session_conf *c, struct session *s, FILE *raw,
		const struct stream_events *ev)
{
	struct session_live l = {
		.c = c,
		.s = s,
		.cfd = { -1, -1 },
		.qemu = -1,
		.qfd = -1,
		.fifo = { .lock = -1 },
		.con = { .keep = SESSION_CONSOLE_KEEP,
			 .what = "console output" },
		.qlog = { .keep = SESSION_QEMU_LOG_KEEP,
			  .what = "QEMU output" },
	};
	char logpath[4096];
	int err;

	memset(s, 0, sizeof(*s));
	stream_init(&s->stream, raw, ev);
	snprintf(logpath, sizeof(logpath), "%s/console.log", c->workdir);
	l.con.log = fopen(logpath, "w");
	l.con.verbose = c->verbose;
	if (!l.con.log) {
		err = -errno;
		session_verdict(s, VERDICT_INFRA, "cannot write %s: %s",
				logpath, strerror(-err));
		return err;
	}
	err = session_setup(&l);
	if (!err) {
		session_loop(&l);
		session_finish(&l);
	}
	session_teardown(&l);
	console_log_close(&l.con);
	if (fclose(l.con.log) && !err) {
		err = -errno;
		session_verdict(s, VERDICT_INFRA, "writing %s: %s", logpath,
				strerror(-err));
	}
	return err;
}

void session_free(struct session *s)
{
	stream_free(&s->stream);
	free(s->qemu_cmd);
	s->qemu_cmd = NULL;
}
