/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_CPUTABLE_H
#define BOOTBENCH_CPUTABLE_H

#include <stddef.h>

/*
 * A CPU as a mail or an lscpu names it, looked up in boot/cpus.def:
 * the QEMU model that stands in for it and, where the SKU fixes them,
 * cores per socket and threads per core.
 */
struct cpu_info {
	const char *codename; /* "Cascade Lake"; NULL: only the vendor known */
	const char *vendor; /* "Intel", "AMD", "Hygon" */
	const char *qemu; /* QEMU -cpu model */
	unsigned int cores, threads; /* 0: not fixed by the SKU */
	const char *sku; /* the SKU pattern that matched, or NULL */
	int client; /* a desktop or laptop part (CPU_SKU_CLIENT) */
	/* The generation's server parts: "4,6,...,28" cores, and SMT */
	const char *server_cores;
	unsigned int server_tpc;
	/*
	 * A client part whose threads per core its generation's rule gave
	 * (boot/cpus.def): the start of its model number the rule names
	 * ("i5"), else "".
	 */
	char smt_tier[8];
	char source[96]; /* what it was read from, for "guessed (...)" */
};

/*
 * From a model name ("Intel(R) Xeon(R) Gold 6346 CPU @ 3.10GHz (Ice
 * Lake)"): a code name in it, a SKU pattern, else its vendor. 0, or
 * -ENOENT when the text names no CPU the table knows.
 */
int cpu_lookup(const char *model, struct cpu_info *ci);
/* From CPUID family and model (lscpu's "CPU family:" and "Model:"). */
int cpu_lookup_fms(unsigned int family, unsigned int model,
		   struct cpu_info *ci);
/* From an LKP host name: lkp-csl-2sp4 is a Cascade Lake. */
int cpu_lookup_host(const char *host, struct cpu_info *ci);
/*
 * @per_socket threads of a socket as cores x threads per core, by the
 * core counts of the generation's server parts: 0, or -ENOENT when
 * none fits (or the generation has no server parts, or @ci is a
 * client part).
 */
int cpu_cores_split(const struct cpu_info *ci, unsigned int per_socket,
		    unsigned int *cores, unsigned int *tpc);
/* For tests: the QEMU model of row @i of the table, NULL past the end. */
const char *cpu_table_qemu_model(size_t i);

#endif
