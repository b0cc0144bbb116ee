// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/json.h"
#include "json_parse.h"

struct json_parser {
	const char *s;
	size_t n, pos;
	char *err;
	size_t errlen;
};

static __attribute__((format(printf, 2, 3))) int
json_fail(struct json_parser *p, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (p->errlen) {
		n = snprintf(p->err, p->errlen, "at byte %zu: ", p->pos);
		if (n < 0 || (size_t)n >= p->errlen)
			return -EINVAL;
		va_start(ap, fmt);
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static void json_ws_skip(struct json_parser *p)
{
	while (p->pos < p->n && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
				 p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

static int json_hex4(struct json_parser *p, uint32_t *out)
{
	uint32_t v = 0;
	int i;

	if (p->n - p->pos < 4)
		return json_fail(p, "short \\u escape");
	for (i = 0; i < 4; i++) {
		char c = p->s[p->pos++];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return json_fail(p, "bad \\u escape");
	}
	*out = v;
	return 0;
}

static size_t json_utf8_put(char *d, uint32_t cp)
{
	if (cp < 0x80) {
		d[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = 0xc0 | cp >> 6;
		d[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = 0xe0 | cp >> 12;
		d[1] = 0x80 | ((cp >> 6) & 0x3f);
		d[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	d[0] = 0xf0 | cp >> 18;
	d[1] = 0x80 | ((cp >> 12) & 0x3f);
	d[2] = 0x80 | ((cp >> 6) & 0x3f);
	d[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* \uXXXX, and its low surrogate when it is a high one: the code point. */
static int json_unicode_parse(struct json_parser *p, uint32_t *cp)
{
	uint32_t lo;
	int err;

	err = json_hex4(p, cp);
	if (err)
		return err;
	if (*cp >= 0xdc00 && *cp <= 0xdfff)
		return json_fail(p, "lone surrogate");
	if (*cp == 0)
		return json_fail(p, "\\u0000 in string");
	if (*cp < 0xd800 || *cp > 0xdbff)
		return 0;
	if (p->n - p->pos < 6 || p->s[p->pos] != '\\' ||
	    p->s[p->pos + 1] != 'u')
		return json_fail(p, "lone surrogate");
	p->pos += 2;
	err = json_hex4(p, &lo);
	if (err)
		return err;
	if (lo < 0xdc00 || lo > 0xdfff)
		return json_fail(p, "bad surrogate pair");
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
	return 0;
}

/* One escape after its backslash, written at d; its length in *len. */
static int json_escape_parse(struct json_parser *p, char *d, size_t *len)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	char c = p->s[p->pos++];
	const char *e = c ? strchr(from, c) : NULL;
	uint32_t cp;
	int err;

	if (e) {
		*d = to[e - from];
		*len = 1;
		return 0;
	}
	if (c != 'u') {
		p->pos--;
		return json_fail(p, "bad escape");
	}
	err = json_unicode_parse(p, &cp);
	if (err)
		return err;
	*len = json_utf8_put(d, cp);
	return 0;
}

static int json_string_parse(struct json_parser *p, char **out)
{
	size_t start = ++p->pos, cap, len = 0, ulen = 0;
	char *d;
	int err = 0;

	/* The unescaped string is never longer than its source. */
	cap = 1;
	while (p->pos < p->n && p->s[p->pos] != '"') {
		p->pos += p->s[p->pos] == '\\' ? 2 : 1;
		cap += 2;
	}
	if (p->pos >= p->n)
		return json_fail(p, "unterminated string");
	cap += p->pos - start;
	p->pos = start;
	d = malloc(cap);
	if (!d)
		return -ENOMEM;
	while (p->s[p->pos] != '"') {
		unsigned char c = p->s[p->pos];

		if (c < 0x20) {
			err = json_fail(p, "control character in string");
			goto fail;
		}
		if (c == '\\') {
			p->pos++;
			err = json_escape_parse(p, d + len, &ulen);
			if (err)
				goto fail;
			len += ulen;
			continue;
		}
		ulen = json_utf8_len((const unsigned char *)p->s + p->pos,
				     p->n - p->pos);
		if (!ulen) {
			err = json_fail(p, "invalid UTF-8");
			goto fail;
		}
		memcpy(d + len, p->s + p->pos, ulen);
		len += ulen;
		p->pos += ulen;
	}
	p->pos++;
	d[len] = '\0';
	*out = d;
	return 0;
fail:
	free(d);
	return err;
}

static int json_number_parse(struct json_parser *p, double *out)
{
	size_t start = p->pos;
	char buf[64];

	if (p->pos < p->n && p->s[p->pos] == '-')
		p->pos++;
	if (p->pos < p->n && p->s[p->pos] == '0') {
		p->pos++;
	} else if (p->pos < p->n && p->s[p->pos] >= '1' &&
		   p->s[p->pos] <= '9') {
		while (p->pos < p->n && p->s[p->pos] >= '0' &&
		       p->s[p->pos] <= '9')
			p->pos++;
	} else {
		return json_fail(p, "bad number");
	}
	if (p->pos < p->n && p->s[p->pos] == '.') {
		p->pos++;
		if (p->pos >= p->n || p->s[p->pos] < '0' || p->s[p->pos] > '9')
			return json_fail(p, "bad number");
		while (p->pos < p->n && p->s[p->pos] >= '0' &&
		       p->s[p->pos] <= '9')
			p->pos++;
	}
	if (p->pos < p->n && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
		p->pos++;
		if (p->pos < p->n &&
		    (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
			p->pos++;
		if (p->pos >= p->n || p->s[p->pos] < '0' || p->s[p->pos] > '9')
			return json_fail(p, "bad number");
		while (p->pos < p->n && p->s[p->pos] >= '0' &&
		       p->s[p->pos] <= '9')
			p->pos++;
	}
	if (p->pos - start >= sizeof(buf))
		return json_fail(p, "number too long");
	memcpy(buf, p->s + start, p->pos - start);
	buf[p->pos - start] = '\0';
	*out = strtod(buf, NULL);
	if (!isfinite(*out))
		return json_fail(p, "number out of range");
	return 0;
}

static int json_literal(struct json_parser *p, const char *lit)
{
	size_t n = strlen(lit);

	if (p->n - p->pos < n || memcmp(p->s + p->pos, lit, n))
		return json_fail(p, "unexpected character");
	p->pos += n;
	return 0;
}

static int json_value_parse(struct json_parser *p, struct json_value **out,
			    int depth);

static int json_container_parse(struct json_parser *p, struct json_value *v,
				int depth)
{
	char close = v->type == JSON_OBJECT ? '}' : ']';
	struct json_value **tail = &v->child;
	int err;

	if (depth >= JSON_PARSE_DEPTH_MAX)
		return json_fail(p, "nested deeper than %d",
				 JSON_PARSE_DEPTH_MAX);
	p->pos++;
	json_ws_skip(p);
	if (p->pos < p->n && p->s[p->pos] == close) {
		p->pos++;
		return 0;
	}
	for (;;) {
		char *key = NULL;

		json_ws_skip(p);
		if (v->type == JSON_OBJECT) {
			if (p->pos >= p->n || p->s[p->pos] != '"')
				return json_fail(p, "expected a member name");
			err = json_string_parse(p, &key);
			if (err)
				return err;
			json_ws_skip(p);
			if (p->pos >= p->n || p->s[p->pos] != ':') {
				free(key);
				return json_fail(p, "expected ':'");
			}
			p->pos++;
		}
		err = json_value_parse(p, tail, depth + 1);
		if (err) {
			free(key);
			return err;
		}
		(*tail)->key = key;
		tail = &(*tail)->next;
		json_ws_skip(p);
		if (p->pos < p->n && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->n && p->s[p->pos] == close) {
			p->pos++;
			return 0;
		}
		return json_fail(p, "expected ',' or '%c'", close);
	}
}

static int json_value_parse(struct json_parser *p, struct json_value **out,
			    int depth)
{
	struct json_value *v;
	int err;

	json_ws_skip(p);
	if (p->pos >= p->n)
		return json_fail(p, "unexpected end");
	v = calloc(1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	*out = v;
	switch (p->s[p->pos]) {
	case '{':
		v->type = JSON_OBJECT;
		return json_container_parse(p, v, depth);
	case '[':
		v->type = JSON_ARRAY;
		return json_container_parse(p, v, depth);
	case '"':
		v->type = JSON_STRING;
		return json_string_parse(p, &v->string);
	case 't':
		v->type = JSON_BOOL;
		v->boolean = 1;
		return json_literal(p, "true");
	case 'f':
		v->type = JSON_BOOL;
		return json_literal(p, "false");
	case 'n':
		v->type = JSON_NULL;
		return json_literal(p, "null");
	default:
		v->type = JSON_NUMBER;
		err = json_number_parse(p, &v->number);
		return err;
	}
}

int json_parse(const char *s, size_t n, struct json_value **out, char *err,
	       size_t errlen)
{
	struct json_parser p = { s, n, 0, err, errlen };
	struct json_value *v = NULL;
	int ret;

	if (errlen)
		err[0] = '\0';
	ret = json_value_parse(&p, &v, 0);
	if (!ret) {
		json_ws_skip(&p);
		if (p.pos != p.n)
			ret = json_fail(&p, "trailing characters");
	}
	if (ret) {
		json_value_free(v);
		return ret;
	}
	*out = v;
	return 0;
}

void json_value_free(struct json_value *v)
{
	while (v) {
		struct json_value *next = v->next;

		json_value_free(v->child);
		free(v->string);
		free(v->key);
		free(v);
		v = next;
	}
}

const struct json_value *json_member(const struct json_value *obj,
				     const char *key)
{
	const struct json_value *m;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (m = obj->child; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = { "null",   "boolean", "number",
					     "string", "array",	  "object" };

	return names[t];
}
