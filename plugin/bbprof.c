// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench's QEMU TCG plugin: executed guest instructions per
 * translated block, inside the windows the guest marks (docs/profile.md).
 *
 * Each block (start address, instruction count) gets one counter of its
 * executions: with one vCPU an inline add (API 1: a plain u64; API 2 and
 * later: a per-vCPU scoreboard, summed), with more an atomic add in a
 * call per block execution, without a vCPU split. The guest opens and
 * closes the window with two marker NOPs (proto/profile.h); at each
 * marker every block's count is read, so the window's executions are the
 * differences. At exit the kernel blocks with executions in a window are
 * written, one a line, and user space as one total: the host attributes
 * addresses to symbols (boot/profile.c).
 *
 * With c2c=FILE it also takes the cache-line census of C2C=1
 * (plugin/c2c.c, docs/c2c.md), whose per-block call counts the blocks.
 *
 * Built against the qemu-plugin.h of the QEMU that loads it
 * (plugin/build.sh); one source for API versions 1 to 4.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "plugin/c2c.h"
#include "plugin/capfile.h"
#include "proto/profile.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#if QEMU_PLUGIN_VERSION >= 2
#define BBPROF_SCOREBOARD 1
#endif

struct bbprof_block {
	uint64_t vaddr;
	uint64_t ninsns;
#ifdef BBPROF_SCOREBOARD
	struct qemu_plugin_scoreboard *score; /* inline: per vCPU */
#endif
	uint64_t count; /* API 1's inline target, or the callbacks' */
	uint64_t base; /* the count when the window opened */
	uint64_t window; /* executions inside closed windows */
	struct c2c_block c2c; /* C2C=1: the census's view of it */
	struct bbprof_block *next; /* hash chain */
};

#define BBPROF_HASH_BITS 18
#define BBPROF_CHUNK 4096

static struct bbprof_block *bbprof_hash[1u << BBPROF_HASH_BITS];
static struct bbprof_block *bbprof_chunk;
static unsigned int bbprof_chunk_used = BBPROF_CHUNK;
static struct bbprof_block **bbprof_all;
static size_t bbprof_nall, bbprof_capall;
static pthread_mutex_t bbprof_lock = PTHREAD_MUTEX_INITIALIZER;
static int bbprof_open;
static unsigned int bbprof_windows;
static char *bbprof_out;
/* Inline counters with one vCPU; with more, a call per block (below). */
static int bbprof_inline;

static uint64_t bbprof_count(const struct bbprof_block *b)
{
#ifdef BBPROF_SCOREBOARD
	qemu_plugin_u64 e = { b->score, 0 };

	if (b->score)
		return qemu_plugin_u64_sum(e);
#endif
	return __atomic_load_n(&b->count, __ATOMIC_RELAXED);
}

static unsigned int bbprof_hash_of(uint64_t vaddr, uint64_t ninsns)
{
	uint64_t h = (vaddr ^ (ninsns << 48)) * 0x9e3779b97f4a7c15ull;

	return h >> (64 - BBPROF_HASH_BITS);
}

/* The block's record, made on first sight; NULL when memory is out. */
static struct bbprof_block *bbprof_block_get(uint64_t vaddr, uint64_t ninsns)
{
	unsigned int h = bbprof_hash_of(vaddr, ninsns);
	struct bbprof_block *b;

	for (b = bbprof_hash[h]; b; b = b->next)
		if (b->vaddr == vaddr && b->ninsns == ninsns)
			return b;
	if (bbprof_nall == bbprof_capall) {
		size_t cap = bbprof_capall ? 2 * bbprof_capall : 65536;
		void *p = realloc(bbprof_all, cap * sizeof(*bbprof_all));

		if (!p)
			return NULL;
		bbprof_all = p;
		bbprof_capall = cap;
	}
	if (bbprof_chunk_used == BBPROF_CHUNK) {
		bbprof_chunk = calloc(BBPROF_CHUNK, sizeof(*bbprof_chunk));
		if (!bbprof_chunk)
			return NULL;
		bbprof_chunk_used = 0;
	}
	b = &bbprof_chunk[bbprof_chunk_used++];
	b->vaddr = vaddr;
	b->ninsns = ninsns;
	b->c2c.ninsns = ninsns;
	b->c2c.count = &b->count;
#ifdef BBPROF_SCOREBOARD
	if (bbprof_inline)
		b->score = qemu_plugin_scoreboard_new(sizeof(uint64_t));
#endif
	/* A block first seen inside the window starts it at zero. */
	b->next = bbprof_hash[h];
	bbprof_hash[h] = b;
	bbprof_all[bbprof_nall++] = b;
	return b;
}

/* A marker: the window opens (every count read) or closes (added up). */
static void bbprof_marker(unsigned int vcpu_index, void *udata)
{
	int open = udata == (void *)1;
	size_t i;

	(void)vcpu_index;
	pthread_mutex_lock(&bbprof_lock);
	if (open != bbprof_open) {
		for (i = 0; i < bbprof_nall; i++) {
			struct bbprof_block *b = bbprof_all[i];
			uint64_t n = bbprof_count(b);

			if (open)
				b->base = n;
			else
				b->window += n - b->base;
		}
		bbprof_open = open;
		bbprof_windows += open;
		if (c2c_enabled())
			c2c_window_set(open);
	}
	pthread_mutex_unlock(&bbprof_lock);
}

/* 1 or 2 for the open and close markers, 0 for any other instruction. */
static int bbprof_insn_marker(struct qemu_plugin_insn *insn)
{
	unsigned char d[PROFILE_MARK_LEN];
	uint32_t magic;

	if (qemu_plugin_insn_size(insn) != PROFILE_MARK_LEN)
		return 0;
#if QEMU_PLUGIN_VERSION >= 3
	if (qemu_plugin_insn_data(insn, d, sizeof(d)) != sizeof(d))
		return 0;
#else
	memcpy(d, qemu_plugin_insn_data(insn), sizeof(d));
#endif
	if (memcmp(d, PROFILE_MARK_OPCODE, 3))
		return 0;
	magic = d[3] | d[4] << 8 | d[5] << 16 | (uint32_t)d[6] << 24;
	if (magic == PROFILE_MARK_OPEN)
		return 1;
	return magic == PROFILE_MARK_CLOSE ? 2 : 0;
}

/* A block's execution, counted by a call (atomic: vCPUs may run at once). */
static void bbprof_exec(unsigned int vcpu_index, void *udata)
{
	struct bbprof_block *b = udata;

	(void)vcpu_index;
	__atomic_fetch_add(&b->count, 1, __ATOMIC_RELAXED);
}

/*
 * With one vCPU an inline add; with more, a call: API 1's inline add is
 * not atomic under multi-threaded TCG, and QEMU 10's per-vCPU inline
 * adds crashed an SMP guest under icount here (docs/profile.md).
 */
static void bbprof_count_register(struct qemu_plugin_tb *tb,
				  struct bbprof_block *b)
{
	if (!bbprof_inline) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, bbprof_exec,
						     QEMU_PLUGIN_CB_NO_REGS, b);
		return;
	}
#ifdef BBPROF_SCOREBOARD
	qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
		tb, QEMU_PLUGIN_INLINE_ADD_U64,
		(qemu_plugin_u64){ b->score, 0 }, 1);
#else
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
#endif
}

static void bbprof_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct bbprof_block *b;

	(void)id;
	pthread_mutex_lock(&bbprof_lock);
	b = bbprof_block_get(qemu_plugin_tb_vaddr(tb), n);
	pthread_mutex_unlock(&bbprof_lock);
	if (!b)
		return;
	if (c2c_enabled())
		c2c_tb_trans(tb, &b->c2c);
	else
		bbprof_count_register(tb, b);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		int m = bbprof_insn_marker(insn);

		if (m)
			qemu_plugin_register_vcpu_insn_exec_cb(
				insn, bbprof_marker, QEMU_PLUGIN_CB_NO_REGS,
				(void *)(uintptr_t)m);
	}
}

static void bbprof_exit(qemu_plugin_id_t id, void *udata)
{
	struct capfile f;
	uint64_t user = 0;
	size_t i;

	(void)id;
	(void)udata;
	/* A window still open at power-off counts up to here. */
	if (bbprof_open)
		bbprof_marker(0, (void *)2);
	c2c_exit();
	/* A guest that runs code at ever new addresses stops at the cap. */
	if (capfile_open(&f, bbprof_out, PROFILE_RAW_MAX))
		return;
	capfile_printf(&f,
		       "# bootbench-profile 1 api %d windows %u counting %s\n",
		       QEMU_PLUGIN_VERSION, bbprof_windows,
		       bbprof_inline ? "inline" : "callback");
	for (i = 0; i < bbprof_nall; i++) {
		const struct bbprof_block *b = bbprof_all[i];

		if (!b->window)
			continue;
		if (b->vaddr < PROFILE_KERNEL_START)
			user += b->window * b->ninsns;
		else
			capfile_printf(&f,
				       "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				       b->vaddr, b->ninsns, b->window);
	}
	capfile_printf(&f, "user %" PRIu64 "\n", user);
	capfile_close(&f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	uint64_t w = PROFILE_C2C_W;
	const char *c2c = NULL;
	int i;

	bbprof_inline = !info->system_emulation || info->system.max_vcpus == 1;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			bbprof_out = strdup(argv[i] + 4);
		else if (!strncmp(argv[i], "c2c=", 4))
			c2c = argv[i] + 4;
		else if (!strncmp(argv[i], "c2cw=", 5))
			w = strtoull(argv[i] + 5, NULL, 0);
	}
	if (!bbprof_out) {
		fprintf(stderr, "bbprof: say out=FILE\n");
		return -1;
	}
	if (c2c) {
		/* The census's per-block call counts the blocks too. */
		bbprof_inline = 0;
		if (c2c_install(id, info, c2c, w))
			return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, bbprof_tb_trans);
	qemu_plugin_register_atexit_cb(id, bbprof_exit, NULL);
	return 0;
}
