// SPDX-License-Identifier: GPL-2.0
/*
 * filebench's personalities as data: each one's filesets, threads and
 * flowop loops, with its tunables' defaults ($nfiles, $meandirwidth,
 * $meanfilesize, $iosize, $meanappendsize, $nthreads; run 60), as the
 * personalities' workload descriptions (their WML .f files) and the
 * filebench wiki give them; not from filebench's code. filebench.c
 * scales the filesets to the guest (entries, or the one file's size)
 * and says so; the loops are as described.
 */
#include "filebench.h"

#define K 1024u
#define M (1024u * 1024u)

/* A flowop on fileset @s (or the file opened as @f): op, iosize, flags. */
#define OP(o, s, f, io, fl)                                          \
	{                                                            \
		.op = FB_##o, .set = (s), .fd = (f), .iosize = (io), \
		.flags = (fl)                                        \
	}
#define PERS(n, sets_, thr, nthr, done)        \
	const struct fb_personality fb_##n = { \
		.sets = sets_,                 \
		.nsets = ARRAY_SIZE(sets_),    \
		.threads = thr,                \
		.nthreads = ARRAY_SIZE(thr),   \
		.def_nthreads = nthr,          \
		.until_done = done,            \
	}

/*
 * fileserver: $nfiles 10000 files of $filesize 128k (mean) in a tree of
 * $meandirwidth 20, 80% made beforehand; $nthreads 50 threads each
 * create+write a whole file, append to one (random, up to
 * $meanappendsize 16k), read one whole ($iosize 1m), delete one and
 * stat one.
 */
static const struct fb_fileset fileserver_sets[] = {
	{ "bigfileset", FB_FILES, 10000, 20, 128 * K, 80 },
};
static const struct fb_flowop fileserver_ops[] = {
	OP(CREATEFILE, 0, 0, 0, 0),
	OP(WRITEWHOLEFILE, 0, 0, M, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(OPENFILE, 0, 0, 0, 0),
	OP(APPENDFILERAND, 0, 0, 16 * K, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(OPENFILE, 0, 0, 0, 0),
	OP(READWHOLEFILE, 0, 0, M, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(DELETEFILE, 0, 0, 0, 0),
	OP(STATFILE, 0, 0, 0, 0),
};
static const struct fb_thread fileserver_threads[] = {
	{ "filereaderthread", 0, fileserver_ops, ARRAY_SIZE(fileserver_ops) },
};
PERS(fileserver, fileserver_sets, fileserver_threads, 50, 0);

/*
 * webproxy: $nfiles 10000 files of 16k in one directory ($meandirwidth
 * 1000000), 80% made beforehand; $nthreads 100 threads each delete an
 * object, create a new one written by an append of up to $meaniosize
 * 16k, then open, read whole and close five objects.
 */
static const struct fb_fileset webproxy_sets[] = {
	{ "bigfileset", FB_FILES, 10000, 1000000, 16 * K, 80 },
};
#define WEBPROXY_READ                                            \
	OP(OPENFILE, 0, 0, 0, 0), OP(READWHOLEFILE, 0, 0, M, 0), \
		OP(CLOSEFILE, 0, 0, 0, 0)
static const struct fb_flowop webproxy_ops[] = {
	OP(DELETEFILE, 0, 0, 0, 0),
	OP(CREATEFILE, 0, 0, 0, 0),
	OP(APPENDFILERAND, 0, 0, 16 * K, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
};
static const struct fb_thread webproxy_threads[] = {
	{ "proxycache", 0, webproxy_ops, ARRAY_SIZE(webproxy_ops) },
};
PERS(webproxy, webproxy_sets, webproxy_threads, 100, 0);

/* The micro-workloads' one large file: 5g, $iosize 8k or 1m. */
static const struct fb_fileset largefile_sets[] = {
	{ "largefile1", FB_ONEFILE, 1, 1, 5ull << 30, 100 },
};
static const struct fb_flowop randread_ops[] = {
	OP(READ, 0, 0, 8 * K, FB_RANDOM),
};
static const struct fb_flowop randwrite_ops[] = {
	OP(WRITE, 0, 0, 8 * K, FB_RANDOM),
};

/* randomrw: $nthreads (1) random readers and as many random writers. */
static const struct fb_thread randomrw_threads[] = {
	{ "rand-r-thread", 0, randread_ops, ARRAY_SIZE(randread_ops) },
	{ "rand-w-thread", 0, randwrite_ops, ARRAY_SIZE(randwrite_ops) },
};
PERS(randomrw, largefile_sets, randomrw_threads, 1, 0);

/* randomwrite, randomread: $nthreads (1) threads of random 8k I/O. */
static const struct fb_thread randomwrite_threads[] = {
	{ "rand-thread", 0, randwrite_ops, ARRAY_SIZE(randwrite_ops) },
};
PERS(randomwrite, largefile_sets, randomwrite_threads, 1, 0);
static const struct fb_thread randomread_threads[] = {
	{ "rand-thread", 0, randread_ops, ARRAY_SIZE(randread_ops) },
};
PERS(randomread, largefile_sets, randomread_threads, 1, 0);

/*
 * singlestreamread: one thread ($nthreads) reads the file in order, 1m
 * at a time; singlestreamreaddirect the same with direct I/O.
 */
static const struct fb_flowop seqread_ops[] = {
	OP(READ, 0, 0, M, 0),
};
static const struct fb_thread seqread_threads[] = {
	{ "seqread", 0, seqread_ops, ARRAY_SIZE(seqread_ops) },
};
PERS(singlestreamread, largefile_sets, seqread_threads, 1, 0);
static const struct fb_flowop seqreaddirect_ops[] = {
	OP(READ, 0, 0, M, FB_DIRECT),
};
static const struct fb_thread seqreaddirect_threads[] = {
	{ "seqread", 0, seqreaddirect_ops, ARRAY_SIZE(seqreaddirect_ops) },
};
PERS(singlestreamreaddirect, largefile_sets, seqreaddirect_threads, 1, 0);

/*
 * singlestreamwrite: one thread ($nthreads) writes a new (empty) file in
 * order, 1m at a time, until the run ends; it has no size: here it grows
 * to the data set's, then is written over again from the start.
 * singlestreamwritedirect the same with direct I/O.
 */
static const struct fb_fileset newfile_sets[] = {
	{ "largefile1", FB_ONEFILE, 1, 1, 5ull << 30, 0 },
};
static const struct fb_flowop seqwrite_ops[] = {
	OP(WRITE, 0, 0, M, 0),
};
static const struct fb_thread seqwrite_threads[] = {
	{ "seqwrite", 0, seqwrite_ops, ARRAY_SIZE(seqwrite_ops) },
};
PERS(singlestreamwrite, newfile_sets, seqwrite_threads, 1, 0);
static const struct fb_flowop seqwritedirect_ops[] = {
	OP(WRITE, 0, 0, M, FB_DIRECT),
};
static const struct fb_thread seqwritedirect_threads[] = {
	{ "seqwrite", 0, seqwritedirect_ops, ARRAY_SIZE(seqwritedirect_ops) },
};
PERS(singlestreamwritedirect, newfile_sets, seqwritedirect_threads, 1, 0);

/*
 * fivestreamread, fivestreamwrite: five 1g files made beforehand, one
 * thread ($nthreads) each reading (writing) its own in order, 1m at a
 * time; the *direct ones the same with direct I/O.
 */
static const struct fb_fileset five_sets[] = {
	{ "largefile1", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
	{ "largefile2", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
	{ "largefile3", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
	{ "largefile4", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
	{ "largefile5", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
};
#define FIVE(o, n, d, f)                                   \
	static const struct fb_flowop five_##o##d##n[] = { \
		OP(o, n - 1, 0, M, f),                     \
	}
#define FIVE_ALL(o, d, f)                               \
	FIVE(o, 1, d, f);                               \
	FIVE(o, 2, d, f);                               \
	FIVE(o, 3, d, f);                               \
	FIVE(o, 4, d, f);                               \
	FIVE(o, 5, d, f);                               \
	static const struct fb_thread five_##o##d[] = { \
		{ #o "1", 0, five_##o##d##1, 1 },       \
		{ #o "2", 0, five_##o##d##2, 1 },       \
		{ #o "3", 0, five_##o##d##3, 1 },       \
		{ #o "4", 0, five_##o##d##4, 1 },       \
		{ #o "5", 0, five_##o##d##5, 1 },       \
	}
FIVE_ALL(READ, , 0);
FIVE_ALL(WRITE, , 0);
FIVE_ALL(READ, direct, FB_DIRECT);
FIVE_ALL(WRITE, direct, FB_DIRECT);
PERS(fivestreamread, five_sets, five_READ, 1, 0);
PERS(fivestreamwrite, five_sets, five_WRITE, 1, 0);
PERS(fivestreamreaddirect, five_sets, five_READdirect, 1, 0);
PERS(fivestreamwritedirect, five_sets, five_WRITEdirect, 1, 0);

/*
 * makedirs: $ndirs 10000 leaf directories in a tree of $meandirwidth
 * 100, made by $nthreads 16 threads; the run ends when the first thread
 * finds none left to make (mode quit firstdone), as for copyfiles and
 * createfiles.
 */
static const struct fb_fileset makedirs_sets[] = {
	{ "bigfileset", FB_DIRS, 10000, 100, 0, 0 },
};
static const struct fb_flowop makedirs_ops[] = {
	OP(MAKEDIR, 0, 0, 0, 0),
};
static const struct fb_thread makedirs_threads[] = {
	{ "dirmaker", 0, makedirs_ops, ARRAY_SIZE(makedirs_ops) },
};
PERS(makedirs, makedirs_sets, makedirs_threads, 16, 1);

/*
 * copyfiles: $nfiles 1000 files of 16k in a tree of $meandirwidth 20,
 * all made beforehand, copied by $nthreads (1): open and read whole a
 * source, create and write whole its copy in the destination tree.
 */
static const struct fb_fileset copyfiles_sets[] = {
	{ "bigfileset", FB_FILES, 1000, 20, 16 * K, 100 },
	{ "destfiles", FB_FILES, 1000, 20, 16 * K, 0 },
};
static const struct fb_flowop copyfiles_ops[] = {
	OP(OPENFILE, 0, 0, 0, FB_ONCE),
	OP(READWHOLEFILE, 0, 0, M, 0),
	OP(CREATEFILE, 1, 1, 0, 0),
	OP(WRITEWHOLEFILE, 1, 1, M, FB_LASTREAD),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(CLOSEFILE, 1, 1, 0, 0),
};
static const struct fb_thread copyfiles_threads[] = {
	{ "filereader", 0, copyfiles_ops, ARRAY_SIZE(copyfiles_ops) },
};
PERS(copyfiles, copyfiles_sets, copyfiles_threads, 1, 1);

/* createfiles: $nfiles 50000 of 16k, $meandirwidth 100, $nthreads 16. */
static const struct fb_fileset createfiles_sets[] = {
	{ "bigfileset", FB_FILES, 50000, 100, 16 * K, 0 },
};
static const struct fb_flowop createfiles_ops[] = {
	OP(CREATEFILE, 0, 0, 0, 0),
	OP(WRITEWHOLEFILE, 0, 0, M, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
};
static const struct fb_thread createfiles_threads[] = {
	{ "filecreator", 0, createfiles_ops, ARRAY_SIZE(createfiles_ops) },
};
PERS(createfiles, createfiles_sets, createfiles_threads, 16, 1);

/*
 * varmail: $nfiles 1000 mails of 16k in one directory, 80% made
 * beforehand; $nthreads 16: delete a mail, create one with an append of
 * up to $meanappendsize 16k and fsync, read one whole and append and
 * fsync, read one whole.
 */
static const struct fb_fileset varmail_sets[] = {
	{ "bigfileset", FB_FILES, 1000, 1000000, 16 * K, 80 },
};
static const struct fb_flowop varmail_ops[] = {
	OP(DELETEFILE, 0, 0, 0, 0),
	OP(CREATEFILE, 0, 0, 0, 0),
	OP(APPENDFILERAND, 0, 0, 16 * K, 0),
	OP(FSYNC, 0, 0, 0, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(OPENFILE, 0, 0, 0, 0),
	OP(READWHOLEFILE, 0, 0, M, 0),
	OP(APPENDFILERAND, 0, 0, 16 * K, 0),
	OP(FSYNC, 0, 0, 0, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
	OP(OPENFILE, 0, 0, 0, 0),
	OP(READWHOLEFILE, 0, 0, M, 0),
	OP(CLOSEFILE, 0, 0, 0, 0),
};
static const struct fb_thread varmail_threads[] = {
	{ "filereaderthread", 0, varmail_ops, ARRAY_SIZE(varmail_ops) },
};
PERS(varmail, varmail_sets, varmail_threads, 16, 0);

/*
 * webserver: $nfiles 1000 files of 16k in a tree of $meandirwidth 20,
 * all made beforehand, and a log (a fileset of one 16k file); $nthreads
 * 100 threads each open, read whole and close ten files, then append
 * up to $meanappendsize 16k to the log.
 */
static const struct fb_fileset webserver_sets[] = {
	{ "bigfileset", FB_FILES, 1000, 20, 16 * K, 100 },
	{ "logfiles", FB_ONEFILE, 1, 1, 16 * K, 100 },
};
static const struct fb_flowop webserver_ops[] = {
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	WEBPROXY_READ,
	OP(APPENDFILERAND, 1, 1, 16 * K, 0),
};
static const struct fb_thread webserver_threads[] = {
	{ "filereaderthread", 0, webserver_ops, ARRAY_SIZE(webserver_ops) },
};
PERS(webserver, webserver_sets, webserver_threads, 100, 0);

/*
 * listdirs: $nfiles 50000 empty files in a deep tree of $meandirwidth
 * 5, all made beforehand; $nthreads 16 threads list its directories.
 */
static const struct fb_fileset listdirs_sets[] = {
	{ "bigfileset", FB_FILES, 50000, 5, 0, 100 },
};
static const struct fb_flowop listdirs_ops[] = {
	OP(LISTDIR, 0, 0, 0, 0),
};
static const struct fb_thread listdirs_threads[] = {
	{ "dirlister", 0, listdirs_ops, ARRAY_SIZE(listdirs_ops) },
};
PERS(listdirs, listdirs_sets, listdirs_threads, 16, 0);

/*
 * filemicro_rread: one thread ($nthreads) reads a preallocated file of
 * $filesize 1g at random, $iosize 2k at a time, until it has read
 * $bytes 128m (finishonbytes), which ends the run.
 */
static const struct fb_fileset onegig_sets[] = {
	{ "bigfile1", FB_ONEFILE, 1, 1, 1ull << 30, 100 },
};
static const struct fb_flowop rread_ops[] = {
	OP(READ, 0, 0, 2 * K, FB_RANDOM),
	OP(FINISHONBYTES, 0, 0, 128 * M, 0),
};
static const struct fb_thread rread_threads[] = {
	{ "filereaderthread", 0, rread_ops, ARRAY_SIZE(rread_ops) },
};
PERS(filemicro_rread, onegig_sets, rread_threads, 1, 0);
