// SPDX-License-Identifier: GPL-2.0
/*
 * The guest architectures (boot/arch.def) and the kernel files each
 * boots: an x86 bzImage (its setup header), an arm64 Image (its 64-byte
 * header, Documentation/arch/arm64/booting.rst) or that Image gzipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "arch.h"
#include "bzimage.h"
#include "lib/fileio.h"
#include "vmlinux.h"
#include "shared/util.h"

static const struct arch arch_rows[] = {
#define ARCH(id, un, karch, qemu, qpkg, mach, fw, con, cmd, img, kpkg, deb, \
	     tri, cgcc, cpkg, cpu, smt, kcidb, lava, clusters)              \
	{ #id,	un,  karch, qemu, qpkg, mach, fw,  con,	  cmd,	img,        \
	  kpkg, deb, tri,   cgcc, cpkg, cpu,  smt, kcidb, lava, clusters },
#include "arch.def"
#undef ARCH
};

#define ARCH_N (ARRAY_SIZE(arch_rows))
/* An Image's header: "ARM\x64" at 0x38; a gzipped one is far smaller. */
#define ARCH_ARM64_MAGIC "ARM\x64"
#define ARCH_ARM64_MAGIC_OFF 0x38
#define ARCH_IMAGE_MAX (512u << 20)
#define ARCH_HEAD (64u << 10)

const struct arch *arch_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARCH_N; i++)
		if (!strcmp(name, arch_rows[i].name) ||
		    !strcmp(name, arch_rows[i].uname) ||
		    !strcmp(name, arch_rows[i].deb_arch))
			return &arch_rows[i];
	/* The kernel's ARCH=x86 is x86_64 here. */
	return name && !strcmp(name, "x86") ? arch_find("x86_64") : NULL;
}

const struct arch *arch_host(void)
{
	struct utsname u;
	const struct arch *a = NULL;

	if (!uname(&u))
		a = arch_find(u.machine);
	return a ? a : &arch_rows[0];
}

const char *arch_names(void)
{
	static char names[128];
	size_t i, n = 0;

	if (names[0])
		return names;
	for (i = 0; i < ARCH_N; i++)
		n += snprintf(names + n, sizeof(names) - n, "%s%s",
			      i ? ", " : "", arch_rows[i].name);
	return names;
}

/* The row whose image the bytes @p are, or NULL. */
static const struct arch *arch_image_kind(const unsigned char *p, size_t n)
{
	char release[8];
	int err = bzimage_release_parse(p, n, release, sizeof(release));

	if (!err || err == -ENODATA || err == -ENOSPC)
		return arch_find("x86_64");
	if (n >= ARCH_ARM64_MAGIC_OFF + 4 &&
	    !memcmp(p + ARCH_ARM64_MAGIC_OFF, ARCH_ARM64_MAGIC, 4))
		return arch_find("arm64");
	return NULL;
}

/* The file, decompressed when it is gzip (*gzipped then 1). */
static unsigned char *arch_file_load(const char *path, size_t *n, int *gzipped)
{
	unsigned char *raw, *out;
	const char *codec;
	size_t outlen;

	*gzipped = 0;
	errno = 0;
	raw = (unsigned char *)file_read_capped(path, ARCH_IMAGE_MAX, n);
	if (!raw || *n < 2 || memcmp(raw, "\x1f\x8b", 2))
		return raw;
	if (vmlinux_decompress(raw, *n, &out, &outlen, &codec)) {
		free(raw);
		return NULL;
	}
	free(raw);
	*gzipped = 1;
	*n = outlen;
	return out;
}

/*
 * The first ARCH_HEAD bytes of the regular file @path into @buf: what
 * names an image's kind (x86's setup header and its release string,
 * arm64's magic), unless it is gzipped. make run identified the kernel
 * twice, each a read of the whole bzImage.
 */
static int arch_head_read(const char *path, unsigned char *buf, size_t *n)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), err = 0;
	struct stat st;
	ssize_t got;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st))
		err = -errno;
	else if (!S_ISREG(st.st_mode))
		err = -EINVAL;
	else if ((size_t)st.st_size > ARCH_IMAGE_MAX)
		err = -EFBIG;
	else if ((got = pread(fd, buf, ARCH_HEAD, 0)) < 0)
		err = -errno;
	else
		*n = got;
	close(fd);
	return err;
}

int arch_kernel_identify(const char *path, const struct arch **arch,
			 int *gzipped)
{
	unsigned char *p;
	size_t n = 0;
	int err;

	*gzipped = 0;
	p = malloc(ARCH_HEAD);
	if (!p)
		return -ENOMEM;
	err = arch_head_read(path, p, &n);
	if (!err && n >= 2 && !memcmp(p, "\x1f\x8b", 2)) {
		free(p);
		p = arch_file_load(path, &n, gzipped);
		if (!p)
			return errno ? -errno : -ENOEXEC;
	} else if (err) {
		free(p);
		return err;
	}
	*arch = arch_image_kind(p, n);
	free(p);
	return *arch ? 0 : -ENOEXEC;
}

void arch_kernel_describe(const struct arch *a, int gzipped, char *buf,
			  size_t len)
{
	snprintf(buf, len, "an %s %s%s", a->karch, a->image,
		 gzipped ? " (gzipped)" : "");
}

/* "Linux version R (": the banner every kernel image holds. */
static int arch_banner_release(const unsigned char *p, size_t n, char *release,
			       size_t size)
{
	static const char banner[] = "Linux version ";
	const unsigned char *q = p, *end = p + n;
	size_t blen = sizeof(banner) - 1, len;

	while ((q = memmem(q, end - q, banner, blen))) {
		q += blen;
		for (len = 0; q + len < end && q[len] > ' ' && q[len] < 0x7f;
		     len++)
			;
		if (len && len < size && q + len + 1 < end && q[len] == ' ' &&
		    q[len + 1] == '(' && q[0] >= '0' && q[0] <= '9') {
			memcpy(release, q, len);
			release[len] = '\0';
			return 0;
		}
	}
	return -ENODATA;
}

int arch_release_read(const char *path, char *release, size_t size)
{
	unsigned char *p;
	size_t n;
	int gz, err;

	err = bzimage_release_read(path, release, size);
	if (err != -ENOEXEC)
		return err;
	p = arch_file_load(path, &n, &gz);
	if (!p)
		return errno ? -errno : -ENOEXEC;
	err = arch_image_kind(p, n) ? arch_banner_release(p, n, release, size) :
				      -ENOEXEC;
	free(p);
	return err;
}

int arch_image_unpack(const char *path, const char *cache, char *out,
		      size_t len)
{
	unsigned char *p;
	uint64_t h = 14695981039346656037ULL;
	struct stat st;
	size_t n, i;
	int gz, err;

	p = arch_file_load(path, &n, &gz);
	if (!p)
		return errno ? -errno : -ENOEXEC;
	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	snprintf(out, len, "%s/Image-%016llx", cache, (unsigned long long)h);
	err = 0;
	if (stat(out, &st) || (size_t)st.st_size != n) {
		mkdir(cache, 0755);
		err = file_write_atomic(out, p, n);
	}
	free(p);
	return err;
}
