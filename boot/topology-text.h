/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_TOPOLOGY_TEXT_H
#define BOOTBENCH_TOPOLOGY_TEXT_H

/*
 * What topology.c and topology-text.c share; not for the rest of the
 * host, which has topology.h.
 */
#include <stddef.h>

#include "topology.h"

/* @why said from @fmt: -EINVAL (topology.c). */
__attribute__((format(printf, 3, 4))) int topo_fail(char *why, size_t len,
						    const char *fmt, ...);
/*
 * A machine profile's text (topology-text.c). @echo: a line it does not
 * know is quoted in @why. Not for a file given by path, which may be any
 * file (MACHINE=/etc/shadow): its line number only.
 */
int topo_profile_parse(const char *text, struct topology *t, char *why,
		       size_t len, int echo);

#endif
