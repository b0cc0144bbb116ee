# Area history (make check): the results history (docs/history.md) on
# run directories replayed from a kept stream, no boot: bootbench
# history add's import, its idempotence and its refusals, three
# writers at once, the change points of a series with a planted step,
# the simulation's figures (issue 53's bar), the page, its KCIDB rows,
# make history. The page in chromium and the same tests on PostgreSQL
# are make test's (tests/history-ext.sh).
. tests/history-lib.sh
hs_fixtures
hs_suite "$T/hs.db" sqlite
expect_bad "history: a directory that is not there" 2 "hs-none: No such file or directory" \
	"$tool" history add --db "$T/hs.db" "$T/hs-none"
mkdir -p "$T/hs-empty"
expect_bad "history: a directory that holds no run" 2 "hs-empty holds no run directory" \
	"$tool" history add --db "$T/hs.db" "$T/hs-empty"
expect_bad "history: a database in a directory that is not there" 5 \
	"cannot open $T/no/such/h.db: unable to open database file: give HISTORY= (--db) a writable file" \
	"$tool" history add --db "$T/no/such/h.db" "$T/hs-series"
expect_bad "history: an unknown option" 2 "--frob is no option of history changes" \
	"$tool" history changes --frob

# The simulation, as make check's figures (docs/history.md): at 1%
# noise a 3% step is 3 times the noise; issue 53's bar is detection >=
# 90%, false alarms <= 1 per 100 kernels, position within 1 kernel in
# >= 90% of detections. Every cell's false alarms stay under 1 too.
# The simulation takes seconds under ASan: the optimised build runs it.
"$B/host/bootbench" history simulate --series=300 --seed=53 >"$T/hs.sim" 2>&1
read -r hs_d hs_f hs_w <<EOF_SIM
$(awk '$1 == "3x-noise" && $4 == 3 { print $5, $6, $7 }' "$T/hs.sim")
EOF_SIM
check "history: simulated 3% steps at 3x the noise: detected ${hs_d:-?}% (>= 90), false alarms ${hs_f:-?}/100 kernels (<= 1), within 1 kernel ${hs_w:-?}% (>= 90)" \
	awk -v d="${hs_d:-0}" -v f="${hs_f:-9}" -v w="${hs_w:-0}" 'BEGIN { exit !(d >= 90 && f <= 1 && w >= 90) }'
hs_fa=$(awk '!/^#/ { printf "%s/%s%%:%s ", $1, $4, $6 }' "$T/hs.sim")
check "history: simulated false alarms per 100 kernels <= 1 in every cell ($hs_fa)" \
	awk '!/^#/ && $6 > 1 { bad = 1 } END { exit bad || NR < 12 }' "$T/hs.sim"

# The page: one file, no script, nothing fetched; the series' points,
# the change's mark and the table's row.
"$tool" history html --db "$T/hs.db" --job=execl/replay -o "$T/hs.html" >"$T/hs.out" 2>&1
hs_pts=$(grep -o '<circle class="pt"' "$T/hs.html" 2>/dev/null | wc -l)
check "history: the page has the 25 kernels' points, 1 change mark and its table row ($hs_pts points)" \
	sh -c "test $hs_pts -eq 25 && test \$(grep -o '<line class=\"cp worse\"' '$T/hs.html' | wc -l) -eq 1 &&
		grep -q '<tr class=\"worse\"><td>execl/replay</td><td>unixbench.throughput</td><td>6.1.0-6</td>' '$T/hs.html'"
check "history: the page has no script and fetches nothing (only the SVG namespace names a URL)" \
	sh -c "! grep -qi '<script\|src=\|@import\|url(' '$T/hs.html' && test \$(grep -o 'http[s]*://[^\"]*' '$T/hs.html' | sort -u) = http://www.w3.org/2000/svg"

# KCIDB: the change point as a test row, valid by the schema every
# run's kcidb.json is checked against.
"$tool" history kcidb --db "$T/hs.db" --job=execl/replay -o "$T/hs-kcidb.json" >"$T/hs.out" 2>&1
check "history: kcidb writes the change point as one FAIL test of -10%, valid by docs/schema/kcidb.schema.json" \
	sh -c "'$T/schemacheck' docs/schema/kcidb.schema.json '$T/hs-kcidb.json' &&
		test \$(grep -Eo '\"status\":\"FAIL\",\"number\":\\{\"value\":-(9\.9|10\.0)' '$T/hs-kcidb.json' | wc -l) -eq 1"

# make history, as a user types it.
make -s --no-print-directory history O="$O" B="$B" HISTORY="$T/hs-make.db" ADD="$T/hs-series" HTML="$T/hs-make.html" >"$T/hs.out" 2>&1
if grep -q '^  at 6.1.0-6 (kernel 6 of 10)' "$T/hs.out" && grep -q '<circle' "$T/hs-make.html"; then
	ok "history: make history HISTORY= ADD= HTML= adds, prints the change point and writes the page"
else
	bad "history: make history HISTORY= ADD= HTML= adds, prints the change point and writes the page" "$(head -n 5 "$T/hs.out")"
fi

