// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "proto/disk.h"
#include "shared/util.h"

/* will-it-scale's testcases, as the table names them. */
static const char param_wis_names[] =
#define WIS_TEST(name, desc, prep, size) #name " "
#include "benchmarks/wis-tests.def"
#undef WIS_TEST
	"";

/* The AIM suite's tests (aim9 and aim7), as the table names them. */
static const char param_aim9_names[] =
#define AIM9_TEST(name, fn, factor, prep, unit) name " "
#include "benchmarks/aim9-tests.def"
#undef AIM9_TEST
	"";

/* filebench's personalities, as benchmarks/filebench.def names them. */
static const char param_filebench_names[] =
#define FB_PERSONALITY(name, desc) #name " "
#include "benchmarks/filebench.def"
#undef FB_PERSONALITY
	"";

static const struct param_spec param_specs[] = {
#define JOBKEY(name, kind, min, max, help, choices) \
	{ name, PARAM_##kind, min, max, help, choices },
#include "proto/jobkeys.def"
#undef JOBKEY
};

const struct param_spec *param_spec_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(param_specs); i++)
		if (!strcmp(param_specs[i].name, name))
			return &param_specs[i];
	return NULL;
}

static const char *const param_kind_names[] = {
	[PARAM_UINT] = "uint",	   [PARAM_TASKS] = "tasks",
	[PARAM_CHOICE] = "choice", [PARAM_STRESSOR] = "stressor",
	[PARAM_DISK] = "disk",	   [PARAM_SIZE] = "size",
};

void param_specs_print(FILE *f)
{
	const struct param_spec *p;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(param_specs); i++) {
		p = &param_specs[i];
		fprintf(f, "%s\t%s\t%s\n", p->name, param_kind_names[p->kind],
			p->help);
	}
}

int param_tasks_parse(const char *s, long cpus, unsigned int *out)
{
	size_t n = strlen(s);
	unsigned int pct;
	char buf[16];
	int err;

	if (!n || s[n - 1] != '%')
		return util_uint_parse(s, 1, PARAM_TASKS_MAX, out);
	if (n >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, n - 1);
	buf[n - 1] = '\0';
	err = util_uint_parse(buf, 1, 100000, &pct);
	if (err)
		return err;
	if (cpus < 1)
		cpus = 1;
	*out = cpus * pct / 100;
	if (*out < 1)
		*out = 1;
	return *out > PARAM_TASKS_MAX ? -ERANGE : 0;
}

int param_size_parse(const char *s, unsigned long long *bytes)
{
	static const char units[] = "kmgt";
	unsigned long long v;
	const char *u;
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -ERANGE;
	if (*end && (u = strchr(units, *end | 0x20))) {
		if (v > (1ULL << 40))
			return -ERANGE;
		v <<= 10 * (u - units + 1);
		end++;
	}
	if (*end == 'b' || *end == 'B')
		end++;
	if (*end)
		return -EINVAL;
	*bytes = v;
	return 0;
}

/*
 * @val is one of the words of @choices. A value with a blank is none:
 * "process threads" once passed as two neighbouring choices.
 */
static int param_choice_check(const char *choices, const char *val)
{
	size_t n = strlen(val);
	const char *c = choices;

	if (strpbrk(val, " \t"))
		return -EINVAL;
	while (n && (c = strstr(c, val))) {
		if ((c == choices || c[-1] == ' ') && (c[n] == ' ' || !c[n]))
			return 0;
		c += n;
	}
	return -EINVAL;
}

enum stressor_class { RUN, USER, DISK, NEWER };

/* stress-ng's builds (stress-ng.def), in the order a stressor looks. */
enum stressor_build {
#define STRESSNG_BUILD(id, layer, version, release) id,
#include "stress-ng.def"
#undef STRESSNG_BUILD
	NONE
};

static const struct stressng_build stressng_builds[] = {
#define STRESSNG_BUILD(id, layer, version, release) { layer, version, release },
#include "stress-ng.def"
#undef STRESSNG_BUILD
};

static const struct stressor {
	const char *name;
	enum stressor_class cls;
	const char *option;
	enum stressor_build build;
} stressors[] = {
#define STRESSOR(name, cls, option, build) { name, cls, option, build },
#include "stress-ng.def"
#undef STRESSOR
};

/* Set when the job has a scratch filesystem (DISK= and FS=). */
static int stressor_disk;

void param_stressor_disk_set(int on)
{
	stressor_disk = on;
}

static const char *stressor_why(const char *name, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stressors); i++)
		if (!strcmp(stressors[i].name, name))
			break;
	if (i == ARRAY_SIZE(stressors))
		snprintf(
			buf, size,
			"STRESSOR=%s is no stress-ng stressor: give one of 'stress-ng --stressors' (benchmarks/stress-ng.def)",
			name);
	else if (stressors[i].cls == DISK && !stressor_disk)
		snprintf(
			buf, size,
			"STRESSOR=%s needs a filesystem or disk, which the guest has only with one: give DISK=1SSD FS=ext4 (docs/disks.md)",
			name);
	else if (stressors[i].build == NONE)
		snprintf(
			buf, size,
			"STRESSOR=%s is newer than the Debian stress-ng builds here (%s %s, %s %s): it cannot run (benchmarks/stress-ng.def)",
			name, stressng_builds[0].layer,
			stressng_builds[0].version,
			stressng_builds[ARRAY_SIZE(stressng_builds) - 1].layer,
			stressng_builds[ARRAY_SIZE(stressng_builds) - 1]
				.version);
	else
		return NULL;
	return buf;
}

static const struct stressor *stressor_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stressors); i++)
		if (!strcmp(stressors[i].name, name))
			return &stressors[i];
	return NULL;
}

int param_stressor_unprivileged(const char *name)
{
	const struct stressor *s = stressor_find(name);

	return s && s->cls == USER;
}

const struct stressng_build *param_stressor_build(const char *name)
{
	const struct stressor *s = stressor_find(name);

	return s && s->build != NONE ? &stressng_builds[s->build] : NULL;
}

const char *param_stressor_option(const char *name)
{
	const struct stressor *s = stressor_find(name);

	return s ? s->option : "";
}

/* A comma list runs each in turn: the first that cannot run says why. */
const char *param_stressor_why(const char *list, char *buf, size_t size)
{
	char name[64];
	const char *s = list;
	size_t n;

	do {
		n = strcspn(s, ",");
		if (!n || n >= sizeof(name)) {
			snprintf(
				buf, size,
				"STRESSOR=%s is not a stressor or a comma list of stressors",
				list);
			return buf;
		}
		memcpy(name, s, n);
		name[n] = '\0';
		if (stressor_why(name, buf, size))
			return buf;
		s += n;
	} while (*s++ == ',');
	return NULL;
}

int param_value_check(const struct param_spec *p, const char *val)
{
	char why[256];
	unsigned int v;

	if (p->kind == PARAM_STRESSOR)
		return param_stressor_why(val, why, sizeof(why)) ? -EINVAL : 0;
	if (p->kind == PARAM_CHOICE)
		return param_choice_check(p->choices, val);
	if (p->kind == PARAM_DISK) {
		struct disk_spec d;

		return disk_spec_parse(val, &d, NULL, 0);
	}
	if (p->kind == PARAM_SIZE) {
		unsigned long long b;
		int err = param_size_parse(val, &b);

		if (!err &&
		    (b < p->min || b > (unsigned long long)p->max << 30))
			err = -ERANGE;
		return err;
	}
	if (p->kind == PARAM_TASKS)
		return param_tasks_parse(val, 0, &v);
	return util_uint_parse(val, p->min, p->max, &v);
}
