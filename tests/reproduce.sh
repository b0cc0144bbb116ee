# Sourced by tests/run.sh after compare-boot.sh: make reproduce.
#
# The reader on every report kept as test data (tests/reproduce/reports,
# sources in its SOURCES.md): the job and machine profile it writes must
# be the ones written out by hand in tests/reproduce/expected. Then bad input,
# and two real reproductions of the aim9 report on the default kernel:
# against itself (no significant change) and with page-table isolation
# turned off on the base side only (the i3-3220 profile's IvyBridge CPU
# is Meltdown-affected, so the kernel isolates by default: every system
# call then pays a TLB flush under TCG, far beyond the report's -8.8%).
rp_out="$T/rp"
for rp_mail in tests/reproduce/reports/*.txt; do
	rp_name=$(basename "$rp_mail" .txt)
	"$tool" reproduce "$rp_mail" "$rp_out" >"$T/rp.out" 2>"$T/rp.err"
	rp_rc=$?
	if [ "$rp_rc" -eq 0 ]; then
		{
			grep -v '^job ' "$T/rp.out"
			grep -v '^#\|^report = ' "$rp_out/$rp_name/job" |
				sed 's|^machine = .*/machine.conf$|machine = machine.conf|'
			if [ -f "$rp_out/$rp_name/machine.conf" ]; then
				grep -v '^#' "$rp_out/$rp_name/machine.conf"
			fi
		} >"$T/rp.got"
	else
		echo "error $(tail -n 1 "$T/rp.err" | sed 's/^bootbench: //')" >"$T/rp.got"
	fi
	rp_want="tests/reproduce/expected/$rp_name.expected"
	if [ -f "$rp_want" ] && { cmp -s "$rp_want" "$T/rp.got" ||
		{ head -n 1 "$rp_want" | grep -q '^error ' && [ "$rp_rc" -eq 2 ] &&
			grep -qF "$(sed 's/^error //' "$rp_want")" "$T/rp.got"; }; }; then
		ok "reproduce: $rp_name reads as the job written by hand"
	else
		bad "reproduce: $rp_name reads as the job written by hand" \
			"$(diff "$rp_want" "$T/rp.got" 2>&1 | tr '\n' ' ' | cut -c1-300)"
	fi
done
# The same hackbench mail with a CPU no profile of ours matches: the
# machine profile comes from its lscpu lines, node lists and all.
sed 's/112 threads Skylake/112 threads Xeon/' tests/reproduce/reports/hackbench-cpumask-regression-lscpu.txt >"$T/xeon.txt"
"$tool" reproduce "$T/xeon.txt" "$rp_out" >/dev/null 2>&1
check "reproduce: a machine of no profile is written from the mail's lscpu (2 x 28 x 2, its nodes)" \
	sh -c "grep -v '^#' '$rp_out/xeon/machine.conf' | tr '\n' ' ' |
		grep -qx 'name = xeon cpu = Skylake-Server sockets = 2 cores = 28 threads = 2 mem = 64G node0 = 0-27,56-83 node1 = 28-55,84-111 '"
check "reproduce: a report we cannot run writes nothing" \
	test ! -e "$rp_out/aim9-page_test-maple-10.8-all-unsupported"
check "reproduce: DRY=1 prints the job and the machine's profile" \
	sh -c "make -s reproduce O='$O' RESULTS='$T/rpd' REPORT=tests/reproduce/reports/aim9-shared_memory-sem-regression.txt DRY=1 2>/dev/null |
		grep -q 'the machine: Core i3-3220 @ 3.30GHz, 2 cores x 2 threads'"
check "reproduce: a mail that is no performance report is refused in one line" \
	sh -c "! '$tool' reproduce README.md '$T/rpx' 2>'$T/rpx.err' && test \$(wc -l <'$T/rpx.err') -eq 1 &&
		grep -q 'REPORT=README.md is not a performance report' '$T/rpx.err'"
sed 's/in testcase: aim9/in testcase: tbench/' tests/reproduce/reports/aim9-shared_memory-sem-regression.txt >"$T/wis.txt"
check "reproduce: a testcase we lack names the closest we have" \
	sh -c "'$tool' reproduce '$T/wis.txt' '$T/rpx' 2>&1 | grep -q 'testcase tbench is not one bootbench implements; the closest it has: hackbench IPC=socket'"
make -s reproduce O="$O" RESULTS="$T/rpd" REPORT=tests/reproduce/reports/aim9-shared_memory-sem-regression.txt >"$T/nk.out" 2>&1
rp_rc=$?
check "reproduce: without the kernels, make reproduce says what to give" \
	sh -c "test $rp_rc -eq 2 && grep -q 'say BASE_KERNEL=<the good kernel.s bzImage> NEW_KERNEL=' '$T/nk.out'"

# QUICK=1 (aim9 for 10 s), RUNS=1 a side for the A/A (what a user
# types first, and tests/e2e.sh's row for aim9: inconclusive, and it
# says RUNS=5 can decide; 3+3 runs were undecidable by design as well,
# and a verdict's wording for them is compare-golden's) and 5 for the
# A/B (the fewest that reach 1%: with 4, its smallest p is 2/70, and
# its sides take turns run by run), one reproduction
# after the other: run side by side, each one's sides met the other's unlike
# load (the A/A once showed +23%, p 0.035, doing so).
rp_run() {
	make -s reproduce O="$O" RESULTS="$T/$1" QUICK=1 RUNS="$3" \
		REPORT=tests/reproduce/reports/aim9-shared_memory-sem-regression.txt \
		BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" BASE_CMDLINE="$2" \
		>"$T/$1.out" 2>"$T/$1.err"
	echo $? >"$T/$1.rc"
}
rp_run rp-aa "" 1
if [ "$cb_pti" = 1 ]; then
	rp_run rp-ab nopti 5
fi
rp_line=$(grep '^reproduce: ' "$T/rp-aa.out")
case "$(cat "$T/rp-aa.rc")/$rp_line" in
0/*"inconclusive: undecidable with 1+1 runs: RUNS=5 can decide")
	ok "reproduce: the aim9 report on the default kernel against itself, 1+1 runs: undecidable ($(echo "$rp_line" | cut -d';' -f2 | cut -c1-70))" ;;
*)
	bad "reproduce: the aim9 report on the default kernel against itself, 1+1 runs: undecidable" \
		"exit $(cat "$T/rp-aa.rc"): ${rp_line:-$(tail -n 2 "$T/rp-aa.err" | tr '\n' ' ')}" ;;
esac
if [ "$cb_pti" = 1 ]; then
	rp_line=$(grep '^reproduce: ' "$T/rp-ab.out")
	case "$(cat "$T/rp-ab.rc")/$rp_line" in
	0/*": reproduced, larger than reported")
		ok "reproduce: the aim9 report with isolation turned on in the new kernel: reproduced ($(echo "$rp_line" | cut -d';' -f2 | cut -c1-60))" ;;
	*)
		bad "reproduce: the aim9 report with isolation turned on in the new kernel: reproduced" \
			"exit $(cat "$T/rp-ab.rc"): ${rp_line:-$(tail -n 2 "$T/rp-ab.err" | tr '\n' ' ')}" ;;
	esac
else
	skip "reproduce: the aim9 report with isolation turned on in the new kernel: reproduced" "the A/B needs CONFIG_PAGE_TABLE_ISOLATION, which this kernel lacks"
fi
