// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "names.h"

const char *names_check(const char *s)
{
	const unsigned char *p;

	if (!*s)
		return "it is empty";
	if (strlen(s) > NAMES_MAX)
		return "it is longer than 200 bytes";
	if (*s == '.')
		return "it starts with '.'";
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '/')
			return "it holds a '/'";
		if (*p < 0x20 || *p >= 0x7f)
			return "it holds a byte outside printable ASCII";
	}
	return NULL;
}

const char *names_metric_check(const char *s)
{
	const char *p;

	if (!*s)
		return "it is empty";
	if (strlen(s) > NAMES_METRIC_MAX)
		return "it is longer than 200 bytes";
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("._:/%-", *p)))
			return "it holds a byte outside [A-Za-z0-9._:/%-]";
	return NULL;
}

void names_escape(const char *s, char *out, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	if (!size)
		return;
	for (; *p && n + 1 < size; p++) {
		if (*p >= 0x20 && *p < 0x7f && *p != '\\') {
			out[n++] = *p;
		} else if (n + 4 < size) {
			snprintf(out + n, 5, "\\x%02x", *p);
			n += 4;
		} else {
			break;
		}
	}
	out[n] = '\0';
}
