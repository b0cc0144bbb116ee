#!/bin/sh
# make bench-virtme VNG=<dir>: how soon `make run TEST=boot` gives its
# first result against virtme-ng's `vng --run KERNEL --exec 'uname -r'`
# on the same kernel, and the floor (the same kernel and QEMU flags as
# bootbench's boot, an init that only powers off). N rounds, the order of
# the three rotated each round (the first of a round may find the host
# quieter), each timed from the command to its exit; medians and ratios.
# A measurement, not a test: nothing of virtme-ng is committed and this
# script downloads nothing. VNG is a directory holding Debian's
# virtme-ng package unpacked (arch:all Python; trixie has it, bookworm
# not): `apt-get download virtme-ng` with trixie in a private source
# list, then `dpkg-deb -x virtme-ng_*.deb DIR`. Its Python dependencies
# (python3-argcomplete, python3-requests) and busybox, file and
# qemu-system-x86 are bookworm's. Debian's package ships no
# virtme-ng-init (the Rust init): vng falls back to its shell init.
# Environment: O, B, VNG, N (5), SMP (2), MEM (1024), KERNEL (the default).
set -eu
O=${O:-out}
B=${B:-$O/build}
N=${N:-5}
SMP=${SMP:-2}
MEM=${MEM:-1024}
VNG=${VNG:-}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
kernel=${KERNEL:-$O/kernel/default/bzImage}
[ -n "$VNG" ] && [ -f "$VNG/usr/bin/vng" ] || {
	echo "bench-virtme: say VNG=<dir> holding Debian's virtme-ng unpacked (dpkg-deb -x virtme-ng_*.deb DIR; the package is trixie's)" >&2
	exit 2
}
[ -f "$kernel" ] || {
	echo "bench-virtme: no kernel $kernel: make test fetches the default one (or say KERNEL=<bzImage with root/lib/modules beside it>)" >&2
	exit 2
}
VNG=$(cd "$VNG" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-bench-virtme.XXXXXX")
trap 'rm -rf "$T"' EXIT
tool=$B/host/bootbench
. tests/bench-lib.sh
bench_floor_make

# vng finds a kernel's modules at <root>/lib/modules/<release> above its
# image and runs depmod there when modules.dep is missing (Debian's
# package has none): a root of hard links in the build dir, so that the
# kernel's own directory is never written to.
kdir=$(cd "$(dirname "$kernel")" && pwd)
rel=$(cat "$kdir/release")
kroot=$kdir/root
vroot=$B/vng-root
if ! [ -f "$vroot/lib/modules/$rel/modules.dep" ]; then
	rm -rf "$vroot"
	mkdir -p "$vroot/boot" "$vroot/lib/modules/$rel"
	cp -al "$kroot/boot/vmlinuz-$rel" "$vroot/boot/"
	cp -al "$kroot/lib/modules/$rel/." "$vroot/lib/modules/$rel/"
	depmod -b "$vroot" "$rel"
fi

# now: seconds since the epoch, with nanoseconds.
now() {
	date +%s.%N
}

# One timed run of $1 (floor, bootbench, vng), its seconds appended to
# $T/$1; a run that fails stops the measurement, saying which.
one() {
	t0=$(now)
	case $1 in
	floor)
		# It powers off without a result: bootbench run says so,
		# exit 1; QEMU's own exit is the end of the boot.
		"$tool" run --kernel "$kernel" --initrd "$T/poweroff.cpio" --test boot \
			--vmlinux-cache "$B/vmlinux" --smp "$SMP" --mem "$MEM" \
			--results "$T/floor" >"$T/out" 2>&1
		grep -q 'left out of matrix.json' "$T/out"
		;;
	bootbench)
		make -s run O="$O" KERNEL="$kernel" TEST=boot SMP="$SMP" MEM="$MEM" \
			RESULTS="$T/bb" >"$T/out" 2>&1
		;;
	vng)
		PATH="$VNG/usr/bin:$PATH" PYTHONPATH="$VNG/usr/lib/python3/dist-packages" \
			/usr/bin/python3 "$VNG/usr/bin/vng" --run "$vroot/boot/vmlinuz-$rel" \
			--disable-kvm -p "$SMP" -m "${MEM}M" --exec 'uname -r' \
			</dev/null >"$T/out" 2>&1 && grep -qx "$rel" "$T/out"
		;;
	esac || {
		echo "bench-virtme: $1 failed: $(tail -n 3 "$T/out" | tr '\n' ' ')" >&2
		exit 1
	}
	echo "$(now) $t0" | awk '{ printf "%.3f\n", $1 - $2 }' >>"$T/t.$1"
}

echo "bench-virtme: $kernel ($rel), SMP=$SMP MEM=${MEM}M, $N rounds rotated, wall seconds from the command to its exit"
echo "load before: $(uptime | sed 's/.*load average: //')"
# One unmeasured run of each: make's first build, vng's first initramfs.
for w in floor bootbench vng; do one "$w"; done
rm -f "$T"/t.*
i=0
while [ "$i" -lt "$N" ]; do
	case $((i % 3)) in
	0) order="floor bootbench vng" ;;
	1) order="bootbench vng floor" ;;
	*) order="vng floor bootbench" ;;
	esac
	for w in $order; do one "$w"; done
	i=$((i + 1))
done
floor=$(median <"$T/t.floor")
bb=$(median <"$T/t.bootbench")
vng=$(median <"$T/t.vng")
printf '%-10s %8s  %s\n' what median runs
for w in floor bootbench vng; do
	printf '%-10s %8.2f  %s\n' "$w" "$(median <"$T/t.$w")" "$(tr '\n' ' ' <"$T/t.$w")"
done
awk -v f="$floor" -v b="$bb" -v v="$vng" 'BEGIN {
	printf "vng / bootbench %.2f; bootbench / floor %.2f; vng / floor %.2f\n", v / b, b / f, v / f }'
echo "load after: $(uptime | sed 's/.*load average: //')"
