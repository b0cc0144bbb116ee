/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_PIN_H
#define BOOTBENCH_PIN_H

#include <stddef.h>
#include <sys/types.h>

/*
 * PIN=: each vCPU thread on a host CPU of its own, QEMU's main loop, its
 * I/O threads and the host tool on the others (virtme-ng's --pin; TCG's
 * MTTCG and KVM both run a vCPU as a host thread). The threads come
 * from QMP's query-cpus-fast. Off by default: two runs side by side (a
 * test suite's, a CI runner's) that pinned their vCPUs to the same CPUs
 * would share them, where floating they spread.
 */
#define PIN_CPUS_MAX 256

struct pin_plan {
	int on;
	unsigned int vcpus;
	int cpu[PIN_CPUS_MAX]; /* vCPU i's host CPU */
	/* Host CPU i is every other thread's (and ours) / was ours before. */
	unsigned char others[PIN_CPUS_MAX], ours[PIN_CPUS_MAX];
	char said[256]; /* what was pinned where, or why not: job.json's */
};

/*
 * PIN=@want (auto, off or a CPU list: 2-5,7) for @vcpus vCPUs, under
 * deterministic timing or not, into @p. auto pins when this process may
 * use at least one CPU more than the vCPUs; a list must hold a CPU for
 * each. 0, or -EINVAL with @p->said naming the problem and the fix.
 */
int pin_plan_make(const char *want, unsigned int vcpus, int deterministic,
		  struct pin_plan *p);
/*
 * The plan applied to QEMU @qemu through its QMP socket @qmp (waited
 * for up to @wait_ms): 0, or -errno with @p->said telling why the run
 * goes on unpinned.
 */
int pin_apply(struct pin_plan *p, const char *qmp, pid_t qemu,
	      unsigned int wait_ms);
/* The host tool's own CPUs as they were. */
void pin_restore(const struct pin_plan *p);

#endif
