#!/bin/sh
# Build the image layer of each test that runs a Debian benchmark, and
# of the disk and NFS tools (benchmarks/debian.def), from Debian's
# archive, never from the host: the row's package and the shared
# library packages it depends on (lib*, recursively), resolved for the
# guest's release and architecture, downloaded with apt-get download
# (no root) and unpacked with dpkg-deb -x into
# BUILDDIR/debs/<arch>/<package>_<version>/, never installed. mklayer
# then takes the row's files and their libraries from those trees
# alone, with their own dynamic loader and libc, and fails in one line
# when one is missing. The layer is a newc archive to append to the
# base image, with a .packages file: "package version" of every package
# a file of the layer came from, the row's first.
#
# Fetched on first use, then cached: a layer is rebuilt only when the
# machinery or its row changes, offline. DEB_REFRESH=1 (make fetch)
# refreshes the package lists and the layers. DEB_RELEASE (default:
# debian.def's DEBIAN_RELEASE) and DEB_ARCH (default amd64) choose the
# archive; the mirror is the one apt is configured with, or DEB_MIRROR.
#
# A row whose first package names a release, "stress-ng/trixie" (apt's
# own syntax), takes all its packages from that release whatever
# DEB_RELEASE says, and its files go under /opt/debian/<release> in the
# guest, with that release's own loader and libc (mklayer -p): beside
# the image's own release, not over it (benchmarks/external.h).
#
# DEB_OFFLINE=1 never uses the network: a layer whose package lists or
# packages are not cached fails in one line (make check's native runs).
#
# Usage: layer.sh MKLAYER MKCPIO BUILDDIR LAYER...
#        layer.sh --root MKLAYER MKCPIO BUILDDIR LAYER...
#        layer.sh --tree BUILDDIR PACKAGE...
# Prints the path of each layer built; --root, of each layer unpacked
# into a directory laid out as the guest's root, <layer>.native beside it
# (the guest's very files, for the benchmark's native run:
# BOOTBENCH_ROOT=<it> out/build/guest/bench/fio ..., benchmarks/external.h);
# --tree prints the unpacked tree of each PACKAGE (another architecture's
# musl, busybox or kernel, for the guest's build: nothing installed).
# Errors are one line and exit 2.
set -eu
tree= unpack=
case $1 in
--tree)
	tree=1
	shift
	set -- - - "$@"
	;;
--root)
	unpack=1
	shift
	;;
esac
mklayer=$1 mkcpio=$2
# apt reads a relative Dir:: path under /etc/apt: make it absolute.
build=$(mkdir -p "$3" && cd "$3" && pwd)
shift 3
here=$(cd "$(dirname "$0")" && pwd)
def=$here/../benchmarks/debian.def
# debian.def's DEBIAN_RELEASE, read by the preprocessor (lib/descs-cpp.sh).
rel=${DEB_RELEASE:-$("$here/../lib/descs-cpp.sh" "${HOSTCC:-cc}" benchmarks/debian.def -D'DEBIAN_RELEASE(r)=@@ r' |
	awk '$1 == "@@" { gsub(/"/, "", $2); print $2 }')}
arch=${DEB_ARCH:-amd64}
debs=$build/debs/$arch

# The archive of release $1: its package lists, layers and apt options.
layer_release() {
	rel=$1
	idx=$debs/lists-$rel
	dir=$build/layers/$rel-$arch
	mkdir -p "$dir"
	apt_o="$("$here/../lib/debian-apt.sh" "$idx") -o APT::Architecture=$arch -o APT::Architectures=$arch"
}
rel0=$rel
[ -z "$rel" ] || layer_release "$rel"

die() {
	echo "bootbench: $*" >&2
	exit 2
}

# The private sources list: the Debian mirrors apt is configured with
# (the host's release, -updates, -security), for release $rel.
layer_sources() {
	if [ -n "${DEB_MIRROR:-}" ]; then
		printf 'deb [arch=%s] %s %s main\n' "$arch" "$DEB_MIRROR" "$rel"
		return
	fi
	[ "$(. /etc/os-release && echo "${ID:-}")" = debian ] || return 0
	host=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	# shellcheck disable=SC2016 # apt's format, not the shell's
	apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null | sort -u |
		awk -v h="$host" -v r="$rel" -v a="$arch" '
			$2 == h || $2 == h "-updates" || $2 == h "-security" {
				s = $2; sub(h, r, s); print "deb [arch=" a "] " $1 " " s " main" }'
}

# Debian $rel's package lists for $arch, fetched once (or refreshed).
layer_lists() {
	if [ -z "${DEB_REFRESH:-}" ] && ls "$idx/lists" 2>/dev/null | grep -q '_Packages'; then
		return 0
	fi
	[ -z "${DEB_OFFLINE:-}" ] ||
		die "Debian $rel's package lists ($arch) are not in $idx, and DEB_OFFLINE forbids the network: fetch them first (make fetch TEST=...)"
	layer_sources >"$idx/sources.list"
	[ -s "$idx/sources.list" ] ||
		die "no Debian mirror is configured in apt on this machine: say DEB_MIRROR=<a Debian mirror's URL>"
	echo "  FETCH   Debian $rel package lists ($arch)" >&2
	# shellcheck disable=SC2086 # the options are a word list
	apt-get $apt_o update >"$idx/update.log" 2>&1 && ! grep -q '^[EW]: ' "$idx/update.log" &&
		ls "$idx/lists" | grep -q '_Packages' ||
		die "fetching Debian $rel's package lists for $arch failed ($(grep -m1 '^[EW]: ' "$idx/update.log" | cut -c1-120)): check the network and DEB_RELEASE/DEB_ARCH, then 'make fetch TEST=...'"
}

# "package version" of packages $@ and of the shared library packages
# (Section: libs, or named lib*) they depend on, recursively, the first
# alternative or provider of each dependency: what the binaries can
# need. Maintainer scripts' dependencies (adduser, debconf, udev) are
# never fetched; mklayer's check proves the set complete.
layer_resolve() {
	for p in "$@"; do
		# shellcheck disable=SC2086
		apt-cache $apt_o show --no-all-versions "$p" >/dev/null 2>&1 ||
			die "Debian $rel has no package $p for $arch: name one that exists there in its DEBIAN row (benchmarks/debian.def or the benchmark's .desc), or choose another DEB_RELEASE/DEB_ARCH"
	done
	seen=" $* " todo=$*
	while [ -n "$todo" ]; do
		# shellcheck disable=SC2086 # package lists are word lists
		apt-cache $apt_o show --no-all-versions $todo 2>/dev/null |
			awk '/^Package:/ { p = $2 } /^Version:/ { print p, $2 }'
		new=
		# shellcheck disable=SC2086
		for n in $(apt-cache $apt_o depends --no-recommends --no-suggests --no-conflicts \
			--no-breaks --no-replaces --no-enhances $todo 2>/dev/null | awk '
			/^[^ ]/ { next }
			/^  \|?(Pre)?Depends:/ { n = $2; sub(/:.*/, "", n); a = ($1 ~ /^\|/); w = 0
				if (skip) { skip = a; next } skip = a
				if (n ~ /^</) w = 1; else print n; next }
			/^    / { if (w) { print $1; w = 0 } }' | sort -u); do
			case "$seen" in *" $n "*) ;; *) new="$new $n" ;; esac
		done
		seen="$seen$new "
		todo=
		[ -n "$new" ] || break
		# shellcheck disable=SC2086
		todo=$(apt-cache $apt_o show --no-all-versions $new 2>/dev/null | awk '
			/^Package:/ { p = $2 }
			/^Section:/ && ($2 ~ /^(libs|oldlibs)$/ || p ~ /^lib/) { print p }' | sort -u)
	done
}

# Download and unpack the packages of set $1 not yet in the cache; each
# tree appears whole (renamed from a temporary directory) or not at all.
layer_fetch() {
	need=
	while read -r p v; do
		[ -d "$debs/${p}_$v" ] || need="$need $p=$v"
	done <"$1"
	[ -n "$need" ] || return 0
	# The first three name it; a layer can lack fifty libraries.
	[ -z "${DEB_OFFLINE:-}" ] ||
		die "$(echo $need | awk '{ printf "%s %s %s%s", $1, $2, $3, (NF > 3 ? " and " NF - 3 " more" : "") }'): not in $debs, and DEB_OFFLINE forbids the network: fetch them first (make fetch TEST=...)"
	echo "  FETCH  $need" >&2
	tmp=$debs/.fetch.$$
	rm -rf "$tmp"
	mkdir -p "$tmp/debs"
	# shellcheck disable=SC2086
	(cd "$tmp/debs" && apt-get $apt_o download $need) >"$debs/download.log" 2>&1 ||
		{
			rm -rf "$tmp"
			die "downloading$need from Debian $rel ($arch) failed ($(grep -m1 '^E: ' "$debs/download.log" | cut -c1-120)): check the network, or refresh the package lists with 'make fetch TEST=...'"
		}
	for deb in "$tmp"/debs/*.deb; do
		p=$(dpkg-deb -f "$deb" Package) v=$(dpkg-deb -f "$deb" Version)
		rm -rf "$tmp/x"
		dpkg-deb -x "$deb" "$tmp/x" || die "unpacking $deb failed: remove $debs and run again"
		mv -T "$tmp/x" "$debs/${p}_$v"
	done
	rm -rf "$tmp"
}

# The packages (of set $2) the files of spec $1 came from, row's first.
layer_owners() {
	root=$dir/$t.root
	sed -n 's/^file [^ ]* \([^ ]*\) .*/\1/p' "$1" | while read -r src; do
		while read -r p v; do
			if [ -e "$debs/${p}_$v${src#"$root"}" ]; then
				echo "$p $v"
				break
			fi
		done <"$2"
	done | sort -u >"$1.owners"
	head -n 1 "$2"
	grep -vxF "$(head -n 1 "$2")" "$1.owners" || true
	rm -f "$1.owners"
}

# Build layer $t of package $pkg with files $bins into $out.
layer_build() {
	# A failure leaves nothing half-written behind.
	trap 'rm -rf "$dir/$t.set.tmp" "$dir/$t.root" "$out.tmp" "$dir/$t.packages.tmp"' EXIT
	layer_lists
	# shellcheck disable=SC2086 # a row may name more packages
	layer_resolve $pkg >"$dir/$t.set.tmp"
	layer_fetch "$dir/$t.set.tmp"
	ver=$(head -n 1 "$dir/$t.set.tmp" | cut -d' ' -f2)
	echo "  LAYER   $t (${pkg%% *} $ver, Debian $rel $arch)" >&2
	root=$dir/$t.root
	rm -rf "$root"
	mkdir -p "$root"
	while read -r p v; do
		cp -alf "$debs/${p}_$v/." "$root/"
	done <"$dir/$t.set.tmp"
	# A row's "*" names a directory of the guest's architecture:
	# matched in the tree, never on the host. Other paths go to
	# mklayer as they are: it finds /usr/sbin/x at /sbin/x in a
	# release from before the /usr merge (bookworm's e2fsprogs).
	files=
	set -f
	for f in $bins; do
		case $f in
		*'*'*)
			set +f
			for g in "$root"$f; do
				[ -e "$g" ] || die "Debian $rel's $pkg ($arch) has no $f (the DEBIAN row of $t: benchmarks/debian.def or benchmarks/$t.desc): name a file it has"
				files="$files ${g#"$root"}"
			done
			set -f
			;;
		*) files="$files $f" ;;
		esac
	done
	set +f
	# shellcheck disable=SC2086 # the files are a word list
	"$mklayer" -r "$root" ${prefix:+-p "$prefix"} $files >"$dir/$t.spec" || exit 2
	"$mkcpio" -o "$out.tmp" "$dir/$t.spec" || exit 2
	layer_owners "$dir/$t.spec" "$dir/$t.set.tmp" >"$dir/$t.packages.tmp"
	rm -rf "$root" "$dir/$t.set.tmp"
	mv "$dir/$t.packages.tmp" "$dir/$t.packages"
	mv "$out.tmp" "$out"
	printf '%s\n' "$row" >"$dir/$t.row"
	trap - EXIT
}

[ -n "$rel" ] || die "$def names no DEBIAN_RELEASE: say DEB_RELEASE=<a Debian release>"
mkdir -p "$debs"
# Runs started together share the cache: one fetches, the others wait.
exec 8>"$debs/.lock"
flock 8
if [ -n "$tree" ]; then
	layer_lists
	# A meta package (linux-image-arm64) stands for what it depends on.
	for p in "$@"; do
		# shellcheck disable=SC2086
		dep=$(apt-cache $apt_o depends "$p" 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
		[ -z "$dep" ] || p=$dep
		set -- "$@" "$p"
		shift
	done
	layer_resolve "$@" >"$debs/tree.set"
	layer_fetch "$debs/tree.set"
	for p in "$@"; do
		v=$(awk -v p="$p" '$1 == p { print $2; exit }' "$debs/tree.set")
		echo "$debs/${p}_$v"
	done
	exit 0
fi
# The rows (benchmarks/debian.def and the descriptors' DEBIAN rows),
# printed by mklayer, which reads them as C: name, packages, files.
rows=$("$mklayer" --rows) || die "$mklayer cannot print the layers' rows: make it again (make all)"
for t in "$@"; do
	row=$(printf '%s\n' "$rows" | awk -F'\t' -v t="$t" '$1 == t')
	[ -n "$row" ] || continue
	pkg=$(printf '%s\n' "$row" | cut -f2)
	bins=$(printf '%s\n' "$row" | cut -f3)
	prefix=
	case ${pkg%% *} in
	*/*)
		first=${pkg%% *}
		layer_release "${first#*/}"
		prefix=/opt/debian/$rel
		pkg=$(for p in $pkg; do printf '%s ' "${p%/"$rel"}"; done)
		pkg=${pkg% }
		;;
	*) layer_release "$rel0" ;;
	esac
	out=$dir/$t.cpio
	fresh=1
	[ -f "$out" ] && [ -f "$dir/$t.packages" ] && [ -z "${DEB_REFRESH:-}" ] || fresh=0
	# A row changed (its package, its files): that layer only. The
	# machinery by its source: mklayer is built again whenever any
	# descriptor changes, which would make every layer stale.
	[ "$fresh" = 1 ] && [ "$(cat "$dir/$t.row" 2>/dev/null)" != "$row" ] && fresh=0
	for f in "$here/mklayer.c" "$here/layer.sh"; do
		[ "$fresh" = 1 ] && [ "$f" -nt "$out" ] && fresh=0
	done
	[ "$fresh" = 1 ] || layer_build
	[ -n "$unpack" ] || {
		echo "$out"
		continue
	}
	# The layer unpacked, again whenever it is built again: the guest's
	# files as they are in the image, at their paths in the guest.
	root=$dir/$t.native
	if ! [ -f "$root.stamp" ] || [ "$out" -nt "$root.stamp" ]; then
		rm -rf "$root" "$root.stamp"
		mkdir -p "$root"
		(cd "$root" && cpio -idm --no-absolute-filenames --quiet) <"$out" ||
			die "unpacking $out into $root failed"
		: >"$root.stamp"
	fi
	echo "$root"
done
exec 8>&-
