// SPDX-License-Identifier: GPL-2.0
/*
 * The import's transaction: every run of every directory given, or
 * nothing (history/import.c reads them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "history/history.h"
#include "history/import.h"

struct hist_add {
	struct hist_db db;
	char host[256];
	int added, known, skipped, quiet;
	char why[PATH_MAX + 600];
};

static int hist_id_get(void *ctx, int ncols, const char *const *cols)
{
	char *id = ctx;

	if (ncols > 0 && cols[0])
		snprintf(id, 32, "%s", cols[0]);
	return 0;
}

/* INSERT ... ON CONFLICT DO NOTHING, then the row's id. */
/* The select takes the first @nsel of the insert's @nins parameters. */
static int hist_key_id(struct hist_db *db, const char *ins, int nins,
		       const char *sel, int nsel, const char *const *p,
		       char *id)
{
	int err = hist_db_exec(db, ins, nins, p, NULL, NULL);

	*id = '\0';
	if (!err)
		err = hist_db_exec(db, sel, nsel, p, hist_id_get, id);
	return err ? err : *id ? 0 : -EIO;
}

static int hist_values_insert(struct hist_db *db, const char *run_id,
			      const struct json_value *stats)
{
	const struct json_value *v;
	char num[40];
	int err;

	for (v = stats->child; v; v = v->next) {
		const char *p[3] = { run_id, v->key, num };

		if (v->type != JSON_NUMBER)
			continue;
		snprintf(num, sizeof(num), "%.17g", v->number);
		err = hist_db_exec(
			db,
			"INSERT INTO \"values\" (run_id, metric, value)"
			" VALUES ($1, $2, $3)",
			3, p, NULL, NULL);
		if (err)
			return err;
	}
	return 0;
}

/* The run, its kernel, job and values; *@known: it was there already. */
static int hist_run_insert(struct hist_add *a, const struct hist_run *r,
			   int *known)
{
	const char *kp[5] = { r->release, r->commit, r->source, r->config_hash,
			      r->cmdline };
	const char *jp[3] = { r->test, r->params, r->headline };
	char kid[32], jid[32], rid[32] = "";
	int err;

	err = hist_key_id(
		&a->db,
		"INSERT INTO kernels (release, commit_id, source, config_hash, cmdline)"
		" VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
		5,
		"SELECT id FROM kernels WHERE release = $1 AND commit_id = $2"
		" AND source = $3 AND config_hash = $4",
		4, kp, kid);
	if (!err)
		err = hist_key_id(
			&a->db,
			"INSERT INTO jobs (test, params, headline)"
			" VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
			3,
			"SELECT id FROM jobs WHERE test = $1 AND params = $2",
			2, jp, jid);
	if (!err) {
		const char *rp[8] = { r->uid,  kid,	 jid,	    r->finished,
				      a->host, r->accel, r->timing, r->dir };

		err = hist_db_exec(
			&a->db,
			"INSERT INTO runs (uid, kernel_id, job_id, finished, host,"
			" accel, timing, dir) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
			" ON CONFLICT (uid) DO NOTHING RETURNING id",
			8, rp, hist_id_get, rid);
	}
	*known = !err && !*rid;
	if (err || *known)
		return err;
	return hist_values_insert(&a->db, rid, r->stats);
}

static int hist_run_add(void *ctx, const char *dir)
{
	struct hist_add *a = ctx;
	struct hist_run r;
	char why[600];
	int err, known = 0;

	err = hist_run_read(dir, &r, why, sizeof(why));
	if (err) {
		snprintf(a->why, sizeof(a->why), "%s: %s", dir, why);
		return err;
	}
	if (!r.ok) {
		a->skipped++;
		fprintf(stderr,
			"bootbench: history: %s not added: its status is %s (only complete ok runs have values)\n",
			dir, r.status);
		hist_run_free(&r);
		return 0;
	}
	err = hist_run_insert(a, &r, &known);
	if (!err) {
		a->known += known;
		a->added += !known;
		if (!a->quiet)
			printf("history: %s %s\n", known ? "known" : "added",
			       r.dir);
	} else {
		snprintf(a->why, sizeof(a->why), "%s: the database: %s", dir,
			 a->db.err);
	}
	hist_run_free(&r);
	return err;
}

static int hist_dir_add(struct hist_add *a, const char *dir)
{
	int before = a->added + a->known + a->skipped, err;

	if (access(dir, F_OK)) {
		snprintf(a->why, sizeof(a->why), "%s: %s", dir,
			 strerror(errno));
		return -ENOENT;
	}
	err = hist_runs_each(dir, hist_run_add, a);
	if (!err && a->added + a->known + a->skipped == before) {
		snprintf(
			a->why, sizeof(a->why),
			"%s holds no run directory (RESULTS/<test>/<params>/<release>/<N>/job.json)",
			dir);
		err = -ENOENT;
	}
	return err;
}

int hist_dirs_add(const char *where, char *const *dirs, int ndirs, int quiet)
{
	struct hist_add *a = calloc(1, sizeof(*a));
	int i, err, ret = HIST_EXIT_INFRA;

	if (!a)
		return HIST_EXIT_INFRA;
	a->quiet = quiet;
	gethostname(a->host, sizeof(a->host) - 1);
	if (hist_db_open(&a->db, where)) {
		fprintf(stderr,
			"bootbench: history: cannot open %s: %s: give HISTORY= (--db) a writable file or a postgresql:// URI\n",
			where, a->db.err);
		goto out;
	}
	err = hist_db_exec(&a->db, a->db.be->begin, 0, NULL, NULL, NULL);
	for (i = 0; !err && i < ndirs; i++)
		err = hist_dir_add(a, dirs[i]);
	if (err == -EIO && !*a->why)
		snprintf(a->why, sizeof(a->why), "the database: %s", a->db.err);
	if (!err)
		err = hist_db_exec(&a->db, "COMMIT", 0, NULL, NULL, NULL);
	if (err) {
		hist_db_exec(&a->db, "ROLLBACK", 0, NULL, NULL, NULL);
		fprintf(stderr,
			"bootbench: history: nothing added to %s: %s%s\n",
			where, *a->why ? a->why : a->db.err,
			err == -EIO ? "" : ": fix or leave out that directory");
		ret = err == -EIO ? HIST_EXIT_INFRA : HIST_EXIT_BAD;
		goto out;
	}
	printf("history: %d added, %d known, %d skipped into %s\n", a->added,
	       a->known, a->skipped, where);
	ret = 0;
out:
	hist_db_close(&a->db);
	free(a);
	return ret;
}
