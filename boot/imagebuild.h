/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_IMAGEBUILD_H
#define BOOTBENCH_IMAGEBUILD_H

#include <stddef.h>

struct run_opts;

/*
 * The initramfs of @job (a job file, or NULL: @o's test) for @kernel,
 * planned here and assembled by initramfs/image.sh with o->build_dir's
 * programs: its path in @initrd. 0, or a verdict (its error said).
 */
int image_job_build(const struct run_opts *o, const char *job, int quick,
		    const char *kernel, char *initrd, size_t size);

#endif
