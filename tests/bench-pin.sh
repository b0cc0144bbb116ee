#!/bin/sh
# make bench-pin: what PIN= does to the A/A spread in real time. For
# each of execl, hackbench, context1 and will-it-scale futex1 at SMP=1
# and SMP=2: N boots of `make run` with PIN=off and N with the vCPUs
# pinned (PIN=auto where the host has a CPU to spare, else PIN=0-<SMP-1>:
# the vCPUs pinned, QEMU's other threads where they were), alternated,
# and which of the two goes first alternated too. Prints each side's
# median and coefficient of variation (sd / mean) of the headline, and
# their ratio. A measurement, not a test: the machine is noisy, so it is
# not part of `make test` (docs/compare.md keeps the figures).
# Environment: O, N (10), MEM (512), KERNEL (the default kernel), TESTS
# (the list below), SMPS ("1 2").
set -eu
O=${O:-out}
N=${N:-10}
MEM=${MEM:-512}
SMPS=${SMPS:-1 2}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-bench-pin.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/bench-lib.sh

# name: the job's words. Short runs: the spread between boots is what
# is measured, not a benchmark's best figure.
TESTS=${TESTS:-execl context1 hackbench futex1}
job() {
	case $1 in
	execl | context1) echo "TEST=$1 DURATION=2 PASSES=1" ;;
	hackbench) echo "TEST=hackbench GROUPS=1 LOOPS=200 PASSES=1" ;;
	futex1) echo "TEST=will-it-scale WIS_TEST=futex1 RUNTIME=8" ;; # 6 s its warm-up
	*) echo "bench-pin: no job for $1: give TESTS= of execl context1 hackbench futex1" >&2; exit 2 ;;
	esac
}

# The pinned side's PIN=: auto when a CPU is left over for the rest.
pinned() {
	if [ "$(nproc)" -gt "$1" ]; then echo auto; else echo "0-$(($1 - 1))"; fi
}

# One boot; its headline on stdout ("-" when it failed).
one() { # NAME SMP PIN
	d=$T/$1-$2-$3
	# shellcheck disable=SC2046 # the job's words are words
	if make -s --no-print-directory run O="$O" RESULTS="$d" ${KERNEL:+KERNEL="$KERNEL"} \
		$(job "$1") SMP="$2" MEM="$MEM" PIN="$3" >"$T/out" 2>&1; then
		sed -n 's/^bootbench: [^ ]* \([^ ]*\) = \([0-9.e+-]*\) .*/\2/p' "$T/out" | tail -n 1
	else
		echo -
		tail -n 1 "$T/out" >&2
	fi
}

# median, CV % of the numbers in $1
spread() {
	m=$(grep -v '^-$' "$1" | median)
	cv=$(grep -v '^-$' "$1" | awk '{ s += $1; q += $1 * $1; n++ }
		END { if (n < 2) { print "-"; exit } m = s / n; v = (q - n * m * m) / (n - 1);
			printf "%.2f", (v > 0 ? sqrt(v) : 0) / m * 100 }')
	echo "$m $cv"
}

# A name job() does not know, refused before any boot (in $(...) its
# exit would only end the subshell).
for name in $TESTS; do job "$name" >/dev/null || exit 2; done
printf '%-10s %3s %-5s %12s %7s %-5s %12s %7s %9s\n' test smp off median cv% pin median cv% cv-ratio
for name in $TESTS; do
	for smp in $SMPS; do
		pin=$(pinned "$smp")
		: >"$T/off" && : >"$T/on"
		i=1
		while [ "$i" -le "$N" ]; do
			if [ $((i % 2)) = 1 ]; then
				one "$name" "$smp" off >>"$T/off"
				one "$name" "$smp" "$pin" >>"$T/on"
			else
				one "$name" "$smp" "$pin" >>"$T/on"
				one "$name" "$smp" off >>"$T/off"
			fi
			i=$((i + 1))
		done
		set -- $(spread "$T/off") $(spread "$T/on")
		printf '%-10s %3s %-5s %12s %7s %-5s %12s %7s %9s\n' "$name" "$smp" off "$1" "$2" "$pin" "$3" "$4" \
			"$(awk -v a="$2" -v b="$4" 'BEGIN { if (a + 0 > 0) printf "%.2f", b / a; else print "-" }')"
		echo "  off: $(tr '\n' ' ' <"$T/off")" >&2
		echo "  $pin: $(tr '\n' ' ' <"$T/on")" >&2
	done
done
