/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_JSON_PARSE_H
#define BOOTBENCH_JSON_PARSE_H

#include <stddef.h>

/*
 * A strict JSON (RFC 8259) parser for untrusted input: bounded depth,
 * UTF-8 checked, no trailing garbage. Strings are unescaped and NUL
 * terminated; a string holding \u0000 is refused, so every string can
 * be used as a C string.
 */
enum json_type {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json_value {
	enum json_type type;
	int boolean;
	double number;
	char *string; /* JSON_STRING */
	char *key; /* set when a member of an object */
	struct json_value *child; /* first element or member */
	struct json_value *next;
};

#define JSON_PARSE_DEPTH_MAX 32

int json_parse(const char *s, size_t n, struct json_value **out, char *err,
	       size_t errlen);
void json_value_free(struct json_value *v);
const struct json_value *json_member(const struct json_value *obj,
				     const char *key);
const char *json_type_name(enum json_type t);

#endif
