#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make reproduce REPORT=mail.txt BASE_KERNEL=good/bzImage NEW_KERNEL=bad/bzImage
#      (or KSRC=tree|debian-6.12 [PATCH=fix.patch] [BASE_REF= NEW_REF=])
#                [RUNS=5] [QUICK=1] [FIT=0] [BASE_CMDLINE=..] [NEW_CMDLINE=..] [DRY=1]
#
# The report becomes a job (bootbench reproduce), the job runs RUNS times
# on each kernel, and bootbench-compare prints the table and the verdict
# line against the report's change (docs/reproduce.md). Exit 0 with a
# verdict line (reproduced, not reproduced or inconclusive, which says
# "undecidable with N+M runs: RUNS=K can decide" when the test cannot
# reach its level: make cannot pass those apart; bootbench-compare
# --expect exits 0, 1, 3), 2 on bad
# input, else the failing run's status (docs/exit-codes.md).
#
# From make: MAKE O RESULTS BOOTBENCH COMPARE REPORT BASE_KERNEL
# NEW_KERNEL RUNS QUICK FIT BASE_CMDLINE NEW_CMDLINE DRY [MAX_VCPUS], and
# for kernels built from a source (kconfigs/ksrc.sh) B KSRC BASE_REF
# NEW_REF PATCH KBASE KFRAGS. The job and both
# sides' results go to RESULTS/reproduce/<report name>/.

fail() {
	echo "bootbench: $*" >&2
	exit 2
}

# The kernels come from BASE_KERNEL and NEW_KERNEL, or are built from KSRC.
if [ -n "${KSRC:-}" ]; then
	[ -z "$BASE_KERNEL$NEW_KERNEL" ] ||
		fail "say KSRC= (both kernels built from a source) or BASE_KERNEL= and NEW_KERNEL=, not both"
elif [ -n "${BASE_REF:-}${NEW_REF:-}${PATCH:-}" ]; then
	fail "BASE_REF, NEW_REF and PATCH need KSRC=<the kernel source: a tree, a git tree, debian-6.1 or debian-6.12>"
fi
[ -n "$REPORT" ] || fail "say REPORT=<a saved 0-day/LKP report mail> (DRY=1 shows the job only)"
out="$RESULTS/reproduce"
lines=$("$BOOTBENCH" reproduce "$REPORT" "$out") || exit $?
job=$(echo "$lines" | sed -n 's/^job //p')
metric=$(echo "$lines" | sed -n 's/^metric //p')
expect=$(echo "$lines" | sed -n 's/^expect //p')
dir=$(dirname "$job")

echo "bootbench: the job ($job):"
grep -v '^#' "$job" | sed 's/^/    /'
machine=$(sed -n 's/^machine = //p' "$job")
case $machine in
"") ;;
*/*)
	echo "bootbench: the machine ($machine): $(sed -n 's/^# Help: //p' "$machine")"
	grep -v '^#' "$machine" | sed 's/^/    /'
	;;
*)
	echo "bootbench: the machine: $(sed -n 's/^# Help: //p' "boot/machines/$machine.conf")"
	;;
esac
# The machine as it will boot, said by the code that fits it: its shape,
# what fitting gave up, and what a boot of it costs here.
fit=--fit
[ "$FIT" = 0 ] && fit=--no-fit
quick=
[ "$QUICK" = 1 ] && quick=--quick
"$BOOTBENCH" run --plan --job "$job" $fit $quick ${MAX_VCPUS:+--max-vcpus "$MAX_VCPUS"} \
	>"$dir/plan.out" 2>"$dir/plan.err"
rc=$?
sed -n 's/^bootbench: \(note\|estimate\|warning\): /bootbench: \1: /p' "$dir/plan.err"
[ "$rc" -eq 0 ] || {
	grep -v '^bootbench: \(job \|note\|estimate\|warning\)' "$dir/plan.err" >&2
	exit "$rc"
}
echo "bootbench: the machine as booted: $(sed -n 's/^machine //p' "$dir/plan.out")"
rm -f "$dir/plan.out" "$dir/plan.err"
if [ "$DRY" = 1 ]; then
	exit 0
fi
# KSRC=: both kernels built from the source and the change (cached).
if [ -n "${KSRC:-}" ]; then
	# A job on a disk (its image plan's module set "disk", which an fs2
	# job has too) needs the drivers and filesystems built in; a kernel
	# without them would fail at its first boot.
	if "$BOOTBENCH" run --image-plan --job "$job" 2>/dev/null | grep -qx 'modules disk'; then
		case " $KFRAGS " in
		*" kconfigs/disk.config "*) ;;
		*)
			echo "bootbench: the job has a disk: the kernels get kconfigs/disk.config too"
			KFRAGS="$KFRAGS kconfigs/disk.config"
			;;
		esac
	fi
	# shellcheck disable=SC2086 # the fragments are a word list
	kernels=$(BASE_REF=$BASE_REF NEW_REF=$NEW_REF kconfigs/ksrc.sh "$B" "$KSRC" "$PATCH" "$KBASE" $KFRAGS) ||
		exit $?
	BASE_KERNEL=$(echo "$kernels" | sed -n 's/^base //p')
	NEW_KERNEL=$(echo "$kernels" | sed -n 's/^new //p')
fi
if [ -z "$BASE_KERNEL" ] || [ -z "$NEW_KERNEL" ]; then
	fail "say BASE_KERNEL=<the good kernel's bzImage> NEW_KERNEL=<the bad one's> (or DRY=1 to see the job only)"
fi
for k in "$BASE_KERNEL" "$NEW_KERNEL"; do
	[ -f "$k" ] || fail "kernel $k does not exist: give the path of a bzImage (arch/x86/boot/bzImage) or, for an arm64 job, an Image (arch/arm64/boot/Image)"
done

# Fresh result directories: runs of an earlier reproduction of the same
# report (other kernels, perhaps) must not join these.
rm -rf "$dir/base" "$dir/new"
side() {
	echo "bootbench: $1 run $4 of $RUNS: $2${3:+ with $3}"
	"$MAKE" -s --no-print-directory run O="$O" JOB="$job" KERNEL="$2" \
		RESULTS="$dir/$1" RUNS=1 QUICK="$QUICK" FIT="$FIT" CMDLINE="$3" \
		MAX_VCPUS="$MAX_VCPUS"
}
. "$(dirname "$0")/../lib/sides.sh"
sides_run
base=$(sides_result base) || exit 4
new=$(sides_result new) || exit 4
if [ -z "$expect" ]; then
	# The report's change is another metric's: the table, no verdict.
	echo "bootbench: no verdict: the report's metric is not one bootbench measures; the table compares the job's headline" >&2
	"$COMPARE" --no-plot "$base" "$new"
elif [ -n "$metric" ]; then
	"$COMPARE" --no-plot --metric "$metric" --expect "$expect" "$base" "$new"
else
	"$COMPARE" --no-plot --expect "$expect" "$base" "$new"
fi
rc=$?
# Any verdict is an answer; only a failure to compare is an error. Without
# --expect (no verdict), 3 is compare's "undecidable": an answer too.
[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || [ "$rc" -eq 3 ]
