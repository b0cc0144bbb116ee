// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tests.h"
#include "shared/util.h"

static const struct test_desc test_table[] = {
#define BENCH(name, suite, headline, params, det_floor, unit, hints, native) \
	{ #name, suite, headline, params, det_floor, unit, hints, native },
#define TEST(name, headline, params, det_floor) \
	BENCH(name, "", headline, params, det_floor, NULL, "", "")
#include "shared/descs.h"
#undef TEST
#undef BENCH
};

#define TESTS_N (ARRAY_SIZE(test_table))

const struct test_desc *test_find_n(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < TESTS_N; i++)
		if (strlen(test_table[i].name) == len &&
		    !strncmp(test_table[i].name, name, len))
			return &test_table[i];
	return NULL;
}

const struct test_desc *test_find(const char *name)
{
	return test_find_n(name, strlen(name));
}

int test_headline_format(const struct test_desc *t,
			 const char *(*lookup)(const char *key,
					       const void *ctx),
			 const void *ctx, char *buf, size_t size)
{
	const char *open = strchr(t->headline, '{');
	const char *colon, *close, *val = NULL;
	char key[64];
	int n;

	if (!open) {
		n = snprintf(buf, size, "%s", t->headline);
		return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
	}
	colon = strchr(open, ':');
	close = strchr(open, '}');
	if (!colon || !close || colon > close ||
	    (size_t)(colon - open - 1) >= sizeof(key))
		return -EINVAL;
	snprintf(key, sizeof(key), "%.*s", (int)(colon - open - 1), open + 1);
	if (lookup)
		val = lookup(key, ctx);
	/* A comma list (STRESSOR=msg,switch): its first names the headline. */
	if (val && *val)
		n = snprintf(buf, size, "%.*s%.*s%s", (int)(open - t->headline),
			     t->headline, (int)strcspn(val, ","), val,
			     close + 1);
	else
		n = snprintf(buf, size, "%.*s%.*s%s", (int)(open - t->headline),
			     t->headline, (int)(close - colon - 1), colon + 1,
			     close + 1);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int test_headline_match(const struct test_desc *t, const char *name)
{
	const char *open = strchr(t->headline, '{');
	const char *close = open ? strchr(open, '}') : NULL;
	size_t pre, post, len = strlen(name);

	if (!close)
		return !strcmp(t->headline, name);
	pre = open - t->headline;
	post = strlen(close + 1);
	return len > pre + post && !strncmp(name, t->headline, pre) &&
	       !strcmp(name + len - post, close + 1) &&
	       !memchr(name + pre, '.', len - pre - post);
}

void test_names(char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < TESTS_N; i++)
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				i ? ", " : "", test_table[i].name);
}

void tests_print(void)
{
	size_t i;

	for (i = 0; i < TESTS_N; i++)
		printf("%-28s %-44s %s\n", test_table[i].name,
		       test_table[i].headline, test_table[i].params);
}

int test_suite_list(const char *suite, const char *sep, char *buf, size_t size)
{
	size_t i, len = 0;
	int n = 0;

	buf[0] = '\0';
	for (i = 0; *suite && i < TESTS_N; i++)
		if (!strcmp(test_table[i].suite, suite))
			len += snprintf(buf + len, len < size ? size - len : 0,
					"%s%s", n++ ? sep : "",
					test_table[i].name);
	return len < size ? n : -ENAMETOOLONG;
}

/* Where the first of @t's hint words stands in @text, or NULL. */
static const char *test_hint_at(const struct test_desc *t, const char *text)
{
	const char *w = t->hints, *at = NULL;

	while (*w) {
		size_t n = strcspn(w, " ");
		char word[64];
		const char *p;

		snprintf(word, sizeof(word), "%.*s", (int)n, w);
		p = n ? strstr(text, word) : NULL;
		if (p && (!at || p < at))
			at = p;
		w += n + (w[n] == ' ');
	}
	return at;
}

const struct test_desc *test_hint_find(const char *text)
{
	const struct test_desc *best = NULL;
	const char *at = NULL;
	size_t i;

	for (i = 0; i < TESTS_N; i++) {
		const char *p = test_hint_at(&test_table[i], text);

		if (p && (!at || p < at)) {
			at = p;
			best = &test_table[i];
		}
	}
	return best;
}
