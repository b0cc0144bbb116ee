// SPDX-License-Identifier: GPL-2.0
/*
 * newc cpio writer, the format the kernel unpacks into its rootfs
 * (Documentation/driver-api/early-userspace/buffer-format.rst).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cpio.h"

void cpio_init(struct cpio *c, FILE *out, uint32_t mtime)
{
	c->out = out;
	c->ino = 721;
	c->mtime = mtime;
	c->offset = 0;
}

static int cpio_write(struct cpio *c, const void *buf, size_t len)
{
	if (len && fwrite(buf, 1, len, c->out) != len)
		return -EIO;
	c->offset += len;
	return 0;
}

static int cpio_pad(struct cpio *c)
{
	static const char zeros[4];
	size_t pad = (4 - c->offset % 4) % 4;

	return cpio_write(c, zeros, pad);
}

static int cpio_header_write(struct cpio *c, const char *name, uint32_t mode,
			     uid_t uid, gid_t gid, uint32_t nlink,
			     uint32_t size, uint32_t rmaj, uint32_t rmin)
{
	char hdr[6 + 13 * 8 + 1];
	size_t namesize;
	int err;

	/* The kernel's rootfs has no leading slash in archive names. */
	while (*name == '/')
		name++;
	namesize = strlen(name) + 1;
	snprintf(hdr, sizeof(hdr),
		 "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 c->ino++, mode, (uint32_t)uid, (uint32_t)gid, nlink, c->mtime,
		 size, 0u, 0u, rmaj, rmin, (uint32_t)namesize, 0u);
	err = cpio_write(c, hdr, sizeof(hdr) - 1);
	if (!err)
		err = cpio_write(c, name, namesize);
	if (!err)
		err = cpio_pad(c);
	return err;
}

int cpio_add_dir(struct cpio *c, const char *name, mode_t mode, uid_t uid,
		 gid_t gid)
{
	return cpio_header_write(c, name, S_IFDIR | (mode & 07777), uid, gid, 2,
				 0, 0, 0);
}

int cpio_add_symlink(struct cpio *c, const char *name, const char *target,
		     mode_t mode, uid_t uid, gid_t gid)
{
	size_t len = strlen(target);
	int err;

	err = cpio_header_write(c, name, S_IFLNK | (mode & 07777), uid, gid, 1,
				len, 0, 0);
	if (!err)
		err = cpio_write(c, target, len);
	if (!err)
		err = cpio_pad(c);
	return err;
}

int cpio_add_node(struct cpio *c, const char *name, mode_t mode, uid_t uid,
		  gid_t gid, char type, unsigned int maj, unsigned int min)
{
	mode_t fmt;

	if (type == 'c')
		fmt = S_IFCHR;
	else if (type == 'b')
		fmt = S_IFBLK;
	else
		return -EINVAL;
	return cpio_header_write(c, name, fmt | (mode & 07777), uid, gid, 1, 0,
				 maj, min);
}

int cpio_add_file(struct cpio *c, const char *name, const char *location,
		  mode_t mode, uid_t uid, gid_t gid)
{
	char buf[65536];
	struct stat st;
	uint64_t left;
	int fd, err;

	fd = open(location, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		err = -errno;
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > UINT32_MAX) {
		err = -EINVAL;
		goto out;
	}
	err = cpio_header_write(c, name, S_IFREG | (mode & 07777), uid, gid, 1,
				st.st_size, 0, 0);
	left = st.st_size;
	while (!err && left) {
		ssize_t n =
			read(fd, buf, left < sizeof(buf) ? left : sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* The file shrank under us: the header would lie. */
			err = n < 0 ? -errno : -EIO;
			break;
		}
		err = cpio_write(c, buf, n);
		left -= n;
	}
	if (!err)
		err = cpio_pad(c);
out:
	close(fd);
	return err;
}

int cpio_finish(struct cpio *c)
{
	static const char zeros[512];
	int err;

	err = cpio_header_write(c, "TRAILER!!!", 0, 0, 0, 1, 0, 0, 0);
	/* Pad to 512 bytes so that archives concatenate cleanly. */
	if (!err && c->offset % 512)
		err = cpio_write(c, zeros, 512 - c->offset % 512);
	if (!err && fflush(c->out))
		err = -errno;
	return err;
}
