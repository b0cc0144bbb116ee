// SPDX-License-Identifier: GPL-2.0
/*
 * `bootbench replay`: a captured stream (samples.jsonl, or any bytes)
 * through the parser a boot's stream goes through, into a run directory
 * of its own with the same result files; how make check tests the host
 * side without a boot, and how LAVA's results come in.
 */
#define _GNU_SOURCE
#include "bootbench.h"
#include "proto/names.h"

/* The stream copied into the run directory's samples.jsonl. */
static int replay_raw_copy(FILE *raw, const struct rundir *rd)
{
	char buf[65536], raw_path[4400];
	size_t n;
	FILE *out;
	int err;

	snprintf(raw_path, sizeof(raw_path), "%s/samples.jsonl", rd->tmp);
	out = fopen(raw_path, "w");
	if (!out)
		return -errno;
	err = 0;
	rewind(raw);
	while (!err && (n = fread(buf, 1, sizeof(buf), raw)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			err = errno ? -errno : -EIO;
	if (fclose(out) && !err)
		err = -errno;
	return err;
}

/*
 * The hello's uname -m (a LAVA import's: the job's arch name), as
 * boot/arch.def names it; a stream without one is from before arm64
 * guests, an x86_64 guest's.
 */
static const char *replay_arch(const struct stream *st)
{
	const char *m = st->machine[0] ? st->machine : "x86_64";
	const struct arch *a = arch_find(m);

	return a ? a->name : m;
}

/* A replay's job.json: what it replayed and the verdict. */
static int replay_job_write(const struct rundir *rd, const char *path,
			    const struct session *s)
{
	struct json_buf j;
	int err;

	json_buf_init(&j);
	json_object_open(&j);
	json_member_string(&j, "replay_of", path);
	json_member_string(&j, "test", s->stream.tests ? s->stream.tests : "");
	json_member_string(&j, "release",
			   s->stream.release ? s->stream.release : "");
	json_member_string(&j, "arch", replay_arch(&s->stream));
	verdict_fields_write(&j, s);
	json_object_close(&j);
	err = rundir_file_write(rd, "job.json", &j);
	json_buf_free(&j);
	return err;
}

/* The file through the parser, as the live stream goes, into raw. */
static int replay_stream_feed(struct session *s, FILE *in)
{
	char buf[65536];
	size_t n;
	int err = 0;

	while (!err && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		err = stream_feed(&s->stream, buf, n);
	if (!err)
		err = stream_finish(&s->stream);
	if (!err)
		err = outcome_unixbench_index_add(&s->stream);
	verdict_settle(s);
	return err;
}

/*
 * PARAMS names the run directory, as make run's do: every import (LAVA's
 * bootbench.params) passes here. Refused before anything is written.
 */
static int replay_params_check(const char *params)
{
	char shown[NAMES_MAX * 4 + 1];
	const char *why = names_check(params);

	if (!why)
		return 0;
	names_escape(params, shown, sizeof(shown));
	if (strlen(params) > NAMES_MAX)
		return bad_input(
			"replay PARAMS=%.40s... is longer than %d bytes: give the name make run wrote (long ones end in ~<hash>)",
			shown, NAMES_MAX);
	return bad_input(
		"replay PARAMS=\"%s\" cannot name a run directory: %s: give the name make run wrote, e.g. smp2-512M (printable ASCII, no '/', no leading '.')",
		shown, why);
}

/*
 * Run a captured stream (samples.jsonl, or any bytes) through the same
 * parser and write the same result files, under <test>/<params>/<release>
 * (params "replay" unless said: lava-results.py says the job's).
 */
int cmd_replay(const char *path, const char *results, const char *params)
{
	struct run_opts quiet = { 0 };
	struct stream_events ev = run_events_make(&quiet);
	struct session s = { 0 };
	struct rundir rd = { 0 };
	FILE *in, *raw;
	int err;

	err = replay_params_check(params);
	if (err)
		return err;
	in = fopen(path, "rb");
	if (!in)
		return bad_input("STREAM=%s: %s: give a captured samples.jsonl",
				 path, strerror(errno));
	raw = tmpfile();
	if (!raw) {
		fclose(in);
		fprintf(stderr, "bootbench: tmpfile: %s\n", strerror(errno));
		return VERDICT_INFRA;
	}
	stream_init(&s.stream, raw, &ev);
	err = replay_stream_feed(&s, in);
	fclose(in);
	if (!err)
		err = rundir_create(
			&rd, results,
			s.stream.tests ? s.stream.tests : "unknown", params,
			s.stream.release ? s.stream.release : "unknown");
	if (!err)
		err = replay_raw_copy(raw, &rd);
	fclose(raw);
	if (!err)
		err = replay_job_write(&rd, path, &s);
	if (!err)
		err = outcome_stats_write(&rd, &s.stream);
	if (!err)
		err = rundir_commit(&rd);
	if (!err)
		err = aggregate_update(rd.parent, NULL);
	if (err) {
		if (rd.tmp[0])
			rundir_abort(&rd);
		fprintf(stderr, "bootbench: replaying %s: %s\n", path,
			strerror(-err));
		session_free(&s);
		return VERDICT_INFRA;
	}
	if (s.verdict != VERDICT_OK)
		fprintf(stderr, "bootbench: %s: %s\n", verdict_name(s.verdict),
			s.message);
	printf("bootbench: replayed %s: %u record error(s), results in %s\n",
	       path, s.stream.errors, rd.final);
	session_free(&s);
	return s.verdict;
}
