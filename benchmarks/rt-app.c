// SPDX-License-Identifier: GPL-2.0
/*
 * rt-app as LKP runs it, with Debian's build from the image's layer
 * (lkp-tests programs/rt-app/run): `rt-app workloads/WORKLOAD.json`,
 * the workload one of rt-app's own examples (LKP packs doc/examples/
 * *.json; Debian ships the same files in /usr/share/doc/rt-app/
 * examples), in a directory of its own, where rt-app writes one log a
 * thread, rt-app-<thread>-<n>.log. Each log read as LKP's parser reads
 * it: a row of 11 numbers ("idx perf run period start end rel_st
 * slack c_duration c_period wu_lat") gives its run, period, slack and
 * wu_lat; per log, under LKP's names,
 *   rt-app.<log>.<run|period|slack|wu_lat>.average  the mean (us)
 *   rt-app.<log>.<...>.stddev                        the population SD
 *   rt-app.<log>.pass = 1, or .fail = 1 for a log without rows.
 * RUNTIME, when the job gives it, replaces the workload's global
 * "duration" (the copy's, not Debian's file); else the workload's own.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"
#include "harness.h"
#include "shared/util.h"

#define RTAPP_BIN "/usr/bin/rt-app"
#define RTAPP_EXAMPLES "/usr/share/doc/rt-app/examples/"
#define RTAPP_JSON_MAX (64 * 1024)

enum rtapp_col { RTAPP_RUN, RTAPP_PERIOD, RTAPP_SLACK, RTAPP_WU_LAT, RTAPP_N };

static const char *const rtapp_cols[RTAPP_N] = { "run", "period", "slack",
						 "wu_lat" };
/* Their places among a row's 11 numbers (LKP's $5, $7, $15, $21). */
static const int rtapp_at[RTAPP_N] = { 2, 3, 7, 10 };

struct rtapp_sums {
	unsigned long n;
	double sum[RTAPP_N], sq[RTAPP_N];
};

/* One log's rows into @s; -errno when it cannot be read. */
static int rtapp_log_read(const char *path, struct rtapp_sums *s)
{
	char line[512], *p, *end;
	double v[11];
	FILE *f = fopen(path, "r");
	int i, c;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		for (i = 0, p = line; i < 11; i++, p = end) {
			v[i] = strtod(p, &end);
			if (end == p)
				break;
		}
		if (i < 11 || line[0] == '#')
			continue;
		s->n++;
		for (c = 0; c < RTAPP_N; c++) {
			s->sum[c] += v[rtapp_at[c]];
			s->sq[c] += v[rtapp_at[c]] * v[rtapp_at[c]];
		}
	}
	fclose(f);
	return 0;
}

/* Log @file (rt-app-thread2-1.log) said as rt-app.rt-app-thread2-1.*. */
static int rtapp_log_say(const char *dir, const char *file)
{
	char path[4096], name[256];
	struct rtapp_sums s = { 0 };
	int len = (int)strlen(file) - 4, c, err;
	double mean;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	err = rtapp_log_read(path, &s);
	if (err) {
		fprintf(stderr, "rt-app: cannot read %s: %s\n", path,
			strerror(-err));
		return 1;
	}
	snprintf(name, sizeof(name), "rt-app.%.*s.%s", len, file,
		 s.n ? "pass" : "fail");
	harness_metric(name, 1);
	for (c = 0; s.n && c < RTAPP_N; c++) {
		mean = s.sum[c] / s.n;
		snprintf(name, sizeof(name), "rt-app.%.*s.%s.average", len,
			 file, rtapp_cols[c]);
		harness_metric(name, mean);
		snprintf(name, sizeof(name), "rt-app.%.*s.%s.stddev", len, file,
			 rtapp_cols[c]);
		harness_metric(name,
			       sqrt(fmax(0, s.sq[c] / s.n - mean * mean)));
	}
	unlink(path);
	return 0;
}

/* Every rt-app-*.log in @dir: 0, or 1 when there is none or one failed. */
static int rtapp_logs(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n;
	int logs = 0, failed = 0;

	if (!d)
		return 1;
	while ((e = readdir(d))) {
		n = strlen(e->d_name);
		if (strncmp(e->d_name, "rt-app-", 7) || n < 11 ||
		    strcmp(e->d_name + n - 4, ".log"))
			continue;
		logs++;
		failed |= rtapp_log_say(dir, e->d_name);
	}
	closedir(d);
	if (!logs)
		fprintf(stderr, "rt-app: it wrote no log in %s\n", dir);
	return !logs || failed;
}

/*
 * @json with its global "duration" set to @secs (0: as it is), into
 * @out. 0, or -EINVAL when it has no such key.
 */
static int rtapp_duration_set(const char *json, unsigned int secs, FILE *out)
{
	const char *g = strstr(json, "\"global\""), *d, *v;

	if (!secs) {
		fputs(json, out);
		return 0;
	}
	d = g ? strstr(g, "\"duration\"") : NULL;
	v = d ? strchr(d + 10, ':') : NULL;
	if (!v)
		return -EINVAL;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	fprintf(out, "%.*s%u", (int)(v - json), json, secs);
	while (*v == '-' || (*v >= '0' && *v <= '9'))
		v++;
	fputs(v, out);
	return 0;
}

/* The workload's copy in @dir, as @path. 0, or 1 with the reason said. */
static int rtapp_workload_copy(const char *workload, unsigned int secs,
			       const char *dir, char *path, size_t size)
{
	char src[512], buf[4096], *json = malloc(RTAPP_JSON_MAX);
	FILE *in, *out;
	size_t n = 0;
	int err = -ENOMEM;

	snprintf(src, sizeof(src), RTAPP_EXAMPLES "%s.json", workload);
	in = fopen(external_path(src, buf, sizeof(buf)), "r");
	if (json && in) {
		n = fread(json, 1, RTAPP_JSON_MAX - 1, in);
		json[n] = '\0';
	}
	snprintf(path, size, "%s/%s.json", dir, workload);
	out = json && in && n ? fopen(path, "w") : NULL;
	err = out ? rtapp_duration_set(json, secs, out) : -errno;
	if (out && fclose(out) && !err)
		err = -EIO;
	if (in)
		fclose(in);
	free(json);
	if (err)
		fprintf(stderr, "rt-app: workload %s (%s): %s\n", workload, src,
			err == -EINVAL ? "no global duration to set" :
					 strerror(-err));
	return err ? 1 : 0;
}

static int rtapp_run(int argc, char **argv)
{
	unsigned int runtime = 0;
	const char *workload = "spreading-tasks";
	const struct harness_param params[] = {
		{ "rtapp_workload", NULL, &workload },
		{ "runtime", &runtime, NULL },
	};
	char json[4096];
	char *cmd[] = { RTAPP_BIN, json, NULL };
	const char *dir = harness_tmpdir();
	int status;

	if (harness_params_parse(argc, argv, params, ARRAY_SIZE(params)))
		return 2;
	if (rtapp_workload_copy(workload, runtime, dir, json, sizeof(json)))
		return 1;
	printf("progress rt-app %s%s\n", workload,
	       runtime ? " (its duration set to RUNTIME)" : "");
	fflush(stdout);
	status = external_run(cmd, dir, -1, NULL, NULL);
	unlink(json);
	if (status) {
		fprintf(stderr, "rt-app: %s %s: %s %d\n", RTAPP_BIN, json,
			status < 0 ? "cannot run, error" : "exited", status);
		return 1;
	}
	return rtapp_logs(dir);
}

const struct bench bench = {
	.name = "rt-app",
	.title = "rt-app",
	.run = rtapp_run,
};
