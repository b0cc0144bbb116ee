/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_TOPOLOGY_H
#define BOOTBENCH_TOPOLOGY_H

#include <stddef.h>

/*
 * The guest's CPU and NUMA topology: from SMP/SOCKETS/CORES/THREADS/NUMA,
 * a machine profile (boot/machines/<name>.conf, docs/topology.md) or an
 * lscpu output pasted from a report. Node i holds the CPUs of its list.
 */
#define TOPO_NODES_MAX 64
#define TOPO_CPUS_MAX 1024
#define TOPO_FILE_MAX (1 << 20) /* a profile's or an lscpu file's bytes */

struct topology {
	char name[64]; /* profile name, or "" */
	char cpu_model[64]; /* QEMU -cpu model, or "" for the default */
	char arch[16]; /* a profile's "arch = arm64"; "" for x86_64 */
	unsigned int sockets, cores, threads, cpus;
	unsigned int clusters; /* per socket, each of cores / clusters cores */
	unsigned int nnodes; /* 0: no NUMA nodes given */
	char node_cpus[TOPO_NODES_MAX][256];
	unsigned int mem_mb;
	int mem_given; /* MEM= said it: a fit keeps it */
	char note[1024]; /* what was adapted, for the user */
};

/* SMP/SOCKETS/CORES/THREADS/NUMA as the user gave them (0/NULL: unset). */
struct topology_request {
	unsigned int smp, sockets, cores, threads, clusters;
	const char *numa; /* "2", or CPU lists "0-3,8-11;4-7,12-15" */
	const char *machine; /* profile name or path */
	const char *lscpu; /* file */
	const char *machines_dir;
	unsigned int mem_mb; /* 0: the profile's or the default */
};

/* 0, or -EINVAL with a one-line reason in @why. */
int topology_resolve(const struct topology_request *r, struct topology *t,
		     char *why, size_t len);
int topology_lscpu_parse(const char *text, struct topology *t, char *why,
			 size_t len);
int topology_profile_parse(const char *text, struct topology *t, char *why,
			   size_t len);
/* MEM= and a profile's mem =: 0, -EINVAL or -ERANGE. */
int mem_size_parse(const char *s, unsigned int *mb);
/* A CPU list ("0-27,56-83") as a bitmap; -EINVAL if malformed. */
int cpulist_parse(const char *s, unsigned char *bits, unsigned int max);
/* Whether two CPU lists name the same CPUs. */
int cpulist_equal(const char *a, const char *b);
/*
 * FIT=1 or QUICK=1: a machine larger than @max_cpus is cut to fit, cores
 * per socket first, then SMT, then sockets, keeping two NUMA nodes where
 * it had several; its name says "-fit" and @note what was kept and what
 * was given up. 1 when it cut, 0 when the machine fitted already.
 */
int topology_fit(struct topology *t, unsigned int max_cpus);
/* "2 sockets x 28 cores x 2 threads = 112 CPUs, 2 nodes" */
void topology_describe(const struct topology *t, char *buf, size_t len);

#endif
