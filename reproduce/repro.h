/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_REPRO_H
#define BOOTBENCH_REPRO_H

/*
 * The reader's parts, between its files: repro-job.c (the job and LKP's
 * values), repro-rows.c (the descriptors' LKP rows), repro-maps.c (LKP's
 * testcases as ours), repro-disks.c (those on a disk), repro-machine.c
 * (the report's machine), reproduce.c (the command: the metric, the
 * change's sign, the files written).
 */
#include <stddef.h>
#include <stdio.h>

#include "lkpmail.h"

#define REPRO_KEYS_MAX 24

struct repro_job {
	char keys[REPRO_KEYS_MAX][32];
	char vals[REPRO_KEYS_MAX][160];
	int n;
	char metric[128];
};

/* What a report became: its job file, its directory, its verdict's terms. */
struct repro_out {
	char dir[4000];
	char job[4100];
	char metric[128]; /* the report's metric as ours, or "" */
	char expect[32]; /* the report's change, "-12.30", or "": no verdict */
	char base[48],
		new[48]; /* the compare table's base, the culprit; or "" */
};

/* reproduce.c: the mail into OUTDIR/<its name>/job, checked as a run checks. */
int repro_mail_read(const char *report, const char *outdir,
		    struct repro_out *out);

/* repro-job.c */
void repro_set(struct repro_job *j, const char *key, const char *val);
const char *repro_get(const struct repro_job *j, const char *key);
void repro_note(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "300s" -> "300"; a value with no unit we know stays, for the check. */
void repro_seconds(const char *v, char *buf, size_t size);
/* LKP's counts with a word: "16d", "256fpd", "1x", "1024f", "32t" are numbers. */
const char *repro_count_word(const char *v, char *buf, size_t size);
int repro_storage_check(const struct lkpmail *m);
/* The report's value of @key, a list narrowed to the table's value. */
int repro_param(const struct lkpmail *m, const char *key, const char **out);
/* disk:, fs:, md: and fs2: as our DISK=, FS=, MD=, FS2= (docs/disks.md). */
int repro_disk_map(const struct lkpmail *m, struct repro_job *j);
/* @key of the report into our @ours, unit-normalised; -ENOENT: a list. */
int repro_copy(const struct lkpmail *m, struct repro_job *j, const char *key,
	       const char *ours);
/*
 * LKP's test: into *v, as our parameter @key would take it: one of its
 * choices, else refused in the words of @what ("aim9 test") and @verb
 * ("implements"), with the choices said. No test: at all is *v NULL,
 * refused too unless @optional. 0, or -ENOENT (said).
 */
int repro_choice_read(const struct lkpmail *m, const char *key,
		      const char *what, const char *verb, int optional,
		      const char **v);
/* @key's value of the report, or @dflt with a note that it was guessed. */
int repro_copy_or(const struct lkpmail *m, struct repro_job *j, const char *key,
		  const char *dflt, const char *why);
int repro_word_listed(const char *w, const char *const *list);
/* repro-rows.c: a descriptor's LKP rows. */
struct repro_lkp;
/* The LKP row of @testcase, or NULL. */
const struct repro_lkp *repro_lkp_find(const char *testcase);
/*
 * The job of LKP row @l's testcase: its test, then @logic (what its
 * rows cannot say; NULL: nothing), its LKP_PARAM keys, its test size,
 * its LKP_DEFAULT keys. 0, or -ENOENT (said).
 */
int repro_lkp_map(const struct lkpmail *m, struct repro_job *j,
		  const struct repro_lkp *l,
		  int (*logic)(const struct lkpmail *m, struct repro_job *j));
/* Whether an LKP_PARAM row of @testcase takes LKP's key @lkp. */
int repro_lkp_param_used(const char *testcase, const char *lkp);
/*
 * Whether every descriptor's LKP row names a test we have and every
 * LKP_PARAM and LKP_DEFAULT row a parameter of that test: 0, or -EINVAL
 * with each wrong row said on @err (bootbench metrics --check's
 * companion).
 */
int repro_lkp_rows_check(FILE *err);
/* repro-maps.c */
/* The job's test and its parameters; -ENOENT: we cannot run it (said). */
int repro_test_map(const struct lkpmail *m, const char *text,
		   struct repro_job *j);
/* repro-disks.c: LKP's testcases on a disk, as repro_maps rows. */
int repro_aim7_params(const struct lkpmail *m, struct repro_job *j);
int repro_dbench_params(const struct lkpmail *m, struct repro_job *j);
int repro_filebench_params(const struct lkpmail *m, struct repro_job *j);
int repro_swapin_params(const struct lkpmail *m, struct repro_job *j);
/* LKP's test_size @v, at most half the disk that stands for the report's. */
void repro_test_size(const struct lkpmail *m, struct repro_job *j,
		     const char *v);
/* repro-machine.c */
int repro_machine_map(const struct lkpmail *m, const char *dir,
		      const char *name, struct repro_job *j);

#endif
