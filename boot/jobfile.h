/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_JOBFILE_H
#define BOOTBENCH_JOBFILE_H

#include <stddef.h>

/*
 * A job file (jobs/NAME.job, docs/jobs.md): "key = value" lines, '#'
 * comments; a value "[a, b, c]" is a list, and a job with lists stands
 * for one job per combination, as LKP's split-job makes them.
 */
#define JOBFILE_KEYS_MAX 48
#define JOBFILE_VALUES_MAX 16
#define JOBFILE_JOBS_MAX 10000
#define JOBFILE_SIZE_MAX (1 << 20) /* a job file's bytes */

struct jobfile_key {
	char *key;
	char *values[JOBFILE_VALUES_MAX];
	size_t n;
};

struct jobfile {
	char *path;
	struct jobfile_key keys[JOBFILE_KEYS_MAX];
	size_t nkeys;
	/* one combination, filled by jobfile_combination_get() */
	char params[JOBFILE_KEYS_MAX][256];
	char quick[64]; /* a parameter QUICK=1 adds to the combination */
};

/* 0 or -errno; @err says what is wrong, with the line number. */
int jobfile_load(const char *path, struct jobfile *jf, char *err,
		 size_t errlen);
/* The same for @text (@len bytes, NUL-terminated), which it cuts up. */
int jobfile_parse(const char *path, char *text, size_t len, struct jobfile *jf,
		  char *err, size_t errlen);
void jobfile_free(struct jobfile *jf);
/* How many jobs the lists expand to (1 without lists). */
size_t jobfile_combinations_count(const struct jobfile *jf);
/* The value of @key in combination @index, or NULL. */
const char *jobfile_value_get(const struct jobfile *jf, const char *key,
			      size_t index);
/* "nr_task=100% runtime=300": the listed keys' values in @index. */
void jobfile_combination_describe(const struct jobfile *jf, size_t index,
				  char *buf, size_t size);
/*
 * QUICK=1 for a first look: runtime / 30 (3 to 10 s), loops / 100
 * (100 to 10000), AIM7's load / 50 and jobs / 10 (at least 2 and 10),
 * test_size / 1024 (at least 4 MiB), autonuma_passes / 25 (at least 1),
 * one iteration, run and pass. Writes the scaled value into @buf and
 * returns it, or returns @value unchanged.
 */
const char *jobfile_quick_scale(const char *key, const char *value, char *buf,
				size_t size);

#endif
