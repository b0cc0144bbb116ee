/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_LAVA_H
#define BOOTBENCH_LAVA_H

/*
 * bootbench.console_results=lava: the init also prints its records on
 * the serial console as LAVA test-case signals, which the job's
 * monitors test action (written by `make lava-job`) turns into LAVA
 * test cases with their measurements (docs/lava.md). Both sides use
 * these strings, so they are said once, here.
 */

/* The kernel command line word that turns the console records on. */
#define LAVA_CMDLINE "bootbench.console_results=lava"

/* The init's first line: the boot action's prompt (docs/lava.md). */
#define LAVA_INIT_STARTED "bootbench-lava: init started"
/* The monitor's start and end strings: after hello, after done. */
#define LAVA_START "bootbench-lava: results begin"
#define LAVA_END "bootbench-lava: results end"

/*
 * One test case: its id, pass or fail, a number and its units. LAVA's
 * own lava-test-case signal reads the same (LAVA_SIGNAL_TESTCASE), so a
 * lava-test-shell sees the same cases.
 */
#define LAVA_CASE_FMT \
	"<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=%s RESULT=%s MEASUREMENT=%.17g UNITS=%s>\n"

/* The monitor's pattern (Python re) for a line in LAVA_CASE_FMT. */
#define LAVA_CASE_PATTERN                                                        \
	"<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=(?P<test_case_id>[^ >]+) "           \
	"RESULT=(?P<result>pass|fail) MEASUREMENT=(?P<measurement>[-+.0-9eE]+) " \
	"UNITS=(?P<units>[^ >]+)>"

/*
 * Case ids: "<test>/<iteration>/<metric>" for a metric, "<test>/<iteration>"
 * for an iteration's status (measurement: its exit code), and
 * "bootbench/hello" (online CPUs), "bootbench/error/<code>" and
 * "bootbench/done" (iterations failed) for the records around them.
 */
#define LAVA_CASE_HELLO "bootbench/hello"
#define LAVA_CASE_DONE "bootbench/done"
#define LAVA_CASE_ERROR "bootbench/error/"

/* The units of metric @name of @test (proto/lava.def); never NULL. */
const char *lava_units_find(const char *test, const char *name);

#endif
