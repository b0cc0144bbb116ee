#!/bin/sh
# Measure what the appliance costs above the kernel's own boot: wall
# time of `bootbench run` for the shortest job against the same kernel
# and QEMU flags with an init that only powers off, alternated, N each.
# Prints both medians and their ratio. Not part of `make test`: it is a
# measurement, and the machine is noisy.
# Environment: O, B, KERNEL (default: the default kernel), N (5), SMP, MEM.
set -eu
O=${O:-out}
B=${B:-$O/build}
N=${N:-5}
SMP=${SMP:-2}
MEM=${MEM:-1024}
KERNEL=${KERNEL:-$O/kernel/default/bzImage}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-overhead.XXXXXX")
trap 'rm -rf "$T"' EXIT
tool=$B/host/bootbench
musl-gcc -static -O2 -o "$T/poweroff" tests/poweroff.c
printf 'file /init %s 755 0 0\ndir /dev 755 0 0\nnod /dev/console 600 0 0 c 5 1\n' \
	"$T/poweroff" >"$T/spec"
"$B/host/mkcpio" -o "$T/poweroff.cpio" "$T/spec"
img=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$B/base.cpio" "$B" "$KERNEL")
echo "image: $(wc -c <"$img") bytes ($img)"

wall() {
	sed -n 's/.*"wall_seconds":\([0-9.e+-]*\).*/\1/p' "$1"/job.json
}
median() {
	sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
i=0
while [ "$i" -lt "$N" ]; do
	"$tool" run --kernel "$KERNEL" --initrd "$T/poweroff.cpio" --test execl \
		--smp "$SMP" --mem "$MEM" --results "$T/floor" >/dev/null 2>&1 || true
	"$tool" run --kernel "$KERNEL" --initrd "$img" --test execl \
		--param duration=1 --param passes=1 --smp "$SMP" --mem "$MEM" \
		--results "$T/job" >/dev/null 2>&1
	i=$((i + 1))
done
for d in "$T"/floor/execl/*/*/*; do wall "$d"; done >"$T/floor.txt"
for d in "$T"/job/execl/*/*/*; do wall "$d"; done >"$T/job.txt"
f=$(median <"$T/floor.txt")
j=$(median <"$T/job.txt")
echo "poweroff-only init: $(tr '\n' ' ' <"$T/floor.txt")-> median $f s"
echo "shortest job (execl, 1 pass of 1 s): $(tr '\n' ' ' <"$T/job.txt")-> median $j s"
awk -v f="$f" -v j="$j" 'BEGIN { printf "ratio job/floor: %.2f\n", j / f }'
