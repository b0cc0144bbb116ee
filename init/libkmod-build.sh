#!/bin/sh
# Build libkmod.a for musl from Debian's kmod source package, into the
# build directory. Nothing of kmod is committed: the source is
# downloaded at build time through a private apt list that reuses the
# mirror the system already has configured.
# Usage: libkmod-build.sh BUILDDIR [CC HOST]  -> BUILDDIR/lib/libkmod.a, BUILDDIR/include/libkmod.h
# CC and HOST (a GNU triplet) cross-build it for another architecture's
# guest (init/musl-cross.sh's musl-gcc); default: musl-gcc, this host.
set -eu
b=$(mkdir -p "$1" && cd "$1" && pwd)
cc=${2:-musl-gcc}
host=${3:+--host=$3}
if [ -f "$b/lib/libkmod.a" ] && [ -f "$b/include/libkmod.h" ]; then
	# Built before: a newer copy of this script (a pull) changes nothing
	# in it, and make must see it as up to date or rebuild forever.
	touch "$b/lib/libkmod.a"
	exit 0
fi
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
mirror=$("$(dirname "$0")/../lib/debian-mirror.sh") || mirror=
if [ -z "$mirror" ]; then
	echo "libkmod-build: no apt mirror for '$codename' is configured: libkmod for musl is built from Debian's kmod source package" >&2
	exit 1
fi
apt="apt-get $("$(dirname "$0")/../lib/debian-apt.sh" "$b")"
printf 'deb-src %s %s main\n' "$mirror" "$codename" >"$b/sources.list"
mkdir -p "$b/src"
echo "  FETCH   kmod source package ($mirror)"
$apt update >"$b/apt.log" 2>&1 || {
	echo "libkmod-build: apt-get update of the source list failed (see $b/apt.log)" >&2
	exit 1
}
(cd "$b/src" && $apt source --download-only kmod >>"$b/apt.log" 2>&1) || {
	echo "libkmod-build: downloading the kmod source package failed (see $b/apt.log)" >&2
	exit 1
}
orig=$(ls "$b"/src/kmod_*.orig.tar.* | head -n 1)
rm -rf "$b/kmod"
mkdir -p "$b/kmod"
tar -xf "$orig" -C "$b/kmod" --strip-components=1
echo "  BUILD   libkmod.a (musl${3:+, $3})"
(
	cd "$b/kmod"
	# kmod's own autogen.sh does this when gtk-doc is absent.
	touch libkmod/docs/gtk-doc.make
	autoreconf -fi
	CC=$cc ./configure $host --without-zstd --without-xz --without-zlib \
		--without-openssl --disable-manpages --disable-test-modules \
		--disable-tools --disable-logging --disable-debug
	make libkmod/libkmod.la
) >"$b/build.log" 2>&1 || {
	echo "libkmod-build: building libkmod failed (see $b/build.log)" >&2
	exit 1
}
mkdir -p "$b/lib" "$b/include"
rm -f "$b/lib/libkmod.a"
"${3:+$3-}ar" rcs "$b/lib/libkmod.a" "$b"/kmod/libkmod/.libs/*.o "$b"/kmod/shared/.libs/*.o
cp "$b/kmod/libkmod/libkmod.h" "$b/include/"
