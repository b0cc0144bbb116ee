#!/bin/sh
# For `git bisect run` inside a kernel tree: build the checked-out
# commit with `make kernel`, run the job RUNS times, compare the
# headline metric with a good baseline, and answer git bisect:
# 0 good, 1 bad (a regression beyond THRESHOLD that the test backs),
# 125 skip (the kernel did not build or boot, or the test cannot decide
# with RUNS runs: compare's exit 3), 255 stop (bad input).
#
# Usage: git bisect run <bootbench>/report/bisect-run.sh BASE=<dir> \
#            [TEST=..] [RUNS=5] [THRESHOLD=2] [METRIC=..] [make run vars]
# BASE is the good kernel's result directory (<RESULTS>/<test>/<params>/
# <release>) from `make run RUNS=5` with the same job. README has a
# whole example.
set -u
bb=$(cd "$(dirname "$0")/.." && pwd)
base= runs=5 threshold=2 metric= test=execl o="$bb/out"
# make run's variables are kept as whole words at the end of "$@"
# (CMDLINE=quiet mitigations=off is one), the arguments shifted off.
nargs=$#
for a in "$@"; do
	case $a in
	BASE=*) base=${a#BASE=} ;;
	RUNS=*) runs=${a#RUNS=} ;;
	THRESHOLD=*) threshold=${a#THRESHOLD=} ;;
	METRIC=*) metric=${a#METRIC=} ;;
	TEST=*) test=${a#TEST=} ;;
	O=*) o=${a#O=} ;;
	# The script sets these itself.
	RESULTS=* | KERNEL=*) ;;
	# The rest are make run's: MODE=, SMP=, DURATION=, ...
	*=*) set -- "$@" "$a" ;;
	*)
		echo "bisect-run: $a: give KEY=value arguments (BASE=, TEST=, RUNS=, THRESHOLD=, make run variables)" >&2
		exit 255
		;;
	esac
done
shift "$nargs"
if [ -z "$base" ] || [ ! -f "$base/matrix.json" ]; then
	echo "bisect-run: BASE=$base is not a result directory with matrix.json: run the good commit first (README, 'Bisect')" >&2
	exit 255
fi
ksrc=$(git rev-parse --show-toplevel 2>/dev/null) || {
	echo "bisect-run: run me from inside the kernel's git tree (git bisect run)" >&2
	exit 255
}
commit=$(git rev-parse --short HEAD)
kout="$o/bisect/build"
res="$o/bisect/results-$commit"
log="$o/bisect/$commit.log"
mkdir -p "$o/bisect"

echo "bisect-run: $commit: building (log: $log)"
if ! make -s -C "$bb" kernel O="$o" KSRC="$ksrc" KOUT="$kout" >"$log" 2>&1; then
	echo "bisect-run: $commit: the kernel does not build: skip" >&2
	exit 125
fi
rm -rf "$res"
echo "bisect-run: $commit: $runs runs of $test"
if ! make -s -C "$bb" run O="$o" KERNEL="$kout/arch/x86/boot/bzImage" \
	RESULTS="$res" RUNS="$runs" TEST="$test" "$@" >>"$log" 2>&1; then
	echo "bisect-run: $commit: the kernel did not boot or the job failed: skip ($(grep '^bootbench:' "$log" | tail -1))" >&2
	exit 125
fi
dir=$(dirname "$(find "$res" -name matrix.json | head -1)")
set -- --no-plot --threshold "$threshold"
[ -n "$metric" ] && set -- "$@" --metric "$metric"
"$o/build/host/bootbench-compare" "$@" "$base" "$dir" >>"$log" 2>&1
rc=$?
grep '^new: ' "$log" | tail -1 | sed "s/^new: /bisect-run: $commit: /"
case $rc in
0) echo "bisect-run: $commit: good" ;;
1) echo "bisect-run: $commit: bad" ;;
3)
	# Never "good" from a test that could not have said "bad".
	echo "bisect-run: $commit: $(grep '^verdict: ' "$log" | tail -1 | sed 's/^verdict: //'): skip" >&2
	exit 125
	;;
*)
	echo "bisect-run: $commit: compare failed ($(tail -1 "$log")): stop" >&2
	exit 255
	;;
esac
exit $rc
