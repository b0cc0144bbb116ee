/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_DISK_H
#define BOOTBENCH_DISK_H

#include <stddef.h>

/*
 * A job's scratch disks in LKP's words (disk: 1SSD, 2HDD, 4BRD_12G),
 * read the same way by the host, which gives QEMU the virtio disks, and
 * by the init, which finds them, builds the md array and the filesystem.
 * HDD and SSD are virtio-blk disks on sparse host files (the size after
 * '_' is ours: LKP's disks are real); BRD is the kernel's RAM disk.
 */
#define DISK_MAX 8
/* A virtio disk's size when the spec names none. */
#define DISK_SIZE_DEFAULT (4ULL << 30)
/*
 * fs2's NFS version: the init mounts with it, job.json says it (what
 * LKP's nfs and nfsv4 mounts negotiate with a current server).
 */
#define DISK_FS2_VERS "4.2"

enum disk_kind { DISK_HDD, DISK_SSD, DISK_BRD };

struct disk_spec {
	unsigned int count;
	enum disk_kind kind;
	unsigned long long size; /* bytes, each */
};

/* 0, or -EINVAL with the reason one line long in @why (may be NULL). */
int disk_spec_parse(const char *s, struct disk_spec *d, char *why, size_t size);
/* "12G" style sizes: a number and one of K M G T (powers of 1024). */
int disk_size_parse(const char *s, unsigned long long *bytes);
const char *disk_kind_name(enum disk_kind k);

#endif
