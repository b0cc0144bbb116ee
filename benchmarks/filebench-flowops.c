// SPDX-License-Identifier: GPL-2.0
/*
 * filebench's flowops, as its Workload Model Language documents them,
 * run by the threads of benchmarks/filebench.c. A file of a fileset is
 * used by one thread at a time (busy from the flowop that picks it to
 * the one that lets it go: closefile, or the flowop itself), so every
 * entry's size is known and each flowop checks its own work: a read
 * finds every byte the writes put there (each entry's data is one byte
 * value) and exactly the size the writes gave it, a stat finds that
 * size, a listed directory the entries the tree puts in it.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "filebench.h"
#include "harness.h"
#include "shared/util.h"

static const char *const fb_op_names[] = {
	[FB_CREATEFILE] = "createfile",
	[FB_OPENFILE] = "openfile",
	[FB_CLOSEFILE] = "closefile",
	[FB_WRITEWHOLEFILE] = "writewholefile",
	[FB_APPENDFILE] = "appendfile",
	[FB_APPENDFILERAND] = "appendfilerand",
	[FB_READWHOLEFILE] = "readwholefile",
	[FB_DELETEFILE] = "deletefile",
	[FB_STATFILE] = "statfile",
	[FB_FSYNC] = "fsync",
	[FB_READ] = "read",
	[FB_WRITE] = "write",
	[FB_MAKEDIR] = "makedir",
	[FB_LISTDIR] = "listdir",
	[FB_FINISHONBYTES] = "finishonbytes",
};

const char *fb_op_name(enum fb_op op)
{
	return fb_op_names[op];
}

unsigned long long fb_rand(unsigned long long *s)
{
	/* xorshift64*: fast, per thread, good enough to pick files. */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static double fb_uniform(unsigned long long *s)
{
	return ((fb_rand(s) >> 11) + 0.5) / 9007199254740992.0;
}

/*
 * The WML's file sizes are gamma distributed around the fileset's mean
 * size with shape 1.5 (its filesizegamma default); drawn here with
 * Marsaglia and Tsang's method, at most 8 times the mean.
 */
unsigned long long fb_size_draw(unsigned long long *s, unsigned long long mean)
{
	const double k = 1.5, d = k - 1.0 / 3, c = 1 / sqrt(9 * d);
	double x, v, u, g;

	if (!mean)
		return 0;
	for (;;) {
		do {
			x = sqrt(-2 * log(fb_uniform(s))) *
			    cos(2 * M_PI * fb_uniform(s));
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		u = fb_uniform(s);
		if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
			break;
	}
	g = d * v / k * mean;
	if (g > 8.0 * mean)
		g = 8.0 * mean;
	return g < 1 ? 1 : (unsigned long long)g;
}

unsigned char fb_fill_byte(const struct fb_set *s, unsigned int i)
{
	return 'a' + (i + s->def->name[0]) % 26;
}

/* Entry @i's leaf directory @leaf (the tree's digits), into @p. */
static size_t fb_leaf_path(const struct fb_set *s, unsigned int leaf, char *p,
			   size_t n)
{
	unsigned long long div = 1;
	size_t off;
	unsigned int l;

	off = snprintf(p, n, "%s", s->dir);
	for (l = 1; l < s->depth - 1; l++)
		div *= s->width;
	for (l = 1; l < s->depth && off < n; l++, div /= s->width)
		off += snprintf(p + off, n - off, "/d%llu",
				(leaf / div) % s->width);
	return off < n ? off : n - 1;
}

void fb_entry_path(const struct fb_set *s, unsigned int i, char *p, size_t n)
{
	size_t off;

	if (s->def->kind == FB_ONEFILE) {
		snprintf(p, n, "%s/%s", s->dir, s->def->name);
		return;
	}
	off = fb_leaf_path(s, i / s->width, p, n);
	snprintf(p + off, n - off, "/%c%u", s->def->kind == FB_DIRS ? 'e' : 'f',
		 i);
}

/* Makes entry @i's leaf directory and those above it. */
int fb_leaf_make(const struct fb_set *s, unsigned int leaf)
{
	char p[4400];
	size_t end = fb_leaf_path(s, leaf, p, sizeof(p)), i;

	for (i = strlen(s->dir) + 1; i <= end; i++) {
		if (p[i] != '/' && p[i])
			continue;
		p[i] = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			return -errno;
		if (i < end)
			p[i] = '/';
	}
	return 0;
}

/*
 * An entry that exists (@present) or not and that no thread uses, made
 * busy: -EAGAIN when all such are busy (or none is free for now),
 * -ENODATA when a run that ends with its filesets used up has used
 * this one. Such a run takes its entries in order, each once.
 */
static int fb_pick(struct fb_worker *w, struct fb_set *s, int present,
		   unsigned int flags, unsigned int *out)
{
	unsigned int k, i, start = fb_rand(&w->rng) % s->n;
	int err = -EAGAIN;

	pthread_mutex_lock(&s->lock);
	if ((flags & FB_ONCE) || w->run->p->until_done) {
		while (s->cursor < s->n && s->e[s->cursor].exists != present)
			s->cursor++;
		err = s->cursor < s->n ? 0 : -ENODATA;
		i = s->cursor++;
	} else {
		for (k = 0; k < s->n && err; k++) {
			i = (start + k) % s->n;
			if (s->e[i].exists == present && !s->e[i].busy)
				err = 0;
		}
	}
	if (!err) {
		s->e[i].busy = 1;
		*out = i;
	}
	pthread_mutex_unlock(&s->lock);
	return err;
}

static void fb_release(struct fb_set *s, unsigned int i)
{
	pthread_mutex_lock(&s->lock);
	s->e[i].busy = 0;
	pthread_mutex_unlock(&s->lock);
}

/* Whether a busy entry exists: under the lock, which pickers read it in. */
static void fb_exists_set(struct fb_set *s, unsigned int i, int exists)
{
	pthread_mutex_lock(&s->lock);
	s->e[i].exists = exists;
	pthread_mutex_unlock(&s->lock);
}

static int fb_fail(const char *what, const char *path, int err)
{
	fprintf(stderr, "filebench: %s %s: %s\n", what, path, strerror(-err));
	return err;
}

/* createfile, openfile: entry into the thread's fd= slot. */
static int fb_open_op(struct fb_worker *w, const struct fb_flowop *op)
{
	struct fb_set *s = &w->run->sets[op->set];
	int create = op->op == FB_CREATEFILE, fd, err;
	char path[4400];
	unsigned int i;

	err = fb_pick(w, s, !create, op->flags, &i);
	if (err)
		return err;
	fb_entry_path(s, i, path, sizeof(path));
	fd = open(path, create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0644);
	if (fd < 0) {
		fb_release(s, i);
		return fb_fail(fb_op_name(op->op), path, -errno);
	}
	if (create) {
		fb_exists_set(s, i, 1);
		s->e[i].size = 0;
	}
	w->fd[op->fd] = fd;
	w->slot_set[op->fd] = op->set;
	w->slot_entry[op->fd] = i;
	return 0;
}

void fb_slot_close(struct fb_worker *w, unsigned int slot)
{
	if (w->fd[slot] < 0)
		return;
	close(w->fd[slot]);
	w->fd[slot] = -1;
	fb_release(&w->run->sets[w->slot_set[slot]], w->slot_entry[slot]);
}

/* Writes @n bytes of entry @i's byte at @off (the write buffer's). */
static int fb_pwrite(struct fb_worker *w, int fd, unsigned char c,
		     unsigned long long off, size_t n)
{
	ssize_t r;

	if (w->wfill != c) {
		memset(w->wbuf, c, w->bufsize);
		w->wfill = c;
	}
	r = pwrite(fd, w->wbuf, n, off);
	if (r != (ssize_t)n)
		return r < 0 ? -errno : -ENOSPC;
	w->st.bytes += n;
	return 0;
}

/* Reads @n bytes at @off; all must be there, and all the entry's byte. */
static int fb_pread(struct fb_worker *w, int fd, unsigned char c,
		    unsigned long long off, size_t n)
{
	ssize_t r = pread(fd, w->rbuf, n, off), k;

	if (r < 0)
		return -errno;
	for (k = 0; k < r; k++)
		if ((unsigned char)w->rbuf[k] != c)
			return -EILSEQ;
	if (r != (ssize_t)n)
		return -EILSEQ;
	w->st.bytes += n;
	return 0;
}

static size_t fb_chunk(unsigned long long left, unsigned int iosize)
{
	return left < iosize ? left : iosize;
}

/* writewholefile, appendfile(rand), readwholefile on the fd= slot. */
static int fb_slot_io(struct fb_worker *w, const struct fb_flowop *op)
{
	struct fb_set *s = &w->run->sets[w->slot_set[op->fd]];
	unsigned int i = w->slot_entry[op->fd];
	struct fb_entry *e = &s->e[i];
	unsigned char c = fb_fill_byte(s, i);
	unsigned long long off = 0, want;
	int fd = w->fd[op->fd], err = 0;

	if (fd < 0)
		return -EBADF;
	if (op->op == FB_READWHOLEFILE) {
		for (; off < e->size && !err;
		     off += fb_chunk(e->size - off, op->iosize))
			err = fb_pread(w, fd, c, off,
				       fb_chunk(e->size - off, op->iosize));
		w->last_read = off;
		return err;
	}
	if (op->op == FB_WRITEWHOLEFILE) {
		want = op->flags & FB_LASTREAD ? w->last_read : e->plan;
		for (; off < want && !err;
		     off += fb_chunk(want - off, op->iosize))
			err = fb_pwrite(w, fd, c, off,
					fb_chunk(want - off, op->iosize));
		if (!err && ftruncate(fd, want))
			err = -errno;
		e->size = err ? e->size : want;
		return err;
	}
	want = op->iosize;
	if (op->op == FB_APPENDFILERAND)
		want = 1 + fb_rand(&w->rng) % op->iosize;
	err = fb_pwrite(w, fd, c, e->size, want);
	if (!err)
		e->size += want;
	return err;
}

/* deletefile, statfile, makedir: an entry picked, used, let go. */
static int fb_entry_op(struct fb_worker *w, const struct fb_flowop *op)
{
	struct fb_set *s = &w->run->sets[op->set];
	int mk = op->op == FB_MAKEDIR, err = 0;
	char path[4400];
	struct stat st;
	unsigned int i;

	err = fb_pick(w, s, !mk, op->flags, &i);
	if (err)
		return err;
	fb_entry_path(s, i, path, sizeof(path));
	if (op->op == FB_DELETEFILE) {
		err = unlink(path) ? -errno : 0;
		fb_exists_set(s, i, !!err);
	} else if (op->op == FB_STATFILE) {
		err = stat(path, &st) ? -errno : 0;
		if (!err && (unsigned long long)st.st_size != s->e[i].size)
			err = -EILSEQ;
	} else {
		err = mkdir(path, 0755) ? -errno : 0;
		fb_exists_set(s, i, !err);
	}
	fb_release(s, i);
	return err ? fb_fail(fb_op_name(op->op), path, err) : 0;
}

/* The one file of a FB_ONEFILE set, opened by each thread once. */
static int fb_onefile_fd(struct fb_worker *w, const struct fb_flowop *op)
{
	unsigned int set = op->set;
	char path[4400];

	if (w->onefile_fd[set] >= 0)
		return w->onefile_fd[set];
	fb_entry_path(&w->run->sets[set], 0, path, sizeof(path));
	w->onefile_fd[set] =
		open(path, O_RDWR | (op->flags & FB_DIRECT ? O_DIRECT : 0));
	if (w->onefile_fd[set] < 0)
		return fb_fail("open", path, -errno);
	return w->onefile_fd[set];
}

/*
 * appendfile, appendfilerand on a FB_ONEFILE set (webserver's log): at
 * its end, one thread at a time; the log goes back to empty when it
 * would pass its (scaled) size, as a rotated log does.
 */
static int fb_onefile_append(struct fb_worker *w, const struct fb_flowop *op,
			     int fd)
{
	struct fb_set *s = &w->run->sets[op->set];
	unsigned long long n = op->iosize;
	int err = 0;

	if (op->op == FB_APPENDFILERAND)
		n = 1 + fb_rand(&w->rng) % op->iosize;
	pthread_mutex_lock(&s->lock);
	if (s->e[0].size + n > s->size) {
		err = ftruncate(fd, 0) ? -errno : 0;
		s->e[0].size = 0;
	}
	if (!err)
		err = fb_pwrite(w, fd, fb_fill_byte(s, 0), s->e[0].size, n);
	s->e[0].size += err ? 0 : n;
	pthread_mutex_unlock(&s->lock);
	return err;
}

/*
 * read, write (of a FB_ONEFILE set): iosize at a random multiple of it,
 * or in order, over again from the start at the (scaled) size; a file
 * made empty (singlestreamwrite) grows to it.
 */
static int fb_onefile_io(struct fb_worker *w, const struct fb_flowop *op)
{
	struct fb_set *s = &w->run->sets[op->set];
	int fd = fb_onefile_fd(w, op), err;
	unsigned char c = fb_fill_byte(s, 0);
	unsigned long long off, slots = s->size / op->iosize;

	if (fd < 0)
		return fd;
	if (op->op == FB_APPENDFILE || op->op == FB_APPENDFILERAND)
		return fb_onefile_append(w, op, fd);
	if (op->flags & FB_RANDOM) {
		off = (fb_rand(&w->rng) % (slots ? slots : 1)) * op->iosize;
	} else {
		off = w->seq_off[op->set];
		if (off + op->iosize > s->size)
			off = 0;
		w->seq_off[op->set] = off + op->iosize;
	}
	if (op->op == FB_READ)
		return fb_pread(w, fd, c, off, op->iosize);
	err = fb_pwrite(w, fd, c, off, op->iosize);
	if (!err && off + op->iosize > s->e[0].size) {
		pthread_mutex_lock(&s->lock);
		if (off + op->iosize > s->e[0].size)
			s->e[0].size = off + op->iosize;
		pthread_mutex_unlock(&s->lock);
	}
	return err;
}

/* listdir: a leaf directory, which must hold the entries the tree gives. */
static int fb_listdir(struct fb_worker *w, const struct fb_flowop *op)
{
	struct fb_set *s = &w->run->sets[op->set];
	unsigned int leaves = (s->n + s->width - 1) / s->width;
	unsigned int leaf = fb_rand(&w->rng) % leaves, want, got = 0;
	char path[4400];
	struct dirent *d;
	DIR *dir;

	fb_leaf_path(s, leaf, path, sizeof(path));
	want = s->n - leaf * s->width < s->width ? s->n - leaf * s->width :
						   s->width;
	dir = opendir(path);
	if (!dir)
		return fb_fail("listdir", path, -errno);
	while ((d = readdir(dir)))
		got += d->d_name[0] != '.';
	closedir(dir);
	if (got != want) {
		fprintf(stderr, "filebench: listdir %s: %u entries, not %u\n",
			path, got, want);
		return -EILSEQ;
	}
	return 0;
}

static int fb_flowop_do(struct fb_worker *w, const struct fb_flowop *op)
{
	switch (op->op) {
	case FB_CREATEFILE:
	case FB_OPENFILE:
		return fb_open_op(w, op);
	case FB_CLOSEFILE:
		fb_slot_close(w, op->fd);
		return 0;
	case FB_FSYNC:
		return fsync(w->fd[op->fd]) ? -errno : 0;
	case FB_DELETEFILE:
	case FB_STATFILE:
	case FB_MAKEDIR:
		return fb_entry_op(w, op);
	case FB_LISTDIR:
		return fb_listdir(w, op);
	case FB_READ:
	case FB_WRITE:
		return fb_onefile_io(w, op);
	default:
		if (w->run->sets[op->set].def->kind == FB_ONEFILE)
			return fb_onefile_io(w, op);
		return fb_slot_io(w, op);
	}
}

/* The set a flowop works on: its fd= slot's, or its own. */
static const struct fb_set *fb_op_set(const struct fb_worker *w,
				      const struct fb_flowop *op)
{
	switch (op->op) {
	case FB_WRITEWHOLEFILE:
	case FB_APPENDFILE:
	case FB_APPENDFILERAND:
	case FB_READWHOLEFILE:
	case FB_FSYNC:
		if (w->run->sets[op->set].def->kind != FB_ONEFILE)
			return &w->run->sets[w->slot_set[op->fd]];
		/* fall through */
	default:
		return &w->run->sets[op->set];
	}
}

int fb_flowop_run(struct fb_worker *w, const struct fb_flowop *op)
{
	double t0;
	int err;

	/* The thread is done (and with it the run: quit firstdone). */
	if (op->op == FB_FINISHONBYTES)
		return w->st.bytes >= op->iosize ? -ENODATA : 0;
	t0 = util_now();
	err = fb_flowop_do(w, op);

	if (err == -EAGAIN || err == -ENODATA)
		return err;
	if (err == -EILSEQ)
		fprintf(stderr,
			"filebench: %s on fileset %s: it did not find what was written\n",
			fb_op_name(op->op), fb_op_set(w, op)->def->name);
	else if (err)
		fprintf(stderr, "filebench: %s on fileset %s: %s\n",
			fb_op_name(op->op), fb_op_set(w, op)->def->name,
			strerror(-err));
	if (err)
		return err;
	w->st.ops++;
	w->st.op_count[op->op]++;
	w->st.lat += util_now() - t0;
	if (op->op == FB_READ || op->op == FB_READWHOLEFILE)
		w->st.reads++;
	else if (op->op == FB_WRITE || op->op == FB_WRITEWHOLEFILE ||
		 op->op == FB_APPENDFILE || op->op == FB_APPENDFILERAND)
		w->st.writes++;
	return 0;
}
