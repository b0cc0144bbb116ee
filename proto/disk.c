// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/disk.h"

static const char *const disk_kind_names[] = {
	[DISK_HDD] = "HDD",
	[DISK_SSD] = "SSD",
	[DISK_BRD] = "BRD",
};

const char *disk_kind_name(enum disk_kind k)
{
	return disk_kind_names[k];
}

int disk_size_parse(const char *s, unsigned long long *bytes)
{
	static const char units[] = "KMGT";
	const char *u;
	char *end;
	unsigned long long v;
	int shift;

	if (*s < '1' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || !*end || end[1] || !(u = strchr(units, *end)))
		return -EINVAL;
	shift = 10 * (int)(u - units + 1);
	/* At most 64 TiB: beyond any guest this host boots. */
	if (v > (64ULL << 40) >> shift)
		return -ERANGE;
	*bytes = v << shift;
	return 0;
}

static int disk_spec_fail(const char *s, char *why, size_t size)
{
	if (why)
		snprintf(
			why, size,
			"DISK=%s is no disk spec: give <n>HDD or <n>SSD (virtio disks, optionally _<size> such as 1SSD_8G) or <n>BRD_<size> (RAM disks, 4BRD_12G), n at most %d",
			s, DISK_MAX);
	return -EINVAL;
}

int disk_spec_parse(const char *s, struct disk_spec *d, char *why, size_t size)
{
	unsigned int k;
	char *end;
	unsigned long n;
	size_t len;

	if (*s < '1' || *s > '9')
		return disk_spec_fail(s, why, size);
	n = strtoul(s, &end, 10);
	if (n > DISK_MAX)
		return disk_spec_fail(s, why, size);
	for (k = 0; k <= DISK_BRD; k++) {
		len = strlen(disk_kind_names[k]);
		if (!strncmp(end, disk_kind_names[k], len))
			break;
	}
	if (k > DISK_BRD)
		return disk_spec_fail(s, why, size);
	d->count = n;
	d->kind = k;
	d->size = DISK_SIZE_DEFAULT;
	end += len;
	/* A RAM disk has no default: its size is memory the guest gives. */
	if (!*end && k != DISK_BRD)
		return 0;
	if (*end != '_' || disk_size_parse(end + 1, &d->size) ||
	    d->size < (16ULL << 20))
		return disk_spec_fail(s, why, size);
	return 0;
}
