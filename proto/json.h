/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_JSON_H
#define BOOTBENCH_JSON_H

#include <stddef.h>
#include <stdint.h>

/*
 * A JSON writer into a growing buffer, shared by the guest's init and
 * the host tools. Errors (out of memory, too deep) are sticky in ->err
 * and checked once at the end, so callers can chain writes.
 */
#define JSON_DEPTH_MAX 16

struct json_buf {
	char *buf;
	size_t len, cap;
	int err;
	int depth;
	unsigned char first[JSON_DEPTH_MAX];
	unsigned char after_key;
};

/* Length of the valid UTF-8 sequence at @s (at most @n bytes), or 0. */
size_t json_utf8_len(const unsigned char *s, size_t n);

void json_buf_init(struct json_buf *j);
void json_buf_free(struct json_buf *j);
void json_buf_reset(struct json_buf *j);
void json_object_open(struct json_buf *j);
void json_object_close(struct json_buf *j);
void json_array_open(struct json_buf *j);
void json_array_close(struct json_buf *j);
void json_key_write(struct json_buf *j, const char *key);
void json_member_string(struct json_buf *j, const char *key, const char *v);
void json_member_bool(struct json_buf *j, const char *key, int v);
void json_member_int(struct json_buf *j, const char *key, int64_t v);
void json_member_number(struct json_buf *j, const char *key, double v);
void json_member_null(struct json_buf *j, const char *key);
void json_member_array_open(struct json_buf *j, const char *key);
void json_member_object_open(struct json_buf *j, const char *key);
void json_string_write(struct json_buf *j, const char *s);
void json_string_n_write(struct json_buf *j, const char *s, size_t n);
void json_number_write(struct json_buf *j, double v);
void json_int_write(struct json_buf *j, int64_t v);
void json_bool_write(struct json_buf *j, int v);
void json_null_write(struct json_buf *j);
/* Appends bytes as they are, with no separator: a line end, say. */
void json_raw_write(struct json_buf *j, const char *s, size_t n);

#endif
