// SPDX-License-Identifier: GPL-2.0
/*
 * filebench, written from its documentation (the Workload Model
 * Language's definition, the personalities' workload descriptions and
 * the wiki's) and LKP's filebench job, not from its code. Not in Debian.
 *
 * LKP runs one personality (`test: fileserver.f`) as filebench ships it
 * with $dir set to the test filesystem: the filesets are made (the
 * prealloc share of their files), then every thread runs its flowops in
 * a loop for the run's 60 seconds, or until the filesets are used up
 * for the personalities that make or copy a tree. The personalities are
 * data (filebench-personalities.c, named in filebench.def), the flowops
 * one engine (filebench-flowops.c); all threads run in one process.
 *
 * Scaled to the guest: a personality's data set (its filesets' files at
 * their mean size, at least 4 KiB an entry, its large file) is at most
 * test_size, by default a quarter of the filesystem's free space and an
 * eighth of MemTotal; a larger one has its entries (or its one file's
 * size) cut by the same factor, never below two per thread, and the
 * progress line says so. The threads are the personality's $nthreads
 * (nr_threads sets it), the file sizes, I/O sizes and loops its own.
 *
 * filebench's IO Summary, LKP's names: filebench.sum_operations (the
 * flowops run), .sum_operations/s, .sum_reads/s and .sum_writes/s (the
 * read and write flowops), .sum_bytes_mb/s (MiB read and written per
 * second), .sum_time_ms/op (a flowop's mean latency). Each flowop checks
 * its work as it goes (filebench-flowops.c), and after the run every
 * entry of every fileset is checked on disk: a file the run says exists
 * has the size its writes gave it, one it deleted is gone. A failed
 * check fails the run: no summary is printed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "filebench.h"
#include "harness.h"
#include "params.h"
#include "shared/util.h"

static const struct {
	const char *name, *desc;
	const struct fb_personality *p;
} fb_personalities[] = {
#define FB_PERSONALITY(n, d) { #n, d, &fb_##n },
#include "benchmarks/filebench.def"
#undef FB_PERSONALITY
};

#define FB_MB (1ULL << 20)

/* The data set's bytes: test_size, or the guest's share (see above). */
static int fb_budget(const char *test_size, unsigned long long *out)
{
	unsigned long long mem = (unsigned long long)sysconf(_SC_PHYS_PAGES) *
				 sysconf(_SC_PAGESIZE);
	struct statvfs vfs;

	if (test_size)
		return param_size_parse(test_size, out);
	if (statvfs(harness_tmpdir(), &vfs))
		return -errno;
	*out = (unsigned long long)vfs.f_bavail * vfs.f_frsize / 4;
	if (mem / 8 < *out)
		*out = mem / 8;
	return 0;
}

/* An entry costs its size, at least a block (4 KiB: its inode, its
 * directory's share); a log one file of its size. */
static unsigned long long fb_set_bytes(const struct fb_fileset *f)
{
	if (f->kind == FB_ONEFILE)
		return f->size;
	return (unsigned long long)f->entries *
	       (f->kind == FB_DIRS || f->size < 4096 ? 4096 : f->size);
}

static unsigned int fb_threads_count(const struct fb_personality *p,
				     unsigned int nthreads)
{
	unsigned int i, n = 0;

	for (i = 0; i < p->nthreads; i++)
		n += p->threads[i].instances ? p->threads[i].instances :
					       nthreads;
	return n;
}

/* Each set's entries (or one file's size), cut by budget / data set. */
static void fb_scale(struct fb_run *r, unsigned long long budget,
		     unsigned int threads)
{
	unsigned long long total = 0, v;
	double scale;
	unsigned int i;

	for (i = 0; i < r->p->nsets; i++)
		total += fb_set_bytes(&r->p->sets[i]);
	scale = total > budget ? (double)budget / total : 1;
	for (i = 0; i < r->p->nsets; i++) {
		const struct fb_fileset *f = &r->p->sets[i];
		struct fb_set *s = &r->sets[i];

		s->def = f;
		s->n = f->entries * scale;
		if (s->n < 2 * threads)
			s->n = f->entries < 2 * threads ? f->entries :
							  2 * threads;
		/* A file's size in MiB; a log (under 1 MiB) rotates at 1/8. */
		v = f->size >= FB_MB ? f->size * scale : budget / 8;
		s->size = v < FB_MB ? FB_MB : v / FB_MB * FB_MB;
		if (f->size >= FB_MB && s->size > f->size)
			s->size = f->size;
		s->width = f->dirwidth < s->n ? f->dirwidth : s->n;
		for (s->depth = 1, v = s->width; s->width > 1 && v < s->n;
		     v *= s->width)
			s->depth++;
	}
}

/* Writes @size bytes of byte @c into a new file @path. */
static int fb_file_fill(const char *path, unsigned char c,
			unsigned long long size)
{
	static char buf[1 << 20];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), err = 0;
	unsigned long long off;
	size_t n;

	if (fd < 0)
		return -errno;
	memset(buf, c, sizeof(buf));
	for (off = 0; off < size && !err; off += n) {
		n = size - off < sizeof(buf) ? size - off : sizeof(buf);
		if (write(fd, buf, n) != (ssize_t)n)
			err = errno ? -errno : -ENOSPC;
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

/* A fileset made as the WML's prealloc says: that share of its entries. */
static int fb_set_make(struct fb_set *s, unsigned long long *rng)
{
	unsigned int i, leaves = (s->n + s->width - 1) / s->width;
	char path[4400];
	int err = 0;

	s->e = calloc(s->n, sizeof(*s->e));
	if (!s->e || pthread_mutex_init(&s->lock, NULL))
		return -ENOMEM;
	if (mkdir(s->dir, 0755) && errno != EEXIST)
		return -errno;
	if (s->def->kind == FB_ONEFILE) {
		fb_entry_path(s, 0, path, sizeof(path));
		s->e[0].exists = 1;
		s->e[0].size = !s->def->prealloc    ? 0 :
			       s->def->size < FB_MB ? s->def->size :
						      s->size;
		return fb_file_fill(path, fb_fill_byte(s, 0), s->e[0].size);
	}
	for (i = 0; i < leaves && !err; i++)
		err = fb_leaf_make(s, i);
	for (i = 0; i < s->n && !err; i++) {
		s->e[i].plan = fb_size_draw(rng, s->def->size);
		if (fb_rand(rng) % 100 >= s->def->prealloc)
			continue;
		fb_entry_path(s, i, path, sizeof(path));
		if (s->def->kind == FB_DIRS)
			err = mkdir(path, 0755) ? -errno : 0;
		else
			err = fb_file_fill(path, fb_fill_byte(s, i),
					   s->e[i].plan);
		s->e[i].exists = 1;
		s->e[i].size = s->e[i].plan;
	}
	return err;
}

/* After the run: every entry on disk as the run left it. */
static int fb_set_check(const struct fb_set *s)
{
	unsigned int i, bad = 0;
	char path[4400];
	struct stat st;
	int there;

	for (i = 0; i < s->n; i++) {
		fb_entry_path(s, i, path, sizeof(path));
		there = !stat(path, &st);
		if (there != s->e[i].exists ||
		    (there && s->def->kind != FB_DIRS &&
		     (unsigned long long)st.st_size != s->e[i].size)) {
			if (!bad++)
				fprintf(stderr,
					"filebench: %s: %s, not %s of %llu bytes\n",
					path, there ? "found" : "missing",
					s->e[i].exists ? "there" : "gone",
					s->e[i].size);
		}
	}
	if (bad)
		fprintf(stderr,
			"filebench: fileset %s: %u of %u entries wrong\n",
			s->def->name, bad, s->n);
	return bad ? -EIO : 0;
}

static volatile unsigned int fb_done;

/* The run's end, said by the main thread or a failing one to them all. */
static int fb_stopped(struct fb_run *r)
{
	return __atomic_load_n(&r->stop, __ATOMIC_RELAXED);
}

static void fb_stop(struct fb_run *r)
{
	__atomic_store_n(&r->stop, 1, __ATOMIC_RELAXED);
}

static void *fb_worker_main(void *arg)
{
	struct fb_worker *w = arg;
	unsigned int k, i;
	int err;

	while (!fb_stopped(w->run) && !w->done) {
		for (k = 0; k < w->t->nops && !fb_stopped(w->run); k++) {
			err = fb_flowop_run(w, &w->t->ops[k]);
			if (err == -EAGAIN) {
				sched_yield();
				k--;
			} else if (err == -ENODATA) {
				w->done = 1;
				break;
			} else if (err) {
				w->run->failed = 1;
				fb_stop(w->run);
			}
		}
	}
	fb_slot_close(w, 0);
	fb_slot_close(w, 1);
	for (i = 0; i < ARRAY_SIZE(w->onefile_fd); i++)
		if (w->onefile_fd[i] >= 0)
			close(w->onefile_fd[i]);
	__atomic_add_fetch(&fb_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static int fb_worker_init(struct fb_worker *w, struct fb_run *r,
			  const struct fb_thread *t, unsigned int n)
{
	unsigned int i;

	memset(w, 0, sizeof(*w));
	w->run = r;
	w->t = t;
	w->rng = 0x9e3779b97f4a7c15ULL * (n + 1) ^ (unsigned long)time(NULL);
	w->fd[0] = w->fd[1] = -1;
	for (i = 0; i < ARRAY_SIZE(w->onefile_fd); i++)
		w->onefile_fd[i] = -1;
	w->wfill = -1;
	for (i = 0, w->bufsize = 0; i < t->nops; i++)
		if (t->ops[i].iosize > w->bufsize)
			w->bufsize = t->ops[i].iosize;
	/* Aligned for O_DIRECT (directio) reads and writes. */
	if (posix_memalign((void **)&w->wbuf, 4096, w->bufsize + 1) ||
	    posix_memalign((void **)&w->rbuf, 4096, w->bufsize + 1))
		return -ENOMEM;
	return 0;
}

/* Runs the threads for @runtime seconds (or until all are done). */
static int fb_threads_run(struct fb_run *r, struct fb_worker *w, unsigned int n,
			  unsigned int runtime, double *secs)
{
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	double t0 = util_now();
	unsigned int i, started;
	int err = 0;

	for (started = 0; started < n; started++)
		if (pthread_create(&w[started].tid, NULL, fb_worker_main,
				   &w[started])) {
			err = -EAGAIN;
			fb_stop(r);
			break;
		}
	/* Those that use their filesets up end with the first thread done
	 * (filebench's mode quit firstdone). */
	while (!fb_stopped(r) && util_now() - t0 < runtime &&
	       !__atomic_load_n(&fb_done, __ATOMIC_SEQ_CST))
		nanosleep(&tick, NULL);
	fb_stop(r);
	for (i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	*secs = util_now() - t0;
	return err;
}

/* filebench's per-flowop lines and IO Summary; LKP's metrics. */
static void fb_report(const struct fb_worker *w, unsigned int n, double secs)
{
	struct fb_stats s = { 0 };
	unsigned int i, k;

	for (i = 0; i < n; i++) {
		s.ops += w[i].st.ops;
		s.reads += w[i].st.reads;
		s.writes += w[i].st.writes;
		s.bytes += w[i].st.bytes;
		s.lat += w[i].st.lat;
		for (k = 0; k <= FB_LISTDIR; k++)
			s.op_count[k] += w[i].st.op_count[k];
	}
	for (k = 0; k <= FB_LISTDIR; k++)
		if (s.op_count[k])
			printf("filebench: %-16s %10llu ops %12.3f ops/s\n",
			       fb_op_name(k), s.op_count[k],
			       s.op_count[k] / secs);
	printf("filebench: IO Summary: %llu ops %.3f ops/s %.0f/%.0f rd/wr %.1fmb/s %.3fms/op\n",
	       s.ops, s.ops / secs, s.reads / secs, s.writes / secs,
	       s.bytes / secs / FB_MB, s.ops ? s.lat * 1e3 / s.ops : 0);
	harness_metric("filebench.sum_operations", s.ops);
	harness_metric("filebench.sum_operations/s", s.ops / secs);
	harness_metric("filebench.sum_reads/s", s.reads / secs);
	harness_metric("filebench.sum_writes/s", s.writes / secs);
	harness_metric("filebench.sum_bytes_mb/s", s.bytes / secs / FB_MB);
	harness_metric("filebench.sum_time_ms/op",
		       s.ops ? s.lat * 1e3 / s.ops : 0);
}

/* The filesets made, the run, the check: 0 or -errno (said). */
static int fb_personality_run(struct fb_run *r, struct fb_worker *w,
			      unsigned int n, unsigned int runtime)
{
	unsigned long long rng = 0x2545f4914f6cdd1dULL;
	unsigned int i;
	double secs;
	int err = 0;

	for (i = 0; i < r->p->nsets && !err; i++)
		err = fb_set_make(&r->sets[i], &rng);
	if (err) {
		fprintf(stderr, "filebench: making fileset %s in %s: %s\n",
			r->sets[i - 1].def->name, harness_tmpdir(),
			strerror(-err));
		return err;
	}
	/* The run measures the workload, not the filesets' writeback. */
	sync();
	err = fb_threads_run(r, w, n, runtime, &secs);
	if (err || r->failed)
		return err ? err : -EIO;
	for (i = 0; i < r->p->nsets; i++)
		if (fb_set_check(&r->sets[i]))
			err = -EIO;
	if (!err)
		fb_report(w, n, secs);
	return err;
}

/* The run's tree: its own, so that two runs in one TMPDIR do not meet. */
static void fb_root(char *p, size_t n)
{
	snprintf(p, n, "%s/filebench.%ld", harness_tmpdir(), (long)getpid());
}

static int fb_setup(struct fb_run *r, struct fb_worker **w, unsigned int *n,
		    unsigned int nthreads, unsigned long long budget)
{
	char root[4096];
	unsigned int i, k, m = 0;
	*n = fb_threads_count(r->p, nthreads);
	r->sets = calloc(r->p->nsets, sizeof(*r->sets));
	*w = calloc(*n, sizeof(**w));
	if (!r->sets || !*w)
		return -ENOMEM;
	fb_scale(r, budget, *n);
	fb_root(root, sizeof(root));
	if (mkdir(root, 0755) && errno != EEXIST)
		return -errno;
	for (i = 0; i < r->p->nsets; i++) {
		const struct fb_set *s = &r->sets[i];

		snprintf(r->sets[i].dir, sizeof(r->sets[i].dir), "%s/%s", root,
			 r->p->sets[i].name);
		if (s->def->kind == FB_ONEFILE && s->def->size < FB_MB)
			printf("progress filebench: file %s: %llu KiB, a log rotated at %llu MiB\n",
			       s->def->name, s->def->size >> 10, s->size >> 20);
		else if (s->def->kind == FB_ONEFILE)
			printf("progress filebench: file %s: %llu MiB (x%.4f of the personality's)\n",
			       s->def->name, s->size >> 20,
			       (double)s->size / s->def->size);
		else
			printf("progress filebench: fileset %s: %u %s in a tree of width %u (x%.4f of the personality's)\n",
			       s->def->name, s->n,
			       s->def->kind == FB_DIRS ? "directories" :
							 "files",
			       s->width, (double)s->n / s->def->entries);
	}
	for (i = 0; i < r->p->nthreads; i++) {
		const struct fb_thread *t = &r->p->threads[i];

		for (k = 0; k < (t->instances ? t->instances : nthreads);
		     k++, m++)
			if (fb_worker_init(&(*w)[m], r, t, m))
				return -ENOMEM;
	}
	return 0;
}

static int fb_find(const char *name, struct fb_run *r)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fb_personalities); i++)
		if (!strcmp(fb_personalities[i].name, name)) {
			r->p = fb_personalities[i].p;
			return 0;
		}
	return -EINVAL;
}

static int fb_run_main(int argc, char **argv)
{
	const char *test = "fileserver", *test_size = NULL;
	unsigned int nthreads = 0, runtime = 60, n = 0, i;
	const struct harness_param params[] = {
		{ "filebench_test", NULL, &test },
		{ "nr_threads", &nthreads, NULL },
		{ "runtime", &runtime, NULL },
		{ "test_size", NULL, &test_size },
	};
	struct fb_run r = { 0 };
	struct fb_worker *w = NULL;
	unsigned long long budget;
	char root[4200];
	int err;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)) ||
	    fb_find(test, &r))
		return 2;
	if (!nthreads)
		nthreads = r.p->def_nthreads;
	err = fb_budget(test_size, &budget);
	if (!err) {
		printf("progress filebench %s: %u thread(s), %u s, data set at most %llu MiB, in %s\n",
		       test, fb_threads_count(r.p, nthreads), runtime,
		       budget >> 20, harness_tmpdir());
		err = fb_setup(&r, &w, &n, nthreads, budget);
	}
	if (!err)
		err = fb_personality_run(&r, w, n, runtime);
	else
		fprintf(stderr, "filebench: %s: %s\n", harness_tmpdir(),
			strerror(-err));
	fb_root(root, sizeof(root));
	harness_tree_remove(root);
	for (i = 0; i < n; i++) {
		free(w[i].wbuf);
		free(w[i].rbuf);
	}
	for (i = 0; r.sets && i < r.p->nsets; i++)
		free(r.sets[i].e);
	free(r.sets);
	free(w);
	return err ? 1 : 0;
}

const struct bench bench = {
	.name = "filebench",
	.title = "filebench (its personalities' workloads)",
	.run = fb_run_main,
};
