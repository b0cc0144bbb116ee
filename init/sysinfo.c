// SPDX-License-Identifier: GPL-2.0
/* What the guest sees of itself, for the hello record. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "init.h"

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
	char buf[4096];
	struct utsname u;

	uname(&u);
	json_key_write(j, "release");
	json_string_write(j, u.release);
	json_key_write(j, "kernel_version");
	json_string_write(j, u.version);
	json_key_write(j, "machine");
	json_string_write(j, u.machine);
	if (file_read("/proc/cmdline", buf, sizeof(buf)) >= 0) {
		json_key_write(j, "cmdline");
		json_string_write(j, buf);
	}
	if (file_read("/sys/devices/system/cpu/online", buf, sizeof(buf)) >=
	    0) {
		json_key_write(j, "cpus_online_list");
		json_string_write(j, buf);
	}
	json_key_write(j, "cpus_online");
	json_int_write(j, sysconf(_SC_NPROCESSORS_ONLN));
	json_key_write(j, "nodes");
	json_int_write(j, sysinfo_nodes_count());
	json_key_write(j, "mem_total_kb");
	json_int_write(j, (int64_t)sysconf(_SC_PHYS_PAGES) *
				  (sysconf(_SC_PAGESIZE) / 1024));
}
