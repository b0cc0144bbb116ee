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
# A run killed outright (SIGKILL, a power cut) may have left the patch
# in: taken out first, so the base is built and patched from pristine.
cs_patched=0
cs_unpatch() {
	[ "$cs_patched" = 1 ] || return 0
	cs_patched=0
	patch -R -s -f -d "$work/src" -p1 <"$here/$name.patch" >/dev/null
}
if patch -R --dry-run -s -f -d "$work/src" -p1 <"$here/$name.patch" >/dev/null 2>&1; then
	echo "case-study: $work/src still holds $name.patch (a run killed outright): taking it out" >&2
	cs_patched=1
	cs_unpatch
fi
[ -f "$base" ] || make -C "$top" kernel KSRC="$work/src" KOUT="$work/base"
# The new kernel is built in new.tmp (a copy of the base's build) and
# moved to new only when built: a failed or interrupted build never
# leaves the base's bzImage where the new one belongs (a new that is
# the base, left so by an older script, is built again).
if [ ! -f "$new" ] || cmp -s "$base" "$new"; then
	rm -rf "$work/new" "$work/new.tmp"
	cp -a "$work/base" "$work/new.tmp"
	# The source goes back whatever the build does, on INT, TERM and HUP too.
	trap 'cs_unpatch; rm -rf "$work/new.tmp"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	cs_patched=1
	patch -s -f -d "$work/src" -p1 <"$here/$name.patch"
	make -s -C "$work/src" O="$work/new.tmp" LOCALVERSION="-$name" -j"$(nproc)" bzImage
	mv "$work/new.tmp" "$work/new"
	cs_unpatch
	trap - EXIT INT TERM HUP
fi
echo "case-study: base $release at $base, new $release-$name at $new"
# The case's commands, with BASE, NEW and RESULTS set.
BASE=$base NEW=$new RESULTS=$work/results
export BASE NEW RESULTS
cd "$top"
sh -eux "$here/$name.cmds"
