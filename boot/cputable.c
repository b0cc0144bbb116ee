// SPDX-License-Identifier: GPL-2.0
/*
 * Lookups in boot/cpus.def, the one table of CPUs (docs/topology.md).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cputable.h"
#include "shared/util.h"

struct cpu_gen {
	const char *codename, *lkp, *vendor;
	unsigned int family;
	const char *models, *qemu, *client_qemu, *server_cores;
	unsigned int server_tpc;
	const char *client_smt; /* "i5:1,i7:2" */
};

struct cpu_sku {
	const char *pattern, *codename;
	unsigned int cores, threads;
	int client;
};

struct cpu_vendor {
	const char *word, *qemu;
};

static const struct cpu_gen cpu_gens[] = {
#define CPU_GEN(c, l, v, f, m, q, qc, sc, st, ct) \
	{ c, l, v, f, m, q, qc, sc, st, ct },
#define CPU_SKU(p, c, n, t)
#define CPU_SKU_CLIENT(p, c, n, t)
#define CPU_VENDOR(w, q)
#include "cpus.def"
#undef CPU_GEN
#undef CPU_SKU
#undef CPU_SKU_CLIENT
#undef CPU_VENDOR
};

static const struct cpu_sku cpu_skus[] = {
#define CPU_GEN(c, l, v, f, m, q, qc, sc, st, ct)
#define CPU_SKU(p, c, n, t) { p, c, n, t, 0 },
#define CPU_SKU_CLIENT(p, c, n, t) { p, c, n, t, 1 },
#define CPU_VENDOR(w, q)
#include "cpus.def"
#undef CPU_GEN
#undef CPU_SKU
#undef CPU_SKU_CLIENT
#undef CPU_VENDOR
};

static const struct cpu_vendor cpu_vendors[] = {
#define CPU_GEN(c, l, v, f, m, q, qc, sc, st, ct)
#define CPU_SKU(p, c, n, t)
#define CPU_SKU_CLIENT(p, c, n, t)
#define CPU_VENDOR(w, q) { w, q },
#include "cpus.def"
#undef CPU_GEN
#undef CPU_SKU
#undef CPU_SKU_CLIENT
#undef CPU_VENDOR
};

#define NGENS (ARRAY_SIZE(cpu_gens))
#define NSKUS (ARRAY_SIZE(cpu_skus))
#define NVENDORS (ARRAY_SIZE(cpu_vendors))

const char *cpu_table_qemu_model(size_t i)
{
	if (i < NGENS)
		return cpu_gens[i].qemu;
	i -= NGENS;
	if (i < NGENS)
		return cpu_gens[i].client_qemu;
	i -= NGENS;
	return i < NVENDORS ? cpu_vendors[i].qemu : NULL;
}

static const struct cpu_gen *cpu_gen_find(const char *codename)
{
	size_t i;

	for (i = 0; i < NGENS; i++)
		if (!strcmp(cpu_gens[i].codename, codename))
			return &cpu_gens[i];
	return NULL;
}

/*
 * How long a match of @name (case and blanks ignored) is at @s, 0 if
 * none; a match ends where a word does.
 */
static size_t cpu_name_match(const char *s, const char *name)
{
	const char *p = s;

	while (*name) {
		if (*name == ' ') {
			name++;
			while (*p == ' ')
				p++;
			continue;
		}
		if (tolower((unsigned char)*p) != tolower((unsigned char)*name))
			return 0;
		p++;
		name++;
	}
	return isalnum((unsigned char)*p) || *p == '+' ? 0 : (size_t)(p - s);
}

/* The longest code name in @model ("Zen 2" over "Zen"), or NULL. */
static const struct cpu_gen *cpu_codename_scan(const char *model)
{
	const struct cpu_gen *best = NULL;
	size_t i, n, bestn = 0;
	const char *s;

	for (s = model; *s; s++) {
		if (s > model && isalnum((unsigned char)s[-1]))
			continue;
		for (i = 0; i < NGENS; i++) {
			n = cpu_name_match(s, cpu_gens[i].codename);
			if (n > bestn) {
				bestn = n;
				best = &cpu_gens[i];
			}
		}
	}
	return best;
}

/*
 * '#' a digit, the rest literal but for case (LKP writes "PLATINUM
 * 8592+"); no digit right after.
 */
static int cpu_pattern_at(const char *s, const char *pat)
{
	for (; *pat; pat++, s++) {
		if (*pat == '#' ? !isdigit((unsigned char)*s) :
				  tolower((unsigned char)*s) !=
					  tolower((unsigned char)*pat))
			return 0;
	}
	return !isdigit((unsigned char)*s);
}

/* The first row whose pattern @model has; where it is, in @at. */
static const struct cpu_sku *cpu_sku_scan(const char *model, const char **at)
{
	size_t i;
	const char *s;

	for (i = 0; i < NSKUS; i++)
		for (s = model; *s; s++)
			if ((s == model || !isalnum((unsigned char)s[-1])) &&
			    cpu_pattern_at(s, cpu_skus[i].pattern)) {
				*at = s;
				return &cpu_skus[i];
			}
	return NULL;
}

/* AMD names its core count: "AMD EPYC 7742 64-Core Processor". */
static unsigned int cpu_named_cores(const char *model)
{
	const char *p = strcasestr(model, "-Core Processor");
	const char *s = p;

	if (!p)
		return 0;
	while (s > model && isdigit((unsigned char)s[-1]))
		s--;
	return s < p ? strtoul(s, NULL, 10) : 0;
}

static void cpu_info_set(struct cpu_info *ci, const struct cpu_gen *g)
{
	ci->codename = g->codename;
	ci->vendor = g->vendor;
	ci->qemu = ci->client ? g->client_qemu : g->qemu;
	ci->server_cores = ci->client ? "" : g->server_cores;
	ci->server_tpc = g->server_tpc;
}

/*
 * A client part's threads per core by its generation's rule
 * ("i5:1,i7:2": the start of the model number @at, case aside): 0 and
 * ci->smt_tier "" when no item of the rule starts it.
 */
static void cpu_client_smt(const struct cpu_gen *g, const char *at,
			   struct cpu_info *ci)
{
	const char *r = g->client_smt;
	size_t n, best = 0;
	unsigned long v;
	char *end;

	while (*r) {
		n = strcspn(r, ":,");
		if (r[n] != ':')
			break;
		v = strtoul(r + n + 1, &end, 10);
		/* The longest start wins: "i7-8:2" over "i7:1". */
		if (n > best && n < sizeof(ci->smt_tier) &&
		    !strncasecmp(at, r, n)) {
			best = n;
			ci->threads = v;
			snprintf(ci->smt_tier, sizeof(ci->smt_tier), "%.*s",
				 (int)n, r);
		}
		if (*end != ',')
			break;
		r = end + 1;
	}
}

int cpu_lookup(const char *model, struct cpu_info *ci)
{
	const char *at = NULL;
	const struct cpu_gen *named = cpu_codename_scan(model), *g;
	const struct cpu_sku *sku = cpu_sku_scan(model, &at);
	size_t i;

	memset(ci, 0, sizeof(*ci));
	if (sku) {
		ci->cores = sku->cores;
		ci->threads = sku->threads;
		ci->sku = sku->pattern;
		ci->client = sku->client;
	}
	ci->cores = cpu_named_cores(model) ? cpu_named_cores(model) : ci->cores;
	/* The code name the mail gives is LKP's word; the SKU's is ours. */
	g = named ? named : sku ? cpu_gen_find(sku->codename) : NULL;
	if (g) {
		cpu_info_set(ci, g);
		/* A desktop part its row leaves open: its generation's rule. */
		if (sku && sku->client && !sku->threads)
			cpu_client_smt(g, at, ci);
		if (named && ci->client)
			snprintf(
				ci->source, sizeof(ci->source),
				"the code name %s; a client part by the SKU pattern '%s'",
				g->codename, sku->pattern);
		else if (named)
			snprintf(ci->source, sizeof(ci->source),
				 "the code name %s", g->codename);
		else
			snprintf(ci->source, sizeof(ci->source),
				 "the SKU pattern '%s': %s", sku->pattern,
				 g->codename);
		return 0;
	}
	for (i = 0; i < NVENDORS; i++)
		if (strcasestr(model, cpu_vendors[i].word)) {
			ci->vendor = cpu_vendors[i].word;
			ci->qemu = cpu_vendors[i].qemu;
			snprintf(ci->source, sizeof(ci->source),
				 "no model known: only its vendor (%s)",
				 cpu_vendors[i].word);
			return 0;
		}
	return -ENOENT;
}

static int cpu_model_listed(const char *models, unsigned int model)
{
	const char *p = models;
	char *end;

	while (*p) {
		if (strtoul(p, &end, 10) == model && end != p)
			return 1;
		if (*end != ',')
			return 0;
		p = end + 1;
	}
	return 0;
}

int cpu_lookup_fms(unsigned int family, unsigned int model, struct cpu_info *ci)
{
	size_t i;

	memset(ci, 0, sizeof(*ci));
	for (i = 0; i < NGENS; i++)
		if (cpu_gens[i].family == family &&
		    cpu_model_listed(cpu_gens[i].models, model)) {
			cpu_info_set(ci, &cpu_gens[i]);
			snprintf(ci->source, sizeof(ci->source),
				 "CPU family %u model %u: %s", family, model,
				 cpu_gens[i].codename);
			return 0;
		}
	return -ENOENT;
}

/* @p starts with one of @names ("cpl,cpx") and a '-' or the end. */
static int cpu_short_name_at(const char *p, const char *names)
{
	size_t n;

	while (*names) {
		n = strcspn(names, ",");
		if (n && !strncmp(p, names, n) && (p[n] == '-' || !p[n]))
			return 1;
		names += n + (names[n] == ',');
	}
	return 0;
}

int cpu_lookup_host(const char *host, struct cpu_info *ci)
{
	const char *p = host;
	size_t i;

	memset(ci, 0, sizeof(*ci));
	while ((p = strchr(p, '-'))) {
		p++;
		for (i = 0; i < NGENS; i++) {
			if (cpu_short_name_at(p, cpu_gens[i].lkp)) {
				cpu_info_set(ci, &cpu_gens[i]);
				snprintf(ci->source, sizeof(ci->source),
					 "LKP's host name %.40s: %s", host,
					 cpu_gens[i].codename);
				return 0;
			}
		}
	}
	return -ENOENT;
}

/* @n in the list "4,6,8" */
static int cpu_count_listed(const char *list, unsigned int n)
{
	return n && cpu_model_listed(list, n);
}

int cpu_cores_split(const struct cpu_info *ci, unsigned int per_socket,
		    unsigned int *cores, unsigned int *tpc)
{
	unsigned int k = ci->server_tpc > 1 ? ci->server_tpc : 1;

	if (!ci->server_cores || !ci->server_cores[0])
		return -ENOENT;
	/* With SMT first: a Xeon's 24 threads are 12 cores x 2, not 24. */
	if (!(per_socket % k) &&
	    cpu_count_listed(ci->server_cores, per_socket / k)) {
		*cores = per_socket / k;
		*tpc = k;
		return 0;
	}
	if (k > 1 && cpu_count_listed(ci->server_cores, per_socket)) {
		*cores = per_socket;
		*tpc = 1;
		return 0;
	}
	return -ENOENT;
}
