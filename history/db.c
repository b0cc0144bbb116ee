// SPDX-License-Identifier: GPL-2.0
/*
 * The history's schema, once, and the choice of backend. Each table is
 * one row of hist_schema; "%s" is the backend's auto-numbered id type.
 * Unknown text is '' rather than NULL, so that the UNIQUE keys that make
 * an import idempotent compare equal.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "history/history.h"

static const char *const hist_schema[] = {
	"CREATE TABLE IF NOT EXISTS kernels (id %s, release TEXT NOT NULL,"
	" commit_id TEXT NOT NULL, source TEXT NOT NULL,"
	" config_hash TEXT NOT NULL, cmdline TEXT NOT NULL,"
	" UNIQUE (release, commit_id, source, config_hash))",
	"CREATE TABLE IF NOT EXISTS jobs (id %s, test TEXT NOT NULL,"
	" params TEXT NOT NULL, headline TEXT NOT NULL,"
	" UNIQUE (test, params))",
	"CREATE TABLE IF NOT EXISTS runs (id %s, uid TEXT NOT NULL UNIQUE,"
	" kernel_id BIGINT NOT NULL REFERENCES kernels (id),"
	" job_id BIGINT NOT NULL REFERENCES jobs (id),"
	" finished TEXT NOT NULL, host TEXT NOT NULL, accel TEXT NOT NULL,"
	" timing TEXT NOT NULL, dir TEXT NOT NULL)",
	"CREATE TABLE IF NOT EXISTS \"values\" ("
	" run_id BIGINT NOT NULL REFERENCES runs (id),"
	" metric TEXT NOT NULL, value DOUBLE PRECISION NOT NULL,"
	" PRIMARY KEY (run_id, metric))",
};

int hist_db_exec(struct hist_db *db, const char *sql, int n,
		 const char *const *params, hist_row_fn fn, void *ctx)
{
	return db->be->exec(db->h, sql, n, params, fn, ctx, db->err,
			    sizeof(db->err));
}

static int hist_schema_create(struct hist_db *db)
{
	char sql[512];
	size_t i;
	int err = 0;

	if (db->be->schema_lock)
		err = hist_db_exec(db, db->be->schema_lock, 0, NULL, NULL,
				   NULL);
	for (i = 0; !err && i < sizeof(hist_schema) / sizeof(hist_schema[0]);
	     i++) {
		snprintf(sql, sizeof(sql), hist_schema[i], db->be->id_type);
		err = hist_db_exec(db, sql, 0, NULL, NULL, NULL);
	}
	/* A session's advisory lock ends with it, should this fail. */
	if (!err && db->be->schema_unlock)
		err = hist_db_exec(db, db->be->schema_unlock, 0, NULL, NULL,
				   NULL);
	return err;
}

int hist_db_open(struct hist_db *db, const char *where)
{
	int err;

	db->h = NULL;
	db->err[0] = '\0';
	db->be = !strncmp(where, "postgresql://", 13) ||
				 !strncmp(where, "postgres://", 11) ?
			 &hist_pg_backend :
			 &hist_sqlite_backend;
	err = db->be->open(where, &db->h, db->err, sizeof(db->err));
	if (!err)
		err = hist_schema_create(db);
	if (err)
		hist_db_close(db);
	return err;
}

void hist_db_close(struct hist_db *db)
{
	if (db->h)
		db->be->close(db->h);
	db->h = NULL;
}

int hist_db_check(const char *where)
{
	struct hist_db db;

	if (!hist_db_open(&db, where)) {
		hist_db_close(&db);
		return 0;
	}
	fprintf(stderr,
		"bootbench: HISTORY=%s cannot be opened: %s: give HISTORY= a writable SQLite file or a postgresql:// URI\n",
		where, db.err);
	return HIST_EXIT_BAD;
}
