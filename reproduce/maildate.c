// SPDX-License-Identifier: GPL-2.0
/*
 * The date of a 0-day/LKP report, for what depends on when LKP ran it
 * (UnixBench's syscall before 2023-01-19: reproduce/reproduce.c). The
 * robot's own date first, then the dates that come after or before it:
 *
 *  - the line a reply quotes it under: "On Thu, Jun 27, 2024 at ...,
 *    kernel test robot wrote:", "On 2021/4/20 14:10, kernel test robot
 *    wrote:", "在 2020/7/8 15:23, kernel test robot 写道:" (or the
 *    robot's own Date: before its From:);
 *  - the mail's "Date:" header (the robot's, or a reply's: days later);
 *  - Outlook's "Sent:" line;
 *  - mutt's Message-ID, <YYYYMMDDhhmmss.xxx@host>;
 *  - the 0-day branch in "url:", .../YYYYMMDD-hhmmss: the day the robot
 *    took the patch, days before it reported.
 *
 * Works on the flat text (reproduce/lkpmail.c), so quoted and flattened
 * mails read alike.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lkpmail.h"
#include "mailread.h"
#include "shared/util.h"

static const char *const maildate_months[] = { "jan", "feb", "mar", "apr",
					       "may", "jun", "jul", "aug",
					       "sep", "oct", "nov", "dec" };

/* 1-12 for an English month's name or its first three letters, else 0. */
static unsigned int maildate_month(const char *word)
{
	unsigned int i;

	for (i = 0; i < 12; i++)
		if (!strncasecmp(word, maildate_months[i], 3))
			return i + 1;
	return 0;
}

static unsigned int maildate_ymd(unsigned int y, unsigned int m, unsigned int d)
{
	if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1 || d > 31)
		return 0;
	return y * 10000 + m * 100 + d;
}

/* The first date at or after @p in its next @len bytes, or 0. */
static unsigned int maildate_scan(const char *p, size_t len)
{
	unsigned int y, m, d, ymd;
	char sep1, sep2, mon[16];
	const char *s, *end = p + len;

	for (s = p; s < end && *s; s++) {
		if (s > p && isalnum((unsigned char)s[-1]))
			continue;
		ymd = 0;
		if (sscanf(s, "%4u%c%2u%c%2u", &y, &sep1, &m, &sep2, &d) == 5 &&
		    (sep1 == '/' || sep1 == '-') && sep2 == sep1)
			ymd = maildate_ymd(y, m, d);
		else if (sscanf(s, "%2u %15[A-Za-z] %4u", &d, mon, &y) == 3)
			ymd = maildate_ymd(y, maildate_month(mon), d);
		else if (sscanf(s, "%15[A-Za-z] %2u, %4u", mon, &d, &y) == 3)
			ymd = maildate_ymd(y, maildate_month(mon), d);
		if (ymd)
			return ymd;
	}
	return 0;
}

/* YYYYMMDD at @p (a Message-ID's or a 0-day branch's stamp), or 0. */
static unsigned int maildate_stamp(const char *p)
{
	unsigned int y, m, d;

	if (sscanf(p, "%4u%2u%2u", &y, &m, &d) != 3)
		return 0;
	return maildate_ymd(y, m, d);
}

/*
 * The robot's date in the line a reply quotes it under, or 0: a date
 * in the 80 bytes before "kernel test robot" (the words after it are
 * the client's: "wrote", "写道", escaped by the reader).
 */
static unsigned int maildate_attribution(const char *flat)
{
	static const char said[] = "kernel test robot";
	unsigned int ymd;
	const char *p;

	for (p = strstr(flat, said); p; p = strstr(p + 1, said)) {
		const char *from = p - flat > 80 ? p - 80 : flat;

		ymd = maildate_scan(from, p - from);
		if (ymd)
			return ymd;
	}
	return 0;
}

/* The date after the first @key ("Date: ") that starts a word, or 0. */
static unsigned int maildate_after(const char *flat, const char *key)
{
	const char *p;

	for (p = strstr(flat, key); p; p = strstr(p + 1, key))
		if (p == flat || p[-1] == ' ' || p[-1] == '\n')
			return maildate_scan(p + strlen(key), 48);
	return 0;
}

/* The stamp just after @key ("/", "Message-ID: <") in the word of @word. */
static unsigned int maildate_stamp_after(const char *flat, const char *word,
					 const char *key)
{
	const char *p = strstr(flat, word), *q;
	size_t n;

	if (!p)
		return 0;
	p += strlen(word);
	n = strcspn(p, " \n");
	/* The last @key of the word: the url's branch stamp is its tail. */
	for (q = p + n; q > p; q--)
		if (!strncmp(q - strlen(key), key, strlen(key)) &&
		    q - strlen(key) >= p)
			return maildate_stamp(q);
	return 0;
}

void lkpmail_date_read(const char *flat, struct lkpmail *m)
{
	static const struct {
		const char *word, *key, *src;
	} stamps[] = {
		{ "Message-ID: ", "<", "the Message-ID" },
		{ "url: ", "/", "the 0-day branch of its url:" },
	};
	unsigned int i;

	m->date = maildate_attribution(flat);
	snprintf(m->date_src, sizeof(m->date_src), "the robot's mail");
	if (!m->date) {
		m->date = maildate_after(flat, "Date: ");
		snprintf(m->date_src, sizeof(m->date_src), "its Date:");
	}
	if (!m->date) {
		m->date = maildate_after(flat, "Sent: ");
		snprintf(m->date_src, sizeof(m->date_src), "its Sent:");
	}
	for (i = 0; !m->date && i < ARRAY_SIZE(stamps); i++) {
		m->date = maildate_stamp_after(flat, stamps[i].word,
					       stamps[i].key);
		snprintf(m->date_src, sizeof(m->date_src), "%s", stamps[i].src);
	}
	if (!m->date)
		m->date_src[0] = '\0';
}
