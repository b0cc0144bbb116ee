# Sourced by tests/run.sh: will-it-scale and perf-bench-futex (issue 22).
#
# Natively first (the very binaries of the image): bad parameters, a
# task that fails, prepared files cleaned up in a directory with a
# space, the five futex tests. Then two short boots: will-it-scale in
# process and in thread mode beside perf-bench-futex, where the tasks'
# own counts must add up to the sum the workload is made of.
wb=$B/guest/bench

# wis_sum FILE: 0 when the "task N: C" lines add up to "tasks total: T
# over S s" and "average:A" is T / S (integer, as the original's).
wis_sum() {
	awk '/^task [0-9]+: / { s += $3; n++ }
		/^tasks total: / { t = $3; secs = $5 }
		/^average:/ { split($0, a, ":"); avg = a[2] }
		END { exit !(n > 0 && s == t && t > 0 && avg == int(t / secs)) }' "$1"
}

wis_bad() {
	name=$1 code=$2 pattern=$3
	shift 3
	"$@" >"$T/wb.out" 2>"$T/wb.err"
	rc=$?
	if [ "$rc" -eq "$code" ] && grep -q -- "$pattern" "$T/wb.err" &&
		[ "$(wc -l <"$T/wb.err")" -eq 1 ] && ! grep -q '^metric' "$T/wb.out"; then
		ok "wis: $name -> exit $rc, '$(cat "$T/wb.err")'"
	else
		bad "wis: $name" "exit $rc, stderr: $(head -c 300 "$T/wb.err")"
	fi
}
wis_bad "an unknown testcase is refused" 2 "bad value 'bogus' for wis_test" \
	"$wb/will-it-scale" --wis_test=bogus
wis_bad "a runtime within the warm-up is refused" 2 "runtime=5 leaves nothing after the 6 s warm-up: give RUNTIME=6 or more" \
	"$wb/will-it-scale" --runtime=5
wis_bad "a mode that does not exist is refused" 2 "bad value 'both' for mode" \
	"$wb/will-it-scale" --mode=both
wis_bad "an unknown futex test is refused" 2 "bad value 'hashes' for futex_test" \
	"$wb/perf-bench-futex" --futex_test=hashes
wis_bad "a task that fails ends the run, naming the task and the call" 1 "will-it-scale: dup1: task 0: /proc/willitscale" \
	env TMPDIR=/proc "$wb/will-it-scale" --runtime=6 --wis_test=dup1
wis_bad "a file the parent cannot prepare is said before any task starts" 1 "will-it-scale: open3: preparing in /proc:" \
	env TMPDIR=/proc "$wb/will-it-scale" --runtime=6 --wis_test=open3
expect_bad "make run: WIS_TEST=bogus is refused before the boot" 2 "WIS_TEST=bogus is not valid" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test will-it-scale --param wis_test=bogus --results "$T/wbres"

# Directories of the tasks' own (unlink2) under a TMPDIR with a space,
# threads: the per-task counts add up, and nothing is left behind.
mkdir -p "$T/wis dir"
TMPDIR="$T/wis dir" "$wb/will-it-scale" --runtime=6 --nr_task=2 --mode=threads \
	--wis_test=unlink2 >"$T/wn.out" 2>&1
wis_ok=1
wis_sum "$T/wn.out" && grep -q '^metric will-it-scale.2.threads ' "$T/wn.out" &&
	[ -z "$(ls -A "$T/wis dir")" ] && wis_ok=0
check "wis: unlink2 in threads under a TMPDIR with a space: the tasks' counts add up, nothing is left" \
	test "$wis_ok" -eq 0
for t in hash lock-pi wake wake-parallel requeue; do
	"$wb/perf-bench-futex" --futex_test=$t --nr_task=2 --runtime=1 >"$T/pbf.out" 2>&1
	check "wis: perf-bench-futex $t natively: 2 threads, ops/s measured" \
		sh -c "awk '\$1 == \"metric\" && \$2 == \"perf-bench-futex.ops/s\" && \$3 > 0 { f = 1 } END { exit !f }' '$T/pbf.out' &&
			grep -Eq '(Averaged [1-9][0-9]* operations/sec|(Wokeup|Requeued) 2 of 2 threads in)' '$T/pbf.out'"
done

# wis_boot NAME ARGS...: one boot of will-it-scale and perf-bench-futex.
wis_boot() {
	wn=$1
	shift
	make -s run O="$O" RESULTS="$T/wres-$wn" TEST=will-it-scale,perf-bench-futex \
		NR_TASK=2 SMP=2 MEM=512 "$@" >"$T/$wn.out" 2>"$T/$wn.err"
	echo $?
}
wis_check() {
	wn=$1 kind=$2 per=$3
	wdir=$(ls -d "$T/wres-$wn"/*/*/*/0 2>/dev/null | head -n 1)
	sed -n 's/.*"kind":"output","msg":"\([^"]*\)".*/\1/p' "$wdir/samples.jsonl" >"$T/$wn.log" 2>/dev/null
	wl=$("$j" "$wdir/stats.json" will-it-scale.will-it-scale.workload 2>/dev/null || echo 0)
	check "wis: boot ($wn): the tasks' own counts add up to the sum the average is made of" wis_sum "$T/$wn.log"
	check "wis: boot ($wn): workload = will-it-scale.2.$kind = the average, $per = it / 2" \
		sh -c "grep -qx 'average:$wl' '$T/$wn.log' &&
			test \"\$('$j' '$wdir/stats.json' will-it-scale.will-it-scale.2.$kind)\" = '$wl' &&
			awk 'BEGIN { exit !($wl > 0 && $("$j" "$wdir/stats.json" will-it-scale.will-it-scale.$per 2>/dev/null || echo 0) * 2 == $wl) }'"
	check "wis: boot ($wn): perf-bench-futex reports ops/s" \
		awk "BEGIN { exit !($("$j" "$wdir/stats.json" perf-bench-futex.perf-bench-futex.ops/s 2>/dev/null || echo 0) > 0) }"
}
rc=$(wis_boot proc WIS_TEST=context_switch1 MODE=process RUNTIME=7 FUTEX_TEST=lock-pi)
check "wis: boot: context_switch1 in 2 processes and futex lock-pi run in one boot" test "$rc" -eq 0
wis_check proc processes per_process_ops
rc=$(wis_boot thr WIS_TEST=tlb_flush2 MODE=threads RUNTIME=6 FUTEX_TEST=wake SHARED=shared)
check "wis: boot: tlb_flush2 (its pages read back) in 2 threads and futex wake -S run in one boot" test "$rc" -eq 0
wis_check thr threads per_thread_ops
