// SPDX-License-Identifier: GPL-2.0
/*
 * The job the reader writes, key by key, and LKP's values in ours: units
 * ("300s", "1G", "8t"), lists narrowed by the compare table, storage we
 * cannot give, the disk keys (reproduce/repro.h).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot/bootbench.h"
#include "repro.h"
#include "shared/util.h"

void repro_set(struct repro_job *j, const char *key, const char *val)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			break;
	if (i == REPRO_KEYS_MAX)
		return;
	snprintf(j->keys[i], sizeof(j->keys[i]), "%s", key);
	snprintf(j->vals[i], sizeof(j->vals[i]), "%s", val);
	if (i == j->n)
		j->n++;
}

const char *repro_get(const struct repro_job *j, const char *key)
{
	int i;

	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			return j->vals[i];
	return NULL;
}

void repro_note(const char *what, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bootbench: %s: ", what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * LKP writes its values with units: "300s", "10000000ops", "1G". A
 * count or seconds of ours is the bare number; a size is in bytes.
 */
static const struct {
	const char *unit;
	unsigned long long factor;
} repro_units[] = {
	{ "", 1 },	     { "s", 1 },	  { "sec", 1 },
	{ "ops", 1 },	     { "K", 1ULL << 10 }, { "M", 1ULL << 20 },
	{ "G", 1ULL << 30 },
};

/* 0, or -EINVAL when @v is no number with a unit of the table. */
static int repro_value_normalise(const char *v, char *buf, size_t size)
{
	unsigned long long n;
	char *end;
	size_t i;

	if (!isdigit((unsigned char)*v))
		return -EINVAL;
	n = strtoull(v, &end, 10);
	for (i = 0; i < ARRAY_SIZE(repro_units); i++)
		if (!strcmp(end, repro_units[i].unit)) {
			snprintf(buf, size, "%llu", n * repro_units[i].factor);
			return 0;
		}
	return -EINVAL;
}

/* "300s" -> "300"; a value with no unit we know stays, for the check. */
void repro_seconds(const char *v, char *buf, size_t size)
{
	if (repro_value_normalise(v, buf, size))
		snprintf(buf, size, "%s", v);
}

/* LKP's counts with a word: "16d", "256fpd", "1x", "1024f", "32t" are numbers. */
const char *repro_count_word(const char *v, char *buf, size_t size)
{
	size_t n = strspn(v, "0123456789");

	if (!n ||
	    (strcmp(v + n, "d") && strcmp(v + n, "fpd") && strcmp(v + n, "x") &&
	     strcmp(v + n, "f") && strcmp(v + n, "t")))
		return v;
	snprintf(buf, size, "%.*s", (int)n, v);
	return buf;
}

/*
 * A value for our parameter @key: a number-valued parameter loses its
 * unit; nr_task's "100%" and words stay as they are.
 */
static void repro_param_value(const char *key, const char *v, char *buf,
			      size_t size)
{
	const struct param_spec *spec = param_spec_find(key);
	char count[32];

	/* "nr_task: 8t" is 8 tasks for every testcase, not only fsmark's. */
	v = repro_count_word(v, count, sizeof(count));
	if (spec && spec->kind == PARAM_UINT)
		repro_seconds(v, buf, size);
	else
		snprintf(buf, size, "%s", v);
}

/*
 * LKP storage parameters bootbench cannot give (docs/disks.md): a job
 * asking for them would measure something else, so refuse.
 */
static const struct {
	const char *key, *what;
} repro_storage[] = {
	{ "raid_level", "a software RAID array of its own level" },
	{ "nr_hdd", "hard disks by count" },
	{ "nr_ssd", "SSDs by count" },
	{ "iosched", "a block device's I/O scheduler" },
	{ "bp_memmap", "persistent memory" },
};

int repro_storage_check(const struct lkpmail *m)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(repro_storage); i++)
		if (lkpmail_param_get(m, repro_storage[i].key)) {
			fprintf(stderr,
				"bootbench: the report's job needs %s (%s: %s), which bootbench's guest cannot have: it cannot run this job\n",
				repro_storage[i].what, repro_storage[i].key,
				lkpmail_param_get(m, repro_storage[i].key));
			return -ENOENT;
		}
	return 0;
}

/*
 * A parameter LKP ran as a list ("nr_task: [1,...,16]": one job per
 * value) is the value of the job the compare table is about: its
 * header says it. Without one single value, refuse.
 */
static int repro_list_pick(const struct lkpmail *m, const char *key,
			   const char *v, const char **out)
{
	const char *h;

	*out = v;
	if (!v || (!strchr(v, ',') && v[0] != '['))
		return 0;
	h = lkpmail_header_get(m, key);
	if (h && !strchr(h, ',') && h[0] != '[' && h[0]) {
		repro_note(
			"read",
			"%s: %s is a list (LKP ran one job per value); the compare table is about %s",
			key, v, h);
		*out = h;
		return 0;
	}
	fprintf(stderr,
		"bootbench: %s: %s is a list (LKP ran one job per value) and the report does not say which one changed: save the mail with its compare table, or edit %s to the one value\n",
		key, v, key);
	return -ENOENT;
}

/* The report's value of @key, a list narrowed to the table's value. */
int repro_param(const struct lkpmail *m, const char *key, const char **out)
{
	return repro_list_pick(m, key, lkpmail_param_get(m, key), out);
}

/* disk:, fs:, md: and fs2: as our DISK=, FS=, MD=, FS2= (docs/disks.md). */
int repro_disk_map(const struct lkpmail *m, struct repro_job *j)
{
	const char *keys[] = { "disk", "fs", "md", "fs2" };
	struct disk_spec d;
	const char *v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (repro_param(m, keys[i], &v))
			return -ENOENT;
		if (!v)
			continue;
		if (param_value_check(param_spec_find(keys[i]), v)) {
			fprintf(stderr,
				"bootbench: the report's job needs %s: %s, which bootbench cannot give: it has %s\n",
				keys[i], v, param_spec_find(keys[i])->help);
			return -ENOENT;
		}
		repro_set(j, keys[i], v);
	}
	if (!repro_get(j, "disk"))
		return 0;
	disk_spec_parse(repro_get(j, "disk"), &d, NULL, 0);
	if (d.kind != DISK_BRD)
		repro_note(
			"scaled",
			"disk = %s: %u virtio disk(s) of %llu MiB on sparse host files stand for the report's (docs/disks.md)",
			repro_get(j, "disk"), d.count, d.size >> 20);
	return 0;
}

/* @key of the report into our @ours, unit-normalised; -ENOENT: a list. */
int repro_copy(const struct lkpmail *m, struct repro_job *j, const char *key,
	       const char *ours)
{
	const char *v;
	char buf[160];

	if (repro_param(m, key, &v))
		return -ENOENT;
	if (v) {
		repro_param_value(ours, v, buf, sizeof(buf));
		repro_set(j, ours, buf);
	}
	return 0;
}

int repro_choice_read(const struct lkpmail *m, const char *key,
		      const char *what, const char *verb, int optional,
		      const char **v)
{
	const struct param_spec *spec = param_spec_find(key);

	if (repro_param(m, "test", v))
		return -ENOENT;
	if (!*v && optional)
		return 0;
	if (*v && !param_value_check(spec, *v))
		return 0;
	fprintf(stderr,
		"bootbench: %s '%s' is not one bootbench %s: it has %s\n", what,
		*v ? *v : "(none given)", verb, spec->choices);
	return -ENOENT;
}

/* @key's value of the report, or @dflt with a note that it was guessed. */
int repro_copy_or(const struct lkpmail *m, struct repro_job *j, const char *key,
		  const char *dflt, const char *why)
{
	if (repro_copy(m, j, key, key))
		return -ENOENT;
	if (!lkpmail_param_get(m, key)) {
		repro_set(j, key, dflt);
		repro_note("guessed", "%s = %s (%s)", key, dflt, why);
	}
	return 0;
}

int repro_word_listed(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return 1;
	return 0;
}
