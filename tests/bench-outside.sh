#!/bin/sh
# make bench-outside: how long `make run TEST=boot` spends outside QEMU
# (make, the host tool, the image, the result), N times: the command's
# wall time less the wall time of QEMU's own process, timed by a
# wrapper given as QEMU= that starts the real one and notes its start
# and end. With BASE_TREE=<another checkout, built> its make run takes
# turns with this tree's, each in its own O, for a before and after.
# Each run writes into a fresh RESULTS, as a CI job's first run does
# (the matrix of a kernel's runs is read again at every run).
# Environment: O, N (5), BASE_TREE, BASE_O (BASE_TREE/out), QEMU_BIN.
set -eu
. "$(dirname "$0")/bench-lib.sh"
O=${O:-out}
N=${N:-5}
top=$(cd "$(dirname "$0")/.." && pwd)
real=${QEMU_BIN:-$(command -v qemu-system-x86_64)} || {
	echo "bootbench: make bench-outside needs qemu-system-x86_64: make deps installs it" >&2
	exit 2
}
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-outside.XXXXXX")
trap 'rm -rf "$T"' EXIT
printf '#!/bin/sh\ns=$(date +%%s%%N)\n"%s" "$@"\nrc=$?\necho "$s $(date +%%s%%N)" >>"%s/qemu.times"\nexit $rc\n' \
	"$real" "$T" >"$T/qemu"
chmod +x "$T/qemu"
sides="this:$top:$O"
if [ -n "${BASE_TREE:-}" ]; then
	[ -f "$BASE_TREE/Makefile" ] || {
		echo "bootbench: BASE_TREE=$BASE_TREE is not a bootbench checkout: give one, built (make run in it once)" >&2
		exit 2
	}
	sides="base:$BASE_TREE:${BASE_O:-$BASE_TREE/out} $sides"
fi
# one SIDE TREE O I: a run's outside milliseconds, appended to $T/SIDE.
one() {
	rm -f "$T/qemu.times"
	t0=$(date +%s%N)
	make -s -C "$2" run TEST=boot O="$3" QEMU="$T/qemu" RESULTS="$T/r-$1-$4" >"$T/run.log" 2>&1 || {
		echo "bootbench: make run TEST=boot in $2 failed: $(tail -n 1 "$T/run.log")" >&2
		exit 1
	}
	t1=$(date +%s%N)
	# The longest QEMU process is the boot; a -version probe is outside.
	q=$(awk '{ d = $2 - $1; if (d > m) m = d } END { print m + 0 }' "$T/qemu.times")
	echo $(((t1 - t0 - q) / 1000000)) $((q / 1000000)) >>"$T/$1"
}
for s in $sides; do
	IFS=: read -r name tree o <<END
$s
END
	one "$name" "$tree" "$o" warm
	: >"$T/$name"
done
i=1
while [ "$i" -le "$N" ]; do
	for s in $sides; do
		IFS=: read -r name tree o <<END
$s
END
		one "$name" "$tree" "$o" "$i"
	done
	i=$((i + 1))
done
echo "make run TEST=boot, $N runs a side, load $(cut -d' ' -f1-3 /proc/loadavg):"
for s in $sides; do
	name=${s%%:*}
	printf '  %-5s outside QEMU (ms): %s  median %s; QEMU median %s ms\n' "$name" \
		"$(cut -d' ' -f1 "$T/$name" | tr '\n' ' ')" "$(cut -d' ' -f1 "$T/$name" | median)" \
		"$(cut -d' ' -f2 "$T/$name" | median)"
done
