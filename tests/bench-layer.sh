#!/bin/sh
# make bench-layer: what a Debian benchmark's layer costs the boot. The
# default kernel boots a boot-only job (TEST=boot) N times from the
# image an in-house test gets and N times from the image with LAYER's
# layer appended (stress-ng's by default), alternated; prints both
# images' sizes and the medians of the boot's wall time and of its
# kernel part (where the initramfs is unpacked), with their ratios. A
# measurement, not a test: the machine is noisy.
# Environment: O, B, N (5), SMP (2), MEM (1024), LAYER (stress-ng).
set -eu
O=${O:-out}
B=${B:-$O/build}
N=${N:-5}
SMP=${SMP:-2}
MEM=${MEM:-1024}
LAYER=${LAYER:-stress-ng}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-bench-layer.XXXXXX")
trap 'rm -rf "$T"' EXIT
tool=$B/host/bootbench
kernel=$O/kernel/default/bzImage
plain=$(PLAN= initramfs/image.sh "$tool" "$B/host/mkcpio" "$B/base.cpio" "$B" "$kernel")
layered=$(PLAN="layer $LAYER" initramfs/image.sh "$tool" "$B/host/mkcpio" "$B/base.cpio" "$B" "$kernel")
[ "$plain" != "$layered" ] || {
	echo "bench-layer: TEST=$LAYER has no layer (benchmarks/debian.def)" >&2
	exit 2
}

. tests/bench-lib.sh
col() {
	for d in "$T/$1"/boot/*/*/[0-9]*; do field "$d" "$2"; done | median
}

i=0
while [ "$i" -lt "$N" ]; do
	for side in plain layered; do
		eval img=\$$side
		"$tool" run --kernel "$kernel" --initrd "$img" --test boot --smp "$SMP" \
			--mem "$MEM" --results "$T/$side" >/dev/null 2>&1 || {
			echo "bench-layer: the boot-only job failed with $img" >&2
			exit 1
		}
	done
	i=$((i + 1))
done
echo "medians of $N boot-only jobs each, alternated; SMP=$SMP MEM=${MEM}M; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "image               bytes   wall_s kernel_s"
for side in plain layered; do
	eval img=\$$side
	printf '%-10s %14d %8.2f %8.2f\n' "$side" "$(wc -c <"$img")" \
		"$(col "$side" wall_seconds)" "$(col "$side" kernel_s)"
done
awk -v a="$(wc -c <"$plain")" -v b="$(wc -c <"$layered")" \
	-v w1="$(col plain wall_seconds)" -v w2="$(col layered wall_seconds)" \
	-v k1="$(col plain kernel_s)" -v k2="$(col layered kernel_s)" \
	'BEGIN { printf "ratio      %14.2f %8.2f %8.2f\n", b / a, w2 / w1, k2 / k1 }'
