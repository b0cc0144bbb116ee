# Sourced by tests/run.sh: UnixBench's execl, spawn and shell loops cost
# what the originals' do (issue #27; docs/benchmarks.md). The bounds are
# byte-unixbench's own programs (commit 986b674a, 2025-05-22) built with
# musl-gcc -static -O2 as tests/fidelity.py says, measured here:
#   pgms/execl 83904 bytes, 3 system calls a loop (execve, arch_prctl,
#   set_tid_address), 2 more for the report;
#   pgms/spawn 45328 bytes, 10 a loop (fork, gettid, 6 rt_sigprocmask,
#   exit_group, wait4), about 8 more to start, arm the alarm, report.
ex_bench=$B/guest/bench
ex_size() { wc -c <"$1" | tr -d ' '; }
for ex_p in execl-image:83904 spawn-image:45328; do
	ex_f=$ex_bench/${ex_p%%:*}
	ex_n=$(ex_size "$ex_f" 2>/dev/null || echo missing)
	check "execl: ${ex_p%%:*} is $ex_n bytes, no more than the original's ${ex_p#*:}" \
		test "$ex_n" -le "${ex_p#*:}"
done

# A run under strace: its system calls, and the loops it counted.
ex_trace() {
	strace -f -qq -o "$T/ex.trace" "$@" >"$T/ex.out" 2>&1
	ex_calls=$(grep -cE '^[0-9]+ +[a-z_0-9]+\(' "$T/ex.trace")
	ex_loops=$(sed -n 's/^COUNT|\([0-9]*\)|1|lps$/\1/p' "$T/ex.out")
}
if command -v strace >/dev/null 2>&1; then
	# The loop programs themselves, as the originals are traced: the
	# harness that starts them once a pass is outside the loop.
	ex_trace "$ex_bench/execl-image" 2
	check "execl: a loop makes no more system calls than the original's 3 ($ex_calls in $ex_loops loops)" \
		sh -c "test '${ex_loops:-0}' -gt 0 && test $ex_calls -le \$((3 * $ex_loops + 2 + 3))"
	ex_trace "$ex_bench/spawn-image" 2
	check "execl: a spawn loop makes no more system calls than the original's 10 ($ex_calls in $ex_loops loops)" \
		sh -c "test '${ex_loops:-0}' -gt 0 && test $ex_calls -le \$((10 * $ex_loops + 10 + 10))"
else
	bad "execl: system calls per loop" "strace is missing: make test installs it (boot/deps.sh test)"
fi

# The copies report as the harness reads them; a missing image is named.
"$ex_bench/execl" --copy 1 >"$T/ex1.out" 2>&1
check "execl: execl --copy 1 runs execl-image, which reports COUNT|n|1|lps" \
	grep -qE '^COUNT\|[1-9][0-9]*\|1\|lps$' "$T/ex1.out"
mkdir -p "$T/ex lone"
cp "$ex_bench/execl" "$T/ex lone/"
"$T/ex lone/execl" --copy 1 >"$T/ex2.out" 2>"$T/ex2.err"
ex_rc=$?
check "execl: without execl-image beside it, one line naming it, exit 1" \
	sh -c "test $ex_rc -eq 1 && test \$(wc -l <'$T/ex2.err') -eq 1 &&
		grep -q 'execl: cannot run .*ex lone/execl-image: No such file or directory: it is built beside' '$T/ex2.err'"

# The shell loop from a directory with a space in its name, and its
# sort input's counts: the original's 362 lines, 1200 words, 8546 bytes,
# 35 lines holding "the".
mkdir -p "$T/ex sh"
cp -r "$ex_bench/shell" "$ex_bench/shell1" "$T/ex sh/"
"$T/ex sh/shell1" --copy 2 >"$T/ex3.out" 2>&1
check "execl: shell1 runs from a path with a space and counts loops" \
	grep -qE '^COUNT\|[1-9][0-9]*\|60\|lpm$' "$T/ex3.out"
ex_src=$ex_bench/shell/sort.src
check "execl: the sort input has the original's 362 lines, 1200 words, 8546 bytes, 35 with \"the\"" \
	sh -c "test \"\$(wc <'$ex_src' | tr -s ' ')\" = ' 362 1200 8546' &&
		test \$(grep -c the '$ex_src') -eq 35"
