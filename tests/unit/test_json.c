// SPDX-License-Identifier: GPL-2.0
/* The JSON writer (guest and host) against the strict parser (host). */
#include <math.h>
#include <string.h>

#include "proto/json_parse.h"
#include "proto/json.h"
#include "check.h"

static int parses(const char *s)
{
	struct json_value *v = NULL;
	char err[128];
	int ret = json_parse(s, strlen(s), &v, err, sizeof(err));

	json_value_free(v);
	return ret == 0;
}

/* Write one string value, parse it back, compare with @want. */
static int string_round_trip(const char *in, size_t n, const char *want)
{
	struct json_value *v = NULL;
	struct json_buf j;
	char err[128];
	int ok;

	json_buf_init(&j);
	json_string_n_write(&j, in, n);
	ok = !j.err && !json_parse(j.buf, j.len, &v, err, sizeof(err)) &&
	     v->type == JSON_STRING && !strcmp(v->string, want);
	json_value_free(v);
	json_buf_free(&j);
	return ok;
}

int main(void)
{
	struct json_value *v = NULL;
	struct json_buf j;
	char err[128];

	json_buf_init(&j);
	json_object_open(&j);
	json_key_write(&j, "a");
	json_int_write(&j, 1);
	json_key_write(&j, "b");
	json_array_open(&j);
	json_number_write(&j, 0.5);
	json_bool_write(&j, 1);
	json_null_write(&j);
	json_number_write(&j, NAN);
	json_array_close(&j);
	json_object_close(&j);
	CHECK("json: writer separates members and elements",
	      !strcmp(j.buf, "{\"a\":1,\"b\":[0.5,true,null,null]}"));
	json_buf_free(&j);

	json_buf_init(&j);
	json_object_open(&j);
	json_member_string(&j, "s", "x");
	json_member_int(&j, "i", -2);
	json_member_number(&j, "n", INFINITY);
	json_member_bool(&j, "b", 0);
	json_member_null(&j, "z");
	json_member_array_open(&j, "a");
	json_array_close(&j);
	json_member_object_open(&j, "o");
	json_object_close(&j);
	json_object_close(&j);
	CHECK("json: members write the key then the value, as the pairs did",
	      !strcmp(j.buf, "{\"s\":\"x\",\"i\":-2,\"n\":null,\"b\":false,"
			     "\"z\":null,\"a\":[],\"o\":{}}"));
	json_buf_free(&j);

	json_buf_init(&j);
	json_number_write(&j, 0.1);
	CHECK("json: 0.1 is written short, not as 0.10000000000000001",
	      !strcmp(j.buf, "0.1"));
	json_buf_free(&j);

	CHECK("json: quotes and backslashes escaped",
	      string_round_trip("a\"b\\c", 5, "a\"b\\c"));
	CHECK("json: control characters escaped",
	      string_round_trip("x\n\t\x01y", 5, "x\n\t\x01y"));
	CHECK("json: valid UTF-8 kept",
	      string_round_trip("\xc3\xa9t\xc3\xa9", 5, "\xc3\xa9t\xc3\xa9"));
	CHECK("json: invalid UTF-8 becomes U+FFFD",
	      string_round_trip("a\xff"
				"b",
				3,
				"a\xef\xbf\xbd"
				"b"));
	CHECK("json: overlong UTF-8 refused",
	      string_round_trip("\xc0\xaf", 2, "\xef\xbf\xbd\xef\xbf\xbd"));
	CHECK("json: UTF-16 surrogate bytes refused",
	      string_round_trip("\xed\xa0\x80", 3,
				"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"));

	json_buf_init(&j);
	for (int i = 0; i < JSON_DEPTH_MAX + 1; i++)
		json_array_open(&j);
	CHECK("json: writer refuses to nest too deep", j.err != 0);
	json_buf_free(&j);

	CHECK("parse: a record",
	      parses("{\"type\":\"hello\",\"v\":1,\"x\":[1,2.5e3,-0.0]}"));
	CHECK("parse: surrogate pair", parses("\"\\ud83d\\ude00\""));
	CHECK("parse: trailing garbage refused", !parses("{} x"));
	CHECK("parse: truncated object refused", !parses("{\"a\":1"));
	CHECK("parse: lone surrogate refused", !parses("\"\\ud800\""));
	CHECK("parse: \\u0000 refused", !parses("\"a\\u0000b\""));
	CHECK("parse: raw control character refused", !parses("\"a\x01\""));
	CHECK("parse: invalid UTF-8 refused", !parses("\"\xff\""));
	CHECK("parse: leading zero refused", !parses("01"));
	CHECK("parse: bare minus refused", !parses("-"));
	CHECK("parse: number overflow refused", !parses("1e999"));
	CHECK("parse: single quotes refused", !parses("{'a':1}"));
	CHECK("parse: trailing comma refused", !parses("[1,]"));
	CHECK("parse: empty input refused", !parses(""));
	{
		char deep[JSON_PARSE_DEPTH_MAX * 2 + 4];
		int i, n = JSON_PARSE_DEPTH_MAX + 1;

		for (i = 0; i < n; i++) {
			deep[i] = '[';
			deep[n + i] = ']';
		}
		deep[2 * n] = '\0';
		CHECK("parse: nesting beyond the limit refused", !parses(deep));
	}
	CHECK("parse: member lookup",
	      !json_parse("{\"k\":\"v\",\"n\":3}", 15, &v, err, sizeof(err)) &&
		      json_member(v, "n") && json_member(v, "n")->number == 3 &&
		      !json_member(v, "x"));
	json_value_free(v);
	return CHECK_DONE();
}
