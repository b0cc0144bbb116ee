#!/bin/sh
# gcc with glibc for another architecture's guest (exec_link=dynamic's
# loops, benchmarks/execl-image.c): Debian's cross compiler (CROSS_GCC,
# from package CROSS_PKG) over a sysroot of Debian's libc6-dev,
# linux-libc-dev and libc6 of DEB_ARCH, unpacked into the build
# directory by initramfs/layer.sh --tree, never installed.
# Usage: glibc-cross.sh BUILDDIR DEB_ARCH CROSS_GCC CROSS_PKG -> BUILDDIR/glibc-gcc
set -eu
b=$(mkdir -p "$1" && cd "$1" && pwd)
arch=$2 gcc=$3 pkg=$4
here=$(cd "$(dirname "$0")" && pwd)
command -v "$gcc" >/dev/null 2>&1 || {
	echo "bootbench: $gcc not found: the $arch guest's programs are built with it: install $pkg (make deps ARCH=...)" >&2
	exit 2
}
trees=$(DEB_ARCH=$arch "$here/../initramfs/layer.sh" --tree "$b/.." libc6-dev linux-libc-dev libc6) || exit 2
rm -rf "$b/glibc-sysroot.tmp"
mkdir -p "$b/glibc-sysroot.tmp"
for t in $trees; do
	cp -al "$t/." "$b/glibc-sysroot.tmp/"
done
rm -rf "$b/glibc-sysroot"
mv "$b/glibc-sysroot.tmp" "$b/glibc-sysroot"
printf '#!/bin/sh\nexec %s --sysroot "%s" "$@"\n' "$gcc" "$b/glibc-sysroot" >"$b/glibc-gcc.tmp"
chmod 755 "$b/glibc-gcc.tmp"
mv "$b/glibc-gcc.tmp" "$b/glibc-gcc"
