#!/bin/sh
# Build every fuzz target with libFuzzer + ASan/UBSan and run each for
# FUZZ_SECONDS (default 60), starting from the seed corpus in
# tests/fuzz/corpus/<target>. Prints each target's executions and
# coverage; a crash fails the run and leaves its input under $B/fuzz.
# --build: build each target and run it once over its seed corpus, no
# more (make check's area fuzz): a source list missing a file fails
# there, not first in make fuzz.
# Environment: B (build dir, with gen/descs.def), FUZZ_OUT (where the
# targets go, default $B/fuzz), FUZZ_SECONDS, FUZZ_ONLY (target names),
# CLANG.
set -eu
B=${B:-out/build}
secs=${FUZZ_SECONDS:-60}
cc=${CLANG:-clang}
build_only=
[ "${1:-}" = --build ] && build_only=1
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
out=${FUZZ_OUT:-$B/fuzz}
mkdir -p "$out"
flags="-I. -I$B -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
# Each target's sources, besides tests/fuzz/fuzz_<name>.c: the stream
# parser, the JSON reader, the guest's job line, lscpu and profiles,
# the job-file reader and the report mail reader.
targets="stream:boot/stream.c boot/stream-sample.c boot/stream-metrics.c proto/json_parse.c proto/json.c proto/names.c lib/nameidx.c
json:proto/json_parse.c proto/json.c
job:init/job.c benchmarks/params.c boot/bzimage.c proto/disk.c
topology:boot/topology.c boot/topology-text.c boot/cputable.c lib/fileio.c
jobfile:boot/jobfile.c lib/fileio.c benchmarks/params.c proto/disk.c
lkpmail:reproduce/lkpmail.c reproduce/mailparams.c reproduce/mailmachine.c reproduce/maildate.c proto/names.c"
status=0
echo "$targets" | while IFS=: read -r name srcs; do
	# FUZZ_ONLY="stream topology" runs just those.
	case " ${FUZZ_ONLY:-$name} " in
	*" $name "*) ;;
	*) continue ;;
	esac
	# shellcheck disable=SC2086
	if ! $cc $flags -o "$out/fuzz_$name" "tests/fuzz/fuzz_$name.c" $srcs \
		>"$out/fuzz_$name.build" 2>&1; then
		echo "FAIL fuzz: $name does not build: $(grep -m 2 -E 'error|undefined' "$out/fuzz_$name.build" | tr '\n' ' ')"
		exit 1
	fi
	rm -rf "$out/corpus-$name"
	mkdir -p "$out/corpus-$name"
	cp tests/fuzz/corpus/"$name"/* "$out/corpus-$name/"
	if [ -n "$build_only" ]; then
		set -- -runs=0
	else
		set -- -max_total_time="$secs"
	fi
	if (cd "$out" && "./fuzz_$name" "$@" -print_final_stats=1 \
		-max_len=1100000 "corpus-$name" >"fuzz_$name.log" 2>&1); then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz_$name.log")
		cov=$(sed -n 's/.*\(cov: [0-9]* ft: [0-9]*\).*/\1/p' "$out/fuzz_$name.log" | tail -n 1)
		if [ -n "$build_only" ]; then
			echo "PASS fuzz: $name builds and runs its $(ls "tests/fuzz/corpus/$name" | wc -l) seeds ($cov)"
		else
			echo "PASS fuzz: $name, ${secs}s, $runs executions, $cov, no crash"
		fi
	else
		echo "FAIL fuzz: $name: see $out/fuzz_$name.log"
		exit 1
	fi
done || status=1
exit $status
