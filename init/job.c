// SPDX-License-Identifier: GPL-2.0
/*
 * The job travels on the kernel command line as bootbench.<key>=<value>
 * words, so one image serves every job. Keys the init owns are taken
 * here; the rest are handed to the benchmark as --key=value.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init.h"
#include "shared/util.h"

/* The largest value of a numeric job key, from proto/jobkeys.def. */
static unsigned int job_key_max(const char *key)
{
	static const struct {
		const char *name;
		unsigned int max;
	} keys[] = {
#define JOBKEY(name, kind, min, max, help, choices) { name, max },
#include "proto/jobkeys.def"
#undef JOBKEY
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (!strcmp(keys[i].name, key))
			return keys[i].max;
	return 0;
}

static int job_str_take(char *dst, size_t size, const char *val)
{
	if (strlen(val) >= size)
		return -ENAMETOOLONG;
	strcpy(dst, val);
	return 0;
}

/* The keys the init keeps, where struct job holds each. */
enum job_key_kind { JOB_KEY_UINT, JOB_KEY_STR };

static const struct job_key {
	const char *name;
	enum job_key_kind kind;
	size_t offset, size;
} job_keys[] = {
#define JOB_INIT_KEY(n, kind, bytes)                   \
	{ #n, JOB_KEY_##kind, offsetof(struct job, n), \
	  sizeof(((struct job *)0)->n) },
	JOB_INIT_KEYS(JOB_INIT_KEY)
#undef JOB_INIT_KEY
};

/* 1 when @key is one of proto/initkeys.def's, taken into @job (or not). */
static int job_init_key_take(struct job *job, const char *key, const char *val,
			     int *err)
{
	const struct job_key *k;
	char *at;

	for (k = job_keys; k < job_keys + ARRAY_SIZE(job_keys); k++) {
		if (strcmp(k->name, key))
			continue;
		at = (char *)job + k->offset;
		*err = k->kind == JOB_KEY_STR ?
			       job_str_take(at, k->size, val) :
			       util_uint_parse(val, 0, job_key_max(key),
					       (unsigned int *)at);
		return 1;
	}
	return 0;
}

static int job_word_take(struct job *job, const char *key, const char *val)
{
	int err;

	if (!strcmp(key, "test"))
		return job_str_take(job->test, sizeof(job->test), val);
	if (job_init_key_take(job, key, val, &err))
		return err;
	if (!strcmp(key, "heartbeat"))
		return util_uint_parse(val, 0, 3600, &job->heartbeat);
	if (!strcmp(key, "profile"))
		return util_uint_parse(val, 0, 1, &job->profile);
	if (!strcmp(key, "trace"))
		return util_uint_parse(val, 0, 1, &job->trace);
	if (!strcmp(key, "console_results")) {
		/* Only LAVA's form so far (docs/lava.md). */
		if (strcmp(val, "lava"))
			return -EINVAL;
		job->console_lava = 1;
		return 0;
	}
	if (job->nargs == JOB_ARGS_MAX)
		return -E2BIG;
	if (asprintf(&job->args[job->nargs], "--%s=%s", key, val) < 0)
		return -ENOMEM;
	job->nargs++;
	return 0;
}

/* The descriptors' BARE rows: tests that run no workload. */
static const char *const job_bare_tests[] = {
#define BARE(test) test,
#include "shared/descs.h"
#undef BARE
};

/* 1 when every test of comma list @tests is BARE. */
static unsigned int job_tests_bare(const char *tests)
{
	size_t i, n;
	int found;

	for (; *tests; tests += n + (tests[n] == ',')) {
		n = strcspn(tests, ",");
		found = 0;
		for (i = 0; i < ARRAY_SIZE(job_bare_tests); i++)
			if (strlen(job_bare_tests[i]) == n &&
			    !strncmp(tests, job_bare_tests[i], n))
				found = 1;
		if (!found)
			return 0;
	}
	return 1;
}

int job_parse(struct job *job, const char *cmdline)
{
	const char *p = cmdline;
	char word[512];
	int err;

	memset(job, 0, sizeof(*job));
	job->iterations = 1;
	job->heartbeat = 5;
	/* Not said yet: the tests choose (below). */
	job->monitors = UINT_MAX;
	strcpy(job->workdir, "/tmp");
	while (*p) {
		size_t n = 0;
		int quoted = 0;
		char *eq;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		while (*p &&
		       (quoted || (*p != ' ' && *p != '\t' && *p != '\n'))) {
			if (*p == '"')
				quoted = !quoted;
			else if (n < sizeof(word) - 1)
				word[n++] = *p;
			p++;
		}
		word[n] = '\0';
		if (n < strlen(PROTO_JOB_PREFIX) ||
		    memcmp(word, PROTO_JOB_PREFIX, strlen(PROTO_JOB_PREFIX)))
			continue;
		eq = strchr(word, '=');
		if (!eq)
			return -EINVAL;
		*eq = '\0';
		err = job_word_take(job, word + strlen(PROTO_JOB_PREFIX),
				    eq + 1);
		if (err)
			return err;
	}
	if (!job->test[0])
		return -ENOENT;
	job->bare = job_tests_bare(job->test);
	if (job->monitors == UINT_MAX)
		job->monitors = !job->bare;
	return 0;
}

void job_free(struct job *job)
{
	int i;

	for (i = 0; i < job->nargs; i++)
		free(job->args[i]);
	job->nargs = 0;
}
