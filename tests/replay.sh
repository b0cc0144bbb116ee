# Area replay (make check): captured streams through the parser of the
# host tool (a boot's own stream is replayed by the boot area).
"$tool" replay tests/fuzz/corpus/stream/good "$T/creplay" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
crun=$(ls -d "$T"/creplay/execl/replay/*/0 2>/dev/null)
check "replay: the corpus's good stream replays with exit 0 into <test>/replay/<release>/0" \
	test "$rc" -eq 0 -a -n "$crun"
check "replay: its stats.json holds the sample's headline" \
	test "$("$j" "$crun/stats.json" unixbench.throughput 2>/dev/null)" = 700.5
"$tool" replay tests/fuzz/corpus/stream/hostile "$T/replay" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
check "replay: a hostile stream gives exit 6 and names the first bad line" \
	sh -c "test $rc -eq 6 && grep -q 'line 1: sample record before hello' '$T/rp.err'"
head -c 3000000 /dev/urandom >"$T/noise"
"$tool" replay "$T/noise" "$T/replay" >/dev/null 2>"$T/rp.err"
check "replay: 3 MB of random bytes is an error, not a crash (exit 6)" test $? -eq 6

# Guest text in a message is escaped once, by the stream's error helper:
# ESC and '\' each one \xNN (it was "a\x5cx1bb\x5cx5cc").
"$tool" replay tests/fuzz/corpus/stream/escaped-release "$T/rp-esc" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
check "replay: a release holding ESC and '\\' is refused, shown escaped once (exit 6, \"a\\x1bb\\x5cc\")" \
	sh -c "test $rc -eq 6 && ! grep -q \"\$(printf '\\033')\" '$T/rp.err' &&
		grep -qF 'line 1: hello record: release \"a\\x1bb\\x5cc\" is refused: it holds a byte outside printable ASCII' '$T/rp.err'"

# PARAMS names the run directory (every LAVA import passes it here): a
# control byte or a UTF-8 C1 one (U+009B, CSI) is refused in one line,
# shown \xNN, nothing written.
for rp_case in "$(printf 'smp1\033[2J\nforged'):smp1\x1b[2J\x0aforged" "$(printf 'smp1\302\233'):smp1\xc2\x9b"; do
	"$tool" replay tests/fuzz/corpus/stream/good "$T/rp-params" "${rp_case%%:*}" >"$T/rp.out" 2>"$T/rp.err"
	rc=$?
	check "replay: PARAMS=${rp_case#*:} is refused (exit 2, one line, escaped), nothing written" \
		sh -c "test $rc -eq 2 && test ! -e '$T/rp-params' && test \$(wc -l <'$T/rp.err') -eq 1 && ! grep -q \"\$(printf '\\033')\" '$T/rp.err' &&
			grep -qF -- \"replay PARAMS=\\\"\$1\\\" cannot name a run directory: it holds a byte outside printable ASCII: give the name make run wrote\" '$T/rp.err'" sh "${rp_case#*:}"
done

# A sample that is not one (test, iteration) of hello's, once, is an
# invalid record: the run is incomplete (exit 6), its value not averaged.
for rp_case in "duplicate-iteration:iteration 1 of execl a second time" \
	"iteration-beyond:iteration 3 of execl is not one of 1 to 2" \
	"foreign-test:test \"spawn\" is not one of the job's tests (execl)"; do
	rp_f=${rp_case%%:*}
	"$tool" replay "tests/fuzz/corpus/stream/$rp_f" "$T/rp-$rp_f" >"$T/rp.out" 2>"$T/rp.err"
	rc=$?
	rp_v=$("$j" "$T/rp-$rp_f"/execl/replay/6.1.0/0/stats.json unixbench.throughput 2>/dev/null)
	check "replay: $rp_f: an invalid record (exit 6, '${rp_case#*:}'), its 900 not averaged in" \
		sh -c "test $rc -eq 6 && grep -qF -- \"\$1\" '$T/rp.err' && test '$rp_v' = 100" sh "${rp_case#*:}"
done

# A sample's or done's contradiction is an invalid record, not taken at
# face value (all three replayed with exit 0 before, the ok sample of
# exit code 1 averaged in): exit 6, the reason on its line.
for rp_case in "ok-exit-1:line 3: sample record: status ok with exit_code 1: an iteration that exits non-zero is failed" \
	"exit-code-1e300:line 3: sample record: exit_code 1e+300 is not one of 0 to 255 (128+N for signal N)" \
	"negative-failed:line 4: done record: failed -1 is not a count of 0 to 2 (hello's iterations x tests)"; do
	rp_f=${rp_case%%:*}
	"$tool" replay "tests/fuzz/corpus/stream/$rp_f" "$T/rp-$rp_f" >"$T/rp.out" 2>"$T/rp.err"
	rc=$?
	rp_v=$("$j" "$T/rp-$rp_f"/execl/replay/6.1.0/0/stats.json unixbench.throughput 2>/dev/null)
	check "replay: $rp_f: an invalid record (exit 6, '${rp_case#*:}'), the verdict names it, stats.json's headline 100" \
		sh -c "test $rc -eq 6 && grep -qF -- \"bad-stream: 1 invalid record(s) on the results port, first: \$1\" '$T/rp.err' && test '$rp_v' = 100" sh "${rp_case#*:}"
done

# Three writers replay into one kernel directory at once (two terminals,
# CI jobs on one host, LAVA imports): every run committed, whole. 25
# runs each under make check; make test's 150 (450 sanitized runs, a
# minute of CPU) make a lost race likelier to show.
rp_w=3 rp_n=25
[ "$TIER" = test ] && rp_n=150
rp_i=0
while [ $rp_i -lt $rp_w ]; do
	(
		k=0 f=0
		while [ $k -lt $rp_n ]; do
			"$tool" replay tests/fuzz/corpus/stream/good "$T/rp-conc" >/dev/null 2>>"$T/rp-conc.err" || f=$((f + 1))
			k=$((k + 1))
		done
		echo "$f" >"$T/rp-conc.fail.$rp_i"
	) &
	rp_i=$((rp_i + 1))
done
wait
rp_fail=$(cat "$T"/rp-conc.fail.* | awk '{ s += $1 } END { print s + 0 }')
rp_dir=$T/rp-conc/execl/replay/6.1.0
rp_runs=$(ls "$rp_dir" | grep -c '^[0-9]*$')
rp_half=0
for r in "$rp_dir"/[0-9]*; do
	[ -s "$r/stats.json" ] && [ -s "$r/job.json" ] && [ -s "$r/samples.jsonl" ] || rp_half=$((rp_half + 1))
done
check "replay: $rp_w concurrent writers x $rp_n runs into one kernel directory: $rp_runs committed, $rp_fail failed, $rp_half half-written, none left as .tmp-*" \
	sh -c "test $rp_fail -eq 0 && test $rp_runs -eq $((rp_w * rp_n)) && test $rp_half -eq 0 &&
		! ls -A '$rp_dir' | grep -q '^\.tmp-' && test \"\$('$j' '$rp_dir/runs.json' in_matrix)\" = $((rp_w * rp_n))"
