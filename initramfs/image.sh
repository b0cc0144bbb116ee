#!/bin/sh
# Give the initramfs for one kernel: the base image, plus for a modular
# kernel the module subset from its tree, as two concatenated newc
# archives (the kernel unpacks both). Cached per release and tree.
# A job whose tests or disk run Debian programs gets their layers
# appended too (layer.sh), so the images of the other jobs stay as small
# as ever. What a job needs is said once, by the host tool, which reads
# the job: PLAN holds `bootbench run --image-plan`'s lines, "layer NAME"
# and "modules SET" (initramfs/modules-SET.list). Such an image has
# IMAGE.packages beside it: "package version" lines, which the host tool
# records in job.json. A plan that names the job's benchmarks ("bench
# NAME") gets core.cpio (the base without /bench's programs, beside
# BASE_CPIO) and an archive of just those; without such lines (a test
# that gives the image by hand to several jobs) the base has them all.
# Usage: [PLAN=lines] [BOOTBENCH_RELEASE=release] image.sh BOOTBENCH MKCPIO BASE_CPIO BUILDDIR KERNEL [MODULES]
# Prints the image's path; errors are one line and exit 2.
set -eu
tool=$1 mkcpio=$2 base=$3 build=$4 kernel=$5 modules=${6:-}
# dir_of PATH: its directory, as dirname says, without a process (a
# run of this script is on every make run's path).
dir_of() {
	case $1 in
	*/*) echo "${1%/*}" ;;
	*) echo . ;;
	esac
}
here=$(cd "$(dir_of "$0")" && pwd)

die() {
	echo "bootbench: $*" >&2
	exit 2
}

# For the host tool's memo (boot/imagememo.c), when it gives IMAGE_DEPS:
# "input PATH", a file whose change remakes the image; "output PATH",
# one the image is made of, which must still be there; "nomemo -", a
# part whose freshness only its own script can tell (a Debian layer).
deps_say() {
	[ -z "${IMAGE_DEPS:-}" ] || printf '%s %s\n' "$1" "$2" >>"$IMAGE_DEPS"
}
deps_say input "$here/image.sh"

# The plan's items of kind $1 ("layer", "modules"), one a line, each
# once, in the plan's order (the job's tests first: job.json lists the
# benchmark's package first).
plan_items() {
	pi_seen=' '
	printf '%s\n' "${PLAN:-}" | while read -r pi_kind pi_name pi_rest; do
		[ "$pi_kind" = "$1" ] && [ -n "$pi_name" ] && [ -z "$pi_rest" ] || continue
		case $pi_name in *[!a-z0-9_-]*) continue ;; esac
		case $pi_seen in *" $pi_name "*) continue ;; esac
		pi_seen="$pi_seen$pi_name "
		echo "$pi_name"
	done
}

# The archive of the plan's benchmarks, each with its images beside it
# (execl's execl-image and execl-image-dyn: harness_aux_exec), cached
# per set in $build/images/bench; printed, or nothing when the plan
# names none.
bench_cpio() {
	names=$(plan_items bench | sort)
	[ -n "$names" ] || return 0
	dir=$(dir_of "$base")/guest/bench
	key=$(echo $names | tr ' ' '+')
	# A job of many tests: its name would outgrow a file name.
	[ ${#key} -le 64 ] || key=$(echo "$key" | cksum | cut -d' ' -f1)
	out=$build/images/bench${DEB_ARCH:+-$DEB_ARCH}/$key.cpio
	mkdir -p "${out%/*}"
	# Runs of two kernels share it: one writes.
	exec 8>"${out%/*}/.lock"
	flock 8
	for n in $names; do
		[ -f "$dir/$n" ] || die "the image plan names benchmark $n, which $dir does not have: build it with make"
		for f in "$dir/$n" "$dir/$n"-image*; do
			[ -f "$f" ] || continue
			echo "file /bench/${f##*/} $f 755 0 0"
			deps_say input "$f"
		done
	done >"$out.spec.tmp"
	if [ ! -f "$out" ] || ! cmp -s "$out.spec.tmp" "$out.spec" ||
		[ -n "$(find "$dir" -newer "$out" -type f | head -1)" ]; then
		mv "$out.spec.tmp" "$out.spec"
		"$mkcpio" -o "$out.tmp" "$out.spec"
		mv "$out.tmp" "$out"
	fi
	rm -f "$out.spec.tmp"
	deps_say output "$out"
	echo "$out"
}

# Print image $1, or $1 with the layers of the job's tests appended
# (cached in directory $2).
layers_add() {
	bench=
	[ "$first" = "$base" ] || bench=$(bench_cpio) || exit 2
	layers=
	# A job of our own benchmarks only (a boot-only job's) has no layer:
	# no Debian package to find, so no layer.sh, mklayer or cpp.
	if [ -n "$(plan_items layer)" ]; then
		# shellcheck disable=SC2046 # one word per test
		layers=$("$here/layer.sh" "$(dir_of "$mkcpio")/mklayer" "$mkcpio" "$build" $(plan_items layer)) || exit 2
		deps_say nomemo -
	fi
	if [ -z "$bench$layers" ]; then
		echo "$1"
		return
	fi
	name=
	for l in $bench $layers; do
		l=${l##*/}
		name=$name${l%.cpio}+
	done
	out=${1##*/}
	out=$2/${out%.cpio}-${name%+}.cpio
	[ -d "$2" ] || mkdir -p "$2"
	# Written again only when a part is newer (each is remade, so newer,
	# when what it holds changes): the parts of a job with a Debian
	# layer are megabytes, and every run of the job came through here.
	fresh=1
	[ -f "$out" ] && { [ -z "$layers" ] || [ -f "$out.packages" ]; } || fresh=0
	for l in "$1" $bench $layers; do
		[ "$fresh" = 0 ] || [ ! "$l" -nt "$out" ] || fresh=0
	done
	if [ "$fresh" = 0 ]; then
		# shellcheck disable=SC2086 # the layers are a word list
		cat "$1" $bench $layers >"$out.tmp"
		[ -z "$layers" ] || for l in $layers; do cat "${l%.cpio}.packages"; done >"$out.packages"
		mv "$out.tmp" "$out"
	fi
	deps_say output "$out"
	echo "$out"
}

# The first archive: core.cpio when the plan names the benchmarks.
first=$base
core=$(dir_of "$base")/core.cpio
if [ -n "$(plan_items bench)" ] && [ -f "$core" ]; then
	first=$core
fi
deps_say input "$first"

[ -f "$kernel" ] || die "KERNEL=$kernel does not exist: give the path of a bzImage (arch/x86/boot/bzImage)"
# The host tool that runs us knows the release already.
rel=${BOOTBENCH_RELEASE:-}
[ -n "$rel" ] || rel=$("$tool" release "$kernel") || exit 2
kdir=$(cd "$(dir_of "$kernel")" && pwd)

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
	# Runs started together share the layers: one builds them.
	mkdir -p "$build/images"
	exec 9>"$build/images/.lock"
	flock 9
	layers_add "$first" "$build/images/builtin${DEB_ARCH:+-$DEB_ARCH}"
	exit 0
fi

moddir=$(cd "$moddir" && pwd)
# The base is in the key: an arm64 base given an x86 kernel (refused
# later, by the run) built an image the x86 runs then took, and every
# one panicked (No working init found).
key=$(printf '%s %s' "$moddir" "$(cd "$(dir_of "$base")" && pwd)/${base##*/}" | cksum | cut -d' ' -f1)
cache=$build/images/$rel-$key
mkdir -p "$cache"
# Runs started together (CI, RUNS in parallel) share this cache: one
# builds, the others wait and find it done.
exec 9>"$cache/.lock"
flock 9
# A job with a disk gets the disk's modules as well, one with fs2 the
# NFS server's and client's, one of netperf's SCTP tests the kernel's
# sctp: one module tree with one index, so a superset archive in place
# of the usual one.
modset=modules
lists=$here/modules.list
for m in $(plan_items modules); do
	[ -f "$here/modules-$m.list" ] || die "the image plan names module set $m, which has no initramfs/modules-$m.list"
	modset=$modset-$m
	lists="$lists $here/modules-$m.list"
done
mods=$cache/$modset.cpio
stale=0
for f in $lists "$here/modules.sh" "$here/image.sh"; do
	[ "$f" -nt "$mods" ] && stale=1
done
# image.sh itself was said at the top.
for f in $lists "$here/modules.sh"; do deps_say input "$f"; done
if [ ! -f "$mods" ] || [ "$stale" = 1 ]; then
	echo "  MODULES $rel ($moddir${modset#modules})" >&2
	# shellcheck disable=SC2086 # the lists are a word list
	cat $lists >"$cache/$modset.list"
	"$here/modules.sh" "$rel" "$moddir" "$cache/stage" "$cache/$modset.list" >"$cache/$modset.spec"
	# The sets a benchmark asked for keep their list in the image: the
	# init loads what it names (shared/modsets.h's MODSETS_DIR).
	echo "dir /etc/modsets 755 0 0" >>"$cache/$modset.spec"
	for m in $(plan_items modules); do
		echo "file /etc/modsets/$m.list $here/modules-$m.list 644 0 0" >>"$cache/$modset.spec"
	done
	"$mkcpio" -o "$mods" "$cache/$modset.spec"
fi
tag=
[ "$first" = "$base" ] || tag=-core
img=$cache/initramfs$tag${modset#modules}.cpio
if [ ! -f "$img" ] || [ "$first" -nt "$img" ] || [ "$mods" -nt "$img" ]; then
	cat "$first" "$mods" >"$img.tmp"
	mv "$img.tmp" "$img"
fi
deps_say output "$mods"
deps_say output "$img"
layers_add "$img" "$cache"
exec 9>&-
