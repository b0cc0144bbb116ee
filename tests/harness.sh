# Sourced by tests/run.sh: the test library's own scheduling (tests/lib.sh),
# on stand-in areas in a tree of $T run by another shell. Under the
# whole make test a check area runs beside a boot area already forked
# (tl_beside): its own `wait` must return when its children end, not
# wait for the boot area too (native.sh's did, and the check tier waited
# for all of e2e).
hn=$T/harness
mkdir -p "$hn/tests"
cp tests/lib.sh "$hn/tests/"
echo 'sleep 4; ok "slow: done"' >"$hn/tests/slow.sh"
echo 'sleep 1 & wait; date +%s >"$hn/quick.end"; ok "quick: its wait returned"' >"$hn/tests/quick.sh"
cat >"$hn/run.sh" <<HN
T=\$(mktemp -d "$hn/t.XXXXXX") HOSTCC=$HOSTCC TIER=test SEL= hn=$hn
. tests/lib.sh
area slow test
tl_beside=1
area quick
tl_beside=
tests_summary
HN
hn_t0=$(date +%s)
(cd "$hn" && TEST_JOBS=2 sh run.sh) >"$hn/out" 2>&1
hn_rc=$?
hn_q=$(($(cat "$hn/quick.end" 2>/dev/null || echo 999999999999) - hn_t0))
check "harness: a check area beside a forked boot area: its wait took its own 1 s ($hn_q s), not the boot area's 4; both reported, exit 0" \
	sh -c "test $hn_rc -eq 0 && test $hn_q -lt 3 && grep -q '^PASS [12] slow.1 slow: done' '$hn/out' &&
		grep -q '^PASS [12] quick.1 ' '$hn/out' && grep -q '^2 passed, 0 failed' '$hn/out'"

# make check runs its areas two at a time too, each in its own $T; an
# area marked `last` (schema) starts when every other has ended.
hc=$T/harness-check
mkdir -p "$hc/tests"
cp tests/lib.sh "$hc/tests/"
echo 'sleep 3; date +%s >"$hc/a.end"; ok "a: done"' >"$hc/tests/a.sh"
echo 'sleep 3; date +%s >"$hc/b.end"; ok "b: done"' >"$hc/tests/b.sh"
echo 'date +%s >"$hc/z.start"; ok "z: started"' >"$hc/tests/z.sh"
cat >"$hc/run.sh" <<HC
T=\$(mktemp -d "$hc/t.XXXXXX") HOSTCC=$HOSTCC TIER=check SEL= hc=$hc
. tests/lib.sh
area a
area b
area z last
tests_summary
HC
hc_t0=$(date +%s)
(cd "$hc" && TEST_JOBS=2 sh run.sh) >"$hc/out" 2>&1
hc_rc=$?
hc_took=$(($(date +%s) - hc_t0))
check "harness: make check's two areas of 3 s ran side by side ($hc_took s), the last one after both, all three reported in order, exit 0" \
	sh -c "test $hc_rc -eq 0 && test $hc_took -lt 6 && test \$(cat '$hc/z.start') -ge \$(cat '$hc/a.end') &&
		test \$(cat '$hc/z.start') -ge \$(cat '$hc/b.end') && grep -q '^PASS 1 a.1 ' '$hc/out' &&
		grep -q '^PASS 2 b.1 ' '$hc/out' && grep -q '^PASS 3 z.1 ' '$hc/out' && grep -q '^3 passed, 0 failed' '$hc/out'"
