// SPDX-License-Identifier: GPL-2.0
/* Job files: parsing and matrix expansion (docs/jobs.md). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/params.h"
#include "lib/fileio.h"
#include "jobfile.h"

static char *jobfile_trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int jobfile_key_valid(const char *k)
{
	if (!*k)
		return 0;
	for (; *k; k++)
		if (!islower((unsigned char)*k) &&
		    !isdigit((unsigned char)*k) && *k != '_')
			return 0;
	return 1;
}

/* "[a, b]" into its items, or the one value as it is. */
static int jobfile_values_parse(char *v, struct jobfile_key *k)
{
	char *item, *save = NULL;
	size_t len = strlen(v);

	if (v[0] != '[') {
		k->values[0] = strdup(v);
		k->n = 1;
		return k->values[0] ? 0 : -ENOMEM;
	}
	if (len < 2 || v[len - 1] != ']')
		return -EINVAL;
	v[len - 1] = '\0';
	for (item = strtok_r(v + 1, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		item = jobfile_trim(item);
		if (!*item || k->n == JOBFILE_VALUES_MAX)
			return -EINVAL;
		k->values[k->n] = strdup(item);
		if (!k->values[k->n++])
			return -ENOMEM;
	}
	return k->n ? 0 : -EINVAL;
}

static int jobfile_line_parse(struct jobfile *jf, char *line, unsigned int no,
			      char *err, size_t errlen)
{
	char *eq = strchr(line, '='), *key, *val;
	struct jobfile_key *k;
	size_t i;
	int ret;

	if (!eq) {
		snprintf(
			err, errlen,
			"%s:%u: '%.60s' is not 'key = value': see docs/jobs.md",
			jf->path, no, line);
		return -EINVAL;
	}
	*eq = '\0';
	key = jobfile_trim(line);
	val = jobfile_trim(eq + 1);
	if (!jobfile_key_valid(key) || !*val) {
		snprintf(err, errlen,
			 "%s:%u: '%.40s' needs a lower-case key and a value",
			 jf->path, no, key);
		return -EINVAL;
	}
	for (i = 0; i < jf->nkeys; i++)
		if (!strcmp(jf->keys[i].key, key)) {
			snprintf(err, errlen, "%s:%u: %s is given twice",
				 jf->path, no, key);
			return -EINVAL;
		}
	if (jf->nkeys == JOBFILE_KEYS_MAX) {
		snprintf(err, errlen, "%s:%u: more than %d keys", jf->path, no,
			 JOBFILE_KEYS_MAX);
		return -E2BIG;
	}
	k = &jf->keys[jf->nkeys++];
	k->key = strdup(key);
	if (!k->key)
		return -ENOMEM;
	ret = jobfile_values_parse(val, k);
	if (ret == -EINVAL)
		snprintf(err, errlen,
			 "%s:%u: %s: a list is [a, b, ...] with 1 to %d items",
			 jf->path, no, key, JOBFILE_VALUES_MAX);
	return ret;
}

int jobfile_parse(const char *path, char *text, size_t len, struct jobfile *jf,
		  char *err, size_t errlen)
{
	char *line, *next;
	unsigned int no = 0;
	int ret = 0;

	memset(jf, 0, sizeof(*jf));
	jf->path = strdup(path);
	if (!jf->path) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	if (strlen(text) != len) {
		snprintf(err, errlen, "JOB=%s is not a text file", path);
		return -EINVAL;
	}
	for (line = text; line && !ret; line = next) {
		char *t;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		no++;
		t = jobfile_trim(line);
		if (*t && *t != '#')
			ret = jobfile_line_parse(jf, t, no, err, errlen);
	}
	if (!ret && jobfile_combinations_count(jf) > JOBFILE_JOBS_MAX) {
		snprintf(err, errlen,
			 "%s: its lists expand to more than %d jobs: split it",
			 path, JOBFILE_JOBS_MAX);
		ret = -E2BIG;
	}
	if (!ret && !jobfile_value_get(jf, "test", 0)) {
		snprintf(err, errlen, "%s: no 'test = <name>' line", path);
		ret = -EINVAL;
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s", strerror(ENOMEM));
	return ret;
}

int jobfile_load(const char *path, struct jobfile *jf, char *err, size_t errlen)
{
	size_t len;
	/* A job from elsewhere may name /dev/zero: a small regular file. */
	char *text = file_read_capped(path, JOBFILE_SIZE_MAX, &len);
	int ret;

	if (!text) {
		ret = -errno;
		memset(jf, 0, sizeof(*jf));
		snprintf(err, errlen,
			 "JOB=%s: %s: give a job file (jobs/*.job)", path,
			 ret == -EINVAL ? "not a regular file" :
			 ret == -EFBIG	? "larger than 1 MiB" :
					  strerror(-ret));
		return ret;
	}
	ret = jobfile_parse(path, text, len, jf, err, errlen);
	free(text);
	return ret;
}

void jobfile_free(struct jobfile *jf)
{
	size_t i, v;

	for (i = 0; i < jf->nkeys; i++) {
		free(jf->keys[i].key);
		for (v = 0; v < jf->keys[i].n; v++)
			free(jf->keys[i].values[v]);
	}
	free(jf->path);
	memset(jf, 0, sizeof(*jf));
}

size_t jobfile_combinations_count(const struct jobfile *jf)
{
	size_t i, n = 1;

	/* Saturates instead of wrapping: 16 values in each of 48 keys. */
	for (i = 0; i < jf->nkeys; i++)
		n = n > JOBFILE_JOBS_MAX ? n : n * jf->keys[i].n;
	return n;
}

/* Mixed radix: the first listed key varies slowest, as in the file. */
static size_t jobfile_digit(const struct jobfile *jf, size_t key, size_t index)
{
	size_t i, below = 1;

	for (i = key + 1; i < jf->nkeys; i++)
		below *= jf->keys[i].n;
	return index / below % jf->keys[key].n;
}

const char *jobfile_value_get(const struct jobfile *jf, const char *key,
			      size_t index)
{
	size_t i;

	for (i = 0; i < jf->nkeys; i++)
		if (!strcmp(jf->keys[i].key, key))
			return jf->keys[i].values[jobfile_digit(jf, i, index)];
	return NULL;
}

void jobfile_combination_describe(const struct jobfile *jf, size_t index,
				  char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < jf->nkeys && len < size; i++)
		if (jf->keys[i].n > 1)
			len += snprintf(
				buf + len, size - len, "%s%s=%s",
				len ? " " : "", jf->keys[i].key,
				jf->keys[i].values[jobfile_digit(jf, i, index)]);
}

/*
 * A data set of LKP's size (fsmark's 4G of 4K files, each fsynced) is
 * an hour of TCG: / 1024, at least 4 MiB (4G: 1024 such files, about
 * 10 s of TCG at the 100 a second fsmark makes on btrfs; 4096 were 40).
 */
static const char *jobfile_quick_size(const char *value, char *buf, size_t size)
{
	unsigned long long b;

	if (param_size_parse(value, &b) || b <= 4ULL << 20)
		return value;
	b /= 1024;
	snprintf(buf, size, "%lluK", (b < 4ULL << 20 ? 4ULL << 20 : b) >> 10);
	return buf;
}

/*
 * @v / @div, kept between @lo and @hi; a @v below @lo is kept as it is
 * (a job that asks less than the floor already).
 */
static unsigned long jobfile_quick_div(unsigned long v, unsigned long div,
				       unsigned long lo, unsigned long hi)
{
	if (v < lo)
		return v;
	v /= div;
	return v < lo ? lo : v > hi ? hi : v;
}

const char *jobfile_quick_scale(const char *key, const char *value, char *buf,
				size_t size)
{
	unsigned long v;
	char *end;

	if (!strcmp(key, "test_size"))
		return jobfile_quick_size(value, buf, size);

	errno = 0;
	v = strtoul(value, &end, 10);
	if (errno || *end || end == value)
		return value;
	if (!strcmp(key, "runtime") || !strcmp(key, "testtime"))
		/* LKP's 300 s are 10 s, and so are its 600 s. */
		v = jobfile_quick_div(v, 30, 3, 10);
	else if (!strcmp(key, "aim7_jobs"))
		/*
		 * A job's 100 of 1-11 MB files each (disk_rr: written, then
		 * read 1K at a time at random): LKP's disk_rr at load 2 was
		 * 4 minutes of TCG a boot; 10 jobs keep the suite's shape.
		 */
		v = jobfile_quick_div(v, 10, 10, ULONG_MAX);
	else if (!strcmp(key, "loops"))
		/*
		 * At most 10000: perf bench sched pipe's 10M round trips
		 * were 100000 after / 100, 72 s of TCG a boot at the 1400 a
		 * second two vCPUs make; hackbench's 60000 stay 600.
		 */
		v = jobfile_quick_div(v, 100, 100, 10000);
	else if (!strcmp(key, "load"))
		/*
		 * AIM7's users each run 100 jobs: LKP's load 100 of disk_rr
		 * took about 19 minutes of TCG, load 2 takes 30 s.
		 */
		v = jobfile_quick_div(v, 50, 2, ULONG_MAX);
	else if (!strcmp(key, "autonuma_passes"))
		/*
		 * autonuma-benchmark's fixed work: its 50 passes were minutes
		 * of TCG for each program; 2 keep every pass's kind.
		 */
		v = v / 25 < 1 ? 1 : v / 25;
	else if (!strcmp(key, "iterations") || !strcmp(key, "runs") ||
		 !strcmp(key, "passes"))
		v = 1;
	else
		return value;
	snprintf(buf, size, "%lu", v);
	return buf;
}
