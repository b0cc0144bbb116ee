/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_KVM_H
#define BOOTBENCH_KVM_H

#include "proto/json.h"
#include "qemu.h"
#include "topology.h"

/*
 * ACCEL=kvm's settings for a performance run (docs/compare.md, "KVM"):
 * each guest NUMA node's memory bound to a host node, the guest's memory
 * in 2 MiB hugepages when the host has enough free, and -cpu host with
 * -smp's topology. Each is decided from the host's sysfs, read under
 * $BOOTBENCH_SYSFS (default /sys: the tests give a made-up host), and
 * job.json's "kvm" says what was done or why not. Under TCG nothing is.
 */
#define KVM_HUGEPAGE_MB 2

struct kvm_plan {
	int on; /* ACCEL=kvm: the rest is planned */
	int bind; /* guest node i's memory on host node host_node[i] */
	unsigned int host_node[TOPO_NODES_MAX];
	int hugepages; /* memory-backend-memfd,hugetlb=on,hugetlbsize=2M */
	/* What was done, or why not: job.json's (64 nodes' "node63:host1023") */
	char cpu_note[256], numa_note[1152], hugepages_note[512];
};

/* The plan for guest @t under @accel, into @p. */
void kvm_plan_make(const struct topology *t, enum qemu_accel accel,
		   struct kvm_plan *p);
/* job.json's "kvm" object; nothing when the plan is not on. */
void kvm_json_write(struct json_buf *j, const struct kvm_plan *p);

#endif
