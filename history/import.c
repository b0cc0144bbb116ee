// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench history add: run directories (docs/results.md) into the
 * history. A run is RESULTS/<test>/<params>/<release>/<N>: its job is
 * (test, params less the kernel command line), its kernel (release,
 * commit, source, the config's and the command line's hash), its
 * values stats.json's numbers. A run is known by a hash of its two
 * files, so an import is idempotent; all the directories of one call
 * go in one transaction, and one broken run refuses them all.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history/import.h"
#include "lib/fileio.h"
#include "lib/tests.h"
#include "proto/json_parse.h"

#define HIST_FILE_MAX (64u << 20)

static unsigned long long hist_fnv64(unsigned long long h, const char *s,
				     size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static const char *hist_json_str(const struct json_value *o, const char *k)
{
	const struct json_value *v = json_member(o, k);

	return v && v->type == JSON_STRING ? v->string : "";
}

/* @name of @dir, parsed; its text kept for the run's hash. */
static int hist_json_load(const char *dir, const char *name, char **text,
			  size_t *len, struct json_value **out, char *why,
			  size_t whylen)
{
	char path[PATH_MAX + 32], err[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	*text = file_read_capped(path, HIST_FILE_MAX, len);
	if (!*text) {
		snprintf(why, whylen, "%s: %s", name, strerror(errno));
		return -ENOENT;
	}
	if (json_parse(*text, *len, out, err, sizeof(err)) ||
	    (*out)->type != JSON_OBJECT) {
		snprintf(why, whylen, "%s is not a JSON object: %s", name,
			 (*out) ? "not an object" : err);
		return -EINVAL;
	}
	return 0;
}

/*
 * The path's components: .../<test>/<params>/<release>/<N>. The params
 * keep their command-line part (-cmdline=...) apart: it goes with the
 * kernel, so that one job's series runs over kernels booted with
 * different command lines.
 */
static int hist_path_split(const char *real, struct hist_run *r, char *why,
			   size_t whylen)
{
	char copy[PATH_MAX], *c[4], *p, *cmd;
	int i;

	snprintf(copy, sizeof(copy), "%s", real);
	for (i = 3; i >= 0; i--) {
		p = strrchr(copy, '/');
		if (!p || p == copy) {
			snprintf(
				why, whylen,
				"is not RESULTS/<test>/<params>/<release>/<N>");
			return -EINVAL;
		}
		c[i] = p + 1;
		*p = '\0';
	}
	snprintf(r->params, sizeof(r->params), "%s", c[1]);
	snprintf(r->tail, sizeof(r->tail), "%s/%s/%s/%s", c[0], c[1], c[2],
		 c[3]);
	cmd = strstr(r->params, "-cmdline=");
	snprintf(r->cmdline, sizeof(r->cmdline), "%s", cmd ? cmd + 9 : "");
	if (cmd)
		*cmd = '\0';
	if (strcmp(c[0], r->test) || strcmp(c[2], r->release)) {
		snprintf(
			why, whylen,
			"is not RESULTS/%s/<params>/%s/<N>, as its job.json says",
			r->test, r->release);
		return -EINVAL;
	}
	return 0;
}

/* The kernel's config beside its image (Debian's or a build tree's). */
static unsigned long long hist_config_hash(const char *kernel,
					   const char *release)
{
	char dir[PATH_MAX], path[PATH_MAX + 300], *p, *text;
	unsigned long long h = 14695981039346656037ull;
	size_t len;

	/* The image may be a link to Debian's /boot/vmlinuz-<release>. */
	if (!realpath(kernel, dir))
		snprintf(dir, sizeof(dir), "%s", kernel);
	p = strrchr(dir, '/');
	if (p)
		*p = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	snprintf(path, sizeof(path), "%s/config-%s", dir, release);
	text = file_read_capped(path, HIST_FILE_MAX, &len);
	if (!text) {
		snprintf(path, sizeof(path), "%s/../../../.config", dir);
		text = file_read_capped(path, HIST_FILE_MAX, &len);
	}
	if (!text)
		return 0;
	h = hist_fnv64(h, text, len);
	free(text);
	return h;
}

static int hist_job_check(const struct json_value *job, struct hist_run *r,
			  char *why, size_t whylen)
{
	const struct json_value *c = json_member(job, "complete");
	const char *status = hist_json_str(job, "status");

	snprintf(r->test, sizeof(r->test), "%s", hist_json_str(job, "test"));
	snprintf(r->release, sizeof(r->release), "%s",
		 hist_json_str(job, "release"));
	if (!*r->test || !*r->release || !*status) {
		snprintf(why, whylen,
			 "job.json has no test, release or status");
		return -EINVAL;
	}
	r->ok = c && c->type == JSON_BOOL && c->boolean &&
		!strcmp(status, "ok");
	snprintf(r->status, sizeof(r->status), "%s", status);
	snprintf(r->finished, sizeof(r->finished), "%s",
		 hist_json_str(job, "finished"));
	snprintf(r->accel, sizeof(r->accel), "%s", hist_json_str(job, "accel"));
	snprintf(r->timing, sizeof(r->timing), "%s",
		 hist_json_str(job, "timing"));
	snprintf(r->headline, sizeof(r->headline), "%s",
		 hist_json_str(job, "headline"));
	/* A replay's job.json names none: its test's (its descriptor's). */
	if (!*r->headline && test_find(r->test))
		snprintf(r->headline, sizeof(r->headline), "%s",
			 test_find(r->test)->headline);
	snprintf(r->source, sizeof(r->source), "%s",
		 hist_json_str(job, "kernel"));
	snprintf(r->commit, sizeof(r->commit), "%s",
		 hist_json_str(job, "commit"));
	return 0;
}

int hist_run_read(const char *dir, struct hist_run *r, char *why, size_t whylen)
{
	char real[PATH_MAX], *jt = NULL, *st = NULL;
	struct json_value *job = NULL;
	unsigned long long h = 14695981039346656037ull;
	size_t jl, sl;
	int err;

	memset(r, 0, sizeof(*r));
	if (!realpath(dir, real)) {
		snprintf(why, whylen, "%s", strerror(errno));
		return -ENOENT;
	}
	snprintf(r->dir, sizeof(r->dir), "%s", real);
	err = hist_json_load(real, "job.json", &jt, &jl, &job, why, whylen);
	if (!err)
		err = hist_job_check(job, r, why, whylen);
	if (!err)
		err = hist_path_split(real, r, why, whylen);
	if (!err && r->ok)
		err = hist_json_load(real, "stats.json", &st, &sl, &r->stats,
				     why, whylen);
	if (err)
		goto out;
	/*
	 * Its files and its place, <test>/<params>/<release>/<N>: two
	 * replays of one stream differ only there; a copied tree does not.
	 */
	h = hist_fnv64(hist_fnv64(h, jt, jl), st ? st : "", st ? sl : 0);
	h = hist_fnv64(h, r->tail, strlen(r->tail));
	snprintf(r->uid, sizeof(r->uid), "%016llx", h);
	h = hist_fnv64(hist_config_hash(r->source, r->release), r->cmdline,
		       strlen(r->cmdline));
	snprintf(r->config_hash, sizeof(r->config_hash), "%016llx", h);
out:
	json_value_free(job);
	free(jt);
	free(st);
	return err;
}

void hist_run_free(struct hist_run *r)
{
	json_value_free(r->stats);
	r->stats = NULL;
}

static int hist_walk(const char *dir, int depth, hist_dir_fn fn, void *ctx)
{
	char path[PATH_MAX];
	struct dirent **ents;
	int n, i, err = 0;

	snprintf(path, sizeof(path), "%s/job.json", dir);
	if (!access(path, F_OK))
		return fn(ctx, dir);
	if (depth == 0)
		return 0;
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return 0;
	for (i = 0; i < n; i++) {
		struct stat sb;

		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		if (!err && ents[i]->d_name[0] != '.' && !stat(path, &sb) &&
		    S_ISDIR(sb.st_mode))
			err = hist_walk(path, depth - 1, fn, ctx);
		free(ents[i]);
	}
	free(ents);
	return err;
}

int hist_runs_each(const char *dir, hist_dir_fn fn, void *ctx)
{
	return hist_walk(dir, 5, fn, ctx);
}
