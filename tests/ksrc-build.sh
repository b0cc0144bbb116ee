#!/bin/sh
# make test-ksrc: the KSRC flow of make reproduce on a real kernel
# source (default Debian's linux-source-6.12, downloaded and unpacked
# into the build directory): the base and the new kernel built (or
# taken from the cache), the same release string on both, the new one
# compiled from the base's objects (only the patched file and what
# links), a second run served from the cache, a second one-file change
# built on the cached base and booted, then make reproduce end to end.
# Not part of make test: the first base build is 850 CPU seconds (7 min
# on an idle 2-CPU host, 74 on a shared one; docs/kernels.md).
# Usage: O=out [KSRC=debian-6.12] [PATCH=tests/ksrc/pipe-was-full.patch] tests/ksrc-build.sh
set -u
O=${O:-out}
B=${B:-$O/build}
HOSTCC=${HOSTCC:-gcc}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-ksrc.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/lib.sh
ksrc=${KSRC:-debian-6.12}
patch=${PATCH:-tests/ksrc/pipe-was-full.patch}
frags="kconfigs/base.config kconfigs/bench.config"
tl_area=ksrc-build tl_only= tl_seen=ksrc-build tl_times=

# kb_build OUT PATCH: kconfigs/ksrc.sh's kernels into OUT, its words
# into OUT.err, its wall seconds into OUT.s.
kb_build() {
	t0=$(date +%s)
	# shellcheck disable=SC2086 # the fragments are a word list
	nice -n 5 kconfigs/ksrc.sh "$B" "$ksrc" "$2" tinyconfig $frags >"$1" 2>"$1.err"
	rc=$?
	echo $(($(date +%s) - t0)) >"$1.s"
	return $rc
}
kb_dir() {
	sed -n "s/^$1 \(.*\)\/src\/build\/arch\/x86\/boot\/bzImage$/\1/p" "$2"
}

check "ksrc-build: KSRC=$ksrc PATCH=$patch builds both kernels (or finds them cached)" kb_build "$T/one" "$patch"
base=$(kb_dir base "$T/one") new=$(kb_dir new "$T/one")
echo "  (base $base, new $new: $(cat "$T/one.s") s; $(grep -c cached "$T/one.err") of 2 cached; load $(cut -d' ' -f1-3 /proc/loadavg))"
check "ksrc-build: both kernels have a bzImage and a vmlinux (PVH boots the vmlinux)" \
	test -f "$base/src/build/arch/x86/boot/bzImage" -a -f "$new/src/build/vmlinux" -a -f "$base/src/build/vmlinux"
check "ksrc-build: the new kernel has the base's release string" \
	cmp "$base/src/build/include/config/kernel.release" "$new/src/build/include/config/kernel.release"
# Compiled again for the new kernel: the patched file and what links.
kb_objs() {
	find "$1/src/build" -name '*.o' -newer "$base/built" ! -name 'vmlinux.o' ! -path '*/arch/x86/boot/*' \
		! -path '*/init/version*' ! -name '.tmp_*' | sed "s|^$1/src/build/||" | sort
}
kb_objs "$new" >"$T/objs"
echo "  (compiled again for the new kernel: $(tr '\n' ' ' <"$T/objs"))"
check "ksrc-build: the new kernel compiled the patched file and at most 3 other objects ($(wc -l <"$T/objs"))" \
	sh -c "grep -qx fs/pipe.o '$T/objs' && [ \$(wc -l <'$T/objs') -le 4 ]"
check "ksrc-build: a second run takes both from the cache" kb_build "$T/two" "$patch"
check "ksrc-build: ... said so, in under 60 s ($(cat "$T/two.s") s), the same kernels" \
	sh -c "[ \$(grep -c '(cached)' '$T/two.err') = 2 ] && [ \$(cat '$T/two.s') -lt 60 ] && cmp -s '$T/one' '$T/two'"
# Another one-file change on the cached base: the figure of the note.
sed 's/^+\(\t*\)if (\(.*\))$/+\1if (likely(\2))/' "$patch" >"$T/other.patch"
check "ksrc-build: another one-file change builds on the cached base" kb_build "$T/three" "$T/other.patch"
new2=$(kb_dir new "$T/three")
t0=$(date +%s)
make -s --no-print-directory run O="$O" KERNEL="$new2/src/build/arch/x86/boot/bzImage" TEST=boot \
	RESULTS="$T/boot" >"$T/boot.out" 2>&1
check "ksrc-build: ... and boots (make run TEST=boot)" test $? = 0
echo "  (the other change: built in $(cat "$T/three.s") s, booted in $(($(date +%s) - t0)) s, load $(cut -d' ' -f1-3 /proc/loadavg))"
check "ksrc-build: ... its kernel is not the first change's" sh -c "! cmp -s '$new/src/build/vmlinux' '$new2/src/build/vmlinux'"
# End to end, as a user types it: the cached kernels, one run a side.
make -s --no-print-directory reproduce O="$O" RESULTS="$T/r" KSRC="$ksrc" PATCH="$patch" RUNS=1 QUICK=1 \
	REPORT=tests/reproduce/reports/hackbench-pipe_read-7.5-reply-own-command.txt >"$T/r.out" 2>&1
check "ksrc-build: make reproduce KSRC=$ksrc PATCH= REPORT=<hackbench mail> RUNS=1 ends with a verdict" \
	sh -c "[ $? = 0 ] && grep -q '^reproduce: ' '$T/r.out'"
grep '^reproduce: ' "$T/r.out" | sed 's/^/  /'
tests_summary
