// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strv.h"

static void strv_take(struct strv *s, char *str)
{
	if (!str) {
		s->err = -ENOMEM;
		return;
	}
	if (s->n + 2 > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		char **v = realloc(s->v, cap * sizeof(*v));

		if (!v) {
			free(str);
			s->err = -ENOMEM;
			return;
		}
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = str;
	s->v[s->n] = NULL;
}

void strv_add(struct strv *s, const char *str)
{
	strv_take(s, strdup(str));
}

void strv_addf(struct strv *s, const char *fmt, ...)
{
	char *str = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&str, fmt, ap) < 0)
		str = NULL;
	va_end(ap);
	strv_take(s, str);
}

void strv_free(struct strv *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

char *strv_join(const struct strv *s)
{
	size_t i, len = 1;
	char *out, *p;

	for (i = 0; i < s->n; i++)
		len += 4 * strlen(s->v[i]) + 3;
	out = p = malloc(len);
	if (!out)
		return NULL;
	for (i = 0; i < s->n; i++) {
		const char *a = s->v[i];
		int plain = *a &&
			    strspn(a, "abcdefghijklmnopqrstuvwxyz"
				      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "0123456789-_=./,:@%+") == strlen(a);

		if (i)
			*p++ = ' ';
		if (plain) {
			p = stpcpy(p, a);
			continue;
		}
		*p++ = '\'';
		for (; *a; a++) {
			if (*a == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *a;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}

int strv_word_in(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}
