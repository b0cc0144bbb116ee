// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: the lscpu and machine profile readers, and CPU lists. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "boot/topology.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char bits[TOPO_CPUS_MAX];
	char *s = malloc(size + 1), why[256];
	struct topology t;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	topology_lscpu_parse(s, &t, why, sizeof(why));
	topology_profile_parse(s, &t, why, sizeof(why));
	cpulist_parse(s, bits, TOPO_CPUS_MAX);
	free(s);
	return 0;
}
