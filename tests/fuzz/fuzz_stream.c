// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: the results stream parser, fed in pieces as a socket would. */
#include <stddef.h>
#include <stdint.h>

#include "boot/stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stream s;
	size_t off = 0, chunk;

	stream_init(&s, NULL, NULL);
	/* The first byte picks the chunk size, so splits get explored too. */
	chunk = size ? (data[0] % 64) + 1 : 1;
	while (off < size) {
		size_t n = size - off < chunk ? size - off : chunk;

		if (stream_feed(&s, (const char *)data + off, n))
			break;
		off += n;
	}
	stream_finish(&s);
	stream_free(&s);
	return 0;
}
