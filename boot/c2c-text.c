// SPDX-License-Identifier: GPL-2.0
/*
 * C2C=1's c2c.txt (docs/c2c.md): the census (c2c-census.h) as perf
 * c2c's Shared Data Cache Line Table and Pareto, in short, the guest's
 * names escaped as all guest text.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "boot/c2c.h"
#include "boot/c2c-census.h"
#include "proto/names.h"

static void c2c_text_line(FILE *f, const struct c2c *c, size_t n,
			  const struct c2c_line *l)
{
	char rd[256], wr[256], ro[256], shown[4 * sizeof(l->key)];
	unsigned int i;
	int fs;
	uint64_t ro_mask = c2c_read_only_find(l, &fs);

	c2c_offsets_format(ro_mask, ro, sizeof(ro));
	names_escape(l->key, shown, sizeof(shown));
	fprintf(f,
		"\n  #%zu  line 0x%" PRIx64 "  potential HITM %" PRIu64
		" (%.1f%%)  locked RMW %" PRIu64 "  [%s]\n",
		n, l->pa, l->hitm, c->hitm ? 100.0 * l->hitm / c->hitm : 0,
		l->locked, shown);
	if (fs)
		fprintf(f, "      false sharing: %s%s\n",
			*ro ? "read-only offsets " :
			      "vCPUs write disjoint offsets",
			*ro ? ro : "");
	for (i = 0; i < l->ncpu; i++) {
		const struct c2c_cpu *p = &l->cpu[i];

		c2c_offsets_format(p->rmask, rd, sizeof(rd));
		c2c_offsets_format(p->wmask, wr, sizeof(wr));
		fprintf(f,
			"      vCPU %u  reads %10" PRIu64 "  writes %10" PRIu64
			"  locked %8" PRIu64 "  read %s  wrote %s\n",
			p->id, p->reads, p->writes, p->locked, *rd ? rd : "-",
			*wr ? wr : "-");
	}
	fprintf(f, "      %10s %10s %10s %8s  %-6s %-22s %s\n", "Pot.HITM",
		"Reads", "Writes", "Locked", "vCPUs", "Offsets",
		"Code address");
	for (i = 0; i < l->ncode; i++) {
		const struct c2c_code *k = &l->code[i];
		char cpus[32] = "";
		unsigned int b;

		for (b = 0; b < C2C_CPUS; b++)
			if (k->cpus >> b & 1)
				snprintf(cpus + strlen(cpus),
					 sizeof(cpus) - strlen(cpus), "%s%u",
					 *cpus ? "," : "", b);
		c2c_offsets_format(k->rmask | k->wmask, rd, sizeof(rd));
		names_escape(k->name, shown, sizeof(shown));
		fprintf(f,
			"      %10" PRIu64 " %10" PRIu64 " %10" PRIu64
			" %8" PRIu64 "  %-6s %-22s %s\n",
			k->hitm, k->reads, k->writes, k->locked, cpus, rd,
			shown);
	}
	if (l->other)
		fprintf(f, "      (%" PRIu64 " accesses by further code)\n",
			l->other);
}

/* c2c.txt: perf c2c's Shared Data Cache Line Table and Pareto, in short. */
void c2c_text_write(FILE *f, const struct c2c *c)
{
	size_t i;

	fprintf(f,
		"C2C=1 cache-line sharing census (docs/c2c.md): %u vCPU(s), %u window(s), W = %" PRIu64
		" instructions (round-robin slices: mean %" PRIu64
		", max %" PRIu64 ")\n",
		c->cpus, c->windows, c->w, c->slice_mean, c->slice_max);
	fprintf(f,
		"loads %" PRIu64 ", stores %" PRIu64
		", potential HITM %" PRIu64,
		c->loads, c->stores, c->hitm);
	if (c->ops > 0)
		fprintf(f, " (%.4f per operation, %.0f operations)",
			c->hitm / c->ops, c->ops);
	fprintf(f,
		"\nshared lines (two vCPUs or more, one writing) %zu; line table %u, evicted %" PRIu64
		"\n",
		c->nline, c->lines_max, c->evicted);
	if (c->slice_max > c->w)
		fprintf(f,
			"warning: a round-robin slice (%" PRIu64
			" instructions) was longer than W: either the other vCPUs idled meanwhile, or sharing across it is undercounted\n",
			c->slice_max);
	fprintf(f, "\n");
	fprintf(f, "Shared data cache lines, by potential HITM\n");
	fprintf(f, "  %3s %-18s %10s %7s %10s %10s %10s  %s\n", "#", "Line",
		"Pot.HITM", "%", "Locked", "Reads", "Writes", "Functions");
	for (i = 0; i < c->nline && i < C2C_JSON_LINES; i++) {
		const struct c2c_line *l = &c->line[i];
		char shown[4 * sizeof(l->key)];
		uint64_t r = 0, w = 0;
		unsigned int k;

		for (k = 0; k < l->ncpu; k++) {
			r += l->cpu[k].reads;
			w += l->cpu[k].writes;
		}
		/* The names are the guest's kallsyms': \xNN, as all guest text. */
		names_escape(l->key, shown, sizeof(shown));
		fprintf(f,
			"  %3zu 0x%-16" PRIx64 " %10" PRIu64
			" %6.1f%% %10" PRIu64 " %10" PRIu64 " %10" PRIu64
			"  %s\n",
			i, l->pa, l->hitm,
			c->hitm ? 100.0 * l->hitm / c->hitm : 0, l->locked, r,
			w, shown);
	}
	fprintf(f, "\nThe top %d lines: offsets, vCPUs and code\n",
		C2C_TEXT_LINES);
	for (i = 0; i < c->nline && i < C2C_TEXT_LINES; i++)
		c2c_text_line(f, c, i, &c->line[i]);
}
