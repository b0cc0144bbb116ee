// SPDX-License-Identifier: GPL-2.0
/*
 * mkcpio: build a newc archive from a list of entries, in the spirit of
 * the kernel's usr/gen_init_cpio:
 *
 *   dir   <name> <mode> <uid> <gid>
 *   file  <name> <location> <mode> <uid> <gid>
 *   slink <name> <target> <mode> <uid> <gid>
 *   nod   <name> <mode> <uid> <gid> <c|b> <maj> <min>
 *
 * Entries are sorted by name and every header gets the same mtime, so
 * the same list and the same files give a byte-identical archive.
 * The archive is written under a temporary name and renamed into place.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpio.h"
#include "shared/util.h"

#define SPEC_FIELDS 8

struct spec_entry {
	char *field[SPEC_FIELDS];
	int nfield;
	char *line;
	const char *src;
	unsigned int lineno;
};

struct spec_type {
	const char *type;
	int nfield;
	int (*add)(struct cpio *c, struct spec_entry *e);
};

static int spec_mode_parse(const char *s, mode_t *mode)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 8);
	if (errno || *end || end == s || v > 07777)
		return -EINVAL;
	*mode = v;
	return 0;
}

/* name mode uid gid, at fields[first..first+3] */
static int spec_common_parse(struct spec_entry *e, int first, mode_t *mode,
			     unsigned int *uid, unsigned int *gid)
{
	if (spec_mode_parse(e->field[first], mode) ||
	    util_uint_parse(e->field[first + 1], 0, UINT_MAX, uid) ||
	    util_uint_parse(e->field[first + 2], 0, UINT_MAX, gid))
		return -EINVAL;
	return 0;
}

static int spec_dir_add(struct cpio *c, struct spec_entry *e)
{
	unsigned int uid, gid;
	mode_t mode;

	if (spec_common_parse(e, 2, &mode, &uid, &gid))
		return -EINVAL;
	return cpio_add_dir(c, e->field[1], mode, uid, gid);
}

static int spec_file_add(struct cpio *c, struct spec_entry *e)
{
	unsigned int uid, gid;
	mode_t mode;

	if (spec_common_parse(e, 3, &mode, &uid, &gid))
		return -EINVAL;
	return cpio_add_file(c, e->field[1], e->field[2], mode, uid, gid);
}

static int spec_slink_add(struct cpio *c, struct spec_entry *e)
{
	unsigned int uid, gid;
	mode_t mode;

	if (spec_common_parse(e, 3, &mode, &uid, &gid))
		return -EINVAL;
	return cpio_add_symlink(c, e->field[1], e->field[2], mode, uid, gid);
}

static int spec_nod_add(struct cpio *c, struct spec_entry *e)
{
	unsigned int uid, gid, maj, min;
	mode_t mode;

	if (spec_common_parse(e, 2, &mode, &uid, &gid) ||
	    strlen(e->field[5]) != 1 ||
	    util_uint_parse(e->field[6], 0, UINT_MAX, &maj) ||
	    util_uint_parse(e->field[7], 0, UINT_MAX, &min))
		return -EINVAL;
	return cpio_add_node(c, e->field[1], mode, uid, gid, e->field[5][0],
			     maj, min);
}

static const struct spec_type spec_types[] = {
	{ "dir", 5, spec_dir_add },
	{ "file", 6, spec_file_add },
	{ "slink", 6, spec_slink_add },
	{ "nod", 8, spec_nod_add },
};

static const struct spec_type *spec_type_find(const char *type)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(spec_types); i++)
		if (!strcmp(spec_types[i].type, type))
			return &spec_types[i];
	return NULL;
}

struct spec {
	struct spec_entry *e;
	size_t n, cap;
};

static int spec_line_add(struct spec *s, char *line, const char *src,
			 unsigned int lineno)
{
	struct spec_entry *e;
	char *save, *tok;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		void *p = realloc(s->e, cap * sizeof(*s->e));

		if (!p)
			return -ENOMEM;
		s->e = p;
		s->cap = cap;
	}
	e = &s->e[s->n];
	memset(e, 0, sizeof(*e));
	e->line = line;
	e->src = src;
	e->lineno = lineno;
	for (tok = strtok_r(line, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (e->nfield == SPEC_FIELDS)
			return -E2BIG;
		e->field[e->nfield++] = tok;
	}
	if (!e->nfield)
		return 0;
	s->n++;
	return 0;
}

static int spec_read(struct spec *s, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	unsigned int lineno = 0;
	char *line = NULL;
	size_t cap = 0;
	int err = 0;

	if (!f)
		return -errno;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		if (line[0] == '#')
			continue;
		err = spec_line_add(s, line, path, lineno);
		if (err) {
			fprintf(stderr, "mkcpio: %s:%u: too many fields\n",
				path, lineno);
			break;
		}
		/* The entry keeps pointers into this line. */
		line = NULL;
		cap = 0;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return err;
}

static int spec_entry_cmp(const void *a, const void *b)
{
	const struct spec_entry *x = a, *y = b;
	const char *nx = x->field[1] ? x->field[1] : "";
	const char *ny = y->field[1] ? y->field[1] : "";

	while (*nx == '/')
		nx++;
	while (*ny == '/')
		ny++;
	return strcmp(nx, ny);
}

static int spec_write(struct spec *s, FILE *out, uint32_t mtime)
{
	struct cpio c;
	size_t i;
	int err;

	qsort(s->e, s->n, sizeof(*s->e), spec_entry_cmp);
	cpio_init(&c, out, mtime);
	for (i = 0; i < s->n; i++) {
		struct spec_entry *e = &s->e[i];
		const struct spec_type *t = spec_type_find(e->field[0]);

		if (!t || e->nfield != t->nfield) {
			fprintf(stderr, "mkcpio: %s:%u: %s entry '%s'\n",
				e->src, e->lineno,
				t ? "wrong number of fields in" : "unknown",
				e->field[0]);
			return -EINVAL;
		}
		if (i && !spec_entry_cmp(e, e - 1)) {
			fprintf(stderr, "mkcpio: %s:%u: duplicate entry %s\n",
				e->src, e->lineno, e->field[1]);
			return -EINVAL;
		}
		err = t->add(&c, e);
		if (err) {
			fprintf(stderr, "mkcpio: %s:%u: %s %s: %s\n", e->src,
				e->lineno, e->field[0], e->field[1],
				strerror(-err));
			return err;
		}
	}
	return cpio_finish(&c);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: mkcpio -o OUT [-t MTIME] SPEC...\n"
		"  SPEC lines: dir|file|slink|nod, see initramfs/mkcpio.c\n");
}

/* -o OUT [-t MTIME] and at least one SPEC; -EINVAL after saying why. */
static int mkcpio_args_parse(int argc, char **argv, const char **out,
			     unsigned int *mtime)
{
	int opt;

	while ((opt = getopt(argc, argv, "o:t:")) != -1) {
		switch (opt) {
		case 'o':
			*out = optarg;
			break;
		case 't':
			if (util_uint_parse(optarg, 0, UINT_MAX, mtime)) {
				fprintf(stderr, "mkcpio: bad mtime '%s'\n",
					optarg);
				return -EINVAL;
			}
			break;
		default:
			usage();
			return -EINVAL;
		}
	}
	if (!*out || optind == argc) {
		usage();
		return -EINVAL;
	}
	return 0;
}

/*
 * The archive under a temporary name beside @out, renamed into place:
 * @out is whole or untouched, and no temporary file is left.
 */
static int spec_archive_write(struct spec *s, const char *out,
			      unsigned int mtime)
{
	char *tmp;
	FILE *f;
	int err;

	if (asprintf(&tmp, "%s.tmp.%d", out, (int)getpid()) < 0)
		return -ENOMEM;
	f = fopen(tmp, "wb");
	if (!f) {
		err = -errno;
		fprintf(stderr, "mkcpio: %s: %s\n", tmp, strerror(-err));
		goto out;
	}
	err = spec_write(s, f, mtime);
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, out) < 0)
		err = -errno;
	if (err)
		fprintf(stderr, "mkcpio: %s: %s\n", out, strerror(-err));
out:
	if (err)
		unlink(tmp);
	free(tmp);
	return err;
}

static void spec_entries_free(struct spec *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->e[i].line);
	free(s->e);
}

int main(int argc, char **argv)
{
	struct spec s = { 0 };
	const char *out = NULL;
	unsigned int mtime = 0;
	int i, err = 0;

	if (mkcpio_args_parse(argc, argv, &out, &mtime))
		return 2;
	for (i = optind; i < argc && !err; i++) {
		err = spec_read(&s, argv[i]);
		if (err)
			fprintf(stderr, "mkcpio: %s: %s\n", argv[i],
				strerror(-err));
	}
	if (!err)
		err = spec_archive_write(&s, out, mtime);
	spec_entries_free(&s);
	return err ? 1 : 0;
}
