// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's testcases on a disk (reproduce/repro-maps.c reads the others):
 * the disk that stands for the report's and the sizes cut to fit it
 * and the guest's memory, said; aim7's load, dbench's network
 * filesystems, filebench's personalities and swapin's swap.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boot/bootbench.h"
#include "proto/storage.h"
#include "repro.h"
#include "shared/util.h"

/*
 * LKP's aim7 runs `load` tasks at once, each with files of about 1M
 * (FILESIZE 1M + POOLSIZE 10M / load) on the report's disk: 3000 tasks
 * are 3G in flight, more than a guest's RAM disk or memory holds. The
 * load is capped here, said; the test and the disk are the report's.
 */
#define REPRO_AIM7_LOAD_MAX 100

int repro_aim7_params(const struct lkpmail *m, struct repro_job *j)
{
	unsigned int load = 0;
	const char *v;
	char buf[32];

	if (repro_choice_read(m, "aim7_test", "aim7 test", "implements", 0, &v))
		return -ENOENT;
	repro_set(j, "test", "aim7");
	repro_set(j, "aim7_test", v);
	if (repro_param(m, "load", &v))
		return -ENOENT;
	if (v && util_uint_parse(v, 1, 100000, &load)) {
		fprintf(stderr,
			"bootbench: aim7 load '%s' is not a number of tasks (1 to 100000)\n",
			v);
		return -ENOENT;
	}
	if (!v)
		repro_note("guessed", "load = 2 (the report gives none)");
	snprintf(buf, sizeof(buf), "%u",
		 load > REPRO_AIM7_LOAD_MAX ? REPRO_AIM7_LOAD_MAX :
		 load			    ? load :
					      2);
	repro_set(j, "load", buf);
	/* The suite's jobs a user, said so that QUICK=1 can scale them. */
	repro_set(j, "aim7_jobs", "100");
	if (load > REPRO_AIM7_LOAD_MAX)
		repro_note(
			"scaled",
			"load = %s (the report's %u tasks: their files of about 1M each would not fit a guest's disk and memory)",
			buf, load);
	return repro_disk_map(m, j);
}

/*
 * The disk that stands for the report's: a virtio disk of its size
 * (4 GiB unless sized), or a RAM disk, which the run cuts to half the
 * guest's memory in all (docs/disks.md): the report machine's memory,
 * which the job's profile asks for, or bootbench's default 1 GiB.
 */
static unsigned long long repro_disk_size(const struct lkpmail *m,
					  const char *spec,
					  const struct disk_spec *d)
{
	unsigned long long mem =
		m->mem_gb ? (unsigned long long)m->mem_gb << 30 : 1ULL << 30;
	unsigned long long each = mem / 2 / d->count;

	if (d->kind != DISK_BRD || d->size <= each)
		return d->size;
	repro_note(
		"scaled",
		"disk = %s: the run gives RAM disks of at most %llu MiB each (half of the guest's %llu MiB), not the report's %llu MiB",
		spec, each >> 20, mem >> 20, d->size >> 20);
	return each;
}

/* LKP's test_size, at most half the disk that stands for the report's. */
void repro_test_size(const struct lkpmail *m, struct repro_job *j,
		     const char *v)
{
	unsigned long long want, cap = 2ULL << 30;
	const char *disk = repro_get(j, "disk");
	struct disk_spec d;
	char buf[32];

	if (disk && !disk_spec_parse(disk, &d, NULL, 0))
		cap = repro_disk_size(m, disk, &d) / 2;
	if (param_size_parse(v, &want) || want <= cap) {
		repro_set(j, "test_size", v);
		return;
	}
	snprintf(buf, sizeof(buf), "%lluM", cap >> 20);
	repro_set(j, "test_size", buf);
	repro_note(
		"scaled",
		"test_size = %s (the report's %s; half the disk that stands for its)",
		buf, v);
}

int repro_dbench_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct storage_server *server;

	repro_set(j, "test", "dbench");
	if (repro_copy(m, j, "nr_threads", "nr_threads") ||
	    repro_disk_map(m, j))
		return -ENOENT;
	/* LKP's programs/dbench/run: no -t, but -t 60 with dbench -B nfs. */
	if (!repro_get(j, "fs2"))
		return repro_copy_or(
			m, j, "runtime", "600",
			"dbench's own default: LKP's dbench passes no -t");
	/* The value is one of FS2='s (repro_disk_map), so it has a row. */
	server = storage_server_find(repro_get(j, "fs2"));
	repro_note(
		"differs",
		"fs2 = %s: LKP ran dbench's own %s: one connection for all clients, so what depends on the number of connections is not reproduced",
		repro_get(j, "fs2"), server ? server->lkp_dbench : "client");
	return repro_copy_or(m, j, "runtime", "60",
			     "LKP's NFS and SMB dbench runs -t 60");
}

/*
 * LKP's filebench: test: is the personality's workload file
 * (fileserver.f), run as filebench ships it: its own 60 s. The data set
 * is the guest's share of its disk and memory (benchmarks/filebench.c),
 * not the report machine's: said.
 */
int repro_filebench_params(const struct lkpmail *m, struct repro_job *j)
{
	const struct param_spec *spec = param_spec_find("filebench_test");
	char name[64];
	const char *v;
	size_t n;

	if (repro_param(m, "test", &v))
		return -ENOENT;
	n = v ? strlen(v) : 0;
	if (n > 2 && !strcmp(v + n - 2, ".f"))
		n -= 2;
	snprintf(name, sizeof(name), "%.*s", (int)n, v ? v : "");
	if (!v || param_value_check(spec, name)) {
		fprintf(stderr,
			"bootbench: filebench personality '%s' is not one bootbench has: it has %s\n",
			v ? v : "(none given)", spec->choices);
		return -ENOENT;
	}
	repro_set(j, "test", "filebench");
	repro_set(j, "filebench_test", name);
	repro_set(j, "runtime", "60");
	repro_note(
		"scaled",
		"filebench's filesets are cut to a quarter of the guest's free disk space and an eighth of its memory, not the report machine's (the run's progress lines say by how much)");
	return repro_disk_map(m, j);
}

/*
 * The guest's memory for a swapin job: the report's machine's (gigabytes)
 * pushed out to a virtio disk under TCG would take many minutes a boot;
 * 512 MiB took 7 s to push (docs/benchmarks.md).
 */
#define REPRO_SWAPIN_MEM_MB 512ULL

/*
 * LKP's swapin: nr_task tasks write size bytes in all, which are pushed
 * out to swap on the job's disk and read back. The guest gets
 * REPRO_SWAPIN_MEM_MB and size keeps its share of the report machine's
 * memory (8G of 8G: all of it, so the read back itself pushes pages
 * out; 8G of 32G: a quarter), said. The swap is the raw disk: a job
 * with fs: cannot be this one.
 */
int repro_swapin_params(const struct lkpmail *m, struct repro_job *j)
{
	unsigned long long size = 0, want, guest = REPRO_SWAPIN_MEM_MB << 20;
	char buf[32];
	const char *v;

	repro_set(j, "test", "swapin");
	if (repro_copy_or(m, j, "nr_task", "1", "usemem's default, one task") ||
	    repro_disk_map(m, j) || repro_param(m, "size", &v))
		return -ENOENT;
	if (repro_get(j, "fs")) {
		fprintf(stderr,
			"bootbench: swapin puts its swap on the raw disk, and the report's job has fs: %s: bootbench cannot run it\n",
			repro_get(j, "fs"));
		return -ENOENT;
	}
	if (!repro_get(j, "disk")) {
		repro_set(j, "disk", "1HDD");
		repro_note(
			"guessed",
			"disk = 1HDD (the report names no disk for its swap)");
	}
	if (v && !param_size_parse(v, &size) && m->mem_gb) {
		want = size * guest / ((unsigned long long)m->mem_gb << 30);
		/* The tasks' memory is the guest's at most, 1 MiB at least. */
		want = want > guest	 ? guest :
		       want < 1ULL << 20 ? 1ULL << 20 :
					   want;
		repro_note(
			"scaled",
			"mem = %lluM, swapin_size = %lluM: the report's size %s was %.0f%% of its machine's %uG; the same share of a guest of %llu MiB (all of it at most), whose memory a boot under TCG can push out to swap in seconds",
			REPRO_SWAPIN_MEM_MB, want >> 20, v,
			100.0 * size / ((unsigned long long)m->mem_gb << 30),
			m->mem_gb, REPRO_SWAPIN_MEM_MB);
	} else {
		want = guest / 2;
		repro_note(
			"guessed",
			"mem = %lluM, swapin_size = %lluM: half the guest's memory (the report gives %s)",
			REPRO_SWAPIN_MEM_MB, want >> 20,
			v ? "no machine memory to scale its size by" :
			    "no size");
	}
	snprintf(buf, sizeof(buf), "%lluM", want >> 20);
	repro_set(j, "swapin_size", buf);
	snprintf(buf, sizeof(buf), "%lluM", REPRO_SWAPIN_MEM_MB);
	repro_set(j, "mem", buf);
	return 0;
}
