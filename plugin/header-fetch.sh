#!/bin/sh
# Fetch qemu-plugin.h of the QEMU that will run the plugin, from Debian's
# qemu source package of that exact version, into the build directory.
# Debian ships no header package (its debian/not-installed lists the
# header); nothing of QEMU is committed. The source list is private: the
# system's apt configuration is not touched (init/libkmod-build.sh does
# the same for kmod).
# Usage: header-fetch.sh BUILDDIR QEMU  -> BUILDDIR/<version>/qemu-plugin.h
# Prints the header's path.
set -eu
b=$(mkdir -p "$1" && cd "$1" && pwd)
qemu=$2
# The Debian version of the binary's package ("1:7.2+dfsg-7+deb12u18+b3"):
# QEMU prints it in parentheses. A binNMU (+bN) has its source's version.
ver=$("$qemu" -version 2>/dev/null | sed -n 's/^QEMU emulator version [^ ]* (Debian \([^)]*\)).*/\1/p' | head -n 1)
if [ -z "$ver" ]; then
	echo "bootbench: $qemu is not a Debian-built QEMU (no '(Debian <version>)' in -version): build the plugin by hand against that QEMU's include/qemu/qemu-plugin.h (docs/profile.md)" >&2
	exit 2
fi
srcver=$(echo "$ver" | sed 's/+b[0-9]*$//')
# The source package's files carry the version without its epoch.
noepoch=${srcver#*:}
dir="$b/$noepoch"
if [ -f "$dir/qemu-plugin.h" ]; then
	echo "$dir/qemu-plugin.h"
	exit 0
fi
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
mirror=$("$(dirname "$0")/../lib/debian-mirror.sh") || mirror=
if [ -z "$mirror" ]; then
	echo "bootbench: no apt mirror for '$codename' is configured: the plugin's header comes from Debian's qemu source package (or put it at $dir/qemu-plugin.h)" >&2
	exit 1
fi
mkdir -p "$dir/src"
apt="apt-get $("$(dirname "$0")/../lib/debian-apt.sh" "$b")"
# The version may be a backport or a security update: offer every suite.
{
	for s in "$codename" "$codename-updates" "$codename-backports"; do
		printf 'deb-src %s %s main\n' "$mirror" "$s"
	done
	printf 'deb-src %s %s-security main\n' "$(echo "$mirror" | sed 's,/debian/*$,/debian-security,')" "$codename"
} >"$b/sources.list"
echo "  FETCH   qemu $srcver source package (for qemu-plugin.h; once)" >&2
$apt update >"$b/apt.log" 2>&1 || true
# The upstream tarball holds the header; a missing .dsc or Debian
# tarball (some mirrors lack a backport's) only costs Debian's patches.
(cd "$dir/src" && $apt source --download-only "qemu=$srcver" >>"$b/apt.log" 2>&1) ||
	ls "$dir"/src/qemu_*.orig.tar.* >/dev/null 2>&1 || {
	echo "bootbench: Debian's qemu source package $srcver could not be downloaded (see $b/apt.log): put that version's include/qemu/qemu-plugin.h at $dir/qemu-plugin.h" >&2
	exit 1
}
orig=$(ls "$dir"/src/qemu_*.orig.tar.* | head -n 1)
tar -xOf "$orig" --wildcards '*/include/qemu/qemu-plugin.h' >"$dir/qemu-plugin.h.tmp"
# Debian's own patches may touch the header: apply theirs to it.
deb=$(ls "$dir"/src/qemu_*.debian.tar.* 2>/dev/null | head -n 1)
if [ -n "$deb" ]; then
	mkdir -p "$dir/debian"
	tar -xf "$deb" -C "$dir"
	for p in $(cat "$dir/debian/patches/series" 2>/dev/null | sed 's/#.*//'); do
		# Only the header's part of a patch: its diff header to the next one.
		awk '/^--- / { keep = 0 } /^--- .*include\/qemu\/qemu-plugin.h/ { keep = 1 } keep' \
			"$dir/debian/patches/$p" >"$dir/p.diff"
		[ -s "$dir/p.diff" ] && patch -s "$dir/qemu-plugin.h.tmp" "$dir/p.diff"
	done
fi
[ -s "$dir/qemu-plugin.h.tmp" ] || {
	echo "bootbench: no include/qemu/qemu-plugin.h in $orig" >&2
	exit 1
}
mv "$dir/qemu-plugin.h.tmp" "$dir/qemu-plugin.h"
rm -rf "$dir/src" "$dir/debian" "$dir/p.diff"
echo "$dir/qemu-plugin.h"
