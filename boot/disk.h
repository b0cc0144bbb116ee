/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_BOOT_DISK_H
#define BOOTBENCH_BOOT_DISK_H

#include <stddef.h>

#include "proto/disk.h"
#include "proto/json.h"

/* The files' names in DISK_DIR: "bootbench-disk<i>-XXXXXX". */
#define DISK_FILE_PREFIX "bootbench-disk"
/* Free space kept on DISK_DIR: this, or 2% of the filesystem if more. */
#define DISK_MARGIN_MIN (64ULL << 20)

/*
 * The host's side of a job's scratch disks (docs/disks.md): the checks,
 * the sparse files behind virtio disks (made for each boot and removed
 * after it unless KEEP_DISK=1), QEMU's arguments, the command line that
 * sizes brd, and what job.json says of them.
 */
struct disk_host {
	int on; /* the job says disk= */
	struct disk_spec spec;
	unsigned long long asked; /* the size the job asked for, each */
	const char *fs, *md, *fs2;
	const char *dir; /* where the files go: DISK_DIR */
	int keep; /* KEEP_DISK=1 */
	char *files[DISK_MAX];
	int fds[DISK_MAX]; /* each held with a lock on its first byte */
	char cache[16]; /* QEMU's cache mode: none, or writeback */
	char backing[64]; /* the host filesystem under the files */
};

struct run_opts;
/* The job's disk=, fs=, md= and fs2= agree with each other. */
int disk_opts_check(struct run_opts *o);
/* RAM disks fit the machine's memory (after the topology is known). */
int disk_mem_fit(struct run_opts *o);
/* Words for the kernel command line (brd's sizes), or "". */
void disk_cmdline_words(const struct disk_host *d, char *buf, size_t size);
/*
 * Virtio disks fit DISK_DIR's free space less the host's margin: the
 * size cut down (said), or -ENOSPC (said). The run's, and a plan's.
 */
int disk_space_fit(struct disk_host *d);
/* "1 HDD of 4096 MiB each (asked 65536 MiB)", or "" without disks. */
void disk_plan_describe(const struct disk_host *d, char *buf, size_t size);
/* The backing files of one boot; disk_files_remove undoes it. */
int disk_files_create(struct disk_host *d);
void disk_files_remove(struct disk_host *d);
/*
 * 1 when DISK_DIR's filesystem has less than half the margin free (the
 * guest must stop before it fills), with what is left and that floor.
 */
int disk_space_short(const struct disk_host *d, unsigned long long *left,
		     unsigned long long *floor);
void disk_json_write(struct json_buf *j, const struct disk_host *d);

#endif
