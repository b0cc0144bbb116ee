// SPDX-License-Identifier: GPL-2.0
/*
 * A bzImage's kernel as an ELF vmlinux that QEMU enters through PVH:
 * the payload found by the setup header, decompressed with Debian's
 * libraries (zlib, liblzma, libbz2, liblzo2, liblz4, libzstd), checked
 * for the PVH note and cached by the bzImage's hash.
 */
#define _GNU_SOURCE
#include <bzlib.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <lz4.h>
#include <lzma.h>
#include <lzo/lzo1x.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "bzimage.h"
#include "lib/fileio.h"
#include "lib/rundir.h"
#include "vmlinux.h"
#include "shared/util.h"

/* include/xen/interface/elfnote.h: the 32-bit PVH entry point. */
#define XEN_ELFNOTE_PHYS32_ENTRY 18
/* No x86-64 kernel decompresses to more; a corrupt size stops here. */
#define VMLINUX_MAX (1UL << 30)
/* lz4 -l: blocks of at most 8 MiB once decompressed. */
#define LZ4_LEGACY_BLOCK (8UL << 20)

struct vm_buf {
	unsigned char *p;
	size_t len, cap;
};

/* Room for @need more bytes: double, up to VMLINUX_MAX. */
static int vm_buf_room(struct vm_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 1UL << 24;
	unsigned char *p;

	while (cap - b->len < need && cap < VMLINUX_MAX)
		cap *= 2;
	if (cap - b->len < need)
		return -EFBIG;
	if (cap == b->cap)
		return 0;
	p = realloc(b->p, cap);
	if (!p)
		return -ENOMEM;
	b->p = p;
	b->cap = cap;
	return 0;
}

static int vm_gzip(const unsigned char *in, size_t n, struct vm_buf *out)
{
	z_stream z = { 0 };
	int ret = Z_OK, err = 0;

	/* 16 + window bits: a gzip header and trailer, not zlib's. */
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return -ENOMEM;
	z.next_in = (unsigned char *)in;
	z.avail_in = n;
	while (ret == Z_OK && !(err = vm_buf_room(out, 1 << 20))) {
		z.next_out = out->p + out->len;
		z.avail_out = out->cap - out->len;
		ret = inflate(&z, Z_NO_FLUSH);
		out->len = out->cap - z.avail_out;
	}
	inflateEnd(&z);
	return ret == Z_STREAM_END ? 0 : err ? err : -EBADMSG;
}

/* XZ (with the kernel's x86 BCJ filter) and legacy LZMA alike. */
static int vm_lzma_run(lzma_stream *s, const unsigned char *in, size_t n,
		       struct vm_buf *out)
{
	lzma_ret ret = LZMA_OK;
	int err = 0;

	s->next_in = in;
	s->avail_in = n;
	while (ret == LZMA_OK && !(err = vm_buf_room(out, 1 << 20))) {
		s->next_out = out->p + out->len;
		s->avail_out = out->cap - out->len;
		ret = lzma_code(s, LZMA_FINISH);
		out->len = out->cap - s->avail_out;
	}
	lzma_end(s);
	return ret == LZMA_STREAM_END ? 0 : err ? err : -EBADMSG;
}

static int vm_xz(const unsigned char *in, size_t n, struct vm_buf *out)
{
	lzma_stream s = LZMA_STREAM_INIT;

	if (lzma_stream_decoder(&s, UINT64_MAX, 0) != LZMA_OK)
		return -ENOMEM;
	return vm_lzma_run(&s, in, n, out);
}

static int vm_lzma(const unsigned char *in, size_t n, struct vm_buf *out)
{
	lzma_stream s = LZMA_STREAM_INIT;

	if (lzma_alone_decoder(&s, UINT64_MAX) != LZMA_OK)
		return -ENOMEM;
	return vm_lzma_run(&s, in, n, out);
}

static int vm_bzip2(const unsigned char *in, size_t n, struct vm_buf *out)
{
	bz_stream b = { 0 };
	int ret = BZ_OK, err = 0;
	size_t before;

	if (BZ2_bzDecompressInit(&b, 0, 0) != BZ_OK)
		return -ENOMEM;
	b.next_in = (char *)in;
	b.avail_in = n;
	while (ret == BZ_OK && !(err = vm_buf_room(out, 1 << 20))) {
		b.next_out = (char *)out->p + out->len;
		b.avail_out = out->cap - out->len;
		before = out->len;
		ret = BZ2_bzDecompress(&b);
		out->len = out->cap - b.avail_out;
		/* A truncated stream says BZ_OK with nothing more to give. */
		if (ret == BZ_OK && !b.avail_in && out->len == before)
			ret = BZ_DATA_ERROR;
	}
	BZ2_bzDecompressEnd(&b);
	return ret == BZ_STREAM_END ? 0 : err ? err : -EBADMSG;
}

static int vm_zstd(const unsigned char *in, size_t n, struct vm_buf *out)
{
	ZSTD_DCtx *d = ZSTD_createDCtx();
	ZSTD_inBuffer ib = { in, n, 0 };
	size_t ret = 1;
	int err = 0;

	if (!d)
		return -ENOMEM;
	/* zstd -22 --ultra (the kernel's) may use windows beyond 128 MiB. */
	ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, 31); /* 64-bit max */
	while (ret && !(err = vm_buf_room(out, 1 << 20))) {
		ZSTD_outBuffer ob = { out->p + out->len, out->cap - out->len,
				      0 };
		size_t before = ib.pos;

		ret = ZSTD_decompressStream(d, &ob, &ib);
		out->len += ob.pos;
		if (ZSTD_isError(ret) ||
		    (ret && ib.pos == before && !ob.pos && ib.pos == ib.size))
			err = -EBADMSG;
		if (err)
			break;
	}
	ZSTD_freeDCtx(d);
	return err;
}

static uint32_t vm_le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t vm_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

/*
 * lz4's legacy frame (lz4 -l, the kernel's): the magic, then blocks of
 * a 32-bit little-endian compressed size and the data. The kernel's
 * payload ends with its 32-bit decompressed size, which is no block.
 */
static int vm_lz4(const unsigned char *in, size_t n, struct vm_buf *out)
{
	size_t pos = 4;
	int err, got;

	while (n - pos > 4) {
		uint32_t blk = vm_le32(in + pos);

		pos += 4;
		if (blk == 0x184c2102) /* another frame follows */
			continue;
		if (blk > n - pos || blk > INT32_MAX)
			return -EBADMSG;
		err = vm_buf_room(out, LZ4_LEGACY_BLOCK);
		if (err)
			return err;
		got = LZ4_decompress_safe((const char *)in + pos,
					  (char *)out->p + out->len, blk,
					  LZ4_LEGACY_BLOCK);
		if (got < 0)
			return -EBADMSG;
		out->len += got;
		pos += blk;
	}
	return out->len ? 0 : -EBADMSG;
}

/*
 * Past lzop's file header (lzop's documented format, big-endian): its
 * fields depend on the version and the flags. Returns the offset of the
 * first block, 0 for a header that does not fit, and the flags.
 */
static size_t vm_lzop_header(const unsigned char *in, size_t n, uint32_t *flags)
{
	size_t pos = 9 + 4; /* magic, version, library version */
	unsigned int version;

	if (n < 64)
		return 0;
	version = in[9] << 8 | in[10];
	pos += version >= 0x940 ? 2 : 0; /* version needed to extract */
	pos += 1 + (version >= 0x940); /* method, level */
	*flags = vm_be32(in + pos);
	pos += 4;
	pos += *flags & 0x800 ? 4 : 0; /* filter */
	pos += 8 + (version >= 0x940 ? 4 : 0); /* mode, mtime */
	pos += 1 + in[pos]; /* name */
	pos += 4; /* header checksum */
	if (pos + 4 <= n && *flags & 0x40) /* extra field and its checksum */
		pos += 4 + vm_be32(in + pos) + 4;
	return pos < n ? pos : 0;
}

static int vm_lzo(const unsigned char *in, size_t n, struct vm_buf *out)
{
	uint32_t flags = 0, dst, src;
	size_t pos = vm_lzop_header(in, n, &flags);
	lzo_uint got;
	int err;

	if (!pos || lzo_init() != LZO_E_OK)
		return -EBADMSG;
	while (pos + 4 <= n && (dst = vm_be32(in + pos))) {
		if (pos + 8 > n)
			return -EBADMSG;
		src = vm_be32(in + pos + 4);
		pos += 8;
		/* Checksums of the data, and of the compressed data. */
		pos += (flags & 0x1 ? 4 : 0) + (flags & 0x100 ? 4 : 0);
		if (src < dst)
			pos += (flags & 0x2 ? 4 : 0) + (flags & 0x200 ? 4 : 0);
		err = vm_buf_room(out, dst);
		if (err)
			return err;
		if (src > dst || pos > n || src > n - pos)
			return -EBADMSG;
		got = dst;
		if (src == dst)
			memcpy(out->p + out->len, in + pos, dst);
		else if (lzo1x_decompress_safe(in + pos, src, out->p + out->len,
					       &got, NULL) != LZO_E_OK ||
			 got != dst)
			return -EBADMSG;
		out->len += dst;
		pos += src;
	}
	return out->len ? 0 : -EBADMSG;
}

/* The compressors a kernel's Kconfig offers, by their magic. */
static const struct vm_codec {
	const char *name;
	const char *magic;
	size_t mlen;
	int (*decode)(const unsigned char *in, size_t n, struct vm_buf *out);
} vm_codecs[] = {
	{ "gzip", "\x1f\x8b", 2, vm_gzip },
	{ "xz",
	  "\xfd"
	  "7zXZ",
	  6, vm_xz },
	{ "bzip2", "BZh", 3, vm_bzip2 },
	{ "lzma", "\x5d\x00\x00", 3, vm_lzma },
	{ "lzo", "\x89LZO\x00\r\n\x1a\n", 9, vm_lzo },
	{ "lz4", "\x02\x21\x4c\x18", 4, vm_lz4 },
	{ "zstd", "\x28\xb5\x2f\xfd", 4, vm_zstd },
};

int vmlinux_decompress(const unsigned char *in, size_t n, unsigned char **out,
		       size_t *outlen, const char **codec)
{
	struct vm_buf b = { 0 };
	size_t i;
	int err;

	*codec = "unknown";
	for (i = 0; i < ARRAY_SIZE(vm_codecs); i++)
		if (n > vm_codecs[i].mlen &&
		    !memcmp(in, vm_codecs[i].magic, vm_codecs[i].mlen))
			break;
	if (i == ARRAY_SIZE(vm_codecs))
		return -EPROTONOSUPPORT;
	*codec = vm_codecs[i].name;
	err = vm_codecs[i].decode(in, n, &b);
	if (err) {
		free(b.p);
		return err;
	}
	*out = b.p;
	*outlen = b.len;
	return 0;
}

/* One PT_NOTE segment: is the Xen PHYS32_ENTRY note in it? */
static int vm_notes_have_pvh(const unsigned char *p, size_t n)
{
	size_t pos = 0;

	while (pos + sizeof(Elf64_Nhdr) <= n) {
		const Elf64_Nhdr *h = (const void *)(p + pos);
		size_t name = (h->n_namesz + 3) & ~3UL;
		size_t desc = (h->n_descsz + 3) & ~3UL;

		pos += sizeof(*h);
		if (name > n - pos || desc > n - pos - name)
			return 0;
		if (h->n_type == XEN_ELFNOTE_PHYS32_ENTRY && h->n_namesz == 4 &&
		    !memcmp(p + pos, "Xen", 4))
			return 1;
		pos += name + desc;
	}
	return 0;
}

int vmlinux_pvh_check(int fd)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	unsigned char notes[65536];
	unsigned int i;
	ssize_t got;

	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64 ||
	    eh.e_phentsize != sizeof(ph))
		return -ENOEXEC;
	for (i = 0; i < eh.e_phnum && i < 256; i++) {
		if (pread(fd, &ph, sizeof(ph), eh.e_phoff + i * sizeof(ph)) !=
		    sizeof(ph))
			return -ENOEXEC;
		if (ph.p_type != PT_NOTE || ph.p_filesz > sizeof(notes))
			continue;
		got = pread(fd, notes, ph.p_filesz, ph.p_offset);
		if (got == (ssize_t)ph.p_filesz &&
		    vm_notes_have_pvh(notes, got))
			return 0;
	}
	return -ENOENT;
}

int boot_path_parse(const char *s, enum boot_path *out)
{
	if (!s || !*s || !strcmp(s, "auto"))
		*out = BOOT_AUTO;
	else if (!strcmp(s, "pvh"))
		*out = BOOT_PVH;
	else if (!strcmp(s, "bzimage"))
		*out = BOOT_BZIMAGE;
	else
		return -EINVAL;
	return 0;
}

/* FNV-1a, 64 bits, over the whole bzImage: the cache's key. */
static uint64_t vm_hash(const unsigned char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h;
}

static int vm_file_pvh_check(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -errno;
	err = vmlinux_pvh_check(fd);
	close(fd);
	return err;
}

/* A build tree's vmlinux: <tree>/arch/x86/boot/bzImage, <tree>/vmlinux. */
static int vm_tree_find(const char *bzimage, struct vmlinux_pick *pick)
{
	static const char tail[] = "arch/x86/boot/bzImage";
	size_t n = strlen(bzimage), t = sizeof(tail) - 1;
	struct stat bz, vm;

	if (n < t || strcmp(bzimage + n - t, tail) ||
	    (n > t && bzimage[n - t - 1] != '/'))
		return -ENOENT;
	snprintf(pick->path, sizeof(pick->path), "%.*svmlinux", (int)(n - t),
		 bzimage);
	if (stat(bzimage, &bz) || stat(pick->path, &vm))
		return -ENOENT;
	/* A vmlinux linked after the bzImage is not its kernel. */
	if (vm.st_mtime > bz.st_mtime)
		return -ESTALE;
	return vm_file_pvh_check(pick->path);
}

/* Written under a temporary name and renamed: readers see all or none. */
static int vm_file_commit(const char *path, const unsigned char *p, size_t n,
			  int need_pvh)
{
	char tmp[4200];
	int fd, err;

	snprintf(tmp, sizeof(tmp), "%s.tmp-%d", path, (int)getpid());
	fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	err = util_write_full(fd, p, n);
	if (!err && need_pvh)
		err = vmlinux_pvh_check(fd);
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

/* The payload decompressed and kept under @path if it has PVH. */
static int vm_payload_extract(const unsigned char *img, size_t n,
			      const char *path, const char *nopvh,
			      struct vmlinux_pick *pick)
{
	size_t off, len, outlen;
	unsigned char *out;
	const char *codec;
	int err;

	err = bzimage_payload_find(img, n, &off, &len);
	if (err) {
		snprintf(
			pick->why, sizeof(pick->why),
			"no payload in its setup header (boot protocol 2.08+)");
		return err;
	}
	err = vmlinux_decompress(img + off, len, &out, &outlen, &codec);
	if (err) {
		snprintf(pick->why, sizeof(pick->why),
			 "its %s payload does not decompress (%s)", codec,
			 strerror(-err));
		return err;
	}
	err = vm_file_commit(path, out, outlen, 1);
	free(out);
	if (err == -ENOENT || err == -ENOEXEC) {
		/* Remembered, so that the next boot decompresses nothing. */
		vm_file_commit(nopvh, (const unsigned char *)"", 0, 0);
		snprintf(pick->why, sizeof(pick->why),
			 "its vmlinux has no PVH entry (CONFIG_PVH=y)");
	} else if (err) {
		snprintf(pick->why, sizeof(pick->why), "writing %.400s: %s",
			 path, strerror(-err));
	}
	return err;
}

int vmlinux_pick(const char *bzimage, const char *cache,
		 struct vmlinux_pick *pick)
{
	char nopvh[4200];
	unsigned long long h;
	unsigned char *img;
	size_t n;
	int err;

	pick->why[0] = '\0';
	pick->source = "tree";
	err = vm_tree_find(bzimage, pick);
	if (!err)
		return 0;
	img = (unsigned char *)file_read_all(bzimage, &n);
	if (!img) {
		snprintf(pick->why, sizeof(pick->why), "reading it: %s",
			 strerror(errno));
		return -errno;
	}
	h = vm_hash(img, n);
	snprintf(pick->path, sizeof(pick->path), "%s/%016llx.vmlinux", cache,
		 h);
	snprintf(nopvh, sizeof(nopvh), "%s/%016llx.no-pvh", cache, h);
	pick->source = "cache";
	if (!access(pick->path, R_OK)) {
		err = 0;
	} else if (!access(nopvh, F_OK)) {
		snprintf(pick->why, sizeof(pick->why),
			 "its vmlinux has no PVH entry (CONFIG_PVH=y)");
		err = -ENOENT;
	} else {
		pick->source = "extracted";
		err = mkdir_p(cache);
		if (err)
			snprintf(pick->why, sizeof(pick->why), "%.400s: %s",
				 cache, strerror(-err));
		else
			err = vm_payload_extract(img, n, pick->path, nopvh,
						 pick);
	}
	free(img);
	return err;
}
