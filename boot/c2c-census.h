/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_C2C_CENSUS_H
#define BOOTBENCH_C2C_CENSUS_H

/*
 * The plugin's census as c2c.c reads it, for c2c.c's c2c.json and
 * c2c-text.c's c2c.txt; not for the rest of the host, which has c2c.h.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "proto/profile.h"

#define C2C_CPUS PROFILE_C2C_CPUS
#define C2C_CODES 8

struct c2c_cpu {
	unsigned int id;
	uint64_t reads, writes, locked, rmask, wmask;
};

struct c2c_code {
	uint64_t pc, reads, writes, hitm, locked, rmask, wmask;
	unsigned int cpus;
	char name[160]; /* "fget+0x12", "user 0x401a2c" */
};

struct c2c_line {
	uint64_t pa, hitm, other, locked;
	struct c2c_cpu cpu[C2C_CPUS];
	unsigned int ncpu, ncode;
	struct c2c_code code[C2C_CODES];
	char key[512]; /* its functions, named the same across kernels */
};

struct c2c_insn {
	uint64_t pc, loads, stores, hitm;
	int locked;
	char name[160];
};

struct c2c {
	unsigned int api, windows, cpus, lines_max;
	uint64_t w, evicted, loads, stores, hitm, slices, slice_mean, slice_max,
		unplaced;
	struct c2c_line *line;
	size_t nline, capline;
	struct c2c_insn *insn;
	size_t ninsn, capinsn;
	double ops;
};

/* Offsets as ranges: "0x0-0x7,0x20-0x27"; "" for none. */
void c2c_offsets_format(uint64_t mask, char *buf, size_t n);
/*
 * The false-sharing signature: offsets the line's steady code reads and
 * none of it writes, @false_sharing when steady code another vCPU runs
 * writes the line.
 */
uint64_t c2c_read_only_find(const struct c2c_line *l, int *false_sharing);
/* c2c-text.c: c2c.txt, the census as a report. */
void c2c_text_write(FILE *f, const struct c2c *c);

#endif
