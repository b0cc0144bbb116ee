/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_C2C_HOST_H
#define BOOTBENCH_C2C_HOST_H

#include "lib/rundir.h"
#include "stream.h"

/* The plugin's census (plugin/c2c.c) in the run's directory. */
#define C2C_RAW_FILE "c2c.raw"
/* Lines and code addresses c2c.json keeps, the busiest first. */
#define C2C_JSON_LINES 64
#define C2C_JSON_CODES 32
/* Lines the text report details, as perf c2c's Pareto table. */
#define C2C_TEXT_LINES 10

/*
 * C2C=1 after the boot: c2c.json and c2c.txt in the run directory and
 * the c2c.* metrics added to the stream, the code named from the guest's
 * kallsyms (read before profile_process() removes it), or KERNEL's
 * System.map as the profile's (fixed: nothing moved the kernel).
 * -ENOENT: the plugin wrote nothing; -ENODATA: no window ran; -EFBIG:
 * the plugin cut its census at PROFILE_C2C_MAX.
 */
int c2c_process(const struct rundir *rd, struct stream *s, const char *kernel,
		int fixed);

#endif
