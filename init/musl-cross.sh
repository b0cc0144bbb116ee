#!/bin/sh
# musl-gcc for another architecture's guest: Debian's cross compiler
# (CROSS_GCC, from package CROSS_PKG) with musl's headers and libraries
# from Debian's musl-dev of DEB_ARCH, unpacked into the build directory
# by initramfs/layer.sh --tree, never installed. musl-dev's own
# musl-gcc.specs names /usr: it is rewritten to point at the unpacked tree.
# Usage: musl-cross.sh BUILDDIR DEB_ARCH CROSS_GCC CROSS_PKG -> BUILDDIR/musl-gcc
set -eu
b=$(mkdir -p "$1" && cd "$1" && pwd)
arch=$2 gcc=$3 pkg=$4
here=$(cd "$(dirname "$0")" && pwd)
command -v "$gcc" >/dev/null 2>&1 || {
	echo "bootbench: $gcc not found: the $arch guest's programs are built with it: install $pkg (make deps ARCH=...)" >&2
	exit 2
}
tree=$(DEB_ARCH=$arch "$here/../initramfs/layer.sh" --tree "$b/.." musl-dev | head -n 1) || exit 2
specs=$(ls "$tree"/usr/lib/*-linux-musl/musl-gcc.specs 2>/dev/null | head -n 1)
[ -n "$specs" ] || {
	echo "bootbench: Debian's musl-dev for $arch has no musl-gcc.specs ($tree): remove $b/.. and run again" >&2
	exit 2
}
sed "s|/usr/|$tree/usr/|g" "$specs" >"$b/musl-gcc.specs"
printf '#!/bin/sh\nexec %s "$@" -specs "%s"\n' "$gcc" "$b/musl-gcc.specs" >"$b/musl-gcc.tmp"
chmod 755 "$b/musl-gcc.tmp"
mv "$b/musl-gcc.tmp" "$b/musl-gcc"
