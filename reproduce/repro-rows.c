// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's testcases a descriptor maps as data: its LKP row names our test
 * and the LKP key of the test size (a scratch disk test; "": none), its
 * LKP_PARAM rows LKP's keys that are ours, each value read by our key's
 * kind (repro_copy: "8t" is 8 tasks, "300s" 300 seconds), its
 * LKP_DEFAULT rows the keys LKP fills in when a job leaves them out
 * (repro_copy_or: the default said as guessed). What rows cannot say is
 * a function of reproduce/repro-maps.c's, given to the row's map.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boot/bootbench.h"
#include "repro.h"
#include "shared/util.h"

struct repro_lkp {
	const char *testcase, *test, *size_key;
};

static const struct repro_lkp repro_lkps[] = {
#define LKP(testcase, test, size_key) { testcase, #test, size_key },
#include "shared/descs.h"
#undef LKP
};

static const struct repro_lkp_param {
	const char *testcase, *lkp, *ours;
} repro_lkp_params[] = {
#define LKP_PARAM(testcase, lkp, ours) { testcase, lkp, ours },
#include "shared/descs.h"
#undef LKP_PARAM
};

static const struct repro_lkp_default {
	const char *testcase, *key, *dflt, *why;
} repro_lkp_defaults[] = {
#define LKP_DEFAULT(testcase, key, dflt, why) { testcase, key, dflt, why },
#include "shared/descs.h"
#undef LKP_DEFAULT
};

const struct repro_lkp *repro_lkp_find(const char *testcase)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(repro_lkps); i++)
		if (!strcmp(repro_lkps[i].testcase, testcase))
			return &repro_lkps[i];
	return NULL;
}

int repro_lkp_param_used(const char *testcase, const char *lkp)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(repro_lkp_params); i++)
		if (!strcmp(repro_lkp_params[i].testcase, testcase) &&
		    !strcmp(repro_lkp_params[i].lkp, lkp))
			return 1;
	return 0;
}

/* The keys LKP fills in: the report's, else LKP's default, said. */
static int repro_lkp_defaults_map(const struct lkpmail *m, struct repro_job *j,
				  const char *testcase)
{
	const struct repro_lkp_default *d;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(repro_lkp_defaults); i++) {
		d = &repro_lkp_defaults[i];
		if (!strcmp(d->testcase, testcase) &&
		    repro_copy_or(m, j, d->key, d->dflt, d->why))
			return -ENOENT;
	}
	return 0;
}

int repro_lkp_map(const struct lkpmail *m, struct repro_job *j,
		  const struct repro_lkp *l,
		  int (*logic)(const struct lkpmail *m, struct repro_job *j))
{
	const char *v;
	size_t i;

	repro_set(j, "test", l->test);
	if (logic && logic(m, j))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(repro_lkp_params); i++)
		if (!strcmp(repro_lkp_params[i].testcase, l->testcase) &&
		    repro_copy(m, j, repro_lkp_params[i].lkp,
			       repro_lkp_params[i].ours))
			return -ENOENT;
	if (l->size_key[0]) {
		if (repro_disk_map(m, j) || repro_param(m, l->size_key, &v))
			return -ENOENT;
		repro_test_size(m, j, v ? v : "2G");
	}
	return repro_lkp_defaults_map(m, j, l->testcase);
}

/*
 * A row's key of ours (an LKP_PARAM's, an LKP_DEFAULT's) must be a
 * parameter of its LKP row's test: -EINVAL, said in one line, if not.
 */
static int repro_lkp_key_check(FILE *err, const char *row, const char *testcase,
			       const char *lkp, const char *ours)
{
	const struct repro_lkp *l = repro_lkp_find(testcase);
	const struct test_desc *t = l ? test_find(l->test) : NULL;

	/* A row of no test is said by the LKP row's check: not again. */
	if (l && !t)
		return 0;
	if (t && param_spec_find(ours) && strv_word_in(t->params, ours))
		return 0;
	fprintf(err, "%s row %s %s: %s is no parameter of its LKP row's test\n",
		row, testcase, lkp, ours);
	return -EINVAL;
}

int repro_lkp_rows_check(FILE *err)
{
	const struct repro_lkp_default *d;
	const struct repro_lkp_param *p;
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(repro_lkps); i++)
		if (!test_find(repro_lkps[i].test)) {
			fprintf(err, "LKP row %s: no test %s\n",
				repro_lkps[i].testcase, repro_lkps[i].test);
			bad = 1;
		}
	for (i = 0; i < ARRAY_SIZE(repro_lkp_params); i++) {
		p = &repro_lkp_params[i];
		if (repro_lkp_key_check(err, "LKP_PARAM", p->testcase, p->lkp,
					p->ours))
			bad = 1;
	}
	for (i = 0; i < ARRAY_SIZE(repro_lkp_defaults); i++) {
		d = &repro_lkp_defaults[i];
		if (repro_lkp_key_check(err, "LKP_DEFAULT", d->testcase, d->key,
					d->key))
			bad = 1;
	}
	return bad ? -EINVAL : 0;
}
