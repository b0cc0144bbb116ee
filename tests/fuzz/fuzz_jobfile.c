// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: job files, their lists and every combination they expand to. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "boot/jobfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), err[512], buf[512], scaled[64];
	struct jobfile jf;
	size_t i, k, n;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!jobfile_parse("fuzz.job", s, size, &jf, err, sizeof(err))) {
		n = jobfile_combinations_count(&jf);
		for (i = 0; i < n && i < 64; i++) {
			jobfile_combination_describe(&jf, i, buf, sizeof(buf));
			for (k = 0; k < jf.nkeys; k++)
				jobfile_quick_scale(
					jf.keys[k].key,
					jobfile_value_get(&jf, jf.keys[k].key,
							  i),
					scaled, sizeof(scaled));
		}
	}
	jobfile_free(&jf);
	free(s);
	return 0;
}
