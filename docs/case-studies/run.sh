#!/bin/sh
# Rerun a case study from scratch on a new machine (docs/case-studies/):
# Debian's linux-source-6.1, the base kernel built with make kernel, the
# case's patch applied for the new kernel (an incremental build of a copy
# of the base's build directory, with its own release), the source put
# back, then the case's commands. Takes about 25 minutes on 2 cores for
# the kernels, then the runs.
# Usage: docs/case-studies/run.sh NAME   (NAME.patch and NAME.cmds beside)
# Environment: WORK (default out/case-studies/NAME).
set -eu
name=${1:?usage: docs/case-studies/run.sh NAME}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
[ -f "$here/$name.patch" ] && [ -f "$here/$name.cmds" ] || {
	echo "case-study: no $name.patch and $name.cmds in $here: give a case's name (ls docs/case-studies)" >&2
	exit 2
}
work=${WORK:-$top/out/case-studies/$name}
mkdir -p "$work"
work=$(cd "$work" && pwd)

# Debian's kernel source, the version bookworm ships.
if [ ! -d "$work/src" ]; then
	(cd "$work" && apt-get download -q linux-source-6.1) || {
		echo "case-study: 'apt-get download linux-source-6.1' failed: check the network and the apt sources" >&2
		exit 2
	}
	dpkg-deb -x "$work"/linux-source-6.1_*.deb "$work/deb"
	tar -C "$work" -xf "$work"/deb/usr/src/linux-source-6.1.tar.xz
	mv "$work/linux-source-6.1" "$work/src"
	rm -rf "$work/deb"
fi
release=$(make -s -C "$work/src" kernelversion)
base=$work/base/arch/x86/boot/bzImage
new=$work/new/arch/x86/boot/bzImage
[ -f "$base" ] || make -C "$top" kernel KSRC="$work/src" KOUT="$work/base"
if [ ! -f "$new" ]; then
	rm -rf "$work/new"
	cp -a "$work/base" "$work/new"
	patch -d "$work/src" -p1 <"$here/$name.patch"
	# The source goes back whatever the build does.
	trap 'patch -R -d "$work/src" -p1 <"$here/$name.patch"' EXIT
	make -s -C "$work/src" O="$work/new" LOCALVERSION="-$name" -j"$(nproc)" bzImage
fi
echo "case-study: base $release at $base, new $release-$name at $new"
# The case's commands, with BASE, NEW and RESULTS set.
BASE=$base NEW=$new RESULTS=$work/results
export BASE NEW RESULTS
cd "$top"
sh -eux "$here/$name.cmds"
