// SPDX-License-Identifier: GPL-2.0
/*
 * LKP-style monitors around one iteration, read before and after it,
 * never during: deltas of /proc/vmstat, /proc/interrupts (per IRQ,
 * summed and per CPU), /proc/softirqs and /proc/stat; system-wide
 * software perf counters (context switches, CPU migrations, page
 * faults); and after it, snapshots of /proc/meminfo and /proc/slabinfo.
 * Metric names follow LKP's: proc-vmstat.*, interrupts.*, softirqs.*,
 * stat.*, perf-stat.*, meminfo.*, slabinfo.*.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "init.h"
#include "shared/util.h"

/*
 * The first 64 bytes of struct perf_event_attr (PERF_ATTR_SIZE_VER0), a
 * stable kernel ABI: musl-gcc sees no kernel headers. All flags zero:
 * counting starts at open.
 */
struct monitor_perf_attr {
	uint32_t type;
	uint32_t size;
	uint64_t config;
	uint64_t sample_period;
	uint64_t sample_type;
	uint64_t read_format;
	uint64_t flags;
	uint32_t wakeup_events;
	uint32_t bp_type;
	uint64_t config1;
};

#define MONITOR_PERF_TYPE_SOFTWARE 1
#define MONITOR_PERF_FLAG_FD_CLOEXEC 8

static int monitor_add(struct monitor_set *s, const char *name,
		       unsigned long long v)
{
	struct monitor_value *m;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 512;

		m = realloc(s->v, cap * sizeof(*m));
		if (!m)
			return -ENOMEM;
		s->v = m;
		s->cap = cap;
	}
	m = &s->v[s->n++];
	snprintf(m->name, sizeof(m->name), "%s", name);
	m->val = v;
	return 0;
}

/* Metric names keep to [A-Za-z0-9._:-]; anything else becomes '_'. */
static void monitor_name_clean(char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._:-", *s))
			*s = '_';
}

static void monitor_vmstat_read(struct monitor_set *s)
{
	char line[256], name[128], key[160];
	unsigned long long v;
	FILE *f = fopen("/proc/vmstat", "re");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %llu", name, &v) == 2) {
			snprintf(key, sizeof(key), "proc-vmstat.%s", name);
			monitor_add(s, key, v);
		}
	fclose(f);
}

/* The header line's CPU columns, at most @max. */
static int monitor_irqs_ncpu(char *header, int max)
{
	char *tok, *save;
	int ncpu = 0;

	for (tok = strtok_r(header, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save))
		ncpu++;
	return ncpu > max ? max : ncpu;
}

/* A row's counts, up to @ncpu of them (ERR: and MIS: have one). */
static int monitor_irq_counts_read(char **save, int ncpu,
				   unsigned long long *counts,
				   unsigned long long *total)
{
	char *tok, *end;
	int i;

	*total = 0;
	for (i = 0; i < ncpu; i++) {
		tok = strtok_r(NULL, " \t\n", save);
		if (!tok)
			break;
		counts[i] = strtoull(tok, &end, 10);
		if (*end)
			break;
		*total += counts[i];
	}
	return i;
}

/* The description after the counts, its words joined with @sep. */
static void monitor_irq_desc_read(char **save, const char *sep, char *desc,
				  size_t size)
{
	size_t len = 0;
	char *tok;

	while ((tok = strtok_r(NULL, " \t\n", save)) && len < size - 1)
		len += snprintf(desc + len, size - len, "%s%s", len ? sep : "",
				tok);
}

/* One row's metrics: its total and, @per_cpu, each CPU's count. */
static void monitor_irq_add(struct monitor_set *s, const char *prefix,
			    const char *label, const char *desc,
			    const unsigned long long *counts, int got,
			    unsigned long long total, int per_cpu)
{
	char key[256];
	int i;

	snprintf(key, sizeof(key), "%s.%s%s", prefix, label, desc);
	monitor_name_clean(key);
	monitor_add(s, key, total);
	for (i = 0; per_cpu && i < got; i++) {
		snprintf(key, sizeof(key), "%s.CPU%d.%s%s", prefix, i, label,
			 desc);
		monitor_name_clean(key);
		monitor_add(s, key, counts[i]);
	}
}

/*
 * /proc/interrupts and /proc/softirqs: a header of CPU columns, then
 * "LABEL: count count ... description". Numbered IRQs are named by
 * their description fields joined with '.', the others with '_', as
 * LKP names them (interrupts.LOC:Local_timer_interrupts).
 */
static void monitor_irqs_read(struct monitor_set *s, const char *path,
			      const char *prefix, int per_cpu)
{
	char *line = NULL, *save, *tok, label[64], desc[160];
	unsigned long long counts[1024], total;
	int ncpu = 0, got;
	size_t cap = 0;
	FILE *f = fopen(path, "re");

	if (!f)
		return;
	if (getline(&line, &cap, f) > 0)
		ncpu = monitor_irqs_ncpu(line, 1024);
	while (getline(&line, &cap, f) > 0) {
		tok = strtok_r(line, " \t\n", &save);
		if (!tok || tok[strlen(tok) - 1] != ':')
			continue;
		snprintf(label, sizeof(label), "%s", tok);
		got = monitor_irq_counts_read(&save, ncpu, counts, &total);
		if (got == 0)
			continue;
		desc[0] = '\0';
		if (got == ncpu)
			monitor_irq_desc_read(
				&save,
				isdigit((unsigned char)label[0]) ? "." : "_",
				desc, sizeof(desc));
		/* softirqs are named bare: softirqs.TIMER, not TIMER: */
		if (!desc[0])
			label[strlen(label) - 1] = '\0';
		monitor_irq_add(s, prefix, label, desc, counts, got, total,
				per_cpu);
	}
	free(line);
	fclose(f);
}

static void monitor_stat_read(struct monitor_set *s)
{
	static const char *const cols[] = {
		"user",	  "nice", "system",  "idle",
		"iowait", "irq",  "softirq", "steal"
	};
	unsigned long long v[8];
	char line[512], name[64], key[96];
	FILE *f = fopen("/proc/stat", "re");
	size_t i;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		/* The "cpu " total only: "cpu0" would also match "cpu %llu". */
		if (!strncmp(line, "cpu ", 4) &&
		    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7]) == 8) {
			for (i = 0; i < 8; i++) {
				snprintf(key, sizeof(key), "stat.cpu.%s",
					 cols[i]);
				monitor_add(s, key, v[i]);
			}
		} else if (sscanf(line, "%63s %llu", name, &v[0]) == 2 &&
			   (!strcmp(name, "ctxt") ||
			    !strcmp(name, "processes") ||
			    !strcmp(name, "intr"))) {
			snprintf(key, sizeof(key), "stat.%s", name);
			monitor_add(s, key, v[0]);
		}
	}
	fclose(f);
}

static const struct {
	const char *name;
	unsigned long long config;
} monitor_perf_events[] = {
	/* PERF_COUNT_SW_CONTEXT_SWITCHES, _CPU_MIGRATIONS, _PAGE_FAULTS */
	{ "context-switches", 3 },
	{ "cpu-migrations", 4 },
	{ "page-faults", 2 },
};

#define MONITOR_PERF_N (ARRAY_SIZE(monitor_perf_events))

/* System-wide software counters, one per CPU and event. */
void monitors_perf_open(struct monitor_perf *p)
{
	struct monitor_perf_attr attr;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int cpu;
	size_t e;

	p->n = 0;
	for (e = 0; e < MONITOR_PERF_N; e++) {
		for (cpu = 0; cpu < ncpu && p->n < MONITOR_PERF_MAX; cpu++) {
			int fd;

			memset(&attr, 0, sizeof(attr));
			attr.size = sizeof(attr);
			attr.type = MONITOR_PERF_TYPE_SOFTWARE;
			attr.config = monitor_perf_events[e].config;
			fd = syscall(SYS_perf_event_open, &attr, -1, cpu, -1,
				     MONITOR_PERF_FLAG_FD_CLOEXEC);
			if (fd < 0)
				continue;
			p->fd[p->n] = fd;
			p->event[p->n] = e;
			p->n++;
		}
	}
}

static void monitor_perf_read(const struct monitor_perf *p,
			      struct monitor_set *s)
{
	unsigned long long sum[MONITOR_PERF_N] = { 0 }, v;
	int seen[MONITOR_PERF_N] = { 0 };
	char key[64];
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (read(p->fd[i], &v, sizeof(v)) != sizeof(v))
			continue;
		sum[p->event[i]] += v;
		seen[p->event[i]] = 1;
	}
	for (i = 0; i < MONITOR_PERF_N; i++) {
		if (!seen[i])
			continue;
		snprintf(key, sizeof(key), "perf-stat.%s",
			 monitor_perf_events[i].name);
		monitor_add(s, key, sum[i]);
	}
}

void monitors_counters_read(const struct monitor_perf *p, struct monitor_set *s)
{
	s->n = 0;
	monitor_vmstat_read(s);
	monitor_irqs_read(s, "/proc/interrupts", "interrupts", 1);
	monitor_irqs_read(s, "/proc/softirqs", "softirqs", 0);
	monitor_stat_read(s);
	monitor_perf_read(p, s);
}

/* Counters present in both snapshots, as after - before. */
void monitors_delta_emit(const struct monitor_set *before,
			 const struct monitor_set *after, monitor_emit_fn emit,
			 void *ctx)
{
	size_t i, j = 0;

	for (i = 0; i < after->n; i++) {
		/* Same files, same order: look ahead from the last match. */
		size_t k;

		for (k = 0; k < before->n; k++) {
			size_t b = (j + k) % before->n;

			if (!strcmp(before->v[b].name, after->v[i].name)) {
				/*
				 * Signed: /proc/vmstat's nr_* are levels, not
				 * counters, and go down as well as up.
				 */
				emit(ctx, after->v[i].name,
				     (double)(long long)(after->v[i].val -
							 before->v[b].val));
				j = b + 1;
				break;
			}
		}
	}
}

void monitors_gauges_emit(monitor_emit_fn emit, void *ctx)
{
	char line[512], name[128], key[192];
	unsigned long long v, active, num;
	FILE *f;

	f = fopen("/proc/meminfo", "re");
	if (f) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "%127[^:]: %llu", name, &v) == 2) {
				snprintf(key, sizeof(key), "meminfo.%s", name);
				monitor_name_clean(key);
				emit(ctx, key, (double)v);
			}
		fclose(f);
	}
	f = fopen("/proc/slabinfo", "re");
	if (f) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "%127s %llu %llu", name, &active,
				   &num) == 3) {
				snprintf(key, sizeof(key),
					 "slabinfo.%s.active_objs", name);
				monitor_name_clean(key);
				emit(ctx, key, (double)active);
				snprintf(key, sizeof(key),
					 "slabinfo.%s.num_objs", name);
				monitor_name_clean(key);
				emit(ctx, key, (double)num);
			}
		fclose(f);
	}
}

void monitor_set_free(struct monitor_set *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}
