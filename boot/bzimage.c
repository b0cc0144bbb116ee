// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "bzimage.h"

#define BZ_HEAD 0x10000 /* the setup code and its strings fit in 64 KiB */

static unsigned int bz_le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t bz_le32(const unsigned char *p)
{
	return bz_le16(p) | (uint32_t)bz_le16(p + 2) << 16;
}

int bzimage_payload_find(const unsigned char *img, size_t n, size_t *off,
			 size_t *len)
{
	size_t setup;

	if (n < 0x250 || bz_le16(img + 0x1fe) != 0xaa55 ||
	    memcmp(img + 0x202, "HdrS", 4) || bz_le16(img + 0x206) < 0x208)
		return -ENOEXEC;
	/* setup_sects 0 means 4, for the oldest loaders' sake. */
	setup = img[0x1f1] ? img[0x1f1] : 4;
	*off = (setup + 1) * 512 + (size_t)bz_le32(img + 0x248);
	*len = bz_le32(img + 0x24c);
	if (!*len || *off >= n || *len > n - *off)
		return -ERANGE;
	return 0;
}

int bzimage_release_parse(const unsigned char *img, size_t n, char *release,
			  size_t size)
{
	size_t off, len = 0;

	if (n < 0x210 || bz_le16(img + 0x1fe) != 0xaa55 ||
	    memcmp(img + 0x202, "HdrS", 4))
		return -ENOEXEC;
	/* kernel_version exists from boot protocol 2.00 on. */
	if (bz_le16(img + 0x206) < 0x200)
		return -ENOEXEC;
	off = bz_le16(img + 0x20e);
	if (!off)
		return -ENODATA;
	off += 0x200;
	if (off >= n)
		return -ENODATA;
	while (off + len < n && img[off + len] > ' ' && img[off + len] < 0x7f &&
	       len < size - 1)
		len++;
	if (!len || off + len >= n || (img[off + len] != ' ' && img[off + len]))
		return -ENODATA;
	memcpy(release, img + off, len);
	release[len] = '\0';
	return 0;
}

int bzimage_release_read(const char *path, char *release, size_t size)
{
	static unsigned char buf[BZ_HEAD];
	ssize_t n;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = pread(fd, buf, sizeof(buf), 0);
	err = n < 0 ? -errno : bzimage_release_parse(buf, n, release, size);
	close(fd);
	return err;
}
