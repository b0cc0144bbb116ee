/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_CPIO_H
#define BOOTBENCH_CPIO_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/*
 * A newc ("070701") archive writer. Every header field that could vary
 * between builds (inode, mtime, owner) is chosen by the caller, so the
 * same calls give the same bytes.
 */
struct cpio {
	FILE *out;
	uint32_t ino;
	uint32_t mtime;
	uint64_t offset;
};

void cpio_init(struct cpio *c, FILE *out, uint32_t mtime);
int cpio_add_dir(struct cpio *c, const char *name, mode_t mode, uid_t uid,
		 gid_t gid);
int cpio_add_file(struct cpio *c, const char *name, const char *location,
		  mode_t mode, uid_t uid, gid_t gid);
int cpio_add_symlink(struct cpio *c, const char *name, const char *target,
		     mode_t mode, uid_t uid, gid_t gid);
int cpio_add_node(struct cpio *c, const char *name, mode_t mode, uid_t uid,
		  gid_t gid, char type, unsigned int maj, unsigned int min);
int cpio_finish(struct cpio *c);

#endif
