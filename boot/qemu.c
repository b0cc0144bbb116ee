// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proto/profile.h"
#include "proto/proto.h"
#include "arch.h"
#include "kvm.h"
#include "qemu.h"
#include "lib/fileio.h"
#include "shared/run.h"
#include "shared/util.h"

/* The deterministic guest's wall clock at boot, the same in every run. */
#define QEMU_DETERMINISTIC_DATE "2024-01-01T00:00:00"

char *qemu_opt_escape(const char *s)
{
	char *esc = malloc(2 * strlen(s) + 1);
	size_t n = 0;

	if (!esc)
		return NULL;
	for (; *s; s++) {
		esc[n++] = *s;
		if (*s == ',')
			esc[n++] = ',';
	}
	esc[n] = '\0';
	return esc;
}

/* One argument: @before, @path as an option's value, @after. */
static void qemu_add_path(struct strv *a, const char *before, const char *path,
			  const char *after)
{
	char *esc = qemu_opt_escape(path);

	if (!esc) {
		a->err = -ENOMEM;
		return;
	}
	strv_addf(a, "%s%s%s", before, esc, after);
	free(esc);
}

/* The board: nothing but what we ask for (no NIC, no VGA), firmware. */
static void qemu_board_add(const struct qemu_conf *c, struct strv *a)
{
	strv_add(a, "-nodefaults");
	strv_add(a, "-no-user-config");
	if (c->lava) {
		/*
		 * LAVA reads the console on QEMU's stdio, which -nographic
		 * gave it until -nodefaults took the default serial away.
		 */
		strv_add(a, "-serial");
		strv_add(a, "stdio");
	} else {
		strv_add(a, "-display");
		strv_add(a, "none");
	}
	strv_add(a, "-no-reboot");
	/* The board of boot/arch.def, with its reasons there. */
	strv_add(a, "-machine");
	strv_add(a, (c->arch ? c->arch : arch_host())->machine);
	if (c->bios) {
		strv_add(a, "-bios");
		strv_add(a, c->bios);
	}
}

/* The accelerator, the clock and the CPU model. */
static void qemu_cpu_add(const struct qemu_conf *c, struct strv *a)
{
	const struct topology *t = c->topo;
	const struct arch *arch = c->arch ? c->arch : arch_host();

	if (c->accel != QEMU_ACCEL_AUTO) {
		strv_add(a, "-accel");
		strv_add(a, c->accel == QEMU_ACCEL_KVM ? "kvm" : "tcg");
	}
	if (c->icount) {
		/*
		 * sleep=off: an idle guest jumps to its next timer instead of
		 * waiting for the host, so host load never shows in guest
		 * time. The RTC follows the same clock from a fixed date, and
		 * RDRAND draws from a fixed seed: with the host's date or
		 * entropy, the kernel's RNG reseeded at other moments and two
		 * profiles of one kernel differed by 5% in its functions.
		 */
		strv_add(a, "-icount");
		strv_addf(a, "shift=%u,sleep=off", c->icount_shift);
		strv_add(a, "-rtc");
		strv_add(a, "base=" QEMU_DETERMINISTIC_DATE ",clock=vm");
		strv_add(a, "-seed");
		strv_add(a, "1");
	}
	/* KVM runs the host's CPU, -smp its topology (job.json's kvm.cpu). */
	if (c->accel == QEMU_ACCEL_KVM) {
		strv_add(a, "-cpu");
		strv_add(a, "host");
	} else if (t->cpu_model[0]) {
		strv_add(a, "-cpu");
		strv_add(a, t->cpu_model);
	} else if (t->threads > 1 || arch->cpu[0]) {
		/* The CPU that shows SMT siblings to Linux (boot/arch.def). */
		strv_add(a, "-cpu");
		strv_add(a, t->threads > 1 ? arch->cpu_smt : arch->cpu);
	}
}

unsigned int qemu_node_mb(const struct topology *t, unsigned int i)
{
	unsigned int n = t->nnodes > 1 ? t->nnodes : 1;

	return i + 1 < n ? t->mem_mb / n :
			   t->mem_mb - (n - 1) * (t->mem_mb / n);
}

/* The plan for this command, or NULL: ACCEL=kvm's, on this host. */
static const struct kvm_plan *qemu_kvm_plan(const struct qemu_conf *c)
{
	/* A LAVA job runs on the lab's host, whose nodes are not ours. */
	if (c->lava || c->accel != QEMU_ACCEL_KVM || !c->kvm || !c->kvm->on)
		return NULL;
	return c->kvm;
}

/*
 * Guest node @i's memory, id=mem<i>: hugetlb pages or anonymous RAM,
 * bound to a host node or not (boot/kvm.h). No prealloc=on: the pages
 * are touched as the guest touches them, as without hugepages, so the
 * boot's time is the same work; hugetlb's reservation at QEMU's mmap
 * already fails the start when the pool is short.
 */
static void qemu_backend_add(const struct kvm_plan *k, const struct topology *t,
			     unsigned int i, struct strv *a)
{
	char bind[48] = "";

	if (k && k->bind)
		snprintf(bind, sizeof(bind), ",host-nodes=%u,policy=bind",
			 k->host_node[i]);
	strv_add(a, "-object");
	if (k && k->hugepages)
		strv_addf(
			a,
			"memory-backend-memfd,id=mem%u,size=%uM,hugetlb=on,hugetlbsize=2M%s",
			i, qemu_node_mb(t, i), bind);
	else
		strv_addf(a, "memory-backend-ram,id=mem%u,size=%uM%s", i,
			  qemu_node_mb(t, i), bind);
}

/* Guest node @i: its memory and its CPUs. */
static void qemu_numa_node_add(const struct topology *t, unsigned int i,
			       struct strv *a)
{
	const char *p = t->node_cpus[i];
	char node[1024];
	size_t len;

	len = snprintf(node, sizeof(node), "node,nodeid=%u,memdev=mem%u", i, i);
	/* QEMU takes one range per cpus=: repeat it for each. */
	while (*p && len < sizeof(node)) {
		size_t n = strcspn(p, ",");

		len += snprintf(node + len, sizeof(node) - len, ",cpus=%.*s",
				(int)n, p);
		p += n + (p[n] == ',');
	}
	strv_add(a, "-numa");
	strv_add(a, node);
}

/* CPUs and memory, over the nodes (qemu_node_mb). */
static void qemu_topology_add(const struct qemu_conf *c, struct strv *a)
{
	const struct kvm_plan *k = qemu_kvm_plan(c);
	const struct topology *t = c->topo;
	unsigned int i;

	strv_add(a, "-smp");
	/* QEMU's cores are per cluster; ours per socket (docs/topology.md). */
	if (t->clusters > 1)
		strv_addf(a,
			  "cpus=%u,sockets=%u,clusters=%u,cores=%u,threads=%u",
			  t->cpus, t->sockets, t->clusters,
			  t->cores / t->clusters, t->threads);
	else
		strv_addf(a, "cpus=%u,sockets=%u,cores=%u,threads=%u", t->cpus,
			  t->sockets, t->cores, t->threads);
	strv_add(a, "-m");
	strv_addf(a, "%uM", t->mem_mb);
	/*
	 * One node's hugepages: the machine's own RAM from the backend,
	 * not a -numa node, which would give the guest an SRAT it did not
	 * have under TCG. QEMU merges the second -machine into the first.
	 */
	if (t->nnodes <= 1 && k && k->hugepages) {
		qemu_backend_add(k, t, 0, a);
		strv_add(a, "-machine");
		strv_add(a, "memory-backend=mem0");
	}
	for (i = 0; t->nnodes > 1 && i < t->nnodes; i++) {
		qemu_backend_add(k, t, i, a);
		qemu_numa_node_add(t, i, a);
	}
}

/*
 * werror/rerror=report: a host that fills up fails the guest's write
 * (the benchmark sees EIO and fails) instead of pausing the VM, which
 * QEMU's default does and which would look like a hang. The file is
 * named as file.filename of the file driver: in file=, a path such as
 * rel:dir/... or nbd:... would be read as a protocol prefix.
 */
static void qemu_disks_add(const struct disk_host *d, struct strv *a)
{
	unsigned int i;
	char *esc;

	for (i = 0; i < DISK_MAX && d->files[i]; i++) {
		esc = qemu_opt_escape(d->files[i]);
		if (!esc) {
			a->err = -ENOMEM;
			return;
		}
		strv_add(a, "-drive");
		strv_addf(
			a,
			"file.driver=file,file.filename=%s,format=raw,if=none,id=disk%u,cache=%s,werror=report,rerror=report",
			esc, i, d->cache);
		strv_add(a, "-device");
		strv_addf(a, "virtio-blk-pci,drive=disk%u,serial=bootbench%u",
			  i, i);
		free(esc);
	}
}

/*
 * PROFILE=1: the plugin, its output files (C2C=1: the census's too),
 * and the port the guest's kallsyms come in on.
 */
static void qemu_profile_add(const struct qemu_conf *c, struct strv *a)
{
	char *plugin = qemu_opt_escape(c->plugin);
	char *out = qemu_opt_escape(c->profile_out);
	char *c2c = c->c2c_out ? qemu_opt_escape(c->c2c_out) : NULL;

	strv_add(a, "-plugin");
	if (plugin && out && (c2c || !c->c2c_out))
		strv_addf(a, "%s,out=%s%s%s", plugin, out, c2c ? ",c2c=" : "",
			  c2c ? c2c : "");
	else
		a->err = -ENOMEM;
	free(plugin);
	free(out);
	free(c2c);
	strv_add(a, "-chardev");
	qemu_add_path(a, "file,id=ksyms,path=", c->kallsyms_path, "");
	strv_add(a, "-device");
	strv_add(
		a,
		"virtserialport,bus=vser.0,chardev=ksyms,name=" PROFILE_PORT_NAME);
}

/* The kernel, its console and the results port. */
static void qemu_channels_add(const struct qemu_conf *c, struct strv *a)
{
	if (!c->lava) {
		strv_add(a, "-kernel");
		strv_add(a, c->kernel);
		strv_add(a, "-initrd");
		strv_add(a, c->initrd);
		strv_add(a, "-append");
		strv_add(a, c->append);
		/* PIN= finds the vCPU threads through QMP (boot/pin.c). */
		if (c->qmp_path) {
			strv_add(a, "-qmp");
			qemu_add_path(a, "unix:", c->qmp_path,
				      ",server=on,wait=off");
		}
		/* Both channels are FIFOs the host reads live (session.c). */
		strv_add(a, "-chardev");
		qemu_add_path(a, "pipe,id=con,path=", c->console_pipe, "");
		strv_add(a, "-serial");
		strv_add(a, "chardev:con");
	}
	strv_add(a, "-device");
	/*
	 * The guest's port driver spins until QEMU takes each buffer. With
	 * ioeventfd QEMU's main loop takes it at a host-timed moment, so a
	 * deterministic guest's clock moved with the host's load; without,
	 * the vCPU takes it in the write itself (an A/A profile's every
	 * count then repeats exactly, docs/profile.md).
	 */
	strv_add(a, c->icount ? "virtio-serial-pci,id=vser,ioeventfd=off" :
				"virtio-serial-pci,id=vser");
	strv_add(a, "-chardev");
	/*
	 * Under LAVA the console carries the records (docs/lava.md). Not
	 * "null": it never says it is open, and the guest's writes would
	 * wait for the host for ever.
	 */
	if (c->lava)
		strv_add(a, "file,id=res,path=/dev/null");
	else
		qemu_add_path(a, "pipe,id=res,path=", c->results_pipe, "");
	strv_add(a, "-device");
	strv_add(a,
		 "virtserialport,bus=vser.0,chardev=res,name=" PROTO_PORT_NAME);
	if (c->disk)
		qemu_disks_add(c->disk, a);
	if (c->plugin)
		qemu_profile_add(c, a);
}

int qemu_args_build(const struct qemu_conf *c, struct strv *a)
{
	const struct topology *t = c->topo;

	if (!t || !t->cpus || !t->mem_mb)
		return -EINVAL;
	if (!c->lava && (!c->binary || !c->kernel || !c->initrd || !c->append ||
			 !c->console_pipe || !c->results_pipe ||
			 c->accel == QEMU_ACCEL_AUTO))
		return -EINVAL;
	if (!c->lava)
		strv_add(a, c->binary);
	qemu_board_add(c, a);
	qemu_cpu_add(c, a);
	qemu_topology_add(c, a);
	qemu_channels_add(c, a);
	return a->err;
}

int qemu_accel_parse(const char *s, enum qemu_accel *out)
{
	if (!strcmp(s, "auto"))
		*out = QEMU_ACCEL_AUTO;
	else if (!strcmp(s, "kvm"))
		*out = QEMU_ACCEL_KVM;
	else if (!strcmp(s, "tcg"))
		*out = QEMU_ACCEL_TCG;
	else
		return -EINVAL;
	return 0;
}

/* The first line that says "version X.Y.Z": QEMU's banner. */
static void qemu_version_line(const char *line, void *ctx)
{
	struct qemu_version *v = ctx;
	const char *p = strstr(line, "version ");

	if (!v->major && p &&
	    sscanf(p + 8, "%u.%u.%u", &v->major, &v->minor, &v->micro) < 2)
		v->major = v->minor = v->micro = 0;
}

static void qemu_version_text(struct qemu_version *v)
{
	snprintf(v->text, sizeof(v->text), "%u.%u.%u", v->major, v->minor,
		 v->micro);
}

int qemu_version_read(const char *binary, struct qemu_version *v)
{
	char *argv[] = { (char *)binary, "-version", NULL };
	struct run_cmd c = {
		.argv = argv,
		.uid = -1,
		.line = qemu_version_line,
		.ctx = v,
	};

	memset(v, 0, sizeof(*v));
	if (run_cmd_run(&c) || !v->major)
		return -ENOEXEC;
	qemu_version_text(v);
	return 0;
}

/*
 * QEMU's -version is a process and about 0.1 s of every run. DIR keeps
 * the answer, qemu-version.<name>: the binary's path, device, inode,
 * size and mtime, then the version. It holds while stat says the same.
 */
int qemu_version_get(const char *binary, const char *dir,
		     struct qemu_version *v)
{
	char path[PATH_MAX], cache[PATH_MAX], key[PATH_MAX + 96];
	char line[PATH_MAX + 192], *old;
	const char *name = strrchr(binary, '/');
	size_t n, len;
	struct stat st;
	int err;

	if (!dir || file_program_find(binary, path, sizeof(path)) ||
	    stat(path, &st))
		return qemu_version_read(binary, v);
	n = snprintf(key, sizeof(key), "%s %llu %llu %lld %lld", path,
		     (unsigned long long)st.st_dev,
		     (unsigned long long)st.st_ino, (long long)st.st_size,
		     (long long)st.st_mtime);
	if (n >= sizeof(key))
		return qemu_version_read(binary, v);
	snprintf(cache, sizeof(cache), "%s/qemu-version.%s", dir,
		 name ? name + 1 : binary);
	memset(v, 0, sizeof(*v));
	old = file_read_capped(cache, sizeof(line), &len);
	if (old && !strncmp(old, key, n) && old[n] == ' ' &&
	    sscanf(old + n + 1, "%u.%u.%u", &v->major, &v->minor, &v->micro) ==
		    3 &&
	    v->major) {
		free(old);
		qemu_version_text(v);
		return 0;
	}
	free(old);
	err = qemu_version_read(binary, v);
	if (err)
		return err;
	/* Whole or not at all: a run beside this one reads it. */
	snprintf(line, sizeof(line), "%s %s\n", key, v->text);
	file_write_atomic(cache, line, strlen(line));
	return 0;
}

int qemu_icount_smp_works(const struct qemu_version *v)
{
	/* 7.2 checked to hang; 10.0 checked to boot; 8 and 9 untried. */
	return v->major >= 8;
}

static int qemu_module_loaded(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return access(path, F_OK) == 0;
}

/*
 * /dev/kvm alone proves little: a paravirtual KVM (kvm_pvm) exposes it
 * without VMX/SVM and an ordinary kernel hangs under it. Require the
 * hardware module and a read-write open.
 */
enum qemu_accel qemu_accel_pick(enum qemu_accel want, const char **why)
{
	int fd;

	*why = "asked for";
	if (want != QEMU_ACCEL_AUTO)
		return want;
	if (!qemu_module_loaded("kvm_intel") &&
	    !qemu_module_loaded("kvm_amd")) {
		*why = "no kvm_intel or kvm_amd loaded";
		return QEMU_ACCEL_TCG;
	}
	fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		*why = "/dev/kvm cannot be opened read-write";
		return QEMU_ACCEL_TCG;
	}
	close(fd);
	*why = "hardware virtualisation available";
	return QEMU_ACCEL_KVM;
}

/* Where QEMU's packages put their firmware, by binary location. */
static const char *qemu_qboot_find(const char *qemu)
{
	static char path[4096];
	static const char *const dirs[] = { "/usr/share/qemu",
					    "/usr/local/share/qemu" };
	const char *slash = strrchr(qemu, '/');
	size_t i;

	if (slash) {
		/* A QEMU built and run from its tree: pc-bios/ beside it. */
		snprintf(path, sizeof(path), "%.*s/pc-bios/qboot.rom",
			 (int)(slash - qemu), qemu);
		if (!access(path, R_OK))
			return path;
	}
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/qboot.rom", dirs[i]);
		if (!access(path, R_OK))
			return path;
	}
	return NULL;
}

int qemu_firmware_pick(const char *want, const char *qemu, const char **bios)
{
	*bios = NULL;
	if (!want || !*want || !strcmp(want, "auto")) {
		*bios = qemu_qboot_find(qemu);
		return 0;
	}
	if (!strcmp(want, "seabios"))
		return 0;
	if (!strcmp(want, "qboot")) {
		*bios = qemu_qboot_find(qemu);
		return *bios ? 0 : -ENOENT;
	}
	if (access(want, R_OK))
		return -errno;
	*bios = want;
	return 0;
}
