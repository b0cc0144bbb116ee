#!/bin/sh
# Give the initramfs for one kernel: the base image, plus for a modular
# kernel the module subset from its tree, as two concatenated newc
# archives (the kernel unpacks both). Cached per release and tree.
# Usage: image.sh BOOTBENCH MKCPIO BASE_CPIO BUILDDIR KERNEL [MODULES]
# Prints the image's path; errors are one line and exit 2.
set -eu
tool=$1 mkcpio=$2 base=$3 build=$4 kernel=$5 modules=${6:-}
here=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "bootbench: $*" >&2
	exit 2
}

[ -f "$kernel" ] || die "KERNEL=$kernel does not exist: give the path of a bzImage (arch/x86/boot/bzImage)"
rel=$("$tool" release "$kernel") || exit 2
kdir=$(cd "$(dirname "$kernel")" && pwd)

moddir=
if [ -n "$modules" ]; then
	if [ -d "$modules/lib/modules/$rel" ]; then
		moddir=$modules/lib/modules/$rel
	elif [ -d "$modules/$rel" ]; then
		moddir=$modules/$rel
	elif [ -d "$modules" ] && ls "$modules" | grep -q '^modules\.\|^kernel$'; then
		moddir=$modules
	else
		die "MODULES=$modules holds no module tree for $rel: give the lib/modules/$rel directory (make modules_install INSTALL_MOD_PATH=dir)"
	fi
else
	for d in "$kdir/root/lib/modules/$rel" "$kdir/../lib/modules/$rel" "/lib/modules/$rel"; do
		if [ -d "$d/kernel" ]; then
			moddir=$d
			break
		fi
	done
fi

if [ -z "$moddir" ]; then
	config=
	for c in "$kdir/config-$rel" "$kdir/root/boot/config-$rel" "$kdir/../../../.config" "/boot/config-$rel"; do
		if [ -f "$c" ]; then
			config=$c
			break
		fi
	done
	if [ -n "$config" ] && grep -q '^CONFIG_VIRTIO_CONSOLE=m' "$config"; then
		die "kernel $rel is modular (CONFIG_VIRTIO_CONSOLE=m in $config) but its module tree was not found: give MODULES=<dir>/lib/modules/$rel"
	fi
	# Everything the appliance needs is built in (or we cannot tell).
	echo "$base"
	exit 0
fi

moddir=$(cd "$moddir" && pwd)
key=$(printf '%s' "$moddir" | cksum | cut -d' ' -f1)
cache=$build/images/$rel-$key
mkdir -p "$cache"
# Runs started together (CI, RUNS in parallel) share this cache: one
# builds, the others wait and find it done.
exec 9>"$cache/.lock"
flock 9
mods=$cache/modules.cpio
if [ ! -f "$mods" ] || [ "$here/modules.list" -nt "$mods" ] || [ "$here/modules.sh" -nt "$mods" ]; then
	echo "  MODULES $rel ($moddir)" >&2
	"$here/modules.sh" "$rel" "$moddir" "$cache/stage" "$here/modules.list" >"$cache/modules.spec"
	"$mkcpio" -o "$mods" "$cache/modules.spec"
fi
img=$cache/initramfs.cpio
if [ ! -f "$img" ] || [ "$base" -nt "$img" ] || [ "$mods" -nt "$img" ]; then
	cat "$base" "$mods" >"$img.tmp"
	mv "$img.tmp" "$img"
fi
exec 9>&-
echo "$img"
