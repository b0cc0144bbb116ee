// SPDX-License-Identifier: GPL-2.0
/*
 * Module loading for distribution kernels: the appliance's own needs by
 * name, then coldplug, i.e. every device's
 * modalias, as udev would, when the image holds a device's module that
 * is not in yet (a disk job's virtio_blk). A kernel with everything
 * built in has no /lib/modules tree here and loads nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <libkmod.h>

#include "init.h"
#include "shared/util.h"

static const char *const modules_needed[] = {
	"virtio_pci",
	"virtio_console",
};

static struct kmod_ctx *modules_ctx;
static unsigned int modules_loaded;
static char modules_dir[300];

static void modules_log(void *data, int priority, const char *file, int line,
			const char *fn, const char *format, va_list args)
{
	(void)data, (void)file, (void)line, (void)fn;
	if (priority <= 3) {
		fputs("bootbench-init: kmod: ", stderr);
		vfprintf(stderr, format, args);
	}
}

static int modules_probe(const char *alias)
{
	struct kmod_list *list = NULL, *l;
	int err;

	err = kmod_module_new_from_lookup(modules_ctx, alias, &list);
	if (err < 0)
		return err;
	kmod_list_foreach(l, list)
	{
		struct kmod_module *mod = kmod_module_get_module(l);
		int state = kmod_module_get_initstate(mod);

		if (state != KMOD_MODULE_LIVE && state != KMOD_MODULE_BUILTIN) {
			/* No shell behind install commands here. */
			err = kmod_module_probe_insert_module(
				mod, KMOD_PROBE_IGNORE_COMMAND, NULL, NULL,
				NULL, NULL);
			if (err == 0)
				modules_loaded++;
			else
				fprintf(stderr,
					"bootbench-init: loading %s: %s\n",
					kmod_module_get_name(mod),
					strerror(-err));
		}
		kmod_module_unref(mod);
	}
	kmod_module_unref_list(list);
	return 0;
}

/*
 * Whether a module that a device could ask for (one in modules.alias)
 * is not in yet: when every one is, as in a boot-only job's image,
 * coldplug has nothing to load and its walk (0.2 s under TCG) is saved.
 */
static int modules_coldplug_wanted(void)
{
	char path[400], line[512], name[128], sys[160];
	int wanted = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/modules.alias", modules_dir);
	f = fopen(path, "re");
	if (!f)
		return 1;
	while (!wanted && fgets(line, sizeof(line), f)) {
		char *p;

		if (sscanf(line, "alias %*s %127s", name) != 1)
			continue;
		/* /sys/module spells every name with underscores. */
		for (p = name; *p; p++)
			if (*p == '-')
				*p = '_';
		snprintf(sys, sizeof(sys), "/sys/module/%s", name);
		wanted = access(sys, F_OK) != 0;
	}
	fclose(f);
	return wanted;
}

/*
 * Every device with a modalias is on a bus: reading the buses' device
 * links visits those alone, not every attribute under /sys/devices.
 */
static void modules_coldplug(void)
{
	char alias[512];
	glob_t g;
	size_t i;

	if (glob("/sys/bus/*/devices/*/modalias", 0, NULL, &g))
		return;
	for (i = 0; i < g.gl_pathc; i++)
		if (file_read(g.gl_pathv[i], alias, sizeof(alias)) > 0)
			modules_probe(alias);
	globfree(&g);
}

/* This kernel's module tree: 1 when it has one, 0 when not, or -errno. */
static int modules_ctx_open(void)
{
	const char *no_config = NULL;
	struct utsname u;
	int err;

	uname(&u);
	snprintf(modules_dir, sizeof(modules_dir), "/lib/modules/%s",
		 u.release);
	if (access(modules_dir, F_OK))
		return 0;
	/*
	 * An empty configuration list: no modprobe.d in the image. Options
	 * still come from the command line (brd.rd_size=, init/disks.c).
	 */
	modules_ctx = kmod_new(modules_dir, &no_config);
	if (!modules_ctx)
		return -ENOMEM;
	kmod_set_log_fn(modules_ctx, modules_log, NULL);
	err = kmod_load_resources(modules_ctx);
	if (err < 0) {
		kmod_unref(modules_ctx);
		modules_ctx = NULL;
		return err;
	}
	return 1;
}

static void modules_ctx_close(void)
{
	kmod_unref(modules_ctx);
	modules_ctx = NULL;
}

int modules_load(unsigned int *nloaded)
{
	size_t i;
	int err, pass;

	/* Every step is marked, loaded or not: the trace reads the same. */
	err = modules_ctx_open();
	trace_mark("kmod-open");
	for (i = 0; err > 0 && i < ARRAY_SIZE(modules_needed); i++)
		modules_probe(modules_needed[i]);
	trace_mark("modules");
	/* A loaded bus driver adds devices: walk again for their aliases. */
	for (pass = 0; err > 0 && pass < 2 && modules_coldplug_wanted();
	     pass++) {
		unsigned int before = modules_loaded;

		modules_coldplug();
		if (modules_loaded == before)
			break;
	}
	trace_mark("coldplug");
	*nloaded = modules_loaded;
	/* Kept open: the job's modules (modules_probe_name) come next. */
	return err < 0 ? err : 0;
}

/*
 * A module a job needs later (a filesystem, md's level, brd, sctp):
 * loaded with its dependencies through the context the boot opened (a
 * context reads the module indexes once); nothing to do when built in
 * or the kernel has no module tree. Whether the kernel has it shows
 * when it is used.
 */
int modules_probe_name(const char *name)
{
	int err = modules_ctx ? 1 : modules_ctx_open();

	if (err <= 0)
		return err;
	return modules_probe(name);
}

/* Before the benchmarks: the indexes' memory is theirs again. */
void modules_release(void)
{
	if (modules_ctx)
		modules_ctx_close();
}
