/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_SESSION_H
#define BOOTBENCH_SESSION_H

#include <stdio.h>

#include "pin.h"
#include "qemu.h"
#include "stream.h"

/* The verdicts of a run, and the exit codes they map to (docs/exit-codes.md). */
enum verdict {
	VERDICT_OK = 0,
	VERDICT_BENCH_FAILED = 1,
	VERDICT_BAD_INPUT = 2,
	VERDICT_PANIC = 3,
	VERDICT_TIMEOUT = 4,
	VERDICT_INFRA = 5,
	VERDICT_STREAM = 6,
	VERDICT_INTERRUPTED = 7,
};

struct session_conf {
	struct qemu_conf qemu;
	const char *workdir; /* where console.log and qemu.log go */
	unsigned int timeout; /* seconds for the whole boot */
	unsigned int silence; /* seconds without a record means hung */
	int verbose; /* echo the console */
	struct pin_plan pin; /* PIN=: where QEMU's threads go */
};

/*
 * The message of a run whose kallsyms port passed its cap (its MiB), in
 * the boot or after it: boot/session.c, boot/run.c.
 */
#define SESSION_KALLSYMS_CUT                                                              \
	"truncated: the guest sent more than %lu MiB on its kallsyms port (PROFILE=1; a " \
	"kernel's /proc/kallsyms is a few MiB): removed unread, no profile.json"

struct session {
	struct stream stream;
	enum verdict verdict;
	char message[512];
	char panic_line[256];
	char guest_error[512];
	double wall; /* seconds from QEMU start to its end */
	double hello_wall; /* seconds from QEMU start to hello */
	double console_wall; /* ... to the first byte on the console */
	double done_wall; /* ... to the done record */
	int qemu_status;
	int qemu_signal; /* the signal QEMU died of, not ours to send */
	int space_stop; /* DISK_DIR ran short: the guest was stopped */
	unsigned long long space_left_mb; /* DISK_DIR's room then */
	int truncated; /* a console, records or PROFILE=1 file flood was cut */
	int kallsyms_cut; /* the kallsyms port's file passed its cap */
	char *qemu_cmd;
	char pin[256]; /* what PIN= did, for job.json */
};

const char *verdict_name(enum verdict v);
int session_run(const struct session_conf *c, struct session *s, FILE *raw,
		const struct stream_events *ev);
void session_free(struct session *s);

#endif
