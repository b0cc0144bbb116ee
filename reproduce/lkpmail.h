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
/*
 * A saved mail is a regular file of at most this many bytes (the
 * longest robot mail we keep is 18 KB), as a job file is: REPORT=
 * /dev/zero or a FIFO is refused unread (reproduce.c).
 */
#define LKPMAIL_SIZE_MAX (1 << 20)

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
	unsigned int groups; /* "hackbench -g N" */
	/* Not a robot's mail: the words after "N% regression" */
	char regarding[128];
	int pct_signed; /* the text's change has its sign ("-8.8%") */
	/* The compare table's row of the metric: its %change, always signed */
	double table_pct;
	int have_table_pct;
	char table_row[160];
	/* The compare table's header: "nr_task" -> "100%" and so on */
	struct lkpmail_param header[LKPMAIL_PARAMS_MAX];
	int nheader;
	char base[48]; /* the base as the table names it: a tag or a commit */
	char config_url[200]; /* "materials to reproduce are available at" */
	/* job.yaml's nr_node, else the most numa-meminfo.nodeN rows say */
	unsigned int yaml_nodes, table_nodes;
	unsigned int perf_loops; /* "perf bench sched pipe ... -l N" */
	char sockets_src[96]; /* "" when the text says it; else the guess */
	unsigned int host_sockets; /* tbox_group's "2sp": 2; 0: none */
	/* YYYYMMDD of the robot's report (0: none), and what said it */
	unsigned int date;
	char date_src[48];
};

/* 0, or -EINVAL with @why saying what the text lacks. */
int lkpmail_parse(const char *text, struct lkpmail *m, char *why,
		  size_t whylen);
void lkpmail_free(struct lkpmail *m);
/* The value of parameter @key, or NULL. */
const char *lkpmail_param_get(const struct lkpmail *m, const char *key);
/* The compare table header's value of @key, or NULL. */
const char *lkpmail_header_get(const struct lkpmail *m, const char *key);

#endif
