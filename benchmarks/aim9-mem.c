// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's call, memory, sort and string routines: fun_cal, fun_cal1,
 * fun_cal2, fun_cal15, ram_copy, mem_rtns_1, mem_rtns_2, sort_rtns_1
 * and string_rtns. Each checks what it can know of its work.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aim9.h"

/*
 * The fun_cal tests: calls through a pointer the compiler cannot see
 * through (volatile), to functions that add their arguments to a
 * counter, so a call is a call and its count is known.
 */
static long aim9_fcount;

static void aim9_fcal0(void)
{
	aim9_fcount += 1;
}

static void aim9_fcal1(long a)
{
	aim9_fcount += a;
}

static void aim9_fcal2(long a, long b)
{
	aim9_fcount += a + b;
}

static void aim9_fcal15(long a, long b, long c, long d, long e, long f, long g,
			long h, long i, long j, long k, long l, long m, long n,
			long o)
{
	aim9_fcount +=
		(a + b + c + d + e + f + g + h + i + j + k + l + m + n + o) /
		15;
}

static void (*volatile aim9_p0)(void) = aim9_fcal0;
static void (*volatile aim9_p1)(long) = aim9_fcal1;
static void (*volatile aim9_p2)(long, long) = aim9_fcal2;
static void (*volatile aim9_p15)(long, long, long, long, long, long, long, long,
				 long, long, long, long, long, long,
				 long) = aim9_fcal15;

/* The 16 calls of one pass of fun_cal's inner loop, through @call. */
#define AIM9_CALLS16(call) \
	do {               \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
		call;      \
	} while (0)

/*
 * fun_cal, fun_cal1, fun_cal2 (factor 512000): 1000 x 32 x 16 calls of
 * a function of no, one, two arguments (each 1). Checked: the count.
 */
int aim9_fun_cal(void)
{
	int n, i;

	aim9_fcount = 0;
	for (n = 0; n < 1000; n++)
		for (i = 0; i < 32; i++)
			AIM9_CALLS16(aim9_p0());
	return aim9_fcount == 512000 ? 0 : -EFAULT;
}

int aim9_fun_cal1(void)
{
	int n, i;

	aim9_fcount = 0;
	for (n = 0; n < 1000; n++)
		for (i = 0; i < 32; i++)
			AIM9_CALLS16(aim9_p1(1));
	return aim9_fcount == 512000 ? 0 : -EFAULT;
}

int aim9_fun_cal2(void)
{
	int n, i;

	aim9_fcount = 0;
	for (n = 0; n < 1000; n++)
		for (i = 0; i < 32; i++)
			AIM9_CALLS16(aim9_p2(1, 0));
	return aim9_fcount == 512000 ? 0 : -EFAULT;
}

/* fun_cal15 (factor 512000): 1000 x 512 calls of 15 arguments. */
int aim9_fun_cal15(void)
{
	int n, i;

	aim9_fcount = 0;
	for (n = 0; n < 1000; n++)
		for (i = 0; i < 512; i++)
			aim9_p15(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	return aim9_fcount == 512000 ? 0 : -EFAULT;
}

/*
 * ram_copy (factor 25020): 64 memcpy()s of the suite's sizes (1 to 8192
 * bytes; these 64 add up to 25020, the factor: bytes a call), the source
 * and destination offsets going through the 8 byte alignments.
 * Checked: each copy equals its source.
 */
static const unsigned short aim9_ram_sizes[64] = {
	1,    2,    3,	  4,	5,    6,    7,	  7,	7,   7, 7,   7,	  8,
	9,    11,   17,	  33,	63,   7,    7,	  7,	7,   7, 7,   1,	  2,
	3,    4,    5,	  6,	7,    7,    7,	  7,	7,   7, 127, 256, 1001,
	1200, 1492, 1500, 1024, 2048, 3172, 4096, 8192, 512, 7, 7,   7,	  7,
	7,    7,    1,	  2,	3,    4,    5,	  6,	7,   7, 7,
};

int aim9_ram_copy(void)
{
	static char src[8192 + 8], dst[8192 + 8];
	int n;

	for (n = 0; n < 64; n++) {
		char *s = src + n % 8, *d = dst + n / 8 % 8;
		size_t size = aim9_ram_sizes[n];

		s[size - 1] = (char)n;
		memcpy(d, s, size);
		if (memcmp(d, s, size))
			return -EFAULT;
	}
	return 0;
}

/* The suite's block sizes for the memory routines. */
static const unsigned short aim9_blk_sizes[40] = {
	1,    3,    5,	  7,	9,    11, 33, 65, 129, 1024,
	1025, 1023, 8192, 4096, 4095, 11, 33, 65, 129, 1024,
	1,    3,    5,	  7,	9,    11, 33, 65, 129, 1024,
	1025, 1023, 8192, 4096, 4095, 11, 33, 65, 129, 1024,
};

#define AIM9_STRINGS 100

/*
 * mem_rtns_1 (factor 30000): 100 rounds of 300 allocations: for each of
 * 100 strings a copy malloc()ed, a malloc() and a calloc() of the
 * suite's sizes; each block's first byte read; all freed. Checked: the
 * copies compare equal and the calloc()ed blocks are zero.
 */
int aim9_mem_rtns_1(void)
{
	static const char str[] =
		"Hello, this is an average length string 1234";
	char *blk[AIM9_STRINGS * 3];
	int n, i, err = 0;

	for (n = 0; n < 100 && !err; n++) {
		for (i = 0; i < AIM9_STRINGS; i++) {
			blk[3 * i] = malloc(sizeof(str));
			blk[3 * i + 1] = malloc(aim9_blk_sizes[i % 40]);
			blk[3 * i + 2] =
				calloc(aim9_blk_sizes[(i + 1) % 40], 1);
			if (blk[3 * i])
				memcpy(blk[3 * i], str, sizeof(str));
		}
		for (i = 0; i < AIM9_STRINGS * 3; i++)
			if (!blk[i] || (i % 3 == 0 && strcmp(blk[i], str)) ||
			    (i % 3 == 2 && blk[i][0]))
				err = -ENOMEM;
			else if (i % 3 == 1)
				blk[i][0] = (char)i;
		for (i = AIM9_STRINGS * 3 - 1; i >= 0; i--)
			free(blk[i]);
	}
	return err;
}

/*
 * mem_rtns_2 (factor 100): 100 block operations of the suite's sizes at
 * the 8 byte alignments: memset() two blocks, a 'Z' put in one, found
 * by memchr(), the blocks memcmp()ed, memcpy()ed and memmove()d.
 * Checked: memchr finds the 'Z' where it was put, memcmp sees it.
 */
int aim9_mem_rtns_2(void)
{
	static char b1[8192 + 8], b2[8192 + 8];
	int n;

	for (n = 0; n < 100; n++) {
		size_t off1 = n % 8, off2 = n / 8 % 8,
		       size = aim9_blk_sizes[n % 40];
		char *p1 = b1 + off1, *p2 = b2 + off2;

		memset(p1, 'A', size);
		memset(p2, 'A', size);
		p1[n % size] = 'Z';
		if (memchr(p1, 'Z', size) != p1 + n % size ||
		    memcmp(p1, p2, size) <= 0)
			return -EFAULT;
		memcpy(p1, p2, size);
		memmove(b2 + off1, b1 + off2, size);
	}
	return 0;
}

#define AIM9_SORT_SIZE 10000

static int aim9_int_up(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int aim9_int_down(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

/*
 * sort_rtns_1 (factor 10): twice (the original steps its 10 by 5) a
 * table of 10000 integers (the even numbers below 20000, shuffled once)
 * qsort()ed up, down and up again, then 2000 bsearch()es of 0, 10, ...
 * Checked: the table is in order and every key, all even, is found.
 */
int aim9_sort_rtns_1(void)
{
	static int table[AIM9_SORT_SIZE], made;
	int n, i, key;

	for (i = 0; !made && i < AIM9_SORT_SIZE; i++) {
		int j = aim9_rand_below(i + 1);

		table[i] = table[j];
		table[j] = 2 * i;
	}
	made = 1;
	for (n = 0; n < 10; n += 5) {
		qsort(table, AIM9_SORT_SIZE, sizeof(int), aim9_int_up);
		qsort(table, AIM9_SORT_SIZE, sizeof(int), aim9_int_down);
		qsort(table, AIM9_SORT_SIZE, sizeof(int), aim9_int_up);
		for (key = 0; key < 2 * AIM9_SORT_SIZE; key += 10)
			if (!bsearch(&key, table, AIM9_SORT_SIZE, sizeof(int),
				     aim9_int_up))
				return -EFAULT;
	}
	for (i = 1; i < AIM9_SORT_SIZE; i++)
		if (table[i - 1] > table[i])
			return -EFAULT;
	return 0;
}

#define AIM9_STRBUF 1024

static const char aim9_catbuf[] =
	" \t\n\r\b0123456789 abcde fghij klmno pqrst uvwxy z ABCDE FGHIJ KLMNO PQRST UVWXY Z .,;:!@#$%^&*()_-+=|\\";

/* The ctype classes of every byte of @buf: a count the same each time. */
static long aim9_str_classes(const char *buf, size_t n)
{
	long c = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		int ch = (unsigned char)buf[i];

		c += !!isalnum(ch) + !!isalpha(ch) + !!iscntrl(ch) +
		     !!isdigit(ch) + !!isgraph(ch) + !!islower(ch) +
		     !!isprint(ch) + !!ispunct(ch) + !!isspace(ch) +
		     !!isupper(ch) + !!isxdigit(ch);
	}
	return c;
}

/* The buffer filled with whole copies by strcat(), then by strncat(). */
static int aim9_str_fill(char *buf)
{
	/* Through a volatile pointer: strncat's truncation is the point. */
	const char *volatile part = aim9_catbuf;
	size_t len = strlen(aim9_catbuf), want;

	buf[0] = '\0';
	while (AIM9_STRBUF - strlen(buf) > len)
		strcat(buf, aim9_catbuf);
	want = (AIM9_STRBUF - 1) / len * len;
	if (strlen(buf) != want || strncmp(buf, aim9_catbuf, len))
		return -EFAULT;
	strcpy(buf, aim9_catbuf);
	while (AIM9_STRBUF - strlen(buf) > len)
		strncat(buf, part, 10);
	return strncmp(buf, aim9_catbuf, 10) ? -EFAULT : 0;
}

/*
 * string_rtns (factor 100): 100 string manipulations with the library:
 * the number conversions (atof, strtod, atol, atoi, strtol) of a
 * buffer, the ctype classes of all its bytes, the buffer filled by
 * strcat() and by strncat(), ctime() copied in and searched with
 * strcoll, strcspn, strpbrk, strrchr, strspn, strstr. Checked: the fills'
 * lengths, the classes counted alike each time, strstr finding itself.
 */
int aim9_string_rtns(void)
{
	static char buf[AIM9_STRBUF];
	long classes = -1, c, sum = 0;
	time_t t = 0;
	char *end;
	int n, err = 0;

	for (n = 0; n < 100 && !err; n++) {
		snprintf(buf, sizeof(buf), "%d.%03d", n, n);
		sum += (long)(atof(buf) + strtod(buf, &end)) + atol(buf) +
		       atoi(buf) + strtol(buf, &end, 10);
		c = aim9_str_classes(aim9_catbuf, sizeof(aim9_catbuf) - 1);
		if (classes >= 0 && c != classes)
			err = -EFAULT;
		classes = c;
		if (!err)
			err = aim9_str_fill(buf);
		t += 86400;
		snprintf(buf, sizeof(buf), "%s", ctime(&t));
		sum += (strcoll(buf, aim9_catbuf) > 0) +
		       (long)strcspn(buf, "jfamsond") +
		       (strpbrk(buf, " ;\n") != NULL) +
		       (strrchr(buf, '\n') != NULL) +
		       (long)strspn(buf, "abcdefghijklmnopqrstuvwxyz");
		if (strstr(buf, buf) != buf)
			err = -EFAULT;
	}
	return err ? err : sum < 0 ? -EFAULT : 0;
}
