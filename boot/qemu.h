/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_QEMU_H
#define BOOTBENCH_QEMU_H

#include "lib/strv.h"
#include "topology.h"
#include "disk.h"

struct kvm_plan;

enum qemu_accel {
	QEMU_ACCEL_AUTO,
	QEMU_ACCEL_KVM,
	QEMU_ACCEL_TCG,
};

struct qemu_conf {
	const char *binary;
	const char *kernel;
	const char *initrd;
	const char *append; /* the full kernel command line */
	const struct topology *topo; /* CPUs, nodes, memory, CPU model */
	const struct arch *arch; /* the machine, the default CPU model */
	enum qemu_accel accel; /* resolved: KVM or TCG */
	const char *console_pipe; /* QEMU's pipe chardevs: PATH.in, PATH.out */
	const char *results_pipe;
	const char *bios; /* -bios file, or NULL for QEMU's own SeaBIOS */
	/* TIMING=deterministic: the guest clock counts instructions. */
	int icount;
	unsigned int icount_shift; /* one instruction = 2^shift ns */
	/*
	 * A LAVA job's arguments (boot/lava.c): no binary, kernel, initrd,
	 * command line or console (LAVA gives those), the results port
	 * into /dev/null, and no -accel when @accel is AUTO.
	 */
	int lava;
	const struct disk_host *disk; /* scratch disks, or NULL */
	/*
	 * PROFILE=1: the plugin, its output file (C2C=1: the census's,
	 * else NULL) and the kallsyms port's file
	 */
	const char *plugin, *profile_out, *c2c_out, *kallsyms_path;
	const char *qmp_path; /* a QMP socket (PIN=), or NULL */
	/* ACCEL=kvm's NUMA binding and hugepages (boot/kvm.h), or NULL */
	const struct kvm_plan *kvm;
};

/* TIMING=deterministic's default: docs/deterministic.md. */
#define QEMU_ICOUNT_SHIFT_DEFAULT 5

/* What "qemu-system-x86_64 -version" says, e.g. 7.2.19. */
struct qemu_version {
	unsigned int major, minor, micro;
	char text[64];
};

int qemu_args_build(const struct qemu_conf *c, struct strv *argv);
/* Guest node @i's MiB: the memory split evenly, the last node the rest. */
unsigned int qemu_node_mb(const struct topology *t, unsigned int i);
/*
 * @s as a value of QEMU's option syntax (-chardev path=, -plugin,
 * -drive): each comma doubled, else a comma in RESULTS ended the value
 * and QEMU took what followed as options. Freed by the caller; NULL
 * when out of memory.
 */
char *qemu_opt_escape(const char *s);
int qemu_accel_parse(const char *s, enum qemu_accel *out);
/* Runs BINARY -version; -ENOEXEC when its output names no version. */
int qemu_version_read(const char *binary, struct qemu_version *v);
/* The same, kept in DIR (NULL: not kept) while the binary is unchanged. */
int qemu_version_get(const char *binary, const char *dir,
		     struct qemu_version *v);
/*
 * Whether icount with several vCPUs boots on this QEMU: 7.2 never runs
 * a vCPU again once PAUSE made it yield (docs/deterministic.md).
 */
int qemu_icount_smp_works(const struct qemu_version *v);
/*
 * FIRMWARE=auto (qboot when QEMU ships it: it boots a -kernel with far
 * less work than SeaBIOS), seabios, qboot, or a file. *bios is NULL for
 * SeaBIOS. -ENOENT when qboot was asked for and is not there.
 */
int qemu_firmware_pick(const char *want, const char *qemu, const char **bios);
/* KVM only where hardware virtualisation really works (docs/boot.md). */
enum qemu_accel qemu_accel_pick(enum qemu_accel want, const char **why);

#endif
