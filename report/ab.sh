#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make ab BASE_KERNEL=old/bzImage NEW_KERNEL=new/bzImage TEST=.. [RUNS=5]
#         [BASE_CMDLINE=..] [NEW_CMDLINE=..] [THRESHOLD=..] [METRIC=..]
#         [make run variables: DURATION=, SMP=, TIMING=, ...]
#
# Two kernels (or one kernel with two command lines) take turns run by
# run, so that a drift of the host's speed over the minutes falls on
# both sides alike, and bootbench-compare ends with its table and
# verdict (docs/compare.md). The runs go to RESULTS/ab/base and
# RESULTS/ab/new, emptied first. Exit 0 with a verdict (no regression,
# regression or undecidable: make cannot pass those apart; the verdict
# line and bootbench-compare's own exit status 0, 1, 3 do), 2 on bad
# input, else the failing run's status (docs/exit-codes.md).
#
# From make: MAKE O RESULTS COMPARE BASE_KERNEL NEW_KERNEL BASE_CMDLINE
# NEW_CMDLINE RUNS THRESHOLD METRIC; the make run variables reach the
# runs through make's own MAKEFLAGS.

fail() {
	echo "bootbench: $*" >&2
	exit 2
}

if [ -z "$BASE_KERNEL" ] || [ -z "$NEW_KERNEL" ]; then
	fail "say BASE_KERNEL=<the old kernel's bzImage> NEW_KERNEL=<the new one's> (the same one twice with BASE_CMDLINE= or NEW_CMDLINE=)"
fi
for k in "$BASE_KERNEL" "$NEW_KERNEL"; do
	[ -f "$k" ] || fail "kernel $k does not exist: give the path of a bzImage (arch/x86/boot/bzImage) or, with ARCH=arm64, an Image (arch/arm64/boot/Image)"
done
case $RUNS in
'' | *[!0-9]* | 0) fail "RUNS=$RUNS: give the runs per kernel, a whole number, e.g. RUNS=5" ;;
esac

dir="$RESULTS/ab"
rm -rf "$dir/base" "$dir/new"
side() {
	echo "bootbench: $1 run $4 of $RUNS: $2${3:+ with $3}"
	"$MAKE" -s --no-print-directory run O="$O" KERNEL="$2" RESULTS="$dir/$1" \
		RUNS=1 CMDLINE="$3"
}
. "$(dirname "$0")/../lib/sides.sh"
sides_run
base=$(sides_result base) || exit 4
new=$(sides_result new) || exit 4
set -- --no-plot
[ -n "$THRESHOLD" ] && set -- "$@" --threshold "$THRESHOLD"
[ -n "$METRIC" ] && set -- "$@" --metric "$METRIC"
"$COMPARE" "$@" "$base" "$new"
rc=$?
# Any verdict is an answer; only a failure to compare is an error.
[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || [ "$rc" -eq 3 ]
