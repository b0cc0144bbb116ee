// SPDX-License-Identifier: GPL-2.0
/*
 * mklayer: print the mkcpio list of a layer holding binaries and every
 * shared library they need, as initramfs-tools' copy_exec does, but
 * from the ELF files themselves rather than from ldd: the program
 * interpreter (PT_INTERP), then each DT_NEEDED looked up in the
 * object's DT_RUNPATH (or DT_RPATH), the directories of ld.so.conf and
 * the default ones, recursively. A file named that is no ELF file is
 * data a benchmark reads (dbench's load file): copied as it is, with
 * its mode.
 *
 * With -r ROOT every path is looked up inside ROOT, an unpacked tree
 * of Debian packages (initramfs/layer.sh), symbolic links included,
 * with the tree's own dynamic loader, libc and ld.so.conf.d: nothing of
 * the host goes in. A path under /bin, /sbin or /lib* missing there is
 * looked for under /usr too, and the other way round (a release before
 * or after the /usr merge). Without -r the tree is the host's.
 * Files keep their guest paths, so the guest's dynamic loader finds
 * them where it looks.
 *
 * With -p PREFIX every guest path is under PREFIX (/opt/debian/trixie:
 * a layer of another Debian release beside the image's own, which its
 * programs reach through their own loader, benchmarks/external.h).
 *
 * Usage: mklayer [-r ROOT] [-p PREFIX] FILE...
 *        mklayer --rows
 * A library that cannot be found is a one-line error and exit 2.
 * --rows prints the layers Debian's packages make, one a line: the
 * name, its packages and its files, separated by tabs (benchmarks/
 * debian.def and each benchmark's descriptor), for layer.sh, which
 * cannot read C.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/util.h"

#define LAYER_MAX 512
#define LAYER_DIRS 64

struct layer {
	char *files[LAYER_MAX]; /* guest paths */
	char *srcs[LAYER_MAX]; /* where they are read, in the root */
	unsigned int modes[LAYER_MAX];
	const char *root; /* "" for the host */
	int nfiles;
	char *dirs[LAYER_DIRS]; /* the host's library search path */
	int ndirs;
	Elf64_Half machine;
};

struct elf_view {
	const unsigned char *map;
	size_t size;
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
};

static int layer_has(const struct layer *l, const char *path)
{
	int i;

	for (i = 0; i < l->nfiles; i++)
		if (!strcmp(l->files[i], path))
			return 1;
	return 0;
}

static void layer_dir_add(struct layer *l, const char *dir)
{
	int i;

	for (i = 0; i < l->ndirs; i++)
		if (!strcmp(l->dirs[i], dir))
			return;
	if (l->ndirs < LAYER_DIRS)
		l->dirs[l->ndirs++] = strdup(dir);
}

static void layer_conf_read(struct layer *l, const char *path, int depth);

/* Read the ld.so.conf files that guest pattern @pattern names. */
static void layer_conf_glob(struct layer *l, const char *pattern, int depth)
{
	char host[PATH_MAX];
	size_t i, skip = strlen(l->root);
	glob_t g;

	snprintf(host, sizeof(host), "%s%s", l->root, pattern);
	if (glob(host, 0, NULL, &g))
		return;
	for (i = 0; i < g.gl_pathc; i++)
		layer_conf_read(l, g.gl_pathv[i] + skip, depth + 1);
	globfree(&g);
}

/* The directories of one ld.so.conf file, following its includes. */
static void layer_conf_read(struct layer *l, const char *path, int depth)
{
	char line[512], host[PATH_MAX];
	FILE *f;

	snprintf(host, sizeof(host), "%s%s", l->root, path);
	f = fopen(host, "r");

	if (!f || depth > 4) {
		if (f)
			fclose(f);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *s = line + strspn(line, " \t");

		s[strcspn(s, "#\r\n")] = '\0';
		if (!strncmp(s, "include", 7) &&
		    (s[7] == ' ' || s[7] == '\t')) {
			s += 8 + strspn(s + 8, " \t");
			layer_conf_glob(l, s, depth);
		} else if (*s == '/') {
			s[strcspn(s, " \t")] = '\0';
			layer_dir_add(l, s);
		}
	}
	fclose(f);
}

static void layer_path_init(struct layer *l)
{
	static const char *const defaults[] = { "/lib64", "/usr/lib64", "/lib",
						"/usr/lib" };
	char *env = getenv("LD_LIBRARY_PATH"), *copy, *dir, *save = NULL;
	size_t i;

	/* A tree has libc6's ld.so.conf.d but not libc-bin's ld.so.conf. */
	if (*l->root) {
		env = NULL;
		layer_conf_glob(l, "/etc/ld.so.conf.d/*.conf", 0);
	}
	if (env && *env) {
		copy = strdup(env);
		for (dir = strtok_r(copy, ":", &save); dir;
		     dir = strtok_r(NULL, ":", &save))
			layer_dir_add(l, dir);
		free(copy);
	}
	layer_conf_read(l, "/etc/ld.so.conf", 0);
	for (i = 0; i < ARRAY_SIZE(defaults); i++)
		layer_dir_add(l, defaults[i]);
}

static int elf_open(const char *path, struct elf_view *v)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
		close(fd);
		return -ENOEXEC;
	}
	v->size = st.st_size;
	v->map = mmap(NULL, v->size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (v->map == MAP_FAILED)
		return -errno;
	v->eh = (const Elf64_Ehdr *)v->map;
	if (memcmp(v->eh->e_ident, ELFMAG, SELFMAG) ||
	    v->eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    v->eh->e_phoff + (size_t)v->eh->e_phnum * sizeof(Elf64_Phdr) >
		    v->size)
		err = -ENOEXEC;
	if (err)
		munmap((void *)v->map, v->size);
	else
		v->ph = (const Elf64_Phdr *)(v->map + v->eh->e_phoff);
	return err;
}

/* The file offset of a virtual address, through the PT_LOAD segments. */
static long elf_offset(const struct elf_view *v, Elf64_Addr addr)
{
	int i;

	for (i = 0; i < v->eh->e_phnum; i++) {
		const Elf64_Phdr *p = &v->ph[i];

		if (p->p_type == PT_LOAD && addr >= p->p_vaddr &&
		    addr < p->p_vaddr + p->p_filesz)
			return p->p_offset + (addr - p->p_vaddr);
	}
	return -1;
}

static const char *elf_str(const struct elf_view *v, long strtab,
			   Elf64_Xword off)
{
	if (strtab < 0 || (size_t)strtab + off >= v->size ||
	    !memchr(v->map + strtab + off, '\0', v->size - strtab - off))
		return NULL;
	return (const char *)v->map + strtab + off;
}

static const Elf64_Dyn *elf_dynamic(const struct elf_view *v, size_t *n)
{
	int i;

	for (i = 0; i < v->eh->e_phnum; i++) {
		const Elf64_Phdr *p = &v->ph[i];

		if (p->p_type == PT_DYNAMIC &&
		    p->p_offset + p->p_filesz <= v->size) {
			*n = p->p_filesz / sizeof(Elf64_Dyn);
			return (const Elf64_Dyn *)(v->map + p->p_offset);
		}
	}
	*n = 0;
	return NULL;
}

static int layer_file_add(struct layer *l, const char *path);

/* Drop the last component of @cur ("/a/b" becomes "/a"). */
static void path_up(char *cur)
{
	char *slash = strrchr(cur, '/');

	if (slash)
		*slash = '\0';
}

/*
 * The file behind guest path @path inside the root, following symbolic
 * links as the guest will (an absolute target starts again at the
 * root, never on the host), into @out.
 */
static int layer_root_walk(const struct layer *l, const char *path, char *out,
			   size_t size)
{
	char cur[PATH_MAX] = "", rest[PATH_MAX], target[PATH_MAX];
	size_t len, clen = 0;
	int hops = 0;
	struct stat st;
	ssize_t n;
	char *p;

	if (snprintf(rest, sizeof(rest), "%s", path) >= (int)sizeof(rest))
		return -ENAMETOOLONG;
	for (p = rest + strspn(rest, "/"); *p; p += strspn(p, "/")) {
		len = strcspn(p, "/");
		if (clen + len + 2 > sizeof(cur))
			return -ENAMETOOLONG;
		cur[clen++] = '/';
		memcpy(cur + clen, p, len);
		cur[clen += len] = '\0';
		p += len;
		if (!strcmp(cur + clen - len - 1, "/.") ||
		    !strcmp(cur + clen - len - 1, "/..")) {
			path_up(cur);
			if (len == 2)
				path_up(cur);
			clen = strlen(cur);
			continue;
		}
		snprintf(out, size, "%s%s", l->root, cur);
		if (lstat(out, &st))
			return -errno;
		if (!S_ISLNK(st.st_mode))
			continue;
		n = readlink(out, target, sizeof(target) - 1);
		if (n < 0 || ++hops > 40)
			return n < 0 ? -errno : -ELOOP;
		target[n] = '\0';
		if (target[0] == '/')
			cur[0] = '\0';
		else
			path_up(cur);
		clen = strlen(cur);
		if (snprintf(out, size, "%s/%s", target, p) >= (int)size)
			return -ENAMETOOLONG;
		snprintf(rest, sizeof(rest), "%s", out);
		p = rest;
	}
	return snprintf(out, size, "%s%s", l->root, clen ? cur : "/") <
			       (int)size ?
		       0 :
		       -ENAMETOOLONG;
}

/*
 * Where guest path @path is read from: itself on the host; in a root,
 * through its links, or under its /usr alias (/sbin/x for /usr/sbin/x
 * and the other way round) when a release ships it there.
 */
static int layer_src_find(const struct layer *l, const char *path, char *out,
			  size_t size)
{
	static const char *const top[] = { "/bin/", "/sbin/", "/lib" };
	char alias[PATH_MAX];
	size_t i;
	int err;

	if (!*l->root)
		return snprintf(out, size, "%s", path) < (int)size ?
			       0 :
			       -ENAMETOOLONG;
	err = layer_root_walk(l, path, out, size);
	if (err != -ENOENT && err != -ENOTDIR)
		return err;
	for (i = 0; i < 3 && strncmp(path, top[i], strlen(top[i])); i++)
		;
	if (!strncmp(path, "/usr/", 5))
		snprintf(alias, sizeof(alias), "%s", path + 4);
	else if (i < 3)
		snprintf(alias, sizeof(alias), "/usr%s", path);
	else
		return err;
	return layer_root_walk(l, alias, out, size) ? err : 0;
}

/* Find @name as the dynamic loader would, for object @from. */
static int layer_lib_find(struct layer *l, const char *name,
			  const char *runpath, const char *from, char *out,
			  size_t size)
{
	char origin[4096], src[PATH_MAX], *copy, *dir, *save = NULL, *slash;
	struct elf_view v;
	int i, found = 0;

	snprintf(origin, sizeof(origin), "%s", from);
	slash = strrchr(origin, '/');
	if (slash)
		*slash = '\0';
	copy = strdup(runpath ? runpath : "");
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		int len;

		if (!strncmp(dir, "$ORIGIN", 7))
			len = snprintf(out, size, "%.2048s%s/%s", origin,
				       dir + 7, name);
		else
			len = snprintf(out, size, "%s/%s", dir, name);
		found = len > 0 && (size_t)len < size &&
			!layer_src_find(l, out, src, sizeof(src)) &&
			!access(src, R_OK);
	}
	free(copy);
	for (i = 0; i < l->ndirs && !found; i++) {
		snprintf(out, size, "%s/%s", l->dirs[i], name);
		if (layer_src_find(l, out, src, sizeof(src)) ||
		    access(src, R_OK) || elf_open(src, &v))
			continue;
		/* Skip another architecture's library of the same name. */
		found = v.eh->e_machine == l->machine;
		munmap((void *)v.map, v.size);
	}
	return found ? 0 : -ENOENT;
}

static int layer_needed_add(struct layer *l, const struct elf_view *v,
			    const char *path)
{
	const char *runpath = NULL, *name;
	const Elf64_Dyn *d;
	char lib[4096];
	long strtab = -1;
	size_t n, i;
	int err;

	d = elf_dynamic(v, &n);
	for (i = 0; i < n && d[i].d_tag != DT_NULL; i++)
		if (d[i].d_tag == DT_STRTAB)
			strtab = elf_offset(v, d[i].d_un.d_ptr);
	for (i = 0; i < n && d[i].d_tag != DT_NULL; i++)
		if (d[i].d_tag == DT_RUNPATH ||
		    (d[i].d_tag == DT_RPATH && !runpath))
			runpath = elf_str(v, strtab, d[i].d_un.d_val);
	for (i = 0; i < n && d[i].d_tag != DT_NULL; i++) {
		if (d[i].d_tag != DT_NEEDED)
			continue;
		name = elf_str(v, strtab, d[i].d_un.d_val);
		if (!name)
			return -ENOEXEC;
		if (layer_lib_find(l, name, runpath, path, lib, sizeof(lib))) {
			fprintf(stderr,
				*l->root ?
					"bootbench: %s needs %s, which no package of the layer has: add the package that ships it to the packages of the layer's DEBIAN row (benchmarks/debian.def or the benchmark's .desc)\n" :
					"bootbench: %s needs %s, which is not in its RUNPATH nor the host's library path: install the package that has it\n",
				path, name);
			return -ENOENT;
		}
		err = layer_file_add(l, lib);
		if (err)
			return err;
	}
	return 0;
}

/* Add one ELF file, its interpreter and its libraries, recursively. */
static int layer_file_add(struct layer *l, const char *path)
{
	char src[PATH_MAX];
	struct elf_view v;
	int i, err;

	if (layer_has(l, path))
		return 0;
	if (l->nfiles == LAYER_MAX)
		return -E2BIG;
	err = layer_src_find(l, path, src, sizeof(src));
	if (!err)
		err = elf_open(src, &v);
	if (err) {
		fprintf(stderr, "bootbench: %s: %s\n", path,
			err == -ENOEXEC ? "not a 64-bit ELF file" :
					  strerror(-err));
		return err;
	}
	if (!l->machine)
		l->machine = v.eh->e_machine;
	l->modes[l->nfiles] = 0755;
	l->srcs[l->nfiles] = strdup(src);
	l->files[l->nfiles++] = strdup(path);
	for (i = 0; i < v.eh->e_phnum && !err; i++) {
		const Elf64_Phdr *p = &v.ph[i];
		char interp[4096];

		if (p->p_type != PT_INTERP || p->p_filesz >= sizeof(interp) ||
		    p->p_offset + p->p_filesz > v.size)
			continue;
		memcpy(interp, v.map + p->p_offset, p->p_filesz);
		interp[p->p_filesz] = '\0';
		err = layer_file_add(l, interp);
	}
	if (!err)
		err = layer_needed_add(l, &v, path);
	munmap((void *)v.map, v.size);
	return err;
}

/* 1 when @path starts as an ELF file does, or cannot be read (said later). */
static int layer_elf_is(const struct layer *l, const char *path)
{
	char magic[SELFMAG], src[PATH_MAX];
	ssize_t n;
	int fd;

	if (layer_src_find(l, path, src, sizeof(src)))
		return 1;
	fd = open(src, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 1;
	n = read(fd, magic, sizeof(magic));
	close(fd);
	return n == SELFMAG && !memcmp(magic, ELFMAG, SELFMAG);
}

/* Add a data file, which needs nothing else. */
static int layer_data_add(struct layer *l, const char *path)
{
	char src[PATH_MAX];
	struct stat st;

	if (layer_has(l, path))
		return 0;
	if (l->nfiles == LAYER_MAX)
		return -E2BIG;
	if (layer_src_find(l, path, src, sizeof(src)) || stat(src, &st)) {
		fprintf(stderr, "bootbench: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "bootbench: %s: not a regular file\n", path);
		return -EINVAL;
	}
	l->modes[l->nfiles] = st.st_mode & 0777;
	l->srcs[l->nfiles] = strdup(src);
	l->files[l->nfiles++] = strdup(path);
	return 0;
}

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every parent directory once, then the files (mkcpio sorts them). */
static void layer_spec_print(struct layer *l)
{
	char *dirs[LAYER_MAX * 4];
	int i, n = 0;

	for (i = 0; i < l->nfiles; i++) {
		char *p = strdup(l->files[i]), *s = p;

		while ((s = strchr(s + 1, '/')) && n < LAYER_MAX * 4) {
			*s = '\0';
			dirs[n++] = strdup(p);
			*s = '/';
		}
		free(p);
	}
	qsort(dirs, n, sizeof(dirs[0]), path_cmp);
	for (i = 0; i < n; i++)
		if (!i || strcmp(dirs[i], dirs[i - 1]))
			printf("dir %s 755 0 0\n", dirs[i]);
	for (i = 0; i < l->nfiles; i++)
		printf("file %s %s %o 0 0\n", l->files[i], l->srcs[i],
		       l->modes[i]);
}

static const struct layer_row {
	const char *name, *packages, *files;
} layer_rows[] = {
#define DEBIAN_RELEASE(release)
#define DEBIAN(test, package, files) { #test, package, files },
#include "benchmarks/debian.def"
#undef DEBIAN
#undef DEBIAN_RELEASE
};

static void layer_rows_print(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(layer_rows); i++)
		printf("%s\t%s\t%s\n", layer_rows[i].name,
		       layer_rows[i].packages, layer_rows[i].files);
}

/* Every guest path under @prefix ("": as they are). 0 or -ENOMEM. */
static int layer_prefix(struct layer *l, const char *prefix)
{
	char *p;
	int i;

	for (i = 0; *prefix && i < l->nfiles; i++) {
		if (asprintf(&p, "%s%s", prefix, l->files[i]) < 0)
			return -ENOMEM;
		free(l->files[i]);
		l->files[i] = p;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct layer l = { .root = "" };
	const char *prefix = "";
	int i = 1, err = 0;

	if (argc == 2 && !strcmp(argv[1], "--rows")) {
		layer_rows_print();
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "-r")) {
		l.root = argv[2];
		i = 3;
	}
	if (argc > i + 1 && !strcmp(argv[i], "-p")) {
		prefix = argv[i + 1];
		i += 2;
	}
	if (argc <= i || (*prefix && *prefix != '/')) {
		fprintf(stderr,
			"usage: mklayer [-r ROOT] [-p /PREFIX] FILE... | --rows\n");
		return 2;
	}
	layer_path_init(&l);
	for (; i < argc && !err; i++) {
		if (argv[i][0] != '/') {
			fprintf(stderr,
				"bootbench: mklayer: %s: give an absolute path\n",
				argv[i]);
			return 2;
		}
		err = layer_elf_is(&l, argv[i]) ? layer_file_add(&l, argv[i]) :
						  layer_data_add(&l, argv[i]);
	}
	if (err == -E2BIG)
		fprintf(stderr, "bootbench: more than %d files in one layer\n",
			LAYER_MAX);
	if (err || layer_prefix(&l, prefix))
		return 2;
	layer_spec_print(&l);
	return 0;
}
