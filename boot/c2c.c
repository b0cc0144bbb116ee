// SPDX-License-Identifier: GPL-2.0
/*
 * C2C=1 on the host (docs/c2c.md): the plugin's census (plugin/c2c.c)
 * read back, its code addresses named from the guest's kallsyms, written
 * as c2c.json and as c2c.txt, a report shaped like perf c2c's
 * (c2c-text.c), and the potential HITM count per benchmark operation as
 * a metric.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot/c2c.h"
#include "boot/c2c-census.h"
#include "boot/profile.h"
#include "proto/profile.h"

/* A new zeroed element at the end of a growing array, or NULL. */
static void *c2c_new(void **p, size_t *cap, size_t *n, size_t size)
{
	void *q;

	if (*n == *cap) {
		q = realloc(*p, (*cap ? 2 * *cap : 256) * size);
		if (!q)
			return NULL;
		*p = q;
		*cap = *cap ? 2 * *cap : 256;
	}
	return memset((char *)*p + (*n)++ * size, 0, size);
}

static int c2c_header_read(struct c2c *c, const char *line)
{
	return sscanf(line,
		      "# bootbench-c2c 1 api %u windows %u cpus %u w %" SCNu64
		      " lines %u evicted %" SCNu64 " loads %" SCNu64
		      " stores %" SCNu64 " hitm %" SCNu64 " slices %" SCNu64
		      " slice_mean %" SCNu64 " slice_max %" SCNu64
		      " unplaced %" SCNu64,
		      &c->api, &c->windows, &c->cpus, &c->w, &c->lines_max,
		      &c->evicted, &c->loads, &c->stores, &c->hitm, &c->slices,
		      &c->slice_mean, &c->slice_max, &c->unplaced) == 13;
}

/* One "cpu" or "code" line into the line record before it. */
static void c2c_detail_read(struct c2c_line *l, const char *s)
{
	struct c2c_cpu *p = &l->cpu[l->ncpu];
	struct c2c_code *k = &l->code[l->ncode];

	if (l->ncpu < C2C_CPUS &&
	    sscanf(s,
		   "cpu %u %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNx64
		   " %" SCNx64,
		   &p->id, &p->reads, &p->writes, &p->locked, &p->rmask,
		   &p->wmask) == 6) {
		l->locked += p->locked;
		l->ncpu++;
	} else if (l->ncode < C2C_CODES &&
		   sscanf(s,
			  "code %" SCNx64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			  " %" SCNu64 " %x %" SCNx64 " %" SCNx64,
			  &k->pc, &k->reads, &k->writes, &k->hitm, &k->locked,
			  &k->cpus, &k->rmask, &k->wmask) == 8) {
		l->ncode++;
	}
}

static int c2c_raw_read(struct c2c *c, const char *path)
{
	struct c2c_line *l = NULL;
	struct c2c_insn *in;
	int header = 0, err = 0;
	struct stat st;
	char s[512];
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	/* Cut by the plugin at its cap (or bigger: not our plugin's). */
	if (!fstat(fileno(f), &st) &&
	    (unsigned long long)st.st_size > PROFILE_C2C_MAX + 4096)
		err = -EFBIG;
	while (!err && fgets(s, sizeof(s), f)) {
		if (!strncmp(s, PROFILE_CUT_MARK, strlen(PROFILE_CUT_MARK))) {
			err = -EFBIG;
		} else if (c2c_header_read(c, s)) {
			header = 1;
		} else if (!strncmp(s, "line ", 5)) {
			l = c2c_new((void **)&c->line, &c->capline, &c->nline,
				    sizeof(*l));
			err = !l ? -ENOMEM :
			      sscanf(s, "line %" SCNx64 " %" SCNu64 " %" SCNu64,
				     &l->pa, &l->hitm, &l->other) != 3 ?
				   -EBADMSG :
				   0;
		} else if (!strncmp(s, "insn ", 5)) {
			in = c2c_new((void **)&c->insn, &c->capinsn, &c->ninsn,
				     sizeof(*in));
			err = !in ? -ENOMEM :
			      sscanf(s,
				     "insn %" SCNx64 " %" SCNu64 " %" SCNu64
				     " %" SCNu64 " %d",
				     &in->pc, &in->loads, &in->stores,
				     &in->hitm, &in->locked) != 5 ?
				    -EBADMSG :
				    0;
		} else if (l) {
			c2c_detail_read(l, s);
		}
	}
	fclose(f);
	if (!err && !header)
		err = -EBADMSG;
	if (!err && !c->windows)
		err = -ENODATA;
	return err;
}

/*
 * A code address's name: the kernel's symbol+offset; user space's raw
 * address (the benchmarks are stripped, and user addresses repeat
 * between processes).
 */
static void c2c_name(struct profile *syms, uint64_t pc, char *buf, size_t n)
{
	const char *name = NULL;
	uint64_t off = 0;

	if (pc >= PROFILE_KERNEL_START)
		name = profile_sym_name(syms, pc, &off);
	if (name)
		snprintf(buf, n, "%s+0x%" PRIx64, name, off);
	else if (pc >= PROFILE_KERNEL_START)
		snprintf(buf, n, "[unknown] 0x%" PRIx64, pc);
	else
		snprintf(buf, n, "user 0x%" PRIx64, pc);
}

static int c2c_str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Code that makes 1% or more of the line's accesses: not what touched
 * the memory once in the window, in the page's earlier life or when it
 * was zeroed and set up.
 */
static int c2c_code_steady(const struct c2c_line *l, unsigned int i)
{
	uint64_t total = 0;
	unsigned int k;

	for (k = 0; k < l->ncode; k++)
		total += l->code[k].reads + l->code[k].writes;
	return 100 * (l->code[i].reads + l->code[i].writes) >= total;
}

/* The line's key: its steady code's functions, sorted, once each. */
static void c2c_key_make(struct c2c_line *l)
{
	char fn[C2C_CODES][160], *v[C2C_CODES];
	unsigned int i, n = 0;
	size_t k;

	for (i = 0; i < l->ncode; i++) {
		if (!c2c_code_steady(l, i))
			continue;
		snprintf(fn[i], sizeof(fn[i]), "%s", l->code[i].name);
		k = strcspn(fn[i], "+ ");
		if (!strncmp(fn[i], "user ", 5))
			k = 4;
		fn[i][k] = '\0';
		v[n++] = fn[i];
	}
	qsort(v, n, sizeof(*v), c2c_str_cmp);
	l->key[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			continue;
		k = strlen(l->key);
		snprintf(l->key + k, sizeof(l->key) - k, "%s%s", k ? " " : "",
			 v[i]);
	}
}

static void c2c_names_make(struct c2c *c, struct profile *syms)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < c->nline; i++) {
		for (k = 0; k < c->line[i].ncode; k++)
			c2c_name(syms, c->line[i].code[k].pc,
				 c->line[i].code[k].name,
				 sizeof(c->line[i].code[k].name));
		c2c_key_make(&c->line[i]);
	}
	for (i = 0; i < c->ninsn; i++)
		c2c_name(syms, c->insn[i].pc, c->insn[i].name,
			 sizeof(c->insn[i].name));
}

static int c2c_line_cmp(const void *a, const void *b)
{
	const struct c2c_line *x = a, *y = b;
	uint64_t nx = x->hitm, ny = y->hitm;

	if (nx != ny)
		return nx > ny ? -1 : 1;
	return x->pa < y->pa ? -1 : x->pa > y->pa;
}

static int c2c_insn_cmp(const void *a, const void *b)
{
	const struct c2c_insn *x = a, *y = b;

	if (x->hitm != y->hitm)
		return x->hitm > y->hitm ? -1 : 1;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* Offsets as ranges: "0x0-0x7,0x20-0x27"; "" for none. */
void c2c_offsets_format(uint64_t mask, char *buf, size_t n)
{
	unsigned int i = 0, j;
	size_t k = 0;

	buf[0] = '\0';
	while (i < 64) {
		if (!(mask >> i & 1)) {
			i++;
			continue;
		}
		for (j = i; j + 1 < 64 && (mask >> (j + 1) & 1); j++)
			;
		k += snprintf(buf + k, k < n ? n - k : 0, "%s0x%x-0x%x",
			      k ? "," : "", i, j);
		i = j + 1;
	}
}

/*
 * The false-sharing signature: offsets the line's steady code reads and
 * none of it writes, on a line that steady code run by another vCPU
 * writes (the setup's writes, made once, do not count).
 */
uint64_t c2c_read_only_find(const struct c2c_line *l, int *false_sharing)
{
	uint64_t r = 0, w = 0, ro;
	unsigned int i, j;

	for (i = 0; i < l->ncode; i++)
		if (c2c_code_steady(l, i)) {
			r |= l->code[i].rmask;
			w |= l->code[i].wmask;
		}
	ro = r & ~w;
	*false_sharing = 0;
	for (i = 0; i < l->ncode; i++)
		for (j = 0; j < l->ncode; j++) {
			const struct c2c_code *a = &l->code[i],
					      *b = &l->code[j];

			if (c2c_code_steady(l, i) && c2c_code_steady(l, j) &&
			    a->rmask & ro && b->wmask &&
			    __builtin_popcount(a->cpus | b->cpus) > 1)
				*false_sharing = 1;
		}
	return ro;
}

static void c2c_cpus_write(struct json_buf *j, unsigned int cpus)
{
	unsigned int i;

	json_array_open(j);
	for (i = 0; i < C2C_CPUS; i++)
		if (cpus >> i & 1)
			json_int_write(j, i);
	json_array_close(j);
}

static void c2c_line_json(struct json_buf *j, const struct c2c_line *l)
{
	char buf[512];
	unsigned int i;
	int fs;
	uint64_t ro = c2c_read_only_find(l, &fs);

	json_object_open(j);
	snprintf(buf, sizeof(buf), "0x%" PRIx64, l->pa);
	json_member_string(j, "address", buf);
	json_member_string(j, "key", l->key);
	json_member_number(j, "hitm", (double)l->hitm);
	json_member_number(j, "locked", (double)l->locked);
	json_member_bool(j, "false_sharing", fs);
	c2c_offsets_format(ro, buf, sizeof(buf));
	json_member_string(j, "read_only_offsets", buf);
	json_member_array_open(j, "cpus");
	for (i = 0; i < l->ncpu; i++) {
		json_object_open(j);
		json_member_number(j, "cpu", l->cpu[i].id);
		json_member_number(j, "reads", (double)l->cpu[i].reads);
		json_member_number(j, "writes", (double)l->cpu[i].writes);
		json_member_number(j, "locked", (double)l->cpu[i].locked);
		c2c_offsets_format(l->cpu[i].rmask, buf, sizeof(buf));
		json_member_string(j, "read_offsets", buf);
		c2c_offsets_format(l->cpu[i].wmask, buf, sizeof(buf));
		json_member_string(j, "write_offsets", buf);
		json_object_close(j);
	}
	json_array_close(j);
	json_member_array_open(j, "code");
	for (i = 0; i < l->ncode; i++) {
		const struct c2c_code *k = &l->code[i];

		json_object_open(j);
		snprintf(buf, sizeof(buf), "0x%" PRIx64, k->pc);
		json_member_string(j, "address", buf);
		json_member_string(j, "symbol", k->name);
		json_member_number(j, "reads", (double)k->reads);
		json_member_number(j, "writes", (double)k->writes);
		json_member_number(j, "hitm", (double)k->hitm);
		json_member_number(j, "locked", (double)k->locked);
		json_key_write(j, "cpus");
		c2c_cpus_write(j, k->cpus);
		c2c_offsets_format(k->rmask | k->wmask, buf, sizeof(buf));
		json_member_string(j, "offsets", buf);
		json_object_close(j);
	}
	json_array_close(j);
	json_member_number(j, "other_code_accesses", (double)l->other);
	json_object_close(j);
}

static void c2c_json_make(struct json_buf *j, const struct c2c *c)
{
	size_t i;

	json_object_open(j);
	json_member_number(j, "version", 1);
	json_member_number(j, "plugin_api", c->api);
	json_member_number(j, "windows", c->windows);
	json_member_number(j, "cpus", c->cpus);
	json_member_number(j, "w", (double)c->w);
	json_member_number(j, "slices", (double)c->slices);
	json_member_number(j, "slice_mean", (double)c->slice_mean);
	json_member_number(j, "slice_max", (double)c->slice_max);
	json_member_number(j, "lines_max", c->lines_max);
	json_member_number(j, "evicted", (double)c->evicted);
	json_member_number(j, "unplaced", (double)c->unplaced);
	json_member_number(j, "loads", (double)c->loads);
	json_member_number(j, "stores", (double)c->stores);
	json_member_number(j, "hitm", (double)c->hitm);
	json_member_number(j, "ops", c->ops);
	json_key_write(j, "hitm_per_op");
	if (c->ops > 0)
		json_number_write(j, c->hitm / c->ops);
	else
		json_null_write(j);
	json_member_number(j, "shared_lines", (double)c->nline);
	json_member_array_open(j, "lines");
	for (i = 0; i < c->nline && i < C2C_JSON_LINES; i++)
		c2c_line_json(j, &c->line[i]);
	json_array_close(j);
	json_member_array_open(j, "code");
	for (i = 0; i < c->ninsn && i < C2C_JSON_CODES; i++) {
		char buf[32];

		json_object_open(j);
		snprintf(buf, sizeof(buf), "0x%" PRIx64, c->insn[i].pc);
		json_member_string(j, "address", buf);
		json_member_string(j, "symbol", c->insn[i].name);
		json_member_number(j, "hitm", (double)c->insn[i].hitm);
		json_member_number(j, "loads", (double)c->insn[i].loads);
		json_member_number(j, "stores", (double)c->insn[i].stores);
		json_member_bool(j, "locked", c->insn[i].locked);
		json_object_close(j);
	}
	json_array_close(j);
	json_object_close(j);
}

static int c2c_files_write(const struct rundir *rd, const struct c2c *c)
{
	struct json_buf j;
	char *text = NULL;
	size_t n = 0;
	FILE *f;
	int err;

	json_buf_init(&j);
	c2c_json_make(&j, c);
	err = rundir_file_write(rd, "c2c.json", &j);
	json_buf_reset(&j);
	f = open_memstream(&text, &n);
	if (!err && !f)
		err = -ENOMEM;
	if (!err) {
		c2c_text_write(f, c);
		fclose(f);
		json_raw_write(&j, text, n);
		err = rundir_file_write(rd, "c2c.txt", &j);
	}
	free(text);
	json_buf_free(&j);
	return err;
}

int c2c_process(const struct rundir *rd, struct stream *s, const char *kernel,
		int fixed)
{
	char raw[4300], ksyms[4300];
	struct c2c c = { 0 };
	struct profile *syms;
	int err;

	snprintf(raw, sizeof(raw), "%s/" C2C_RAW_FILE, rd->tmp);
	snprintf(ksyms, sizeof(ksyms), "%s/" PROFILE_KALLSYMS_FILE, rd->tmp);
	err = c2c_raw_read(&c, raw);
	syms = NULL;
	if (!err)
		err = profile_syms_load(ksyms, kernel, fixed, &syms);
	if (!err) {
		c2c_names_make(&c, syms);
		qsort(c.line, c.nline, sizeof(*c.line), c2c_line_cmp);
		qsort(c.insn, c.ninsn, sizeof(*c.insn), c2c_insn_cmp);
		c.ops = profile_ops_find(s);
		err = c2c_files_write(rd, &c);
	}
	if (!err)
		err = stream_metric_add(s, "c2c.hitm", (double)c.hitm);
	if (!err && c.ops > 0)
		err = stream_metric_add(s, "c2c.hitm_per_op", c.hitm / c.ops);
	profile_free(syms);
	free(c.line);
	free(c.insn);
	unlink(raw);
	return err;
}
