#!/bin/sh
# Fetch the distribution's generic kernel into the build cache, once.
# Usage: kernel-fetch.sh DESTDIR [ARCH [BUILDDIR]]
# Leaves DESTDIR/root (unpacked package), DESTDIR/<image> (bzImage,
# Image: boot/arch.def) and DESTDIR/release; it is the default KERNEL
# when none is given. Another architecture's package comes through
# initramfs/layer.sh's private package lists (nothing installed).
set -eu
dest=$1
here=$(cd "$(dirname "$0")" && pwd)
row=$("$here/arch.sh" ${2:+"$2"}) || exit 2
arch_get() { echo "$row" | sed -n "s/^ARCH_$1=//p"; }
image=$(arch_get IMAGE) meta=$(arch_get KERNEL_PKG)
if [ -f "$dest/$image" ] && [ -f "$dest/release" ]; then
	exit 0
fi
command -v apt-get >/dev/null 2>&1 || {
	echo "kernel-fetch: no apt-get: give a kernel with KERNEL=path/to/$image" >&2
	exit 1
}
host=$("$here/arch.sh" | sed -n 's/^ARCH_NAME=//p')
if [ "$(arch_get NAME)" != "$host" ]; then
	echo "  FETCH   $meta (default $(arch_get NAME) kernel, once)"
	tree=$(DEB_ARCH=$(arch_get DEB_ARCH) "$here/../initramfs/layer.sh" --tree "${3:-$(dirname "$dest")/../build}" "$meta") || exit 1
	img=$(ls "$tree"/boot/vmlinuz-* | head -n 1)
	rel=${img##*/vmlinuz-}
	rm -rf "$dest"
	mkdir -p "$dest"
	ln -s "$tree" "$dest/root"
	ln -s "root/boot/vmlinuz-$rel" "$dest/$image"
	echo "$rel" >"$dest/release"
	exit 0
fi
pkg=$(apt-cache depends "$meta" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "kernel-fetch: apt-cache knows no $meta: run 'apt-get update' (as root), or give KERNEL=path/to/$image" >&2
	exit 1
fi
tmp="$dest.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp/root"
trap 'rm -rf "$tmp"' EXIT
echo "  FETCH   $pkg (default kernel, once)"
# As root, apt's _apt user may not reach the build directory: stay root.
sandbox=
[ "$(id -u)" = 0 ] && sandbox="-o APT::Sandbox::User=root"
(cd "$tmp" && apt-get download -q $sandbox "$pkg" >/dev/null) || {
	echo "kernel-fetch: 'apt-get download $pkg' failed: check the network, or give KERNEL=path/to/$image" >&2
	exit 1
}
dpkg-deb -x "$tmp"/*.deb "$tmp/root"
rm -f "$tmp"/*.deb
img=$(ls "$tmp"/root/boot/vmlinuz-* | head -n 1)
rel=${img##*/vmlinuz-}
ln -s "root/boot/vmlinuz-$rel" "$tmp/$image"
echo "$rel" >"$tmp/release"
rm -rf "$dest"
mv "$tmp" "$dest"
trap - EXIT
