# Sourced by report/ab.sh and reproduce/reproduce.sh: two kernels' runs
# taking turns, then each side's result directory. The caller defines
# `side NAME KERNEL CMDLINE I` (one run of one side) and sets RUNS, dir,
# BASE_KERNEL, NEW_KERNEL, BASE_CMDLINE and NEW_CMDLINE.

# A run that hung (exit 4: the timeout or the silence watchdog) is run
# once more, saying so: on a loaded host one stalled boot should not end
# an hour's comparison; a kernel that hangs again ends it. The hung
# run's directory stays on disk (runs.json lists it, the matrix not).
sides_once_more() {
	side "$@"
	rc=$?
	[ "$rc" -eq 4 ] || return "$rc"
	echo "bootbench: $1 run $4 of $RUNS hung (exit 4): once more" >&2
	side "$@"
}

# The sides take turns, so a change in the host's load over the runs
# falls on both alike.
sides_run() {
	i=1
	while [ "$i" -le "$RUNS" ]; do
		sides_once_more base "$BASE_KERNEL" "$BASE_CMDLINE" "$i" || exit $?
		sides_once_more new "$NEW_KERNEL" "$NEW_CMDLINE" "$i" || exit $?
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
