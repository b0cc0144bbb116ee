// SPDX-License-Identifier: GPL-2.0
/*
 * The report's machine: a profile we keep (boot/machines/), or its shape
 * guessed from the mail's words (CPU model, sockets, SMT, NUMA nodes) and
 * written as a machine file beside the job.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boot/bootbench.h"
#include "boot/cputable.h"
#include "repro.h"
#include "shared/util.h"

/* Report machines we keep profiles of (boot/machines/). */
static const struct {
	const char *model;
	unsigned int threads;
	const char *profile;
} repro_profiles[] = {
	{ "i7 CPU 870", 8, "i7-870" },
	{ "i3-3220", 4, "i3-3220" },
	{ "E5-2690 v2", 40, "e5-2690v2" },
	{ "Skylake", 112, "lkp-skl-sp1" },
	/* the reader's words for "large arm64 2 nodes / 224 cores system" */
	{ "2 nodes / 224 cores", 224, "thunderx2" },
};

/*
 * A profile (docs/topology.md) for a machine none of ours matches, so
 * the job names a machine as for any other (machine = FILE).
 */
static int repro_profile_write(const char *path, const char *name,
			       const struct lkpmail *m,
			       const struct topology *t)
{
	FILE *f = fopen(path, "w");
	unsigned int i;

	if (!f)
		return -errno;
	fprintf(f, "# Help: %s (written by bootbench reproduce)\n",
		m->machine[0] ? m->machine : "the report's machine");
	fprintf(f, "name = %s\n", name);
	if (t->arch[0])
		fprintf(f, "arch = %s\n", t->arch);
	if (t->cpu_model[0])
		fprintf(f, "cpu = %s\n", t->cpu_model);
	fprintf(f, "sockets = %u\ncores = %u\nthreads = %u\n", t->sockets,
		t->cores, t->threads);
	if (m->mem_gb)
		fprintf(f, "mem = %uG\n", m->mem_gb);
	for (i = 0; i < t->nnodes; i++)
		fprintf(f, "node%u = %s\n", i, t->node_cpus[i]);
	return fclose(f) ? -errno : 0;
}

/* The CPU model: from the table (boot/cpus.def), said with its source. */
static int repro_cpu_guess(const struct lkpmail *m, struct topology *t,
			   struct cpu_info *ci)
{
	const char *name = m->cpu_model[0] ? m->cpu_model : m->machine;
	struct cpu_info host;
	int err = !name[0] || cpu_lookup(name, ci);

	/* A model name that says only "Intel": the host name may say more. */
	if ((err || !ci->codename) && m->tbox_group[0] &&
	    !cpu_lookup_host(m->tbox_group, &host)) {
		host.cores = err ? 0 : ci->cores;
		*ci = host;
		err = 0;
	}
	if (err) {
		memset(ci, 0, sizeof(*ci));
		if (m->threads)
			repro_note(
				"guessed",
				"CPU model: QEMU's default (the report names no CPU bootbench's table knows)");
		return -ENOENT;
	}
	snprintf(t->cpu_model, sizeof(t->cpu_model), "%s", ci->qemu);
	repro_note("guessed", "CPU model %s (from %s)", ci->qemu, ci->source);
	return 0;
}

/*
 * Threads per core: the SKU's (or, for a desktop part, its generation's
 * rule); else @n threads of @s sockets split by the core counts of the
 * generation's server parts (boot/cpus.def).
 */
static unsigned int repro_smt_guess(const struct cpu_info *ci, unsigned int n,
				    unsigned int s, unsigned int k)
{
	unsigned int cores, tpc;

	if (k && !(n % (s * k))) {
		if (ci->smt_tier[0])
			repro_note(
				"guessed",
				"%u thread%s per core (a desktop %s of %s: its generation's rule, boot/cpus.def)",
				k, k == 1 ? "" : "s", ci->smt_tier,
				ci->codename);
		else if (k > 1)
			repro_note(
				"guessed",
				"%u threads per core (from the SKU pattern '%s')",
				k, ci->sku);
		return k;
	}
	if (!(n % s) && !cpu_cores_split(ci, n / s, &cores, &tpc)) {
		repro_note(
			"guessed",
			"%u cores x %u thread(s) per core a socket (%u threads a socket, split by the core counts of %s's server parts: %s)",
			cores, tpc, n / s, ci->codename, ci->server_cores);
		return tpc;
	}
	repro_note("guessed",
		   "one thread per core (the report does not say SMT)");
	return 1;
}

/*
 * Sockets, when the mail's words, LKP's host name (lkp-emr-2sp1: 2) and
 * the CPU model's cores disagree: the model's, else the host name's.
 * LKP's "N sockets" is the machine's NUMA node count on a part split
 * into nodes (256 threads "4 sockets" of the 64-core Platinum 8592+ on
 * lkp-emr-2sp1 are 2 sockets of 2 nodes each), so the text loses, said.
 * 0: nothing says.
 */
static unsigned int repro_sockets_pick(const struct lkpmail *m,
				       const struct cpu_info *ci,
				       unsigned int k)
{
	unsigned int n = m->threads, host = m->host_sockets, model = 0;
	unsigned int text = m->sockets_src[0] ? 0 : m->sockets;

	if (ci->cores && k && !(n % (ci->cores * k)))
		model = n / (ci->cores * k);
	if (model && text && text != model) {
		char host_says[120] = "";

		if (host)
			snprintf(host_says, sizeof(host_says),
				 host == model ?
					 ", as LKP's host name %s says" :
					 " nor LKP's host name %s's %u",
				 m->tbox_group, host);
		repro_note(
			"guessed",
			"%u socket(s), not the report's %u%s: %u threads are %u x %u cores x %u threads of its SKU '%s'%s (LKP's mails count NUMA nodes as sockets)",
			model, text, host != model ? host_says : "", n, model,
			ci->cores, k, ci->sku, host == model ? host_says : "");
	} else if (model && host && host != model) {
		repro_note(
			"guessed",
			"%u socket(s), not the %u of LKP's host name %s: %u threads are %u x %u cores x %u threads of its SKU '%s'",
			model, host, m->tbox_group, n, model, ci->cores, k,
			ci->sku);
	} else if (model && !text && !host) {
		repro_note(
			"guessed",
			"%u socket(s) (%u threads / (%u cores x %u threads per core, from the SKU))",
			model, n, ci->cores, k);
	} else if (model && !text) {
		repro_note("guessed", "%u socket(s) (from %s)", model,
			   m->sockets_src);
	}
	if (model)
		return model;
	if (text && host && text != host) {
		repro_note(
			"guessed",
			"%u socket(s), not the report's %u: LKP's host name %s says %u (LKP's mails count NUMA nodes as sockets)",
			host, text, m->tbox_group, host);
		return host;
	}
	if (!text && m->sockets)
		repro_note("guessed", "%u socket(s) (from %s)", m->sockets,
			   m->sockets_src);
	return m->sockets;
}

/* Sockets and threads per core: the mail's words, else what they imply. */
static void repro_shape_guess(const struct lkpmail *m,
			      const struct cpu_info *ci, unsigned int *sockets,
			      unsigned int *tpc)
{
	unsigned int n = m->threads, s, k = ci->threads;

	if (k > 1 && n % k)
		k = 0;
	s = repro_sockets_pick(m, ci, k);
	if (!s || n % s) {
		s = 1;
		repro_note("guessed",
			   "one socket (the report says no more of %u CPUs)",
			   n);
	}
	*sockets = s;
	*tpc = repro_smt_guess(ci, n, s, k);
}

/*
 * NUMA nodes: job.yaml's nr_node, the table's numa rows, the report's
 * "N sockets" where they were more than the sockets taken (LKP counts
 * nodes), or one a socket.
 */
static unsigned int repro_nodes_guess(const struct lkpmail *m,
				      unsigned int sockets)
{
	unsigned int text = m->sockets_src[0] ? 0 : m->sockets;

	if (m->nodes)
		return m->nodes;
	if (m->yaml_nodes) {
		repro_note("read", "%u NUMA node(s) (job.yaml's nr_node)",
			   m->yaml_nodes);
		return m->yaml_nodes;
	}
	/* The rows name the nodes that moved: at least that many. */
	if (m->table_nodes > 1 && m->table_nodes > sockets) {
		repro_note(
			"guessed",
			"%u NUMA nodes (the compare table's numa-meminfo rows name node0 to node%u)",
			m->table_nodes, m->table_nodes - 1);
		return m->table_nodes;
	}
	if (text > sockets && !(text % sockets)) {
		repro_note(
			"guessed",
			"%u NUMA nodes (the report's %u sockets: LKP's count of nodes)",
			text, text);
		return text;
	}
	if (sockets > 1)
		repro_note("guessed", "%u NUMA nodes (one per socket)",
			   sockets);
	return sockets;
}

/* The report's machine from its line alone (no lscpu, no profile). */
static void repro_topology_guess(const struct lkpmail *m, struct topology *t)
{
	unsigned int s, k, nodes, i, per;
	struct cpu_info ci;

	memset(t, 0, sizeof(*t));
	if (m->arch[0]) {
		nodes = m->nodes ? m->nodes : 1;
		repro_note(
			"guessed",
			"the report's machine is %s, of %u CPUs in %u node(s) (no profile names it)",
			m->arch, m->threads, nodes);
		snprintf(t->arch, sizeof(t->arch), "%s", m->arch);
		s = m->threads % nodes ? 1 : nodes;
		k = 1;
	} else {
		repro_cpu_guess(m, t, &ci);
		repro_shape_guess(m, &ci, &s, &k);
		nodes = repro_nodes_guess(m, s);
	}
	t->sockets = s;
	t->threads = k;
	t->cores = m->threads / (s * k);
	if (nodes > 1 && nodes <= TOPO_NODES_MAX && !(m->threads % nodes)) {
		per = m->threads / nodes;
		t->nnodes = nodes;
		for (i = 0; i < nodes; i++)
			snprintf(t->node_cpus[i], sizeof(t->node_cpus[i]),
				 "%u-%u", i * per, (i + 1) * per - 1);
	} else if (nodes > 1) {
		repro_note("left out",
			   "%u NUMA nodes: %u CPUs do not split evenly", nodes,
			   m->threads);
	}
}

int repro_machine_map(const struct lkpmail *m, const char *dir,
		      const char *name, struct repro_job *j)
{
	char path[4200], why[256];
	struct topology t;
	size_t i;

	/* make run takes ARCH from the job (Makefile) */
	if (m->arch[0])
		repro_set(j, "arch", m->arch);
	for (i = 0; i < ARRAY_SIZE(repro_profiles); i++)
		if ((strcasestr(m->cpu_model, repro_profiles[i].model) ||
		     strcasestr(m->machine, repro_profiles[i].model)) &&
		    (!m->threads || m->threads == repro_profiles[i].threads)) {
			repro_set(j, "machine", repro_profiles[i].profile);
			return 0;
		}
	if (m->lscpu && !topology_lscpu_parse(m->lscpu, &t, why, sizeof(why))) {
		repro_note("read", "the machine from the report's lscpu");
	} else if (m->threads) {
		repro_topology_guess(m, &t);
	} else {
		repro_note(
			"guessed",
			"the job runs on bootbench's default machine (the report names no test machine)");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/machine.conf", dir);
	if (repro_profile_write(path, name, m, &t)) {
		fprintf(stderr, "bootbench: writing %s: %s\n", path,
			strerror(errno));
		return -EIO;
	}
	repro_set(j, "machine", path);
	return 0;
}
