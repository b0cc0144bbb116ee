#!/bin/sh
# make test-kernel: the distribution's kernel source (linux-source-6.1,
# fetched as a package file and unpacked under O, no root needed) built
# with the kconfigs fragments, then the end-to-end suite on it. The
# build is reused while the base and the fragments stay the same.
# Usage: test-kernel.sh O B KBASE FRAGMENT...
set -eu
O=$1 B=$2 base=$3
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$O/kernel/src"
src=$(cd "$O/kernel/src" && pwd)
tree=$src/linux-source-6.1
if [ ! -f "$tree/Makefile" ]; then
	(
		cd "$src"
		rm -f linux-source-6.1_*.deb
		apt-get download linux-source-6.1 >download.log 2>&1 || {
			echo "bootbench: cannot download linux-source-6.1 ($(tail -n 1 download.log)): run apt-get update as root, or give the tree to make kernel KSRC=" >&2
			exit 2
		}
		echo "  UNPACK  $(ls linux-source-6.1_*.deb)"
		dpkg-deb --fsys-tarfile linux-source-6.1_*.deb |
			tar -xO ./usr/src/linux-source-6.1.tar.xz | tar -xJ
		rm -f linux-source-6.1_*.deb
	)
fi
# Every fragment must configure on this tree, built or not.
for f in "$top"/kconfigs/*.config; do
	CONFIG_ONLY=1 "$top/kconfigs/kernel-build.sh" "$tree" "$O/kernel/check" "$base" \
		"$top/kconfigs/base.config" "$f" >/dev/null 2>"$O/kernel/check.err" || {
		echo "bootbench: kconfigs/$(basename "$f") does not configure on $tree: $(tail -n 1 "$O/kernel/check.err")" >&2
		exit 1
	}
	echo "  KCONFIG kconfigs/$(basename "$f"): every option survives"
done
kout=$O/kernel/kconfigs
stamp=$( (echo "$base" && cat "$@" && sed -n '1,5p' "$tree/Makefile") | cksum)
if [ -f "$kout/arch/x86/boot/bzImage" ] && [ "$(cat "$kout/.bootbench-stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "  KERNEL  $kout/arch/x86/boot/bzImage (cached: same base and fragments)"
else
	"$top/kconfigs/kernel-build.sh" "$tree" "$kout" "$base" "$@" >/dev/null
	echo "$stamp" >"$kout/.bootbench-stamp"
fi
KERNEL=$kout/arch/x86/boot/bzImage O=$O B=$B "$top/tests/run.sh"
