#!/bin/sh
# make bench-boot: what the appliance costs above the kernel's own boot.
# For the default kernel and for the kernel `make kernel` built from
# kconfigs/ (when there is one), by each boot path (BOOT=bzimage, and
# BOOT=pvh when the kernel has a PVH entry): the wall time of a
# boot-only job (TEST=boot) through bootbench run, against the floor,
# the same kernel and QEMU flags with an init that only powers off; N of
# each, alternated (which of the two goes first too), medians, their ratio
# and the median of each round's ratio (paired), and where the job's time
# went (job.json "boot", docs/results.md). A measurement, not a test: the
# machine is noisy, so it is not part of `make test`.
# Environment: O, B, KCONFIG_KERNEL, N (5), SMP (2), MEM (1024), DRY
# (1: the floor and the images made, as for the runs, and nothing booted:
# tests/targets.sh checks with it that the rule names all they need).
set -eu
O=${O:-out}
B=${B:-$O/build}
N=${N:-5}
SMP=${SMP:-2}
MEM=${MEM:-1024}
DRY=${DRY:-}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-bench-boot.XXXXXX")
trap 'rm -rf "$T"' EXIT
tool=$B/host/bootbench
. tests/bench-lib.sh
bench_floor_make

# The median of one job.json field over the runs of $name/$1 ($1 is
# <path>/floor or <path>/job).
col() {
	for d in "$T/$name/$1"/boot/*/*/[0-9]*; do field "$d" "$2"; done | median
}

# One boot-only run: $1 the path (bzimage, pvh), $2 floor or job.
boot() {
	case $2 in floor) initrd=$T/poweroff.cpio ;; *) initrd=$img ;; esac
	"$tool" run --kernel "$kernel" --initrd "$initrd" --test boot --boot "$1" \
		--vmlinux-cache "$B/vmlinux" --smp "$SMP" --mem "$MEM" \
		--results "$T/$name/$1/$2" >/dev/null 2>&1
}

measure() {
	name=$1 kernel=$2
	# The image make run TEST=boot boots: no other benchmark in it.
	img=$(PLAN=$("$tool" run --image-plan --test boot) initramfs/image.sh "$tool" "$B/host/mkcpio" "$B/base.cpio" "$B" "$kernel")
	if [ "$DRY" = 1 ]; then
		echo "$name: $N boot-only jobs of $kernel ($img) against the floor ($T/poweroff.cpio): DRY=1, none booted"
		return
	fi
	# Extracted once here, so that no timed run pays the decompression.
	paths=bzimage
	"$tool" vmlinux "$kernel" "$B/vmlinux" >/dev/null && paths="bzimage pvh"
	i=0
	while [ "$i" -lt "$N" ]; do
		for p in $paths; do
			# Sides alternated: whatever a boot inherits from the
			# one before it, a fixed order would give to one side.
			[ $((i % 2)) -eq 1 ] || boot "$p" floor || true
			boot "$p" job || {
				echo "bench-boot: the boot-only job failed on $kernel (BOOT=$p)" >&2
				exit 1
			}
			[ $((i % 2)) -eq 0 ] || boot "$p" floor || true
		done
		i=$((i + 1))
	done
	for p in $paths; do
		floor=$(col "$p/floor" wall_seconds)
		job=$(col "$p/job" wall_seconds)
		# Each round's job over its floor: the noise of the host's
		# moment shared by the two.
		paired=$(k=0; while [ "$k" -lt "$N" ]; do
			f=$(field "$T/$name/$p/floor/boot"/*/*/"$k" wall_seconds)
			j=$(field "$T/$name/$p/job/boot"/*/*/"$k" wall_seconds)
			[ -n "$f" ] && [ -n "$j" ] && awk -v f="$f" -v j="$j" 'BEGIN { print j / f }'
			k=$((k + 1))
		done | median)
		row=$(printf '%-9s %-7s %6.2f %6.2f %6.2f %6.2f' "$name" "$p" "$floor" "$job" \
			"$(awk -v f="$floor" -v j="$job" 'BEGIN { print j / f }')" "$paired")
		for k in firmware_s kernel_s init_s job_s poweroff_s; do
			row="$row $(printf '%8.2f' "$(col "$p/job" "$k")")"
		done
		echo "$row"
	done
	echo "  image $(wc -c <"$img") bytes, kernel $(wc -c <"$kernel") bytes; load: $(uptime | sed 's/.*load average: //')"
}

echo "medians of $N boots each, paths and floor/job alternated; SMP=$SMP MEM=${MEM}M; seconds"
echo "load before: $(uptime | sed 's/.*load average: //')"
echo "kernel    path     floor    job  ratio paired firmware   kernel     init      job poweroff"
measure default "$O/kernel/default/bzImage"
kk=${KCONFIG_KERNEL:-$O/kernel/build/arch/x86/boot/bzImage}
if [ -f "$kk" ]; then
	measure kconfigs "$kk"
else
	echo "kconfigs: no $kk: build one with make kernel KSRC=<linux tree> (or say KCONFIG_KERNEL=)"
fi
