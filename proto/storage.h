/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_STORAGE_H
#define BOOTBENCH_STORAGE_H

#include <string.h>

#include "proto/disk.h"
#include "proto/storage.def"
#include "shared/util.h"

/*
 * A row of proto/storage.def's STORAGE_SERVER, found by FS2='s name,
 * for the host (the image plan, job.json, the reader) and the init
 * alike: header-only, as shared/util.h, so every side reads one table.
 */
struct storage_server {
	const char *name, *protocol, *daemon, *package, *files, *modset,
		*mount_type, *source, *mount_opts, *modules, *mount_said,
		*lkp_dbench;
};

/* The server of FS2=@fs2, or NULL when no row names it. */
static inline const struct storage_server *storage_server_find(const char *fs2)
{
#define STORAGE_SERVER_ROW(n, proto, daemon, pkg, files, set, ...) \
	{ #n, proto, daemon, pkg, files, #set, __VA_ARGS__ },
	static const struct storage_server servers[] = { STORAGE_SERVER(
		STORAGE_SERVER_ROW) };
#undef STORAGE_SERVER_ROW
#define STORAGE_FS2_ROW(n, server) { #n, #server },
	static const struct {
		const char *name, *server;
	} names[] = { STORAGE_FS2(STORAGE_FS2_ROW) };
#undef STORAGE_FS2_ROW
	size_t i, s;

	for (i = 0; fs2 && i < ARRAY_SIZE(names); i++) {
		if (strcmp(names[i].name, fs2))
			continue;
		for (s = 0; s < ARRAY_SIZE(servers); s++)
			if (!strcmp(servers[s].name, names[i].server))
				return &servers[s];
	}
	return NULL;
}

#endif
