// SPDX-License-Identifier: GPL-2.0
/*
 * will-it-scale's testcases, written from the suite's descriptions of
 * them: each is a loop that does one thing for ever and counts it in
 * *t->iter as the original counts it (brk1, lock1/2 and context_switch1
 * count two per loop, the page-fault and TLB tests one per page). The
 * sizes are the originals': 128MB mappings, 1MB files, 4kB buffers.
 * Where the original asserts, a body returns a failure the runner
 * reports; the tlb_flush tests check the value read back as theirs do.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "wis.h"

/* The kernel's futex ABI (musl ships no linux/futex.h). */
#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_WAIT_PRIVATE (FUTEX_WAIT | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_PRIVATE (FUTEX_WAKE | FUTEX_PRIVATE_FLAG)

#define WIS_BUF 4096
#define WIS_FILESIZE (1024 * 1024)
#define WIS_MAPSIZE (128UL * 1024 * 1024)
#define WIS_NR_POLL 128

#define WIS_TRY(t, cond, what)                           \
	do {                                             \
		if (!(cond))                             \
			return wis_fail(t, what, errno); \
	} while (0)

/* A file of its own in the work directory (@dir: another), unlinked. */
static int wis_tmp_open(struct wis_task *t, const char *dir, int flags)
{
	char path[PATH_MAX + 32];
	int fd;

	snprintf(path, sizeof(path), "%s/willitscale.XXXXXX",
		 dir ? dir : wis_prep.dir);
	fd = mkostemp(path, flags);
	if (fd < 0)
		return wis_fail(t, path, errno);
	unlink(path);
	return fd;
}

static int wis_zero_write(int fd, unsigned long size)
{
	static const char zero[WIS_BUF];
	ssize_t n;

	for (; size; size -= n) {
		n = write(fd, zero, size < WIS_BUF ? size : WIS_BUF);
		if (n <= 0)
			return -1;
	}
	return 0;
}

/* A separate file of @size zero bytes, or the prepared shared one. */
static int wis_file(struct wis_task *t, unsigned long size, int shared,
		    int flags)
{
	int fd;

	if (shared) {
		fd = open(wis_prep.file, flags);
		WIS_TRY(t, fd >= 0, wis_prep.file);
		return fd;
	}
	fd = wis_tmp_open(t, NULL, 0);
	if (fd >= 0 && wis_zero_write(fd, size))
		return wis_fail(t, "write", errno);
	return fd;
}

static unsigned long wis_page_off(struct wis_task *t)
{
	return (unsigned long)getpagesize() * t->nr;
}

static int wis_brk_loop(struct wis_task *t, unsigned long addr)
{
	unsigned long page = getpagesize();

	for (;;) {
		WIS_TRY(t, syscall(SYS_brk, addr + page) == (long)(addr + page),
			"brk up");
		WIS_TRY(t, syscall(SYS_brk, addr) == (long)addr, "brk down");
		*t->iter += 2;
	}
}

int wis_brk1(struct wis_task *t)
{
	return wis_brk_loop(t, syscall(SYS_brk, 0));
}

/* A page of its own first: the loop never gives back the last one. */
int wis_brk2(struct wis_task *t)
{
	unsigned long page = getpagesize(), cur = syscall(SYS_brk, 0);

	WIS_TRY(t, syscall(SYS_brk, cur + page) == (long)(cur + page), "brk");
	return wis_brk_loop(t, cur + page);
}

static int wis_byte_io(int fd, void *c, int writing)
{
	ssize_t n;

	do
		n = writing ? write(fd, c, 1) : read(fd, c, 1);
	while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -1;
}

struct wis_pipes {
	struct wis_task *t;
	int to[2], from[2];
};

static void *wis_switch_partner(void *arg)
{
	struct wis_pipes *p = arg;
	char c;

	while (!wis_byte_io(p->to[0], &c, 0) && !wis_byte_io(p->from[1], &c, 1))
		;
	wis_fail(p->t, "context_switch1 partner", errno);
	return NULL;
}

int wis_context_switch1(struct wis_task *t)
{
	struct wis_pipes *p = malloc(sizeof(*p));
	char c = 0;

	WIS_TRY(t, p && !pipe(p->to) && !pipe(p->from), "pipe");
	p->t = t;
	if (wis_task_new(t, wis_switch_partner, p))
		return -1;
	for (;;) {
		WIS_TRY(t, !wis_byte_io(p->to[1], &c, 1), "write");
		WIS_TRY(t, !wis_byte_io(p->from[0], &c, 0), "read");
		*t->iter += 2;
	}
}

int wis_dup1(struct wis_task *t)
{
	int fd = wis_tmp_open(t, NULL, 0), fd2;

	if (fd < 0)
		return fd;
	for (;;) {
		fd2 = dup(fd);
		WIS_TRY(t, fd2 >= 0, "dup");
		close(fd2);
		(*t->iter)++;
	}
}

int wis_eventfd1(struct wis_task *t)
{
	unsigned long long w = 1, r;
	int fd = eventfd(0, 0);
	ssize_t n;

	WIS_TRY(t, fd >= 0, "eventfd");
	for (;;) {
		do
			n = write(fd, &w, sizeof(w));
		while (n < 0 && errno == EINTR);
		WIS_TRY(t, n == sizeof(w), "eventfd write");
		do
			n = read(fd, &r, sizeof(r));
		while (n < 0 && errno == EINTR);
		WIS_TRY(t, n == sizeof(r), "eventfd read");
		(*t->iter)++;
	}
}

/* 1MB / 128 at a time, truncated back to nothing at 1MB. */
static int wis_fallocate_loop(struct wis_task *t, const char *dir)
{
	int fd = wis_tmp_open(t, dir, 0);
	off_t place = 0;

	if (fd < 0)
		return fd;
	for (;;) {
		WIS_TRY(t, !fallocate(fd, 0, place, WIS_FILESIZE / 128),
			"fallocate");
		place += WIS_FILESIZE / 128;
		if (place >= WIS_FILESIZE) {
			WIS_TRY(t, !ftruncate(fd, 0), "ftruncate");
			place = 0;
		}
		(*t->iter)++;
	}
}

int wis_fallocate1(struct wis_task *t)
{
	return wis_fallocate_loop(t, "/dev/shm");
}

int wis_fallocate2(struct wis_task *t)
{
	return wis_fallocate_loop(t, NULL);
}

/*
 * A wake nobody waits for (0 woken), or a wait whose value never
 * matches (EAGAIN at once): anything else is a kernel gone wrong.
 */
static int wis_futex_loop(struct wis_task *t, int op, unsigned int val)
{
	int wake = (op & ~FUTEX_PRIVATE_FLAG) == FUTEX_WAKE;
	long ret;

	for (;;) {
		unsigned int word = 0;

		ret = syscall(SYS_futex, &word, op, val, NULL, NULL, 0);
		WIS_TRY(t, wake ? ret == 0 : errno == EAGAIN, "futex");
		(*t->iter)++;
	}
}

int wis_futex1(struct wis_task *t)
{
	return wis_futex_loop(t, FUTEX_WAKE, 1);
}

int wis_futex2(struct wis_task *t)
{
	return wis_futex_loop(t, FUTEX_WAIT, 1);
}

int wis_futex3(struct wis_task *t)
{
	return wis_futex_loop(t, FUTEX_WAKE_PRIVATE, 1);
}

int wis_futex4(struct wis_task *t)
{
	return wis_futex_loop(t, FUTEX_WAIT_PRIVATE, 1);
}

int wis_getppid1(struct wis_task *t)
{
	for (;;) {
		getppid();
		(*t->iter)++;
	}
}

static int wis_lock_loop(struct wis_task *t, int fd)
{
	struct flock l = { .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };

	for (;;) {
		l.l_type = F_WRLCK;
		WIS_TRY(t, !fcntl(fd, F_SETLKW, &l), "F_SETLKW lock");
		l.l_type = F_UNLCK;
		WIS_TRY(t, !fcntl(fd, F_SETLKW, &l), "F_SETLKW unlock");
		*t->iter += 2;
	}
}

int wis_lock1(struct wis_task *t)
{
	int fd = wis_tmp_open(t, NULL, 0);

	return fd < 0 ? fd : wis_lock_loop(t, fd);
}

int wis_lock2(struct wis_task *t)
{
	int fd = wis_file(t, 0, 1, O_RDWR);

	return fd < 0 ? fd : wis_lock_loop(t, fd);
}

static int wis_lseek_loop(struct wis_task *t, int fd)
{
	if (fd < 0)
		return fd;
	for (;;) {
		lseek(fd, 0, SEEK_SET);
		(*t->iter)++;
	}
}

int wis_lseek1(struct wis_task *t)
{
	return wis_lseek_loop(t, wis_file(t, WIS_BUF, 0, 0));
}

int wis_lseek2(struct wis_task *t)
{
	return wis_lseek_loop(t, wis_file(t, 0, 1, O_RDWR));
}

static int wis_malloc_loop(struct wis_task *t, size_t size)
{
	for (;;) {
		void *p = malloc(size);

		WIS_TRY(t, p, "malloc");
		free(p);
		(*t->iter)++;
	}
}

int wis_malloc1(struct wis_task *t)
{
	return wis_malloc_loop(t, WIS_MAPSIZE);
}

int wis_malloc2(struct wis_task *t)
{
	return wis_malloc_loop(t, 1024);
}

static int wis_mmap_loop(struct wis_task *t, int flags, int fd)
{
	for (;;) {
		void *p = mmap(NULL, WIS_MAPSIZE, PROT_READ | PROT_WRITE, flags,
			       fd, 0);

		WIS_TRY(t, p != MAP_FAILED, "mmap");
		munmap(p, WIS_MAPSIZE);
		(*t->iter)++;
	}
}

/* A separate 128MB file (sparse), for the file mapping tests. */
static int wis_bigfile(struct wis_task *t)
{
	int fd = wis_tmp_open(t, NULL, 0);

	if (fd >= 0 && ftruncate(fd, WIS_MAPSIZE))
		return wis_fail(t, "ftruncate 128MB", errno);
	return fd;
}

int wis_mmap1(struct wis_task *t)
{
	return wis_mmap_loop(t, MAP_PRIVATE | MAP_ANONYMOUS, -1);
}

int wis_mmap2(struct wis_task *t)
{
	int fd = wis_bigfile(t);

	return fd < 0 ? fd : wis_mmap_loop(t, MAP_PRIVATE, fd);
}

static int wis_open_loop(struct wis_task *t, const char *path)
{
	for (;;) {
		int fd = open(path, O_RDWR);

		WIS_TRY(t, fd >= 0, path);
		close(fd);
		(*t->iter)++;
	}
}

int wis_open1(struct wis_task *t)
{
	return wis_open_loop(t, wis_prep.paths[t->nr]);
}

int wis_open2(struct wis_task *t)
{
	return wis_open_loop(t, wis_prep.paths[t->nr]);
}

int wis_open3(struct wis_task *t)
{
	return wis_open_loop(t, wis_prep.file);
}

/* Touch every page of a fresh 128MB mapping, one count per page. */
static int wis_fault_loop(struct wis_task *t, int flags, int fd)
{
	unsigned long page = getpagesize(), i;

	if (fd < -1)
		return fd;
	for (;;) {
		char *c = mmap(NULL, WIS_MAPSIZE, PROT_READ | PROT_WRITE, flags,
			       fd, 0);

		WIS_TRY(t, c != MAP_FAILED, "mmap");
		for (i = 0; i < WIS_MAPSIZE; i += page) {
			c[i] = 0;
			(*t->iter)++;
		}
		munmap(c, WIS_MAPSIZE);
	}
}

int wis_page_fault1(struct wis_task *t)
{
	return wis_fault_loop(t, MAP_PRIVATE | MAP_ANONYMOUS, -1);
}

int wis_page_fault2(struct wis_task *t)
{
	int fd = wis_bigfile(t);

	return wis_fault_loop(t, MAP_PRIVATE, fd < 0 ? -2 : fd);
}

int wis_page_fault3(struct wis_task *t)
{
	int fd = wis_bigfile(t);

	return wis_fault_loop(t, MAP_SHARED, fd < 0 ? -2 : fd);
}

/* One byte through a pipe or a socket pair to itself. */
static int wis_loopback(struct wis_task *t, int fd[2])
{
	char c = 0;

	for (;;) {
		WIS_TRY(t, !wis_byte_io(fd[1], &c, 1), "write");
		WIS_TRY(t, !wis_byte_io(fd[0], &c, 0), "read");
		(*t->iter)++;
	}
}

int wis_pipe1(struct wis_task *t)
{
	int fd[2];

	WIS_TRY(t, !pipe(fd), "pipe");
	return wis_loopback(t, fd);
}

int wis_unix1(struct wis_task *t)
{
	int fd[2];

	WIS_TRY(t, !socketpair(AF_UNIX, SOCK_STREAM, 0, fd), "socketpair");
	return wis_loopback(t, fd);
}

static int wis_poll_loop(struct wis_task *t, unsigned int n)
{
	struct pollfd pfd[WIS_NR_POLL];
	int fds[WIS_NR_POLL];
	unsigned int i;

	for (i = 0; i < n; i++) {
		fds[i] = wis_tmp_open(t, NULL, 0);
		if (fds[i] < 0)
			return fds[i];
	}
	for (;;) {
		memset(pfd, 0, sizeof(pfd[0]) * n);
		for (i = 0; i < n; i++) {
			pfd[i].fd = fds[i];
			pfd[i].events = POLLOUT;
		}
		WIS_TRY(t, poll(pfd, n, 0) >= 0, "poll");
		(*t->iter)++;
	}
}

int wis_poll1(struct wis_task *t)
{
	return wis_poll_loop(t, 1);
}

int wis_poll2(struct wis_task *t)
{
	return wis_poll_loop(t, WIS_NR_POLL);
}

int wis_posix_semaphore1(struct wis_task *t)
{
	sem_t sem;

	WIS_TRY(t, !sem_init(&sem, 0, 1), "sem_init");
	for (;;) {
		sem_wait(&sem);
		sem_post(&sem);
		(*t->iter)++;
	}
}

/* A 4kB pread or pwrite, or lseek then read or write, at @off. */
enum wis_io { WIS_PREAD, WIS_PWRITE, WIS_SEEKREAD, WIS_SEEKWRITE };

static int wis_io_loop(struct wis_task *t, int fd, enum wis_io io, off_t off)
{
	char buf[WIS_BUF] = { 0 };
	ssize_t n;

	if (fd < 0)
		return fd;
	for (;;) {
		if (io == WIS_PREAD)
			n = pread(fd, buf, WIS_BUF, off);
		else if (io == WIS_PWRITE)
			n = pwrite(fd, buf, WIS_BUF, off);
		else if (lseek(fd, off, SEEK_SET) != off)
			n = -1;
		else if (io == WIS_SEEKREAD)
			n = read(fd, buf, WIS_BUF);
		else
			n = write(fd, buf, WIS_BUF);
		WIS_TRY(t, n == WIS_BUF, "4kB read or write");
		(*t->iter)++;
	}
}

int wis_pread1(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, WIS_BUF, 0, 0), WIS_PREAD, 0);
}

int wis_pread2(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDONLY), WIS_PREAD, 0);
}

int wis_pread3(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDONLY), WIS_PREAD,
			   wis_page_off(t));
}

int wis_pwrite1(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 0, 0), WIS_PWRITE, 0);
}

int wis_pwrite2(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDWR), WIS_PWRITE, 0);
}

int wis_pwrite3(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDWR), WIS_PWRITE,
			   wis_page_off(t));
}

int wis_readseek1(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, WIS_BUF, 0, 0), WIS_SEEKREAD, 0);
}

int wis_readseek2(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDWR), WIS_SEEKREAD, 0);
}

int wis_readseek3(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDONLY), WIS_SEEKREAD,
			   wis_page_off(t));
}

int wis_writeseek1(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 0, 0), WIS_SEEKWRITE, 0);
}

int wis_writeseek2(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDWR), WIS_SEEKWRITE, 0);
}

int wis_writeseek3(struct wis_task *t)
{
	return wis_io_loop(t, wis_file(t, 0, 1, O_RDWR), WIS_SEEKWRITE,
			   wis_page_off(t));
}

static pthread_mutex_t wis_mutex = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long wis_global;
static __thread volatile unsigned long wis_tls;

/* @val: what is updated under the lock (NULL: nothing). */
static int wis_mutex_loop(struct wis_task *t, pthread_mutex_t *m,
			  volatile unsigned long *val)
{
	for (;;) {
		errno = pthread_mutex_lock(m);
		WIS_TRY(t, !errno, "pthread_mutex_lock");
		if (val)
			(*val)++;
		pthread_mutex_unlock(m);
		(*t->iter)++;
	}
}

int wis_pthread_mutex1(struct wis_task *t)
{
	return wis_mutex_loop(t, &wis_mutex, NULL);
}

int wis_pthread_mutex2(struct wis_task *t)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

	return wis_mutex_loop(t, &m, NULL);
}

int wis_pthread_mutex3(struct wis_task *t)
{
	return wis_mutex_loop(t, &wis_mutex, &wis_global);
}

int wis_pthread_mutex4(struct wis_task *t)
{
	volatile unsigned long local = 0;

	return wis_mutex_loop(t, &wis_mutex, &local);
}

int wis_pthread_mutex5(struct wis_task *t)
{
	return wis_mutex_loop(t, &wis_mutex, &wis_tls);
}

/* 4kB reads from the start; at the end of the file, back to it. */
static int wis_read_loop(struct wis_task *t, int fd, char *buf, size_t len)
{
	ssize_t n;

	if (fd < 0)
		return fd;
	for (;;) {
		n = read(fd, buf, len);
		WIS_TRY(t, n >= 0, "read");
		if (n == 0)
			lseek(fd, 0, SEEK_SET);
		(*t->iter)++;
	}
}

int wis_read1(struct wis_task *t)
{
	char buf[WIS_BUF];

	return wis_read_loop(t, wis_file(t, WIS_FILESIZE, 0, 0), buf, WIS_BUF);
}

int wis_read2(struct wis_task *t)
{
	char buf[WIS_BUF];

	return wis_read_loop(t, wis_file(t, 0, 1, O_RDONLY), buf, WIS_BUF);
}

int wis_read3(struct wis_task *t)
{
	size_t page = getpagesize();
	char *buf = aligned_alloc(page, WIS_FILESIZE);
	int fd;

	WIS_TRY(t, buf, "aligned_alloc");
	memset(buf, 0, WIS_FILESIZE);
	fd = wis_tmp_open(t, NULL, O_DIRECT);
	if (fd < 0)
		return fd;
	WIS_TRY(t, write(fd, buf, WIS_FILESIZE) == WIS_FILESIZE,
		"O_DIRECT write of 1MB");
	return wis_read_loop(t, fd, buf, page);
}

int wis_read4(struct wis_task *t)
{
	size_t page = getpagesize();
	char *buf = aligned_alloc(page, page);

	WIS_TRY(t, buf, "aligned_alloc");
	return wis_read_loop(t, wis_file(t, 0, 1, O_RDONLY | O_DIRECT), buf,
			     page);
}

int wis_sched_yield(struct wis_task *t)
{
	for (;;) {
		WIS_TRY(t, !sched_yield(), "sched_yield");
		(*t->iter)++;
	}
}

static void wis_signal_catch(int sig)
{
	(void)sig;
}

int wis_signal1(struct wis_task *t)
{
	struct sigaction sa = { .sa_handler = wis_signal_catch };

	WIS_TRY(t, !sigaction(SIGUSR1, &sa, NULL), "sigaction");
	for (;;) {
		raise(SIGUSR1);
		(*t->iter)++;
	}
}

/*
 * Per page: write 1, MADV_DONTNEED, read back: a private mapping reads
 * the file's 0 again, a shared one the 1 it wrote.
 */
static int wis_tlb_loop(struct wis_task *t, unsigned long size, int flags,
			int fd, char expect)
{
	unsigned long page = getpagesize(), i;

	if (fd < -1)
		return fd;
	for (;;) {
		volatile char *c =
			mmap(NULL, size, PROT_READ | PROT_WRITE, flags, fd, 0);

		WIS_TRY(t, c != MAP_FAILED, "mmap");
		for (i = 0; i < size; i += page) {
			c[i] = 1;
			madvise((char *)c + i, page, MADV_DONTNEED);
			if (c[i] != expect)
				return wis_fail(t, "the page read back",
						EBADMSG);
			(*t->iter)++;
		}
		munmap((void *)c, size);
	}
}

int wis_tlb_flush1(struct wis_task *t)
{
	int fd = wis_bigfile(t);

	return wis_tlb_loop(t, WIS_MAPSIZE, MAP_PRIVATE, fd < 0 ? -2 : fd, 0);
}

int wis_tlb_flush2(struct wis_task *t)
{
	return wis_tlb_loop(t, WIS_FILESIZE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			    0);
}

int wis_tlb_flush3(struct wis_task *t)
{
	int fd = wis_bigfile(t);

	return wis_tlb_loop(t, WIS_MAPSIZE, MAP_SHARED, fd < 0 ? -2 : fd, 1);
}

static int wis_unlink_loop(struct wis_task *t, const char *path)
{
	for (;;) {
		int fd = open(path, O_RDWR | O_CREAT, 0600);

		WIS_TRY(t, fd >= 0, path);
		close(fd);
		unlink(path);
		(*t->iter)++;
	}
}

int wis_unlink1(struct wis_task *t)
{
	return wis_unlink_loop(t, wis_prep.paths[t->nr]);
}

int wis_unlink2(struct wis_task *t)
{
	return wis_unlink_loop(t, wis_prep.paths[t->nr]);
}

int wis_write1(struct wis_task *t)
{
	int fd = wis_tmp_open(t, NULL, 0);
	char buf[WIS_BUF] = { 0 };
	unsigned long size = 0;
	ssize_t n;

	if (fd < 0)
		return fd;
	for (;;) {
		n = write(fd, buf, WIS_BUF);
		WIS_TRY(t, n >= 0, "write");
		size += n;
		if (size >= WIS_FILESIZE) {
			size = 0;
			lseek(fd, 0, SEEK_SET);
		}
		(*t->iter)++;
	}
}
