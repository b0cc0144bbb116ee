/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_VMLINUX_H
#define BOOTBENCH_VMLINUX_H

#include <stddef.h>

/*
 * BOOT=auto|pvh|bzimage: how QEMU's -kernel gets the kernel. A bzImage
 * decompresses itself in the guest, which under TCG is most of a
 * distribution kernel's boot; an ELF vmlinux with a PVH entry (the Xen
 * ELF note PHYS32_ENTRY) is loaded by QEMU as it is and entered
 * directly (docs/kernels.md).
 */
enum boot_path {
	BOOT_AUTO,
	BOOT_PVH,
	BOOT_BZIMAGE,
};

int boot_path_parse(const char *s, enum boot_path *out);

struct vmlinux_pick {
	char path[4096]; /* the vmlinux to give -kernel */
	const char *source; /* "tree", "cache" or "extracted" */
	char why[512]; /* when none: why, in a few words */
};

/*
 * The ELF vmlinux with a PVH entry that is the kernel of @bzimage: the
 * build tree's (KERNEL=<tree>/arch/x86/boot/bzImage, not older than its
 * vmlinux), or the bzImage's payload decompressed into @cache, named by
 * the bzImage's hash so that a second boot decompresses nothing.
 * 0, or -errno with pick->why set.
 */
int vmlinux_pick(const char *bzimage, const char *cache,
		 struct vmlinux_pick *pick);

/* -ENOENT when @fd holds an x86-64 ELF without the PVH note. */
int vmlinux_pvh_check(int fd);

/*
 * The compressed kernel @in (a bzImage's payload, recognised by its
 * compressor's magic) decompressed into a malloc()ed *out. -EBADMSG for
 * a corrupt payload, -EPROTONOSUPPORT for an unknown compressor.
 */
int vmlinux_decompress(const unsigned char *in, size_t n, unsigned char **out,
		       size_t *outlen, const char **codec);

#endif
