#!/bin/sh
# The metrics-scaling benchmark of #19 (not a timed test): replay of
# streams with 10k, 40k and 160k distinct metrics (10000 per sample
# record), each binary given in turn, alternating run by run.
#   tests/bench-metrics.sh [REPS] BOOTBENCH [OTHER_BOOTBENCH...]
# Prints "<binary> <metrics> <wall s> <user+sys s> <load>" per replay;
# quote medians of the same run (BENCHMARKS.md) with the load.
set -u
reps=${1:-3}
shift
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
for k in 10000 40000 160000; do
	awk -v k=$k 'BEGIN {
		n = k / 10000
		printf "{\"type\":\"hello\",\"v\":1,\"uptime\":1,\"release\":\"6.1.0\",\"cpus_online\":1,\"test\":\"execl\",\"iterations\":%d}\n", n
		for (it = 0; it < n; it++) {
			printf "{\"type\":\"sample\",\"v\":1,\"uptime\":2,\"test\":\"execl\",\"iteration\":%d,\"status\":\"ok\",\"exit_code\":0,\"metrics\":{", it + 1
			for (i = 0; i < 10000; i++)
				printf "%s\"m.x%d\":%d", i ? "," : "", it * 10000 + i, i
			printf "}}\n"
		}
		printf "{\"type\":\"done\",\"v\":1,\"uptime\":3,\"iterations\":%d,\"failed\":0}\n", n
	}' >"$T/m$k.jsonl"
done
for k in 10000 40000 160000; do
	r=1
	while [ $r -le "$reps" ]; do
		for b in "$@"; do
			rm -rf "$T/r"
			/usr/bin/time -f "%e %U %S" -o "$T/time" "$b" replay "$T/m$k.jsonl" "$T/r" >/dev/null 2>&1
			read -r wall user sys <"$T/time"
			echo "$b $k $wall $(echo "$user + $sys" | bc) $(cut -d' ' -f1 /proc/loadavg)"
		done
		r=$((r + 1))
	done
done
