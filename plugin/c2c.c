// SPDX-License-Identifier: GPL-2.0
/*
 * C2C=1 (docs/c2c.md): a cache-line sharing census, perf c2c's questions
 * asked of every guest memory access inside the profile's windows.
 *
 * Per 64-byte physical line: each vCPU's reads and writes, the byte
 * offsets it read and wrote, its locked read-modify-writes (a lock
 * prefix, or xchg with memory, seen in the instruction's bytes when it
 * is translated), and the code addresses touching the line. A load is
 * a potential HITM when another vCPU wrote the line within the last W
 * instructions of the loader's own instruction count: each vCPU's own
 * count of executed instructions is its clock, and a write stamps the
 * line, for every other vCPU, with that vCPU's clock. Under icount TCG
 * runs the vCPUs round-robin, a slice of thousands of instructions
 * each: a model driven by that order would see a contended line move
 * once a slice. With W at least the longest slice, every load the other
 * vCPU makes in its next slice (its own time) after the writer's slice
 * can be exposed, as it would be if both ran at once; a vCPU's own
 * stores do not hide the other's (on hardware it keeps writing
 * meanwhile). Each foreign write exposes one load at most: a write
 * invalidates the other copies once, so a line written once and read
 * often (set up, then read-mostly) makes one potential HITM per reader,
 * and a ping-pong makes one per round, min(writes, loads).
 *
 * Memory is bounded: a set-associative table of C2C_SETS x C2C_WAYS
 * lines; a line that misses in a full set replaces the coldest way
 * (least heat: one per access, C2C_HITM_HEAT per potential HITM; every
 * miss in a full set takes a quarter off each way's heat, so old heat
 * fades). Per-instruction HITM totals live apart from the lines, so
 * evictions lose a line's detail but not the totals.
 *
 * Under TIMING=deterministic (icount) TCG runs every vCPU from one
 * thread, so the tables need no lock; the host refuses C2C=1 without it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin/c2c.h"
#include "plugin/capfile.h"
#include "proto/profile.h"

#define C2C_CPUS PROFILE_C2C_CPUS
#define C2C_WAYS 8
#define C2C_SET_BITS 12
#define C2C_SETS (1u << C2C_SET_BITS) /* x C2C_WAYS: 32768 lines */
#define C2C_CODES 8 /* code addresses kept per line */
#define C2C_HITM_HEAT 64
#define C2C_INSN_HASH_BITS 16
#define C2C_CHUNK 4096

struct c2c_code {
	uint64_t pc, reads, writes, hitm, locked;
	uint64_t rmask, wmask; /* byte offsets this code read, wrote */
	unsigned int cpus; /* vCPUs that ran it on this line, a bit each */
};

struct c2c_cpuline {
	uint64_t reads, writes, locked, rmask, wmask;
	uint64_t foreign; /* this vCPU's clock + 1 at another's last write, 0: none */
	uint64_t pending; /* others' writes since, not yet seen by a load */
};

struct c2c_line {
	uint64_t tag; /* physical line number + 1; 0: an empty way */
	uint64_t heat, hitm, other; /* other: accesses past C2C_CODES codes */
	struct c2c_cpuline cpu[C2C_CPUS];
	struct c2c_code code[C2C_CODES];
};

/* One guest instruction that accesses memory. */
struct c2c_insn {
	uint64_t pc, bytes; /* bytes: its first 8, as user addresses repeat */
	uint64_t loads, stores, hitm;
	int locked;
	struct c2c_insn *next;
};

static struct c2c_line *c2c_lines;
static struct c2c_insn *c2c_insn_hash[1u << C2C_INSN_HASH_BITS];
static struct c2c_insn *c2c_chunk;
static unsigned int c2c_chunk_used = C2C_CHUNK;
static char *c2c_out;
static int c2c_open;
static unsigned int c2c_ncpus, c2c_windows;
static uint64_t c2c_w;
static uint64_t c2c_evicted, c2c_loads, c2c_stores, c2c_hitm, c2c_unplaced;

/*
 * A vCPU as the census knows it: its key (QEMU's index, or its per-CPU
 * GS base), its clock (its own executed instructions, from the start),
 * and its census index + 1, given when it first runs in a window (0:
 * not yet). The boot CPU has two keys under QEMU 9 and later (its GS
 * base moves when the per-CPU areas are set up), hence twice the room.
 */
struct c2c_vcpu {
	uint64_t key, clock;
	unsigned int idx;
};

static struct c2c_vcpu c2c_vcpus[2 * C2C_CPUS];
static struct c2c_vcpu *c2c_by_idx[C2C_CPUS];
static unsigned int c2c_nvcpus, c2c_nidx;
static __thread struct c2c_vcpu *c2c_cur;
/* Round-robin slices seen in the windows: W must cover one. */
static uint64_t c2c_slices, c2c_slice_sum, c2c_slice_max, c2c_slice_start;
static struct c2c_vcpu *c2c_last;

static struct c2c_vcpu *c2c_vcpu_find(uint64_t key)
{
	unsigned int i;

	for (i = 0; i < c2c_nvcpus; i++)
		if (c2c_vcpus[i].key == key)
			return &c2c_vcpus[i];
	if (c2c_nvcpus == 2 * C2C_CPUS)
		return &c2c_vcpus[c2c_nvcpus - 1]; /* unreachable with 8 */
	c2c_vcpus[c2c_nvcpus].key = key;
	return &c2c_vcpus[c2c_nvcpus++];
}

#if QEMU_PLUGIN_VERSION >= 2
/*
 * QEMU 9 and later give a helper the index of the vCPU that translated
 * the block when TCG runs them round-robin (one thread, as under
 * icount): the running vCPU is told by its per-CPU GS base instead
 * (the kernel's gs_base, or k_gs_base while user space runs).
 */
static struct qemu_plugin_register *c2c_gs, *c2c_kgs;
static GByteArray *c2c_regbuf;

static void c2c_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index)
{
	GArray *regs = qemu_plugin_get_registers();
	guint i;

	(void)id;
	(void)vcpu_index;
	for (i = 0; regs && i < regs->len; i++) {
		qemu_plugin_reg_descriptor *r =
			&g_array_index(regs, qemu_plugin_reg_descriptor, i);

		if (!strcmp(r->name, "gs_base"))
			c2c_gs = r->handle;
		else if (!strcmp(r->name, "k_gs_base"))
			c2c_kgs = r->handle;
	}
	if (regs)
		g_array_free(regs, TRUE);
}

static uint64_t c2c_reg(struct qemu_plugin_register *h)
{
	uint64_t v = 0;

	if (!h)
		return 0;
	g_byte_array_set_size(c2c_regbuf, 0);
	if (qemu_plugin_read_register(h, c2c_regbuf) >= 8)
		memcpy(&v, c2c_regbuf->data, 8);
	return v;
}

static uint64_t c2c_key_of(unsigned int vcpu_index)
{
	uint64_t base = c2c_reg(c2c_gs);

	if (base < PROFILE_KERNEL_START)
		base = c2c_reg(c2c_kgs);
	/* Before the per-CPU areas: only the boot CPU runs. */
	return base < PROFILE_KERNEL_START ? vcpu_index : base;
}
#define C2C_TB_FLAGS QEMU_PLUGIN_CB_R_REGS
#else
/* QEMU 7.2's helpers load the running vCPU's index at run time. */
static uint64_t c2c_key_of(unsigned int vcpu_index)
{
	return vcpu_index;
}
#define C2C_TB_FLAGS QEMU_PLUGIN_CB_NO_REGS
#endif

/* A census index's vCPU number: its key's rank (the kernel's CPU order). */
static unsigned int c2c_cpu_name(unsigned int i)
{
	unsigned int k, rank = 0;

	if (i >= c2c_nidx)
		return i;
	for (k = 0; k < c2c_nidx; k++)
		rank += c2c_by_idx[k]->key < c2c_by_idx[i]->key;
	return rank;
}

int c2c_enabled(void)
{
	return c2c_out != NULL;
}

void c2c_window_set(int open)
{
	if (open && !c2c_open)
		c2c_windows++;
	c2c_open = open;
	c2c_last = NULL; /* a slice does not span windows */
}

static void c2c_slice_note(struct c2c_vcpu *v)
{
	if (c2c_last) {
		uint64_t n = c2c_last->clock - c2c_slice_start;

		c2c_slices++;
		c2c_slice_sum += n;
		if (n > c2c_slice_max)
			c2c_slice_max = n;
	}
	c2c_last = v;
	c2c_slice_start = v->clock;
}

/* A block starts: it counts, and its vCPU's clock advances. */
static void c2c_tb_exec(unsigned int vcpu_index, void *udata)
{
	const struct c2c_block *b = udata;
	struct c2c_vcpu *v = c2c_vcpu_find(c2c_key_of(vcpu_index));

	__atomic_fetch_add(b->count, 1, __ATOMIC_RELAXED);
	if (c2c_open && !v->idx && c2c_nidx < C2C_CPUS) {
		c2c_by_idx[c2c_nidx] = v;
		v->idx = ++c2c_nidx;
	}
	if (c2c_open && v != c2c_last)
		c2c_slice_note(v);
	c2c_cur = v;
	v->clock += b->ninsns;
}

static unsigned int c2c_set_of(uint64_t ln)
{
	return (ln * 0x9e3779b97f4a7c15ull) >> (64 - C2C_SET_BITS);
}

/* The line's record, taking the coldest way of its set on a miss. */
static struct c2c_line *c2c_line_get(uint64_t ln)
{
	struct c2c_line *set = &c2c_lines[c2c_set_of(ln) * C2C_WAYS], *v;
	unsigned int w;

	for (w = 0; w < C2C_WAYS; w++)
		if (set[w].tag == ln + 1)
			return &set[w];
	for (w = 0; w < C2C_WAYS; w++)
		if (!set[w].tag)
			break;
	if (w == C2C_WAYS) {
		v = &set[0];
		for (w = 0; w < C2C_WAYS; w++) {
			if (set[w].heat < v->heat)
				v = &set[w];
			set[w].heat -= set[w].heat >> 2;
		}
		c2c_evicted++;
	} else {
		v = &set[w];
	}
	memset(v, 0, sizeof(*v));
	v->tag = ln + 1;
	return v;
}

/*
 * The code's slot on the line; when all are taken, the one with the
 * fewest accesses gives way (its accesses go to "other"): code that
 * touched the line once (the page's earlier life) does not keep out the
 * code that touches it all the time.
 */
static struct c2c_code *c2c_code_get(struct c2c_line *l, uint64_t pc)
{
	struct c2c_code *k, *min = &l->code[0];
	unsigned int i;

	for (i = 0; i < C2C_CODES; i++) {
		k = &l->code[i];
		if (k->pc == pc)
			return k;
		if (!k->pc) {
			k->pc = pc;
			return k;
		}
		if (k->reads + k->writes < min->reads + min->writes)
			min = k;
	}
	l->other += min->reads + min->writes;
	memset(min, 0, sizeof(*min));
	min->pc = pc;
	return min;
}

static void c2c_access(uint64_t ln, uint64_t mask, int store,
		       struct c2c_insn *in)
{
	struct c2c_line *l = c2c_line_get(ln);
	unsigned int c = c2c_cur->idx - 1, r;
	struct c2c_cpuline *p = &l->cpu[c];
	struct c2c_code *k = c2c_code_get(l, in->pc);
	int hitm = 0;

	l->heat++;
	if (store) {
		p->writes++;
		p->wmask |= mask;
		p->locked += in->locked;
		for (r = 0; r < c2c_nidx; r++)
			if (r != c) {
				l->cpu[r].foreign = c2c_by_idx[r]->clock + 1;
				l->cpu[r].pending++;
			}
	} else {
		p->reads++;
		p->rmask |= mask;
		if (p->pending && c2c_cur->clock - (p->foreign - 1) > c2c_w)
			p->pending = 0; /* too long ago: the line is back */
		hitm = p->pending > 0;
		p->pending -= hitm;
	}
	if (k) {
		k->reads += !store;
		k->writes += store;
		k->locked += store && in->locked;
		k->hitm += hitm;
		k->rmask |= store ? 0 : mask;
		k->wmask |= store ? mask : 0;
		k->cpus |= 1u << c;
	}
	if (hitm) {
		l->hitm++;
		l->heat += C2C_HITM_HEAT;
		in->hitm++;
		c2c_hitm++;
	}
}

static uint64_t c2c_mask(unsigned int off, unsigned int n)
{
	return n >= 64 ? ~0ull : ((1ull << n) - 1) << off;
}

static void c2c_mem(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
		    uint64_t vaddr, void *udata)
{
	struct c2c_insn *in = udata;
	struct qemu_plugin_hwaddr *hw;
	unsigned int size, off, first;
	int store;
	uint64_t pa;

	(void)vcpu_index;
	if (!c2c_open)
		return;
	if (!c2c_cur || !c2c_cur->idx) {
		c2c_unplaced++; /* a ninth vCPU: not counted */
		return;
	}
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw || qemu_plugin_hwaddr_is_io(hw))
		return;
	pa = qemu_plugin_hwaddr_phys_addr(hw);
	size = 1u << qemu_plugin_mem_size_shift(info);
	store = qemu_plugin_mem_is_store(info);
	in->loads += !store;
	in->stores += store;
	store ? c2c_stores++ : c2c_loads++;
	off = pa & 63;
	first = size > 64 - off ? 64 - off : size;
	c2c_access(pa >> 6, c2c_mask(off, first), store, in);
	if (size > first) /* it crosses into the next line */
		c2c_access((pa >> 6) + 1, c2c_mask(0, size - first), store, in);
}

/* A lock prefix after other legacy prefixes, or xchg with memory. */
static int c2c_locked(const unsigned char *d, size_t n)
{
	static const unsigned char legacy[] = { 0x66, 0x67, 0xf2, 0xf3, 0x2e,
						0x3e, 0x26, 0x64, 0x65, 0x36 };
	size_t i;

	for (i = 0; i < n; i++) {
		if (d[i] == 0xf0)
			return 1;
		if (!memchr(legacy, d[i], sizeof(legacy)))
			break;
	}
	if (i < n && (d[i] & 0xf0) == 0x40) /* REX */
		i++;
	return i + 1 < n && (d[i] == 0x86 || d[i] == 0x87) &&
	       (d[i + 1] >> 6) != 3;
}

static struct c2c_insn *c2c_insn_get(struct qemu_plugin_insn *insn)
{
	unsigned char d[16] = { 0 };
	size_t n = qemu_plugin_insn_size(insn);
	uint64_t pc = qemu_plugin_insn_vaddr(insn), bytes;
	struct c2c_insn *in;
	unsigned int h;

	if (n > sizeof(d))
		n = sizeof(d);
#if QEMU_PLUGIN_VERSION >= 3
	n = qemu_plugin_insn_data(insn, d, n);
#else
	memcpy(d, qemu_plugin_insn_data(insn), n);
#endif
	memcpy(&bytes, d, sizeof(bytes));
	h = ((pc ^ bytes) * 0x9e3779b97f4a7c15ull) >> (64 - C2C_INSN_HASH_BITS);
	for (in = c2c_insn_hash[h]; in; in = in->next)
		if (in->pc == pc && in->bytes == bytes)
			return in;
	if (c2c_chunk_used == C2C_CHUNK) {
		c2c_chunk = calloc(C2C_CHUNK, sizeof(*c2c_chunk));
		if (!c2c_chunk)
			return NULL;
		c2c_chunk_used = 0;
	}
	in = &c2c_chunk[c2c_chunk_used++];
	in->pc = pc;
	in->bytes = bytes;
	in->locked = c2c_locked(d, n);
	in->next = c2c_insn_hash[h];
	c2c_insn_hash[h] = in;
	return in;
}

void c2c_tb_trans(struct qemu_plugin_tb *tb, struct c2c_block *b)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;

	qemu_plugin_register_vcpu_tb_exec_cb(tb, c2c_tb_exec, C2C_TB_FLAGS, b);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		struct c2c_insn *in = c2c_insn_get(insn);

		if (in)
			qemu_plugin_register_vcpu_mem_cb(insn, c2c_mem,
							 QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW,
							 in);
	}
}

/* A line more than one vCPU touched and one wrote: the census's matter. */
static int c2c_line_shared(const struct c2c_line *l)
{
	unsigned int c, touched = 0, wrote = 0;

	for (c = 0; c < C2C_CPUS; c++) {
		touched += l->cpu[c].reads || l->cpu[c].writes;
		wrote += l->cpu[c].writes > 0;
	}
	return touched > 1 && wrote;
}

static unsigned int c2c_cpus_name(unsigned int cpus)
{
	unsigned int i, named = 0;

	for (i = 0; i < C2C_CPUS; i++)
		if (cpus >> i & 1)
			named |= 1u << c2c_cpu_name(i);
	return named;
}

static void c2c_line_write(struct capfile *f, const struct c2c_line *l)
{
	const struct c2c_cpuline *p;
	const struct c2c_code *k;
	unsigned int i;

	capfile_printf(f, "line %" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
		       (l->tag - 1) << 6, l->hitm, l->other);
	for (i = 0; i < C2C_CPUS; i++) {
		p = &l->cpu[i];
		if (p->reads || p->writes)
			capfile_printf(f,
				       "cpu %u %" PRIu64 " %" PRIu64 " %" PRIu64
				       " %" PRIx64 " %" PRIx64 "\n",
				       c2c_cpu_name(i), p->reads, p->writes,
				       p->locked, p->rmask, p->wmask);
	}
	for (i = 0; i < C2C_CODES && l->code[i].pc; i++) {
		k = &l->code[i];
		capfile_printf(f,
			       "code %" PRIx64 " %" PRIu64 " %" PRIu64
			       " %" PRIu64 " %" PRIu64 " %x %" PRIx64
			       " %" PRIx64 "\n",
			       k->pc, k->reads, k->writes, k->hitm, k->locked,
			       c2c_cpus_name(k->cpus), k->rmask, k->wmask);
	}
}

void c2c_exit(void)
{
	const struct c2c_insn *in;
	struct capfile cf, *f = &cf;
	unsigned int i;

	if (!c2c_out || capfile_open(f, c2c_out, PROFILE_C2C_MAX))
		return;
	capfile_printf(f,
		       "# bootbench-c2c 1 api %d windows %u cpus %u w %" PRIu64
		       " lines %u evicted %" PRIu64 " loads %" PRIu64
		       " stores %" PRIu64 " hitm %" PRIu64 " slices %" PRIu64
		       " slice_mean %" PRIu64 " slice_max %" PRIu64
		       " unplaced %" PRIu64 "\n",
		       QEMU_PLUGIN_VERSION, c2c_windows, c2c_ncpus, c2c_w,
		       C2C_SETS * C2C_WAYS, c2c_evicted, c2c_loads, c2c_stores,
		       c2c_hitm, c2c_slices,
		       c2c_slices ? c2c_slice_sum / c2c_slices : 0,
		       c2c_slice_max, c2c_unplaced);
	for (i = 0; i < C2C_SETS * C2C_WAYS; i++)
		if (c2c_lines[i].tag && c2c_line_shared(&c2c_lines[i]))
			c2c_line_write(f, &c2c_lines[i]);
	for (i = 0; i < (1u << C2C_INSN_HASH_BITS); i++)
		for (in = c2c_insn_hash[i]; in; in = in->next)
			if (in->hitm)
				capfile_printf(f,
					       "insn %" PRIx64 " %" PRIu64
					       " %" PRIu64 " %" PRIu64 " %d\n",
					       in->pc, in->loads, in->stores,
					       in->hitm, in->locked);
	capfile_close(f);
}

int c2c_install(qemu_plugin_id_t id, const qemu_info_t *info, const char *out,
		uint64_t window)
{
	if (!info->system_emulation || info->system.max_vcpus > C2C_CPUS) {
		fprintf(stderr,
			"bbprof: c2c counts a system guest of at most %d vCPUs\n",
			C2C_CPUS);
		return -1;
	}
	c2c_lines = calloc(C2C_SETS * C2C_WAYS, sizeof(*c2c_lines));
	c2c_out = strdup(out);
	if (!c2c_lines || !c2c_out)
		return -1;
	c2c_ncpus = info->system.max_vcpus;
	c2c_w = window;
#if QEMU_PLUGIN_VERSION >= 2
	c2c_regbuf = g_byte_array_new();
	qemu_plugin_register_vcpu_init_cb(id, c2c_vcpu_init);
#else
	(void)id;
#endif
	return 0;
}
