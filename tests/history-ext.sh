# Area history-ext (make test): what the history area needs beyond the
# check tier's tools: the page in a real browser (Debian's chromium:
# its parsed DOM has the points, the mark and the table, and it takes
# the screenshot), and the import's tests against a real PostgreSQL
# server the area starts. Each a named SKIP when not installed.
. tests/history-lib.sh
hs_fixtures
"$tool" history add --quiet --db "$T/hs.db" "$T/hs-series" "$T"/hs-w[123] >/dev/null 2>&1
"$tool" history html --db "$T/hs.db" --job=execl/replay -o "$T/hs.html" >/dev/null 2>&1

# A real browser: chromium's parsed DOM and a screenshot (docs/history.md).
hs_chr=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$hs_chr" ]; then
	skip "history: chromium parses the page: points, mark and table in its DOM, and a screenshot" "no chromium: as root, apt-get install chromium"
else
	hs_cf="--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=$T/hs-chr"
	timeout 60 "$hs_chr" $hs_cf --dump-dom "file://$T/hs.html" >"$T/hs.dom" 2>/dev/null
	timeout 60 "$hs_chr" $hs_cf --window-size=1000,1400 --screenshot="$T/hs.png" "file://$T/hs.html" >/dev/null 2>&1
	check "history: chromium parses the page: 25 points, 1 mark, 1 table row in its DOM, and a screenshot" \
		sh -c "test \$(grep -o '<circle class=\"pt\"' '$T/hs.dom' | wc -l) -eq 25 &&
			test \$(grep -o '<line class=\"cp worse\"' '$T/hs.dom' | wc -l) -eq 1 &&
			grep -q '<table id=\"changes\">' '$T/hs.dom' && test \$(head -c 8 '$T/hs.png' | od -An -c | tr -d ' ') = '211PNG\\r\\n032\\n'"
fi

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
