# The history areas' fixtures and the import's tests (tests/history.sh,
# tests/history-ext.sh): sourced, nothing run.

# hs_runs RESULTS PREFIX FIRST LAST STEP_AT HOUR: one run a kernel
# PREFIX-FIRST..LAST, a minute apart from HOUR on, its headline 700
# (+/- 0.2%) and 10% less from STEP_AT on: the kept stream replayed
# once (hs_one), copied with its release, time and value changed.
hs_one=$T/hs-one/execl/replay/6.1.0/0
"$tool" replay tests/fuzz/corpus/stream/good "$T/hs-one" >/dev/null 2>&1
hs_runs() {
	hs_k=$3
	while [ "$hs_k" -le "$4" ]; do
		hs_v=$(awk -v k="$hs_k" -v s="$5" 'BEGIN { v = 700 * (1 + ((k * 7) % 5 - 2) / 1000); if (k >= s) v *= 0.9; printf "%.3f", v }')
		hs_d=$1/execl/replay/$2-$hs_k/0
		mkdir -p "$hs_d" || return 1
		sed -e "s/\"release\":\"6.1.0\"/\"release\":\"$2-$hs_k\"/" \
			-e "s/\"finished\":\"[^\"]*\"/\"finished\":\"2026-01-01T$6:$(printf %02d "$hs_k"):00Z\"/" \
			"$hs_one/job.json" >"$hs_d/job.json" &&
			sed "s/\"unixbench.throughput\":700.5/\"unixbench.throughput\":$hs_v/" "$hs_one/stats.json" >"$hs_d/stats.json" || return 1
		hs_k=$((hs_k + 1))
	done
}

# hs_suite DB NAME: the import's tests against one database.
hs_suite() {
	db=$1 nm=$2
	"$tool" history add --db "$db" "$T/hs-series" >"$T/hs.out" 2>"$T/hs.err"
	check "history ($nm): add imports a series of 10 kernels' runs (exit 0, 10 added)" \
		sh -c "test $? -eq 0 && grep -q '^history: 10 added, 0 known' '$T/hs.out'"
	"$tool" history add --db "$db" "$T/hs-series" >"$T/hs.out" 2>&1
	check "history ($nm): adding them again adds nothing (10 known)" \
		grep -q '^history: 0 added, 10 known' "$T/hs.out"
	"$tool" history changes --db "$db" >"$T/hs.ch" 2>&1
	check "history ($nm): changes finds the one planted step, at its kernel, -10%, worse" \
		sh -c "grep -q '^execl/replay unixbench.throughput: 10 kernels (10 runs), 1 change point' '$T/hs.ch' &&
			grep -Eq '^  at 6\\.1\\.0-6 \\(kernel 6 of 10\\): .*\\(-10\\.[0-9]+%\\), p=0\\.0[0-4][0-9], worse' '$T/hs.ch'"
	expect_bad "history ($nm): a run whose job.json is cut short, with a good one" 2 \
		"nothing added to .*hs-broken/execl/replay/6.1.0-0/0: job.json is not a JSON object" \
		"$tool" history add --db "$db" "$T/hs-new" "$T/hs-broken"
	"$tool" history changes --db "$db" >"$T/hs.ch2" 2>&1
	check "history ($nm): ... and the good run beside it was not added either" \
		grep -q '10 kernels (10 runs)' "$T/hs.ch2"
	hs_c=0
	for w in 1 2 3; do
		(for k in 1 2 3 4 5; do
			"$tool" history add --quiet --db "$db" "$T/hs-w$w/execl/replay/6.1.0-w$w-$k" || exit 1
		done) >"$T/hs-w$w.out" 2>&1 &
	done
	for w in 1 2 3; do wait %$w 2>/dev/null || hs_c=$((hs_c + 1)); done
	wait
	"$tool" history changes --db "$db" --job=execl >"$T/hs.ch3" 2>&1
	check "history ($nm): 3 writers at once, 5 adds each, lose no run (25 kernels, 25 runs)" \
		sh -c "test $hs_c -eq 0 && grep -q '25 kernels (25 runs)' '$T/hs.ch3' && ! grep -qv '^history: 1 added' '$T'/hs-w[123].out"
}

# hs_fixtures: the runs every suite adds, under $T.
hs_fixtures() {
	mkdir -p "$T/hs-series" "$T/hs-new" "$T/hs-broken"
	# The writers' kernels ran before the series (the page's series of 25
	# has its one step).
	hs_runs "$T/hs-series" 6.1.0 1 10 6 03 && hs_runs "$T/hs-new" 6.1.0 11 11 99 04 &&
		hs_runs "$T/hs-broken" 6.1.0 0 0 99 05 &&
		for w in 1 2 3; do hs_runs "$T/hs-w$w" "6.1.0-w$w" 1 5 99 "0$w" || break; done
	check "history: the replayed runs are made" test -f "$T/hs-series/execl/replay/6.1.0-10/0/job.json"
	hs_b=$T/hs-broken/execl/replay/6.1.0-0/0
	head -c 200 "$hs_b/job.json" >"$T/hs.cut" && mv "$T/hs.cut" "$hs_b/job.json"
}
