// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: the JSON parser, and the writer on what it parsed. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "proto/json_parse.h"
#include "proto/json.h"

static void rewrite(const struct json_value *v, struct json_buf *j)
{
	const struct json_value *c;

	switch (v->type) {
	case JSON_OBJECT:
	case JSON_ARRAY:
		if (v->type == JSON_OBJECT)
			json_object_open(j);
		else
			json_array_open(j);
		for (c = v->child; c; c = c->next) {
			if (v->type == JSON_OBJECT)
				json_key_write(j, c->key);
			rewrite(c, j);
		}
		if (v->type == JSON_OBJECT)
			json_object_close(j);
		else
			json_array_close(j);
		break;
	case JSON_STRING:
		json_string_write(j, v->string);
		break;
	case JSON_NUMBER:
		json_number_write(j, v->number);
		break;
	case JSON_BOOL:
		json_bool_write(j, v->boolean);
		break;
	default:
		json_null_write(j);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_value *v = NULL, *w = NULL;
	struct json_buf j;
	char err[128];

	if (json_parse((const char *)data, size, &v, err, sizeof(err)))
		return 0;
	/* What we write must parse again: the writer and parser agree. */
	json_buf_init(&j);
	rewrite(v, &j);
	if (!j.err && json_parse(j.buf, j.len, &w, err, sizeof(err)))
		__builtin_trap();
	json_value_free(w);
	json_buf_free(&j);
	json_value_free(v);
	return 0;
}
