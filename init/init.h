/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_INIT_H
#define BOOTBENCH_INIT_H

#include <stddef.h>
#include <sys/types.h>

#include "proto/json.h"
#include "proto/initkeys.def"
#include "proto/proto.h"
#include "proto/storage.h"

/* What the host asked for, from bootbench.* on the kernel command line. */
#define JOB_ARGS_MAX 32

struct job {
	char test[512]; /* one name or a comma list, run in order */
	unsigned int heartbeat; /* seconds between heartbeats */
	unsigned int bare; /* every test BARE: no loopback, no monitors */
	unsigned int console_lava; /* console_results=lava: docs/lava.md */
	unsigned int profile; /* profile=1: docs/profile.md */
	unsigned int trace; /* trace=1: the init's steps in the kernel log */
	char *args[JOB_ARGS_MAX]; /* --key=value for the benchmark */
	int nargs;
	/*
	 * The keys of proto/initkeys.def, as given: iterations, watchdog
	 * (seconds per iteration, 0 = none), monitors (read the LKP
	 * monitors around iterations), the scratch disk (init/disks.c:
	 * disk, fs, md, fs2), ...
	 */
#define JOB_INIT_FIELD_UINT(name, size) unsigned int name;
#define JOB_INIT_FIELD_STR(name, size) char name[size];
#define JOB_INIT_FIELD(name, kind, size) JOB_INIT_FIELD_##kind(name, size)
	JOB_INIT_KEYS(JOB_INIT_FIELD)
#undef JOB_INIT_FIELD
#undef JOB_INIT_FIELD_STR
#undef JOB_INIT_FIELD_UINT
	char workdir[64]; /* the benchmarks' working directory */
};

/* disks.c: the job's scratch disk made and mounted, or why not */
int disks_prepare(struct job *job, char *why, size_t size);
int disks_tool_run(char *const argv[], char *out, size_t size);
int disks_tool_have(const char *what, const char *tool, const char *package,
		    const char *layer, char *why, size_t size);
void disks_tool_said(const char *what, const char *tool, int err,
		     const char *out, char *why, size_t size);

/*
 * fs2.c: FS2=, the disk's filesystem served over loopback by a server
 * of proto/storage.def and mounted back; each STORAGE_SERVER row's
 * init/<server>.c starts the server, says what the mount negotiated and
 * stops it after the mount's release.
 */
int fs2_prepare(struct job *job, char *why, size_t size);
void fs2_release(void);
int fs2_file_put(const char *path, const char *text, mode_t mode, int flags);
int fs2_tool_have(const struct job *job, const char *tool, char *why,
		  size_t size);
#define FS2_SERVER_DECL(n, ...)                                             \
	int fs2_##n##_serve(const struct job *job, char *why, size_t size); \
	void fs2_##n##_said(char *buf, size_t size);                        \
	void fs2_##n##_stop(void);
STORAGE_SERVER(FS2_SERVER_DECL)
#undef FS2_SERVER_DECL

/* mounts.c */
int mounts_setup(void);
int mounts_loopback_up(void);

/* modules.c */
int modules_load(unsigned int *nloaded);
int modules_probe_name(const char *name);
void modules_release(void);

/* port.c */
struct port {
	int fd;
	char dev[300];
};
int port_open_by_name(struct port *p, const char *name, unsigned int wait_ms);
int port_write_all(struct port *p, const char *buf, size_t len);
void port_close(struct port *p);

/* profile.c: the profile window's markers and the kernel's symbols */
void profile_kallsyms_send(const struct job *job);
void profile_window_open(const struct job *job);
void profile_window_close(const struct job *job);

/* trace.c: each step's end, for bootbench.trace=1 */
void trace_mark(const char *step);
void trace_flush(const struct job *job);

/* job.c */
int job_parse(struct job *job, const char *cmdline);
void job_free(struct job *job);

/* record.c: one JSON line per record on the results port */
void record_begin(struct json_buf *j, const char *type);
int record_send(struct port *p, struct json_buf *j);
int record_log_send(struct port *p, const char *kind, const char *msg);
double uptime_read(void);

/* run.c */
struct run_metric {
	char name[128];
	double value;
};

struct run_result {
	int failed;
};
int run_iteration(struct port *p, const struct job *job, const char *test,
		  unsigned int iter, struct run_result *res);
void run_reap_all(void);

/* monitors.c: LKP-style counters around an iteration */
typedef void (*monitor_emit_fn)(void *ctx, const char *name, double v);

struct monitor_value {
	char name[160];
	unsigned long long val;
};

struct monitor_set {
	struct monitor_value *v;
	size_t n, cap;
};

#define MONITOR_PERF_MAX 3072
struct monitor_perf {
	int fd[MONITOR_PERF_MAX];
	unsigned char event[MONITOR_PERF_MAX];
	size_t n;
};

void monitors_perf_open(struct monitor_perf *p);
void monitors_counters_read(const struct monitor_perf *p,
			    struct monitor_set *s);
void monitors_delta_emit(const struct monitor_set *before,
			 const struct monitor_set *after, monitor_emit_fn emit,
			 void *ctx);
void monitors_gauges_emit(monitor_emit_fn emit, void *ctx);
void monitor_set_free(struct monitor_set *s);

/* kmsg.c: kernel log errors as dmesg.<kind> */
void kmsg_open(void);
void kmsg_scan(struct port *p, monitor_emit_fn emit, void *ctx);

/* lava.c: the records as LAVA test cases on the console too */
void lava_console_set(int on);
int lava_console_on(void);
void lava_hello(const char *release, const char *test, unsigned int cpus);
void lava_heartbeat(unsigned int iter);
void lava_sample(const char *test, unsigned int iter, const char *status,
		 int exit_code, const struct run_metric *m, unsigned int n);
void lava_error(const char *code, const char *msg);
void lava_done(unsigned int iterations, unsigned int failed);

/* sysinfo.c */
void sysinfo_write(struct json_buf *j);

/* util */
int file_read(const char *path, char *buf, size_t size);

#endif
