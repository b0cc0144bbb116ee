/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C2C=1's census inside the profile plugin (plugin/c2c.c, docs/c2c.md):
 * bbprof.c owns the window and the blocks; c2c.c is told of both.
 */
#ifndef BOOTBENCH_PLUGIN_C2C_H
#define BOOTBENCH_PLUGIN_C2C_H

#include <stdint.h>

#include <qemu-plugin.h>

/* c2c=FILE on the plugin's command line: the census is on. */
int c2c_install(qemu_plugin_id_t id, const qemu_info_t *info, const char *out,
		uint64_t window);
int c2c_enabled(void);
/* A profile block as the census sees it: its size and its counter. */
struct c2c_block {
	uint64_t ninsns;
	uint64_t *count;
};

/*
 * A block translated: its executions counted into the profile's counter
 * by the census's own per-block call (which also advances the vCPU's
 * clock) and its memory accesses instrumented.
 */
void c2c_tb_trans(struct qemu_plugin_tb *tb, struct c2c_block *b);
/* The window opened (1) or closed (0), from the marker's callback. */
void c2c_window_set(int open);
void c2c_exit(void);

#endif
