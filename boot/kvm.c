// SPDX-License-Identifier: GPL-2.0
/*
 * ACCEL=kvm's plan (kvm.h): the host's NUMA nodes and free hugepages, as
 * its sysfs says, against the guest's nodes and memory.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvm.h"

/* The most nodes a Linux host has (MAX_NUMNODES at NODES_SHIFT 10). */
#define KVM_HOST_NODES_MAX 1024
/* The 2 MiB pool, under kernel/mm/ for the host, node<N>/ for a node. */
#define KVM_HUGEPAGE_DIR "hugepages/hugepages-2048kB"
#define KVM_POOL "kernel/mm/" KVM_HUGEPAGE_DIR

static const char *kvm_sysfs_root(void)
{
	const char *root = getenv("BOOTBENCH_SYSFS");

	return root && *root ? root : "/sys";
}

/* The first line of @rel under the sysfs root, without its newline. */
static int kvm_sysfs_read(const char *rel, char *buf, size_t len)
{
	char path[4096];
	int err = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", kvm_sysfs_root(), rel);
	buf[0] = '\0';
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, len, f))
		err = ferror(f) ? -EIO : -ENODATA;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return err;
}

/* A count of pages such as free_hugepages: 0 or -errno. */
static int kvm_sysfs_count(const char *rel, unsigned long *v)
{
	char buf[32], *end;
	unsigned long n;
	int err = kvm_sysfs_read(rel, buf, sizeof(buf));

	if (err)
		return err;
	errno = 0;
	n = strtoul(buf, &end, 10);
	if (errno || end == buf || *end)
		return -EINVAL;
	*v = n;
	return 0;
}

/* The host's online nodes' ids into @node, ascending: how many, or -errno. */
static int kvm_host_nodes(unsigned int *node)
{
	static unsigned char bits[KVM_HOST_NODES_MAX];
	unsigned int i, n = 0;
	char buf[4096];
	int err;

	err = kvm_sysfs_read("devices/system/node/online", buf, sizeof(buf));
	if (!err)
		err = cpulist_parse(buf, bits, KVM_HOST_NODES_MAX);
	if (err)
		return err;
	for (i = 0; i < KVM_HOST_NODES_MAX; i++)
		if (bits[i])
			node[n++] = i;
	return n ? (int)n : -ENODATA;
}

/*
 * Guest node i on the host's (i mod N)th online node: each guest node's
 * memory then sits on one host node, as its CPUs would on real hardware,
 * instead of wherever the host's first touch put it. A one-node host
 * gets no words: all its memory is on that node whatever QEMU says.
 */
static void kvm_numa_plan(const struct topology *t, struct kvm_plan *p)
{
	static unsigned int node[KVM_HOST_NODES_MAX];
	size_t len, max = sizeof(p->numa_note);
	unsigned int i;
	int n;

	if (t->nnodes <= 1) {
		snprintf(p->numa_note, max, "not bound: the guest has 1 node");
		return;
	}
	n = kvm_host_nodes(node);
	if (n < 0) {
		snprintf(
			p->numa_note, max,
			"not bound: the host shows no NUMA nodes (%s/devices/system/node/online: %s)",
			kvm_sysfs_root(), strerror(-n));
		return;
	}
	if (n == 1) {
		snprintf(
			p->numa_note, max,
			"not bound: the host has 1 node, which holds all memory anyway");
		return;
	}
	p->bind = 1;
	len = snprintf(p->numa_note, max,
		       "bound (policy=bind), of the host's %d nodes:", n);
	for (i = 0; i < t->nnodes; i++) {
		p->host_node[i] = node[i % n];
		if (len < max)
			len += snprintf(p->numa_note + len, max - len,
					" node%u:host%u", i, p->host_node[i]);
	}
}

/*
 * Under policy=bind a guest node's pages come from its host node alone,
 * while the kernel reserves hugepages at mmap from the whole pool: a
 * host node short of free pages would SIGBUS the guest mid-run.
 */
static int kvm_hugepages_node_check(const struct topology *t,
				    struct kvm_plan *p)
{
	unsigned long need, avail;
	unsigned int i, j, h;
	char rel[128];

	for (i = 0; i < t->nnodes; i++) {
		h = p->host_node[i];
		for (j = 0, need = 0; j < t->nnodes; j++)
			if (p->host_node[j] == h)
				need += qemu_node_mb(t, j) / KVM_HUGEPAGE_MB;
		snprintf(rel, sizeof(rel),
			 "devices/system/node/node%u/" KVM_HUGEPAGE_DIR
			 "/free_hugepages",
			 h);
		if (kvm_sysfs_count(rel, &avail))
			avail = 0;
		if (avail < need) {
			snprintf(
				p->hugepages_note, sizeof(p->hugepages_note),
				"not used: host node %u has %lu free 2 MiB pages, the guest's nodes bound to it need %lu",
				h, avail, need);
			return -ENOMEM;
		}
	}
	return 0;
}

/* QEMU cannot size a hugetlb memfd in part of a page: each share whole. */
static int kvm_hugepages_fit(const struct topology *t, struct kvm_plan *p)
{
	unsigned int i, n = t->nnodes > 1 ? t->nnodes : 1;

	for (i = 0; i < n; i++) {
		if (qemu_node_mb(t, i) % KVM_HUGEPAGE_MB == 0)
			continue;
		snprintf(
			p->hugepages_note, sizeof(p->hugepages_note),
			"not used: guest node %u's %u MiB is not a whole number of 2 MiB pages: give MEM= a multiple of %u MiB",
			i, qemu_node_mb(t, i), n * KVM_HUGEPAGE_MB);
		return -EINVAL;
	}
	return 0;
}

/*
 * The guest's memory in 2 MiB pages: fewer TLB misses in a guest whose
 * every miss walks two page tables. Only when the pool has them free now
 * (those mappings reserved excluded): else QEMU fails to start.
 */
static void kvm_hugepages_plan(const struct topology *t, struct kvm_plan *p)
{
	unsigned long need = t->mem_mb / KVM_HUGEPAGE_MB;
	unsigned long avail, resv = 0, nr = 0;
	size_t max = sizeof(p->hugepages_note);

	if (kvm_hugepages_fit(t, p))
		return;
	if (kvm_sysfs_count(KVM_POOL "/free_hugepages", &avail)) {
		snprintf(
			p->hugepages_note, max,
			"not used: the host has no 2 MiB hugepage pool (%s/%s)",
			kvm_sysfs_root(), KVM_POOL);
		return;
	}
	kvm_sysfs_count(KVM_POOL "/resv_hugepages", &resv);
	kvm_sysfs_count(KVM_POOL "/nr_hugepages", &nr);
	avail = avail > resv ? avail - resv : 0;
	if (avail < need) {
		snprintf(
			p->hugepages_note, max,
			"not used: the host has %lu free 2 MiB pages, the guest needs %lu: as root, echo %lu > /sys/%s/nr_hugepages",
			avail, need, nr + need - avail, KVM_POOL);
		return;
	}
	if (p->bind && kvm_hugepages_node_check(t, p))
		return;
	p->hugepages = 1;
	snprintf(
		p->hugepages_note, max,
		"used: %lu of the host's %lu free 2 MiB pages (memory-backend-memfd,hugetlb=on,hugetlbsize=2M)",
		need, avail);
}

void kvm_plan_make(const struct topology *t, enum qemu_accel accel,
		   struct kvm_plan *p)
{
	memset(p, 0, sizeof(*p));
	if (accel != QEMU_ACCEL_KVM)
		return;
	p->on = 1;
	/* A machine profile's model is TCG's stand-in for the report's CPU. */
	if (t->cpu_model[0])
		snprintf(
			p->cpu_note, sizeof(p->cpu_note),
			"-cpu host, not the machine's %s: KVM runs the host's CPU, its model and features; -smp gives the topology",
			t->cpu_model);
	else
		snprintf(
			p->cpu_note, sizeof(p->cpu_note),
			"-cpu host: the host's CPU, its model and features; -smp gives the topology");
	kvm_numa_plan(t, p);
	kvm_hugepages_plan(t, p);
}

void kvm_json_write(struct json_buf *j, const struct kvm_plan *p)
{
	if (!p->on)
		return;
	json_member_object_open(j, "kvm");
	json_member_string(j, "cpu", "host");
	json_member_string(j, "cpu_note", p->cpu_note);
	json_member_bool(j, "numa_bound", p->bind);
	json_member_string(j, "numa_note", p->numa_note);
	json_member_bool(j, "hugepages", p->hugepages);
	json_member_string(j, "hugepages_note", p->hugepages_note);
	json_object_close(j);
}
