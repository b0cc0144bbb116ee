// SPDX-License-Identifier: GPL-2.0
/* Topology from make variables, machine profiles and a report's lscpu. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot/topology.h"
#include "lib/fileio.h"
#include "check.h"

static int resolve(struct topology_request *r, struct topology *t)
{
	char why[256];

	r->machines_dir = "boot/machines";
	return topology_resolve(r, t, why, sizeof(why));
}

/*
 * A fit-shapes source: a profile of boot/machines, or a report mail's
 * expected job (tests/reproduce/expected) whose machine is either a
 * profile ("machine = i3-3220") or written out after "name = ".
 */
static int fit_source_resolve(const char *src, struct topology *t)
{
	struct topology_request r;
	char why[256], *text, *p;
	int err;

	memset(&r, 0, sizeof(r));
	if (!strstr(src, ".expected")) {
		r.machine = src;
		return resolve(&r, t);
	}
	text = file_read_all(src, NULL);
	if (!text)
		return -errno;
	p = strstr(text, "\nmachine = ");
	if (p && strncmp(p, "\nmachine = machine.conf", 23)) {
		char name[64];

		sscanf(p, "\nmachine = %63s", name);
		free(text);
		r.machine = name;
		return resolve(&r, t);
	}
	p = strstr(text, "\nname = ");
	memset(t, 0, sizeof(*t));
	err = p ? topology_profile_parse(p + 1, t, why, sizeof(why)) : -ENOENT;
	free(text);
	if (!err && !t->mem_mb)
		t->mem_mb = 1024;
	return err;
}

/*
 * tests/unit/fit-shapes.txt: "source cpus shape" lines, the shape each
 * machine of ours and each report's machine must fit to with that many
 * host CPUs, written down by hand. FIT_SHAPES_PRINT=1 prints the lines
 * as they come out now, to review against the file.
 */
static void fit_shapes_check(const char *path)
{
	char line[512], src[256], want[256], got[512];
	unsigned int cpus, lines = 0, good = 0, i;
	struct topology t;
	FILE *f = fopen(path, "r");
	int print = getenv("FIT_SHAPES_PRINT") != NULL;

	CHECK("fit: the written-down shapes can be read", f != NULL);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		size_t n;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%255s %u %255[^\n]", src, &cpus, want) != 3)
			continue;
		lines++;
		if (fit_source_resolve(src, &t)) {
			printf("FAIL fit: %s cannot be read\n", src);
			continue;
		}
		topology_fit(&t, cpus);
		topology_describe(&t, got, sizeof(got));
		n = strlen(got);
		n += snprintf(got + n, sizeof(got) - n, ", %u MB", t.mem_mb);
		for (i = 0; i < t.nnodes && n < sizeof(got); i++)
			n += snprintf(got + n, sizeof(got) - n, " node%u=%s", i,
				      t.node_cpus[i][0] ? t.node_cpus[i] : "-");
		if (print)
			printf("%s %u %s\n", src, cpus, got);
		if (!strcmp(got, want))
			good++;
		else
			printf("FAIL fit: %s on %u CPUs: want '%s', got '%s'\n",
			       src, cpus, want, got);
	}
	fclose(f);
	CHECK("fit: every machine x host size fits to the shape written down",
	      lines && good == lines);
}

/* Files a job may name: only small regular ones are read, never echoed. */
#define SECRET_LINE "root:$6$SECRET:20228:0:99999:7:::\n"
static void capped_read_check(void)
{
	char dir[] = "/tmp/bootbench-unit.XXXXXX", path[64], why[256];
	struct topology_request r = { 0 };
	struct topology t;
	size_t len = 0;
	char *text;
	FILE *f;

	if (!mkdtemp(dir))
		return;
	errno = 0;
	CHECK("fileio: /dev/zero is not read (EINVAL)",
	      !file_read_capped("/dev/zero", 4096, NULL) && errno == EINVAL);
	CHECK("fileio: a directory is not read (EINVAL)",
	      !file_read_capped(dir, 4096, NULL) && errno == EINVAL);
	snprintf(path, sizeof(path), "%s/fifo", dir);
	CHECK("fileio: a FIFO without a writer is refused, not waited on",
	      !mkfifo(path, 0600) && !file_read_capped(path, 4096, NULL) &&
		      errno == EINVAL);
	unlink(path);
	snprintf(path, sizeof(path), "%s/f", dir);
	f = fopen(path, "w");
	if (f) {
		fputs(SECRET_LINE, f);
		fclose(f);
	}
	CHECK("fileio: a file over the cap is refused (EFBIG)",
	      !file_read_capped(path, 8, NULL) && errno == EFBIG);
	text = file_read_capped(path, 4096, &len);
	CHECK("fileio: a file within the cap is read whole",
	      text && len == strlen(SECRET_LINE) && !strncmp(text, "root:", 5));
	free(text);
	r.machine = path;
	r.machines_dir = "boot/machines";
	CHECK("topology: MACHINE=<a file that is no profile> quotes none of it",
	      topology_resolve(&r, &t, why, sizeof(why)) == -EINVAL &&
		      !strstr(why, "SECRET") && strstr(why, "line 1 is not"));
	r.machine = NULL;
	r.lscpu = "/dev/zero";
	CHECK("topology: LSCPU=/dev/zero is refused unread",
	      topology_resolve(&r, &t, why, sizeof(why)) == -EBADF &&
		      strstr(why, "is not a regular file"));
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	struct topology_request r;
	struct topology t;
	unsigned char bits[16];

	CHECK("cpulist: ranges and singles",
	      cpulist_parse("0-2,5", bits, 16) == 0 && bits[0] && bits[2] &&
		      !bits[3] && bits[5]);
	CHECK("cpulist: a reversed range is refused",
	      cpulist_parse("3-1", bits, 16) != 0);
	CHECK("cpulist: a trailing comma is refused",
	      cpulist_parse("1,", bits, 16) != 0);
	CHECK("cpulist: beyond the limit is refused",
	      cpulist_parse("0-16", bits, 16) != 0);
	CHECK("cpulist: the same CPUs in another spelling",
	      cpulist_equal("0-1,2", "0,1-2"));

	memset(&r, 0, sizeof(r));
	CHECK("topology: the default is 2 CPUs, one node",
	      !resolve(&r, &t) && t.cpus == 2 && t.sockets == 1 &&
		      t.nnodes == 0 && t.mem_mb == 1024);
	memset(&r, 0, sizeof(r));
	r.sockets = 2, r.cores = 4, r.threads = 2, r.numa = "2";
	CHECK("topology: SOCKETS x CORES x THREADS with NUMA=2 split by socket",
	      !resolve(&r, &t) && t.cpus == 16 && t.nnodes == 2 &&
		      !strcmp(t.node_cpus[0], "0-7") &&
		      !strcmp(t.node_cpus[1], "8-15"));
	memset(&r, 0, sizeof(r));
	r.smp = 8, r.sockets = 2;
	CHECK("topology: SMP with SOCKETS derives the cores",
	      !resolve(&r, &t) && t.cores == 4);
	memset(&r, 0, sizeof(r));
	r.smp = 6, r.sockets = 2, r.cores = 2;
	CHECK("topology: SMP that disagrees with the product is refused",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.sockets = 2, r.clusters = 2, r.cores = 4;
	CHECK("topology: CLUSTERS splits a socket's cores: 2 sockets x 4 cores in 2 clusters",
	      !resolve(&r, &t) && t.cpus == 8 && t.clusters == 2 &&
		      t.cores == 4);
	r.cores = 3;
	CHECK("topology: cores that do not split into the clusters are refused",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	CHECK("topology: no CLUSTERS is one cluster a socket",
	      !resolve(&r, &t) && t.clusters == 1);
	memset(&r, 0, sizeof(r));
	r.smp = 4, r.numa = "5";
	CHECK("topology: more nodes than CPUs is refused",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.smp = 4, r.numa = "0-1;1-3";
	CHECK("topology: a CPU in two nodes is refused",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.smp = 4, r.numa = "0-1;3";
	CHECK("topology: a CPU in no node is refused",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.smp = 4, r.numa = "0,2;1,3";
	CHECK("topology: explicit interleaved lists are kept when nodes != sockets",
	      !resolve(&r, &t) && !strcmp(t.node_cpus[0], "0,2"));

	memset(&r, 0, sizeof(r));
	r.lscpu = "tests/lscpu-lkp-skl-sp1.txt";
	CHECK("lscpu: the hackbench report's machine: 2 x 28 x 2 = 112 CPUs, 2 nodes",
	      !resolve(&r, &t) && t.sockets == 2 && t.cores == 28 &&
		      t.threads == 2 && t.cpus == 112 && t.nnodes == 2);
	CHECK("lscpu: model 06/55 becomes QEMU's Skylake-Server",
	      !strcmp(t.cpu_model, "Skylake-Server"));
	CHECK("lscpu: node0 0-27,56-83 (a socket) becomes QEMU's 0-55, with a note",
	      !strcmp(t.node_cpus[0], "0-55") &&
		      !strcmp(t.node_cpus[1], "56-111") &&
		      strstr(t.note, "0-27,56-83"));
	CHECK("lscpu: text without the topology lines is refused",
	      topology_lscpu_parse("Model name: x\n", &t, (char[64]){ 0 },
				   64) == -EINVAL);

	memset(&r, 0, sizeof(r));
	r.machine = "lkp-skl-sp1";
	CHECK("profile: lkp-skl-sp1 is 112 CPUs with 64 GB",
	      !resolve(&r, &t) && t.cpus == 112 && t.mem_mb == 65536 &&
		      !strcmp(t.name, "lkp-skl-sp1"));
	r.mem_mb = 2048;
	CHECK("profile: MEM overrides the profile's memory",
	      !resolve(&r, &t) && t.mem_mb == 2048);
	memset(&r, 0, sizeof(r));
	r.machine = "thunderx2";
	CHECK("profile: thunderx2 is an arm64 machine of 2 x 28 x 4 in 2 nodes",
	      !resolve(&r, &t) && t.cpus == 224 && !strcmp(t.arch, "arm64") &&
		      t.threads == 4 && t.nnodes == 2);
	memset(&r, 0, sizeof(r));
	r.machine = "taishan200-96c";
	CHECK("profile: taishan200-96c's sockets are 12 clusters of 4 cores",
	      !resolve(&r, &t) && t.cpus == 96 && t.clusters == 12 &&
		      t.cores == 48);
	CHECK("fit: taishan200-96c on 16 CPUs keeps clusters of 4, 2 a socket",
	      topology_fit(&t, 16) == 1 && t.cores == 8 && t.clusters == 2 &&
		      strstr(t.note, "10 of 12 clusters per socket"));
	resolve(&r, &t);
	CHECK("fit: on 2 CPUs no cluster of 4 is left: one a socket",
	      topology_fit(&t, 2) == 1 && t.cores == 1 && t.clusters == 1);
	CHECK("profile: cores that do not split into its clusters are refused",
	      topology_profile_parse(
		      "sockets = 1\ncores = 6\nthreads = 1\nclusters = 4\n", &t,
		      (char[96]){ 0 }, 96) == -EINVAL);
	CHECK("profile: a machine out of reach says why",
	      topology_profile_parse(
		      "sockets = 1\ncores = 1\nthreads = 1\nunsupported = no\n",
		      &t, (char[64]){ 0 }, 64) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.machine = "nosuch";
	CHECK("profile: an unknown machine is refused",
	      resolve(&r, &t) == -EINVAL);
	CHECK("profile: an unknown key is refused",
	      topology_profile_parse(
		      "sockets = 1\ncores = 1\nthreads = 1\nspeed = 9\n", &t,
		      (char[64]){ 0 }, 64) == -EINVAL);

	memset(&r, 0, sizeof(r));
	r.machine = "lkp-skl-sp1";
	resolve(&r, &t);
	CHECK("fit: a machine that fits is left as it is",
	      !topology_fit(&t, 112) && t.cpus == 112 &&
		      !strstr(t.name, "fit"));
	CHECK("fit: lkp-skl-sp1 on 2 CPUs gives up cores and SMT, keeps sockets and nodes",
	      topology_fit(&t, 2) == 1 && t.sockets == 2 && t.cores == 1 &&
		      t.threads == 1 && t.nnodes == 2 &&
		      !strcmp(t.name, "lkp-skl-sp1-fit") &&
		      strstr(t.note,
			     "given up: 27 of 28 cores per socket, SMT"));
	resolve(&r, &t);
	CHECK("fit: on 1 CPU the second node holds memory only",
	      topology_fit(&t, 1) == 1 && t.cpus == 1 && t.nnodes == 2 &&
		      !strcmp(t.node_cpus[0], "0") && !t.node_cpus[1][0] &&
		      strstr(t.note, "memory-only"));
	fit_shapes_check("tests/unit/fit-shapes.txt");
	capped_read_check();
	return CHECK_DONE();
}
