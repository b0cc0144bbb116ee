// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "shared/run.h"

struct external_lines {
	external_line_fn line;
	void *ctx;
};

static void external_line(const char *line, void *ctx)
{
	struct external_lines *l = ctx;

	/* Never let its text pass for one of our protocol lines. */
	if (!strncmp(line, "metric ", 7) || !strncmp(line, "progress ", 9))
		printf("| %s\n", line);
	else
		printf("%s\n", line);
	if (l->line)
		l->line(line, l->ctx);
}

static const char *external_root(void)
{
	const char *root = getenv("BOOTBENCH_ROOT");

	return root && *root ? root : NULL;
}

const char *external_path(const char *path, char *buf, size_t size)
{
	const char *root = external_root();

	if (!root)
		return path;
	/* Cut short, it names nothing: never the host's file. */
	snprintf(buf, size, "%s%s", root, path);
	return buf;
}

/* The interpreter (PT_INTERP) ELF file @prog names, into @buf: "" if none. */
static int external_interp(const char *prog, char *buf, size_t size)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd = open(prog, O_RDONLY | O_CLOEXEC), err = 0;
	unsigned int i;

	if (fd < 0)
		return -errno;
	*buf = '\0';
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64)
		err = -ENOEXEC;
	for (i = 0; !err && i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph),
			  eh.e_phoff + (off_t)i * eh.e_phentsize) != sizeof(ph))
			err = -ENOEXEC;
		else if (ph.p_type != PT_INTERP)
			continue;
		else if (!ph.p_filesz || ph.p_filesz >= size ||
			 pread(fd, buf, ph.p_filesz, ph.p_offset) !=
				 (ssize_t)ph.p_filesz)
			err = -ENOEXEC;
		else
			buf[ph.p_filesz - 1] = '\0';
		break;
	}
	close(fd);
	return err;
}

/* ":dir1:dir2:": the tree's directories that hold a shared library. */
static char external_libs[16384];

static int external_lib_dir(const char *path, const struct stat *st, int type,
			    struct FTW *f)
{
	const char *so = strstr(path + f->base, ".so");
	size_t len = strlen(external_libs), dir = f->base - 1;

	(void)st;
	if ((type != FTW_F && type != FTW_SL) || !so || (so[3] && so[3] != '.'))
		return 0;
	if (len + dir + 2 >= sizeof(external_libs)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* Appended, then dropped when it was there already. */
	snprintf(external_libs + len, sizeof(external_libs) - len,
		 "%.*s:", (int)dir, path);
	if (strstr(external_libs, external_libs + len - 1) <
	    external_libs + len - 1)
		external_libs[len] = '\0';
	return 0;
}

/*
 * @argv run from BOOTBENCH_ROOT, into @v (room for argv's and 3 more):
 * @prog, the tree's program, started by the tree's own dynamic loader
 * (into @loader) with the tree's libraries first, as in the guest (the
 * host's loader would not match the tree's libc). 0 or -errno.
 */
static int external_rooted(const char *root, char *const argv[], char *prog,
			   char *loader, size_t size, char **v)
{
	char interp[4096];
	int err = external_interp(prog, interp, sizeof(interp));

	if (err)
		return err;
	if (*interp) {
		snprintf(loader, size, "%s%s", root, interp);
		strcpy(external_libs, ":");
		if (access(loader, X_OK) ||
		    nftw(root, external_lib_dir, 16, FTW_PHYS))
			return -errno;
		/* No empty entry at the end: that would be ".". */
		external_libs[strlen(external_libs) - 1] = '\0';
		*v++ = loader;
		*v++ = "--library-path";
		*v++ = external_libs + 1;
	}
	*v++ = prog;
	while (*++argv)
		*v++ = *argv;
	*v = NULL;
	return 0;
}

int external_run_in(const char *tree, char *const argv[], const char *dir,
		    long uid, external_line_fn line, void *ctx)
{
	struct external_lines l = { line, ctx };
	char prog[4096], loader[4096], root[4096], **v;
	struct run_cmd c = {
		.argv = argv,
		.dir = dir,
		.uid = uid,
		.stderr_too = 1,
		.line = external_line,
		.ctx = &l,
	};
	size_t n = 0;
	int status;

	/* The tree, under BOOTBENCH_ROOT natively; "" is the root itself. */
	if (tree && *tree)
		snprintf(root, sizeof(root), "%s",
			 external_path(tree, prog, sizeof(prog)));
	else
		snprintf(root, sizeof(root), "%s",
			 external_root() ? external_root() : "");
	snprintf(prog, sizeof(prog), "%s%s", root, argv[0]);
	/* A missing program is the caller's -ENOENT, not exit 127. */
	if (access(prog, X_OK))
		return -errno;
	if (!*root)
		return run_cmd_run(&c);
	while (argv[n])
		n++;
	v = calloc(n + 4, sizeof(*v));
	if (!v)
		return -ENOMEM;
	status = external_rooted(root, argv, prog, loader, sizeof(loader), v);
	c.argv = v;
	if (!status)
		status = run_cmd_run(&c);
	free(v);
	return status;
}

int external_run(char *const argv[], const char *dir, long uid,
		 external_line_fn line, void *ctx)
{
	return external_run_in(NULL, argv, dir, uid, line, ctx);
}
