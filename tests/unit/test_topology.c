// SPDX-License-Identifier: GPL-2.0
/* Topology from make variables, machine profiles and a report's lscpu. */
#include <errno.h>
#include <string.h>

#include "boot/topology.h"
#include "check.h"

static int resolve(struct topology_request *r, struct topology *t)
{
	char why[256];

	r->machines_dir = "boot/machines";
	return topology_resolve(r, t, why, sizeof(why));
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
	r.machine = "arm64-224";
	CHECK("profile: the arm64 machine says it is out of reach",
	      resolve(&r, &t) == -EINVAL);
	memset(&r, 0, sizeof(r));
	r.machine = "nosuch";
	CHECK("profile: an unknown machine is refused",
	      resolve(&r, &t) == -EINVAL);
	CHECK("profile: an unknown key is refused",
	      topology_profile_parse(
		      "sockets = 1\ncores = 1\nthreads = 1\nspeed = 9\n", &t,
		      (char[64]){ 0 }, 64) == -EINVAL);
	return CHECK_DONE();
}
