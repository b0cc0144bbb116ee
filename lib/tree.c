// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/tree.h"

/* How far above the binary its tree may be: out/build/host/bootbench. */
#define TREE_DEPTH 6

/* The tree's top, once: "" when the binary is in none. */
static const char *tree_top(void)
{
	static char top[PATH_MAX];
	static int done;
	char probe[PATH_MAX + 32], *slash;
	struct stat st;
	ssize_t n;
	int i;

	if (done)
		return top;
	done = 1;
	n = readlink("/proc/self/exe", top, sizeof(top) - 1);
	top[n > 0 ? n : 0] = '\0';
	for (i = 0; i < TREE_DEPTH && (slash = strrchr(top, '/')); i++) {
		*slash = '\0';
		snprintf(probe, sizeof(probe), "%s/boot/machines", top);
		if (!stat(probe, &st) && S_ISDIR(st.st_mode))
			return top;
	}
	top[0] = '\0';
	return top;
}

int tree_path(const char *rel, char *out, size_t size)
{
	const char *top = tree_top();
	int n = *top ? snprintf(out, size, "%s/%s", top, rel) :
		       snprintf(out, size, "%s", rel);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}
