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

/* Layer @name (a test, fs-<fs> or md) is in the image when it has one. */
static int debian_layer_check(const struct run_opts *o, const char *have,
			      const char *name, const char *why)
{
	char want[128];
	size_t i, n;

	for (i = 0; i < sizeof(debian_benches) / sizeof(debian_benches[0]);
	     i++) {
		if (strcmp(name, debian_benches[i].test))
			continue;
		/* Its line, first or after a ", ". */
		/* A row's first package is the benchmark's. */
		n = snprintf(want, sizeof(want), ", %.*s ",
			     (int)strcspn(debian_benches[i].package, " "),
			     debian_benches[i].package);
		if (strncmp(have, want + 2, n - 2) && !strstr(have, want))
			return bad_input(
				"%s runs Debian's %s, but initramfs %s has no layer for it: run it through 'make run' (initramfs/image.sh adds the layer)",
				why, debian_benches[i].package, o->initrd);
	}
	return 0;
}

/* Every Debian benchmark and disk tool of the job is in the image. */
int debian_layers_check(const struct run_opts *o)
{
	char have[8192], name[64], why[96];
	int t, err;

	err = debian_packages_read(o->initrd, have, sizeof(have));
	if (err)
		return bad_input(
			"%s.packages: %s: rebuild the image with 'make run'",
			o->initrd, strerror(-err));
	for (t = 0; t < o->ntests && !err; t++) {
		snprintf(why, sizeof(why), "TEST=%s", o->tests[t]->name);
		err = debian_layer_check(o, have, o->tests[t]->name, why);
	}
	if (!err && run_param_value("fs", o)) {
		snprintf(name, sizeof(name), "fs-%s", run_param_value("fs", o));
		snprintf(why, sizeof(why), "FS=%s", run_param_value("fs", o));
		err = debian_layer_check(o, have, name, why);
	}
	if (!err && run_param_value("fs2", o)) {
		snprintf(why, sizeof(why), "FS2=%s", run_param_value("fs2", o));
		err = debian_layer_check(o, have, "fs2-nfs", why);
	}
	if (!err && run_param_value("md", o)) {
		snprintf(why, sizeof(why), "MD=%s", run_param_value("md", o));
		err = debian_layer_check(o, have, "md", why);
	}
	return err;
}
