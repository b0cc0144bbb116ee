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
	json_key_write(j, "boot");
	json_object_open(j);
	json_key_write(j, "first_console_s");
	json_number_write(j, s->console_wall);
	json_key_write(j, "firmware_s");
	json_number_write(j, s->hello_wall - st->hello_uptime);
	json_key_write(j, "kernel_s");
	json_number_write(j, st->init_start_uptime);
	json_key_write(j, "init_s");
	json_number_write(j, st->hello_uptime - st->init_start_uptime);
	if (s->done_wall && !isnan(st->done_uptime)) {
		json_key_write(j, "job_s");
		json_number_write(j, st->done_uptime - st->hello_uptime);
		json_key_write(j, "poweroff_s");
		json_number_write(j, s->wall - s->done_wall);
	}
	json_object_close(j);
}

/* The outcome part of job.json, the same for a boot and a replay. */
void verdict_fields_write(struct json_buf *j, const struct session *s)
{
	char when[32];
	time_t now = time(NULL);

	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	json_key_write(j, "schema_version");
	json_int_write(j, JOB_SCHEMA_VERSION);
	json_key_write(j, "finished");
	json_string_write(j, when);
	json_key_write(j, "status");
	json_string_write(j, verdict_name(s->verdict));
	json_key_write(j, "exit_code");
	json_int_write(j, s->verdict);
	json_key_write(j, "message");
	json_string_write(j, s->message);
	json_key_write(j, "complete");
	json_bool_write(j, s->stream.have_done);
	json_key_write(j, "truncated");
	json_bool_write(j, s->truncated);
	json_key_write(j, "wall_seconds");
	json_number_write(j, s->wall);
	json_key_write(j, "hello_seconds");
	json_number_write(j, s->hello_wall);
	boot_breakdown_write(j, s);
	json_key_write(j, "iterations");
	json_int_write(j, s->stream.samples);
	json_key_write(j, "iterations_failed");
	json_int_write(j, s->stream.samples_failed);
	json_key_write(j, "stream_errors");
	json_int_write(j, s->stream.errors);
	if (s->stream.errors) {
		json_key_write(j, "stream_first_error");
		json_string_write(j, s->stream.first_error);
	}
	if (s->panic_line[0]) {
		json_key_write(j, "panic");
		json_string_write(j, s->panic_line);
	}
	if (s->qemu_signal) {
		json_key_write(j, "qemu_signal");
		json_int_write(j, s->qemu_signal);
	}
	if (s->space_stop) {
		json_key_write(j, "host_space_left_mb");
		json_int_write(j, s->space_left_mb);
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
