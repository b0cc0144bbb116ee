# Area schema: every result file written by the areas before it (boots
# under make test, the replay under make check) against docs/schema.
S=docs/schema
schema_all() {
	for d in "$@"; do
		for f in "$d"/*/*/*/*/samples.jsonl; do
			[ -f "$f" ] || continue
			"$T/schemacheck" -l $S/record.schema.json "$f" || return 1
			"$T/schemacheck" $S/job.schema.json "${f%/*}/job.json" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/stats.json" || return 1
		done
		for f in "$d"/*/*/*/matrix.json; do
			[ -f "$f" ] || continue
			"$T/schemacheck" $S/matrix.schema.json "$f" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/avg.json" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/stddev.json" || return 1
			"$T/schemacheck" $S/runs.schema.json "${f%/*}/runs.json" || return 1
		done
	done
}
# The same directories as ever: the boot area's, the faults', the
# replays' and the concurrent runs' (those that ran), in $T or in the
# directory of an area run beside another ($T/par/AREA, tests/lib.sh).
sdirs=
for st in "$T" "$T"/par/*; do
	[ -d "$st" ] || continue
	for d in "$st/results" "$st/faults" "$st/replay" "$st/conc" "$st/creplay"; do
		[ -d "$d" ] && sdirs="$sdirs $d"
	done
	# The host-side hostile runs: QEMU's signal, a disk scaled, the space stop.
	for d in "$st"/hostile-host/* "$st"/hostile/space*; do
		[ -d "$d/execl" ] || [ -d "$d/fio" ] && sdirs="$sdirs $d"
	done
done
# The committed matrices of tests/compare, as compare reads them (their
# job.json files hold only what compare reads, not a whole run's).
schema_fixtures() {
	for f in tests/compare/*/matrix.json; do
		"$T/schemacheck" $S/matrix.schema.json "$f" || return 1
	done
}
# shellcheck disable=SC2086
nfiles=$(($(find $sdirs -name '*.json*' | wc -l) + $(ls tests/compare/*/matrix.json | wc -l)))
# shellcheck disable=SC2086
if [ -z "$sdirs" ]; then
	skip "schema: result files of this suite validate against docs/schema" "no area wrote any"
elif schema_all $sdirs >"$T/schema.out" 2>&1 && schema_fixtures >>"$T/schema.out" 2>&1; then
	ok "schema: all $nfiles result files of this suite validate against docs/schema"
else
	bad "schema: all result files validate against docs/schema" "$(grep -v '^ok' "$T/schema.out" | head -n 3)"
fi
check "schema: the checker refuses the hostile stream" \
	sh -c "! '$T/schemacheck' -l $S/record.schema.json tests/fuzz/corpus/stream/hostile"
