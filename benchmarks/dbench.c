// SPDX-License-Identifier: GPL-2.0
/*
 * dbench, as LKP runs it (dbench -t runtime nr_threads on the test
 * filesystem; metric dbench.throughput-MB/sec): N client processes
 * each replay the same file-operation load in their own directory
 * clients/clientN, over and over, until told to stop.
 *
 * The original's timing, kept: the clients start together; a ticker
 * samples every second; the warm-up lasts runtime/5 and ends at the
 * first tick after that when every client has moved bytes; the
 * counters are then re-based and the run goes on for `runtime` more
 * seconds; the throughput is 1e-6 x the bytes read and written since
 * the re-base / the seconds since it, as of the last tick before the
 * end; max_latency is the longest any one operation took (or has been
 * running at a tick) after the warm-up.
 *
 * The load is ours (docs/benchmarks.md): the original replays a
 * recorded NetBench trace (client.txt) that is not ours to copy, so
 * dbench_load_gen() generates a mix of the same operations with a
 * fixed seed, identical for every client and every pass, as a replayed
 * file is. Absolute MB/s are therefore not comparable with the
 * original's; kernel against kernel they are.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

enum dbench_op {
	OP_CREATE, /* NTCreateX: open or create */
	OP_CLOSE,
	OP_RENAME,
	OP_UNLINK,
	OP_DELTREE,
	OP_MKDIR,
	OP_STAT, /* Qpathinfo */
	OP_FSTAT, /* Qfileinfo */
	OP_STATFS, /* Qfsinfo */
	OP_SETINFO, /* Sfileinfo */
	OP_FIND, /* a directory listing with a stat of each entry */
	OP_WRITE, /* WriteX */
	OP_READ, /* ReadX */
	OP_LOCK, /* LockX */
	OP_UNLOCK, /* UnlockX */
	OP_FLUSH,
	OP_N,
};

static const char *const dbench_op_names[OP_N] = {
	"NTCreateX", "Close",	  "Rename",  "Unlink",	  "Deltree", "Mkdir",
	"Qpathinfo", "Qfileinfo", "Qfsinfo", "Sfileinfo", "Find",    "WriteX",
	"ReadX",     "LockX",	  "UnlockX", "Flush",
};

/* One step of the load; file and dir index the client's tree. */
struct dbench_step {
	unsigned char op;
	unsigned char dir, file;
	unsigned char expect_missing; /* the name must not exist */
	unsigned int offset, size;
};

#define DBENCH_DIRS 6
#define DBENCH_FILES 6

/* Counters a client keeps in memory the parent samples. */
struct dbench_client {
	volatile uint64_t bytes, bytes_warmup;
	volatile double max_latency; /* since the parent's last tick */
	volatile double worst_latency; /* after the warm-up */
	volatile double op_start; /* of the operation now running, or 0 */
	volatile unsigned long ops[OP_N];
	volatile int done, failed;
	char why[160];
};

static struct dbench_step *dbench_load;
static size_t dbench_load_n;

static uint32_t dbench_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* File sizes in the tree, and the transfer sizes the trace uses most. */
static const unsigned int dbench_file_sizes[] = {
	4096, 16384, 24576, 65536, 131072, 262144,
};
static const unsigned int dbench_xfer_sizes[] = {
	65471, 64, 4096, 16384, 32768, 1, 512, 1024, 8192, 2048, 65535,
};

#define ARRAY_N(a) (sizeof(a) / sizeof((a)[0]))

static int dbench_load_push(const struct dbench_step *s)
{
	static size_t cap;

	if (dbench_load_n == cap) {
		size_t ncap = cap ? cap * 2 : 4096;
		struct dbench_step *n = realloc(dbench_load, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		dbench_load = n;
		cap = ncap;
	}
	dbench_load[dbench_load_n++] = *s;
	return 0;
}

#define PUSH(...)                                        \
	do {                                             \
		struct dbench_step s_ = { __VA_ARGS__ }; \
		if (dbench_load_push(&s_))               \
			return -ENOMEM;                  \
	} while (0)

static unsigned int dbench_file_size(unsigned int dir, unsigned int file)
{
	return dbench_file_sizes[(dir * DBENCH_FILES + file) %
				 ARRAY_N(dbench_file_sizes)];
}

/* Writing a whole file as the trace does: big chunks, then the rest. */
static int dbench_gen_fill(unsigned int d, unsigned int f)
{
	unsigned int size = dbench_file_size(d, f), off = 0;

	PUSH(.op = OP_CREATE, .dir = d, .file = f);
	while (off < size) {
		unsigned int n = size - off < 65471 ? size - off : 65471;

		PUSH(.op = OP_WRITE, .dir = d, .file = f, .offset = off,
		     .size = n);
		off += n;
	}
	PUSH(.op = OP_CLOSE, .dir = d, .file = f);
	return 0;
}

/* 1 to @most reads or writes of sizes the trace uses, inside the file. */
static int dbench_gen_xfers(uint32_t *seed, unsigned char op, unsigned int d,
			    unsigned int f, unsigned int most)
{
	unsigned int size = dbench_file_size(d, f);
	unsigned int n = 1 + dbench_rand(seed) % most;

	while (n--) {
		unsigned int len =
			dbench_xfer_sizes[dbench_rand(seed) %
					  ARRAY_N(dbench_xfer_sizes)];

		if (len > size)
			len = size;
		PUSH(.op = op, .dir = d, .file = f,
		     .offset = dbench_rand(seed) % (size - len + 1),
		     .size = len);
	}
	return 0;
}

/*
 * One pass: build the tree, then 1500 transactions drawn with the
 * weights below, then remove the tree. The weights bring the counts of
 * each operation near what a client.txt run shows per NTCreateX
 * (docs/benchmarks.md has both tables); the run prints ours.
 */
static int dbench_load_gen(void)
{
	uint32_t seed = 0x6462656e; /* fixed: every pass is the same */
	unsigned int d, f, i;

	PUSH(.op = OP_MKDIR, .dir = DBENCH_DIRS);
	for (d = 0; d < DBENCH_DIRS; d++)
		PUSH(.op = OP_MKDIR, .dir = d);
	for (d = 0; d < DBENCH_DIRS; d++)
		for (f = 0; f < DBENCH_FILES; f++)
			if (dbench_gen_fill(d, f))
				return -ENOMEM;
	for (i = 0; i < 1500; i++) {
		uint32_t r = dbench_rand(&seed) % 1000;

		d = dbench_rand(&seed) % DBENCH_DIRS;
		f = dbench_rand(&seed) % DBENCH_FILES;
		if (r < 300) { /* open, read a few pieces, close */
			PUSH(.op = OP_STAT, .dir = d, .file = f);
			PUSH(.op = OP_CREATE, .dir = d, .file = f);
			PUSH(.op = OP_FSTAT, .dir = d, .file = f);
			if (dbench_gen_xfers(&seed, OP_READ, d, f, 6))
				return -ENOMEM;
			PUSH(.op = OP_CLOSE, .dir = d, .file = f);
		} else if (r < 400) { /* open, rewrite a few pieces */
			PUSH(.op = OP_CREATE, .dir = d, .file = f);
			if (dbench_gen_xfers(&seed, OP_WRITE, d, f, 4))
				return -ENOMEM;
			if (dbench_rand(&seed) % 3 == 0)
				PUSH(.op = OP_FLUSH, .dir = d, .file = f);
			if (dbench_rand(&seed) % 50 == 0) {
				PUSH(.op = OP_LOCK, .dir = d, .file = f);
				PUSH(.op = OP_UNLOCK, .dir = d, .file = f);
			}
			PUSH(.op = OP_CLOSE, .dir = d, .file = f);
		} else if (r < 520) { /* a name that is not there */
			PUSH(.op = OP_STAT, .dir = d, .file = f,
			     .expect_missing = 1);
			PUSH(.op = OP_CREATE, .dir = d, .file = f,
			     .expect_missing = 1);
		} else if (r < 670) { /* look a name up */
			PUSH(.op = OP_STAT, .dir = d, .file = f);
		} else if (r < 800) { /* list a directory */
			PUSH(.op = OP_FIND, .dir = d);
		} else if (r < 860) {
			PUSH(.op = OP_STATFS);
		} else if (r < 895) {
			PUSH(.op = OP_SETINFO, .dir = d, .file = f);
		} else if (r < 910) { /* rename away and back */
			PUSH(.op = OP_RENAME, .dir = d, .file = f);
			PUSH(.op = OP_RENAME, .dir = d, .file = f,
			     .expect_missing = 1);
		} else { /* replace a file */
			PUSH(.op = OP_UNLINK, .dir = d, .file = f);
			if (dbench_gen_fill(d, f))
				return -ENOMEM;
		}
	}
	PUSH(.op = OP_DELTREE);
	return 0;
}

static void dbench_path(char *buf, size_t size, unsigned int d, unsigned int f,
			int renamed)
{
	if (d == DBENCH_DIRS)
		snprintf(buf, size, "tmp");
	else if (f == 0xff)
		snprintf(buf, size, "tmp/d%u", d);
	else
		snprintf(buf, size, "tmp/d%u/f%u%s", d, f,
			 renamed ? ".renamed" : "");
}

/* What the load writes at @off: checked when read back. */
static unsigned char dbench_byte(unsigned int d, unsigned int f,
				 unsigned int off)
{
	return (unsigned char)(off * 31 + d * 7 + f + (off >> 12));
}

struct dbench_state {
	struct dbench_client *c;
	int fd[DBENCH_DIRS][DBENCH_FILES];
	unsigned char buf[65536];
};

#define FAIL(st, ...)                                                      \
	do {                                                               \
		snprintf((st)->c->why, sizeof((st)->c->why), __VA_ARGS__); \
		return -1;                                                 \
	} while (0)

static int dbench_io(struct dbench_state *st, const struct dbench_step *s,
		     int fd)
{
	unsigned int i;
	ssize_t n;

	if (s->op == OP_WRITE) {
		for (i = 0; i < s->size; i++)
			st->buf[i] =
				dbench_byte(s->dir, s->file, s->offset + i);
		n = pwrite(fd, st->buf, s->size, s->offset);
	} else {
		n = pread(fd, st->buf, s->size, s->offset);
	}
	if (n != (ssize_t)s->size)
		FAIL(st, "%s of %u bytes at %u returned %zd: %s",
		     dbench_op_names[s->op], s->size, s->offset, n,
		     n < 0 ? strerror(errno) : "short");
	if (s->op == OP_READ &&
	    (st->buf[0] != dbench_byte(s->dir, s->file, s->offset) ||
	     st->buf[s->size - 1] !=
		     dbench_byte(s->dir, s->file, s->offset + s->size - 1)))
		FAIL(st, "ReadX at %u: the data differs from what was written",
		     s->offset);
	st->c->bytes += s->size;
	return 0;
}

static int dbench_find(struct dbench_state *st, unsigned int d)
{
	char path[64], ent[320];
	struct dirent *de;
	struct stat sb;
	int n = 0;
	DIR *dir;

	dbench_path(path, sizeof(path), d, 0xff, 0);
	dir = opendir(path);
	if (!dir)
		FAIL(st, "Find %s: %s", path, strerror(errno));
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(ent, sizeof(ent), "%s/%s", path, de->d_name);
		if (stat(ent, &sb) == 0)
			n++;
	}
	closedir(dir);
	if (!n)
		FAIL(st, "Find %s: the directory is empty", path);
	return 0;
}

/* NTCreateX: a file opened, or one the load expects missing. */
static int dbench_create(struct dbench_state *st, const struct dbench_step *s,
			 const char *path, int *fd)
{
	char missing[80];
	int r;

	if (s->expect_missing) {
		snprintf(missing, sizeof(missing), "%s.missing", path);
		r = open(missing, O_RDWR);
		if (r >= 0 || errno != ENOENT)
			FAIL(st, "NTCreateX %s: expected ENOENT", missing);
		return 0;
	}
	*fd = open(path, O_RDWR | O_CREAT, 0644);
	if (*fd < 0)
		FAIL(st, "NTCreateX %s: %s", path, strerror(errno));
	return 0;
}

/* Qpathinfo: the file has the size written, or is missing as expected. */
static int dbench_stat(struct dbench_state *st, const struct dbench_step *s,
		       const char *path)
{
	char missing[80];
	struct stat sb;

	if (s->expect_missing) {
		snprintf(missing, sizeof(missing), "%s.missing", path);
		if (!stat(missing, &sb) || errno != ENOENT)
			FAIL(st, "Qpathinfo %s: expected ENOENT", missing);
		return 0;
	}
	if (stat(path, &sb))
		FAIL(st, "Qpathinfo %s: %s", path, strerror(errno));
	if (sb.st_size != dbench_file_size(s->dir, s->file))
		FAIL(st, "Qpathinfo %s: size %lld, written %u", path,
		     (long long)sb.st_size, dbench_file_size(s->dir, s->file));
	return 0;
}

/* One step; the error in st->c->why. */
static int dbench_step_run(struct dbench_state *st, const struct dbench_step *s)
{
	char path[64], path2[80];
	struct flock fl = { .l_whence = SEEK_SET, .l_len = 1 };
	int *fd = s->op == OP_MKDIR || s->op == OP_DELTREE ||
				  s->op == OP_STATFS || s->op == OP_FIND ?
			  NULL :
			  &st->fd[s->dir][s->file];
	struct statvfs vfs;
	struct stat sb;
	int r;

	dbench_path(path, sizeof(path), s->dir,
		    s->op == OP_MKDIR ? 0xff : s->file, 0);
	switch (s->op) {
	case OP_MKDIR:
		if (mkdir(path, 0755))
			FAIL(st, "Mkdir %s: %s", path, strerror(errno));
		return 0;
	case OP_DELTREE:
		if (harness_tree_remove("tmp"))
			FAIL(st, "Deltree: %s", strerror(errno));
		return 0;
	case OP_CREATE:
		return dbench_create(st, s, path, fd);
	case OP_CLOSE:
		r = close(*fd);
		*fd = -1;
		if (r)
			FAIL(st, "Close %s: %s", path, strerror(errno));
		return 0;
	case OP_RENAME:
		snprintf(path2, sizeof(path2), "%s.renamed", path);
		r = s->expect_missing ? rename(path2, path) :
					rename(path, path2);
		if (r)
			FAIL(st, "Rename %s: %s", path, strerror(errno));
		return 0;
	case OP_UNLINK:
		if (unlink(path))
			FAIL(st, "Unlink %s: %s", path, strerror(errno));
		return 0;
	case OP_STAT:
		return dbench_stat(st, s, path);
	case OP_FSTAT:
		if (fstat(*fd, &sb))
			FAIL(st, "Qfileinfo %s: %s", path, strerror(errno));
		return 0;
	case OP_STATFS:
		if (statvfs(".", &vfs))
			FAIL(st, "Qfsinfo: %s", strerror(errno));
		return 0;
	case OP_SETINFO:
		if (utimensat(AT_FDCWD, path, NULL, 0))
			FAIL(st, "Sfileinfo %s: %s", path, strerror(errno));
		return 0;
	case OP_FIND:
		return dbench_find(st, s->dir);
	case OP_WRITE:
	case OP_READ:
		return dbench_io(st, s, *fd);
	case OP_LOCK:
	case OP_UNLOCK:
		fl.l_type = s->op == OP_LOCK ? F_WRLCK : F_UNLCK;
		if (fcntl(*fd, F_SETLK, &fl))
			FAIL(st, "%s %s: %s", dbench_op_names[s->op], path,
			     strerror(errno));
		return 0;
	case OP_FLUSH:
		if (fsync(*fd))
			FAIL(st, "Flush %s: %s", path, strerror(errno));
		return 0;
	}
	FAIL(st, "unknown step %u", s->op);
}

static int dbench_client_run(struct dbench_client *c, unsigned int id,
			     int barrier)
{
	struct dbench_state *st = calloc(1, sizeof(*st));
	char dir[64], b;
	size_t i;

	if (!st)
		return 1;
	memset(st->fd, 0xff, sizeof(st->fd)); /* all -1: nothing open */
	st->c = c;
	snprintf(dir, sizeof(dir), "clients/client%u", id);
	if (mkdir(dir, 0755) || chdir(dir)) {
		snprintf(c->why, sizeof(c->why), "%s: %s", dir,
			 strerror(errno));
		c->failed = 1;
		return 1;
	}
	if (read(barrier, &b, 1) < 0) /* EOF: everybody starts */
		return 1;
	while (!c->done) {
		for (i = 0; i < dbench_load_n && !c->done; i++) {
			const struct dbench_step *s = &dbench_load[i];
			double t0 = harness_now(), t;

			c->op_start = t0;
			if (dbench_step_run(st, s)) {
				c->failed = 1;
				return 1;
			}
			c->op_start = 0;
			t = harness_now() - t0;
			c->ops[s->op]++;
			if (t > c->max_latency)
				c->max_latency = t;
		}
	}
	/* The original cleans up after the clock stopped: so do we. */
	for (i = 0; i < DBENCH_DIRS * DBENCH_FILES; i++)
		if (st->fd[i / DBENCH_FILES][i % DBENCH_FILES] >= 0)
			close(st->fd[i / DBENCH_FILES][i % DBENCH_FILES]);
	if (access("tmp", F_OK) == 0 && harness_tree_remove("tmp"))
		return 1;
	return 0;
}

/* The tree a client works in: a fresh directory under TMPDIR or /tmp. */
static int dbench_workdir_enter(char *dir, size_t size)
{
	snprintf(dir, size, "%s/dbench.XXXXXX", harness_tmpdir());
	if (!mkdtemp(dir) || chdir(dir) || mkdir("clients", 0755)) {
		fprintf(stderr, "dbench: work directory %s: %s\n", dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

static void dbench_ops_print(struct dbench_client *c, unsigned int n)
{
	unsigned long total;
	unsigned int i, k;

	printf(" Operation      Count\n");
	for (k = 0; k < OP_N; k++) {
		for (total = 0, i = 0; i < n; i++)
			total += c[i].ops[k];
		if (total)
			printf(" %-12s %8lu\n", dbench_op_names[k], total);
	}
}

/* The parent's view of one run: the clients and the clock. */
struct dbench_run {
	struct dbench_client *c;
	pid_t *pids;
	unsigned int n, runtime, warmup;
	double start, throughput, worst;
	int in_warmup, failed;
};

static int dbench_clients_start(struct dbench_run *r)
{
	int barrier[2];
	unsigned int i;

	r->c = mmap(NULL, r->n * sizeof(*r->c), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	r->pids = calloc(r->n, sizeof(*r->pids));
	if (r->c == MAP_FAILED || !r->pids || pipe(barrier))
		return -errno;
	for (i = 0; i < r->n; i++) {
		r->pids[i] = fork();
		if (r->pids[i] < 0)
			return -errno;
		if (!r->pids[i]) {
			close(barrier[1]);
			_exit(dbench_client_run(&r->c[i], i + 1, barrier[0]));
		}
	}
	close(barrier[0]);
	close(barrier[1]); /* releases the clients */
	r->start = harness_now();
	return 0;
}

/* Bytes since the warm-up; a client that ended by itself fails the run. */
static uint64_t dbench_clients_poll(struct dbench_run *r, int *idle)
{
	uint64_t bytes = 0;
	unsigned int i;
	int status;

	*idle = 0;
	for (i = 0; i < r->n; i++) {
		struct dbench_client *c = &r->c[i];

		bytes += c->bytes - c->bytes_warmup;
		*idle |= c->bytes == 0;
		r->failed |= c->failed;
		/* A client only ends when told to: any other end fails. */
		if (r->pids[i] > 0 &&
		    waitpid(r->pids[i], &status, WNOHANG) == r->pids[i]) {
			fprintf(stderr, "dbench: client %u ended early: %s\n",
				i + 1, c->why[0] ? c->why : "it died");
			r->pids[i] = 0;
			r->failed = 1;
		}
	}
	return bytes;
}

/* The worst latency of this second: finished or still running ops. */
static double dbench_latency_take(struct dbench_run *r, double now)
{
	double latency = 0;
	unsigned int i;

	for (i = 0; i < r->n; i++) {
		struct dbench_client *c = &r->c[i];
		double running = c->op_start ? now - c->op_start : 0;

		if (c->max_latency > latency)
			latency = c->max_latency;
		if (running > latency)
			latency = running;
		c->max_latency = 0;
		if (latency > c->worst_latency)
			c->worst_latency = latency;
	}
	return latency;
}

/* One second of the run; 1 when it is over. */
static int dbench_second(struct dbench_run *r)
{
	struct timespec one = { 1, 0 };
	double now, t, latency;
	uint64_t bytes;
	unsigned int i;
	int idle;

	nanosleep(&one, NULL);
	now = harness_now();
	t = now - r->start;
	bytes = dbench_clients_poll(r, &idle);
	if (r->failed)
		return 1;
	if (r->in_warmup && !idle && t > r->warmup) {
		/* Re-base: the measured part starts now. */
		r->start = now;
		r->in_warmup = 0;
		for (i = 0; i < r->n; i++) {
			r->c[i].bytes_warmup = r->c[i].bytes;
			r->c[i].worst_latency = 0;
		}
		return 0;
	}
	latency = dbench_latency_take(r, now);
	if (!r->in_warmup && t > r->runtime)
		return 1;
	printf("%4u  %7.2f MB/sec  %s %3.0f sec  latency %.03f ms\n", r->n,
	       1.0e-6 * bytes / t, r->in_warmup ? "warmup " : "execute", t,
	       latency * 1000);
	if (!r->in_warmup)
		r->throughput = 1.0e-6 * bytes / t;
	return 0;
}

static void dbench_clients_reap(struct dbench_run *r)
{
	unsigned int i;
	int status;

	for (i = 0; i < r->n; i++)
		r->c[i].done = 1;
	for (i = 0; i < r->n; i++) {
		if (!r->pids[i])
			continue;
		while (waitpid(r->pids[i], &status, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "dbench: client %u failed: %s\n", i + 1,
				r->c[i].why[0] ? r->c[i].why : "it died");
			r->failed = 1;
		}
		if (r->c[i].worst_latency > r->worst)
			r->worst = r->c[i].worst_latency;
	}
}

static int dbench_run(int argc, char **argv)
{
	struct dbench_run r = {
		.n = 1, .runtime = 10, .throughput = -1, .in_warmup = 1
	};
	const struct harness_param params[] = {
		{ "runtime", &r.runtime, NULL },
		{ "nr_threads", &r.n, NULL },
	};
	char dir[256];
	int err;

	if (harness_params_parse(argc, argv, params,
				 sizeof(params) / sizeof(params[0])))
		return 2;
	r.warmup = r.runtime / 5;
	if (dbench_load_gen()) {
		fprintf(stderr, "dbench: out of memory for the load\n");
		return 1;
	}
	if (dbench_workdir_enter(dir, sizeof(dir)))
		return 1;
	printf("dbench: %u client(s), %u s after a %u s warm-up, %zu steps a pass, in %s\n",
	       r.n, r.runtime, r.warmup, dbench_load_n, dir);
	err = dbench_clients_start(&r);
	if (err) {
		fprintf(stderr, "dbench: cannot start the clients: %s\n",
			strerror(-err));
		return 1;
	}
	while (!dbench_second(&r))
		;
	dbench_clients_reap(&r);
	if (chdir("/") == 0)
		harness_tree_remove(dir);
	if (r.failed)
		return 1;
	if (r.throughput <= 0) {
		fprintf(stderr,
			"dbench: no measured second: give a longer runtime\n");
		return 1;
	}
	dbench_ops_print(r.c, r.n);
	printf("Throughput %g MB/sec  %u clients  %u procs  max_latency=%.03f ms\n",
	       r.throughput, r.n, r.n, r.worst * 1000);
	harness_metric("dbench.throughput-MB/sec", r.throughput);
	harness_metric("dbench.max_latency-ms", r.worst * 1000);
	return 0;
}

const struct bench bench = {
	.name = "dbench",
	.title = "dbench",
	.run = dbench_run,
};
