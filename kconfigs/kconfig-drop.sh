#!/bin/sh
# A fragment's options that the tree's Kconfig does not know, dropped.
# kconfigs/ is written for today's kernels; an older tree lacks some of
# its symbols (CONFIG_PVH before 4.19, CONFIG_VIRTIO_MENU before 4.13,
# CONFIG_POSIX_TIMERS before 4.10). Such an option cannot be set there,
# so it is left out with one line naming it; a symbol the tree has but
# olddefconfig lost is still kernel-build.sh's error (a dependency).
# Usage: kconfig-drop.sh KSRC OUTDIR FRAGMENT...
# Writes OUTDIR/<fragment's name> for each fragment that lost a line
# (the others are used as they are) and prints the fragments to merge,
# one a line. The notes go to stderr.
set -eu
ksrc=$1 out=$2
shift 2
[ $# -gt 0 ] || exit 0
mkdir -p "$out"
# Every symbol any Kconfig file of the tree defines (config or
# menuconfig; Kconfig, Kconfig.debug, Kconfig.hz, ...).
syms=$out/.ksyms
find "$ksrc" -name 'Kconfig*' -type f -exec sed -n \
	's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]\{1,\}\).*/\2/p' {} + |
	sort -u >"$syms"
[ -s "$syms" ] || {
	echo "bootbench: KSRC=$ksrc has no Kconfig symbols: give the top of an unpacked kernel tree" >&2
	exit 2
}
ver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$ksrc/Makefile" | paste -sd. -)
for f in "$@"; do
	# The fragment's symbols, set or "is not set", absent from the tree.
	absent=$(sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' "$f" |
		sed 's/^CONFIG_//' | sort -u | comm -23 - "$syms")
	if [ -z "$absent" ]; then
		echo "$f"
		continue
	fi
	drop=
	for s in $absent; do
		echo "bootbench: note: CONFIG_$s of $(basename "$f") is not in this tree's Kconfig (${ver:-unknown version}): dropped" >&2
		drop="$drop -e /^CONFIG_$s=/d -e /^#[[:space:]]CONFIG_$s[[:space:]]is[[:space:]]not[[:space:]]set\$/d"
	done
	sed $drop "$f" >"$out/$(basename "$f")"
	echo "$out/$(basename "$f")"
done
rm -f "$syms"
