// SPDX-License-Identifier: GPL-2.0
/* LKP's rules for what a comparison shows, and the metrics' directions. */
#include <stdio.h>
#include <string.h>

#include "report/rules.h"
#include "check.h"

static int changed(const char *name, const double *a, size_t na,
		   const double *b, size_t nb)
{
	struct rules_verdict v;

	rules_change_check(name, a, na, b, nb, 3, &v);
	return v.changed;
}

int main(void)
{
	static const double base[] = { 100, 101, 99, 100.5, 99.5 };
	static const double up10[] = { 110, 111, 109, 110.5, 109.5 };
	static const double up3[] = { 103, 104, 102, 103.5, 102.5 };
	static const double overlap[] = { 98, 101.5, 103, 104, 105 };
	static const double irq_lo[] = { 5000, 5100, 4900, 5050, 4950 };
	static const double irq_mid[] = { 9000, 9100, 8900, 9050, 8950 };
	static const double irq_hi[] = { 20000, 20100, 19900, 20050, 19950 };
	static const double slab_a[] = { 100, 101, 99 };
	static const double slab_b80[] = { 180, 181, 179 };
	static const double slab_b200[] = { 300, 301, 299 };
	static const double none[] = { 0, 0, 0, 0, 0 };
	static const double some[] = { 0, 2, 0, 1, 0 };
	static const double all[] = { 1, 1, 1, 1, 1 };
	double many_a[64], many_b[64];
	struct rules_verdict v;
	size_t i;

	rules_change_check("unixbench.throughput", base, 5, up10, 5, 3, &v);
	CHECK("rules: 10% with separated ranges is a change, ratio 1.10",
	      v.changed && v.ratio > 1.0999 && v.ratio < 1.1001);
	CHECK("rules: the same drop the other way is a change too",
	      changed("unixbench.throughput", up10, 5, base, 5));
	rules_change_check("unixbench.throughput", base, 5, overlap, 5, 3, &v);
	CHECK("rules: overlapping ranges are no change",
	      !v.changed && strstr(v.why, "overlap"));
	rules_change_check("unixbench.throughput", base, 2, up10, 2, 3, &v);
	CHECK("rules: fewer than 3 runs on both sides shows nothing",
	      !v.changed && strstr(v.why, "3 runs"));
	rules_change_check("unixbench.throughput", base, 1, up10, 1, 1, &v);
	CHECK("rules: deterministic timing judges one run against one",
	      v.changed && v.ratio > 1.0999 && v.ratio < 1.1001);
	rules_change_check("time.user_time", base, 1, up3, 1, 1, &v);
	CHECK("rules: one run each still keeps a monitor's 1.05", !v.changed);
	CHECK("rules: 3 runs on one side are enough",
	      changed("unixbench.throughput", base, 3, up10, 2));
	CHECK("rules: a benchmark's own 3% change passes LKP's 1.01",
	      changed("hackbench.throughput", base, 5, up3, 5));
	CHECK("rules: a monitor's 3% change is under LKP's 1.05",
	      !changed("time.user_time", base, 5, up3, 5));
	CHECK("rules: qualified monitors of a multi-test job are monitors",
	      !changed("execl.time.user_time", base, 5, up3, 5));
	CHECK("rules: interrupts that stay under 10000 are not news",
	      !changed("interrupts.LOC:Local_timer_interrupts", irq_lo, 5,
		       irq_mid, 5));
	CHECK("rules: interrupts past 10000 are",
	      changed("interrupts.LOC:Local_timer_interrupts", irq_lo, 5,
		      irq_hi, 5));
	CHECK("rules: slabinfo moving by 80 objects is not news, even at 80%",
	      !changed("slabinfo.kmalloc-64.active_objs", slab_a, 3, slab_b80,
		       3));
	CHECK("rules: slabinfo moving by 200 is",
	      changed("slabinfo.kmalloc-64.active_objs", slab_a, 3, slab_b200,
		      3));
	CHECK("rules: an error that appears where it never did is a change",
	      changed("dmesg.WARNING", none, 5, some, 5));
	CHECK("rules: an error seen on both sides is no change",
	      !changed("dmesg.WARNING", all, 5, some, 5));
	CHECK("rules: an error on neither side is no change",
	      !changed("dmesg.WARNING", none, 5, none, 5));

	/* 64 runs: LKP trims 64 >> 5 = 2 from each end before comparing. */
	for (i = 0; i < 64; i++) {
		many_a[i] = i < 62 ? 100 : 1000;
		many_b[i] = 110;
	}
	CHECK("rules: two wild runs of 64 are trimmed away",
	      changed("unixbench.throughput", many_a, 64, many_b, 64));
	CHECK("rules: but two of five are not",
	      !changed("unixbench.throughput", many_a + 59, 5, many_b, 5));

	CHECK("rules: the headline's direction comes from the run",
	      rules_direction_get("perf-bench-sched-messaging.total_time_sec",
				  "perf-bench-sched-messaging.total_time_sec",
				  0) == RULES_LOWER);
	CHECK("rules: a qualified headline matches too",
	      rules_direction_get("execl.unixbench.throughput",
				  "unixbench.throughput", 1) == RULES_HIGHER);
	CHECK("rules: throughput is better higher",
	      rules_direction_get("hackbench.throughput_worst", NULL, 1) ==
		      RULES_HIGHER);
	CHECK("rules: usecs_per_op is better lower",
	      rules_direction_get("perf-bench-sched-pipe.usecs_per_op", NULL,
				  1) == RULES_LOWER);
	CHECK("rules: a report's latency is better lower (dbench.max_latency)",
	      rules_name_direction("dbench.max_latency") == RULES_LOWER &&
		      rules_name_direction("dbench.max_latency-ms") ==
			      RULES_LOWER);
	CHECK("rules: ops_per_sec is a rate, not a _sec total",
	      rules_name_direction("aim9.exec_test.ops_per_sec") ==
			      RULES_HIGHER &&
		      rules_name_direction("fsmark.app_overhead_sec") ==
			      RULES_LOWER);
	CHECK("rules: a time is better lower (elapsed_time, .time)",
	      rules_name_direction("hackbench.time") == RULES_LOWER &&
		      rules_name_direction("foo.elapsed_time") == RULES_LOWER &&
		      rules_name_direction("foo.timestamp") == RULES_NONE);
	CHECK("rules: errors are better fewer",
	      rules_direction_get("dmesg.BUG", NULL, 1) == RULES_LOWER);
	CHECK("rules: a monitor has no better way",
	      rules_direction_get("proc-vmstat.pgfault", NULL, 1) ==
			      RULES_NONE &&
		      rules_direction_get("time.elapsed_time", NULL, 1) ==
			      RULES_NONE);
	CHECK("rules: dmesg.* is a failure metric, also qualified",
	      rules_kind_get("dmesg.WARNING") == RULES_FAILURE &&
		      rules_kind_get("execl.dmesg.WARNING") == RULES_FAILURE &&
		      rules_kind_get("unixbench.score") == RULES_PERF);
	return CHECK_DONE();
}
