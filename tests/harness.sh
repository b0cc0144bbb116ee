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
