// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: job parameters as they arrive: the guest's reading of the
 * kernel command line, the shared parameter checks, and the bzImage
 * header reader on arbitrary bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/params.h"
#include "boot/bzimage.h"
#include "init/init.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), rel[64];
	struct job job;
	int i;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!job_parse(&job, s)) {
		for (i = 0; i < job.nargs; i++) {
			char *key = job.args[i] + 2, *eq = strchr(key, '=');
			const struct param_spec *p;

			*eq = '\0';
			p = param_spec_find(key);
			if (p)
				param_value_check(p, eq + 1);
		}
	}
	job_free(&job);
	bzimage_release_parse(data, size, rel, sizeof(rel));
	free(s);
	return 0;
}
