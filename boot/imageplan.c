// SPDX-License-Identifier: GPL-2.0
/*
 * What a job's image must hold beyond the core: its benchmarks' programs,
 * the image layers of its Debian programs (benchmarks/debian.def: a
 * test's own, fs-<fs>, md or fs2-<server> of proto/storage.def) and the
 * module sets beside modules.list (initramfs/modules-<set>.list). Said once, here,
 * from the job as the host tool reads it: `bootbench run --image-plan`
 * prints it for initramfs/image.sh, and the run checks the image it is
 * given against the same list of layers.
 */
#include <stdio.h>
#include <string.h>

#include "benchmarks/params.h"
#include "bootbench.h"
#include "debian.h"
#include "imageplan.h"
#include "lib/strv.h"
#include "lib/tests.h"
#include "proto/storage.h"
#include "shared/modsets.h"
#include "shared/util.h"

/*
 * Whether the job runs a program built dynamic with glibc: one of its
 * tests takes exec_link (its BENCH row (benchmarks/<name>.desc)) and the job says dynamic.
 */
static int image_glibc_needs(const struct run_opts *o)
{
	const char *link = run_param_value("exec_link", o);
	int t;

	if (!link || strcmp(link, "dynamic"))
		return 0;
	for (t = 0; t < o->ntests; t++)
		if (strv_word_in(o->tests[t]->params, "exec_link"))
			return 1;
	return 0;
}

/*
 * The layers of test @t: its own, or for a test whose stressors choose
 * their stress-ng build (benchmarks/stress-ng.def's fourth field), the
 * layer of each build its stressors run on, each once: bookworm's for
 * STRESSOR=msg, trixie's alone for metamix, both for msg,metamix.
 */
static int image_test_layers(const struct run_opts *o, int t, image_item_fn fn,
			     void *ctx)
{
	const char *list = run_param_value("stressor", o), *s;
	const struct stressng_build *b, *done[8];
	char why[96], name[64];
	size_t n, ndone = 0, i;
	int err = 0;

	snprintf(why, sizeof(why), "TEST=%s", o->tests[t]->name);
	if (!list || !strv_word_in(o->tests[t]->params, "stressor"))
		return fn(o->tests[t]->name, why, ctx);
	for (s = list; *s && !err; s += n + !!s[n]) {
		n = strcspn(s, ",");
		snprintf(name, sizeof(name), "%.*s", (int)n, s);
		b = param_stressor_build(name);
		for (i = 0; b && i < ndone && done[i] != b; i++)
			;
		if (!b || i < ndone || ndone == ARRAY_SIZE(done))
			continue;
		done[ndone++] = b;
		snprintf(why, sizeof(why), "STRESSOR=%s", name);
		err = fn(b->layer, why, ctx);
	}
	return err;
}

/* Each layer the run needs: @fn(name, why, ctx); stops at its error. */
int image_layers_each(const struct run_opts *o, image_item_fn fn, void *ctx)
{
	const char *fs = run_param_value("fs", o);
	const char *fs2 = run_param_value("fs2", o);
	const struct storage_server *server = storage_server_find(fs2);
	const char *md = run_param_value("md", o);
	char name[64], why[96];
	int t, err = 0;

	for (t = 0; t < o->ntests && !err; t++)
		err = image_test_layers(o, t, fn, ctx);
	if (!err && image_glibc_needs(o))
		err = fn("glibc", "EXEC_LINK=dynamic", ctx);
	if (!err && fs) {
		snprintf(name, sizeof(name), "fs-%s", fs);
		snprintf(why, sizeof(why), "FS=%s", fs);
		err = fn(name, why, ctx);
	}
	if (!err && server) {
		snprintf(name, sizeof(name), "fs2-%s", server->name);
		snprintf(why, sizeof(why), "FS2=%s", fs2);
		err = fn(name, why, ctx);
	}
	if (!err && md) {
		snprintf(why, sizeof(why), "MD=%s", md);
		err = fn("md", why, ctx);
	}
	return err;
}

/*
 * Each module set the run needs beyond the virtio chain: a disk's block
 * and filesystem drivers, fs2's server and client (its STORAGE_SERVER
 * row's set), then what the benchmarks' descriptors ask for in MODULES rows
 * (netperf's SCTP tests the kernel's sctp, stress-ng's af-alg the
 * crypto API's AF_ALG: shared/modsets.h).
 */
int image_modsets_each(const struct run_opts *o, image_item_fn fn, void *ctx)
{
	const struct storage_server *server =
		storage_server_find(run_param_value("fs2", o));
	const char *v;
	char why[64];
	size_t i;
	int err = 0;

	if (run_param_value("disk", o))
		err = fn("disk", "DISK", ctx);
	if (!err && server)
		err = fn(server->modset, "FS2", ctx);
	for (i = 0; i < ARRAY_SIZE(modset_rows) && !err; i++) {
		v = run_param_value(modset_rows[i].key, o);
		if (!v || !modset_list_matches(v, modset_rows[i].pattern))
			continue;
		options_key_var(why, modset_rows[i].key, sizeof(why));
		err = fn(modset_rows[i].set, why, ctx);
	}
	return err;
}

/* Where a plan's lines go, and which kind of line. */
struct image_item_ctx {
	FILE *f;
	const char *kind;
};

static int image_item_print(const char *name, const char *why, void *ctx)
{
	const struct image_item_ctx *c = ctx;

	(void)why;
	fprintf(c->f, "%s %s\n", c->kind, name);
	return 0;
}

/* A layer only for what debian.def has: our own tests are in the base. */
static int image_layer_print(const char *name, const char *why, void *ctx)
{
	return debian_layer_known(name) ? image_item_print(name, why, ctx) : 0;
}

/*
 * --image-plan: "bench NAME", "layer NAME" and "modules SET" lines, one
 * combination's, on o->plan_out (stdout when NULL). The image holds
 * only the job's own benchmarks: a boot-only job's is 3.9 MB smaller
 * than one with all thirty.
 */
int image_plan_print(const struct run_opts *o)
{
	struct image_item_ctx layer = { o->plan_out ? o->plan_out : stdout,
					"layer" };
	struct image_item_ctx mods = { layer.f, "modules" };
	int t, err;

	for (t = 0; t < o->ntests; t++)
		fprintf(layer.f, "bench %s\n", o->tests[t]->name);
	err = image_layers_each(o, image_layer_print, &layer);
	if (!err)
		err = image_modsets_each(o, image_item_print, &mods);
	return err;
}
