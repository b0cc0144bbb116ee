// SPDX-License-Identifier: GPL-2.0
/*
 * The git bootbench bisect needs, through shared/run.h: each call is
 * git -C TREE with its output (and its errors, which the caller turns
 * into one line of its own) read line by line. The user's repository
 * is only read, but for the revert's scratch worktree, removed after.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boot/bisect.h"
#include "shared/run.h"

/* The good commits of a long bisection are the most arguments. */
#define BISECT_GIT_ARGS (BISECT_RECS_MAX + 16)

struct bisect_git_out {
	char (*shas)[BISECT_SHA_LEN]; /* the lines' leading SHAs, or NULL */
	size_t max, n;
	unsigned int lines;
};

static void bisect_git_line(const char *line, void *ctx)
{
	struct bisect_git_out *o = ctx;
	size_t len = strspn(line, "0123456789abcdef");

	o->lines++;
	if (!o->shas || len != BISECT_SHA_LEN - 1 || o->n == o->max)
		return;
	memcpy(o->shas[o->n], line, len);
	o->shas[o->n++][len] = '\0';
}

/* git -C @tree @args...: its exit status, or -errno; @last its last line. */
static int bisect_git_run(const char *tree, const char *const *args,
			  struct bisect_git_out *o, char *last, size_t size)
{
	const char *argv[BISECT_GIT_ARGS + 4] = { "git", "-C", tree };
	struct bisect_git_out none = { NULL, 0, 0, 0 };
	struct run_cmd c = { .uid = -1, .stderr_too = 1 };
	size_t i;

	for (i = 0; args[i]; i++) {
		if (i == BISECT_GIT_ARGS)
			return -E2BIG;
		argv[3 + i] = args[i];
	}
	argv[3 + i] = NULL;
	c.argv = (char *const *)argv;
	c.line = bisect_git_line;
	c.ctx = o ? o : &none;
	c.last = last;
	c.last_size = size;
	if (last && size)
		*last = '\0';
	return run_cmd_run(&c);
}

/* The one SHA a command prints: 0, or -ENOENT. */
static int bisect_git_sha(const char *tree, const char *const *args, char *sha)
{
	char shas[1][BISECT_SHA_LEN];
	struct bisect_git_out o = { shas, 1, 0, 0 };
	int rc = bisect_git_run(tree, args, &o, NULL, 0);

	if (rc < 0)
		return rc;
	if (rc || o.n != 1 || o.lines != 1)
		return -ENOENT;
	strcpy(sha, shas[0]);
	return 0;
}

int bisect_git_commit(const char *tree, const char *ref, char *sha)
{
	char spec[300];
	const char *args[] = { "rev-parse", "-q", "--verify", spec, NULL };

	if (!*ref || *ref == '-' ||
	    snprintf(spec, sizeof(spec), "%s^{commit}", ref) >=
		    (int)sizeof(spec))
		return -EINVAL;
	return bisect_git_sha(tree, args, sha);
}

int bisect_git_toplevel(const char *tree)
{
	const char *args[] = { "rev-parse", "--git-dir", NULL };
	int rc = bisect_git_run(tree, args, NULL, NULL, 0);

	return rc < 0 ? rc : rc ? -ENOENT : 0;
}

int bisect_git_is_ancestor(const char *tree, const char *a, const char *b)
{
	const char *args[] = { "merge-base", "--is-ancestor", a, b, NULL };
	int rc = bisect_git_run(tree, args, NULL, NULL, 0);

	return rc == 0 || rc == 1 ? rc : rc < 0 ? rc : -EIO;
}

int bisect_git_dirty(const char *tree)
{
	const char *bare[] = { "rev-parse", "--is-bare-repository", NULL };
	const char *args[] = { "status", "--porcelain", "--untracked-files=no",
			       NULL };
	struct bisect_git_out o = { NULL, 0, 0, 0 };
	char last[16];
	int rc = bisect_git_run(tree, bare, NULL, last, sizeof(last));

	/* A bare repository has no work tree to be dirty. */
	if (!rc && !strcmp(last, "true"))
		return 0;
	rc = bisect_git_run(tree, args, &o, NULL, 0);

	if (rc)
		return rc < 0 ? rc : -EIO;
	return o.lines ? 1 : 0;
}

int bisect_git_subject(const char *tree, const char *sha, char *buf,
		       size_t size)
{
	const char *args[] = { "log", "-1", "--format=%s", sha, "--", NULL };
	int rc = bisect_git_run(tree, args, NULL, buf, size);

	return rc < 0 ? rc : rc ? -ENOENT : 0;
}

int bisect_git_parent(const char *tree, const char *sha, char *parent)
{
	char spec[BISECT_SHA_LEN + 4];
	const char *args[] = { "rev-parse", "-q", "--verify", spec, NULL };

	snprintf(spec, sizeof(spec), "%s^1", sha);
	return bisect_git_sha(tree, args, parent);
}

int bisect_git_bisect_all(const char *tree, const char *bad,
			  char (*goods)[BISECT_SHA_LEN], size_t ngoods,
			  char (*all)[BISECT_SHA_LEN], size_t max, size_t *n,
			  size_t *total)
{
	const char *args[BISECT_GIT_ARGS + 1] = { "rev-list", "--bisect-all",
						  bad, "--not" };
	struct bisect_git_out o = { all, max, 0, 0 };
	size_t i;
	int rc;

	if (ngoods > BISECT_GIT_ARGS - 4)
		return -E2BIG;
	for (i = 0; i < ngoods; i++)
		args[4 + i] = goods[i];
	args[4 + i] = NULL;
	rc = bisect_git_run(tree, args, &o, NULL, 0);
	*n = o.n;
	*total = o.lines;
	return rc < 0 ? rc : rc ? -EIO : 0;
}

/* git -C @dir with a committer of its own: the user's config may lack one. */
static int bisect_git_revert_commit(const char *dir, const char *culprit,
				    char *sha)
{
	const char *revert[] = { "-c",	   "user.name=bootbench bisect",
				 "-c",	   "user.email=bootbench@localhost",
				 "revert", "--no-edit",
				 culprit,  NULL };
	const char *head[] = { "rev-parse", "-q", "--verify", "HEAD", NULL };
	const char *abort[] = { "revert", "--abort", NULL };
	int rc = bisect_git_run(dir, revert, NULL, NULL, 0);

	if (rc < 0)
		return rc;
	if (rc) {
		bisect_git_run(dir, abort, NULL, NULL, 0);
		return 1;
	}
	return bisect_git_sha(dir, head, sha);
}

int bisect_git_revert(const char *tree, const char *dir, const char *bad,
		      const char *culprit, char *sha)
{
	const char *add[] = { "worktree", "add", "-q", "--detach",
			      dir,	  bad,	 NULL };
	const char *rm[] = { "worktree", "remove", "--force", dir, NULL };
	const char *prune[] = { "worktree", "prune", NULL };
	int rc;

	bisect_git_run(tree, rm, NULL, NULL, 0);
	bisect_git_run(tree, prune, NULL, NULL, 0);
	rc = bisect_git_run(tree, add, NULL, NULL, 0);
	if (rc)
		return rc < 0 ? rc : -EIO;
	rc = bisect_git_revert_commit(dir, culprit, sha);
	bisect_git_run(tree, rm, NULL, NULL, 0);
	return rc;
}
