// SPDX-License-Identifier: GPL-2.0
/*
 * The Debian benchmarks of a job (benchmarks/debian.def): the image
 * must carry their layer, and job.json records the packages' versions,
 * which initramfs/layer.sh wrote beside the image (IMAGE.packages).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bootbench.h"
#include "debian.h"
#include "imageplan.h"
#include "shared/util.h"

static const struct debian_bench {
	const char *test, *package;
} debian_benches[] = {
#define DEBIAN_RELEASE(release)
#define DEBIAN(test, package, binaries) { #test, package },
#include "benchmarks/debian.def"
#undef DEBIAN
#undef DEBIAN_RELEASE
};

/* 1 when "pkg version" @line is in list @buf already (layers share libc6). */
static int debian_package_has(const char *buf, const char *line)
{
	size_t n = strlen(line);
	const char *p;

	for (p = strstr(buf, line); p; p = strstr(p + 1, line))
		if ((p == buf || p[-1] == ' ') && (!p[n] || p[n] == ','))
			return 1;
	return 0;
}

/*
 * "pkg version, pkg version" from IMAGE.packages, each once; "" when it
 * has none.
 */
int debian_packages_read(const char *initrd, char *buf, size_t size)
{
	char path[4200], line[256];
	size_t len = 0;
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s.packages", initrd);
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? 0 : -errno;
	while (fgets(line, sizeof(line), f) && len < size) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && !debian_package_has(buf, line))
			len += snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", line);
	}
	fclose(f);
	return len < size ? 0 : -E2BIG;
}

/* Whether @name (a test, fs-<fs>, md, fs2-nfs) has a layer: a debian.def row. */
int debian_layer_known(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(debian_benches); i++)
		if (!strcmp(name, debian_benches[i].test))
			return 1;
	return 0;
}

struct debian_check {
	const struct run_opts *o;
	const char *have;
};

/* Layer @name (a test, fs-<fs>, md, fs2-nfs) is in the image when it has one. */
static int debian_layer_check(const char *name, const char *why, void *ctx)
{
	const struct debian_check *c = ctx;
	char want[128];
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(debian_benches); i++) {
		if (strcmp(name, debian_benches[i].test))
			continue;
		/* Its line, first or after a ", ". */
		/* A row's first package is the benchmark's ("/release" cut). */
		n = snprintf(want, sizeof(want), ", %.*s ",
			     (int)strcspn(debian_benches[i].package, " /"),
			     debian_benches[i].package);
		if (strncmp(c->have, want + 2, n - 2) && !strstr(c->have, want))
			return bad_input(
				"%s runs Debian's %s, but initramfs %s has no layer for it: run it through 'make run' (initramfs/image.sh adds the layer)",
				why, debian_benches[i].package, c->o->initrd);
	}
	return 0;
}

/* Every Debian benchmark and disk tool of the job is in the image. */
int debian_layers_check(const struct run_opts *o)
{
	char have[8192];
	struct debian_check c = { o, have };
	int err;

	err = debian_packages_read(o->initrd, have, sizeof(have));
	if (err)
		return bad_input(
			"%s.packages: %s: rebuild the image with 'make run'",
			o->initrd, strerror(-err));
	return image_layers_each(o, debian_layer_check, &c);
}
