// SPDX-License-Identifier: GPL-2.0
/*
 * The machine as text (topology.h): lscpu's output, as a report pastes
 * it, and a machine profile (boot/machines/NAME.conf, docs/topology.md),
 * each into struct topology. Every line of a profile must be one it
 * knows; lscpu's are read for the few it needs, the rest skipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cputable.h"
#include "topology.h"
#include "topology-text.h"
#include "shared/util.h"

/* "key: value" or "key = value"; returns the value or NULL. */
static const char *topo_line_value(char *line, const char *key, char sep)
{
	size_t n = strlen(key);
	char *v;

	if (strncmp(line, key, n))
		return NULL;
	v = line + n;
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v != sep)
		return NULL;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	v[strcspn(v, "\r\n")] = '\0';
	return v;
}

/*
 * A report's "Model name:" to the closest QEMU CPU model (boot/cpus.def);
 * where the name says only the vendor, its CPU family and model may say
 * more.
 */
static void topo_cpu_model(struct topology *t, const char *name,
			   unsigned int family, unsigned int model)
{
	struct cpu_info ci, fms;
	unsigned int f, m;
	int err = cpu_lookup(name, &ci), n = 0;

	/* Some lscpu outputs LKP keeps name the CPU "06/55": family/model in hex. */
	if (sscanf(name, "%2x/%2x%n", &f, &m, &n) == 2 && !name[n] && !family) {
		family = f;
		model = m;
	}
	if ((err || !ci.codename) && family &&
	    !cpu_lookup_fms(family, model, &fms)) {
		ci = fms;
		err = 0;
	}
	if (!err)
		snprintf(t->cpu_model, sizeof(t->cpu_model), "%s", ci.qemu);
}

int topology_lscpu_parse(const char *text, struct topology *t, char *why,
			 size_t len)
{
	char *copy = strdup(text), *line, *save = NULL;
	unsigned int cpus = 0, node, family = 0, model = 0;
	char name[128] = "";
	const char *v;

	if (!copy)
		return -ENOMEM;
	memset(t, 0, sizeof(*t));
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '>' || *line == '\t')
			line++;
		if ((v = topo_line_value(line, "CPU(s)", ':')))
			cpus = strtoul(v, NULL, 10);
		else if ((v = topo_line_value(line, "Thread(s) per core", ':')))
			t->threads = strtoul(v, NULL, 10);
		else if ((v = topo_line_value(line, "Core(s) per socket", ':')))
			t->cores = strtoul(v, NULL, 10);
		else if ((v = topo_line_value(line, "Socket(s)", ':')))
			t->sockets = strtoul(v, NULL, 10);
		else if ((v = topo_line_value(line, "Model name", ':')))
			snprintf(name, sizeof(name), "%s", v);
		else if ((v = topo_line_value(line, "CPU family", ':')))
			family = strtoul(v, NULL, 10);
		else if ((v = topo_line_value(line, "Model", ':')))
			model = strtoul(v, NULL, 10);
		else if (sscanf(line, "NUMA node%u CPU(s):", &node) == 1 &&
			 node < TOPO_NODES_MAX && (v = strchr(line, ':'))) {
			v++;
			while (*v == ' ' || *v == '\t')
				v++;
			snprintf(t->node_cpus[node], sizeof(t->node_cpus[0]),
				 "%.*s", (int)strcspn(v, " \r\n"), v);
			if (node + 1 > t->nnodes)
				t->nnodes = node + 1;
		}
	}
	free(copy);
	topo_cpu_model(t, name, family, model);
	if (!t->sockets || !t->cores || !t->threads)
		return topo_fail(
			why, len,
			"the lscpu output lacks Socket(s), Core(s) per socket or Thread(s) per core");
	t->cpus = t->sockets * t->cores * t->threads;
	t->clusters = 1;
	if (cpus && cpus != t->cpus)
		return topo_fail(
			why, len,
			"lscpu says %u CPU(s) but %u sockets x %u cores x %u threads = %u",
			cpus, t->sockets, t->cores, t->threads, t->cpus);
	return 0;
}

/* A profile's plain keys: its value into struct topology as it is. */
static const struct topo_profile_key {
	const char *key;
	size_t off;
	size_t size; /* a string's buffer; 0 for an unsigned int */
} topo_profile_keys[] = {
#define TOPO_STR(f) \
	offsetof(struct topology, f), sizeof(((struct topology *)0)->f)
#define TOPO_UINT(f) offsetof(struct topology, f), 0
	{ "name", TOPO_STR(name) },	     { "sockets", TOPO_UINT(sockets) },
	{ "cores", TOPO_UINT(cores) },	     { "threads", TOPO_UINT(threads) },
	{ "clusters", TOPO_UINT(clusters) }, { "arch", TOPO_STR(arch) },
	{ "cpu", TOPO_STR(cpu_model) },
#undef TOPO_STR
#undef TOPO_UINT
};

/* One of topo_profile_keys' lines taken; 0 when it is none of them. */
static int topo_profile_key_set(struct topology *t, char *line)
{
	const struct topo_profile_key *k;
	const char *v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(topo_profile_keys); i++) {
		k = &topo_profile_keys[i];
		if (!(v = topo_line_value(line, k->key, '=')))
			continue;
		if (k->size)
			snprintf((char *)t + k->off, k->size, "%s", v);
		else
			*(unsigned int *)((char *)t + k->off) =
				strtoul(v, NULL, 10);
		return 1;
	}
	return 0;
}

/* "node<N> = <CPU list>"; 0 when the line is not one. */
static int topo_profile_node_set(struct topology *t, char *line)
{
	unsigned int node;
	const char *v;

	if (sscanf(line, "node%u", &node) != 1 || node >= TOPO_NODES_MAX ||
	    !(v = strchr(line, '=')))
		return 0;
	v++;
	while (*v == ' ')
		v++;
	snprintf(t->node_cpus[node], sizeof(t->node_cpus[0]), "%.*s",
		 (int)strcspn(v, " \r\n"), v);
	if (node + 1 > t->nnodes)
		t->nnodes = node + 1;
	return 1;
}

/*
 * Line @no of a profile, its blanks stripped. @echo: a line it does not
 * know is quoted in @why. Not for a file given by path, which may be any
 * file (MACHINE=/etc/shadow): its line number only.
 */
static int topo_profile_line_take(struct topology *t, char *line,
				  unsigned int no, char *why, size_t len,
				  int echo)
{
	const char *v;

	if (topo_profile_key_set(t, line) || topo_profile_node_set(t, line))
		return 0;
	if ((v = topo_line_value(line, "mem", '=')))
		return mem_size_parse(v, &t->mem_mb) ?
			       topo_fail(why, len, "mem = %s is not a size",
					 v) :
			       0;
	if ((v = topo_line_value(line, "unsupported", '=')))
		return topo_fail(why, len, "%s", v);
	if (echo)
		return topo_fail(why, len, "unknown line '%.60s'", line);
	return topo_fail(
		why, len,
		"line %u is not a profile line (key = value): give a machine profile (boot/machines/*.conf)",
		no);
}

/* The shape the profile's lines gave: complete, its clusters even. */
static int topo_profile_shape_check(struct topology *t, char *why, size_t len)
{
	if (!t->sockets || !t->cores || !t->threads)
		return topo_fail(why, len,
				 "the profile lacks sockets, cores or threads");
	t->cpus = t->sockets * t->cores * t->threads;
	if (!t->clusters)
		t->clusters = 1;
	if (t->cores % t->clusters)
		return topo_fail(
			why, len,
			"the profile's %u cores per socket do not split into %u clusters of one size",
			t->cores, t->clusters);
	return 0;
}

int topo_profile_parse(const char *text, struct topology *t, char *why,
		       size_t len, int echo)
{
	char *copy = strdup(text), *line, *save = NULL;
	unsigned int no = 0;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	memset(t, 0, sizeof(*t));
	for (line = copy; line && !err; line = save) {
		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		no++;
		while (*line == ' ' || *line == '\t')
			line++;
		if (*line && *line != '#')
			err = topo_profile_line_take(t, line, no, why, len,
						     echo);
	}
	free(copy);
	return err ? err : topo_profile_shape_check(t, why, len);
}

int topology_profile_parse(const char *text, struct topology *t, char *why,
			   size_t len)
{
	return topo_profile_parse(text, t, why, len, 1);
}
