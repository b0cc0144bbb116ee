/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_BZIMAGE_H
#define BOOTBENCH_BZIMAGE_H

#include <stddef.h>

/*
 * The kernel release from an x86 bzImage's setup header
 * (Documentation/arch/x86/boot.rst): kernel_version at 0x20e points,
 * less 0x200, at "6.1.0-57-amd64 (builder@host) #1 SMP ...".
 */
int bzimage_release_read(const char *path, char *release, size_t size);
int bzimage_release_parse(const unsigned char *img, size_t n, char *release,
			  size_t size);

#endif
