// SPDX-License-Identifier: GPL-2.0
/* The QEMU command line, the bzImage header, parameters. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/messaging.h"
#include "benchmarks/params.h"
#include "benchmarks/unixbench.h"
#include "boot/bzimage.h"
#include "boot/qemu.h"
#include "check.h"
#include "shared/util.h"

static int argv_has(const struct strv *a, const char *opt, const char *val)
{
	size_t i;

	for (i = 0; i + 1 < a->n; i++)
		if (!strcmp(a->v[i], opt) &&
		    (!val || !strcmp(a->v[i + 1], val)))
			return 1;
	return 0;
}

static void test_qemu(void)
{
	struct topology t = { .sockets = 1,
			      .cores = 4,
			      .threads = 1,
			      .cpus = 4,
			      .mem_mb = 2048 };
	struct qemu_conf c = {
		.binary = "qemu-system-x86_64",
		.kernel = "bz",
		.initrd = "rd",
		.append = "console=ttyS0 x=\"a b\"",
		.topo = &t,
		.accel = QEMU_ACCEL_TCG,
		.console_pipe = "/s/con",
		.results_pipe = "/s/res",
	};
	struct strv a = { 0 };
	char *line;

	CHECK("qemu: builds", qemu_args_build(&c, &a) == 0);
	CHECK("qemu: no default devices, no reboot",
	      argv_has(&a, "-nodefaults", NULL) &&
		      argv_has(&a, "-no-reboot", NULL));
	CHECK("qemu: topology and memory",
	      argv_has(&a, "-smp", "cpus=4,sockets=1,cores=4,threads=1") &&
		      argv_has(&a, "-m", "2048M"));
	CHECK("qemu: tcg with the default CPU",
	      argv_has(&a, "-accel", "tcg") && !argv_has(&a, "-cpu", NULL));
	CHECK("qemu: no NUMA options for one node",
	      !argv_has(&a, "-numa", NULL));
	CHECK("qemu: direct kernel boot",
	      argv_has(&a, "-kernel", "bz") && argv_has(&a, "-initrd", "rd") &&
		      argv_has(&a, "-append", c.append));
	CHECK("qemu: console on a FIFO",
	      argv_has(&a, "-chardev", "pipe,id=con,path=/s/con") &&
		      argv_has(&a, "-serial", "chardev:con"));
	CHECK("qemu: named results port",
	      argv_has(&a, "-chardev", "pipe,id=res,path=/s/res") &&
		      argv_has(
			      &a, "-device",
			      "virtserialport,bus=vser.0,chardev=res,name=bootbench.results"));
	line = strv_join(&a);
	CHECK("qemu: the logged command quotes arguments with spaces",
	      line && strstr(line, "-append 'console=ttyS0 x=\"a b\"'"));
	free(line);
	strv_free(&a);

	/* Deterministic: nothing the host's time or entropy decides. */
	c.icount = 1, c.icount_shift = 5;
	qemu_args_build(&c, &a);
	CHECK("qemu: deterministic timing fixes the clock, date and seed",
	      argv_has(&a, "-icount", "shift=5,sleep=off") &&
		      argv_has(&a, "-rtc",
			       "base=2024-01-01T00:00:00,clock=vm") &&
		      argv_has(&a, "-seed", "1") &&
		      argv_has(&a, "-device",
			       "virtio-serial-pci,id=vser,ioeventfd=off"));
	strv_free(&a);
	c.icount = 0;

	t.sockets = 2, t.cores = 1, t.threads = 2, t.nnodes = 2;
	t.mem_mb = 1025;
	strcpy(t.node_cpus[0], "0,2");
	strcpy(t.node_cpus[1], "1,3");
	qemu_args_build(&c, &a);
	CHECK("qemu: NUMA nodes with their memory, the last taking the rest",
	      argv_has(&a, "-object", "memory-backend-ram,id=mem0,size=512M") &&
		      argv_has(&a, "-object",
			       "memory-backend-ram,id=mem1,size=513M"));
	CHECK("qemu: a node's CPU list as one cpus= per range",
	      argv_has(&a, "-numa", "node,nodeid=0,memdev=mem0,cpus=0,cpus=2"));
	CHECK("qemu: SMT threads get a CPU model that shows them",
	      argv_has(&a, "-cpu", "IvyBridge"));
	strv_free(&a);

	c.accel = QEMU_ACCEL_KVM;
	qemu_args_build(&c, &a);
	CHECK("qemu: kvm uses the host CPU",
	      argv_has(&a, "-accel", "kvm") && argv_has(&a, "-cpu", "host"));
	strv_free(&a);

	c.accel = QEMU_ACCEL_AUTO;
	CHECK("qemu: an unresolved accelerator is refused",
	      qemu_args_build(&c, &a) == -EINVAL);
	strv_free(&a);
	c.lava = 1;
	CHECK("qemu: a LAVA job's arguments leave the accelerator to the worker",
	      qemu_args_build(&c, &a) == 0 && !argv_has(&a, "-accel", NULL) &&
		      argv_has(&a, "-smp",
			       "cpus=4,sockets=2,cores=1,threads=2"));
	t.sockets = 1, t.cores = 4, t.threads = 1, t.cpus = 4, t.clusters = 2;
	strv_free(&a);
	qemu_args_build(&c, &a);
	CHECK("qemu: clusters: QEMU's cores are per cluster",
	      argv_has(&a, "-smp",
		       "cpus=4,sockets=1,clusters=2,cores=2,threads=1"));
	t.sockets = 2, t.cores = 1, t.threads = 2, t.cpus = 4, t.clusters = 0;
	strv_free(&a);
	qemu_args_build(&c, &a);
	CHECK("qemu: a LAVA job's arguments leave binary and kernel to LAVA, the console on stdio",
	      strcmp(a.v[0], c.binary) && !argv_has(&a, "-kernel", NULL) &&
		      argv_has(&a, "-serial", "stdio") &&
		      argv_has(&a, "-nodefaults", NULL));
	CHECK("qemu: a LAVA job's results port writes into /dev/null",
	      argv_has(&a, "-chardev", "file,id=res,path=/dev/null"));
	strv_free(&a);
	c.lava = 0;
	c.accel = QEMU_ACCEL_TCG;

	/* QEMU takes the last path=: a comma in RESULTS is doubled. */
	c.console_pipe = "/t,a/con", c.results_pipe = "/t,a/res";
	c.qmp_path = "/t,a/qmp";
	c.plugin = "/b,p/bbprof.so", c.profile_out = "/r,path=/x/profile.raw";
	c.c2c_out = "/r,path=/x/c2c.raw", c.kallsyms_path = "/r,x/kallsyms";
	qemu_args_build(&c, &a);
	CHECK("qemu: a comma in a path is doubled in -plugin's values (C2C=1)",
	      argv_has(
		      &a, "-plugin",
		      "/b,,p/bbprof.so,out=/r,,path=/x/profile.raw,c2c=/r,,path=/x/c2c.raw"));
	CHECK("qemu: a comma in a path is doubled in -chardev's path= and -qmp's",
	      argv_has(&a, "-chardev", "file,id=ksyms,path=/r,,x/kallsyms") &&
		      argv_has(&a, "-chardev", "pipe,id=con,path=/t,,a/con") &&
		      argv_has(&a, "-chardev", "pipe,id=res,path=/t,,a/res") &&
		      argv_has(&a, "-qmp",
			       "unix:/t,,a/qmp,server=on,wait=off"));
	strv_free(&a);
	c.c2c_out = NULL;
	qemu_args_build(&c, &a);
	CHECK("qemu: PROFILE=1 alone: the plugin's out= only",
	      argv_has(&a, "-plugin",
		       "/b,,p/bbprof.so,out=/r,,path=/x/profile.raw"));
	strv_free(&a);
	c.plugin = NULL, c.qmp_path = NULL;
	c.console_pipe = "/s/con", c.results_pipe = "/s/res";
	t.cpus = 0;
	CHECK("qemu: zero CPUs refused", qemu_args_build(&c, &a) == -EINVAL);
	strv_free(&a);
}

static void test_bzimage(void)
{
	static unsigned char img[0x1000];
	const char *ver = "6.9.0-rc1+ (me@host) #3 SMP";
	char rel[64];

	memset(img, 0, sizeof(img));
	img[0x1fe] = 0x55;
	img[0x1ff] = 0xaa;
	memcpy(img + 0x202, "HdrS", 4);
	img[0x206] = 0x0f; /* protocol 2.15 */
	img[0x207] = 0x02;
	img[0x20e] = 0x00; /* kernel_version at 0x200 + 0x300 */
	img[0x20f] = 0x03;
	memcpy(img + 0x500, ver, strlen(ver) + 1);
	CHECK("bzimage: release from the header",
	      bzimage_release_parse(img, sizeof(img), rel, sizeof(rel)) == 0 &&
		      !strcmp(rel, "6.9.0-rc1+"));
	img[0x1fe] = 0;
	CHECK("bzimage: no boot signature is not a bzImage",
	      bzimage_release_parse(img, sizeof(img), rel, sizeof(rel)) ==
		      -ENOEXEC);
	img[0x1fe] = 0x55;
	img[0x20f] = 0x30;
	CHECK("bzimage: a version pointer past the end is refused",
	      bzimage_release_parse(img, sizeof(img), rel, sizeof(rel)) ==
		      -ENODATA);
	CHECK("bzimage: a short file is not a bzImage",
	      bzimage_release_parse(img, 0x100, rel, sizeof(rel)) == -ENOEXEC);
	CHECK("bzimage: a missing file",
	      bzimage_release_read("/nonexistent", rel, sizeof(rel)) ==
		      -ENOENT);
}

static void test_params(void)
{
	unsigned int v = 0;

	CHECK("params: a count", param_tasks_parse("3", 8, &v) == 0 && v == 3);
	CHECK("params: 100% of 8 CPUs",
	      param_tasks_parse("100%", 8, &v) == 0 && v == 8);
	CHECK("params: 1600% of 4 CPUs",
	      param_tasks_parse("1600%", 4, &v) == 0 && v == 64);
	CHECK("params: 10% of 4 CPUs is at least one",
	      param_tasks_parse("10%", 4, &v) == 0 && v == 1);
	CHECK("params: zero tasks refused", param_tasks_parse("0", 8, &v) != 0);
	CHECK("params: garbage refused", param_tasks_parse("abc", 8, &v) != 0);
	CHECK("params: a sign refused", util_uint_parse("-1", 1, 10, &v) != 0);
	CHECK("params: trailing text refused",
	      util_uint_parse("10s", 1, 100, &v) != 0);
	CHECK("params: out of range is ERANGE",
	      util_uint_parse("0", 1, 10, &v) == -ERANGE);
	CHECK("params: runtime is known", param_spec_find("runtime") != NULL);
	CHECK("params: unknown parameter", param_spec_find("speed") == NULL);
}

static void test_unixbench(void)
{
	struct unixbench_pass p[3] = {
		{ 300, 10, 1 },
		{ 100, 10, 1 },
		{ 200, 10, 1 },
	};
	struct unixbench_pass m[2] = { { 60, 60, 60 }, { 120, 60, 60 } };
	struct unixbench_pass k[2] = { { 400, 30, 0 }, { 600, 31, 0 } };
	double score, t;
	unsigned int kept;

	CHECK("unixbench: LKP runtime 300 gives 10 short passes",
	      unixbench_passes_count(300, 0) == 10);
	CHECK("unixbench: runtime 300 gives 30 long passes",
	      unixbench_passes_count(300, 1) == 30);
	CHECK("unixbench: runtime 10 gives one short pass",
	      unixbench_passes_count(10, 0) == 1);
	CHECK("unixbench: the lowest third dropped, geometric mean of the rest",
	      unixbench_score_compute(p, 3, &score, &t, &kept) == 0 &&
		      kept == 2 && score > 24.4948 && score < 24.4949 &&
		      t == 10);
	CHECK("unixbench: timebase 0 (fstime's KBps) takes the counts as rates",
	      unixbench_score_compute(k, 2, &score, &t, &kept) == 0 &&
		      kept == 2 && score > 489.89 && score < 489.90);
	CHECK("unixbench: loops per minute use the timebase",
	      unixbench_score_compute(m, 2, &score, &t, &kept) == 0 &&
		      kept == 2 && score > 84.85 && score < 84.86);
	p[0].count = p[1].count = p[2].count = 0;
	CHECK("unixbench: nothing counted is an error",
	      unixbench_score_compute(p, 3, &score, &t, &kept) == -ENODATA);
}

static void test_hackbench(void)
{
	/* 10 groups x 2 x 20 fds = 400 tasks, 100 loops, 2 s. */
	CHECK("hackbench: LKP throughput ((tasks x loops x 100) >> 10) / time",
	      hackbench_throughput(400, 100, 2.0) == 1953.0);
	CHECK("hackbench: the shift truncates before the division",
	      hackbench_throughput(1, 10, 1.0) == 0.0);
}

int main(void)
{
	test_hackbench();
	test_qemu();
	test_bzimage();
	test_params();
	test_unixbench();
	return CHECK_DONE();
}
