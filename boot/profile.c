// SPDX-License-Identifier: GPL-2.0
/*
 * PROFILE=1 on the host (docs/profile.md): the plugin checked before the
 * boot, and after it the plugin's per-block instruction counts
 * (plugin/bbprof.c) attributed to the guest's own /proc/kallsyms, which
 * the init sent over its port: profile.json and the profile.* metrics.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boot/profile.h"
#include "boot/qemu.h"
#include "proto/names.h"
#include "proto/profile.h"

struct profile_sym {
	uint64_t addr;
	char *name; /* "func" or "func [module]" */
	uint64_t insns;
};

struct profile {
	struct profile_sym *syms;
	size_t nsyms, cap;
	uint64_t kernel, user, unknown; /* instructions in the windows */
	const char *source; /* where the symbols came from */
	unsigned int api, windows;
	double ops; /* the benchmark's operations in the windows, 0: unknown */
};

/* QEMU with the plugin and nothing else, told to quit at once. */
static void profile_probe_child(const char *qemu, const char *arg, int in[2],
				int err[2])
{
	dup2(in[0], 0);
	dup2(err[1], 2);
	close(in[1]);
	close(err[0]);
	if (freopen("/dev/null", "w", stdout) == NULL)
		_exit(127);
	execlp(qemu, qemu, "-machine", "none", "-nodefaults", "-display",
	       "none", "-monitor", "stdio", "-plugin", arg, (char *)NULL);
	_exit(127);
}

int profile_plugin_probe(const char *qemu, const char *plugin, char *why,
			 size_t len)
{
	int in[2], err[2], status = 0;
	char arg[8300], *nl, *esc;
	ssize_t n = 0;
	pid_t pid;

	snprintf(why, len, "QEMU did not start");
	/* A comma in the plugin's path doubled, as QEMU's -plugin reads it. */
	esc = qemu_opt_escape(plugin);
	if (!esc)
		return -ENOMEM;
	snprintf(arg, sizeof(arg), "%s,out=/dev/null", esc);
	free(esc);
	if (pipe(in))
		return -errno;
	if (pipe(err)) {
		close(in[0]);
		close(in[1]);
		return -errno;
	}
	pid = fork();
	if (pid == 0)
		profile_probe_child(qemu, arg, in, err);
	close(in[0]);
	close(err[1]);
	if (pid > 0 && write(in[1], "quit\n", 5) < 0)
		n = -1;
	close(in[1]);
	if (pid > 0)
		n = read(err[0], why, len - 1);
	close(err[0]);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -errno;
	why[n > 0 ? n : 0] = '\0';
	nl = strchr(why, '\n');
	if (nl)
		*nl = '\0';
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	if (!why[0])
		snprintf(why, len, "QEMU exited with status %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	return -EINVAL;
}

static int profile_sym_add(struct profile *p, uint64_t addr, const char *name,
			   const char *mod)
{
	struct profile_sym *s;

	if (p->nsyms == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 65536;

		s = realloc(p->syms, cap * sizeof(*s));
		if (!s)
			return -ENOMEM;
		p->syms = s;
		p->cap = cap;
	}
	s = &p->syms[p->nsyms];
	s->addr = addr;
	s->insns = 0;
	if (*mod)
		s->name = malloc(strlen(name) + strlen(mod) + 4);
	else
		s->name = strdup(name);
	if (!s->name)
		return -ENOMEM;
	if (*mod)
		sprintf(s->name, "%s [%s]", name, mod);
	p->nsyms++;
	return 0;
}

static int profile_addr_cmp(const void *a, const void *b)
{
	const struct profile_sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The size of the file @f, past @max: -EFBIG (read no further). */
static int profile_file_over(FILE *f, unsigned long max)
{
	struct stat st;

	return max && !fstat(fileno(f), &st) &&
			       (unsigned long long)st.st_size > max ?
		       -EFBIG :
		       0;
}

/*
 * The code symbols (t, T, w, W) of the guest's /proc/kallsyms (capped:
 * @max, 0 for a build's System.map).
 */
static int profile_kallsyms_read(struct profile *p, const char *path,
				 unsigned long max)
{
	char line[1024], name[512], mod[256];
	unsigned long long addr;
	int err = 0;
	char type;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -errno;
	err = profile_file_over(f, max);
	while (!err && fgets(line, sizeof(line), f)) {
		mod[0] = '\0';
		if (sscanf(line, "%llx %c %511s [%255[^]]]", &addr, &type, name,
			   mod) < 3 ||
		    !strchr("tTwW", type) || !addr)
			continue;
		err = profile_sym_add(p, addr, name, mod);
	}
	fclose(f);
	if (!err && !p->nsyms)
		err = -ENODATA;
	if (!err)
		qsort(p->syms, p->nsyms, sizeof(*p->syms), profile_addr_cmp);
	return err;
}

/* The symbol an address falls in: the last one at or below it. */
static struct profile_sym *profile_sym_of(struct profile *p, uint64_t addr)
{
	size_t lo = 0, hi = p->nsyms;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (p->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return p->nsyms && p->syms[lo].addr <= addr ? &p->syms[lo] : NULL;
}

const char *profile_sym_name(struct profile *p, uint64_t addr, uint64_t *off)
{
	const struct profile_sym *s = profile_sym_of(p, addr);

	if (!s)
		return NULL;
	*off = addr - s->addr;
	return s->name;
}

static void profile_syms_free(struct profile *p)
{
	size_t i;

	for (i = 0; i < p->nsyms; i++)
		free(p->syms[i].name);
	free(p->syms);
}

void profile_free(struct profile *p)
{
	if (!p)
		return;
	profile_syms_free(p);
	free(p);
}

/* The plugin's file: its header, kernel blocks, then user space. */
static int profile_raw_read(struct profile *p, const char *path)
{
	unsigned long long addr, n, execs;
	int header = 0, cut;
	char line[256];
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	/* Cut by the plugin at its cap (or bigger: not our plugin's). */
	cut = profile_file_over(f, PROFILE_RAW_MAX + 4096);
	while (!cut && fgets(line, sizeof(line), f)) {
		struct profile_sym *s;

		if (!strncmp(line, PROFILE_CUT_MARK,
			     strlen(PROFILE_CUT_MARK))) {
			cut = -EFBIG;
			break;
		}

		if (sscanf(line, "# bootbench-profile 1 api %u windows %u",
			   &p->api, &p->windows) == 2)
			header = 1;
		else if (sscanf(line, "user %llu", &n) == 1)
			p->user += n;
		else if (sscanf(line, "%llx %llu %llu", &addr, &n, &execs) ==
			 3) {
			s = profile_sym_of(p, addr);
			if (s)
				s->insns += n * execs;
			else
				p->unknown += n * execs;
			p->kernel += n * execs;
		}
	}
	fclose(f);
	if (cut)
		return cut;
	if (!header)
		return -EBADMSG;
	return p->windows ? 0 : -ENODATA;
}

static int profile_name_cmp(const void *a, const void *b)
{
	const struct profile_sym *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static int profile_insns_cmp(const void *a, const void *b)
{
	const struct profile_sym *x = a, *y = b;

	if (x->insns != y->insns)
		return x->insns > y->insns ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* One entry per name (a static function may be there twice), busiest first. */
static void profile_syms_merge(struct profile *p)
{
	size_t i, k = 0;

	qsort(p->syms, p->nsyms, sizeof(*p->syms), profile_name_cmp);
	for (i = 0; i < p->nsyms; i++) {
		if (k && !strcmp(p->syms[k - 1].name, p->syms[i].name)) {
			p->syms[k - 1].insns += p->syms[i].insns;
			free(p->syms[i].name);
			continue;
		}
		p->syms[k++] = p->syms[i];
	}
	p->nsyms = k;
	qsort(p->syms, p->nsyms, sizeof(*p->syms), profile_insns_cmp);
	while (p->nsyms && !p->syms[p->nsyms - 1].insns)
		free(p->syms[--p->nsyms].name);
}

/* The benchmark's operations: its one "<suite>.ops" metric, summed. */
double profile_ops_find(const struct stream *s)
{
	const struct stream_metric *found = NULL;
	size_t i, n;

	for (i = 0; i < s->nmetrics; i++) {
		n = strlen(s->metrics[i].name);
		if (n > 4 && !strcmp(s->metrics[i].name + n - 4, ".ops")) {
			if (found)
				return 0; /* several tests: no one operation */
			found = &s->metrics[i];
		}
	}
	return found ? found->sum : 0;
}

static void profile_entry_write(struct json_buf *j, const struct profile *p,
				const char *name, uint64_t insns, double share)
{
	json_object_open(j);
	json_member_string(j, "name", name);
	json_member_number(j, "instructions", (double)insns);
	json_member_number(j, "share", share);
	json_key_write(j, "per_op");
	if (p->ops > 0)
		json_number_write(j, insns / p->ops);
	else
		json_null_write(j);
	json_object_close(j);
}

static int profile_json_write(const struct rundir *rd, const struct profile *p)
{
	struct json_buf j;
	size_t i;
	int err;

	json_buf_init(&j);
	json_object_open(&j);
	json_member_int(&j, "version", 1);
	json_member_int(&j, "plugin_api", p->api);
	json_member_int(&j, "windows", p->windows);
	json_member_string(&j, "symbols_from", p->source);
	json_member_number(&j, "ops", p->ops);
	json_member_number(&j, "instructions", (double)(p->kernel + p->user));
	json_member_number(&j, "kernel_instructions", (double)p->kernel);
	json_key_write(&j, "user");
	profile_entry_write(&j, p, "user", p->user,
			    100.0 * p->user / ((p->kernel + p->user) ?: 1));
	json_member_array_open(&j, "symbols");
	for (i = 0; i < p->nsyms; i++)
		profile_entry_write(&j, p, p->syms[i].name, p->syms[i].insns,
				    100.0 * p->syms[i].insns /
					    (p->kernel ?: 1));
	if (p->unknown)
		profile_entry_write(&j, p, "[unknown]", p->unknown,
				    100.0 * p->unknown / (p->kernel ?: 1));
	json_array_close(&j);
	json_object_close(&j);
	err = rundir_file_write(rd, "profile.json", &j);
	json_buf_free(&j);
	return err;
}

/* LKP's shape: perf-stat's path-length, perf-profile's self shares. */
static int profile_metrics_add(struct stream *s, const struct profile *p)
{
	char name[300];
	size_t i, k;
	int err = 0;

	if (p->ops > 0) {
		err = stream_metric_add(s, "profile.path-length",
					(p->kernel + p->user) / p->ops);
		if (!err)
			err = stream_metric_add(s, "profile.kernel.path-length",
						p->kernel / p->ops);
	}
	if (!err)
		err = stream_metric_add(s, "profile.instructions",
					(double)(p->kernel + p->user));
	for (i = 0; !err && i < p->nsyms && i < PROFILE_STATS_TOP; i++) {
		k = snprintf(name, sizeof(name), "profile.self.%s",
			     p->syms[i].name);
		/* "func [module]": the module after a '.'. */
		for (k = 0; name[k]; k++)
			if (name[k] == ' ' || name[k] == '[' || name[k] == ']')
				name[k] = name[k] == ']' ? '\0' : '.';
		if (names_metric_check(name))
			continue;
		err = stream_metric_add(
			s, name, 100.0 * p->syms[i].insns / (p->kernel ?: 1));
	}
	return err;
}

/*
 * A kernel built without CONFIG_KALLSYMS has no /proc/kallsyms; its build
 * tree's System.map has the same lines. It is looked for beside KERNEL
 * and, for a build tree's arch/<arch>/boot/<image>, at the tree's top.
 */
static int profile_map_find(const char *kernel, char *path, size_t len)
{
	const char *arch = strstr(kernel, "/arch/");
	const char *slash = strrchr(kernel, '/');
	int n;

	n = slash ? snprintf(path, len, "%.*s/System.map",
			     (int)(slash - kernel), kernel) :
		    snprintf(path, len, "System.map");
	if (n > 0 && (size_t)n < len && !access(path, R_OK))
		return 0;
	if (!arch || !strstr(arch, "/boot/"))
		return -ENOENT;
	n = snprintf(path, len, "%.*s/System.map", (int)(arch - kernel),
		     kernel);
	return n > 0 && (size_t)n < len && !access(path, R_OK) ? 0 : -ENOENT;
}

/*
 * The guest's own list first; else the build's System.map, whose link
 * addresses are the running ones only when nothing moved the kernel:
 * the PVH entry skips the decompressor, where x86's KASLR happens, and
 * nokaslr turns it off (fixed says either).
 */
static int profile_syms_read(struct profile *p, const char *ksyms,
			     const char *kernel, int fixed)
{
	char map[4200];
	int err;

	p->source = "kallsyms";
	err = profile_kallsyms_read(p, ksyms, PROFILE_KALLSYMS_MAX);
	if (err != -ENOENT && err != -ENODATA)
		return err;
	p->source = "none";
	if (profile_map_find(kernel, map, sizeof(map))) {
		fprintf(stderr,
			"bootbench: PROFILE: the guest has no /proc/kallsyms and KERNEL has no System.map beside it: every kernel block is [unknown]: build with CONFIG_KALLSYMS=y or keep the build tree's System.map\n");
		return 0;
	}
	if (!fixed) {
		fprintf(stderr,
			"bootbench: PROFILE: the guest has no /proc/kallsyms and KASLR may have moved it from its System.map: every kernel block is [unknown]: boot with CMDLINE=nokaslr or build with CONFIG_KALLSYMS=y\n");
		return 0;
	}
	err = profile_kallsyms_read(p, map, 0);
	if (err == -ENODATA)
		return 0;
	if (!err)
		p->source = "System.map";
	return err;
}

int profile_syms_load(const char *kallsyms, const char *kernel, int fixed,
		      struct profile **out)
{
	struct profile *p = calloc(1, sizeof(*p));
	int err = p ? profile_syms_read(p, kallsyms, kernel, fixed) : -ENOMEM;

	if (err) {
		profile_free(p);
		p = NULL;
	}
	*out = p;
	return err;
}

int profile_kallsyms_over(const char *kallsyms)
{
	struct stat st;

	return !stat(kallsyms, &st) &&
	       (unsigned long long)st.st_size > PROFILE_KALLSYMS_MAX;
}

int profile_process(const struct rundir *rd, struct stream *s,
		    const char *kernel, int fixed)
{
	struct profile p = { 0 };
	char raw[4300], ksyms[4300];
	int err;

	snprintf(raw, sizeof(raw), "%s/" PROFILE_RAW_FILE, rd->tmp);
	snprintf(ksyms, sizeof(ksyms), "%s/" PROFILE_KALLSYMS_FILE, rd->tmp);
	err = profile_syms_read(&p, ksyms, kernel, fixed);
	if (!err)
		err = profile_raw_read(&p, raw);
	if (!err) {
		p.ops = profile_ops_find(s);
		profile_syms_merge(&p);
		err = profile_json_write(rd, &p);
	}
	if (!err)
		err = profile_metrics_add(s, &p);
	profile_syms_free(&p);
	unlink(raw);
	unlink(ksyms);
	return err;
}
