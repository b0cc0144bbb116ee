#!/bin/sh
# Give the initramfs for one kernel: the base image, plus for a modular
# kernel the module subset from its tree, as two concatenated newc
# archives (the kernel unpacks both). Cached per release and tree.
# A test that runs a Debian benchmark gets its layer appended too
# (layer.sh), so the images of the other tests stay as small as ever;
# the tests are TEST's (a comma list) or, when empty, the job file
# JOB's. Such an image has IMAGE.packages beside it: "package version"
# lines, which the host tool records in job.json.
# Usage: [TEST=a,b] [JOB=file] image.sh BOOTBENCH MKCPIO BASE_CPIO BUILDDIR KERNEL [MODULES]
# Prints the image's path; errors are one line and exit 2.
set -eu
tool=$1 mkcpio=$2 base=$3 build=$4 kernel=$5 modules=${6:-}
here=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "bootbench: $*" >&2
	exit 2
}

# The job's tests, from TEST or the job file's "test =" line.
job_tests() {
	t=${TEST:-}
	if [ -z "$t" ] && [ -n "${JOB:-}" ] && [ -f "$JOB" ]; then
		t=$(sed -n 's/^test *= *//p' "$JOB" | tr -d '[] ')
	fi
	echo "$t" | tr ',' ' '
}

# Print image $1, or $1 with the layers of the job's tests appended
# (cached in directory $2).
layers_add() {
	# shellcheck disable=SC2046 # one word per test
	layers=$("$here/layer.sh" "$(dirname "$mkcpio")/mklayer" "$mkcpio" "$build" $(job_tests)) || exit 2
	if [ -z "$layers" ]; then
		echo "$1"
		return
	fi
	name=$(for l in $layers; do basename "$l" .cpio; done | tr '\n' '+')
	out=$2/initramfs-${name%+}.cpio
	mkdir -p "$2"
	# shellcheck disable=SC2086 # the layers are a word list
	cat "$1" $layers >"$out.tmp"
	for l in $layers; do cat "${l%.cpio}.packages"; done >"$out.packages"
	mv "$out.tmp" "$out"
	echo "$out"
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
	layers_add "$base" "$build/images/builtin"
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
layers_add "$img" "$cache"
exec 9>&-
