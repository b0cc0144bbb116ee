// SPDX-License-Identifier: GPL-2.0
/*
 * PIN= (pin.h): the plan from the CPUs this process may use, and its
 * application to QEMU's threads, found through QMP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <sched.h>

#include "pin.h"
#include "proto/json_parse.h"
#include "shared/util.h"

/* A set of host CPUs as the plan keeps them, and back. */
static void pin_set_keep(unsigned char *keep, const cpu_set_t *set)
{
	int cpu;

	for (cpu = 0; cpu < PIN_CPUS_MAX; cpu++)
		keep[cpu] = CPU_ISSET(cpu, set) ? 1 : 0;
}

static void pin_set_get(const unsigned char *keep, cpu_set_t *set)
{
	int cpu;

	CPU_ZERO(set);
	for (cpu = 0; cpu < PIN_CPUS_MAX; cpu++)
		if (keep[cpu])
			CPU_SET(cpu, set);
}

/* "2-5,7" into @set: 0 or -EINVAL. */
static int pin_list_parse(const char *s, cpu_set_t *set)
{
	unsigned long lo, hi;
	char *end;

	CPU_ZERO(set);
	while (*s) {
		lo = strtoul(s, &end, 10);
		if (end == s)
			return -EINVAL;
		hi = lo;
		if (*end == '-') {
			s = end + 1;
			hi = strtoul(s, &end, 10);
			if (end == s || hi < lo)
				return -EINVAL;
		}
		if (hi >= PIN_CPUS_MAX)
			return -EINVAL;
		for (; lo <= hi; lo++)
			CPU_SET(lo, set);
		if (*end && *end != ',')
			return -EINVAL;
		s = *end ? end + 1 : end;
	}
	return CPU_COUNT(set) ? 0 : -EINVAL;
}

/* The vCPUs on @vcpu_set's first CPUs, the rest of @allowed for others. */
static void pin_spread(struct pin_plan *p, const cpu_set_t *vcpu_set,
		       const cpu_set_t *allowed)
{
	unsigned int i = 0, n = 0;
	int cpu;

	memset(p->others, 0, sizeof(p->others));
	for (cpu = 0; cpu < PIN_CPUS_MAX; cpu++) {
		if (CPU_ISSET(cpu, vcpu_set) && i < p->vcpus)
			p->cpu[i++] = cpu;
		else if (CPU_ISSET(cpu, allowed))
			n += p->others[cpu] = 1;
	}
	/* A list that is all vCPUs leaves the others where they were. */
	if (!n)
		pin_set_keep(p->others, allowed);
	p->on = 1;
}

/* auto: the last CPUs we may use for the vCPUs, the first for the rest. */
static int pin_auto(struct pin_plan *p, const cpu_set_t *allowed)
{
	unsigned int n = CPU_COUNT(allowed), skip;
	cpu_set_t vcpu_set;
	int cpu;

	if (n < p->vcpus + 1) {
		snprintf(
			p->said, sizeof(p->said),
			"off: PIN=auto needs a host CPU more than the %u vCPU(s), and this run may use %u",
			p->vcpus, n);
		return 0;
	}
	CPU_ZERO(&vcpu_set);
	skip = n - p->vcpus;
	for (cpu = 0; cpu < PIN_CPUS_MAX; cpu++)
		if (CPU_ISSET(cpu, allowed) && !(skip && skip--))
			CPU_SET(cpu, &vcpu_set);
	pin_spread(p, &vcpu_set, allowed);
	return 0;
}

int pin_plan_make(const char *want, unsigned int vcpus, int deterministic,
		  struct pin_plan *p)
{
	cpu_set_t allowed, list;

	memset(p, 0, sizeof(*p));
	p->vcpus = vcpus;
	snprintf(p->said, sizeof(p->said), "off");
	if (!want || !*want || !strcmp(want, "off"))
		return 0;
	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		CPU_ZERO(&allowed);
	pin_set_keep(p->ours, &allowed);
	if (deterministic) {
		snprintf(
			p->said, sizeof(p->said),
			"off: TIMING=deterministic runs every vCPU on one thread, by instruction counts");
		return 0;
	}
	if (vcpus > PIN_CPUS_MAX) {
		snprintf(p->said, sizeof(p->said), "off: more than %d vCPUs",
			 PIN_CPUS_MAX);
		return 0;
	}
	if (!strcmp(want, "auto"))
		return pin_auto(p, &allowed);
	if (pin_list_parse(want, &list) ||
	    (unsigned int)CPU_COUNT(&list) < vcpus) {
		snprintf(
			p->said, sizeof(p->said),
			"PIN=%.60s is not valid: give auto, off or a list of at least %u host CPUs (2-5,7)",
			want, vcpus);
		return -EINVAL;
	}
	pin_spread(p, &list, &allowed);
	return 0;
}

/* QMP's socket, connected once QEMU has made it. */
static int pin_qmp_connect(const char *path, unsigned int wait_ms)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	double until = util_now() + wait_ms / 1000.0;
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	strcpy(sa.sun_path, path);
	for (;;) {
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return -errno;
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		close(fd);
		if (util_now() > until)
			return -ETIMEDOUT;
		nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
	}
}

/*
 * The next reply that answers a command (events are skipped), parsed
 * into *@v, read within @ms: 0 or -errno.
 */
static int pin_qmp_reply(int fd, char *buf, size_t size, size_t *have,
			 unsigned int ms, struct json_value **v)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	char err[64], *nl;
	ssize_t n;

	for (;;) {
		while ((nl = memchr(buf, '\n', *have))) {
			size_t len = nl - buf + 1;
			int bad = json_parse(buf, len - 1, v, err, sizeof(err));

			memmove(buf, buf + len, *have - len);
			*have -= len;
			if (!bad && json_member(*v, "return"))
				return 0;
			if (!bad && json_member(*v, "error")) {
				json_value_free(*v);
				return -EPROTO;
			}
			if (!bad)
				json_value_free(*v);
		}
		if (*have == size || poll(&pfd, 1, ms) <= 0)
			return -ETIMEDOUT;
		n = read(fd, buf + *have, size - *have);
		if (n <= 0)
			return n ? -errno : -ECONNRESET;
		*have += n;
	}
}

/* QMP's command @cmd and its reply. */
static int pin_qmp_call(int fd, const char *cmd, char *buf, size_t size,
			size_t *have, struct json_value **v)
{
	char line[128];
	int len = snprintf(line, sizeof(line), "{\"execute\":\"%s\"}\n", cmd);

	if (util_fd_full(fd, line, len, 1))
		return -EIO;
	return pin_qmp_reply(fd, buf, size, have, 5000, v);
}

/* Each vCPU's thread id from query-cpus-fast, by cpu-index. */
static int pin_threads_read(int fd, pid_t *tid, unsigned int n)
{
	static char buf[1 << 16];
	const struct json_value *r, *e, *idx, *id;
	struct json_value *v;
	size_t have = 0;
	unsigned int found = 0;
	int err;

	err = pin_qmp_call(fd, "qmp_capabilities", buf, sizeof(buf), &have, &v);
	if (err)
		return err;
	json_value_free(v);
	err = pin_qmp_call(fd, "query-cpus-fast", buf, sizeof(buf), &have, &v);
	if (err)
		return err;
	r = json_member(v, "return");
	for (e = r && r->type == JSON_ARRAY ? r->child : NULL; e; e = e->next) {
		idx = json_member(e, "cpu-index");
		id = json_member(e, "thread-id");
		if (idx && id && idx->type == JSON_NUMBER &&
		    id->type == JSON_NUMBER && idx->number >= 0 &&
		    idx->number < n) {
			tid[(unsigned int)idx->number] = (pid_t)id->number;
			found++;
		}
	}
	json_value_free(v);
	return found == n ? 0 : -ENOENT;
}

/* Every thread of @qemu that is no vCPU's, onto the others' CPUs. */
static void pin_others_set(const struct pin_plan *p, pid_t qemu,
			   const pid_t *tid)
{
	char path[64];
	struct dirent *de;
	cpu_set_t others;
	unsigned int i;
	pid_t t;
	DIR *d;

	pin_set_get(p->others, &others);
	snprintf(path, sizeof(path), "/proc/%d/task", (int)qemu);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		t = atoi(de->d_name);
		for (i = 0; t > 0 && i < p->vcpus && tid[i] != t; i++)
			;
		if (t > 0 && i == p->vcpus)
			sched_setaffinity(t, sizeof(others), &others);
	}
	closedir(d);
}

/* "vCPU 0 on CPU 1, ...; the rest on 0": job.json's record. */
static void pin_said(struct pin_plan *p)
{
	size_t n = 0;
	unsigned int i;
	int cpu;

	for (i = 0; i < p->vcpus && n < sizeof(p->said); i++)
		n += snprintf(p->said + n, sizeof(p->said) - n,
			      "%svcpu%u:cpu%d", i ? "," : "", i, p->cpu[i]);
	for (cpu = 0, i = 0; cpu < PIN_CPUS_MAX && n < sizeof(p->said); cpu++)
		if (p->others[cpu])
			n += snprintf(p->said + n, sizeof(p->said) - n, "%s%d",
				      i++ ? "," : " others:cpu", cpu);
}

int pin_apply(struct pin_plan *p, const char *qmp, pid_t qemu,
	      unsigned int wait_ms)
{
	pid_t tid[PIN_CPUS_MAX] = { 0 };
	unsigned int i;
	cpu_set_t one;
	int fd, err;

	if (!p->on)
		return 0;
	fd = pin_qmp_connect(qmp, wait_ms);
	err = fd < 0 ? fd : pin_threads_read(fd, tid, p->vcpus);
	if (fd >= 0)
		close(fd);
	for (i = 0; !err && i < p->vcpus; i++) {
		CPU_ZERO(&one);
		CPU_SET(p->cpu[i], &one);
		if (sched_setaffinity(tid[i], sizeof(one), &one))
			err = -errno;
	}
	if (err) {
		snprintf(p->said, sizeof(p->said),
			 "off: pinning QEMU's vCPU threads failed (%s)",
			 strerror(-err));
		p->on = 0;
		return err;
	}
	pin_others_set(p, qemu, tid);
	pin_set_get(p->others, &one);
	sched_setaffinity(0, sizeof(one), &one);
	pin_said(p);
	return 0;
}

void pin_restore(const struct pin_plan *p)
{
	cpu_set_t ours;

	if (!p->on)
		return;
	pin_set_get(p->ours, &ours);
	sched_setaffinity(0, sizeof(ours), &ours);
}
