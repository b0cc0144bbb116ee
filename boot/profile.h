/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_PROFILE_HOST_H
#define BOOTBENCH_PROFILE_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "lib/rundir.h"
#include "stream.h"

/* The plugin's counts and the guest's symbols, in the run's directory. */
#define PROFILE_RAW_FILE "profile.raw"
#define PROFILE_KALLSYMS_FILE "kallsyms"
/* How many symbols' shares go into stats.json as profile.self.<sym>. */
#define PROFILE_STATS_TOP 20

/*
 * Whether QEMU loads the plugin: 0, or -EINVAL with QEMU's own words in
 * why (a plugin built for another API version, a QEMU without plugins).
 */
int profile_plugin_probe(const char *qemu, const char *plugin, char *why,
			 size_t len);
/*
 * The plugin's block counts attributed to the guest's symbols:
 * profile.json in the run directory and the profile.* metrics added to
 * the stream (so stats.json holds them). The raw files are removed.
 * -ENOENT when the plugin wrote nothing, -ENODATA without a window,
 * -EFBIG when the plugin cut its counts at PROFILE_RAW_MAX (or the
 * kallsyms are past PROFILE_KALLSYMS_MAX).
 * Without the guest's /proc/kallsyms, KERNEL's System.map is used when
 * fixed says the kernel runs at its link addresses.
 */
int profile_process(const struct rundir *rd, struct stream *s,
		    const char *kernel, int fixed);

/*
 * The guest's code symbols for C2C=1 (boot/c2c.c), found as
 * profile_process finds them, into @out: -errno when memory is out or
 * the file unreadable, -EFBIG past PROFILE_KALLSYMS_MAX; none (every
 * address unnamed) when there are none.
 */
struct profile;
/* The benchmark's operations: its one "<suite>.ops" metric, 0: none. */
double profile_ops_find(const struct stream *s);
int profile_syms_load(const char *kallsyms, const char *kernel, int fixed,
		      struct profile **out);
/* Whether the guest sent more than PROFILE_KALLSYMS_MAX on its port. */
int profile_kallsyms_over(const char *kallsyms);
/* The symbol an address falls in and the offset into it, or NULL. */
const char *profile_sym_name(struct profile *p, uint64_t addr, uint64_t *off);
void profile_free(struct profile *p);

#endif
