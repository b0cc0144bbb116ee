// SPDX-License-Identifier: GPL-2.0
/*
 * Module loading for distribution kernels: the appliance's own needs by
 * name, then coldplug, i.e. every device's modalias, as udev would.
 * A kernel with everything built in has no /lib/modules tree here and
 * loads nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <libkmod.h>

#include "init.h"

static const char *const modules_needed[] = {
	"virtio_pci",
	"virtio_console",
};

static struct kmod_ctx *modules_ctx;
static unsigned int modules_loaded;

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

static int modules_coldplug_one(const char *path, const struct stat *st,
				int flag, struct FTW *ftw)
{
	char alias[512];

	(void)st;
	if (flag != FTW_F || strcmp(path + ftw->base, "modalias"))
		return 0;
	if (file_read(path, alias, sizeof(alias)) > 0 && alias[0])
		modules_probe(alias);
	return 0;
}

/* This kernel's module tree: 1 when it has one, 0 when not, or -errno. */
static int modules_ctx_open(void)
{
	const char *no_config = NULL;
	char dir[300];
	struct utsname u;
	int err;

	uname(&u);
	snprintf(dir, sizeof(dir), "/lib/modules/%s", u.release);
	if (access(dir, F_OK))
		return 0;
	/*
	 * An empty configuration list: no modprobe.d in the image. Options
	 * still come from the command line (brd.rd_size=, init/disks.c).
	 */
	modules_ctx = kmod_new(dir, &no_config);
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

	*nloaded = 0;
	err = modules_ctx_open();
	if (err <= 0)
		return err;
	for (i = 0; i < sizeof(modules_needed) / sizeof(modules_needed[0]); i++)
		modules_probe(modules_needed[i]);
	/* A loaded bus driver adds devices: walk again for their aliases. */
	for (pass = 0; pass < 2; pass++) {
		unsigned int before = modules_loaded;

		nftw("/sys/devices", modules_coldplug_one, 32, FTW_PHYS);
		if (modules_loaded == before)
			break;
	}
	*nloaded = modules_loaded;
	/* Kept open: the job's modules (modules_probe_name) come next. */
	return 0;
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
