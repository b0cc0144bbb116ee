// SPDX-License-Identifier: GPL-2.0
/*
 * UnixBench "File Copy": a write phase (2 s) makes the file and measures
 * the write rate, a read phase (2 s) the read rate, then the copy phase
 * reads the file buffer by buffer into a second one, rewinding both at
 * its end, until the alarm. Everything is counted in 256-byte units;
 * the score is units / (elapsed s x 4), KiB/s. A buffer cut short by
 * the alarm earns part credit in proportion to the write and read
 * rates, as the original does (a read cut by it has read nothing and
 * earns none). In the appliance /tmp is tmpfs.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fscopy.h"
#include "harness.h"
#include "shared/util.h"

#define FS_UNIT 256
#define FS_HALF (FS_UNIT / 2)

struct fs_state {
	int f, g;
	char *buf;
	unsigned long bufsize, max_buffs, per_buf, per_k;
	long write_score, read_score;
	char names[2][64];
};

/* Before each phase the original lets the disk settle. */
static void fs_settle(unsigned int second_sleep)
{
	sync();
	harness_settle_sleep(2);
	sync();
	harness_settle_sleep(second_sleep);
}

static long fs_score(unsigned long counted, double start,
		     const struct fs_state *s)
{
	return (long)((double)counted / ((util_now() - start) * s->per_k));
}

static int fs_write_phase(struct fs_state *s, unsigned int seconds)
{
	unsigned long counted = 0, i;
	double start;
	ssize_t n;

	fs_settle(2);
	if (harness_alarm_arm(seconds))
		return -1;
	start = util_now();
	while (!harness_stop) {
		for (i = 0; i < s->max_buffs; i++) {
			n = write(s->f, s->buf, s->bufsize);
			if (n == (ssize_t)s->bufsize) {
				counted += s->per_buf;
			} else if (n < 0 && errno == EINTR) {
				/* As the original: the lap is still finished. */
				continue;
			} else if (n >= 0 && harness_stop) {
				counted += (n + FS_HALF) / FS_UNIT;
			} else {
				perror("fstime: write");
				return -1;
			}
		}
		lseek(s->f, 0, SEEK_SET);
	}
	s->write_score = fs_score(counted, start, s);
	printf("Write done: %lu, score %ld\n", counted, s->write_score);
	return 0;
}

static int fs_read_phase(struct fs_state *s, unsigned int seconds)
{
	unsigned long counted = 0;
	double start;
	ssize_t n;

	fs_settle(2);
	lseek(s->f, 0, SEEK_SET);
	if (harness_alarm_arm(seconds))
		return -1;
	start = util_now();
	while (!harness_stop) {
		n = read(s->f, s->buf, s->bufsize);
		if (n == (ssize_t)s->bufsize) {
			counted += s->per_buf;
		} else if (n >= 0) {
			/* End of file: the part read counts, then rewind. */
			counted += (n + FS_HALF) / FS_UNIT;
			lseek(s->f, 0, SEEK_SET);
		} else if (errno != EINTR) {
			perror("fstime: read");
			return -1;
		}
	}
	s->read_score = fs_score(counted, start, s);
	printf("Read done: %lu, score %ld\n", counted, s->read_score);
	return 0;
}

/*
 * A write cut by the alarm after a buffer read in full: what was
 * written, and for the rest of the buffer the read's share of the time.
 */
static unsigned long fs_copy_cut_credit(const struct fs_state *s, ssize_t n)
{
	long rw = s->read_score + s->write_score;

	if (n < 0)
		n = 0;
	if (rw <= 0)
		return 0;
	return (n + ((s->bufsize - n) * s->write_score) / rw + FS_HALF) /
	       FS_UNIT;
}

/*
 * The copy until the alarm, in units into *countedp: both files are
 * rewound when the read reaches the end of the first.
 */
static int fs_copy_loop(struct fs_state *s, unsigned long *countedp)
{
	unsigned long counted = 0;
	ssize_t n;

	while (!harness_stop) {
		n = read(s->f, s->buf, s->bufsize);
		if (n >= 0 && n != (ssize_t)s->bufsize) {
			lseek(s->f, 0, SEEK_SET);
			lseek(s->g, 0, SEEK_SET);
			continue;
		}
		if (n < 0) {
			if (errno != EINTR) {
				perror("fstime: copy read");
				return -EIO;
			}
			break;
		}
		n = write(s->g, s->buf, s->bufsize);
		if (n == (ssize_t)s->bufsize) {
			counted += s->per_buf;
			continue;
		}
		if (!harness_stop && !(n < 0 && errno == EINTR)) {
			perror("fstime: copy write");
			return -EIO;
		}
		counted += fs_copy_cut_credit(s, n);
		break;
	}
	*countedp = counted;
	return 0;
}

/* The copy must hold the pattern the write phase put in the file. */
static int fs_copy_check(const struct fs_state *s, unsigned long counted)
{
	unsigned char *check = malloc(s->bufsize);
	int err = 0;
	ssize_t n;

	if (!check)
		return -ENOMEM;
	lseek(s->g, 0, SEEK_SET);
	n = read(s->g, check, s->bufsize);
	if (counted >= s->per_buf &&
	    (n != (ssize_t)s->bufsize || memcmp(check, s->buf, s->bufsize))) {
		fprintf(stderr, "fstime: the copy differs from the file\n");
		err = -EIO;
	}
	free(check);
	return err;
}

static int fs_copy_phase(struct fs_state *s, unsigned int seconds)
{
	unsigned long counted = 0;
	double start, end;

	fs_settle(1);
	lseek(s->f, 0, SEEK_SET);
	lseek(s->g, 0, SEEK_SET);
	if (harness_alarm_arm(seconds))
		return -1;
	start = util_now();
	if (fs_copy_loop(s, &counted))
		return -1;
	end = util_now();
	printf("Copy done: %lu\n", counted);
	if (fs_copy_check(s, counted))
		return -1;
	/* The original's true time of the copy phase, for Run's mean. */
	printf("COUNT|%ld|0|KBps\n",
	       (long)((double)counted / ((end - start) * s->per_k)));
	printf("TIME|%.1f\n", end - start);
	return 0;
}

int fscopy_copy_main(int argc, char **argv, unsigned int bufsize,
		     unsigned int max_kb)
{
	struct fs_state s = { .f = -1, .g = -1, .bufsize = bufsize };
	const char *dir = getenv("TMPDIR");
	unsigned long i;
	int ret = 1;

	if (argc < 2)
		return 2;
	if (chdir(dir && *dir ? dir : "/tmp")) {
		perror("fstime: chdir");
		return 1;
	}
	s.max_buffs = (unsigned long)max_kb * 1024 / bufsize;
	s.per_k = 1024 / FS_UNIT;
	s.per_buf = bufsize / FS_UNIT;
	s.buf = malloc(bufsize);
	if (!s.buf)
		return 1;
	for (i = 0; i < bufsize; i++)
		s.buf[i] = i & 0xff;
	snprintf(s.names[0], sizeof(s.names[0]), "dummy0-%d", (int)getpid());
	snprintf(s.names[1], sizeof(s.names[1]), "dummy1-%d", (int)getpid());
	s.f = open(s.names[0], O_RDWR | O_CREAT | O_TRUNC, 0600);
	s.g = open(s.names[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (s.f < 0 || s.g < 0) {
		perror("fstime: open");
		goto out;
	}
	if (fs_write_phase(&s, 2) || fs_read_phase(&s, 2) ||
	    fs_copy_phase(&s, atoi(argv[1])))
		goto out;
	ret = 0;
out:
	if (s.f >= 0)
		close(s.f);
	if (s.g >= 0)
		close(s.g);
	unlink(s.names[0]);
	unlink(s.names[1]);
	free(s.buf);
	return ret;
}
