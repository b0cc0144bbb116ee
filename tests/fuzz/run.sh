#!/bin/sh
# Build every fuzz target with libFuzzer + ASan/UBSan and run each for
# FUZZ_SECONDS (default 60), starting from the seed corpus in
# tests/fuzz/corpus/<target>. Prints each target's executions; a crash
# fails the run and leaves its input under $B/fuzz.
# Environment: B (build dir), FUZZ_SECONDS, FUZZ_ONLY (target names), CLANG.
set -eu
B=${B:-out/build}
secs=${FUZZ_SECONDS:-60}
cc=${CLANG:-clang}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
out=$B/fuzz
mkdir -p "$out"
flags="-I. -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
targets="stream:boot/stream.c proto/json_parse.c proto/json.c proto/names.c lib/nameidx.c
json:proto/json_parse.c proto/json.c
job:init/job.c benchmarks/params.c boot/bzimage.c
topology:boot/topology.c boot/cputable.c lib/fileio.c
jobfile:boot/jobfile.c lib/fileio.c
lkpmail:reproduce/lkpmail.c proto/names.c"
status=0
echo "$targets" | while IFS=: read -r name srcs; do
	# FUZZ_ONLY="stream topology" runs just those.
	case " ${FUZZ_ONLY:-$name} " in
	*" $name "*) ;;
	*) continue ;;
	esac
	# shellcheck disable=SC2086
	$cc $flags -o "$out/fuzz_$name" "tests/fuzz/fuzz_$name.c" $srcs
	mkdir -p "$out/corpus-$name"
	cp tests/fuzz/corpus/"$name"/* "$out/corpus-$name/"
	if (cd "$out" && "./fuzz_$name" -max_total_time="$secs" -print_final_stats=1 \
		-max_len=1100000 "corpus-$name" >"fuzz_$name.log" 2>&1); then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz_$name.log")
		echo "PASS fuzz: $name, ${secs}s, $runs executions, no crash"
	else
		echo "FAIL fuzz: $name: see $out/fuzz_$name.log"
		exit 1
	fi
done || status=1
exit $status
