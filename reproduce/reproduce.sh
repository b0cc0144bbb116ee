#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make reproduce REPORT=mail.txt BASE_KERNEL=good/bzImage NEW_KERNEL=bad/bzImage
#      (or KSRC=tree|debian-6.12 [PATCH=fix.patch] [BASE_REF= NEW_REF=])
#                [RUNS=5] [QUICK=1] [FIT=0] [BASE_CMDLINE=..] [NEW_CMDLINE=..] [DRY=1]
#
# The choice of kernels: given, or built from KSRC (kconfigs/ksrc.sh).
# Everything else is the host tool's: `bootbench reproduce MAIL OUTDIR
# OPTION...` reads the report into a job, shows it with its machine,
# runs it on both kernels in turn and gives the verdict against the
# report's change (docs/reproduce.md, docs/exit-codes.md).
#
# From make: MAKE O ARCH BOOTBENCH REPORT RESULTS DRY BASE_KERNEL NEW_KERNEL, for
# kernels built from a source B KSRC BASE_REF NEW_REF PATCH KBASE
# KFRAGS; the arguments are bootbench reproduce's options.

fail() {
	echo "bootbench: $*" >&2
	exit 2
}

if [ -n "${KSRC:-}" ]; then
	[ -z "$BASE_KERNEL$NEW_KERNEL" ] ||
		fail "say KSRC= (both kernels built from a source) or BASE_KERNEL= and NEW_KERNEL=, not both"
elif [ -n "${BASE_REF:-}${NEW_REF:-}${PATCH:-}" ]; then
	fail "BASE_REF, NEW_REF and PATCH need KSRC=<the kernel source: a tree, a git tree, debian-6.1 or debian-6.12>"
fi
[ -n "$REPORT" ] || fail "say REPORT=<a saved 0-day/LKP report mail> (DRY=1 shows the job only)"
out="$RESULTS/reproduce"
if [ "$DRY" = 1 ]; then
	exec "$BOOTBENCH" reproduce "$REPORT" "$out" --dry "$@"
fi
lines=$("$BOOTBENCH" reproduce "$REPORT" "$out" 2>/dev/null) ||
	exec "$BOOTBENCH" reproduce "$REPORT" "$out" --dry "$@"
job=$(echo "$lines" | sed -n 's/^job //p')
# A job of another architecture (an arm64 report's) boots that
# architecture's guest programs and image, which make builds.
arch=$(sed -n 's/^arch *= *//p' "$job" | tail -n 1)
if [ -n "$arch" ] && [ "$arch" != "$ARCH" ]; then
	"$MAKE" -s --no-print-directory O="$O" ARCH="$arch" deps all || exit $?
fi
# KSRC=: both kernels built from the source and the change (cached).
if [ -n "${KSRC:-}" ]; then
	kernels=$(kconfigs/ksrc-pair.sh "$BOOTBENCH" --job "$job") || exit $?
	BASE_KERNEL=$(echo "$kernels" | sed -n 's/^base //p')
	NEW_KERNEL=$(echo "$kernels" | sed -n 's/^new //p')
fi
exec "$BOOTBENCH" reproduce "$REPORT" "$out" --base-kernel "$BASE_KERNEL" --new-kernel "$NEW_KERNEL" "$@"
