/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_HISTORY_H
#define BOOTBENCH_HISTORY_H

#include <stddef.h>
#include <stdio.h>

/*
 * The results history (docs/history.md): run directories imported into
 * a database, change points over each (job, metric) series, a static
 * page. The database is behind one small interface, a backend's table
 * of functions; every statement is written once, in SQL both backends
 * take ($1.. parameters, ON CONFLICT, RETURNING).
 */
typedef int (*hist_row_fn)(void *ctx, int ncols, const char *const *cols);

struct hist_backend {
	const char *name;
	/* The id column's type: each backend's auto-numbered key. */
	const char *id_type;
	/* The statement that starts a transaction that writes. */
	const char *begin;
	/*
	 * Around the schema's creation, or NULL: PostgreSQL's CREATE
	 * TABLE IF NOT EXISTS run at once by two sessions can fail in one.
	 */
	const char *schema_lock, *schema_unlock;
	int (*open)(const char *where, void **h, char *err, size_t errlen);
	void (*close)(void *h);
	/*
	 * @sql with @n text parameters ($1..$n; NULL: SQL's NULL), each
	 * row of its result given to @fn (NULL: none wanted). 0, the
	 * callback's non-zero, or -EIO with @err said.
	 */
	int (*exec)(void *h, const char *sql, int n, const char *const *params,
		    hist_row_fn fn, void *ctx, char *err, size_t errlen);
};

/* Exit statuses, as bootbench run's (docs/exit-codes.md). */
#define HIST_EXIT_BAD 2
#define HIST_EXIT_INFRA 5

struct hist_db {
	const struct hist_backend *be;
	void *h;
	char err[512];
};

/*
 * @where: a file (SQLite) or postgresql://... (PostgreSQL). The schema
 * is created when missing. 0 or -errno, the reason in db->err.
 */
int hist_db_open(struct hist_db *db, const char *where);
void hist_db_close(struct hist_db *db);
int hist_db_exec(struct hist_db *db, const char *sql, int n,
		 const char *const *params, hist_row_fn fn, void *ctx);

extern const struct hist_backend hist_sqlite_backend;
extern const struct hist_backend hist_pg_backend;

/*
 * HISTORY= before a boot: opened (and its schema made), or a one-line
 * error and the exit status.
 */
int hist_db_check(const char *where);

/*
 * `bootbench history add`: each directory (a run, or a tree of runs)
 * into @where, all of them in one transaction or none. @quiet: no line
 * per run. 0, or the exit status after a one-line error.
 */
int hist_dirs_add(const char *where, char *const *dirs, int ndirs, int quiet);

/* bootbench history simulate: the detection table on @out. */
int hist_sim_run(unsigned int series, unsigned long long seed, FILE *out);

/* bootbench history ARGS (argv[0] is "history"). */
int cmd_history(int argc, char **argv);

#endif
