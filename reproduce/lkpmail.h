/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_LKPMAIL_H
#define BOOTBENCH_LKPMAIL_H

/*
 * What a 0-day/LKP performance report says (docs/reproduce.md): read
 * from a mail as saved from a client or a list archive, with or without
 * headers, quoted with '>' any number of times, quoted-printable, or
 * flattened onto one line by an archive's text view.
 */
#define LKPMAIL_PARAMS_MAX 24
#define LKPMAIL_NOTES_MAX 16

struct lkpmail_param {
	char key[64];
	char val[128];
};

struct lkpmail {
	int is_lkp; /* "we noticed a X% regression of M" was found */
	char metric[128]; /* "" when the text names none */
	double change_pct;
	char kind[16]; /* "regression" or "improvement" */
	int have_change;
	char commit[48], subject[200]; /* the commit the change is due to */
	char base_commit[48]; /* the first of the compare table's pair */
	char testcase[48];
	struct lkpmail_param params[LKPMAIL_PARAMS_MAX];
	int nparams;
	char machine[200]; /* the "test machine" line, as written */
	char cpu_model[128];
	char arch[16]; /* "" for x86_64 */
	unsigned int threads, sockets, nodes, mem_gb;
	char *lscpu; /* the lscpu lines of the text, or NULL */
	char kconfig[64], tbox_group[64];
	/* copies per UnixBench test ("(1 test)", "running 40 copies") */
	unsigned int copies;
	unsigned int loops; /* "hackbench ... -l N" */
	/* Not a robot's mail: the words after "N% regression" */
	char regarding[128];
};

/* 0, or -EINVAL with @why saying what the text lacks. */
int lkpmail_parse(const char *text, struct lkpmail *m, char *why,
		  size_t whylen);
void lkpmail_free(struct lkpmail *m);
/* The value of parameter @key, or NULL. */
const char *lkpmail_param_get(const struct lkpmail *m, const char *key);

#endif
