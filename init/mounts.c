// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init.h"
#include "shared/util.h"

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
	/* Where LKP's boxes have it: stress-ng's uprobe stressor looks here. */
	{ "tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL, 1 },
};

int mounts_setup(void)
{
	size_t i;
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(mount_table); i++) {
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

/*
 * Bring the loopback interface up: stress-ng's socket stressors (sock,
 * sockmany, udp, ...) talk to 127.0.0.1. A kernel without networking
 * has none, which only those tests notice.
 */
int mounts_loopback_up(void)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), err = 0;

	if (fd < 0)
		return -errno;
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) {
		err = -errno;
		goto out;
	}
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		err = -errno;
out:
	close(fd);
	return err;
}
