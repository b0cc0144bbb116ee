#!/bin/sh
# Build a kernel the appliance boots with nothing but its initramfs:
# a base config (tinyconfig unless KBASE says otherwise) merged with
# the fragments in kconfigs/, out of tree. Fails listing any requested
# option that olddefconfig dropped (a dependency missing); an option
# whose symbol the tree's Kconfig lacks (an older kernel) is left out
# with a note instead (kconfig-drop.sh).
# Usage: kernel-build.sh KSRC OUTDIR BASE FRAGMENT...
# BASE is a make target (tinyconfig, defconfig) or a .config file (a
# report's kconfig), brought to this tree by olddefconfig.
# CONFIG_ONLY=1 stops after the check, with OUTDIR/.config written;
# KCC is the compiler (ccache gcc), default kbuild's.
# KARCH, KIMAGE, CROSS_COMPILE (from boot/arch.def through make kernel
# ARCH=): the kernel's ARCH, the image to build, the cross compiler's
# prefix (empty for the host's); default x86, bzImage.
set -eu
karch=${KARCH:-x86} kimage=${KIMAGE:-bzImage}
ksrc=$1 out=$2 base=$3
shift 3
[ -f "$ksrc/Makefile" ] && [ -d "$ksrc/arch/x86" ] || {
	echo "bootbench: KSRC=$ksrc is not a Linux source tree: give the top of a kernel tree" >&2
	exit 2
}
mkdir -p "$out"
out=$(cd "$out" && pwd)
abs=
for f in "$@"; do
	abs="$abs $(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
done
set -- $abs
jobs=$(nproc 2>/dev/null || echo 2)
kmake() {
	set -- -s -C "$ksrc" O="$out" ARCH="$karch" CROSS_COMPILE="${CROSS_COMPILE:-}" "$@"
	if [ -n "${KCC:-}" ]; then
		make "$@" CC="$KCC"
	else
		make "$@"
	fi
}
echo "  KCONFIG $base + $*"
if [ -f "$base" ]; then
	cp "$base" "$out/.config"
else
	kmake "$base" >/dev/null
fi
# Options the tree's Kconfig lacks (an older kernel) dropped, each said.
kept=$("$(dirname "$0")/kconfig-drop.sh" "$ksrc" "$out/.fragments" "$@") || exit 2
set -- $kept
frags=
[ -f "$ksrc/kernel/configs/kvm_guest.config" ] && frags="$ksrc/kernel/configs/kvm_guest.config"
(cd "$out" && "$ksrc/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" $frags "$@" >/dev/null)
kmake olddefconfig >/dev/null
missing=
for f in "$@"; do
	for opt in $(grep -E '^CONFIG_[A-Z0-9_]+=' "$f"); do
		grep -qx "$opt" "$out/.config" || missing="$missing $opt"
	done
	for opt in $(sed -n 's/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1/p' "$f"); do
		grep -q "^$opt=" "$out/.config" && missing="$missing $opt(off)"
	done
done
if [ -n "$missing" ]; then
	echo "bootbench: these options did not survive olddefconfig (a dependency is missing):$missing" >&2
	exit 1
fi
# An older tree's traps with today's toolchain (kconfigs/eras.def): the
# make variables that answer them, one a line, or an error naming one.
eravars=
[ "$karch" != x86 ] || eravars=$("$(dirname "$0")/era.sh" "$ksrc" "$out/.config") || exit 2
# Kept beside the objects: an incremental build of the tree (ksrc.sh's
# new kernel) gives the same, else kbuild rebuilds what they change.
printf '%s\n' "$eravars" | grep . >"$out/.era" || :
[ "${CONFIG_ONLY:-0}" = 1 ] && exit 0
echo "  KBUILD  $kimage ($karch, $jobs jobs; this takes minutes)"
[ -z "$eravars" ] || echo "  ERA     $(echo "$eravars" | paste -sd' ' -) (kconfigs/eras.def)"
set -f
IFS='
'
# shellcheck disable=SC2086 # one make variable a line
kmake -j"$jobs" $eravars "$kimage"
echo "$out/arch/$karch/boot/$kimage"
