/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_STRV_H
#define BOOTBENCH_STRV_H

#include <stddef.h>

/* A NULL-terminated vector of owned strings, for argv building. */
struct strv {
	char **v;
	size_t n, cap;
	int err;
};

void strv_add(struct strv *s, const char *str);
void strv_addf(struct strv *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strv_free(struct strv *s);
/* The vector as one shell-quoted line, for logs and job.json. */
char *strv_join(const struct strv *s);
/* Whether @word is one of the space separated words of @list. */
int strv_word_in(const char *list, const char *word);

#endif
