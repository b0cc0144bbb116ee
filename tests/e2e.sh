# Area e2e (make test): what users run, end to end. For one report mail
# of every LKP testcase the reader accepts (tests/reproduce/reports),
# `make reproduce REPORT=mail BASE_KERNEL=K NEW_KERNEL=K QUICK=1 RUNS=1`
# on the default kernel must end with a verdict line and exit 0: the
# image planned from the job (its Debian layers, disk tools, modules),
# both boots, the comparison. An A/A of one run a side can only say
# "inconclusive"; what is tested is that the whole way runs.
#
# The table: one mail per testcase, the lightest job of its testcase
# (stress-ng twice: a stressor of bookworm's build and one only
# trixie's build has, each build's layer planned from the stressor).
# aim9's is not in it: tests/reproduce.sh runs the very command on its
# aim9 mail (its A/A, which must end with a verdict line and exit 0
# too), so a row here would be the same two boots again.
# Two reproductions run at a time: most of a QUICK job is fixed guest
# time (a runtime, UnixBench's settle sleeps), which a second QEMU on
# the other host CPU overlaps.
e2e_table="aim7 aim7-disk_rr-memcg-29.4
autonuma-benchmark autonuma-benchmark-numa02_SMT-vma-scan-118.9
dbench dbench-nfsd-max_latency-99.9-nfs
filebench filebench-randomwrite-btrfs-12.4
fio-basic fio-basic-btrfs-write_iops-6.5
fsmark fsmark-btrfs-bio-end_io-6.0
hackbench hackbench-sched-idle-15.2
netperf netperf-tcp_crr-trusted_for-11.6-nested
perf-bench-futex perf-bench-futex-hash-shared-3.9
perf-bench-sched-pipe perf-bench-sched-pipe-menu-12.9-tag-base
rt-app rt-app-spreading-tasks-rt-bandwidth-25.9
sockperf sockperf-udp-defer-free-numa-20.1
stress-ng stress-ng-msg-nfs-timecreate-41.2
stress-ng-trixie stress-ng-sigxfsz-pid_max-23.4-improvement
swapin swapin-hdd-alloc-33.0
sysbench-fileio sysbench-fileio-btrfs-write_operations-5.2
unixbench unixbench-execl-util_est-regression-thread
vm-scalability vm-scalability-msync-iov_iter-16.9
will-it-scale will-it-scale-context_switch1-irqtime-2.3"
E2E_JOBS=${E2E_JOBS:-2}
# A testcase whose end-to-end run another area makes: "testcase area".
e2e_elsewhere="aim9 reproduce"

# Every testcase the reader accepts among the kept mails has its row: a
# testcase added to the reader without one fails here, before any boot.
e2e_missing=
for e2e_mail in tests/reproduce/reports/*.txt; do
	e2e_name=$(basename "$e2e_mail" .txt)
	head -n 1 "tests/reproduce/expected/$e2e_name.expected" 2>/dev/null | grep -q '^error ' && continue
	e2e_tc=$(sed -n 's/.*testcase: *\([a-z0-9_-]*\).*/\1/p' "$e2e_mail" | head -n 1)
	[ -n "$e2e_tc" ] && [ "$e2e_tc" != change ] || continue
	printf '%s\n%s\n' "$e2e_table" "$e2e_elsewhere" | grep -q "^$e2e_tc " ||
		e2e_missing="$e2e_missing $e2e_tc"
done
check "e2e: every testcase the reader accepts has a mail in the end-to-end table (aim9's in tests/reproduce.sh)${e2e_missing:+ (missing:$e2e_missing)}" \
	sh -c "test -z '$e2e_missing' && grep -q 'make -s reproduce .* QUICK=1 RUNS=' tests/reproduce.sh &&
		grep -q 'REPORT=tests/reproduce/reports/aim9-shared_memory-sem-regression.txt' tests/reproduce.sh"

# One reproduction a line of the table, E2E_JOBS at a time; each one's
# output in $T/e2e-TESTCASE.{out,err} and "exit seconds cpu" in .rc
# (cpu: the CPU seconds, user + system, of the make and its children,
# QEMU's included: what a row costs, which its wall time beside another
# row does not say).
e2e_list=$(printf '%s\n' "$e2e_table" | awk '{ print $1 }')
printf '%s\n' "$e2e_table" | O="$O" T="$T" KDEF="$KDEF" xargs -P "$E2E_JOBS" -n 2 sh -c '
	s=$(date +%s)
	make -s reproduce O="$O" RESULTS="$T/e2e-$1" QUICK=1 RUNS=1 \
		REPORT="tests/reproduce/reports/$2.txt" BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" \
		>"$T/e2e-$1.out" 2>"$T/e2e-$1.err"
	rc=$?
	times >"$T/e2e-$1.times"
	c=$(awk "NR == 2 { for (i = 1; i <= 2; i++) { split(\$i, a, \"m\"); n += a[1] * 60 + a[2] } printf \"%d\", n }" "$T/e2e-$1.times")
	echo "$rc $(($(date +%s) - s)) $c" >"$T/e2e-$1.rc"' sh
# QUICK=1 scaled the aim7 mail's 100 jobs a user (the suite's) to 10,
# and the sched pipe mail's 10M loops to its cap, 10000.
check "e2e: QUICK=1 ran the aim7 mail's job with 10 jobs a user (aim7_jobs=10)" \
	sh -c "ls -d '$T'/e2e-aim7/reproduce/*/base/aim7/*-aim7_jobs=10-* >/dev/null"
check "e2e: QUICK=1 ran the perf bench sched pipe mail's 10M loops as 10000 (loops=10000)" \
	sh -c "ls -d '$T'/e2e-perf-bench-sched-pipe/reproduce/*/base/perf-bench-sched-pipe/*-loops=10000-* >/dev/null"
check "e2e: QUICK=1 ran the hackbench mail's job in one pass (passes=1) and the unixbench mail's in one of 10 s (duration=10)" \
	sh -c "ls -d '$T'/e2e-hackbench/reproduce/*/base/hackbench/*-passes=1* '$T'/e2e-unixbench/reproduce/*/base/execl/*-duration=10-* >/dev/null &&
		grep -q 'hackbench pass 1/1' '$T'/e2e-hackbench/reproduce/*/base/hackbench/*/*/0/samples.jsonl"

# Two rows' runs carry the disk checks of their benchmarks, which
# tests/disks.sh would otherwise boot once more: Debian's sysbench
# fileio on btrfs on a virtio disk, swapin's swap on the raw disk.
# The base side's run that counted: its ok one, not always 0 (a TCG
# boot that hung before the init reported boots once more: CI's e2e.5
# read the hung run 0 of sysbench-fileio and found no values).
e2e_run() {
	e2e_d=$T/none
	for e2e_x in "$T/e2e-$1"/reproduce/*/base/*/*/*/[0-9]*; do
		grep -q '"status":"ok"' "$e2e_x/job.json" 2>/dev/null && e2e_d=$e2e_x
	done
}
e2e_run sysbench-fileio
e2e_r=$("$j" "$e2e_d/stats.json" sysbench-fileio.read_operations/s 2>/dev/null)
e2e_o=$("$j" "$e2e_d/stats.json" sysbench-fileio.operations/s 2>/dev/null)
e2e_n=$(grep -c 'File operations:' "$e2e_d/samples.jsonl" 2>/dev/null)
check "e2e: sysbench-fileio's base run: Debian's sysbench fileio rndrw on btrfs on /dev/vda, read_operations/s (${e2e_r:-none}) and operations/s (${e2e_o:-none}) > 0, its output in the log once ($e2e_n)" \
	sh -c "grep -q 'disk: btrfs on /dev/vda, mounted on /fs/vda' '$e2e_d/console.log' && test '$e2e_n' = 1 &&
		awk -v a='${e2e_r:-0}' -v b='${e2e_o:-0}' 'BEGIN { exit !(a > 0 && b > 0) }'"
e2e_run swapin
e2e_t=$("$j" "$e2e_d/stats.json" swapin.throughput 2>/dev/null)
e2e_u=$(grep -o 'swap used [0-9]* MiB' "$e2e_d/samples.jsonl" 2>/dev/null | grep -o '[0-9]*')
check "e2e: swapin's base run: its swap on the raw virtio disk, throughput (${e2e_t:-none}) > 0, ${e2e_u:-no} MiB of swap used after the push (the tasks' 128)" \
	sh -c "grep -q 'disk: raw /dev/vda' '$e2e_d/console.log' &&
		awk -v a='${e2e_t:-0}' -v u='${e2e_u:-0}' 'BEGIN { exit !(a > 0 && u >= 128) }'"
for e2e_tc in $e2e_list; do
	e2e_rc=none e2e_s=0 e2e_c=0
	[ -f "$T/e2e-$e2e_tc.rc" ] && read -r e2e_rc e2e_s e2e_c <"$T/e2e-$e2e_tc.rc"
	e2e_line=$(grep '^reproduce: the report: ' "$T/e2e-$e2e_tc.out" | head -n 1)
	e2e_verdict=$(printf '%s' "$e2e_line" | grep -o ': \(reproduced\|not reproduced\|inconclusive\)[^:]*' | head -n 1)
	if [ "$e2e_rc" = 0 ] && [ -n "$e2e_verdict" ]; then
		ok "e2e: make reproduce of a $e2e_tc mail ends with a verdict (${e2e_verdict#: }, $e2e_s s, CPU $e2e_c s)"
	else
		bad "e2e: make reproduce of a $e2e_tc mail ends with a verdict" \
			"exit $e2e_rc after $e2e_s s: $(grep -v '^bootbench: \(job\|note\|estimate\|the \|  \|base\|new\|booted\|results\|iteration\|[^ ]* on \)' "$T/e2e-$e2e_tc.err" "$T/e2e-$e2e_tc.out" | tail -n 3 | tr '\n' ' ' | cut -c1-400)"
	fi
done
