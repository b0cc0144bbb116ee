/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_WIS_H
#define BOOTBENCH_WIS_H

/*
 * will-it-scale: the runner (will-it-scale.c), the testcases' loop
 * bodies (wis-cases.c), one per line of wis-tests.def, and what they
 * need prepared (wis-prep.c).
 */
#include <limits.h>

/* One task's slot in the memory the parent samples: a cache line apart. */
struct wis_slot {
	volatile unsigned long long count;
	volatile int failed;
	char msg[160];
} __attribute__((aligned(256)));

struct wis_task {
	volatile unsigned long long *iter;
	struct wis_slot *slot;
	unsigned int nr; /* the task's number, 0 .. nr_tasks - 1 */
	int threads; /* 1: the tasks are threads of one process */
};

/* What a testcase needs prepared: wis-tests.def's prep column. */
enum wis_prep_kind {
	WIS_PREP_NONE,
	WIS_PREP_FILE,
	WIS_PREP_PAGES,
	WIS_PREP_FILES,
	WIS_PREP_DIRS,
	WIS_PREP_NOFILE,
};

/* What the parent prepared (wis-tests.def), inherited by every task. */
struct wis_prep {
	char dir[PATH_MAX]; /* TMPDIR or /tmp */
	char file[PATH_MAX + 32]; /* FILE and PAGES */
	char (*paths)[PATH_MAX + 32]; /* FILES and DIRS: one per task */
	unsigned int nr_tasks;
};

extern struct wis_prep wis_prep;

/* A loop body: runs until the task is killed; returns only on failure. */
typedef int (*wis_body_fn)(struct wis_task *t);

#define WIS_TEST(name, desc, prep, size) int wis_##name(struct wis_task *t);
#include "wis-tests.def"
#undef WIS_TEST

/*
 * wis-prep.c: @prep made for @nr tasks (@size: the testcase's file
 * size, or whether its files stay), in wis_prep.dir: 0 or -errno.
 */
int wis_prep_make(enum wis_prep_kind prep, unsigned long size, unsigned int nr);
/* What wis_prep_make() made, removed. */
void wis_prep_remove(enum wis_prep_kind prep);
/* Says what failed in the task's slot for the parent; returns -err. */
int wis_fail(struct wis_task *t, const char *what, int err);
/* Runs @fn(@arg) as a second task of the testcase's (context_switch1). */
int wis_task_new(struct wis_task *t, void *(*fn)(void *), void *arg);

#endif
