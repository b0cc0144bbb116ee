# Area history (make check): the results history (docs/history.md) on
# run directories replayed from a kept stream, no boot: bootbench
# history add's import, its idempotence and its refusals, three
# writers at once, the change points of a series with a planted step,
# the simulation's figures (issue 53's bar), the page (and, when
# Debian's chromium is installed, the page in it), make history, and
# the same on a PostgreSQL server the area starts (when installed).

# hs_runs RESULTS PREFIX FIRST LAST STEP_AT HOUR: one run a kernel
# PREFIX-FIRST..LAST, a minute apart from HOUR on, its headline 700
# (+/- 0.2%) and 10% less from STEP_AT on: the kept stream replayed once (hs_one), copied with its
# release and value changed.
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
	[ -s "$T/hs.ch" ] && sed 's/^/  /' "$T/hs.ch" | head -3 >&2
	expect_bad "history ($nm): a run whose job.json is cut short, with a good one" 2 \
		"nothing added to .*hs-broken/execl/replay/6.1.0-0/0: job.json is not a JSON object" \
		"$tool" history add --db "$db" "$T/hs-new" "$T/hs-broken"
	"$tool" history changes --db "$db" >"$T/hs.ch2" 2>&1
	check "history ($nm): ... and the good run beside it was not added either" \
		grep -q '10 kernels (10 runs)' "$T/hs.ch2"
	hs_c=0
	for w in 1 2 3; do
		(for k in 1 2 3 4 5 6 7 8; do
			"$tool" history add --quiet --db "$db" "$T/hs-w$w/execl/replay/6.1.0-w$w-$k" || exit 1
		done) >"$T/hs-w$w.out" 2>&1 &
	done
	for w in 1 2 3; do wait %$w 2>/dev/null || hs_c=$((hs_c + 1)); done
	wait
	"$tool" history changes --db "$db" --job=execl >"$T/hs.ch3" 2>&1
	check "history ($nm): 3 writers at once, 8 adds each, lose no run (34 kernels, 34 runs)" \
		sh -c "test $hs_c -eq 0 && grep -q '34 kernels (34 runs)' '$T/hs.ch3' && ! grep -qv '^history: 1 added' '$T'/hs-w[123].out"
}

mkdir -p "$T/hs-series" "$T/hs-new" "$T/hs-broken"
# The writers' kernels ran before the series (the page's series of 34
# has its one step).
hs_runs "$T/hs-series" 6.1.0 1 10 6 03 && hs_runs "$T/hs-new" 6.1.0 11 11 99 04 &&
	hs_runs "$T/hs-broken" 6.1.0 0 0 99 05 &&
	for w in 1 2 3; do hs_runs "$T/hs-w$w" "6.1.0-w$w" 1 8 99 "0$w" || break; done
check "history: the replayed runs are made" test -f "$T/hs-series/execl/replay/6.1.0-10/0/job.json"
hs_b=$T/hs-broken/execl/replay/6.1.0-0/0
head -c 200 "$hs_b/job.json" >"$T/hs.cut" && mv "$T/hs.cut" "$hs_b/job.json"

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
sed 's/^/  /' "$T/hs.sim" >&2

# The page: one file, no script, nothing fetched; the series' points,
# the change's mark and the table's row.
"$tool" history html --db "$T/hs.db" --job=execl/replay -o "$T/hs.html" >"$T/hs.out" 2>&1
hs_pts=$(grep -o '<circle class="pt"' "$T/hs.html" 2>/dev/null | wc -l)
check "history: the page has the 34 kernels' points, 1 change mark and its table row ($hs_pts points)" \
	sh -c "test $hs_pts -eq 34 && test \$(grep -o '<line class=\"cp worse\"' '$T/hs.html' | wc -l) -eq 1 &&
		grep -q '<tr class=\"worse\"><td>execl/replay</td><td>unixbench.throughput</td><td>6.1.0-6</td>' '$T/hs.html'"
check "history: the page has no script and fetches nothing (only the SVG namespace names a URL)" \
	sh -c "! grep -qi '<script\|src=\|@import\|url(' '$T/hs.html' && test \$(grep -o 'http[s]*://[^\"]*' '$T/hs.html' | sort -u) = http://www.w3.org/2000/svg"

# A real browser: chromium's parsed DOM and a screenshot (docs/history.md).
hs_chr=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$hs_chr" ]; then
	skip "history: chromium parses the page: points, mark and table in its DOM, and a screenshot" "no chromium: as root, apt-get install chromium"
else
	hs_cf="--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=$T/hs-chr"
	timeout 60 "$hs_chr" $hs_cf --dump-dom "file://$T/hs.html" >"$T/hs.dom" 2>/dev/null
	timeout 60 "$hs_chr" $hs_cf --window-size=1000,1400 --screenshot="$T/hs.png" "file://$T/hs.html" >/dev/null 2>&1
	check "history: chromium parses the page: 34 points, 1 mark, 1 table row in its DOM, and a screenshot" \
		sh -c "test \$(grep -o '<circle class=\"pt\"' '$T/hs.dom' | wc -l) -eq 34 &&
			test \$(grep -o '<line class=\"cp worse\"' '$T/hs.dom' | wc -l) -eq 1 &&
			grep -q '<table id=\"changes\">' '$T/hs.dom' && test \$(head -c 8 '$T/hs.png' | od -An -c | tr -d ' ') = '211PNG\\r\\n032\\n'"
fi

# make history, as a user types it.
make -s --no-print-directory history O="$O" B="$B" HISTORY="$T/hs-make.db" ADD="$T/hs-series" HTML="$T/hs-make.html" >"$T/hs.out" 2>&1
check "history: make history HISTORY= ADD= HTML= adds, prints the change point and writes the page" \
	sh -c "grep -q '^  at 6.1.0-6 (kernel 6 of 10)' '$T/hs.out' && grep -q '<circle' '$T/hs-make.html'" ||
	sed 's/^/  /' "$T/hs.out" >&2

# PostgreSQL: a server of Debian's postgresql, started here on a socket
# of the area's own directory (no TCP port), as a user that is not root.
hs_pg=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$hs_pg" ] || ! [ -x "$hs_pg/initdb" ]; then
	skip "history (postgresql): the same tests against a real server" "no PostgreSQL server: as root, apt-get install postgresql"
else
	hs_user=$(id -un)
	hs_as=
	[ "$(id -u)" != 0 ] || { hs_user=nobody hs_as="setpriv --reuid=nobody --regid=nogroup --clear-groups"; }
	# Its own directory, which that user can reach (the area's is root's).
	hs_pgd=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-pg.XXXXXX")
	chown "$hs_user" "$hs_pgd"
	if $hs_as "$hs_pg/initdb" -D "$hs_pgd/data" -U bb --auth=trust >"$T/hs-pg.log" 2>&1 &&
		$hs_as "$hs_pg/pg_ctl" -D "$hs_pgd/data" -l "$hs_pgd/log" -w \
			-o "-k $hs_pgd -c listen_addresses=''" start >>"$T/hs-pg.log" 2>&1; then
		hs_suite "postgresql:///postgres?host=$hs_pgd&user=bb" postgresql
		$hs_as "$hs_pg/pg_ctl" -D "$hs_pgd/data" -m fast stop >/dev/null 2>&1
	else
		bad "history (postgresql): a server started" "$(tail -n 3 "$T/hs-pg.log")"
	fi
	rm -rf "$hs_pgd"
fi
