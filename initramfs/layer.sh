#!/bin/sh
# Build the image layer of each test that runs a Debian benchmark
# (benchmarks/debian.def): its binaries and the shared libraries they
# need, and its data files as they are (mklayer), as a newc archive to
# append to the base image, and a .packages file naming the package and
# its version. Cached while the files and this machinery do not change.
# Usage: layer.sh MKLAYER MKCPIO BUILDDIR TEST...
# Prints the path of each layer built; errors are one line and exit 2.
set -eu
mklayer=$1 mkcpio=$2 build=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
def=$here/../benchmarks/debian.def

die() {
	echo "bootbench: $*" >&2
	exit 2
}

for t in "$@"; do
	line=$(grep "^DEBIAN($t," "$def") || continue
	pkg=$(echo "$line" | cut -d'"' -f2)
	bins=$(echo "$line" | cut -d'"' -f4)
	ver=$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null) || ver=
	[ -n "$ver" ] || die "TEST=$t runs Debian's $pkg, which is not installed: run 'make deps' (as root) or apt-get install -y $pkg"
	dir=$build/layers
	mkdir -p "$dir"
	out=$dir/$t.cpio
	fresh=1
	[ -f "$out" ] || fresh=0
	for f in $bins "$def" "$mklayer" "$here/layer.sh"; do
		[ "$fresh" = 1 ] && [ "$f" -nt "$out" ] && fresh=0
	done
	[ "$(cat "$dir/$t.packages" 2>/dev/null)" = "$pkg $ver" ] || fresh=0
	if [ "$fresh" = 0 ]; then
		echo "  LAYER   $t ($pkg $ver)" >&2
		# shellcheck disable=SC2086 # the binaries are a word list
		"$mklayer" $bins >"$dir/$t.spec" || exit 2
		"$mkcpio" -o "$out" "$dir/$t.spec" || exit 2
		echo "$pkg $ver" >"$dir/$t.packages"
	fi
	echo "$out"
done
