/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_ARCH_H
#define BOOTBENCH_ARCH_H

#include <stddef.h>

/* One row of boot/arch.def: what differs by guest architecture. */
struct arch {
	const char *name, *uname, *karch, *qemu, *qemu_pkg, *machine, *firmware;
	const char *console, *cmdline, *image, *kernel_pkg, *deb_arch;
	const char *triplet, *cross_gcc, *cross_pkg, *cpu, *cpu_smt;
	const char *kcidb, *lava;
	const char *clusters; /* "1": -smp clusters= works on its board */
};

/* The row named @name (or the kernel's and Debian's name for it). */
const struct arch *arch_find(const char *name);
/* This host's row; the first row when the host is none of them. */
const struct arch *arch_host(void);
/* The known names, "x86_64, arm64", for messages. */
const char *arch_names(void);

/*
 * What the kernel file @path is: the row whose image it is (an x86
 * bzImage, an arm64 Image or that Image gzipped, *gzipped then 1), or
 * -ENOEXEC when none.
 */
int arch_kernel_identify(const char *path, const struct arch **arch,
			 int *gzipped);
/* "an x86 bzImage", for the messages that say what a file is. */
void arch_kernel_describe(const struct arch *a, int gzipped, char *buf,
			  size_t len);

/*
 * The kernel's release: a bzImage's setup header, an Image's banner
 * ("Linux version R (...") in it or in its gzipped form.
 */
int arch_release_read(const char *path, char *release, size_t size);

/*
 * A gzipped Image decompressed once into @cache (named by its hash), as
 * the PVH path does for a bzImage: QEMU loads an Image, not Image.gz,
 * for a guest larger than its 64 MiB limit. @out gets the path.
 */
int arch_image_unpack(const char *path, const char *cache, char *out,
		      size_t len);

#endif
