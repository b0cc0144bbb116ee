# Sourced by report/ab.sh and reproduce/reproduce.sh: two kernels' runs
# taking turns, then each side's result directory. The caller defines
# `side NAME KERNEL CMDLINE I` (one run of one side) and sets RUNS, dir,
# BASE_KERNEL, NEW_KERNEL, BASE_CMDLINE and NEW_CMDLINE; CMDLINE (make's,
# both sides') comes before a side's own.

# sides_one NAME KERNEL CMDLINE I: one run of a side, its own status.
# make exits 2 for any failing recipe; the run's status is its job.json's
# exit_code (docs/exit-codes.md). A failure that wrote no run (bad input
# before the boot, a build) keeps make's 2.
sides_one() {
	mkdir -p "$dir/$1" || return 2
	touch "$dir/.$1-started"
	side "$@"
	rc=$?
	[ "$rc" -eq 0 ] && return 0
	job=$(find "$dir/$1" -name job.json -newer "$dir/.$1-started" | head -n 1)
	code=$(sed -n 's/.*"exit_code":\([0-9][0-9]*\).*/\1/p' "${job:-/dev/null}" 2>/dev/null)
	[ -n "$code" ] && [ "$code" -ne 0 ] || return "$rc"
	echo "bootbench: $1 run $4 of $RUNS: $(sed -n 's/.*"status":"\([a-z-]*\)".*/\1/p' "$job") (exit $code): $job" >&2
	return "$code"
}

# A run that hung (exit 4: the timeout or the silence watchdog) is run
# once more, saying so: on a loaded host one stalled boot should not end
# an hour's comparison; a kernel that hangs again ends it. The hung
# run's directory stays on disk (runs.json lists it, the matrix not).
sides_once_more() {
	sides_one "$@"
	rc=$?
	[ "$rc" -eq 4 ] || return "$rc"
	echo "bootbench: $1 run $4 of $RUNS hung (exit 4): once more" >&2
	sides_one "$@"
}

# The sides take turns, so a change in the host's load over the runs
# falls on both alike.
sides_run() {
	base_cmdline=${CMDLINE:-}${CMDLINE:+${BASE_CMDLINE:+ }}$BASE_CMDLINE
	new_cmdline=${CMDLINE:-}${CMDLINE:+${NEW_CMDLINE:+ }}$NEW_CMDLINE
	i=1
	while [ "$i" -le "$RUNS" ]; do
		sides_once_more base "$BASE_KERNEL" "$base_cmdline" "$i" || exit $?
		sides_once_more new "$NEW_KERNEL" "$new_cmdline" "$i" || exit $?
		i=$((i + 1))
	done
}

# sides_result NAME: the run directory holding NAME's matrix.json.
sides_result() {
	m=$(find "$dir/$1" -name matrix.json | head -n 1)
	[ -n "$m" ] || {
		echo "bootbench: no results under $dir/$1: the runs above say why" >&2
		exit 4
	}
	dirname "$m"
}
