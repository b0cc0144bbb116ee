// SPDX-License-Identifier: GPL-2.0
/*
 * How a boot ended: the verdict settled once the stream is read, and its
 * fields (with the boot's phases) in job.json.
 */
#define _GNU_SOURCE
#include "bootbench.h"

/*
 * Where a boot's time went, from host clocks and the guest's uptimes
 * (docs/results.md). The guest clock starts with the kernel, after the
 * firmware and the decompression, so those are host time to hello
 * less the guest uptime at hello. Left out of a replay, which has no
 * host clocks, and of a boot that never said hello.
 */
static void boot_breakdown_write(struct json_buf *j, const struct session *s)
{
	const struct stream *st = &s->stream;

	if (!s->hello_wall || isnan(st->hello_uptime) ||
	    isnan(st->init_start_uptime))
		return;
	json_member_object_open(j, "boot");
	json_member_number(j, "first_console_s", s->console_wall);
	json_member_number(j, "firmware_s", s->hello_wall - st->hello_uptime);
	json_member_number(j, "kernel_s", st->init_start_uptime);
	json_member_number(j, "init_s",
			   st->hello_uptime - st->init_start_uptime);
	if (s->done_wall && !isnan(st->done_uptime)) {
		json_member_number(j, "job_s",
				   st->done_uptime - st->hello_uptime);
		json_member_number(j, "poweroff_s", s->wall - s->done_wall);
	}
	json_object_close(j);
}

/* The outcome part of job.json, the same for a boot and a replay. */
void verdict_fields_write(struct json_buf *j, const struct session *s)
{
	char when[32];
	time_t now = time(NULL);

	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	json_member_int(j, "schema_version", JOB_SCHEMA_VERSION);
	json_member_string(j, "finished", when);
	json_member_string(j, "status", verdict_name(s->verdict));
	json_member_int(j, "exit_code", s->verdict);
	json_member_string(j, "message", s->message);
	json_member_bool(j, "complete", s->stream.have_done);
	json_member_bool(j, "truncated", s->truncated);
	json_member_number(j, "wall_seconds", s->wall);
	json_member_number(j, "hello_seconds", s->hello_wall);
	boot_breakdown_write(j, s);
	json_member_int(j, "iterations", s->stream.samples);
	json_member_int(j, "iterations_failed", s->stream.samples_failed);
	json_member_int(j, "stream_errors", s->stream.errors);
	if (s->stream.errors)
		json_member_string(j, "stream_first_error",
				   s->stream.first_error);
	if (s->panic_line[0]) {
		json_member_string(j, "panic", s->panic_line);
	}
	if (s->qemu_signal)
		json_member_int(j, "qemu_signal", s->qemu_signal);
	if (s->space_stop) {
		json_member_int(j, "host_space_left_mb", s->space_left_mb);
	}
}

/* How the boot ended, once the stream is read: the first fault wins. */
void verdict_settle(struct session *s)
{
	const struct stream *st = &s->stream;
	double expected = st->announced_iterations * st->ntests;

	if (s->verdict != VERDICT_OK)
		return;
	if (st->truncated) {
		s->truncated = 1;
		snprintf(
			s->message, sizeof(s->message),
			"truncated: the guest sent more than %lu MiB of records; samples.jsonl keeps the first %lu MiB",
			STREAM_RAW_MAX >> 20, STREAM_RAW_MAX >> 20);
		s->verdict = VERDICT_STREAM;
		return;
	}
	if (st->guest_error || s->guest_error[0])
		snprintf(s->message, sizeof(s->message),
			 "the guest's init failed: %.400s",
			 st->guest_error ? st->guest_error : s->guest_error);
	else if (!st->have_hello && !st->errors)
		snprintf(
			s->message, sizeof(s->message),
			"the guest powered off without reporting (see console.log)");
	else if (st->have_hello && !st->have_done)
		snprintf(
			s->message, sizeof(s->message),
			"the results stream ended before 'done': the run is incomplete");
	else if (st->errors)
		snprintf(s->message, sizeof(s->message),
			 "%u invalid record(s) on the results port, first: %s",
			 st->errors, st->first_error);
	else if (st->samples != expected ||
		 st->done_iterations != st->announced_iterations)
		snprintf(
			s->message, sizeof(s->message),
			"the stream announced %g iteration(s) x %u test(s) = %g sample(s) (done says %g iteration(s)) but carried %u: the run is incomplete",
			st->announced_iterations, st->ntests, expected,
			st->done_iterations, st->samples);
	else if (st->samples_failed || !st->samples)
		snprintf(s->message, sizeof(s->message),
			 "%u of %u iteration(s) failed", st->samples_failed,
			 st->samples);
	else
		return;
	if (st->guest_error || s->guest_error[0])
		s->verdict = VERDICT_INFRA;
	else if (!st->have_hello || !st->have_done || st->errors ||
		 st->samples != expected ||
		 st->done_iterations != st->announced_iterations)
		s->verdict = VERDICT_STREAM;
	else
		s->verdict = VERDICT_BENCH_FAILED;
}
