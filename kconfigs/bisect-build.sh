#!/bin/sh
# The build step of a bisection (bootbench bisect, docs/bisect.md): one
# commit of a git tree built into a kernel image, incrementally, in one
# worktree and build directory reused from step to step.
#
# BUILD_ROOT holds:
#   src/         a worktree of TREE (git -C TREE worktree add, once),
#                moved to each commit with git checkout --detach: only
#                the files that differ get a new time, so kbuild
#                recompiles only those;
#   src/build/   the build directory (inside the tree, so kbuild's
#                srctree is "..": no command names an absolute path);
#   ccache/      Debian's ccache (when installed): a commit that puts a
#                file back as an earlier one had it compiles nothing;
#   images/<sha>/bzImage (ARCH's image), config, build.log: the cache,
#                a commit already built is not built again.
# The config is KBASE (default tinyconfig) with the fragments merged by
# kernel-build.sh (CONFIG_ONLY=1), made again only when KBASE, the
# fragments or the compiler change. The release string is fixed
# (KERNELRELEASE, the tree's version and "-bisect") so that it does not
# change with the commit (setlocalversion would append its sha): else
# utsrelease.h would change, and every file that includes it.
# When BUILD_ROOT's worktree is of another TREE (another history of the
# corpus), this TREE's worktree takes its place over the same files,
# and the checkout writes only the files whose content differs: the
# build goes on incrementally from the other tree's last commit.
#
# Usage: bisect-build.sh TREE BUILD_ROOT SHA [FRAGMENT...]
#   FRAGMENTs default to kconfigs/base.config kconfigs/bench.config.
#   env: KBASE (tinyconfig), ARCH (boot/arch.def's row; this host's)
# Prints "image <path> <build seconds>" (0 when cached). A build that
# fails leaves kbuild's last lines in images/<sha>/build.log, says so in
# one line and exits 1 (git bisect skip); bad input is one line, exit 2.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "bootbench: $*" >&2
	exit 2
}

[ $# -ge 3 ] || die "usage: bisect-build.sh TREE BUILD_ROOT SHA [FRAGMENT...]"
tree=$1 sha=$3
root=$(mkdir -p "$2" && cd "$2" && pwd)
shift 3
[ $# -gt 0 ] || set -- "$here/base.config" "$here/bench.config"
for f in "$@"; do
	[ -f "$f" ] || die "the config fragment $f does not exist: give files such as kconfigs/bench.config"
done
kbase=${KBASE:-tinyconfig}
case $kbase in
*/*)
	[ -f "$kbase" ] || die "KBASE=$kbase does not exist: give a kernel .config or tinyconfig/defconfig"
	kbase=$(cd "$(dirname "$kbase")" && pwd)/$(basename "$kbase")
	;;
esac
gitdir=$(git -C "$tree" rev-parse --path-format=absolute --git-common-dir 2>/dev/null) ||
	die "TREE=$tree is not a git repository: give the kernel tree to bisect"
sha=$(git -C "$tree" rev-parse -q --verify "$sha^{commit}") ||
	die "$3 is not a commit of $tree: give a sha, branch or tag it has"

# The architecture's kernel ARCH, image and cross compiler (boot/arch.def).
row=$("$here/../boot/arch.sh" ${ARCH:+"$ARCH"}) || exit 2
karch=$(echo "$row" | sed -n 's/^ARCH_KARCH=//p')
kimage=$(echo "$row" | sed -n 's/^ARCH_IMAGE=//p')
uname=$(echo "$row" | sed -n 's/^ARCH_UNAME=//p')
triplet=$(echo "$row" | sed -n 's/^ARCH_TRIPLET=//p')
cross=
[ "$uname" = "$(uname -m)" ] || cross=$triplet-
gcc=${cross}gcc
kcc=$gcc
command -v ccache >/dev/null 2>&1 && kcc="ccache $gcc"
cfgid=$( (echo "$kbase $karch $kcc" && cat "$@" && { [ ! -f "$kbase" ] || cat "$kbase"; } && "$gcc" --version | head -n 1) | cksum)

img=$root/images/$sha
if [ -f "$img/$kimage" ] && [ "$(cat "$img/cfgid" 2>/dev/null)" = "$cfgid" ]; then
	echo "  KERNEL  $sha (cached)" >&2
	echo "image $img/$kimage 0"
	exit 0
fi

# One bisection at a time in this BUILD_ROOT: the others wait.
exec 9>"$root/.lock"
flock 9

src=$root/src
if [ "$(cat "$root/tree" 2>/dev/null)" != "$gitdir" ] ||
	! git -C "$src" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	git -C "$tree" worktree prune
	if [ -d "$src/build" ]; then
		# Another tree's worktree (another history of the corpus, or
		# this one made again): its files and objects kept, the new
		# tree's worktree put in under them, and only the files whose
		# content differs written by the checkout below (git hashes
		# every file once), so the build stays incremental.
		echo "  WORKTREE $src: of another tree, its files kept" >&2
		# The old tree's record of the worktree (a directory of its
		# worktrees/), which the new one may want the name of.
		reg=$(sed -n 's/^gitdir: //p' "$src/.git" 2>/dev/null || true)
		case $reg in */worktrees/*) rm -rf "$reg" ;; esac
		rm -rf "$src.old"
		mv "$src" "$src.old"
		git -C "$tree" worktree add -q --no-checkout --detach "$src" "$sha" >/dev/null 2>&1 ||
			{
				mv "$src.old" "$src"
				die "git worktree add $src failed: run 'git -C $tree worktree prune' and try again"
			}
		mv -f "$src/.git" "$src.old/.git"
		rmdir "$src"
		mv "$src.old" "$src"
		git -C "$src" read-tree "$sha"
		git -C "$src" update-index -q --refresh >/dev/null || true
	else
		rm -rf "$src"
		git -C "$tree" worktree add -q --detach "$src" "$sha" >/dev/null 2>&1 ||
			die "git worktree add $src failed: run 'git -C $tree worktree prune' and try again"
	fi
	echo "$gitdir" >"$root/tree"
fi
git -C "$src" checkout -q -f --detach "$sha" ||
	die "git checkout $sha in $src failed: remove $src and run again"

mkdir -p "$img"
log=$img/build.log
t0=$(date +%s)
export CCACHE_DIR="$root/ccache" CCACHE_BASEDIR="$root"
if [ "$(cat "$src/build/cfgid" 2>/dev/null)" != "$cfgid" ]; then
	rm -f "$src/build/cfgid"
	CONFIG_ONLY=1 KCC=$kcc KARCH=$karch KIMAGE=$kimage CROSS_COMPILE=$cross \
		"$here/kernel-build.sh" "$src" "$src/build" "$kbase" "$@" >"$log" 2>&1 || {
		cat "$log" >&2
		die "the config of $sha (KBASE=$kbase and the fragments) could not be made: the messages above"
	}
	echo "$cfgid" >"$src/build/cfgid"
fi
[ -f "$root/release" ] || echo "$(make -s -C "$src" kernelversion)-bisect" >"$root/release"
release=$(cat "$root/release")
jobs=$(nproc 2>/dev/null || echo 2)
echo "  KBUILD  $sha ($karch $kimage, $jobs jobs)" >&2
if ! make -s -C "$src" O="$src/build" ARCH="$karch" CROSS_COMPILE="$cross" CC="$kcc" \
	KERNELRELEASE="$release" -j"$jobs" "$kimage" >"$log.full" 2>&1; then
	tail -n 60 "$log.full" >"$log"
	rm -f "$log.full" "$img/$kimage" "$img/cfgid"
	echo "bootbench: $sha does not build (kbuild's last lines: $log)" >&2
	exit 1
fi
secs=$(($(date +%s) - t0))
tail -n 60 "$log.full" >"$log"
rm -f "$log.full"
cp "$src/build/arch/$karch/boot/$kimage" "$img/$kimage.tmp"
cp "$src/build/.config" "$img/config"
mv -f "$img/$kimage.tmp" "$img/$kimage"
echo "$cfgid" >"$img/cfgid"
echo "$secs" >"$img/seconds"
echo "  KERNEL  $sha: $img/$kimage ($secs s)" >&2
echo "image $img/$kimage $secs"
