/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_MAILREAD_H
#define BOOTBENCH_MAILREAD_H

/*
 * The report reader's parts, between its files: lkpmail.c (the mail's
 * two copies, the change, the commits, the compare table), mailparams.c
 * (the testcase and its parameters), mailmachine.c (the machine),
 * maildate.c (the date). Each reads the flat text (one line, blanks
 * and quote markers one space) or the unquoted lines, and fills in its
 * fields of struct lkpmail.
 */
#include <stddef.h>

#include "lkpmail.h"

/* lkpmail.c: the next word of @s (up to a blank) into @buf; its end. */
const char *lkpmail_word_get(const char *s, char *buf, size_t size);

/* mailparams.c */
/* The job's parameters: LKP's lines, else the flat text's words. */
void lkpmail_params_read(const char *flat, const char *lines,
			 struct lkpmail *m);
/* "testcase: hackbench" (not a row of the table of other tests). */
void lkpmail_testcase_read(const char *flat, struct lkpmail *m);
/* hackbench's -l and -g, perf bench sched pipe's -l, from the commands. */
void lkpmail_commands_read(const char *flat, struct lkpmail *m);

/* mailmachine.c */
/* LKP's "test machine:" line, else a person's words for the machine. */
void lkpmail_machine_read(const char *flat, struct lkpmail *m);
/* The lscpu block, when the mail has one: 0, or -ENOMEM. */
int lkpmail_lscpu_read(const char *lines, struct lkpmail *m);
/* The most nodes the compare table's rows name, and job.yaml's nr_node. */
void lkpmail_nodes_read(const char *lines, struct lkpmail *m);
/* The host's name (the table's, else an "lkp-" word) and its sockets. */
void lkpmail_host_read(const char *flat, struct lkpmail *m);

/* maildate.c: the report's date. */
void lkpmail_date_read(const char *flat, struct lkpmail *m);

#endif
