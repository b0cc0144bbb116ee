// SPDX-License-Identifier: GPL-2.0
/*
 * A 0-day/LKP report's testcase and its job parameters ("with following
 * parameters:" and the keys under it), read from the lines when LKP's
 * layout of one key a line survived, else from the flat text, where a
 * value's end is guessed from the key after it (reproduce/lkpmail.c);
 * and the values its command lines give ("hackbench ... -l 30000").
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lkpmail.h"
#include "mailread.h"

/*
 * "testcase: hackbench", not the "| testcase: change |" rows of the
 * table of other tests the commit also moved.
 */
static const char *testcase_find(const char *flat)
{
	const char *p = flat;

	while ((p = strcasestr(p, "testcase: "))) {
		if (strncmp(p + 10, "change ", 7))
			return p;
		p += 10;
	}
	return NULL;
}

static void lkpmail_param_add(struct lkpmail *m, const char *key,
			      const char *val)
{
	if (m->nparams == LKPMAIL_PARAMS_MAX)
		return;
	snprintf(m->params[m->nparams].key, sizeof(m->params[0].key), "%s",
		 key);
	snprintf(m->params[m->nparams].val, sizeof(m->params[0].val), "%s",
		 val);
	m->nparams++;
}

static int is_param_key(const char *w)
{
	size_t n = strlen(w);

	if (n < 2 || w[n - 1] != ':' || !isalpha((unsigned char)w[0]))
		return 0;
	for (; n > 1; n--, w++)
		if (!isalnum((unsigned char)*w) && *w != '_' && *w != '-')
			return 0;
	return 1;
}

/*
 * A word that may carry a value on past a blank in the flat text: no
 * '|' of a table, no key, nothing a sentence ends with.
 */
static int param_word_ok(const char *w)
{
	return *w && !is_param_key(w) && !strpbrk(w, "|()<>[]\",;");
}

/*
 * A value of the flat text: its first word, and the next ones up to 3
 * when a key follows them ("option_a: Sequential Fill cpufreq_governor:
 * performance"); the last value ends at its word, since the text after
 * it is the mail's ("performance If you fix the issue").
 */
static const char *param_value_flat(const char *p, char *val, size_t size)
{
	const char *e = lkpmail_word_get(p, val, size), *q = e;
	char w[64];
	int i;

	/* i words that can be a value's, then what ends them: a key? */
	for (i = 0; i <= 3; i++) {
		q = lkpmail_word_get(q, w, sizeof(w));
		if (!param_word_ok(w))
			break;
	}
	if (i == 0 || i > 3 || !is_param_key(w))
		return e;
	/* i words of the value follow: up to where the key starts */
	while (i--) {
		e = lkpmail_word_get(e, w, sizeof(w));
		if (strlen(val) + 1 + strlen(w) < size) {
			strcat(val, " ");
			strcat(val, w);
		}
	}
	return e;
}

/* "with following parameters: runtime: 300s nr_task: 100% test: execl" */
static void lkpmail_params_flat(const char *flat, struct lkpmail *m)
{
	const char *p = testcase_find(flat);
	char key[64], val[128];

	/* "with following parameters:" (older) or "parameters:" (newer) */
	p = strcasestr(p ? p : flat, "parameters:");
	if (!p)
		return;
	p += 11;
	for (;;) {
		const char *next = lkpmail_word_get(p, key, sizeof(key));

		if (!is_param_key(key) || !strncmp(key, "test-", 5))
			break;
		key[strlen(key) - 1] = '\0';
		p = param_value_flat(next, val, sizeof(val));
		if (!val[0])
			break;
		lkpmail_param_add(m, key, val);
	}
}

/*
 * The parameters one a line, as LKP writes them ("\toption_a:
 * Sequential Fill"): a value is the rest of its line, words and all.
 * 0 when the block is not laid out in lines (a flattened mail, a
 * re-wrapped reply): the flat text is read instead.
 */
static int lkpmail_params_lines(const char *lines, struct lkpmail *m)
{
	const char *p = testcase_find(lines), *e;
	char key[64], val[128], *q;
	size_t n, k;
	int blank = 0;

	p = strcasestr(p ? p : lines, "parameters:");
	if (!p)
		return 0;
	p += 11;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '\n')
		return 0;
	for (p++; *p; p = *e ? e + 1 : e) {
		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		n = e - p;
		while (n && isspace((unsigned char)p[n - 1]))
			n--;
		if (!n && !m->nparams && blank++ < 3)
			continue;
		k = strcspn(p, " \t");
		if (!n || k >= sizeof(key) || k > n)
			break;
		snprintf(key, sizeof(key), "%.*s", (int)k, p);
		if (!is_param_key(key) || !strncmp(key, "test-", 5))
			break;
		key[k - 1] = '\0';
		while (k < n && (p[k] == ' ' || p[k] == '\t'))
			k++;
		if (k == n)
			break;
		snprintf(val, sizeof(val), "%.*s", (int)(n - k), p + k);
		for (q = val; (q = strchr(q, '\t'));)
			*q = ' ';
		lkpmail_param_add(m, key, val);
	}
	return m->nparams;
}

void lkpmail_params_read(const char *flat, const char *lines, struct lkpmail *m)
{
	if (!lkpmail_params_lines(lines, m))
		lkpmail_params_flat(flat, m);
}

void lkpmail_testcase_read(const char *flat, struct lkpmail *m)
{
	const char *p = testcase_find(flat);

	if (p)
		lkpmail_word_get(p + 10, m->testcase, sizeof(m->testcase));
}

/* A number after one of @opts ("-l ") within @span bytes of @p. */
static unsigned int opt_number(const char *p, size_t span,
			       const char *const *opts)
{
	const char *q;

	for (; *opts; opts++) {
		q = strstr(p, *opts);
		if (q && (size_t)(q - p) < span &&
		    isdigit((unsigned char)q[strlen(*opts)]))
			return strtoul(q + strlen(*opts), NULL, 10);
	}
	return 0;
}

/*
 * The command lines of LKP's reproduce attachment quote every argument
 * ("/usr/bin/hackbench" "-g" "16" ... "-l" "30000"): read them without
 * the quotes, as the older mails' "hackbench -g 16 ... -l 30000".
 */
void lkpmail_commands_read(const char *flat, struct lkpmail *m)
{
	static const char *const hb[] = { " -l ", " --loops ", NULL };
	static const char *const hg[] = { " -g ", " --groups ", NULL };
	static const char *const pp[] = { " -l ", " --loop ", " --loops ",
					  NULL };
	char *plain = malloc(strlen(flat) + 1), *o = plain;
	const char *p;

	if (!plain)
		return;
	for (p = flat; *p; p++)
		if (*p != '"')
			*o++ = *p;
	*o = '\0';
	p = strstr(plain, "hackbench -g ");
	if (!p)
		p = strstr(plain,
			   "hackbench -l "); /* "hackbench -l 256000 -g 1" */
	if (p) {
		m->loops = opt_number(p, 80, hb);
		/* A robot's groups are its nr_threads; a person's, -g. */
		if (!m->is_lkp)
			m->groups = opt_number(p, 80, hg);
	}
	p = strstr(plain, "bench sched pipe");
	if (p)
		m->perf_loops = opt_number(p, 60, pp);
	free(plain);
}

const char *lkpmail_param_get(const struct lkpmail *m, const char *key)
{
	int i;

	for (i = 0; i < m->nparams; i++)
		if (!strcmp(m->params[i].key, key))
			return m->params[i].val;
	return NULL;
}
