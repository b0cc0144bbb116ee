// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "metrics.h"
#include "shared/util.h"

#define HIGHER METRIC_HIGHER
#define LOWER METRIC_LOWER
#define INFO METRIC_INFO

static const struct metric_desc metrics[] = {
#define METRIC(name, better, unit, lkp) { name, better, unit, lkp, 0 },
#define METRIC_EXACT(name, better, unit, lkp) { name, better, unit, lkp, 1 },
#include "shared/descs.h"
#undef METRIC
#undef METRIC_EXACT
};

/* '*' takes one or more characters up to the next '.'. */
static int metric_glob(const char *pat, const char *s)
{
	const char *p;

	for (; *pat; pat++, s++) {
		if (*pat != '*') {
			if (*pat != *s)
				return 0;
			continue;
		}
		pat++;
		for (p = s; *p && *p != '.'; p++)
			;
		/* Shortest first: "*_iops" must leave "_iops" to the rest. */
		for (s++; s <= p; s++)
			if (metric_glob(pat, s))
				return 1;
		return 0;
	}
	return !*s;
}

int metric_matches(const struct metric_desc *m, const char *name)
{
	return metric_glob(m->name, name);
}

/* A row of that very name first: fio.total_bw_MBps is not fio.*_bw_MBps. */
static const struct metric_desc *metric_find_exact(const char *name)
{
	size_t i;

	for (i = 0; i < metric_count(); i++)
		if (!strcmp(metrics[i].name, name))
			return &metrics[i];
	for (i = 0; i < metric_count(); i++)
		if (metric_glob(metrics[i].name, name))
			return &metrics[i];
	return NULL;
}

const struct metric_desc *metric_find(const char *name)
{
	const struct metric_desc *m = metric_find_exact(name);
	const char *s;

	for (s = strchr(name, '.'); !m && s; s = strchr(s + 1, '.'))
		m = metric_find_exact(s + 1);
	return m;
}

const struct metric_desc *metric_lkp_find(const char *name)
{
	size_t i;

	for (i = 0; i < metric_count(); i++)
		if (*metrics[i].lkp && !strcmp(metrics[i].lkp, name))
			return &metrics[i];
	return metric_find_exact(name);
}

const struct metric_desc *metric_at(size_t i)
{
	return i < metric_count() ? &metrics[i] : NULL;
}

size_t metric_count(void)
{
	return ARRAY_SIZE(metrics);
}

const char *metric_better_name(enum metric_better b)
{
	return b == METRIC_HIGHER ? "higher" :
	       b == METRIC_LOWER  ? "lower" :
				    "info";
}

void metrics_print(FILE *f)
{
	size_t i;

	for (i = 0; i < metric_count(); i++)
		fprintf(f, "%-44s %-6s %-9s %s\n", metrics[i].name,
			metric_better_name(metrics[i].better),
			*metrics[i].unit ? metrics[i].unit : "-",
			metrics[i].lkp);
}

/* A row's direction is one of the three, never a stray value. */
static int metrics_rows_check(FILE *err)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < metric_count(); i++)
		if (metrics[i].better < METRIC_LOWER ||
		    metrics[i].better > METRIC_HIGHER || !metrics[i].unit ||
		    !strchr(metrics[i].name, '.')) {
			fprintf(err,
				"%s: declare it as METRIC(\"<bench>.<name>\", HIGHER|LOWER|INFO, unit, LKP name or \"\")\n",
				metrics[i].name);
			ret = -ENOENT;
		}
	return ret;
}

int metrics_check(FILE *in, FILE *err)
{
	char line[512], name[256];
	int ret = metrics_rows_check(err);

	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "metric %255s", name) != 1 &&
		    sscanf(line, "%255s", name) != 1)
			continue;
		if (metric_find(name))
			continue;
		fprintf(err,
			"%s: no benchmark declares it: add a METRIC row to benchmarks/<name>.desc\n",
			name);
		ret = -ENOENT;
	}
	return ret;
}
