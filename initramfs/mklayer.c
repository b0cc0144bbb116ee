// SPDX-License-Identifier: GPL-2.0
/*
 * mklayer: print the mkcpio list of a layer holding host binaries and
 * every shared library they need, as initramfs-tools' copy_exec does,
 * but from the ELF files themselves rather than from ldd: the program
 * interpreter (PT_INTERP), then each DT_NEEDED looked up in the
 * object's DT_RUNPATH (or DT_RPATH), LD_LIBRARY_PATH, the directories
 * of /etc/ld.so.conf and the default ones, recursively. Files keep
 * their host paths, so the guest's dynamic loader finds them where the
 * host's does. A file named that is no ELF file is data a benchmark
 * reads (dbench's load file): copied as it is, with its host mode.
 *
 * Usage: mklayer FILE...
 * A library that cannot be found is a one-line error and exit 2.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define LAYER_MAX 512
#define LAYER_DIRS 64

struct layer {
	char *files[LAYER_MAX]; /* guest paths = host paths */
	unsigned int modes[LAYER_MAX];
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

/* The directories of one ld.so.conf file, following its includes. */
static void layer_conf_read(struct layer *l, const char *path, int depth)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f || depth > 4) {
		if (f)
			fclose(f);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *s = line + strspn(line, " \t");
		glob_t g;
		size_t i;

		s[strcspn(s, "#\r\n")] = '\0';
		if (!strncmp(s, "include", 7) &&
		    (s[7] == ' ' || s[7] == '\t')) {
			s += 8 + strspn(s + 8, " \t");
			if (glob(s, 0, NULL, &g))
				continue;
			for (i = 0; i < g.gl_pathc; i++)
				layer_conf_read(l, g.gl_pathv[i], depth + 1);
			globfree(&g);
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

	if (env && *env) {
		copy = strdup(env);
		for (dir = strtok_r(copy, ":", &save); dir;
		     dir = strtok_r(NULL, ":", &save))
			layer_dir_add(l, dir);
		free(copy);
	}
	layer_conf_read(l, "/etc/ld.so.conf", 0);
	for (i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++)
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

/* Find @name as the dynamic loader would, for object @from. */
static int layer_lib_find(struct layer *l, const char *name,
			  const char *runpath, const char *from, char *out,
			  size_t size)
{
	char origin[4096], *copy, *dir, *save = NULL, *slash;
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
		found = len > 0 && (size_t)len < size && !access(out, R_OK);
	}
	free(copy);
	for (i = 0; i < l->ndirs && !found; i++) {
		snprintf(out, size, "%s/%s", l->dirs[i], name);
		if (access(out, R_OK) || elf_open(out, &v))
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
				"bootbench: %s needs %s, which is not in its RUNPATH nor the host's library path: install the package that has it (make deps)\n",
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
	struct elf_view v;
	int i, err;

	if (layer_has(l, path))
		return 0;
	if (l->nfiles == LAYER_MAX)
		return -E2BIG;
	err = elf_open(path, &v);
	if (err) {
		fprintf(stderr, "bootbench: %s: %s\n", path,
			err == -ENOEXEC ? "not a 64-bit ELF file" :
					  strerror(-err));
		return err;
	}
	if (!l->machine)
		l->machine = v.eh->e_machine;
	l->modes[l->nfiles] = 0755;
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
static int layer_elf_is(const char *path)
{
	char magic[SELFMAG];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 1;
	n = read(fd, magic, sizeof(magic));
	close(fd);
	return n == SELFMAG && !memcmp(magic, ELFMAG, SELFMAG);
}

/* Add a data file, which needs nothing else. */
static int layer_data_add(struct layer *l, const char *path)
{
	struct stat st;

	if (layer_has(l, path))
		return 0;
	if (l->nfiles == LAYER_MAX)
		return -E2BIG;
	if (stat(path, &st)) {
		fprintf(stderr, "bootbench: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "bootbench: %s: not a regular file\n", path);
		return -EINVAL;
	}
	l->modes[l->nfiles] = st.st_mode & 0777;
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
		printf("file %s %s %o 0 0\n", l->files[i], l->files[i],
		       l->modes[i]);
}

int main(int argc, char **argv)
{
	static struct layer l;
	int i, err = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: mklayer FILE...\n");
		return 2;
	}
	layer_path_init(&l);
	for (i = 1; i < argc && !err; i++) {
		if (argv[i][0] != '/') {
			fprintf(stderr,
				"bootbench: mklayer: %s: give an absolute path\n",
				argv[i]);
			return 2;
		}
		err = layer_elf_is(argv[i]) ? layer_file_add(&l, argv[i]) :
					      layer_data_add(&l, argv[i]);
	}
	if (err == -E2BIG)
		fprintf(stderr, "bootbench: more than %d files in one layer\n",
			LAYER_MAX);
	if (err)
		return 2;
	layer_spec_print(&l);
	return 0;
}
