/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_NAMES_H
#define BOOTBENCH_NAMES_H

#include <stddef.h>

/*
 * The one rule for names that come from a guest, a job or a mail and
 * end up as a path component or a key: a release, a test (list), a
 * metric. Checked once, where the name enters; refused with a reason.
 */
#define NAMES_MAX 200 /* a release or a test list: one path component */
#define NAMES_METRIC_MAX 200 /* a metric, before <test>. is added */
/* Room for <test>.<metric> and its NUL. */
#define NAMES_QUALIFIED_MAX (NAMES_MAX + 1 + NAMES_METRIC_MAX + 1)

/*
 * A run directory's name component (a release, a test list, a params
 * name): not empty, at most NAMES_MAX bytes, printable ASCII (0x20 to
 * 0x7e) without '/', no leading '.': all the tool itself writes. A
 * control byte, or a UTF-8 C1 one (U+009B is CSI), would reach a
 * terminal each time the path is printed. NULL when good, else why not.
 */
const char *names_check(const char *s);
/* A metric name by the protocol: [A-Za-z0-9._:/%-]+ (LKP has fio.read_clat_90%_ns), NAMES_METRIC_MAX. */
const char *names_metric_check(const char *s);
/*
 * Guest text made safe for a terminal, a log or XML: printable ASCII
 * kept, every other byte written \xNN. Always NUL-terminated.
 */
void names_escape(const char *s, char *out, size_t size);

#endif
