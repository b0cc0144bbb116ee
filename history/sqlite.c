// SPDX-License-Identifier: GPL-2.0
/*
 * The SQLite backend (Debian's libsqlite3): a file, written by several
 * processes at once. A writer takes the lock at BEGIN IMMEDIATE and the
 * others wait for it (the busy timeout) instead of failing.
 */
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>

#include "history/history.h"

/* How long a writer waits for another's transaction, in ms. */
#define HIST_SQLITE_BUSY_MS 120000

static int hist_sqlite_open(const char *where, void **h, char *err,
			    size_t errlen)
{
	sqlite3 *db = NULL;
	int rc;

	rc = sqlite3_open_v2(where, &db,
			     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "%s",
			 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
		sqlite3_close(db);
		return -EIO;
	}
	sqlite3_busy_timeout(db, HIST_SQLITE_BUSY_MS);
	sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	*h = db;
	return 0;
}

static void hist_sqlite_close(void *h)
{
	sqlite3_close(h);
}

/* The rows of a prepared statement, each as text, to @fn. */
static int hist_sqlite_rows(sqlite3_stmt *st, hist_row_fn fn, void *ctx)
{
	const char *cols[16];
	int rc, i, n, ret;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		n = sqlite3_column_count(st);
		if (n > 16)
			n = 16;
		for (i = 0; i < n; i++)
			cols[i] = (const char *)sqlite3_column_text(st, i);
		ret = fn ? fn(ctx, n, cols) : 0;
		if (ret)
			return ret;
	}
	return rc == SQLITE_DONE ? 0 : -EIO;
}

static int hist_sqlite_exec(void *h, const char *sql, int n,
			    const char *const *params, hist_row_fn fn,
			    void *ctx, char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int i, ret;

	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK) {
		ret = -EIO;
		goto out;
	}
	/*
	 * SQLite numbers "$N" in the order they first appear, which is
	 * not N when a statement names $3 before $2: bound by name.
	 */
	for (i = 0; i < n; i++) {
		char name[16];
		int at;

		snprintf(name, sizeof(name), "$%d", i + 1);
		at = sqlite3_bind_parameter_index(st, name);
		if (at && params[i])
			sqlite3_bind_text(st, at, params[i], -1,
					  SQLITE_TRANSIENT);
	}
	ret = hist_sqlite_rows(st, fn, ctx);
out:
	if (ret == -EIO)
		snprintf(err, errlen, "%s", sqlite3_errmsg(h));
	sqlite3_finalize(st);
	return ret;
}

const struct hist_backend hist_sqlite_backend = {
	.name = "sqlite",
	.id_type = "INTEGER PRIMARY KEY",
	.begin = "BEGIN IMMEDIATE",
	.open = hist_sqlite_open,
	.close = hist_sqlite_close,
	.exec = hist_sqlite_exec,
};
