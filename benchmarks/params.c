// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

static const struct param_spec param_specs[] = {
#define JOBKEY(name, kind, min, max, help, choices) \
	{ name, PARAM_##kind, min, max, help, choices },
#include "proto/jobkeys.def"
#undef JOBKEY
};

const struct param_spec *param_spec_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(param_specs) / sizeof(param_specs[0]); i++)
		if (!strcmp(param_specs[i].name, name))
			return &param_specs[i];
	return NULL;
}

int param_uint_parse(const char *s, unsigned int min, unsigned int max,
		     unsigned int *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	v = strtoul(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int param_tasks_parse(const char *s, long cpus, unsigned int *out)
{
	size_t n = strlen(s);
	unsigned int pct;
	char buf[16];
	int err;

	if (!n || s[n - 1] != '%')
		return param_uint_parse(s, 1, PARAM_TASKS_MAX, out);
	if (n >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, n - 1);
	buf[n - 1] = '\0';
	err = param_uint_parse(buf, 1, 100000, &pct);
	if (err)
		return err;
	if (cpus < 1)
		cpus = 1;
	*out = cpus * pct / 100;
	if (*out < 1)
		*out = 1;
	return *out > PARAM_TASKS_MAX ? -ERANGE : 0;
}

static int param_choice_check(const char *choices, const char *val)
{
	size_t n = strlen(val);
	const char *c = choices;

	while (n && (c = strstr(c, val))) {
		if ((c == choices || c[-1] == ' ') && (c[n] == ' ' || !c[n]))
			return 0;
		c += n;
	}
	return -EINVAL;
}

int param_value_check(const struct param_spec *p, const char *val)
{
	unsigned int v;

	if (p->kind == PARAM_CHOICE)
		return param_choice_check(p->choices, val);
	if (p->kind == PARAM_TASKS)
		return param_tasks_parse(val, 0, &v);
	return param_uint_parse(val, p->min, p->max, &v);
}
