// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a 0-day/LKP performance report (docs/reproduce.md).
 *
 * A report reaches people in many shapes: as sent, quoted in a reply
 * ("> " or ">>" once per level), quoted-printable, or flattened by a
 * list archive's text view into one line where the quote markers sit
 * between the words. So the reader works on two normalized copies: the
 * lines without their quote markers (for the lscpu block and the
 * compare table's header), and one flat string where every run of
 * blanks and quote markers is one space (for the phrases, which a
 * flattened or re-wrapped mail breaks anywhere).
 *
 * Here: the two copies, the change and its commits, the compare table.
 * The testcase and its parameters are mailparams.c's, the machine
 * mailmachine.c's, the date maildate.c's (reproduce/mailread.h).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lkpmail.h"
#include "mailread.h"
#include "proto/names.h"

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Quoted-printable: "=\n" joins lines, "=XX" is a byte. In place. */
static void lkpmail_qp_decode(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '=' &&
		    (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n'))) {
			s += s[1] == '\r' ? 3 : 2;
		} else if (s[0] == '=' && hexval(s[1]) >= 0 &&
			   hexval(s[2]) >= 0) {
			*out++ = (char)(hexval(s[1]) * 16 + hexval(s[2]));
			s += 3;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

/*
 * Every byte of the mail the terminal could take for a command (ESC,
 * CR, C1, ...) written \xNN by names_escape(), the one rule for
 * untrusted text, before anything is read from it: whatever the reader
 * prints or writes into a job then is printable. Lines and tabs stay.
 */
static char *lkpmail_escape(const char *text)
{
	char *out = malloc(4 * strlen(text) + 1), *o = out, one[2] = { 0 };

	if (!out)
		return NULL;
	for (; *text; text++) {
		one[0] = *text;
		if (*text == '\n' || *text == '\t') {
			*o++ = *text;
		} else {
			names_escape(one, o, 5);
			o += strlen(o);
		}
	}
	*o = '\0';
	return out;
}

/* Each line without its leading quote markers and blanks. */
static char *lkpmail_lines_unquote(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	int bol = 1;

	if (!out)
		return NULL;
	for (; *text; text++) {
		if (bol && (*text == '>' || *text == ' ' || *text == '\t'))
			continue;
		bol = *text == '\n';
		if (*text != '\r')
			*o++ = *text;
	}
	*o = '\0';
	return out;
}

/*
 * One line: blanks and quote markers ('>' where a word would start)
 * collapse into one space.
 */
static char *lkpmail_flatten(const char *text)
{
	char *out = malloc(strlen(text) + 2), *o = out;
	int space = 1;

	if (!out)
		return NULL;
	for (; *text; text++) {
		if (isspace((unsigned char)*text) || (space && *text == '>')) {
			if (!space)
				*o++ = ' ';
			space = 1;
			continue;
		}
		*o++ = *text;
		space = 0;
	}
	*o = '\0';
	return out;
}

/* The next word of @s (up to a blank) into @buf; the end of it. */
const char *lkpmail_word_get(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	while (*s == ' ')
		s++;
	while (*s && *s != ' ') {
		if (n + 1 < size)
			buf[n++] = *s;
		s++;
	}
	buf[n] = '\0';
	return s;
}

/* A signed percentage at @s ("-8.8%", "~10%", "+0.6%"): 1 if found. */
static int pct_parse(const char *s, double *out, const char **end)
{
	char *e;
	double v;

	if (*s == '~')
		s++;
	v = strtod(s, &e);
	if (e == s || *e != '%')
		return 0;
	*out = v;
	if (end)
		*end = e + 1;
	return 1;
}

static int is_hex_word(const char *s, size_t *len)
{
	size_t n = 0;

	while (isxdigit((unsigned char)s[n]))
		n++;
	*len = n;
	return n >= 7 && n <= 40 && (!s[n] || !isalnum((unsigned char)s[n]));
}

/* "<sha> (\"subject\")" at @q: 1 if a sha is there; @after past it all. */
static int sha_subject_read(const char *q, char *sha, size_t shalen, char *subj,
			    size_t subjlen, const char **after)
{
	size_t n;

	while (*q == ' ' || *q == '\n')
		q++;
	if (!is_hex_word(q, &n))
		return 0;
	snprintf(sha, shalen, "%.*s", (int)n, q);
	q += n;
	while (*q == ' ')
		q++;
	subj[0] = '\0';
	if (q[0] == '(' && q[1] == '"') {
		const char *e = strstr(q + 2, "\")");

		if (e) {
			snprintf(subj, subjlen, "%.*s", (int)(e - q - 2),
				 q + 2);
			q = e + 2;
		}
	}
	if (after)
		*after = q;
	return 1;
}

/* "commit[:] <sha> (\"subject\")" at or after @from. */
static int commit_find(const char *from, char *sha, size_t shalen, char *subj,
		       size_t subjlen, const char **after)
{
	const char *p = from;

	while ((p = strcasestr(p, "commit"))) {
		p += 6;
		if (sha_subject_read(p + (*p == ':'), sha, shalen, subj,
				     subjlen, after))
			return 1;
	}
	return 0;
}

/* "... noticed a -8.8% regression of aim9.shared_memory.ops_per_sec" */
static void lkpmail_headline_read(const char *flat, struct lkpmail *m)
{
	const char *p = strcasestr(flat, "noticed a ");
	char word[128], b[48], subj[8];
	size_t n;

	if (!p)
		return;
	/* The newer mails write "a 22.9% regression": no sign to go by. */
	m->pct_signed = p[10] == '-' || p[10] == '+';
	if (!pct_parse(p + 10, &m->change_pct, &p))
		return;
	if (strncasecmp(p, " regression of ", 15) &&
	    strncasecmp(p, " improvement of ", 16))
		return;
	snprintf(m->kind, sizeof(m->kind), "%s",
		 p[1] == 'r' || p[1] == 'R' ? "regression" : "improvement");
	lkpmail_word_get(p + (p[1] == 'r' || p[1] == 'R' ? 15 : 16), word,
			 sizeof(word));
	n = strlen(word);
	while (n && strchr(":,.", word[n - 1]))
		word[--n] = '\0';
	snprintf(m->metric, sizeof(m->metric), "%s", word);
	m->have_change = 1;
	m->is_lkp = 1;
	if (!commit_find(p, m->commit, sizeof(m->commit), m->subject,
			 sizeof(m->subject), &p))
		return;
	/*
	 * A reply that quotes only the compare table has "commit:" and its
	 * pair under it: the base first, then the commit of the change.
	 */
	if (sha_subject_read(p, b, sizeof(b), subj, sizeof(subj), NULL)) {
		snprintf(m->base_commit, sizeof(m->base_commit), "%s",
			 m->commit);
		snprintf(m->base, sizeof(m->base), "%s", m->commit);
		sha_subject_read(p, m->commit, sizeof(m->commit), m->subject,
				 sizeof(m->subject), NULL);
	}
}

/*
 * "some perf regression on my arm64 numa system on hackbench ... 13,255
 * ... 15.368(+/- 2.74)  -15.9%": the first signed change after the word
 * (a "+/- 3.22%" spread is no change). Taken as it is written.
 */
static void lkpmail_loose_signed_read(const char *flat, struct lkpmail *m)
{
	const char *p = strstr(flat, " regression "), *s;
	double v;

	if (!p)
		return;
	for (s = p; (s = strpbrk(s, "+-")); s++) {
		if (!isdigit((unsigned char)s[1]) ||
		    isalnum((unsigned char)s[-1]) || !pct_parse(s, &v, NULL))
			continue;
		m->change_pct = v;
		m->have_change = 1;
		m->pct_signed = 1;
		snprintf(m->regarding, sizeof(m->regarding), "%s", p + 12);
		snprintf(m->kind, sizeof(m->kind), "regression");
		return;
	}
}

/*
 * Not a robot's mail (a commit message, a thread): "a ~10% regression
 * has been reported for UnixBench's execl", "lkp reported a -10%
 * regression on shell8 (1 test)". A regression is a drop.
 */
static void lkpmail_loose_read(const char *flat, struct lkpmail *m)
{
	const char *p;

	for (p = flat; (p = strstr(p, "% regression")); p++) {
		const char *s = p;
		double v;

		while (s > flat &&
		       (isdigit((unsigned char)s[-1]) || strchr(".~+-", s[-1])))
			s--;
		if (s == p || !pct_parse(s, &v, NULL))
			continue;
		m->change_pct = v > 0 ? -v : v;
		m->have_change = 1;
		snprintf(m->regarding, sizeof(m->regarding), "%s", p + 12);
		snprintf(m->kind, sizeof(m->kind), "regression");
		break;
	}
	if (!m->have_change)
		lkpmail_loose_signed_read(flat, m);
	if (!commit_find(flat, m->commit, sizeof(m->commit), m->subject,
			 sizeof(m->subject), NULL))
		m->commit[0] = '\0';
}

/* A commit or a tag ("v6.17-rc2") at @q, with its ("subject") if any. */
static const char *ref_read(const char *q, char *ref, size_t size)
{
	size_t n = 0;
	const char *e;

	while (*q == ' ' || *q == '\n')
		q++;
	while (isalnum((unsigned char)q[n]) || (q[n] && strchr("._+-", q[n])))
		n++;
	if (n < 2 || n >= size)
		return NULL;
	snprintf(ref, size, "%.*s", (int)n, q);
	q += n;
	while (*q == ' ')
		q++;
	if (q[0] == '(' && q[1] == '"' && (e = strstr(q + 2, "\")")))
		q = e + 2;
	return q;
}

/* "commit:\n  v6.17-rc2\n  1234abcd (\"subject\")": the base is the first. */
static void lkpmail_base_read(const char *q, struct lkpmail *m)
{
	char a[48], b[48];
	size_t n;

	q = ref_read(q, a, sizeof(a));
	if (!q || !ref_read(q, b, sizeof(b)))
		return;
	n = strlen(b) < strlen(m->commit) ? strlen(b) : strlen(m->commit);
	if (n < 7 || strncmp(b, m->commit, n))
		return;
	snprintf(m->base, sizeof(m->base), "%s", a);
	if (is_hex_word(a, &n) && !a[n])
		snprintf(m->base_commit, sizeof(m->base_commit), "%s", a);
}

/*
 * The compare table's header names its columns:
 *   compiler/cpufreq_governor/kconfig/rootfs/tbox_group/test/testcase:
 *   gcc-6/performance/x86_64-rhel-7.2/debian-x86_64.cgz/lkp-ivb-d03/...
 */
/*
 * The header's line: "kconfig" in it, a '/', a ':' at its end. One pass
 * over the lines: a mail of one long line full of "kconfig" took time
 * quadratic in its length (12 s for 800 KB) looking back for each one's
 * line start.
 */
static const char *lkpmail_header_line(const char *lines, const char **eolp)
{
	const char *bol, *eol;

	for (bol = lines; (eol = strchr(bol, '\n')); bol = eol + 1)
		if (eol > bol && eol[-1] == ':' &&
		    memchr(bol, '/', eol - bol) &&
		    memmem(bol, eol - bol, "kconfig", 7)) {
			*eolp = eol;
			return bol;
		}
	return NULL;
}

static void lkpmail_table_header_read(const char *lines, struct lkpmail *m)
{
	const char *p, *bol, *eol = NULL, *vals, *k, *v;

	bol = lkpmail_header_line(lines, &eol);
	if (!bol)
		return;
	vals = eol + 1;
	for (k = bol, v = vals; k < eol - 1 && *v && *v != '\n';) {
		size_t kn = strcspn(k, "/:\n"), vn = strcspn(v, "/\n");
		char key[32];

		snprintf(key, sizeof(key), "%.*s", (int)kn, k);
		if (m->nheader < LKPMAIL_PARAMS_MAX) {
			struct lkpmail_param *h = &m->header[m->nheader++];

			snprintf(h->key, sizeof(h->key), "%s", key);
			snprintf(h->val, sizeof(h->val), "%.*s", (int)vn, v);
		}
		if (!strcmp(key, "kconfig"))
			snprintf(m->kconfig, sizeof(m->kconfig), "%.*s",
				 (int)vn, v);
		else if (!strcmp(key, "tbox_group"))
			snprintf(m->tbox_group, sizeof(m->tbox_group), "%.*s",
				 (int)vn, v);
		k += kn + 1;
		v += vn + (v[vn] == '/');
		if (v[-1] != '/')
			break;
	}
	/* The pair below the header: the base (a commit or a tag) first. */
	p = strstr(vals, "commit:");
	if (p && m->commit[0])
		lkpmail_base_read(p + 7, m);
}

/* UnixBench's own words: copies, and "hackbench ... -l N". */
static void lkpmail_extras_read(const char *flat, struct lkpmail *m)
{
	const char *p = strstr(flat, "parallel copies of tests");
	const char *s;

	if (p) {
		s = p - 1;
		while (s > flat && isdigit((unsigned char)s[-1]))
			s--;
		m->copies = strtoul(s, NULL, 10);
	}
	p = strstr(flat, " test) ");
	if (!p)
		p = strstr(flat, " tests) ");
	if (p && m->have_change && !m->is_lkp) {
		s = p;
		while (s > flat && isdigit((unsigned char)s[-1]))
			s--;
		if (s > flat && s[-1] == '(')
			m->copies = strtoul(s, NULL, 10);
	}
}

/*
 * The compare table's row of the metric: "149076  -22.9%  114925
 * unixbench.throughput". Its %change is always signed, where the newer
 * mails' text is not.
 */
static void lkpmail_table_row_read(const char *lines, struct lkpmail *m)
{
	const char *p = lines, *e, *w;
	size_t n = strlen(m->metric), len;
	char *end;

	while (n && *p) {
		e = strchr(p, '\n');
		len = e ? (size_t)(e - p) : strlen(p);
		while (len && isspace((unsigned char)p[len - 1]))
			len--;
		if (len > n && !strncmp(p + len - n, m->metric, n) &&
		    p[len - n - 1] == ' ') {
			for (w = p; w < p + len - n; w++) {
				if ((*w != '+' && *w != '-') ||
				    (w > p && w[-1] != ' '))
					continue;
				m->table_pct = strtod(w, &end);
				if (end > w + 1 && *end == '%') {
					m->have_table_pct = 1;
					snprintf(m->table_row,
						 sizeof(m->table_row), "%.*s",
						 (int)len, p);
					return;
				}
			}
		}
		p += len;
		while (*p && *p != '\n')
			p++;
		if (*p)
			p++;
	}
}

/* "The kernel config and materials to reproduce are available at: URL" */
static void lkpmail_config_read(const char *flat, struct lkpmail *m)
{
	const char *p = strcasestr(flat, "to reproduce are available at:");
	char url[200];

	if (!p)
		return;
	lkpmail_word_get(p + 30, url, sizeof(url));
	if (!strncmp(url, "http", 4))
		snprintf(m->config_url, sizeof(m->config_url), "%s", url);
}

int lkpmail_parse(const char *text, struct lkpmail *m, char *why, size_t whylen)
{
	char *copy = strdup(text), *lines = NULL, *flat = NULL, *safe;
	int err = 0;

	memset(m, 0, sizeof(*m));
	if (!copy)
		return -ENOMEM;
	if (strcasestr(copy, "Content-Transfer-Encoding: quoted-printable"))
		lkpmail_qp_decode(copy);
	safe = lkpmail_escape(copy);
	free(copy);
	copy = safe;
	if (!copy)
		return -ENOMEM;
	lines = lkpmail_lines_unquote(copy);
	flat = lkpmail_flatten(copy);
	if (!lines || !flat) {
		err = -ENOMEM;
		goto out;
	}
	lkpmail_headline_read(flat, m);
	if (!m->is_lkp)
		lkpmail_loose_read(flat, m);
	lkpmail_params_read(flat, lines, m);
	lkpmail_machine_read(flat, m);
	lkpmail_table_header_read(lines, m);
	lkpmail_extras_read(flat, m);
	lkpmail_commands_read(flat, m);
	lkpmail_table_row_read(lines, m);
	lkpmail_nodes_read(lines, m);
	lkpmail_config_read(flat, m);
	lkpmail_testcase_read(flat, m);
	lkpmail_host_read(flat, m);
	lkpmail_date_read(flat, m);
	err = lkpmail_lscpu_read(lines, m);
	if (err)
		goto out;
	if (!m->have_change) {
		snprintf(
			why, whylen,
			"no \"we noticed a X%% regression/improvement of METRIC\" nor any \"N%% regression\" in it");
		err = -EINVAL;
	}
out:
	free(copy);
	free(lines);
	free(flat);
	return err;
}

void lkpmail_free(struct lkpmail *m)
{
	free(m->lscpu);
	m->lscpu = NULL;
}

const char *lkpmail_header_get(const struct lkpmail *m, const char *key)
{
	int i;

	for (i = 0; i < m->nheader; i++)
		if (!strcmp(m->header[i].key, key))
			return m->header[i].val;
	return NULL;
}
