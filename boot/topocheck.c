// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's topology checked against what was asked, from its hello
 * record: verified, not assumed; what it saw goes into job.json.
 */
#define _GNU_SOURCE
#include "bootbench.h"

/* What the guest saw of its topology, for job.json, and any difference. */
static char topo_seen[1024], topo_mismatch[512];

void topocheck_json_write(struct json_buf *j, const struct topology *t)
{
	unsigned int i;

	json_member_object_open(j, "topology");
	json_member_string(j, "machine", t->name);
	json_member_string(j, "cpu_model", t->cpu_model);
	json_member_int(j, "sockets", t->sockets);
	json_member_int(j, "cores", t->cores);
	json_member_int(j, "threads", t->threads);
	json_member_int(j, "clusters", t->clusters ? t->clusters : 1);
	json_member_int(j, "cpus", t->cpus);
	json_member_array_open(j, "node_cpus");
	for (i = 0; i < t->nnodes; i++)
		json_string_write(j, t->node_cpus[i]);
	json_array_close(j);
	json_object_close(j);
	json_member_string(j, "topology_seen", topo_seen);
}

static double hello_number(const struct json_value *rec, const char *key)
{
	const struct json_value *v = json_member(rec, key);

	return v && v->type == JSON_NUMBER ? v->number : -1;
}

/* Verified, not assumed: the guest must see what was asked. */
void topocheck_verify(const struct topology *t, const struct json_value *rec)
{
	const struct json_value *nodes = json_member(rec, "node_cpus"), *n;
	char clusters[48] = "", asked[32] = "";
	unsigned int i, seen_nodes = 0;
	size_t len;

	/* Asked for, the clusters are checked (x86's are L2 sharers). */
	if (t->clusters > 1) {
		snprintf(clusters, sizeof(clusters), " in %g clusters",
			 hello_number(rec, "clusters_per_package"));
		snprintf(asked, sizeof(asked), " in %u clusters", t->clusters);
	}
	len = snprintf(topo_seen, sizeof(topo_seen),
		       "%g packages x %g cores%s x %g threads, %g CPUs online",
		       hello_number(rec, "cpu_packages"),
		       hello_number(rec, "cores_per_package"), clusters,
		       hello_number(rec, "threads_per_core"),
		       hello_number(rec, "cpus_online"));
	for (n = nodes && nodes->type == JSON_ARRAY ? nodes->child : NULL; n;
	     n = n->next, seen_nodes++)
		if (n->type == JSON_STRING && len < sizeof(topo_seen))
			len += snprintf(topo_seen + len,
					sizeof(topo_seen) - len, "%s node%u %s",
					seen_nodes ? "," : ";", seen_nodes,
					n->string);
	if (hello_number(rec, "cpus_online") != t->cpus ||
	    hello_number(rec, "cpu_packages") != t->sockets ||
	    hello_number(rec, "cores_per_package") != t->cores ||
	    hello_number(rec, "threads_per_core") != t->threads ||
	    (t->clusters > 1 &&
	     hello_number(rec, "clusters_per_package") != t->clusters) ||
	    (t->nnodes > 1 && seen_nodes != t->nnodes)) {
		snprintf(
			topo_mismatch, sizeof(topo_mismatch),
			"the guest does not have the topology asked for: asked %u sockets x %u cores%s x %u threads, %u nodes; it sees %.300s",
			t->sockets, t->cores, asked, t->threads,
			t->nnodes ? t->nnodes : 1, topo_seen);
		return;
	}
	for (i = 0, n = nodes ? nodes->child : NULL; t->nnodes > 1 && n;
	     n = n->next, i++) {
		if (n->type != JSON_STRING ||
		    !cpulist_equal(n->string, t->node_cpus[i])) {
			snprintf(
				topo_mismatch, sizeof(topo_mismatch),
				"the guest's NUMA node %u has CPUs %.60s, asked %.60s",
				i, n->type == JSON_STRING ? n->string : "?",
				t->node_cpus[i]);
			return;
		}
	}
}

void topocheck_reset(void)
{
	topo_seen[0] = topo_mismatch[0] = '\0';
}

const char *topocheck_mismatch(void)
{
	return topo_mismatch;
}
