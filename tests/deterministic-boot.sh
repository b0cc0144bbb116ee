# Sourced by tests/run.sh: TIMING=deterministic on real boots. The
# default kernel's syscall loop, all boots at once (more VMs than host
# CPUs): instruction counting must make that load invisible. A twice
# in one job, A again on its own, and A with pti=on (every system call
# switches page tables: more instructions per call).
dt_run() {
	dt_side=$1
	shift
	"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/det/$dt_side" \
		--test syscall --param duration=3 --param passes=1 --smp 1 --mem 256 \
		--timing deterministic "$@" >/dev/null 2>>"$T/det.err" || echo "$dt_side" >>"$T/det.fail"
}
dt_dir() {
	dirname "$(ls "$T"/det/"$1"/syscall/*/*/matrix.json 2>/dev/null | head -n 1)"
}
# The headline of run $2 of side $1, with all its digits.
dt_value() {
	"$j" "$(dt_dir "$1")/$2/stats.json" unixbench.throughput
}
start=$(date +%s)
dt_run a --runs 2 &
dt_run a2 &
[ "$cb_pti" = 1 ] && dt_run b --cmdline pti=on &
wait
A=$(dt_dir a) A2=$(dt_dir a2) AB=$(dt_dir b)
check "deterministic: A twice, A again and A with pti=on at once, all ok, in $(($(date +%s) - start))s" \
	sh -c "test ! -e '$T/det.fail' && test -d '$A/1' -a -d '$A2/0' && { test $cb_pti = 0 || test -d '$AB/0'; }"
check "deterministic: job.json records the timing, the shift and the QEMU version" \
	sh -c "grep -q '\"timing\":\"deterministic\",\"icount_shift\":5,\"qemu_version\":\"[0-9]' '$A/0/job.json' &&
		grep -q -- '-icount shift=5,sleep=off' '$A/0/job.json'"
check "deterministic: its runs never share a matrix with real time ones (-icount5)" \
	sh -c "case '$A' in *-icount5/*) true ;; *) false ;; esac"

# Four significant digits: the values differ by less than one unit of
# the fourth digit (10 for 16318).
dt_v0=$(dt_value a 0) dt_v1=$(dt_value a 1) dt_v2=$(dt_value a2 0)
if awk -v a="$dt_v0" -v b="$dt_v1" -v c="$dt_v2" 'BEGIN {
	unit = 10 ^ (int(log(a) / log(10)) - 3)
	d1 = a - b; if (d1 < 0) d1 = -d1
	d2 = a - c; if (d2 < 0) d2 = -d2
	exit !(a > 0 && d1 < unit && d2 < unit) }'; then
	ok "deterministic: the same job three times, under load, agrees to 4 digits ($dt_v0, $dt_v1, $dt_v2)"
else
	bad "deterministic: the same job three times agrees to 4 digits" "$dt_v0, $dt_v1, $dt_v2"
fi

# This area may run without the ones that build it (make test T=...).
[ -x "$T/bootbench-compare" ] || build bootbench-compare report/*.c proto/*.c lib/*.c
# dt_compare NAME EXIT PATTERN BASE NEW: the exit status and a line of the output.
dt_compare() {
	"$T/bootbench-compare" --no-plot "$4" "$5" >"$T/det-cmp.out" 2>&1
	rc=$?
	if [ "$rc" -eq "$2" ] && grep -q -- "$3" "$T/det-cmp.out"; then
		ok "$1 ($(grep '^new:' "$T/det-cmp.out"))"
	else
		bad "$1" "exit $rc: $(tail -n 3 "$T/det-cmp.out")"
	fi
}
dt_compare "deterministic: A/A, one run each: within the noise floor, exit 0" 0 \
	'^new: unixbench.throughput [-+][0-9.]*%: within the noise floor$' "$A" "$A2"
# A real-time run of its own (this area runs beside compare-boot's).
"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/det/rt" --test syscall \
	--param duration=1 --param passes=1 --smp 1 --mem 256 >/dev/null 2>>"$T/det.err"
"$T/bootbench-compare" --no-plot "$A" "$(dirname "$(ls "$T"/det/rt/syscall/*/*/matrix.json | head -n 1)")" >"$T/det-mix.out" 2>&1
rc=$?
check "deterministic: compare refuses deterministic against real-time runs (exit 2, one line)" \
	sh -c "test $rc -eq 2 && test \$(wc -l <'$T/det-mix.out') -eq 1 &&
		grep -q 'TIMING=deterministic but .* TIMING=realtime: compare runs of the same timing' '$T/det-mix.out'"
if [ "$cb_pti" = 0 ]; then
	echo "SKIP deterministic: A/B pti=on: this kernel has no CONFIG_PAGE_TABLE_ISOLATION"
	return 0 2>/dev/null || true
fi
dt_compare "deterministic: A/B pti=on, one run each: a regression beyond 0.2%, exit 1" 1 \
	' det  R ↑ unixbench.throughput$' "$A" "$AB"
