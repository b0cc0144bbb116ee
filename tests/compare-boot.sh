# Sourced by tests/run.sh: compare on real boots. One kernel booted 5
# times as A, 5 times again as A2, and 5 times with pti=on (page-table
# isolation forced: every system call switches page tables, which TCG
# pays for with a TLB flush). Three boots at a time, interleaved, so a
# change in the machine's load falls on all three alike. The headline
# is tested alone at 1% by a permutation test of the means (5 runs a
# side is the fewest that can reach it), so a noisy side (three VMs on
# two cores) still lets a 94% drop through; the A/A check can fail by
# chance (2 in 252 on iid runs), never by design.
cb_full=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")
cb_run() {
	cb_side=$1
	shift
	"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/ab/$cb_side" \
		--test syscall --param duration=1 --param passes=1 --smp 1 --mem 256 \
		"$@" >/dev/null 2>>"$T/ab.err" || echo "$cb_side" >>"$T/ab.fail"
}
# pti=on needs CONFIG_PAGE_TABLE_ISOLATION (tinyconfig has none).
cb_pti=1
for cb_c in "$(dirname "$KDEF")/../../../.config" "$(dirname "$KDEF")"/root/boot/config-*; do
	[ -f "$cb_c" ] && ! grep -q '^CONFIG_PAGE_TABLE_ISOLATION=y' "$cb_c" && cb_pti=0
done
start=$(date +%s)
# The order of starting rotates: the first VM of a round may get more
# of the host than the last, and that must not fall on one side.
for cb_order in "a a2 b" "a2 b a" "b a a2" "a a2 b" "a2 b a"; do
	for cb_s in $cb_order; do
		case $cb_s in
		b) [ "$cb_pti" = 1 ] && cb_run b --cmdline pti=on & ;;
		*) cb_run "$cb_s" & ;;
		esac
	done
	wait
done
cb_dir() {
	dirname "$(ls "$T"/ab/"$1"/syscall/*/*/matrix.json 2>/dev/null | head -n 1)"
}
A=$(cb_dir a) A2=$(cb_dir a2) AB=$(cb_dir b)
check "compare: 5 boots each of A, A again and A with pti=on, all ok, in $(($(date +%s) - start))s" \
	sh -c "test ! -e '$T/ab.fail' && test -d '$A/4' -a -d '$A2/4' && { test $cb_pti = 0 || test -d '$AB/4'; }"

# This area may run without the ones that build it (make test T=...).
[ -x "$T/bootbench-compare" ] || build bootbench-compare report/*.c proto/*.c lib/*.c
"$T/bootbench-compare" --no-plot "$A" "$A2" >"$T/aa.out" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -q '^0 of [0-9]* metrics shown' "$T/aa.out"; then
	ok "compare: A/A, RUNS=5: nothing shown, exit 0 ($(grep -o '[0-9]* metrics' "$T/aa.out"))"
else
	bad "compare: A/A, RUNS=5: nothing shown, exit 0" "exit $rc: $(grep -A1 -E '^ +[0-9.-]+ ' "$T/aa.out" | head -n 4)"
fi
if [ "$cb_pti" = 0 ]; then
	skip "compare: A/B pti=on" "this kernel has no CONFIG_PAGE_TABLE_ISOLATION"
	return 0 2>/dev/null || true
fi
"$T/bootbench-compare" "$A" "$AB" >"$T/ab.out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q '[0-9.]*P R ↑ unixbench.throughput$' "$T/ab.out" &&
	grep -q '^new: unixbench.throughput -[0-9.]*%: regression$' "$T/ab.out"; then
	ok "compare: A/B pti=on, RUNS=5: the syscall drop is a significant regression, exit 1 ($(grep '^new:' "$T/ab.out"))"
else
	bad "compare: A/B pti=on, RUNS=5: the syscall drop is a significant regression, exit 1" \
		"exit $rc: $(tail -n 4 "$T/ab.out")"
fi
check "compare: runs with CMDLINE= have their own params directory (-cmdline=pti=on)" \
	sh -c "case '$AB' in *-cmdline=pti=on/*) exit 0 ;; esac; exit 1"
check "compare: ... with a plot of its samples" grep -q '^  unixbench.throughput (higher is better)$' "$T/ab.out"
