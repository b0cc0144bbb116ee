#!/bin/sh
# Fetch the distribution's generic kernel into the build cache, once.
# Usage: kernel-fetch.sh DESTDIR
# Leaves DESTDIR/root (unpacked package), DESTDIR/bzImage and
# DESTDIR/release; it is the default KERNEL when none is given.
set -eu
dest=$1
if [ -f "$dest/bzImage" ] && [ -f "$dest/release" ]; then
	exit 0
fi
command -v apt-get >/dev/null 2>&1 || {
	echo "kernel-fetch: no apt-get: give a kernel with KERNEL=path/to/bzImage" >&2
	exit 1
}
meta=linux-image-amd64
pkg=$(apt-cache depends "$meta" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "kernel-fetch: apt-cache knows no $meta: run 'apt-get update' (as root), or give KERNEL=path/to/bzImage" >&2
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
	echo "kernel-fetch: 'apt-get download $pkg' failed: check the network, or give KERNEL=path/to/bzImage" >&2
	exit 1
}
dpkg-deb -x "$tmp"/*.deb "$tmp/root"
rm -f "$tmp"/*.deb
img=$(ls "$tmp"/root/boot/vmlinuz-* | head -n 1)
rel=${img##*/vmlinuz-}
ln -s "root/boot/vmlinuz-$rel" "$tmp/bzImage"
echo "$rel" >"$tmp/release"
rm -rf "$dest"
mv "$tmp" "$dest"
trap - EXIT
