/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_FILEBENCH_H
#define BOOTBENCH_FILEBENCH_H

/*
 * filebench's model (its Workload Model Language, WML): a personality
 * defines filesets and threads; each thread runs its list of flowops in
 * a loop until the run ends. Here a personality is data (the tables of
 * filebench-personalities.c), the flowops are run by one engine
 * (filebench-flowops.c), and filebench.c sets up, runs and reports.
 */
#include <pthread.h>
#include <stddef.h>

#include "shared/util.h"

/* The flowops used by the personalities, as the WML names them. */
enum fb_op {
	FB_CREATEFILE, /* create a file of a fileset that does not exist */
	FB_OPENFILE, /* open an existing file of a fileset */
	FB_CLOSEFILE, /* close the file opened with the same fd= */
	FB_WRITEWHOLEFILE, /* write the file's whole size, iosize at a time */
	FB_APPENDFILE, /* append iosize bytes */
	FB_APPENDFILERAND, /* append a random amount, up to iosize */
	FB_READWHOLEFILE, /* read the whole file, iosize at a time */
	FB_DELETEFILE, /* delete an existing file of a fileset */
	FB_STATFILE, /* stat an existing file of a fileset */
	FB_FSYNC, /* fsync the file opened with the same fd= */
	FB_READ, /* read iosize from a file (random: anywhere in it) */
	FB_WRITE, /* write iosize to a file (random: anywhere in it) */
	FB_MAKEDIR, /* make a directory of a fileset of directories */
	FB_LISTDIR, /* read an existing directory of the fileset */
	/* Not an I/O: ends the thread once it has moved iosize bytes (the
	 * WML's finishonbytes value=); never counted as an operation. */
	FB_FINISHONBYTES,
};

/* What a fileset holds. */
enum fb_set_kind {
	FB_FILES, /* entries files in a tree of meandirwidth */
	FB_DIRS, /* entries (leaf) directories in such a tree */
	FB_ONEFILE, /* one file (WML's define file) */
};

struct fb_fileset {
	const char *name;
	enum fb_set_kind kind;
	unsigned int entries; /* $nfiles, $ndirs */
	unsigned int dirwidth; /* $meandirwidth */
	unsigned long long size; /* $filesize: the mean, gamma distributed */
	unsigned int prealloc; /* % of the entries made before the run */
};

/* Flowop flags. */
#define FB_RANDOM 1u /* read/write at random offsets */
#define FB_ONCE 2u /* openfile: each entry once, in order, then done */
#define FB_LASTREAD 4u /* writewholefile: the bytes the last read read */
#define FB_DIRECT 8u /* read/write with O_DIRECT (the WML's directio) */

struct fb_flowop {
	enum fb_op op;
	unsigned int set; /* index of the personality's fileset */
	unsigned int fd; /* 0 or 1: the WML's fd= */
	unsigned int iosize;
	unsigned int flags;
};

struct fb_thread {
	const char *name;
	unsigned int instances; /* 0: $nthreads */
	const struct fb_flowop *ops;
	unsigned int nops;
};

struct fb_personality {
	const struct fb_fileset *sets;
	unsigned int nsets;
	const struct fb_thread *threads;
	unsigned int nthreads;
	unsigned int def_nthreads; /* $nthreads */
	int until_done; /* ends when the threads have used every entry */
};

#define FB_PERSONALITY(name, desc) extern const struct fb_personality fb_##name;
#include "benchmarks/filebench.def"
#undef FB_PERSONALITY

/* An entry of a fileset at run time. */
struct fb_entry {
	unsigned long long size; /* bytes it has (what reads must find) */
	unsigned long long plan; /* bytes writewholefile gives it */
	unsigned char exists, busy;
};

/* A fileset at run time: its scaled shape and its entries' state. */
struct fb_set {
	const struct fb_fileset *def;
	char dir[4200];
	unsigned int n, width, depth;
	unsigned long long size; /* FB_ONEFILE: its size (scaled) */
	struct fb_entry *e;
	unsigned int cursor; /* FB_ONCE's next entry */
	pthread_mutex_t lock;
};

/* What a thread counted; summed into filebench's IO Summary. */
struct fb_stats {
	unsigned long long ops, reads, writes, bytes;
	double lat; /* seconds in all the flowops */
	unsigned long long op_count[FB_LISTDIR + 1];
};

struct fb_run {
	const struct fb_personality *p;
	struct fb_set *sets;
	int stop; /* fb_stop(), fb_stopped() */
	volatile int failed;
};

/* One thread's state: its open files (fd=) and its random numbers. */
struct fb_worker {
	struct fb_run *run;
	const struct fb_thread *t;
	pthread_t tid;
	unsigned long long rng;
	int fd[2], slot_set[2];
	unsigned int slot_entry[2];
	int onefile_fd[8]; /* per fileset, WML's implicit open of a file */
	unsigned long long seq_off[8];
	unsigned long long last_read;
	char *wbuf, *rbuf;
	size_t bufsize;
	int wfill; /* the byte wbuf holds, -1: none yet */
	struct fb_stats st;
	int done;
};

unsigned long long fb_rand(unsigned long long *s);
/* A file size drawn around @mean (gamma, shape 1.5, the WML default). */
unsigned long long fb_size_draw(unsigned long long *s, unsigned long long mean);
void fb_entry_path(const struct fb_set *s, unsigned int i, char *p, size_t n);
/* Runs flowop @op once: 0, -EAGAIN (nothing free: again), -ENODATA
 * (the fileset is used up), or -errno (said on stderr). */
int fb_flowop_run(struct fb_worker *w, const struct fb_flowop *op);
/* The byte each entry's data is made of, checked by every read. */
unsigned char fb_fill_byte(const struct fb_set *s, unsigned int i);
const char *fb_op_name(enum fb_op op);
/* Makes leaf directory @leaf of the set's tree and those above it. */
int fb_leaf_make(const struct fb_set *s, unsigned int leaf);
/* closefile of slot @slot, if open. */
void fb_slot_close(struct fb_worker *w, unsigned int slot);

#endif
