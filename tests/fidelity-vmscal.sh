#!/bin/sh
# vm-scalability against the original, natively (docs/benchmarks.md).
# Usage: tests/fidelity-vmscal.sh VMSCAL_DIR [ROUNDS]
# VMSCAL_DIR holds the suite's usemem, built outside this repository
# (`make usemem` in a clone of it). Each round runs every case on both
# sides, the side that goes first alternating round by round: NR tasks
# of SIZE bytes each, the original's case command against ours
# (out/build/guest/bench/vm-scalability, `make all`) with VM_SIZE the
# same bytes. Printed: each side's median KB/s (summed over the tasks,
# as LKP sums them) and the median of the rounds' ratios ours/original.
# A measurement, not a test: quote the load with it.
set -eu
dir=$1
rounds=${2:-5}
NR=${NR:-2}
SIZE=${SIZE:-268435456}
RUNTIME=${RUNTIME:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
ours=${BENCH:-$top/out/build/guest/bench}/vm-scalability
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-fid-vms.XXXXXX")
trap 'rm -rf "$T"' EXIT
[ -x "$dir/usemem" ] || {
	echo "fidelity-vmscal: no usemem in $dir: build it there (make usemem)" >&2
	exit 2
}

# The original's KB/s: usemem's per-task lines, or dd's rates, summed.
usemem_sum() { awk '/KB\/s/ { s += $(NF - 1) } END { print s + 0 }'; }
dd_sum() {
	awk '/copied/ { v = $(NF - 1); u = $NF
		if (u ~ /^GB/) v *= 1e6; else if (u ~ /^MB/) v *= 1e3
		s += v / 1.024 } END { print int(s) }'
}

# One case on the original's side: NR tasks at once, as its script.
theirs() {
	i=0
	while [ "$i" -lt "$NR" ]; do
		case $1 in
		anon-w-seq) "$dir/usemem" --runtime "$RUNTIME" "$SIZE" ;;
		anon-w-rand) "$dir/usemem" --runtime "$RUNTIME" --random "$SIZE" ;;
		anon-r-seq) "$dir/usemem" --runtime "$RUNTIME" --readonly "$SIZE" ;;
		anon-r-rand) "$dir/usemem" --runtime "$RUNTIME" --readonly --random "$SIZE" ;;
		lru-file-mmap-read)
			truncate -s "$SIZE" "$T/f$i"
			"$dir/usemem" --runtime "$RUNTIME" -f "$T/f$i" --readonly "$SIZE" ;;
		lru-file-readonce)
			truncate -s "$SIZE" "$T/f$i"
			timeout -s INT "$RUNTIME" dd bs=4k if="$T/f$i" of=/dev/null ;;
		esac 2>&1 &
		i=$((i + 1))
	done
	wait
	rm -f "$T"/f*
}

one() {
	if [ "$2" = theirs ]; then
		case $1 in
		lru-file-readonce) theirs "$1" | dd_sum ;;
		*) theirs "$1" | usemem_sum ;;
		esac
	else
		TMPDIR=$T "$ours" --vm_test="$1" --vm_size=$((NR * SIZE)) --nr_task="$NR" \
			--runtime="$RUNTIME" | awk '/throughput/ { print int($3) }'
	fi
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "vm-scalability against usemem: $NR tasks of $SIZE bytes, $rounds rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %12s %12s %8s\n' case theirs ours ratio
for c in anon-w-seq anon-w-rand anon-r-seq anon-r-rand lru-file-mmap-read lru-file-readonce; do
	r=0
	: >"$T/t" && : >"$T/o" && : >"$T/r"
	while [ "$r" -lt "$rounds" ]; do
		if [ $((r % 2)) -eq 0 ]; then
			a=$(one "$c" theirs) b=$(one "$c" ours)
		else
			b=$(one "$c" ours) a=$(one "$c" theirs)
		fi
		echo "$a" >>"$T/t" && echo "$b" >>"$T/o"
		awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0) print b / a }' >>"$T/r"
		r=$((r + 1))
	done
	printf '%-20s %12s %12s %8.3f\n' "$c" "$(median <"$T/t")" "$(median <"$T/o")" "$(median <"$T/r")"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
