// SPDX-License-Identifier: GPL-2.0
/*
 * The PostgreSQL backend (Debian's libpq), for runners that share one
 * history: HISTORY=postgresql://... is a libpq connection URI. The
 * statements are the SQLite backend's; concurrent writers are kept
 * apart by the UNIQUE keys (ON CONFLICT) and each import's transaction.
 */
#include <errno.h>
#include <postgresql/libpq-fe.h>
#include <stdio.h>
#include <string.h>

#include "history/history.h"

static int hist_pg_open(const char *where, void **h, char *err, size_t errlen)
{
	PGconn *c = PQconnectdb(where);

	if (PQstatus(c) != CONNECTION_OK) {
		snprintf(err, errlen, "%s", PQerrorMessage(c));
		err[strcspn(err, "\n")] = '\0';
		PQfinish(c);
		return -EIO;
	}
	/* CREATE TABLE IF NOT EXISTS on a table there says so: quiet. */
	PQclear(PQexec(c, "SET client_min_messages = warning"));
	*h = c;
	return 0;
}

static void hist_pg_close(void *h)
{
	PQfinish(h);
}

static int hist_pg_rows(PGresult *r, hist_row_fn fn, void *ctx)
{
	const char *cols[16];
	int i, j, n = PQnfields(r), ret;

	if (n > 16)
		n = 16;
	for (i = 0; fn && i < PQntuples(r); i++) {
		for (j = 0; j < n; j++)
			cols[j] = PQgetisnull(r, i, j) ? NULL :
							 PQgetvalue(r, i, j);
		ret = fn(ctx, n, cols);
		if (ret)
			return ret;
	}
	return 0;
}

static int hist_pg_exec(void *h, const char *sql, int n,
			const char *const *params, hist_row_fn fn, void *ctx,
			char *err, size_t errlen)
{
	PGresult *r = PQexecParams(h, sql, n, NULL, params, NULL, NULL, 0);
	ExecStatusType st = PQresultStatus(r);
	int ret;

	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		snprintf(err, errlen, "%s", PQerrorMessage(h));
		err[strcspn(err, "\n")] = '\0';
		ret = -EIO;
		goto out;
	}
	ret = hist_pg_rows(r, fn, ctx);
out:
	PQclear(r);
	return ret;
}

const struct hist_backend hist_pg_backend = {
	.name = "postgresql",
	.id_type = "BIGSERIAL PRIMARY KEY",
	.begin = "BEGIN",
	.schema_lock = "SELECT pg_advisory_lock(53)",
	.schema_unlock = "SELECT pg_advisory_unlock(53)",
	.open = hist_pg_open,
	.close = hist_pg_close,
	.exec = hist_pg_exec,
};
