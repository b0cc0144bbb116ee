// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's topology (topology.h): resolved from what the user gave,
 * a machine profile or an lscpu file (read here, parsed by
 * topology-text.c), checked as QEMU needs it, described, and fitted to
 * FIT=1's or QUICK=1's vCPUs.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/fileio.h"
#include "topology.h"
#include "topology-text.h"
#include "shared/util.h"

int topo_fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int cpulist_parse(const char *s, unsigned char *bits, unsigned int max)
{
	memset(bits, 0, max);
	while (*s) {
		char *end;
		unsigned long a, b;

		if (!isdigit((unsigned char)*s))
			return -EINVAL;
		a = strtoul(s, &end, 10);
		b = a;
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return -EINVAL;
			b = strtoul(end + 1, &end, 10);
		}
		if (a > b || b >= max)
			return -EINVAL;
		for (; a <= b; a++)
			bits[a] = 1;
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -EINVAL;
		s = end;
	}
	return 0;
}

int cpulist_equal(const char *a, const char *b)
{
	static unsigned char x[TOPO_CPUS_MAX], y[TOPO_CPUS_MAX];

	if (cpulist_parse(a, x, TOPO_CPUS_MAX) ||
	    cpulist_parse(b, y, TOPO_CPUS_MAX))
		return 0;
	return !memcmp(x, y, TOPO_CPUS_MAX);
}

/* Every CPU in exactly one node. */
static int topo_nodes_check(const struct topology *t, char *why, size_t len)
{
	static unsigned char seen[TOPO_CPUS_MAX], bits[TOPO_CPUS_MAX];
	unsigned int i, c;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < t->nnodes; i++) {
		if (cpulist_parse(t->node_cpus[i], bits, TOPO_CPUS_MAX))
			return topo_fail(
				why, len,
				"node %u's CPU list '%s' is not a list like 0-3,8-11",
				i, t->node_cpus[i]);
		for (c = 0; c < TOPO_CPUS_MAX; c++) {
			if (!bits[c])
				continue;
			if (c >= t->cpus)
				return topo_fail(
					why, len,
					"node %u names CPU %u, but there are only %u CPUs",
					i, c, t->cpus);
			if (seen[c])
				return topo_fail(why, len,
						 "CPU %u is in two NUMA nodes",
						 c);
			seen[c] = 1;
		}
	}
	for (c = 0; t->nnodes && c < t->cpus; c++)
		if (!seen[c])
			return topo_fail(why, len, "CPU %u is in no NUMA node",
					 c);
	return 0;
}

/* "512", "512M", "2G", "1T" in MiB, from 64 MiB to 16 TiB. */
int mem_size_parse(const char *s, unsigned int *mb)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	if (*end == 'T' || *end == 't')
		v *= 1024 * 1024, end++;
	else if (*end == 'G' || *end == 'g')
		v *= 1024, end++;
	else if (*end == 'M' || *end == 'm')
		end++;
	if (*end || v < 64 || v > 16 * 1024 * 1024)
		return -ERANGE;
	*mb = v;
	return 0;
}

/* Nodes of equal size in CPU order: node i takes CPUs [i*n/k, (i+1)*n/k). */
static void topo_nodes_split(struct topology *t, unsigned int k)
{
	unsigned int i;

	t->nnodes = k;
	for (i = 0; i < k; i++) {
		unsigned int a = i * t->cpus / k, b = (i + 1) * t->cpus / k - 1;

		if (a == b)
			snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]), "%u",
				 a);
		else
			snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]),
				 "%u-%u", a, b);
	}
}

static int topo_numa_apply(struct topology *t, const char *numa, char *why,
			   size_t len)
{
	char *copy, *list, *save = NULL;
	unsigned long k;
	char *end;

	if (!numa || !*numa)
		return 0;
	k = strtoul(numa, &end, 10);
	if (isdigit((unsigned char)*numa) && !*end) {
		if (k < 1 || k > TOPO_NODES_MAX || k > t->cpus)
			return topo_fail(
				why, len,
				"NUMA=%s is impossible: give 1 to %u nodes for %u CPUs",
				numa,
				t->cpus < TOPO_NODES_MAX ? t->cpus :
							   TOPO_NODES_MAX,
				t->cpus);
		topo_nodes_split(t, k);
		return 0;
	}
	copy = strdup(numa);
	if (!copy)
		return -ENOMEM;
	t->nnodes = 0;
	for (list = strtok_r(copy, ";", &save); list;
	     list = strtok_r(NULL, ";", &save)) {
		if (t->nnodes == TOPO_NODES_MAX) {
			free(copy);
			return topo_fail(why, len,
					 "NUMA=%s: more than %d nodes", numa,
					 TOPO_NODES_MAX);
		}
		snprintf(t->node_cpus[t->nnodes++], sizeof(t->node_cpus[0]),
			 "%s", list);
	}
	free(copy);
	return 0;
}

/*
 * A job's machine or lscpu file, which a job from elsewhere may point at
 * anything: a regular file of at most TOPO_FILE_MAX bytes. -EBADF (said
 * in @why, nothing of the file) when it is not one.
 */
static char *topo_file_read(const char *key, const char *path, char *why,
			    size_t len, int *err)
{
	char *text = file_read_capped(path, TOPO_FILE_MAX, NULL);

	*err = text ? 0 : -EBADF;
	if (!text && errno == EINVAL)
		topo_fail(
			why, len,
			"%s=%s is not a regular file: give %s saved in a file",
			key, path,
			!strcmp(key, "LSCPU") ? "lscpu's output" :
						"a machine profile");
	else if (!text && errno == EFBIG)
		topo_fail(why, len, "%s=%s is larger than %d KiB: give %s", key,
			  path, TOPO_FILE_MAX >> 10,
			  !strcmp(key, "LSCPU") ? "lscpu's output" :
						  "a machine profile");
	else if (!text && errno == ENOMEM)
		*err = -ENOMEM;
	else if (!text)
		*err = 1; /* the caller's message */
	return text;
}

/* MACHINE=: a profile by name from machines_dir, or by path. */
static int topo_machine_read(const struct topology_request *r,
			     struct topology *t, char *why, size_t len)
{
	int by_path = strchr(r->machine, '/') != NULL, err;
	char path[4096], *text;
	struct stat st;

	if (by_path)
		snprintf(path, sizeof(path), "%s", r->machine);
	else
		snprintf(path, sizeof(path), "%s/%s.conf", r->machines_dir,
			 r->machine);
	/* No profiles at all is the tool's place, not the machine's name. */
	if (!by_path && (stat(r->machines_dir, &st) || !S_ISDIR(st.st_mode)))
		return topo_fail(
			why, len,
			"MACHINE=%s: no profile directory %s (looked for beside bootbench, then in the working directory): run the bootbench a checkout built (its out/build/host/bootbench), or run it in the checkout",
			r->machine, r->machines_dir);
	text = topo_file_read("MACHINE", path, why, len, &err);
	if (err > 0)
		return topo_fail(
			why, len,
			"MACHINE=%s: no profile %s: see boot/machines/",
			r->machine, path);
	if (err)
		return err;
	err = topo_profile_parse(text, t, why, len, !by_path);
	free(text);
	return err;
}

static int topo_lscpu_read(const struct topology_request *r, struct topology *t,
			   char *why, size_t len)
{
	char *text;
	int err;

	text = topo_file_read("LSCPU", r->lscpu, why, len, &err);
	if (err > 0)
		return topo_fail(why, len, "LSCPU=%s: %s", r->lscpu,
				 strerror(errno));
	if (err)
		return err;
	err = topology_lscpu_parse(text, t, why, len);
	free(text);
	return err;
}

/*
 * QEMU numbers CPUs socket by socket, core by core, thread by thread; a
 * real machine's lscpu often numbers all first threads before the
 * second ones (node0 0-27,56-83). With one node per socket the meaning
 * is "a node is a socket": keep that, in QEMU's numbering, and say so.
 */
static void topo_nodes_renumber(struct topology *t)
{
	struct topology split = *t;
	unsigned int i;

	topo_nodes_split(&split, t->nnodes);
	for (i = 0; i < t->nnodes; i++)
		if (!cpulist_equal(t->node_cpus[i], split.node_cpus[i]))
			break;
	if (i == t->nnodes)
		return;
	snprintf(
		t->note, sizeof(t->note),
		"one NUMA node per socket as asked; QEMU numbers CPUs socket by socket, so node0 %.40s becomes %.40s",
		t->node_cpus[0], split.node_cpus[0]);
	for (i = 0; i < t->nnodes; i++)
		memcpy(t->node_cpus[i], split.node_cpus[i],
		       sizeof(t->node_cpus[i]));
}

/* SMP/SOCKETS/CORES/THREADS/NUMA: the shape the user gave, checked. */
static int topo_request_shape(const struct topology_request *r,
			      struct topology *t, char *why, size_t len)
{
	t->sockets = r->sockets ? r->sockets : 1;
	t->threads = r->threads ? r->threads : 1;
	t->clusters = r->clusters;
	if (r->cores) {
		t->cores = r->cores;
	} else if (r->smp) {
		if (r->smp % (t->sockets * t->threads))
			return topo_fail(
				why, len,
				"SMP=%u is not a multiple of SOCKETS=%u x THREADS=%u",
				r->smp, t->sockets, t->threads);
		t->cores = r->smp / (t->sockets * t->threads);
	} else {
		t->cores = 2 / t->sockets / t->threads ?
				   2 / t->sockets / t->threads :
				   1;
	}
	t->cpus = t->sockets * t->cores * t->threads;
	if (r->smp && r->smp != t->cpus)
		return topo_fail(
			why, len,
			"SMP=%u but SOCKETS=%u x CORES=%u x THREADS=%u = %u",
			r->smp, t->sockets, t->cores, t->threads, t->cpus);
	return topo_numa_apply(t, r->numa, why, len);
}

/* What QEMU can make of any shape: its CPU count, its clusters. */
static int topo_shape_check(struct topology *t, char *why, size_t len)
{
	if (!t->cpus || t->cpus > TOPO_CPUS_MAX)
		return topo_fail(why, len,
				 "%u CPUs is impossible: give 1 to %d", t->cpus,
				 TOPO_CPUS_MAX);
	/* QEMU's clusters are all of one size: cores / clusters each. */
	if (!t->clusters)
		t->clusters = 1;
	if (t->cores % t->clusters)
		return topo_fail(
			why, len,
			"%u cores per socket do not split into %u clusters of one size: give CORES a multiple of CLUSTERS",
			t->cores, t->clusters);
	return 0;
}

int topology_resolve(const struct topology_request *r, struct topology *t,
		     char *why, size_t len)
{
	int foreign = (r->machine && *r->machine) || (r->lscpu && *r->lscpu);
	int err;

	memset(t, 0, sizeof(*t));
	if (r->machine && *r->machine)
		err = topo_machine_read(r, t, why, len);
	else if (r->lscpu && *r->lscpu)
		err = topo_lscpu_read(r, t, why, len);
	else
		err = topo_request_shape(r, t, why, len);
	if (err)
		return err;
	/* A report's numbering is foreign; a user's own lists are kept. */
	if (foreign && t->nnodes && t->nnodes == t->sockets)
		topo_nodes_renumber(t);
	err = topo_shape_check(t, why, len);
	if (err)
		return err;
	if (r->mem_mb) {
		t->mem_mb = r->mem_mb;
		t->mem_given = 1;
	}
	if (!t->mem_mb)
		t->mem_mb = 1024;
	return topo_nodes_check(t, why, len);
}

void topology_describe(const struct topology *t, char *buf, size_t len)
{
	char clusters[32] = "";

	if (t->clusters > 1)
		snprintf(clusters, sizeof(clusters), " in %u clusters",
			 t->clusters);
	snprintf(
		buf, len,
		"%u socket%s x %u core%s%s x %u thread%s = %u CPU%s, %u NUMA node%s",
		t->sockets, t->sockets == 1 ? "" : "s", t->cores,
		t->cores == 1 ? "" : "s", clusters, t->threads,
		t->threads == 1 ? "" : "s", t->cpus, t->cpus == 1 ? "" : "s",
		t->nnodes ? t->nnodes : 1, t->nnodes > 1 ? "s" : "");
}

/*
 * Nodes for a fitted machine: as many as it had, down to two where it had
 * several (a NUMA regression needs a remote node), each CPU in one; nodes
 * beyond the CPUs hold memory only, which QEMU and Linux both allow.
 */
static void topo_nodes_fit(struct topology *t, unsigned int had)
{
	unsigned int k = had < t->cpus ? had : t->cpus, i;

	if (k < 2)
		k = 2;
	if (k > had)
		k = had;
	if (k <= t->cpus) {
		topo_nodes_split(t, k);
		return;
	}
	t->nnodes = k;
	for (i = 0; i < k; i++)
		snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]),
			 i < t->cpus ? "%u" : "", i);
}

/* Cores per socket first, then SMT, then sockets: the order of what a
 * report's regression is least likely to be about. */
static void topo_shape_fit(struct topology *t, unsigned int max_cpus)
{
	if (t->sockets * t->threads <= max_cpus) {
		t->cores = max_cpus / (t->sockets * t->threads);
	} else if (t->sockets <= max_cpus) {
		t->cores = 1;
		t->threads = max_cpus / t->sockets;
	} else {
		t->cores = 1;
		t->threads = 1;
		t->sockets = max_cpus;
	}
	t->cpus = t->sockets * t->cores * t->threads;
}

/* Clusters of the size they had where the cores left allow, else none. */
static void topo_clusters_fit(struct topology *t, const struct topology *was)
{
	unsigned int size = was->cores / (was->clusters ? was->clusters : 1);

	t->clusters = size && !(t->cores % size) ? t->cores / size : 1;
}

static size_t topo_lost_describe(const struct topology *was,
				 const struct topology *t, char *buf,
				 size_t len)
{
	size_t n = 0;

	if (t->cores < was->cores)
		n += snprintf(buf + n, len - n, "%s%u of %u cores per socket",
			      n ? ", " : "", was->cores - t->cores, was->cores);
	if (t->clusters < was->clusters && n < len)
		n += snprintf(buf + n, len - n,
			      "%s%u of %u clusters per socket", n ? ", " : "",
			      was->clusters - t->clusters, was->clusters);
	if (t->threads < was->threads && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
			      t->threads == 1 ? "SMT" :
						"some threads per core");
	if (t->sockets < was->sockets && n < len)
		n += snprintf(buf + n, len - n, "%s%u of %u sockets",
			      n ? ", " : "", was->sockets - t->sockets,
			      was->sockets);
	if (t->nnodes < was->nnodes && n < len)
		n += snprintf(buf + n, len - n, "%s%u of %u NUMA nodes",
			      n ? ", " : "", was->nnodes - t->nnodes,
			      was->nnodes);
	return n;
}

/*
 * A fitted machine keeps the memory per CPU of the full one (what memory
 * benchmarks scale with), in 256 MiB steps, at least 1 GiB and 512 MiB
 * a node: a report's 256 GB on two vCPUs only slows the boot under TCG
 * (struct pages for all of it) and is never touched. MEM= is kept.
 */
static void topo_mem_fit(struct topology *t, const struct topology *was)
{
	unsigned long long mb;
	unsigned int floor = 512 * t->nnodes > 1024 ? 512 * t->nnodes : 1024;

	if (t->mem_given)
		return;
	mb = (unsigned long long)was->mem_mb * t->cpus / was->cpus;
	mb = (mb + 255) / 256 * 256;
	if (mb < floor)
		mb = floor;
	if (mb < was->mem_mb)
		t->mem_mb = mb;
}

int topology_fit(struct topology *t, unsigned int max_cpus)
{
	struct topology was;
	char from[128], to[128], lost[160] = "";
	unsigned int i, memonly = 0;
	size_t n;

	if (!max_cpus || t->cpus <= max_cpus)
		return 0;
	memcpy(&was, t, sizeof(was));
	topo_shape_fit(t, max_cpus);
	topo_clusters_fit(t, &was);
	if (was.nnodes > 1)
		topo_nodes_fit(t, was.nnodes);
	topo_mem_fit(t, &was);
	for (i = 0; i < t->nnodes; i++)
		memonly += !t->node_cpus[i][0];
	/* Its results are not the full machine's: never one matrix with them. */
	n = strlen(t->name);
	if (!n)
		snprintf(t->name, sizeof(t->name), "%us%uc%ut-fit", was.sockets,
			 was.cores, was.threads);
	else if (n + 4 < sizeof(t->name))
		strcat(t->name, "-fit");
	topology_describe(&was, from, sizeof(from));
	topology_describe(t, to, sizeof(to));
	topo_lost_describe(&was, t, lost, sizeof(lost));
	/* What resolving the machine said stays, after the fit. */
	snprintf(
		t->note, sizeof(t->note),
		"fitted to %u CPU%s: %s%s, %u MB instead of %s, %u MB; given up: %s%s%.300s",
		max_cpus, max_cpus == 1 ? "" : "s", to,
		memonly ? " (memory-only nodes beyond the CPUs)" : "",
		t->mem_mb, from, was.mem_mb, lost, was.note[0] ? "; " : "",
		was.note);
	return 1;
}
