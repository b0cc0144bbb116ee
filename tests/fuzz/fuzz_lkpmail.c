// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: report mails, quoted, flattened or quoted-printable. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reproduce/lkpmail.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), why[256];
	struct lkpmail m;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!lkpmail_parse(s, &m, why, sizeof(why)))
		lkpmail_param_get(&m, "test");
	lkpmail_free(&m);
	free(s);
	return 0;
}
