// SPDX-License-Identifier: GPL-2.0
/*
 * The machine a 0-day/LKP report ran on (docs/reproduce.md): LKP's
 * "test machine:" line or a person's words for it, the lscpu block when
 * the mail has one, the nodes the compare table's rows name, and the
 * socket count LKP's host names say. What the report's machine becomes
 * is reproduce/repro-machine.c's.
 *
 * Works on the reader's two copies of the mail (reproduce/lkpmail.c):
 * the flat text for the phrases, the unquoted lines for the blocks.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lkpmail.h"
#include "mailread.h"

/*
 * LKP's own line at @p, past "test machine: ": "8 threads Intel(R)
 * Core(TM) i7 CPU 870 @ 2.93GHz with 6G memory", or "48 threads 2
 * sockets Intel(R) ...". -ENOENT when it does not end in " memory"
 * soon enough to be that line: then nothing of the machine is read.
 */
static int lkpmail_machine_line_read(const char *p, struct lkpmail *m)
{
	const char *end = strstr(p, " memory"), *with, *s;

	if (!end || end - p > 190)
		return -ENOENT;
	snprintf(m->machine, sizeof(m->machine), "%.*s", (int)(end - p + 7), p);
	m->threads = strtoul(p, NULL, 10);
	with = end;
	while (with > p && strncmp(with, " with ", 6))
		with--;
	m->mem_gb = strtoul(with + 6, NULL, 10);
	s = strstr(p, " threads ");
	if (s && s < with) {
		s += 9;
		/* "48 threads 2 sockets Intel(R) ..." */
		if (isdigit((unsigned char)*s) && strstr(s, " sockets ") &&
		    strstr(s, " sockets ") < with)
			s = strstr(s, " sockets ") + 9;
		snprintf(m->cpu_model, sizeof(m->cpu_model), "%.*s",
			 (int)(with - s), s);
	}
	s = strstr(m->machine, " sockets");
	if (s) {
		while (s > m->machine && isdigit((unsigned char)s[-1]))
			s--;
		m->sockets = strtoul(s, NULL, 10);
	}
	return 0;
}

/*
 * A person's words for the machine, where LKP's line is not: "a dual
 * socket 40 CPUs Intel(R) Xeon(R) CPU E5-2690 v2 @ 3.00GHz", "large
 * arm64 2 nodes / 224 cores system".
 */
static void lkpmail_machine_words_read(const char *flat, struct lkpmail *m)
{
	const char *p, *s, *end;

	p = strstr(flat, " CPUs Intel(R)");
	if (p) {
		s = p;
		while (s > flat && isdigit((unsigned char)s[-1]))
			s--;
		m->threads = strtoul(s, NULL, 10);
		end = strstr(p, "GHz");
		if (end && end - p < 120)
			snprintf(m->cpu_model, sizeof(m->cpu_model), "%.*s",
				 (int)(end + 3 - p - 6), p + 6);
		snprintf(m->machine, sizeof(m->machine), "%u CPUs %s",
			 m->threads, m->cpu_model);
	}
	p = strstr(flat, " nodes / ");
	if (p) {
		s = p;
		while (s > flat && isdigit((unsigned char)s[-1]))
			s--;
		m->nodes = strtoul(s, NULL, 10);
		m->threads = strtoul(p + 9, NULL, 10);
		snprintf(m->machine, sizeof(m->machine), "%u nodes / %u cores",
			 m->nodes, m->threads);
	}
	if (strstr(flat, "dual socket"))
		m->sockets = 2;
}

/* The machine the report ran on: LKP's line, else a person's words. */
void lkpmail_machine_read(const char *flat, struct lkpmail *m)
{
	const char *p = strcasestr(flat, "test machine: ");

	if (p) {
		if (lkpmail_machine_line_read(p + 14, m))
			return;
	} else {
		lkpmail_machine_words_read(flat, m);
	}
	p = strcasestr(flat, "The test machine has ");
	if (p && strtoul(p + 21, NULL, 10))
		m->sockets = strtoul(p + 21, NULL, 10);
	if (strstr(flat, "arm64") && !strstr(m->machine, "Intel") &&
	    !strstr(m->machine, "Skylake"))
		snprintf(m->arch, sizeof(m->arch), "arm64");
}

static int starts_with_any(const char *line, const char *const *keys)
{
	for (; *keys; keys++)
		if (!strncmp(line, *keys, strlen(*keys)))
			return 1;
	return 0;
}

/* The lscpu block, when the mail includes one. */
int lkpmail_lscpu_read(const char *lines, struct lkpmail *m)
{
	static const char *const keys[] = {
		"Architecture:",
		"CPU(s):",
		"On-line CPU(s) list:",
		"Thread(s) per core:",
		"Core(s) per socket:",
		"Socket(s):",
		"NUMA node(s):",
		"NUMA node",
		"Model name:",
		"CPU family:",
		"Model:",
		NULL,
	};
	const char *p = lines;
	size_t len = 0, cap = 0;
	int core = 0;

	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (starts_with_any(p, keys) && memchr(p, ':', n)) {
			if (len + n + 2 > cap) {
				char *x = realloc(m->lscpu,
						  cap = 2 * (cap + n + 2));

				if (!x)
					return -ENOMEM;
				m->lscpu = x;
			}
			memcpy(m->lscpu + len, p, n);
			len += n;
			m->lscpu[len++] = '\n';
			m->lscpu[len] = '\0';
			core += !strncmp(p, "Socket(s):", 10) ||
				!strncmp(p, "Core(s) per socket:", 19) ||
				!strncmp(p, "Thread(s) per core:", 19);
		}
		p += n + (e ? 1 : 0);
	}
	if (core < 3) {
		free(m->lscpu);
		m->lscpu = NULL;
	}
	return 0;
}

/* The most nodes the table's numa-meminfo.nodeN rows (and kin) name. */
void lkpmail_nodes_read(const char *lines, struct lkpmail *m)
{
	static const char *const rows[] = { "numa-meminfo.node",
					    "numa-vmstat.node",
					    "numa-numastat.node", NULL };
	const char *const *r;
	const char *p;
	unsigned long n;

	for (r = rows; *r; r++)
		for (p = lines; (p = strstr(p, *r));) {
			p += strlen(*r);
			if (!isdigit((unsigned char)*p))
				continue;
			n = strtoul(p, NULL, 10);
			if (n < 1024 && n + 1 > m->table_nodes)
				m->table_nodes = n + 1;
		}
	/* job.yaml, when attached: "nr_node: 2" at the start of a line */
	for (p = lines; (p = strstr(p, "nr_node: ")); p++)
		if (p == lines || p[-1] == '\n')
			m->yaml_nodes = strtoul(p + 9, NULL, 10);
}

/*
 * LKP's machine names say the socket count: lkp-csl-2sp4, lkp-ivb-2ep1,
 * lkp-csl-2ap3 (Cascade Lake-AP), lkp-hsw-4ex1, lkp-cpx-4s1: a digit,
 * a kind, a digit.
 */
static unsigned int lkpmail_host_sockets(const char *host)
{
	static const char *const kinds[] = { "sp", "ep", "ap", "ex", "s", NULL };
	const char *const *k;
	const char *p = host;
	size_t n;

	while ((p = strchr(p, '-'))) {
		p++;
		if (!isdigit((unsigned char)p[0]) || p[0] == '0')
			continue;
		for (k = kinds; *k; k++) {
			n = strlen(*k);
			if (!strncmp(p + 1, *k, n) &&
			    isdigit((unsigned char)p[1 + n]))
				return p[0] - '0';
		}
	}
	return 0;
}

/*
 * A mail without the compare table's header may still name its host
 * (the table of other tests, a job.yaml, a reply): the first "lkp-"
 * word with a socket count.
 */
static void lkpmail_host_find(const char *flat, struct lkpmail *m)
{
	const char *p = flat;
	size_t n;

	while (!m->tbox_group[0] && (p = strstr(p, "lkp-"))) {
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if ((p == flat || !isalnum((unsigned char)p[-1])) &&
		    n < sizeof(m->tbox_group)) {
			snprintf(m->tbox_group, sizeof(m->tbox_group), "%.*s",
				 (int)n, p);
			if (!lkpmail_host_sockets(m->tbox_group))
				m->tbox_group[0] = '\0';
		}
		p += n ? n : 4;
	}
}

/*
 * The host name's count, kept beside the text's: the machine's reader
 * weighs both against the CPU model's (reproduce/repro-machine.c).
 */
static void lkpmail_tbox_sockets(struct lkpmail *m)
{
	m->host_sockets = lkpmail_host_sockets(m->tbox_group);
	if (m->sockets)
		return;
	m->sockets = m->host_sockets;
	if (m->sockets)
		snprintf(m->sockets_src, sizeof(m->sockets_src),
			 "LKP's host name %s", m->tbox_group);
}

void lkpmail_host_read(const char *flat, struct lkpmail *m)
{
	lkpmail_host_find(flat, m);
	lkpmail_tbox_sockets(m);
}
