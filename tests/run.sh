#!/bin/sh
# bootbench's test suite: unit tests of the host and guest C code built
# with ASan/UBSan, the image builder, bad input, and boots of the real
# default kernel under QEMU. One line per test, then "N passed, N failed".
# Environment: O (output dir), B (build dir), HOSTCC. Run via `make test`.
set -u
O=${O:-out}
B=${B:-$O/build}
HOSTCC=${HOSTCC:-gcc}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() {
	echo "PASS $1"
	pass=$((pass + 1))
}

bad() {
	echo "FAIL $1${2:+: $2}"
	fail=$((fail + 1))
}

check() {
	name=$1
	shift
	if "$@" >/dev/null 2>&1; then ok "$name"; else bad "$name"; fi
}

# Run a unit test binary; count its "PASS x" / "FAIL x" lines. A binary
# that dies (a sanitizer report, say) fails as a whole.
unit() {
	"$T/$1" >"$T/$1.out" 2>"$T/$1.err"
	rc=$?
	while IFS= read -r line; do
		echo "$line"
		case $line in
		PASS*) pass=$((pass + 1)) ;;
		FAIL*) fail=$((fail + 1)) ;;
		esac
	done <"$T/$1.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$T/$1.out"; then
		bad "$1 ran to its end" "exit $rc: $(grep -m 3 -E 'ERROR|runtime error' "$T/$1.err")"
	fi
}

# --- unit tests, sanitized -------------------------------------------
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
CF="-Wall -Wextra -Werror -I. -g -O1 $SAN"
build() {
	out=$1
	shift
	$HOSTCC $CF -o "$T/$out" "$@" -lm 2>"$T/$out.log" || {
		bad "build $out" "$(head -n 3 "$T/$out.log")"
		return 1
	}
}
build test_json tests/unit/test_json.c proto/json.c proto/json_parse.c &&
	unit test_json
build test_stream tests/unit/test_stream.c boot/stream.c proto/json_parse.c proto/json.c &&
	unit test_stream
build test_host tests/unit/test_host.c boot/qemu.c lib/strv.c boot/bzimage.c boot/topology.c boot/cputable.c lib/fileio.c \
	benchmarks/params.c benchmarks/unixbench.c benchmarks/messaging.c \
	-lpthread && unit test_host
build test_job tests/unit/test_job.c init/job.c && unit test_job
build test_topology tests/unit/test_topology.c boot/topology.c boot/cputable.c lib/fileio.c && unit test_topology
build test_stats tests/unit/test_stats.c report/stats.c && unit test_stats
build test_rules tests/unit/test_rules.c report/rules.c report/stats.c && unit test_rules
build mkcpio initramfs/mkcpio.c initramfs/cpio.c
build jsonget tests/jsonget.c proto/json_parse.c lib/fileio.c proto/json.c
build schemacheck tests/schemacheck.c proto/json_parse.c lib/fileio.c proto/json.c
j=$T/jsonget
# The host tool itself runs the direct tests below under ASan/UBSan.
build bootbench boot/*.c reproduce/*.c proto/*.c lib/*.c benchmarks/params.c report/rules.c report/stats.c

# AREA=<name> runs only tests/<name>.sh (after the builds above and the
# shared setup below): a quick loop while working on one area.
if [ -z "${AREA:-}" ]; then
. tests/compare-golden.sh

# --- style ------------------------------------------------------------
if command -v clang-format >/dev/null 2>&1 && [ -d .git ]; then
	unformatted=
	for f in $(git ls-files '*.c' '*.h'); do
		clang-format "$f" | cmp -s - "$f" || unformatted="$unformatted $f"
	done
	if [ -z "$unformatted" ]; then
		ok "style: every C file matches .clang-format"
	else
		bad "style: every C file matches .clang-format" "run make format:$unformatted"
	fi
fi

# --- the image writer ------------------------------------------------
mkdir -p "$T/cpio"
printf 'hello\n' >"$T/cpio/a"
printf '#!/bin/sh\n' >"$T/cpio/b"
cat >"$T/cpio/spec" <<END
file /bin/b $T/cpio/b 755 0 0
dir /bin 755 0 0
slink /bin/sh busybox 777 0 0
file /a $T/cpio/a 644 0 0
nod /dev/console 600 0 0 c 5 1
dir /dev 755 0 0
END
sort -r "$T/cpio/spec" >"$T/cpio/spec.rev"
"$T/mkcpio" -o "$T/cpio/1.cpio" "$T/cpio/spec" 2>/dev/null
"$T/mkcpio" -o "$T/cpio/2.cpio" "$T/cpio/spec.rev" 2>/dev/null
list=$(cpio -it <"$T/cpio/1.cpio" 2>/dev/null | tr '\n' ' ')
if [ "$list" = "a bin bin/b bin/sh dev dev/console " ]; then
	ok "cpio: cpio -it reads every entry back, sorted"
else
	bad "cpio: cpio -it reads every entry back, sorted" "got '$list'"
fi
(mkdir -p "$T/cpio/x" && cd "$T/cpio/x" && cpio -id --quiet <../1.cpio 2>/dev/null)
check "cpio: file contents survive" cmp "$T/cpio/a" "$T/cpio/x/a"
check "cpio: symlink target survives" test "$(readlink "$T/cpio/x/bin/sh")" = busybox
check "cpio: the same list in another order gives identical bytes" cmp "$T/cpio/1.cpio" "$T/cpio/2.cpio"
printf 'file /x /nonexistent 644 0 0\n' >"$T/cpio/bad1"
printf 'pipe /x 644 0 0\n' >"$T/cpio/bad2"
printf 'dir /x 999 0 0\n' >"$T/cpio/bad3"
for b in bad1 bad2 bad3; do
	if "$T/mkcpio" -o "$T/cpio/$b.cpio" "$T/cpio/$b" 2>"$T/cpio/$b.err" ||
		[ -e "$T/cpio/$b.cpio" ]; then
		bad "cpio: $b spec refused, nothing written"
	else
		ok "cpio: $b spec refused, nothing written ($(head -n 1 "$T/cpio/$b.err"))"
	fi
done
"$T/mkcpio" -t 0 -o "$T/base2.cpio" "$B/base.spec" 2>/dev/null
check "image: a rebuild of the base image is byte-identical" cmp "$B/base.cpio" "$T/base2.cpio"
cpio -it <"$B/base.cpio" >"$T/inimg" 2>/dev/null
check "image: holds init, busybox, the benchmarks, /dev/console" \
	sh -c "grep -qx init $T/inimg && grep -qx bin/busybox $T/inimg && grep -qx bench/execl $T/inimg && grep -qx dev/console $T/inimg"
check "image: nothing to rebuild on a second make" \
	make -q O="$O" "$B/base.cpio" "$B/host/bootbench" "$B/host/mkcpio"

# --- every benchmark natively, in a short mode ---------------------
# name|arguments|headline metric
natives="execl|--duration=1 --passes=1|unixbench.throughput
spawn|--duration=1 --passes=1 --nr_task=2|unixbench.throughput
context1|--duration=1 --passes=1|unixbench.throughput
pipe|--duration=1 --passes=1|unixbench.throughput
syscall|--duration=1 --passes=1|unixbench.throughput
hackbench|--groups=2 --loops=20 --passes=2|hackbench.throughput
hackbench|--groups=2 --loops=20 --passes=1 --mode=threads --ipc=pipe|hackbench.throughput
perf-bench-sched-pipe|--loops=2000|perf-bench-sched-pipe.ops_per_sec
perf-bench-sched-pipe|--loops=2000 --mode=threads|perf-bench-sched-pipe.ops_per_sec
perf-bench-sched-messaging|--groups=1 --loops=20 --ipc=pipe|perf-bench-sched-messaging.total_time_sec
aim9|--runtime=1|aim9.shared_memory.ops_per_sec
aim9|--runtime=1 --aim9_test=fork_test|aim9.fork_test.ops_per_sec
aim9|--runtime=1 --aim9_test=exec_test|aim9.exec_test.ops_per_sec
aim9|--runtime=1 --aim9_test=signal_test|aim9.signal_test.ops_per_sec
aim9|--runtime=1 --aim9_test=pipe_cpy|aim9.pipe_cpy.ops_per_sec
aim9|--runtime=1 --aim9_test=stream_pipe|aim9.stream_pipe.ops_per_sec
aim9|--runtime=1 --aim9_test=dgram_pipe|aim9.dgram_pipe.ops_per_sec
shell8|--duration=2 --passes=1|unixbench.throughput
fsbuffer|--duration=1 --passes=1|unixbench.throughput
dbench|--runtime=2 --nr_threads=2|dbench.throughput-MB/sec"
echo "$natives" | while IFS='|' read -r name args metric; do
	# shellcheck disable=SC2086
	if "$B/guest/bench/$name" $args >"$T/native.out" 2>&1 &&
		awk -v m="$metric" '$1 == "metric" && $2 == m && $3 > 0 { found = 1 } END { exit !found }' "$T/native.out"; then
		echo "PASS native: $name $args reports $metric"
	else
		echo "FAIL native: $name $args reports $metric: $(tail -n 2 "$T/native.out" | tr '\n' ' ')"
	fi
done >"$T/natives"
while IFS= read -r line; do
	echo "$line"
	case $line in
	PASS*) pass=$((pass + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done <"$T/natives"
check "native: make host-bench builds them with the host's libc, and they run" \
	sh -c "make -s O='$O' host-bench >/dev/null && '$B/host/bench/hackbench' --groups=1 --loops=10 --passes=1 | grep -q '^metric hackbench.throughput'"
check "native: dbench where it cannot write fails, saying so" \
	sh -c "TMPDIR=/proc '$B/guest/bench/dbench' --runtime=1 2>&1 | grep -q 'dbench: work directory /proc/dbench' && ! TMPDIR=/proc '$B/guest/bench/dbench' --runtime=1 >/dev/null 2>&1"
check "native: a bad parameter value is refused" sh -c "! $B/guest/bench/hackbench --mode=fast"
mkdir -p "$T/noshell/shell" && cp "$B/guest/bench/shell1" "$T/noshell/" &&
	cp "$B/guest/bench/shell/multi.sh" "$B/guest/bench/shell/tst.sh" "$T/noshell/shell/"
check "native: shell1 without its sort input fails, saying so" \
	sh -c "'$T/noshell/shell1' --duration=1 --passes=1 2>&1 | grep -q 'sort.src: No such file' && ! '$T/noshell/shell1' --duration=1 --passes=1 >/dev/null 2>&1"
check "native: an unknown parameter is refused" sh -c "! $B/guest/bench/execl --speed=9"
fi

# --- bad input: one line, its own exit code, before QEMU -------------
# KERNEL (make test-kernel) runs the suite on another kernel; one with
# virtio built in needs no modules, and the modular-only checks change.
KDEF=${KERNEL:-$O/kernel/default/bzImage}
tool=$T/bootbench
img=$B/base.cpio
builtin=0
[ "$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF" 2>/dev/null)" = "$img" ] && builtin=1
expect_bad() {
	name=$1 code=$2 pattern=$3
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq "$code" ] && grep -q -- "$pattern" "$T/err" && [ "$(wc -l <"$T/err")" -eq 1 ]; then
		ok "bad input: $name -> exit $rc, '$(cat "$T/err")'"
	else
		bad "bad input: $name" "exit $rc, stderr: $(cat "$T/err")"
	fi
}
if [ -n "${AREA:-}" ]; then
	if [ -f "tests/$AREA.sh" ]; then
		. "tests/$AREA.sh"
	else
		bad "AREA=$AREA" "no tests/$AREA.sh"
	fi
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi
R="--results $T/badresults"
expect_bad "missing kernel" 2 "KERNEL=/nonexistent" \
	"$tool" run --kernel /nonexistent --initrd "$img" --test execl $R
expect_bad "kernel that is not a bzImage" 2 "is not an x86 bzImage" \
	"$tool" run --kernel Makefile --initrd "$img" --test execl $R
expect_bad "unknown test" 2 "unknown TEST 'nosuch'" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test nosuch $R
expect_bad "parameter that is not a number" 2 "RUNTIME=abc is not valid" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --param runtime=abc $R
expect_bad "parameter out of range" 2 "PASSES=0 is out of range" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --param passes=0 $R
expect_bad "parameter the test does not take" 2 "takes no SPEED" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --param speed=9 $R
expect_bad "impossible CPU count" 2 "SMP=0" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --smp 0 $R
expect_bad "module tree that is not one" 2 "MODULES=$T holds no module tree" \
	initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$T/b" "$KDEF" "$T"
expect_bad "a test named twice" 2 "TEST=spawn,spawn names spawn twice" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test spawn,spawn $R
expect_bad "memory that is not a size" 2 "MEM=lots is not valid" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --mem lots $R
expect_bad "a kernel command line too long" 2 "longer than 2000 bytes: shorten CMDLINE" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --cmdline "$(head -c 2100 /dev/zero | tr '\0' x)" $R
expect_bad "an lscpu file that is not lscpu output" 2 "lacks Socket(s)" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --lscpu Makefile $R
expect_bad "SMP that disagrees with SOCKETS x CORES" 2 "SMP=6 but SOCKETS=2 x CORES=2" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --smp 6 --sockets 2 --cores 2 $R
expect_bad "QEMU that is not installed" 2 "QEMU=/nonexistent/qemu not found" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --qemu /nonexistent/qemu $R
expect_bad "a timing that does not exist" 2 "TIMING=exact is not valid: give realtime or deterministic" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --timing exact $R
expect_bad "deterministic timing under KVM" 2 "only TCG can: drop ACCEL=kvm" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --timing deterministic --accel kvm $R
expect_bad "an icount shift out of range" 2 "ICOUNT_SHIFT=11 is not valid: give a number from 0 to 10" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --timing deterministic --icount-shift 11 $R
# QEMU 7.2 never boots several vCPUs under icount: refused up front.
qemu_major=$(qemu-system-x86_64 -version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ "${qemu_major:-0}" -lt 8 ]; then
	expect_bad "deterministic timing with SMP=2 on QEMU $qemu_major" 2 "with 2 CPUs hangs QEMU $qemu_major\..*say SMP=1, or run 'make qemu-backports'" \
		"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --timing deterministic --smp 2 $R
fi
check "bad input: no run directory was left behind" test ! -e "$T/badresults"
expect_bad "results directory that cannot be created" 5 "give RESULTS= a writable directory" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --results /proc/bootbench

# --- boots of the default kernel under QEMU --------------------------
res=$T/results
make -s run O="$O" RESULTS="$res" TEST=execl DURATION=2 PASSES=2 ITERATIONS=2 \
	SMP=2 MEM=512 >"$T/run.out" 2>"$T/run.err"
rc=$?
run=$(ls -d "$res"/execl/*/*/0 2>/dev/null | head -n 1)
if [ "$rc" -eq 0 ] && [ -n "$run" ]; then
	ok "boot: make run TEST=execl exits 0 and leaves a run directory"
else
	bad "boot: make run TEST=execl exits 0 and leaves a run directory" "exit $rc: $(tail -n 3 "$T/run.err")"
	run=$T/none
fi
rel=$("$tool" release "$KDEF")
thr=$("$j" "$run/stats.json" unixbench.throughput)
score=$("$j" "$run/stats.json" unixbench.score)
check "boot: stats.json has a positive unixbench.throughput" awk "BEGIN { exit !($thr > 0) }"
check "boot: unixbench.score is 10 x throughput / 43 (execl baseline)" \
	awk "BEGIN { d = $score - 10 * $thr / 43; exit !(d < 1e-6 * $score && d > -1e-6 * $score) }"
check "boot: rusage of the benchmark recorded" \
	awk "BEGIN { exit !($("$j" "$run/stats.json" time.minor_page_faults) > 0 && $("$j" "$run/stats.json" time.elapsed_time) > 0) }"
check "boot: job.json says ok and complete" \
	test "$("$j" "$run/job.json" status)/$("$j" "$run/job.json" complete)" = ok/true
check "boot: job.json records the release read from the bzImage" \
	test "$("$j" "$run/job.json" release)" = "$rel"
check "boot: hello reports the kernel release that ran" \
	test "$("$j" -t hello "$run/samples.jsonl" release)" = "$rel"
check "boot: hello sees the 2 CPUs asked for" \
	test "$("$j" -t hello "$run/samples.jsonl" cpus_online)" = 2
check "boot: hello sees about the memory asked for" \
	awk "BEGIN { m = $("$j" -t hello "$run/samples.jsonl" mem_total_kb); exit !(m > 300000 && m <= 524288) }"
if [ "$builtin" = 1 ]; then
	check "boot: the kernel with virtio built in loaded no modules" \
		test "$("$j" -t hello "$run/samples.jsonl" modules_loaded)" = 0
else
	check "boot: the modular kernel's virtio modules were loaded" \
		awk "BEGIN { exit !($("$j" -t hello "$run/samples.jsonl" modules_loaded) >= 2) }"
fi
check "boot: two iterations, both ok" \
	test "$(grep -c '"type":"sample".*"status":"ok"' "$run/samples.jsonl")" = 2
check "boot: the stream ends with done, no failures" \
	test "$("$j" -t done "$run/samples.jsonl" failed)" = 0
check "boot: progress was shown as the guest ran" grep -q "execl pass 2/2" "$T/run.out"
check "boot: the summary names the metric and the release" \
	grep -q "unixbench.throughput = .* on $rel" "$T/run.out"
check "boot: console.log holds the kernel's boot log" grep -q "Linux version $rel" "$run/console.log"
check "boot: no temporary directory left" test -z "$(ls -a "$(dirname "$run")" | grep '^\.tmp')"
boot_parts=$(sed -n 's/.*"boot":{"first_console_s":[0-9.e+-]*,"firmware_s":\([0-9.e+-]*\),"kernel_s":\([0-9.e+-]*\),"init_s":\([0-9.e+-]*\),"job_s":\([0-9.e+-]*\),"poweroff_s":\([0-9.e+-]*\)}.*/\1 \2 \3 \4 \5/p' "$run/job.json")
check "boot: job.json's boot breakdown adds up to the wall time (within 15%)" \
	awk -v w="$("$j" "$run/job.json" wall_seconds)" -v p="$boot_parts" \
	'BEGIN { n = split(p, v, " "); for (i = 1; i <= n; i++) { if (v[i] < 0) exit 1; s += v[i] }; exit !(n == 5 && s > 0.85 * w && s < 1.15 * w) }'

# Several benchmarks in one boot: every headline arrives, qualified.
make -s run O="$O" RESULTS="$res" TEST=spawn,hackbench,perf-bench-sched-pipe,perf-bench-sched-messaging,aim9,shell8,fsdisk,dbench \
	DURATION=1 PASSES=1 GROUPS=1 LOOPS=200 RUNTIME=2 SMP=2 MEM=512 >"$T/multi.out" 2>"$T/multi.err"
rc=$?
mrun=$(ls -d "$res"/spawn,*/*/*/0 2>/dev/null | head -n 1)
check "boot: a comma list of eight tests runs in one boot" test "$rc" -eq 0 -a -n "$mrun"
for m in spawn.unixbench.throughput hackbench.hackbench.throughput \
	perf-bench-sched-pipe.perf-bench-sched-pipe.ops_per_sec \
	perf-bench-sched-messaging.perf-bench-sched-messaging.total_time_sec \
	aim9.aim9.shared_memory.ops_per_sec shell8.unixbench.throughput \
	fsdisk.unixbench.throughput dbench.dbench.throughput-MB/sec; do
	check "boot: stats.json has $m" awk "BEGIN { exit !($("$j" "$mrun/stats.json" "$m" 2>/dev/null || echo 0) > 0) }"
done
check "boot: no monitor delta wrapped around (a level that went down is negative)" \
	sh -c "! grep -q 'e+19' '$mrun/stats.json'"

# An AIM9 sibling: its own headline, in the guest and in a compare.
make -s run O="$O" RESULTS="$res" TEST=aim9 AIM9_TEST=exec_test RUNTIME=2 \
	SMP=1 >"$T/aim9.out" 2>&1
rc=$?
adir=$(ls -d "$res"/aim9/*aim9_test=exec_test*/* 2>/dev/null | head -n 1)
check "boot: aim9 exec_test runs and reports aim9.exec_test.ops_per_sec" \
	sh -c "test $rc -eq 0 && grep -q 'aim9 aim9.exec_test.ops_per_sec = ' '$T/aim9.out'"
check "compare: aim9 exec_test's headline is aim9.exec_test.ops_per_sec" \
	sh -c "'$B/host/bootbench-compare' '$adir' '$adir' | grep -q 'of aim9.exec_test.ops_per_sec'"
check "run: AIM9_TEST=bogus is refused, naming the tests" \
	sh -c "make -s run O='$O' RESULTS='$res' TEST=aim9 AIM9_TEST=bogus 2>&1 | grep -q 'AIM9_TEST=bogus is not valid: give the AIM9 test: shared_memory (default), fork_test'"

# RUNS: three boots, three run directories, one matrix per kernel.
make -s run O="$O" RESULTS="$res" TEST=hackbench GROUPS=1 LOOPS=50 PASSES=1 RUNS=3 \
	SMP=2 MEM=512 >"$T/runs.out" 2>"$T/runs.err"
rc=$?
kdir=$(ls -d "$res"/hackbench/*/* 2>/dev/null | head -n 1)
check "results: RUNS=3 exits 0 and leaves runs 0, 1 and 2" \
	test "$rc" -eq 0 -a -d "$kdir/0" -a -d "$kdir/1" -a -d "$kdir/2" -a ! -d "$kdir/3"
for m in hackbench.throughput time.minor_page_faults proc-vmstat.pgfault \
	interrupts.LOC:Local_timer_interrupts perf-stat.context-switches; do
	check "results: matrix.json holds 3 values of $m" \
		sh -c "grep -o '\"$m\":\[[^]]*\]' '$kdir/matrix.json' | awk -F, 'NF == 3 { ok = 1 } END { exit !ok }'"
done
check "results: avg.json is the mean of the three runs" awk "BEGIN { \
	a = $("$j" "$kdir/0/stats.json" hackbench.throughput) + $("$j" "$kdir/1/stats.json" hackbench.throughput) + \
	    $("$j" "$kdir/2/stats.json" hackbench.throughput); d = a / 3 - $("$j" "$kdir/avg.json" hackbench.throughput); \
	exit !(d < 1e-6 * a && d > -1e-6 * a) }"
check "results: stddev.json has the metric" "$j" "$kdir/stddev.json" hackbench.throughput

# --- replay: a captured stream through the same parser --------------
"$tool" replay "$run/samples.jsonl" "$T/replay" >"$T/rp.out" 2>&1
rc=$?
rrun=$(ls -d "$T"/replay/execl/replay/*/0 2>/dev/null)
check "replay: a good stream replays with exit 0 into <test>/replay/<release>/0" test "$rc" -eq 0 -a -n "$rrun"
check "replay: it gives the boot's stats.json byte for byte" cmp "$run/stats.json" "$rrun/stats.json"
check "replay: and the same samples.jsonl" cmp "$run/samples.jsonl" "$rrun/samples.jsonl"
"$tool" replay tests/fuzz/corpus/stream/hostile "$T/replay" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
check "replay: a hostile stream gives exit 6 and names the first bad line" \
	sh -c "test $rc -eq 6 && grep -q 'line 1: sample record before hello' '$T/rp.err'"
head -c 3000000 /dev/urandom >"$T/noise"
"$tool" replay "$T/noise" "$T/replay" >/dev/null 2>"$T/rp.err"
check "replay: 3 MB of random bytes is an error, not a crash (exit 6)" test $? -eq 6

# --- output that cannot be written -----------------------------------
if [ "$(id -u)" = 0 ] && mkdir -p "$T/full" && mount -t tmpfs -o size=12k tmpfs "$T/full" 2>/dev/null; then
	"$tool" run --kernel "$KDEF" --initrd "$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")" \
		--test spawn --param duration=1 --param passes=1 --results "$T/full" >/dev/null 2>"$T/full.err"
	rc=$?
	left=$(find "$T/full" -type f | wc -l)
	umount "$T/full"
	if [ "$rc" -eq 5 ] && [ "$left" -eq 0 ] && grep -q "No space left on device; nothing was kept" "$T/full.err"; then
		ok "output: a full disk gives exit 5, one line, and no half-written run"
	else
		bad "output: a full disk gives exit 5 and no half-written run" "exit $rc, $left files left: $(tail -n 1 "$T/full.err")"
	fi
fi

. tests/compare-boot.sh
. tests/reproduce.sh
. tests/reader.sh
. tests/deterministic-boot.sh

# --- the fault matrix: each fault ends in its verdict, nothing lost ---
full=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")
fault() {
	name=$1 code=$2
	shift 2
	start=$(date +%s)
	"$tool" run --kernel "$KDEF" --initrd "${initrd:-$full}" --results "$T/faults" \
		--smp 2 --mem 512 "$@" >"$T/f.out" 2>"$T/f.err"
	rc=$?
	took=$(($(date +%s) - start))
	frun=$(ls -td "$T"/faults/*/*/*/[0-9]* 2>/dev/null | head -n 1)
	if [ "$rc" -eq "$code" ] && [ -n "$frun" ]; then
		ok "fault: $name -> exit $rc in ${took}s ($(tail -n 1 "$T/f.err" | cut -c1-90))"
	else
		bad "fault: $name -> exit $code" "exit $rc after ${took}s: $(tail -n 2 "$T/f.err")"
	fi
}
fault "a segfaulting benchmark fails its iterations, the job goes on" 1 \
	--test fault --param fault=segv --param iterations=2
check "fault: both segfaulted iterations reported with exit code 139 (128+SIGSEGV)" \
	test "$(grep -c '"status":"failed","exit_code":139' "$frun/samples.jsonl")" = 2
check "fault: ... and the stream still ends with done" grep -q '"type":"done"' "$frun/samples.jsonl"
fault "a benchmark exiting 3 fails its iteration" 1 --test fault --param fault=exit
check "fault: exit code 3 recorded" grep -q '"status":"failed","exit_code":3' "$frun/samples.jsonl"
fault "a benchmark past its watchdog is killed, init goes on" 1 \
	--test fault --param fault=hang --param watchdog=2 --param iterations=2
check "fault: both hung iterations are status timeout" \
	test "$(grep -c '"status":"timeout"' "$frun/samples.jsonl")" = 2
fault "an out-of-memory benchmark is killed, PID 1 survives" 1 \
	--test fault --param fault=oom --param iterations=2 --mem 256
check "fault: the OOM kill is counted as dmesg.oom_killer" \
	awk "BEGIN { exit !($("$j" "$frun/stats.json" dmesg.oom_killer) >= 1) }"
check "fault: ... and both iterations were reported" \
	test "$(grep -c '"type":"sample"' "$frun/samples.jsonl")" = 2
fault "a kernel WARNING is counted as dmesg.WARNING" 0 --test fault --param fault=warn
check "fault: dmesg.WARNING in stats.json and matrix.json" \
	sh -c "grep -q '\"dmesg.WARNING\":1' '$frun/stats.json' && grep -q '\"dmesg.WARNING\":\[1\]' '$frun/../matrix.json'"
fault "a panic in the middle of a job ends it at once, earlier samples kept" 3 \
	--test spawn,fault --param fault=panic --param duration=1 --param passes=1
check "fault: the spawn sample before the panic is kept" \
	grep -q '"test":"spawn","iteration":1,"status":"ok"' "$frun/samples.jsonl"
check "fault: job.json holds the panic line" grep -q '"panic":"Kernel panic - not syncing: sysrq triggered crash' "$frun/job.json"
fault "a hung guest (frozen, no heartbeat) is killed after SILENCE" 4 \
	--test fault --param fault=stall --silence 8
check "fault: job.json says timeout" test "$("$j" "$frun/job.json" status)" = timeout
if [ "$builtin" = 0 ]; then
	initrd=$img fault "a modular kernel without its modules: the init says so, exit 5" 5 --test spawn
	check "fault: ... naming the missing virtio console" grep -q "no results port 'bootbench.results'.*CONFIG_VIRTIO_CONSOLE" "$T/f.err"
fi

# Two runs at once on the same results: two numbers, both complete.
for n in 1 2; do
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn \
		--results "$T/conc" --smp 1 --mem 256 >/dev/null 2>&1 &
done
wait
cdir=$(ls -d "$T"/conc/fault/*/* 2>/dev/null | head -n 1)
check "concurrency: two runs at once get directories 0 and 1, both complete" \
	sh -c "test \"\$('$j' '$cdir/0/job.json' complete)\$('$j' '$cdir/1/job.json' complete)\" = truetrue"
check "concurrency: the matrix counts both runs" grep -q '"dmesg.WARNING":\[1,1\]' "$cdir/matrix.json"

# --- every file written above against docs/schema -------------------
S=docs/schema
schema_all() {
	for d in "$@"; do
		for f in "$d"/*/*/*/*/samples.jsonl; do
			[ -f "$f" ] || continue
			"$T/schemacheck" -l $S/record.schema.json "$f" || return 1
			"$T/schemacheck" $S/job.schema.json "${f%/*}/job.json" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/stats.json" || return 1
		done
		for f in "$d"/*/*/*/matrix.json; do
			[ -f "$f" ] || continue
			"$T/schemacheck" $S/matrix.schema.json "$f" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/avg.json" || return 1
			"$T/schemacheck" $S/stats.schema.json "${f%/*}/stddev.json" || return 1
		done
	done
}
nfiles=$(find "$res" "$T/faults" "$T/replay" "$T/conc" -name '*.json*' | wc -l)
if schema_all "$res" "$T/faults" "$T/replay" "$T/conc" >"$T/schema.out" 2>&1; then
	ok "schema: all $nfiles result files of this suite validate against docs/schema"
else
	bad "schema: all result files validate against docs/schema" "$(grep -v '^ok' "$T/schema.out" | head -n 3)"
fi
check "schema: the checker refuses the hostile stream" \
	sh -c "! '$T/schemacheck' -l $S/record.schema.json tests/fuzz/corpus/stream/hostile"

# Topology: asked, booted, and verified from inside the guest.
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo" \
	--sockets 2 --cores 1 --threads 2 --numa 2 --mem 512 >"$T/topo.out" 2>"$T/topo.err"
rc=$?
trun=$(ls -d "$T"/topo/fault/*/*/0 2>/dev/null)
check "topology: 2 sockets x 1 core x 2 threads, 2 nodes boots and is verified (exit 0)" test "$rc" -eq 0 -a -n "$trun"
check "topology: the guest's hello shows 2 packages, 2 threads per core, nodes 0-1 and 2-3" \
	grep -q '"cpu_packages":2,"cores_per_package":1,"threads_per_core":2,"node_cpus":\["0-1","2-3"\]' "$trun/samples.jsonl"
check "topology: job.json records what was asked and what was seen" \
	sh -c "grep -q '\"topology\":{' '$trun/job.json' && grep -q '\"topology_seen\":\"2 packages x 1 cores x 2 threads' '$trun/job.json'"
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo" \
	--smp 4 --numa "0,2;1,3" --sockets 2 --threads 2 --mem 512 >"$T/topo.out" 2>"$T/topo.err"
rc=$?
check "topology: nodes that split SMT siblings do not match what the guest sees: exit 5, named" \
	sh -c "test $rc -eq 5 && grep -q 'the guest does not have the topology asked for' '$T/topo.err'"
# 8 vCPUs on a 2-CPU host: once in a while TCG stalls such a boot (seen
# at PCI enumeration, and once after the init's hello on a loaded host);
# the boot or session watchdog ends it and it is tried once more, saying
# so. $1 names the results directory the attempt writes.
boot8_retry() {
	dir=$1
	shift
	"$@"
	rc=$?
	if [ "$rc" -eq 4 ]; then
		echo "NOTE topology: an 8-vCPU boot stalled ($(tail -n 1 "$T/topo.err" | cut -c1-80)); once more"
		rm -rf "$dir"
		"$@"
		rc=$?
	fi
	return $rc
}
topo2() {
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo2" \
		--sockets 2 --cores 2 --threads 2 --numa "0-1,4-5;2-3,6-7" --mem 512 --silence 30 --timeout 300 >/dev/null 2>"$T/topo.err"
}
boot8_retry "$T/topo2" topo2
rc=$?
check "topology: lkp-skl-sp1's interleaving scaled down (2x2x2, nodes 0-1,4-5 and 2-3,6-7) is verified" \
	sh -c "test $rc -eq 0 && grep -q '\"threads_per_core\":2,\"node_cpus\":\[\"0-1,4-5\",\"2-3,6-7\"\]' $T/topo2/fault/*/*/0/samples.jsonl"
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo3" \
	--machine i3-3220 --mem 512 >/dev/null 2>"$T/topo.err"
check "topology: MACHINE=i3-3220 (1 x 2 x 2) boots verified" test $? -eq 0
topo4() {
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo4" \
		--lscpu tests/lscpu-scaled-skl.txt --mem 512 --silence 30 --timeout 300 >/dev/null 2>"$T/topo.err"
}
boot8_retry "$T/topo4" topo4
rc=$?
if [ "$rc" -eq 0 ] && grep -q 'note: one NUMA node per socket' "$T/topo.err" &&
	grep -q '"cpu_model":"Skylake-Server"' "$T"/topo4/fault/*/*/0/job.json; then
	ok "topology: an lscpu import (2 x 2 x 2, Skylake-Server) boots verified, with a note on numbering"
else
	bad "topology: an lscpu import (2 x 2 x 2, Skylake-Server) boots verified, with a note on numbering" \
		"exit $rc: $(grep -v 'note:' "$T/topo.err" | tail -n 2)"
fi
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo5" \
	--smp 4 --cmdline nr_cpus=2 --mem 512 >/dev/null 2>"$T/topo.err"
rc=$?
check "topology: a kernel booted with nr_cpus=2 of 4 fails with the difference (exit 5)" \
	sh -c "test $rc -eq 5 && grep -q 'asked 1 sockets x 4 cores x 1 threads, 1 nodes; it sees 1 packages x 2 cores x 1 threads, 2 CPUs online' $T/topo.err"
expect_bad "a profile out of reach" 2 "arm64 server" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --machine arm64-224 $R
expect_bad "an impossible NUMA split" 2 "NUMA=8 is impossible" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --smp 4 --numa 8 $R

# A kernel that cannot find an init panics: seen on the console, not waited out.
start=$(date +%s)
"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --cmdline "rdinit=/nonexistent" \
	--results "$T/panic" --timeout 300 --smp 1 --mem 256 >"$T/p.out" 2>"$T/p.err"
rc=$?
took=$(($(date +%s) - start))
prun=$(ls -d "$T"/panic/execl/*/*/0 2>/dev/null | head -n 1)
if [ "$rc" -eq 3 ] && [ -n "$prun" ] && [ "$("$j" "$prun/job.json" status)" = panic ] && [ "$took" -lt 120 ]; then
	ok "boot: a kernel panic ends the run with exit 3 in ${took}s, status panic"
else
	bad "boot: a kernel panic ends the run with exit 3" "exit $rc after ${took}s: $(tail -n 1 "$T/p.err")"
fi

# Before the init reports, the console is the sign of life: a kernel
# that prints nothing for SILENCE seconds is a hang, not waited out.
# Silent for sure: a quiet kernel whose first program only sleeps (a
# fast kernel, tinyconfig's, reached our init within the second).
"$tool" run --kernel "$KDEF" --initrd "$img" --test boot --cmdline "quiet loglevel=0 rdinit=/bin/sleep -- 60" --silence 1 \
	--results "$T/silent" --smp 1 --mem 256 >/dev/null 2>"$T/s.err"
rc=$?
check "boot: a boot silent for SILENCE seconds before the init reports is a hang: exit 4, named" \
	sh -c "test $rc -eq 4 && grep -q 'the boot stopped: no console output for 1 s before the init reported' '$T/s.err'"

. tests/ci-check.sh
. tests/fit.sh
. tests/verdict.sh
. tests/ab.sh

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
