// SPDX-License-Identifier: GPL-2.0
/*
 * The results port: a virtio-serial port the host named. Without udev
 * there is no /dev/virtio-ports/NAME link, so look the name up in sysfs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "init.h"

#define PORT_CLASS "/sys/class/virtio-ports"
/* The virtio console driver caps one write at 32 KiB. */
#define PORT_WRITE_MAX 32768

static int port_find(const char *name, char *dev, size_t size)
{
	struct dirent *de;
	char path[512], buf[128];
	DIR *d;
	int err = -ENOENT;

	d = opendir(PORT_CLASS);
	if (!d)
		return -ENOENT;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PORT_CLASS "/%s/name", de->d_name);
		if (file_read(path, buf, sizeof(buf)) < 0 || strcmp(buf, name))
			continue;
		snprintf(dev, size, "/dev/%s", de->d_name);
		err = 0;
		break;
	}
	closedir(d);
	return err;
}

int port_open_by_name(struct port *p, const char *name, unsigned int wait_ms)
{
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	unsigned int waited = 0;
	int err;

	p->fd = -1;
	/* Probing is asynchronous: the port may show up a little later. */
	while ((err = port_find(name, p->dev, sizeof(p->dev))) == -ENOENT &&
	       waited < wait_ms) {
		nanosleep(&tick, NULL);
		waited += 20;
	}
	if (err)
		return err;
	do {
		p->fd = open(p->dev, O_WRONLY | O_CLOEXEC | O_NOCTTY);
		if (p->fd >= 0)
			return 0;
		err = -errno;
		/* devtmpfs may lag the sysfs entry by a moment. */
		nanosleep(&tick, NULL);
		waited += 20;
	} while (err == -ENOENT && waited < wait_ms);
	return err;
}

int port_write_all(struct port *p, const char *buf, size_t len)
{
	while (len) {
		size_t chunk = len < PORT_WRITE_MAX ? len : PORT_WRITE_MAX;
		ssize_t n = write(p->fd, buf, chunk);

		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return -errno;
		}
		buf += n;
		len -= n;
	}
	return 0;
}

void port_close(struct port *p)
{
	if (p->fd >= 0) {
		/* Let the host see every byte before power-off. */
		fsync(p->fd);
		close(p->fd);
	}
	p->fd = -1;
}
