// SPDX-License-Identifier: GPL-2.0
/*
 * The UnixBench pass rules, after byte-unixbench's Run script:
 *
 *  - a pass runs N copies at once; pass count = sum of the copies'
 *    counts, pass time = mean of the copies' times, where a copy's
 *    time is its TIME line or else its wall time from start to the end
 *    of its output;
 *  - before each pass: sync; sleep 1; sync; sleep 2;
 *  - passes are sorted by count, the lowest third (n/3, integer) is
 *    dropped, and the score is the geometric mean of the kept passes'
 *    rates count / (time / timebase);
 *  - index = 10 * score / baseline.
 *
 * LKP passes "-i runtime/10": long tests then run that many passes,
 * short ones max(1, (i + 1) / 3).
 *
 * Output is line based (docs/protocol.md): "progress TEXT",
 * "metric NAME VALUE", and plain lines for people.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "params.h"
#include "unixbench.h"
#include "shared/util.h"

struct harness_opts {
	const char *copy_val; /* bench.copy_key's value, or NULL */
	unsigned int duration;
	unsigned int passes;
	unsigned int copies;
};

struct harness_copy {
	pid_t pid;
	int fd;
	double start, elapsed;
	char out[512];
	size_t len;
};

static char harness_path[PATH_MAX];

const char *harness_self(void)
{
	return harness_path;
}

int harness_aux_exec(const char *name, int argc, char **argv)
{
	int dyn = argc > 2 && !strcmp(argv[2], "dynamic");
	char path[PATH_MAX];

	/* harness_path is absolute: it comes from /proc/self/exe. */
	snprintf(path, sizeof(path), "%.*s/%s%s",
		 (int)(strrchr(harness_path, '/') - harness_path), harness_path,
		 name, dyn ? "-dyn" : "");
	/* argv[0] is "--copy": the program gets its own name there. */
	argv[0] = path;
	if (argc > 2)
		argv[2] = NULL;
	execv(path, argv);
	fprintf(stderr, "%s: cannot run %s: %s: it is built beside %s\n",
		bench.name, path, strerror(errno), harness_path);
	return 1;
}

void harness_count_report(unsigned long count, int timebase, const char *unit)
{
	printf("COUNT|%lu|%d|%s\n", count, timebase, unit);
	fflush(stdout);
}

void harness_metric(const char *name, double value)
{
	printf("metric %s %.17g\n", name, value);
}

int harness_params_parse(int argc, char **argv, const struct harness_param *p,
			 size_t n)
{
	int i;

	/* The init points TMPDIR at the job's scratch filesystem. */
	param_stressor_disk_set(strcmp(harness_tmpdir(), "/tmp") != 0);
	for (i = 1; i < argc; i++) {
		const struct param_spec *spec;
		char *key = argv[i], *val = strchr(key, '=');
		size_t k;
		int err;

		if (strncmp(key, "--", 2) || !val) {
			fprintf(stderr, "%s: expected --key=value, got '%s'\n",
				bench.name, key);
			return -EINVAL;
		}
		*val++ = '\0';
		key += 2;
		for (k = 0; k < n && strcmp(p[k].name, key); k++)
			;
		spec = param_spec_find(key);
		/* A job's other tests may take what this one does not. */
		if (spec && k == n)
			continue;
		if (k == n || !spec) {
			fprintf(stderr, "%s: unknown parameter '%s'\n",
				bench.name, key);
			return -EINVAL;
		}
		if (spec->kind == PARAM_CHOICE ||
		    spec->kind == PARAM_STRESSOR || spec->kind == PARAM_SIZE ||
		    spec->kind == PARAM_DISK) {
			err = param_value_check(spec, val);
			if (!err)
				*p[k].str_val = val;
		} else if (spec->kind == PARAM_TASKS) {
			err = param_tasks_parse(val,
						sysconf(_SC_NPROCESSORS_ONLN),
						p[k].uint_val);
		} else {
			err = util_uint_parse(val, spec->min, spec->max,
					      p[k].uint_val);
		}
		if (err) {
			fprintf(stderr, "%s: bad value '%s' for %s\n",
				bench.name, val, key);
			return err;
		}
	}
	return 0;
}

/* UnixBench's -i and -c, LKP style; PASSES, when given, beats RUNTIME. */
static int harness_opts_parse(int argc, char **argv, struct harness_opts *o)
{
	unsigned int runtime = 0, passes = 0;
	const struct harness_param params[] = {
		{ "duration", &o->duration, NULL },
		{ "passes", &passes, NULL },
		{ "runtime", &runtime, NULL },
		{ "nr_task", &o->copies, NULL },
		{ bench.copy_key, NULL, &o->copy_val },
	};
	size_t n = ARRAY_SIZE(params);
	int err;

	o->duration = bench.duration;
	o->copies = 1;
	o->copy_val = NULL;
	err = harness_params_parse(argc, argv, params,
				   bench.copy_key ? n : n - 1);
	if (passes)
		o->passes = passes;
	else if (runtime)
		o->passes = unixbench_passes_count(runtime, bench.long_test);
	else
		o->passes = bench.long_test ? 10 : 3;
	return err;
}

void harness_settle_sleep(unsigned int seconds)
{
	const char *e = getenv("BOOTBENCH_SETTLE");

	if (!e || strcmp(e, "0"))
		sleep(seconds);
}

static void harness_settle(void)
{
	/* Run does "sync; sleep 1; sync; sleep 2" before every pass. */
	sync();
	harness_settle_sleep(1);
	sync();
	harness_settle_sleep(2);
}

static int harness_copy_start(struct harness_copy *c, unsigned int duration,
			      const char *copy_val)
{
	char dur[16];
	int p[2];

	if (pipe2(p, O_CLOEXEC))
		return -errno;
	snprintf(dur, sizeof(dur), "%u", duration);
	c->start = util_now();
	c->pid = fork();
	if (c->pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (c->pid == 0) {
		dup2(p[1], STDOUT_FILENO);
		execl(harness_path, harness_path, "--copy", dur, copy_val,
		      (char *)NULL);
		perror("exec");
		_exit(127);
	}
	close(p[1]);
	c->fd = p[0];
	c->len = 0;
	return 0;
}

/* Read every copy's output to its end, timing each copy as Run does. */
static void harness_copies_drain(struct harness_copy *c, unsigned int n)
{
	struct pollfd *pfd = calloc(n, sizeof(*pfd));
	unsigned int open_fds = n, i;

	if (!pfd)
		abort();
	while (open_fds) {
		for (i = 0; i < n; i++) {
			pfd[i].fd = c[i].fd;
			pfd[i].events = POLLIN;
		}
		if (poll(pfd, n, -1) < 0) {
			if (errno == EINTR)
				continue;
			abort();
		}
		for (i = 0; i < n; i++) {
			char buf[256];
			ssize_t r;

			if (c[i].fd < 0 ||
			    !(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			r = read(c[i].fd, buf, sizeof(buf));
			if (r > 0) {
				size_t room = sizeof(c[i].out) - 1 - c[i].len;

				if ((size_t)r > room)
					r = room;
				memcpy(c[i].out + c[i].len, buf, r);
				c[i].len += r;
				continue;
			}
			if (r < 0 && errno == EINTR)
				continue;
			c[i].elapsed = util_now() - c[i].start;
			c[i].out[c[i].len] = '\0';
			close(c[i].fd);
			c[i].fd = -1;
			open_fds--;
		}
	}
	free(pfd);
}

/*
 * The copies of the last pass whose loop file is the one they all
 * inherit (syscall's "SHARED|1" lines), or -1 when no copy says.
 */
static int harness_shared = -1;

static int harness_copy_result(struct harness_copy *c, double *count,
			       double *time, int *timebase)
{
	char *line, *save = NULL;
	int status, have = 0, shared;

	*time = 0;
	if (waitpid(c->pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "%s: copy %d failed (status %#x): %s\n",
			bench.name, (int)c->pid, status, c->out);
		return -EIO;
	}
	for (line = strtok_r(c->out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "COUNT|%lf|%d|", count, timebase) == 2)
			have = 1;
		else if (sscanf(line, "SHARED|%d", &shared) == 1)
			harness_shared =
				(harness_shared < 0 ? 0 : harness_shared) +
				shared;
		else
			sscanf(line, "TIME|%lf", time);
	}
	/* Timebase 0 (fstime's KBps): the count is a rate already. */
	if (!have || *timebase < 0) {
		fprintf(stderr, "%s: copy %d printed no COUNT line\n",
			bench.name, (int)c->pid);
		return -EIO;
	}
	if (*time <= 0)
		*time = c->elapsed;
	return 0;
}

static int harness_pass_run(const struct harness_opts *o,
			    struct unixbench_pass *pass)
{
	struct harness_copy *c = calloc(o->copies, sizeof(*c));
	unsigned int i, started = 0;
	double sum_time = 0;
	int err = 0;

	if (!c)
		return -ENOMEM;
	pass->count = 0;
	harness_shared = -1;
	for (i = 0; i < o->copies && !err; i++) {
		err = harness_copy_start(&c[i], o->duration, o->copy_val);
		if (!err)
			started++;
	}
	harness_copies_drain(c, started);
	for (i = 0; i < started; i++) {
		double count = 0, time;
		int timebase = 1;

		if (harness_copy_result(&c[i], &count, &time, &timebase)) {
			err = -EIO;
			continue;
		}
		pass->count += count;
		pass->timebase = timebase;
		sum_time += time;
	}
	pass->time = sum_time / o->copies;
	free(c);
	return err;
}

static double harness_ops_sum(const struct unixbench_pass *p, unsigned int n)
{
	double sum = 0;

	while (n--)
		sum += p[n].count;
	return sum;
}

/* Where this binary is, for the copies it starts of itself. */
static int harness_path_find(void)
{
	ssize_t n;
	int err;

	n = readlink("/proc/self/exe", harness_path, sizeof(harness_path) - 1);
	if (n <= 0) {
		err = n < 0 ? -errno : -ENOENT;
		perror("readlink /proc/self/exe");
		return err;
	}
	harness_path[n] = '\0';
	return 0;
}

/* The passes in turn, each said with its count, time and rate. */
static int harness_passes_run(const struct harness_opts *o,
			      struct unixbench_pass *passes)
{
	unsigned int i;
	int err;

	for (i = 0; i < o->passes; i++) {
		harness_settle();
		printf("progress %s pass %u/%u\n", bench.name, i + 1,
		       o->passes);
		err = harness_pass_run(o, &passes[i]);
		if (err)
			return err;
		printf("pass %u: count %.0f time %.3f s rate %.1f\n", i + 1,
		       passes[i].count, passes[i].time,
		       passes[i].timebase ?
			       passes[i].count /
				       (passes[i].time / passes[i].timebase) :
			       passes[i].count);
	}
	return 0;
}

/* The score of the kept passes, and the metrics a UnixBench test gives. */
static int harness_score_report(const struct harness_opts *o,
				struct unixbench_pass *passes)
{
	double score, mean_time;
	unsigned int kept;

	if (unixbench_score_compute(passes, o->passes, &score, &mean_time,
				    &kept)) {
		fprintf(stderr, "%s: no pass counted any loop\n", bench.name);
		return -ENODATA;
	}
	printf("%-40s %12.1f %-5s (%.1f s, %u samples)\n", bench.title, score,
	       passes[0].timebase == 60 ? "lpm" :
	       passes[0].timebase	? "lps" :
					  "KBps",
	       mean_time, kept);
	printf("metric unixbench.throughput %.17g\n", score);
	printf("metric unixbench.score %.17g\n", 10.0 * score / bench.baseline);
	/* The work of one mean kept pass, in the test's own loops. */
	printf("metric unixbench.workload %.17g\n",
	       passes[0].timebase ? score * mean_time / passes[0].timebase :
				    score * mean_time);
	/* Every pass's loops, kept or not: PROFILE=1's operations. */
	printf("metric unixbench.ops %.0f\n",
	       harness_ops_sum(passes, o->passes));
	printf("metric unixbench.copies %u\n", o->copies);
	if (harness_shared >= 0)
		printf("metric unixbench.shared_file_copies %d\n",
		       harness_shared);
	printf("metric unixbench.passes %u\n", kept);
	return 0;
}

int main(int argc, char **argv)
{
	struct unixbench_pass *passes;
	struct harness_opts o;

	if (harness_path_find())
		return 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "--copy"))
		return bench.copy_main(argc - 1, argv + 1);
	if (bench.run)
		return bench.run(argc, argv);
	if (harness_opts_parse(argc, argv, &o))
		return 2;
	passes = calloc(o.passes, sizeof(*passes));
	if (!passes)
		return 1;
	printf("%s: %u pass(es) of %u s, %u cop%s\n", bench.title, o.passes,
	       o.duration, o.copies, o.copies == 1 ? "y" : "ies");
	if (harness_passes_run(&o, passes) || harness_score_report(&o, passes))
		return 1;
	free(passes);
	return 0;
}

const char *harness_tmpdir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir && *dir ? dir : "/tmp";
}

/*
 * An entry already gone counts as removed: something else (a test
 * deleting a benchmark's files behind its back) may remove it between
 * the readdir and the unlink, and stopping there would leave the rest
 * behind. musl's nftw() cannot serve: it ends the whole walk when an
 * entry's lstat() finds it gone. Empties the directory @fd (closed):
 * 0, or the first failure's -errno.
 */
static int harness_dir_empty(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int sub, err = 0;

	if (!d) {
		err = -errno;
		close(fd);
		return err;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!unlinkat(fd, e->d_name, 0) || errno == ENOENT)
			continue;
		/* unlink() of a directory: EISDIR on Linux, EPERM by POSIX. */
		sub = openat(fd, e->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0 && errno != ENOENT && !err)
			err = -errno;
		if (sub < 0)
			continue;
		sub = harness_dir_empty(sub);
		if (!sub && unlinkat(fd, e->d_name, AT_REMOVEDIR) &&
		    errno != ENOENT)
			sub = -errno;
		if (sub && !err)
			err = sub;
	}
	closedir(d);
	return err;
}

/*
 * A directory read while its entries go may not list them all (an NFS
 * server's cookies can shift as entries are removed): a directory
 * still not empty is read again, a few times.
 */
int harness_tree_remove(const char *path)
{
	int fd, err = 0, pass;

	if (!unlink(path) || errno == ENOENT)
		return 0;
	for (pass = 0; pass < 4; pass++) {
		fd = open(path,
			  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			return errno == ENOENT ? 0 : -errno;
		err = harness_dir_empty(fd);
		if (err)
			return err;
		if (!rmdir(path) || errno == ENOENT)
			return 0;
		err = -errno;
		if (err != -ENOTEMPTY && err != -EEXIST)
			return err;
	}
	return err;
}
