// SPDX-License-Identifier: GPL-2.0
/* What the guest sees of itself, for the hello record. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "init.h"

/*
 * How many distinct values a per-CPU topology file has, over CPUs in @pkg;
 * with @file2, distinct pairs of the two (a file a kernel lacks reads 0).
 */
static int sysinfo_distinct(const char *file, const char *file2, int pkg)
{
	static long long seen[4096];
	char path[128], buf[32];
	int n = 0, cpu, p, i;
	long long v;

	for (cpu = 0; cpu < 4096; cpu++) {
		snprintf(
			path, sizeof(path),
			"/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
			cpu);
		if (file_read(path, buf, sizeof(buf)) < 0)
			break;
		p = atoi(buf);
		if (pkg >= 0 && p != pkg)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/%s", cpu,
			 file);
		if (file_read(path, buf, sizeof(buf)) < 0)
			continue;
		v = atoi(buf);
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/%s", cpu,
			 file2 ? file2 : "");
		if (file2 && file_read(path, buf, sizeof(buf)) >= 0)
			v = v * 65536 + atoi(buf);
		for (i = 0; i < n && seen[i] != v; i++)
			;
		if (i == n && n < 4096)
			seen[n++] = v;
	}
	return n;
}

/* Count the CPUs of a list such as "0-3,8-11". */
static int sysinfo_cpulist_count(const char *s)
{
	int n = 0, a, b;

	while (*s) {
		a = b = strtol(s, (char **)&s, 10);
		if (*s == '-')
			b = strtol(s + 1, (char **)&s, 10);
		n += b - a + 1;
		if (*s == ',')
			s++;
		else
			break;
	}
	return n;
}

static void sysinfo_topology_write(struct json_buf *j, int nodes)
{
	char path[128], buf[4096], *p;
	int i;

	json_member_int(j, "cpu_packages",
			sysinfo_distinct("physical_package_id", NULL, -1));
	/*
	 * arm64's core_id counts from 0 in each cluster of the device tree's
	 * cpu-map (drivers/base/arch_topology.c): a core is its pair.
	 */
	json_member_int(j, "cores_per_package",
			sysinfo_distinct("core_id", "cluster_id", 0));
	if (file_read(
		    "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list",
		    buf, sizeof(buf)) >= 0) {
		json_member_int(j, "threads_per_core",
				sysinfo_cpulist_count(buf));
	}
	json_member_array_open(j, "node_cpus");
	for (i = 0; i < nodes; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpulist", i);
		json_string_write(
			j, file_read(path, buf, sizeof(buf)) >= 0 ? buf : "");
	}
	json_array_close(j);
	json_member_array_open(j, "node_mem_kb");
	for (i = 0; i < nodes; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/meminfo", i);
		/* "Node 0 MemTotal:       1014616 kB" is the first line. */
		p = file_read(path, buf, sizeof(buf)) >= 0 ?
			    strstr(buf, "MemTotal:") :
			    NULL;
		json_int_write(j, p ? atoll(p + 9) : 0);
	}
	json_array_close(j);
	/* Linux 5.16 on; x86's are the L2 caches' sharers (docs/topology.md). */
	json_member_int(j, "clusters_per_package",
			sysinfo_distinct("cluster_id", NULL, 0));
}

static int sysinfo_nodes_count(void)
{
	struct dirent *de;
	int n = 0;
	DIR *d;

	d = opendir("/sys/devices/system/node");
	if (!d)
		return 1;
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "node", 4) &&
		    strspn(de->d_name + 4, "0123456789") ==
			    strlen(de->d_name + 4) &&
		    de->d_name[4])
			n++;
	closedir(d);
	return n ? n : 1;
}

void sysinfo_write(struct json_buf *j)
{
	int nodes = sysinfo_nodes_count();
	char buf[4096];
	struct utsname u;

	uname(&u);
	json_member_string(j, "release", u.release);
	json_member_string(j, "kernel_version", u.version);
	json_member_string(j, "machine", u.machine);
	if (file_read("/proc/cmdline", buf, sizeof(buf)) >= 0)
		json_member_string(j, "cmdline", buf);
	if (file_read("/sys/devices/system/cpu/online", buf, sizeof(buf)) >=
	    0) {
		json_member_string(j, "cpus_online_list", buf);
	}
	json_member_int(j, "cpus_online", sysconf(_SC_NPROCESSORS_ONLN));
	json_member_int(j, "nodes", nodes);
	sysinfo_topology_write(j, nodes);
	json_member_int(j, "mem_total_kb",
			(int64_t)sysconf(_SC_PHYS_PAGES) *
				(sysconf(_SC_PAGESIZE) / 1024));
}
