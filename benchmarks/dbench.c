// SPDX-License-Identifier: GPL-2.0
/*
 * dbench as LKP runs it, with Debian's dbench 4.0 and its recorded
 * NetBench load (client.txt) from the image's layer, in a fresh
 * directory of the scratch filesystem (TMPDIR):
 *
 *   dbench -c /usr/share/dbench/client.txt -t RUNTIME -D DIR NR_THREADS
 *
 * Its last line read into LKP's names ("Throughput X MB/sec  N clients
 * N procs  max_latency=Y ms"): dbench.throughput-MB/sec, and ours,
 * dbench.max_latency-ms (LKP's dbench.max_latency, with its unit). The
 * run checks dbench's line: as many clients as asked, a throughput
 * above nothing. A dbench that fails (a short write on a full disk)
 * fails the run with no metric; the directory goes in any case.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "shared/util.h"

#define DBENCH_BIN "/usr/bin/dbench"
#define DBENCH_LOAD "/usr/share/dbench/client.txt"

struct dbench_out {
	double throughput, latency;
	unsigned int clients;
	int seen;
};

static void dbench_line(const char *line, void *ctx)
{
	struct dbench_out *o = ctx;
	unsigned int procs;

	if (sscanf(line,
		   "Throughput %lf MB/sec %u clients %u procs max_latency=%lf ms",
		   &o->throughput, &o->clients, &procs, &o->latency) == 4)
		o->seen = 1;
}

/* dbench in a fresh directory of TMPDIR, which goes afterwards. */
static int dbench_exec(unsigned int clients, unsigned int runtime,
		       struct dbench_out *o)
{
	char dir[4096], secs[16], n[16], buf[4096];
	/* Natively, the load of the tree the program comes from. */
	char *load = (char *)external_path(DBENCH_LOAD, buf, sizeof(buf));
	char *argv[] = {
		DBENCH_BIN, "-c", load, "-t", secs, "-D", dir, n, NULL
	};
	int status, err;

	snprintf(dir, sizeof(dir), "%s/dbench.XXXXXX", harness_tmpdir());
	if (!mkdtemp(dir)) {
		fprintf(stderr,
			"dbench: work directory %s: %s: give a writable TMPDIR (the job's DISK= and FS=)\n",
			dir, strerror(errno));
		return 1;
	}
	snprintf(secs, sizeof(secs), "%u", runtime);
	snprintf(n, sizeof(n), "%u", clients);
	printf("progress dbench: %u client(s), %u s, load %s, in %s\n", clients,
	       runtime, load, dir);
	status = external_run(argv, dir, -1, dbench_line, o);
	/* Its clients' directories stay after a run: the whole tree goes. */
	err = -harness_tree_remove(dir);
	if (!err && !access(dir, F_OK))
		err = EEXIST;
	if (err)
		fprintf(stderr, "dbench: cannot remove %s: %s\n", dir,
			strerror(err));
	else
		printf("dbench: %s removed\n", dir);
	if (status < 0)
		fprintf(stderr,
			"dbench: %s: %s: run the job through make run, which adds Debian's dbench (its layer)\n",
			DBENCH_BIN, strerror(-status));
	else if (status)
		fprintf(stderr, "dbench: %s failed: see its messages above\n",
			DBENCH_BIN);
	return status || err;
}

static int dbench_run(int argc, char **argv)
{
	unsigned int clients = 1, runtime = 10;
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "nr_threads", &clients, NULL },
	};
	struct dbench_out o = { 0 };
	char buf[4096];
	const char *load = external_path(DBENCH_LOAD, buf, sizeof(buf));

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	/* It reports the seconds before its last one: 1 s measures none. */
	if (runtime < 2) {
		fprintf(stderr,
			"dbench: runtime=%u measures nothing (dbench counts whole seconds before its last): give runtime=2 or more\n",
			runtime);
		return 2;
	}
	if (access(load, R_OK)) {
		fprintf(stderr,
			"dbench: %s: %s: Debian's dbench is not there: run through 'make run', which adds its layer, or natively give BOOTBENCH_ROOT=<its layer's tree> (initramfs/layer.sh --root)\n",
			load, strerror(errno));
		return 1;
	}
	if (dbench_exec(clients, runtime, &o))
		return 1;
	if (!o.seen || o.clients != clients || o.throughput <= 0) {
		fprintf(stderr,
			"dbench: its output has no \"Throughput X MB/sec  N clients\" line with N = %u and X > 0\n",
			clients);
		return 1;
	}
	harness_metric("dbench.throughput-MB/sec", o.throughput);
	harness_metric("dbench.max_latency-ms", o.latency);
	return 0;
}

const struct bench bench = {
	.name = "dbench",
	.title = "dbench (Debian's)",
	.run = dbench_run,
};
