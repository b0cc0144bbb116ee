/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_AIM9_H
#define BOOTBENCH_AIM9_H

/*
 * The AIM suite's test functions (suite IX's, which suite VII's
 * multiuser driver runs too): one line each in aim9-tests.def. aim9.c
 * calls one in a loop until an alarm; aim7.c runs them in N processes.
 */
#include <limits.h>
#include <stddef.h>

#include "shared/util.h"

/* The factor of the disk tests: the file size in K (FILESIZE). */
#define AIM9_KB 0

enum aim9_prep { AIM9_PREP_NONE, AIM9_PREP_FILE, AIM9_PREP_TREE };

struct aim9_test {
	const char *name;
	int (*call)(void); /* one call of the test: 0 or -errno */
	unsigned int factor;
	enum aim9_prep prep;
	const char *unit;
};

/* Where and how big: set by the driver before the preparation. */
struct aim9_env {
	char dir[PATH_MAX]; /* the file tests' directory: TMPDIR or /tmp */
	unsigned int kbytes; /* the disk tests' file size in 1K blocks */
	unsigned int seed; /* the random block picker's state */
};

extern struct aim9_env aim9_env;

#define AIM9_TEST(name, fn, factor, prep, unit) int fn(void);
#include "aim9-tests.def"
#undef AIM9_TEST

const struct aim9_test *aim9_test_find(const char *name);
/* The operations one call counts (AIM9_KB resolved). */
unsigned int aim9_test_factor(const struct aim9_test *t);
/* The test's preparation in aim9_env.dir, and its removal. */
int aim9_prep_make(const struct aim9_test *t);
void aim9_prep_undo(const struct aim9_test *t);

/* @loops - 1 messages of the suite's sizes written to @wr, read from @rd. */
int aim9_msg_loop(int rd, int wr, int loops);
/* A name in aim9_env.dir unique to this process and call: 0 or -errno. */
int aim9_path_new(char *buf, size_t size, const char *what);
/* The common file disk_rd and disk_cp read (FILE). */
const char *aim9_common_path(void);
/* A random block number below @n (the original's aim_rand() % n). */
unsigned int aim9_rand_below(unsigned int n);
/* The preparations (aim9-disk.c, aim9-dir.c). */
int aim9_common_make(void);
void aim9_common_remove(void);
int aim9_tree_make(void);
void aim9_tree_remove(void);
/* exec_test's program: this binary in --copy mode, exiting 0. */
int aim9_copy_main(int argc, char **argv);

#endif
