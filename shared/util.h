/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the init, the benchmarks and the host tools all need, in one
 * place, as kmod's shared/ serves libkmod and its tools. Header-only
 * (static inline): each side builds it with its own C library (musl in
 * the guest, glibc on the host) and no link list has to name it.
 */
#ifndef SHARED_UTIL_H
#define SHARED_UTIL_H

#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* 0 when @e is false; a compile error when it is true (the kernel's). */
#define UTIL_BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int : (-!!(e)); })))
/* A pointer given where an array was meant is a compile error. */
#define UTIL_MUST_BE_ARRAY(a)   \
	UTIL_BUILD_BUG_ON_ZERO( \
		__builtin_types_compatible_p(typeof(a), typeof(&(a)[0])))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + UTIL_MUST_BE_ARRAY(a))

/* Seconds on the monotonic clock: for intervals, never for dates. */
static inline double util_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A decimal number from @min to @max, digits only (no sign, no space,
 * nothing after): 0, -EINVAL when it is not one, -ERANGE when outside.
 */
static inline int util_uint_parse(const char *s, unsigned int min,
				  unsigned int max, unsigned int *out)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/* FNV-1a over @s, continuing from @h (start with UTIL_FNV1A_INIT). */
#define UTIL_FNV1A_INIT 2166136261u
static inline unsigned int util_fnv1a_add(unsigned int h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * All of @n bytes read (@wr 0) or written (@wr 1), through short
 * transfers and signals: 0, -EPIPE when the other end closed, or -errno.
 */
static inline int util_fd_full(int fd, void *buf, size_t n, int wr)
{
	char *p = buf;
	ssize_t r;

	while (n) {
		r = wr ? write(fd, p, n) : read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return -EPIPE;
		p += r;
		n -= r;
	}
	return 0;
}

static inline int util_write_full(int fd, const void *buf, size_t n)
{
	return util_fd_full(fd, (void *)buf, n, 1);
}

#endif
