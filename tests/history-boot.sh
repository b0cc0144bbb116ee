# Area history-boot (make test): make run HISTORY= as a user types it,
# on the default kernel: three make runs at once into one history lose
# no run, and a HISTORY= that cannot be opened is refused before any
# boot, in one line, with nothing written. The PostgreSQL backend's
# same tests are the history area's (make check).
hb_db=$T/hb.db
hb_res=$T/hb-results
for hb_i in 1 2 3; do
	make -s run O="$O" RESULTS="$hb_res" HISTORY="$hb_db" TEST=boot SMP=1 MEM=512 \
		>"$T/hb-$hb_i.out" 2>"$T/hb-$hb_i.err" &
done
hb_fail=0
for hb_i in 1 2 3; do wait %$hb_i 2>/dev/null || hb_fail=$((hb_fail + 1)); done
wait
hb_runs=$(ls -d "$hb_res"/boot/*/*/[0-9]* 2>/dev/null | wc -l)
"$tool" history changes --db "$hb_db" --job=boot >"$T/hb.ch" 2>&1
hb_name="history-boot: 3 make runs HISTORY= at once exit 0, and the history holds their 3 runs (1 kernel, 3 runs)"
if [ "$hb_fail" -eq 0 ] && [ "$hb_runs" -eq 3 ] && grep -q '^boot/smp1-512M [a-z_.]*: 1 kernel (3 runs)' "$T/hb.ch"; then
	ok "$hb_name"
else
	bad "$hb_name" "$hb_fail failed, $hb_runs run directories: $(cat "$T/hb.ch" "$T"/hb-[123].err | head -n 12)"
fi
"$tool" history add --db "$hb_db" "$hb_res" >"$T/hb.out" 2>&1
check "history-boot: adding the same result tree again adds nothing (3 known)" \
	grep -q '^history: 0 added, 3 known' "$T/hb.out"

mkdir -p "$T/hb-bad"
make -s run O="$O" RESULTS="$T/hb-bad/results" HISTORY="$T/hb-bad/no/such/h.db" TEST=boot SMP=1 MEM=512 \
	>"$T/hb.out" 2>"$T/hb.err"
hb_rc=$?
hb_name="history-boot: make run HISTORY=<a directory not there> is refused before the boot: exit 2, one line, no run"
if [ "$hb_rc" -eq 2 ] && [ ! -e "$T/hb-bad/results" ] && [ "$(grep -c '^bootbench:' "$T/hb.err")" -eq 1 ] &&
	grep -q '^bootbench: HISTORY=.*cannot be opened: unable to open database file: give HISTORY= a writable SQLite file' "$T/hb.err"; then
	ok "$hb_name"
else
	bad "$hb_name" "exit $hb_rc: $(cat "$T/hb.err")"
fi
