// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

void json_buf_init(struct json_buf *j)
{
	memset(j, 0, sizeof(*j));
	j->first[0] = 1;
}

void json_buf_free(struct json_buf *j)
{
	free(j->buf);
	json_buf_init(j);
}

void json_buf_reset(struct json_buf *j)
{
	char *buf = j->buf;
	size_t cap = j->cap;

	json_buf_init(j);
	j->buf = buf;
	j->cap = cap;
	if (buf)
		buf[0] = '\0';
}

static void json_append(struct json_buf *j, const char *s, size_t n)
{
	if (j->err)
		return;
	if (j->len + n + 1 > j->cap) {
		size_t cap = j->cap ? j->cap : 256;
		char *p;

		while (cap < j->len + n + 1)
			cap *= 2;
		p = realloc(j->buf, cap);
		if (!p) {
			j->err = -ENOMEM;
			return;
		}
		j->buf = p;
		j->cap = cap;
	}
	memcpy(j->buf + j->len, s, n);
	j->len += n;
	j->buf[j->len] = '\0';
}

/* Emit the separator a value needs in its container. */
static void json_value_begin(struct json_buf *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (!j->first[j->depth])
		json_append(j, ",", 1);
	j->first[j->depth] = 0;
}

static void json_container_open(struct json_buf *j, char c)
{
	json_value_begin(j);
	json_append(j, &c, 1);
	if (j->depth + 1 >= JSON_DEPTH_MAX) {
		j->err = -E2BIG;
		return;
	}
	j->first[++j->depth] = 1;
}

static void json_container_close(struct json_buf *j, char c)
{
	if (j->depth == 0) {
		j->err = -EINVAL;
		return;
	}
	j->depth--;
	json_append(j, &c, 1);
}

void json_object_open(struct json_buf *j)
{
	json_container_open(j, '{');
}

void json_object_close(struct json_buf *j)
{
	json_container_close(j, '}');
}

void json_array_open(struct json_buf *j)
{
	json_container_open(j, '[');
}

void json_array_close(struct json_buf *j)
{
	json_container_close(j, ']');
}

/*
 * Escape what JSON requires and replace bytes that are not valid UTF-8
 * with U+FFFD, so that whatever a benchmark or the kernel printed
 * becomes a valid string.
 */
size_t json_utf8_len(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void json_string_n_write(struct json_buf *j, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	char esc[8];

	json_value_begin(j);
	json_append(j, "\"", 1);
	while (i < n) {
		size_t start = i, len;

		while (i < n && s[i] >= 0x20 && s[i] < 0x80 && s[i] != '"' &&
		       s[i] != '\\')
			i++;
		json_append(j, str + start, i - start);
		if (i == n)
			break;
		if (s[i] == '"' || s[i] == '\\') {
			esc[0] = '\\';
			esc[1] = s[i];
			json_append(j, esc, 2);
			i++;
		} else if (s[i] == '\n') {
			json_append(j, "\\n", 2);
			i++;
		} else if (s[i] == '\t') {
			json_append(j, "\\t", 2);
			i++;
		} else if (s[i] < 0x20) {
			snprintf(esc, sizeof(esc), "\\u%04x", s[i]);
			json_append(j, esc, 6);
			i++;
		} else if ((len = json_utf8_len(s + i, n - i))) {
			json_append(j, str + i, len);
			i += len;
		} else {
			json_append(j, "\\ufffd", 6);
			i++;
		}
	}
	json_append(j, "\"", 1);
}

void json_string_write(struct json_buf *j, const char *s)
{
	json_string_n_write(j, s, strlen(s));
}

void json_key_write(struct json_buf *j, const char *key)
{
	json_string_write(j, key);
	json_append(j, ":", 1);
	j->after_key = 1;
}

/* A member: its key and a value, the pair every writer spells out. */
void json_member_string(struct json_buf *j, const char *key, const char *v)
{
	json_key_write(j, key);
	json_string_write(j, v);
}

void json_member_bool(struct json_buf *j, const char *key, int v)
{
	json_key_write(j, key);
	json_bool_write(j, v);
}

void json_member_int(struct json_buf *j, const char *key, int64_t v)
{
	json_key_write(j, key);
	json_int_write(j, v);
}

/* A number, or null where it is not finite (json_number_write's rule). */
void json_member_number(struct json_buf *j, const char *key, double v)
{
	json_key_write(j, key);
	json_number_write(j, v);
}

void json_member_null(struct json_buf *j, const char *key)
{
	json_key_write(j, key);
	json_null_write(j);
}

/* A member whose value is an array or object the caller fills and closes. */
void json_member_array_open(struct json_buf *j, const char *key)
{
	json_key_write(j, key);
	json_array_open(j);
}

void json_member_object_open(struct json_buf *j, const char *key)
{
	json_key_write(j, key);
	json_object_open(j);
}

void json_number_write(struct json_buf *j, double v)
{
	char num[32];
	int n;

	if (!isfinite(v)) {
		json_null_write(j);
		return;
	}
	json_value_begin(j);
	/* The shortest of %.15g and %.17g that reads back exactly. */
	n = snprintf(num, sizeof(num), "%.15g", v);
	if (strtod(num, NULL) != v)
		n = snprintf(num, sizeof(num), "%.17g", v);
	json_append(j, num, n);
}

void json_int_write(struct json_buf *j, int64_t v)
{
	char num[24];
	int n;

	json_value_begin(j);
	n = snprintf(num, sizeof(num), "%" PRId64, v);
	json_append(j, num, n);
}

void json_bool_write(struct json_buf *j, int v)
{
	json_value_begin(j);
	json_append(j, v ? "true" : "false", v ? 4 : 5);
}

void json_null_write(struct json_buf *j)
{
	json_value_begin(j);
	json_append(j, "null", 4);
}

void json_raw_write(struct json_buf *j, const char *s, size_t n)
{
	json_append(j, s, n);
}
