// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "init.h"

struct mount_entry {
	const char *source, *target, *type;
	unsigned long flags;
	const char *data;
	int optional;
};

static const struct mount_entry mount_table[] = {
	{ "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, 0 },
	{ "sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, 0 },
	{ "devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755", 0 },
	/* The benchmarks' working files live here, in memory. */
	{ "tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", 0 },
	{ "devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, NULL, 1 },
	{ "tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", 1 },
	{ "debugfs", "/sys/kernel/debug", "debugfs", 0, NULL, 1 },
};

int mounts_setup(void)
{
	size_t i;
	int err = 0;

	for (i = 0; i < sizeof(mount_table) / sizeof(mount_table[0]); i++) {
		const struct mount_entry *m = &mount_table[i];

		mkdir(m->target, 0755);
		if (mount(m->source, m->target, m->type, m->flags, m->data) &&
		    errno != EBUSY && !m->optional) {
			err = -errno;
			fprintf(stderr, "bootbench-init: mount %s: %s\n",
				m->target, strerror(errno));
		}
	}
	return err;
}
