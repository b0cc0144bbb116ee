/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The descriptors' MODULES rows: a job whose parameter @key has a word
 * (of its comma list) matching @pattern needs module set @set,
 * initramfs/modules-<set>.list. The host puts the set's modules and its
 * list in the image (boot/imageplan.c, initramfs/image.sh); the init
 * loads what the list names before the test (init/main.c). Include it
 * only where the table is read: a static table unused is a warning.
 */
#ifndef SHARED_MODSETS_H
#define SHARED_MODSETS_H

#include <fnmatch.h>
#include <string.h>

/* Where the image holds a set's list: <dir>/<set>.list. */
#define MODSETS_DIR "/etc/modsets"

struct modset_row {
	const char *key, *pattern, *set;
};

static const struct modset_row modset_rows[] = {
#define MODULES(key, pattern, set) { key, pattern, #set },
#include "shared/descs.h"
#undef MODULES
};

/* 1 when a word of comma list @list matches @pattern (a glob). */
static inline int modset_list_matches(const char *list, const char *pattern)
{
	char word[128];
	size_t n;

	for (; *list; list += n + (list[n] == ',')) {
		n = strcspn(list, ",");
		if (n >= sizeof(word))
			continue;
		memcpy(word, list, n);
		word[n] = '\0';
		if (!fnmatch(pattern, word, 0))
			return 1;
	}
	return 0;
}

#endif
