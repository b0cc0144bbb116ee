#!/bin/sh
# How much of a population of report mails the reader accepts: each MAIL
# given to `bootbench reproduce MAIL DIR` (what `make reproduce DRY=1`
# runs first: the job is written or the mail refused, exit 2, nothing
# booted). Prints a line a mail ("ok NAME" or "refused NAME: reason"),
# then "accepted N of M (P%)". Run it with two host tools (another
# tree's out/build/host/bootbench) for a before and after.
# Usage: tests/tools/reach.sh BOOTBENCH MAIL...
[ $# -ge 2 ] || { echo "usage: tests/tools/reach.sh BOOTBENCH MAIL..." >&2; exit 2; }
tool=$1
shift
[ -x "$tool" ] || { echo "reach: $tool is no host tool: make all (out/build/host/bootbench)" >&2; exit 2; }
d=$(mktemp -d "${TMPDIR:-/tmp}/reach.XXXXXX")
trap 'rm -rf "$d"' EXIT
n=0 ok=0
for m in "$@"; do
	n=$((n + 1))
	if "$tool" reproduce "$m" "$d/out" >/dev/null 2>"$d/err"; then
		ok=$((ok + 1))
		echo "ok $(basename "$m" .txt)"
	else
		echo "refused $(basename "$m" .txt): $(grep '^bootbench: ' "$d/err" | grep -v ': \(read\|report\|guessed\|left out\|  \)' | tail -n 1 | cut -c12-160)"
	fi
done
awk -v a=$ok -v n=$n 'BEGIN { printf "accepted %d of %d (%.1f%%)\n", a, n, n ? 100 * a / n : 0 }'
