/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_STREAM_RECORD_H
#define BOOTBENCH_STREAM_RECORD_H

/*
 * What the takers of the stream's records share (stream.c, and
 * stream-sample.c for the sample record); not for the stream's users,
 * who have stream.h.
 */
#include "stream.h"

/*
 * An invalid record described: the first kept for the verdict, the
 * first STREAM_ERRORS_SHOWN said on stderr, guest text escaped here.
 */
__attribute__((format(printf, 2, 3))) void stream_error(struct stream *s,
							const char *fmt, ...);
/* A member of the wanted type, or NULL after describing what is wrong. */
const struct json_value *stream_field(struct stream *s,
				      const struct json_value *rec,
				      const char *type, const char *key,
				      enum json_type want);
/*
 * A name refused by proto/names.h's rule, said once per record; as it
 * came (stream_error escapes it), its first 60 bytes. -EINVAL.
 */
int stream_name_refuse(struct stream *s, const char *what, const char *name,
		       const char *why);
/* stream-sample.c: a sample record, checked, placed and counted. */
int stream_sample_take(struct stream *s, const struct json_value *rec);

#endif
