#!/bin/sh
# Two kernels from one source and a change, built and cached for make
# reproduce KSRC= (docs/kernels.md, "From a source and a change").
#
# KSRC is a git tree (the base at BASE_REF, default HEAD; the new at
# NEW_REF, default the base's, each in a worktree of its own sharing
# the tree's objects), a plain tree (copied, hard links where the
# filesystem allows), or debian-6.1 / debian-6.12: Debian's
# linux-source-<version> package, downloaded with apt-get download
# (initramfs/layer.sh: nothing installed) and unpacked under B. PATCH,
# when given, is applied on the new side.
#
# Each kernel is a directory B/ksrc/k-<key>, key = hash of (source,
# change, config, compiler): the tree and its build directory `build`
# inside it, so kbuild's srctree is the relative "..": commands and
# dependency files do not name the tree's path, and a copy of the
# base's objects under the new tree is an incremental build of what the
# change touched. The new kernel keeps the base's release string
# (KERNELRELEASE), so the release header does not change either. A
# kernel is cached only once built (the file `built`); a failed build
# leaves nothing behind. ccache (Debian's) is used when installed: it
# serves a base from a nearby ref or another config's unchanged files.
#
# Usage: ksrc.sh B KSRC PATCH KBASE FRAGMENT...
#   env: BASE_REF NEW_REF (git trees only)
# Prints "base <bzImage>" and "new <bzImage>"; errors are one line, exit 2
# (a build that fails: kbuild's messages, then one line, exit 1).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
B=$(mkdir -p "$1" && cd "$1" && pwd)
ksrc=$2 patch=$3 kbase=$4
shift 4
base_ref=${BASE_REF:-} new_ref=${NEW_REF:-}

die() {
	echo "bootbench: $*" >&2
	exit 2
}

abspath() {
	(cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")")
}

[ -z "$patch" ] || [ -f "$patch" ] || die "PATCH=$patch does not exist: give a unified diff of the change (-p1, as git format-patch writes)"
[ -z "$patch" ] || patch=$(abspath "$patch")
case $kbase in
*/*) [ -f "$kbase" ] || die "KBASE=$kbase does not exist: give a kernel .config (the report's kconfig) or tinyconfig/defconfig" ;;
esac
[ ! -f "$kbase" ] || kbase=$(abspath "$kbase")

# The source: its kind, the pristine tree (or the repository) and what
# identifies it for the cache.
kind= tree= srcid=
case $ksrc in
debian-[0-9]*)
	[ -z "$base_ref$new_ref" ] || die "BASE_REF and NEW_REF need a git tree, not KSRC=$ksrc: give the change as PATCH="
	ver=${ksrc#debian-}
	pkgdir=$("$here/../initramfs/layer.sh" --tree "$B" "linux-source-$ver") || exit 2
	v=${pkgdir##*_}
	tree=$B/ksrc/debian-${ver}_$v
	if [ ! -f "$tree/Makefile" ]; then
		echo "  UNPACK  linux-source-$ver $v" >&2
		rm -rf "$tree.tmp"
		mkdir -p "$tree.tmp"
		tar -C "$tree.tmp" -xJf "$pkgdir/usr/src/linux-source-$ver.tar.xz" ||
			{
				rm -rf "$tree.tmp"
				die "unpacking linux-source-$ver failed: remove $pkgdir and run again"
			}
		mv -T "$tree.tmp/linux-source-$ver" "$tree"
		rm -rf "$tree.tmp"
	fi
	kind=plain srcid="debian linux-source-$ver $v" srcname="Debian's linux-source-$ver $v"
	;;
*)
	[ -f "$ksrc/Makefile" ] && [ -d "$ksrc/arch/x86" ] ||
		die "KSRC=$ksrc is not a Linux source tree nor debian-6.1 or debian-6.12: give the top of a kernel tree"
	tree=$(cd "$ksrc" && pwd)
	if [ "$(git -C "$tree" rev-parse --show-toplevel 2>/dev/null)" = "$tree" ]; then
		kind=git
		base_ref=${base_ref:-HEAD}
		new_ref=${new_ref:-$base_ref}
		base_sha=$(git -C "$tree" rev-parse -q --verify "$base_ref^{commit}") ||
			die "BASE_REF=$base_ref is not a commit of $tree: give a branch, a tag or a SHA it has (git fetch it first)"
		new_sha=$(git -C "$tree" rev-parse -q --verify "$new_ref^{commit}") ||
			die "NEW_REF=$new_ref is not a commit of $tree: give a branch, a tag or a SHA it has (git fetch it first)"
		srcid="git $base_sha" srcname=$tree
	else
		[ -z "$base_ref$new_ref" ] || die "BASE_REF and NEW_REF need a git tree, and $tree is not one: give the change as PATCH="
		kind=plain srcname=$tree
		# A plain tree is named by its path and every file's size and time.
		srcid="tree $tree $(cd "$tree" && find . -type f -printf '%P %s %T@\n' | sort | cksum)"
	fi
	;;
esac
if [ -z "$patch" ] && [ "${base_sha:-}" = "${new_sha:-}" ]; then
	die "nothing to compare: give the change as PATCH=<diff>$([ "$kind" != git ] || echo " or NEW_REF=<commit>")"
fi

# ksrc_names ROOT: the files the change writes into ROOT, one a line
# in $names, as the tool that applies it reads them (a `+++` line inside
# a hunk is a line of text, not a file: not sed's reading of the patch);
# git's from its listing, patch's from its dry run, which must succeed.
# Each must be a relative name without `..`, that resolves inside ROOT
# (a symbolic link out of it too), in one line: else refused, exit 2.
names=$B/ksrc/.names.$$
ksrc_names() {
	mkdir -p "$B/ksrc"
	if [ "$kind" = git ]; then
		# Unreadable: the apply check below says that it does not apply.
		git -C "$1" apply --numstat -z "$patch" >"$names.z" 2>/dev/null || {
			rm -f "$names.z"
			: >"$names"
			return 0
		}
		nl=$(tr -cd '\n' <"$names.z" | wc -c)
		# "added<TAB>deleted<TAB>name", or an empty name and the two of a
		# rename after it.
		tr '\0' '\n' <"$names.z" | sed 's/^[0-9-]*	[0-9-]*	//; /^$/d' >"$names"
		rm -f "$names.z"
		[ "$nl" = 0 ] || ksrc_refuse "a file name with a newline in it"
	else
		QUOTING_STYLE=escape patch --dry-run -f -d "$1" -p1 <"$patch" >"$names.out" 2>&1 || {
			rm -f "$names.out"
			die "PATCH=$patch does not apply to $srcname: rebase it onto that source, or choose another KSRC="
		}
		# "checking file NEW (renamed from OLD)": both.
		sed -n 's/^checking file //p' "$names.out" | sed 's/^\(.*\) (renamed from \(.*\))$/\1\
\2/; s/^\(.*\) (copied from \(.*\))$/\1\
\2/' >"$names"
		rm -f "$names.out"
	fi
	root=$(realpath -e -- "$1")
	while IFS= read -r f; do
		case $f in
		/*) ksrc_refuse "$f, an absolute path" ;;
		.. | ../* | */.. | */../*) ksrc_refuse "$f, a path with a .. in it" ;;
		*"\\"* | *"$(printf '\t')"*) ksrc_refuse "$f, a file name with a tab, a newline or a backslash in it" ;;
		esac
		case $(realpath -m -- "$root/$f") in
		"$root"/*) ;;
		*) ksrc_refuse "$f, which resolves outside the source tree (a symbolic link)" ;;
		esac
	done <"$names"
}
ksrc_refuse() {
	rm -f "$names"
	die "PATCH=$patch names $1: give a -p1 patch of files inside the source tree (as git format-patch writes)"
}

# The change must apply before anything is built.
if [ -n "$patch" ]; then
	ksrc_names "$tree"
	rm -f "$names"
	if [ "$kind" = git ]; then
		idx=$B/ksrc/.index.$$
		mkdir -p "$B/ksrc"
		GIT_INDEX_FILE=$idx git -C "$tree" read-tree "$new_sha" &&
			GIT_INDEX_FILE=$idx git -C "$tree" apply --cached --check "$patch" 2>"$idx.err" || {
			rm -f "$idx" "$idx.err"
			die "PATCH=$patch does not apply to $new_ref of $tree: rebase it there, or choose NEW_REF="
		}
		rm -f "$idx" "$idx.err"
	fi
fi

# The compiler, through ccache when it is installed; the new kernel
# takes the base's (another would change every command: all rebuilt).
kcc=gcc
command -v ccache >/dev/null 2>&1 && kcc="ccache gcc"
cfgid=$( (echo "$kbase" && cat "$@" && { [ ! -f "$kbase" ] || cat "$kbase"; } && gcc --version | head -n 1) | cksum)
key() { echo "$*" | cksum | tr ' ' '-'; }
kb=$B/ksrc/k-$(key "$srcid" "$cfgid")
kn=$B/ksrc/k-$(key "$srcid" "$cfgid" "new ${new_sha:-}" "$([ -z "$patch" ] || cksum <"$patch")")
image=src/build/arch/x86/boot/bzImage

# Runs started together share the cache: one builds, the others wait.
mkdir -p "$B/ksrc"
exec 9>"$B/ksrc/.lock"
flock 9

export CCACHE_DIR="$B/ksrc/ccache"
jobs=$(nproc 2>/dev/null || echo 2)
building=
ksrc_drop() {
	[ -n "$building" ] || return 0
	rm -rf "$building"
	[ "$kind" != git ] || git -C "$tree" worktree prune
}
trap 'ksrc_drop' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# ksrc_tree DIR SHA: DIR/src, a worktree at SHA (git) or a copy.
ksrc_tree() {
	if [ "$kind" = git ]; then
		git -C "$tree" worktree add -q --detach "$1/src" "$2" >/dev/null 2>&1 ||
			die "git worktree add $1/src failed: run 'git -C $tree worktree prune' and try again"
	else
		cp -al "$tree" "$1/src" 2>/dev/null || {
			rm -rf "$1/src"
			cp -a "$tree" "$1/src"
		}
	fi
}

# ksrc_relocate FROM TO: the copied build directory's records of the
# tree's absolute path (objtool is built by tools/'s own make, with
# srctree absolute) made TO's, their times kept: else objtool's
# commands differ, it is rebuilt, and every object it checked with it.
ksrc_relocate() {
	from=$(printf '%s' "$1" | sed 's/[]\/$*.^[|]/\\&/g')
	to=$(printf '%s' "$2" | sed 's/[\/&|]/\\&/g')
	grep -rlF "$1" "$2/build" --include='*.cmd' --include='*.d' --include=Makefile | while read -r f; do
		sed "s|$from|$to|g" "$f" >"$f.bb" && touch -r "$f" "$f.bb" && mv -f "$f.bb" "$f"
	done
}

ksrc_done() {
	echo "$3" >"$1/what"
	echo "$2" >"$1/built"
	building=
	echo "  KERNEL  $3: $1/$image ($2 s)" >&2
}

if [ -f "$kb/built" ]; then
	echo "  KERNEL  base $srcname: $kb/$image (cached)" >&2
else
	building=$kb
	rm -rf "$kb"
	[ "$kind" != git ] || git -C "$tree" worktree prune
	mkdir -p "$kb"
	touch "$kb/started"
	t0=$(date +%s)
	ksrc_tree "$kb" "${base_sha:-}"
	KCC=$kcc "$here/kernel-build.sh" "$kb/src" "$kb/src/build" "$kbase" "$@" >/dev/null ||
		{
			echo "bootbench: the base kernel of KSRC=$ksrc did not build: kbuild's messages above" >&2
			exit 1
		}
	echo "$kcc" >"$kb/cc"
	ksrc_done "$kb" $(($(date +%s) - t0)) "base $srcname"
fi

if [ -f "$kn/built" ]; then
	echo "  KERNEL  new: $kn/$image (cached)" >&2
else
	building=$kn
	rm -rf "$kn"
	mkdir -p "$kn"
	t0=$(date +%s)
	ksrc_tree "$kn" "${base_sha:-}"
	rm -rf "$kn/src/build"
	if [ "$kind" = git ]; then
		# Checked out now, every file is newer than the base's objects:
		# back to before the base's build, then the change checked out.
		git -C "$kn/src" ls-files -z | (cd "$kn/src" && xargs -0 touch -h -r "$kb/started")
	fi
	cp -a "$kb/src/build" "$kn/src/build"
	ksrc_relocate "$kb/src" "$kn/src"
	[ "$kind" != git ] || [ "$new_sha" = "$base_sha" ] || git -C "$kn/src" checkout -q --detach "$new_sha"
	if [ -n "$patch" ]; then
		# The copy's files are hard links to the pristine tree's: each
		# file the change writes is made the copy's own first, the names
		# checked again inside the copy.
		ksrc_names "$kn/src"
		while IFS= read -r f; do
			[ ! -f "$kn/src/$f" ] || { cp -p "$kn/src/$f" "$kn/src/$f.bb" && mv -f "$kn/src/$f.bb" "$kn/src/$f"; }
		done <"$names"
		rm -f "$names"
		if [ "$kind" = git ]; then
			git -C "$kn/src" apply "$patch"
		else
			patch -s -f -d "$kn/src" -p1 <"$patch" >/dev/null
		fi
	fi
	release=$(cat "$kb/src/build/include/config/kernel.release")
	kcc=$(cat "$kb/cc" 2>/dev/null || echo "$kcc")
	# The base's answers to its era's traps (kernel-build.sh's .era).
	eravars=$(cat "$kn/src/build/.era" 2>/dev/null || :)
	# shellcheck disable=SC2086 # one make variable a line
	(
		set -f
		IFS='
'
		exec make -s -C "$kn/src" O="$kn/src/build" CC="$kcc" KERNELRELEASE="$release" -j"$jobs" $eravars bzImage >/dev/null
	) ||
		{
			echo "bootbench: the new kernel (the change on KSRC=$ksrc) did not build: kbuild's messages above" >&2
			exit 1
		}
	ksrc_done "$kn" $(($(date +%s) - t0)) "new: ${new_sha:+$new_sha }${patch:+patch $patch}"
fi
trap - EXIT INT TERM HUP
echo "base $kb/$image"
echo "new $kn/$image"
