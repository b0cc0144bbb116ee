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

/*
 * Where the compressed kernel sits in a bzImage (boot protocol 2.08 and
 * later): payload_offset at 0x248 counts from the protected-mode code,
 * which starts after the (setup_sects + 1) sectors of setup at 0x1f1.
 * -ENOEXEC for no bzImage, -ERANGE for a payload past the file's end.
 */
int bzimage_payload_find(const unsigned char *img, size_t n, size_t *off,
			 size_t *len);

#endif
