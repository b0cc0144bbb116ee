# Sourced by tests/run.sh: make ab end to end on the default kernel, the
# same kernel on both sides with page-table isolation forced on the new
# one (pti=on: every system call switches page tables: about 2% more
# instructions a call). RUNS=5, the fewest with which the headline's test
# can decide at 1%; the sides take turns. In deterministic timing: in
# real time the drop was 94% (TCG's TLB flushes), but one base run slowed
# by the host's load took the verdict's significance away (CI, load 7).
ab_pti=1
for ab_c in "$(dirname "$KDEF")"/root/boot/config-*; do
	[ -f "$ab_c" ] && ! grep -q '^CONFIG_PAGE_TABLE_ISOLATION=y' "$ab_c" && ab_pti=0
done
if [ "$ab_pti" = 0 ]; then
	skip "ab: make ab with pti=on" "this kernel lacks CONFIG_PAGE_TABLE_ISOLATION"
else
	ab_start=$(date +%s)
	make -s ab O="$O" RESULTS="$T/abm" BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" NEW_CMDLINE=pti=on \
		CMDLINE=norandmaps TEST=syscall DURATION=1 PASSES=1 SMP=1 MEM=256 RUNS=5 TIMING=deterministic >"$T/abm.out" 2>"$T/abm.err"
	ab_rc=$?
	ab_took=$(($(date +%s) - ab_start))
	# Run by run: base 1, new 1, base 2, ...
	ab_order=$(sed -n 's/^bootbench: \(base\|new\) run \([0-9]\) of 5: .*/\1\2/p' "$T/abm.out" | tr '\n' ' ')
	check "ab: make ab runs the sides in turn (base 1, new 1, base 2, ...)" \
		test "$ab_order" = "base1 new1 base2 new2 base3 new3 base4 new4 base5 new5 "
	# make's CMDLINE goes to both sides, before a side's own.
	check "ab: CMDLINE= reaches both sides, before NEW_CMDLINE= ($(ls "$T/abm/ab/base/syscall" "$T/abm/ab/new/syscall" 2>/dev/null | grep cmdline | tr '\n' ' '))" \
		sh -c "ls -d '$T'/abm/ab/base/syscall/*-cmdline=norandmaps '$T'/abm/ab/new/syscall/*-cmdline=norandmaps_pti=on"
	if [ "$ab_rc" -eq 0 ] && grep -q ' R ↑ unixbench.throughput$' "$T/abm.out" &&
		grep -q '^new: unixbench.throughput -[0-9.]*%: regression$' "$T/abm.out" &&
		grep -q '^verdict: new regressed unixbench.throughput by ' "$T/abm.out"; then
		ok "ab: pti=on on one side, RUNS=5: a significant regression, in ${ab_took}s ($(grep '^new:' "$T/abm.out"))"
	else
		bad "ab: pti=on on one side, RUNS=5: a significant regression" \
			"exit $ab_rc: $(tail -n 4 "$T/abm.out" "$T/abm.err" | tr '\n' ' ')"
	fi
	grep -A3 '^new: ' "$T/abm.out" | sed 's/^/    /'
fi
make -s ab O="$O" RESULTS="$T/abx" BASE_KERNEL="$KDEF" NEW_KERNEL="$T/none" >/dev/null 2>"$T/abx.err"
ab_rc=$?
check "ab: a missing kernel is refused in one line before any boot" \
	sh -c "test $ab_rc -eq 2 && grep -q 'kernel $T/none does not exist' '$T/abx.err' && test ! -d '$T/abx/ab'"
# RUNS=auto in real time: pti=on's drop (over 90% under TCG's TLB
# flushes) is found before the budget, each look said; the decision is
# the sequential design's (report/seq.c), not compare's fixed-run p.
if [ "$ab_pti" = 1 ]; then
	make -s ab O="$O" RESULTS="$T/aba" BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" NEW_CMDLINE=pti=on \
		TEST=syscall DURATION=1 PASSES=1 SMP=1 MEM=256 RUNS=auto MAX_RUNS=4 >"$T/aba.out" 2>"$T/aba.err"
	ab_rc=$?
	ab_looks=$(grep -c '^bootbench: auto: after [0-9]*+[0-9]*: ' "$T/aba.out")
	check "ab: RUNS=auto MAX_RUNS=4 finds pti=on's drop in real time, a line a look ($ab_looks looks: $(sed -n 's/^auto: \(.*\) (.*/\1/p' "$T/aba.out"))" \
		sh -c "test $ab_rc -eq 0 && test $ab_looks -ge 2 && test $ab_looks -le 3 &&
			grep -q '^auto: after [34]+[34]: .*: changed: stop (' '$T/aba.out' &&
			! grep -q '^bootbench: base run 5 ' '$T/aba.out'"
fi
