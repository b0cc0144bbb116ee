# Sourced by tests/run.sh: a hostile guest and a careless user (#19).
# Crafted streams through `bootbench replay`, a stand-in QEMU
# (tests/fake-qemu) for floods and signals, make with paths holding
# spaces, quotes and backticks. No real boot. HOSTILE_TOOL and
# HOSTILE_COMPARE run the same cases against other binaries.
hb=${HOSTILE_TOOL:-$tool}
[ -x "$T/bootbench-compare" ] || build bootbench-compare report/*.c proto/*.c lib/*.c
hc=${HOSTILE_COMPARE:-$T/bootbench-compare}
H=$T/hostile
mkdir -p "$H"
fq=$top/tests/fake-qemu
corpus=tests/fuzz/corpus/stream

# hs_hello RELEASE TEST ITERATIONS, hs_sample TEST IT METRICS, hs_done IT
hs_hello() {
	printf '{"type":"hello","v":1,"uptime":1,"release":"%s","cpus_online":1,"cpu_packages":1,"cores_per_package":1,"threads_per_core":1,"test":"%s","iterations":%s}\n' "$1" "$2" "$3"
}
hs_sample() {
	printf '{"type":"sample","v":1,"uptime":2,"test":"%s","iteration":%s,"status":"ok","exit_code":0,"metrics":{%s}}\n' "$1" "$2" "$3"
}
hs_done() {
	printf '{"type":"done","v":1,"uptime":3,"iterations":%s,"failed":0}\n' "$1"
}
# hs_replay NAME STREAM: replay into $H/NAME, exit status in $rc.
hs_replay() {
	"$hb" replay "$2" "$H/$1" >"$H/$1.out" 2>"$H/$1.err"
	rc=$?
}

# 1. Names from the guest are path components: one rule refuses them.
mkdir -p "$H/deep/a/b/c"
hs_replay deep/a/b/c/r "$corpus/traversal-release"
check "hostile: a release ../../../../escaped writes nothing outside RESULTS (exit 6, named)" \
	sh -c "test $rc -eq 6 && test ! -e '$H/deep/escaped' && test ! -e '$H/escaped' &&
		grep -q 'hello record: release \"../../../../escaped\" is refused: it starts with' '$H/deep/a/b/c/r.err'"
hs_replay trav-test "$corpus/traversal-test"
check "hostile: a test name ../../../t2 is refused the same way" \
	sh -c "test $rc -eq 6 && test ! -e '$H/t2' && grep -q 'hello record: test \"../../../t2\" is refused' '$H/trav-test.err'"
expect_bad "a --release that is not a directory name" 2 "the release \"../6.1.0\" cannot name a result directory" \
	"$hb" run --kernel "$KDEF" --initrd "$img" --test execl --release ../6.1.0 --results "$H/rel" --qemu "$fq"

# 2. Distinct metrics: a hash index, and a cap (linear: the old search
# took minutes here; 60 s is far beyond what the index needs).
awk 'BEGIN {
	printf "{\"type\":\"hello\",\"v\":1,\"uptime\":1,\"release\":\"6.1.0\",\"cpus_online\":1,\"test\":\"execl\",\"iterations\":27}\n"
	for (it = 0; it < 27; it++) {
		printf "{\"type\":\"sample\",\"v\":1,\"uptime\":2,\"test\":\"execl\",\"iteration\":%d,\"status\":\"ok\",\"exit_code\":0,\"metrics\":{", it + 1
		for (i = 0; i < 10000; i++)
			printf "%s\"m.x%d\":1", i ? "," : "", it * 10000 + i
		printf "}}\n"
	}
	printf "{\"type\":\"done\",\"v\":1,\"uptime\":3,\"iterations\":27,\"failed\":0}\n"
}' >"$H/many.jsonl"
timeout 60 "$hb" replay "$H/many.jsonl" "$H/many" >/dev/null 2>"$H/many.err"
rc=$?
check "hostile: 270000 distinct metrics replay in under 60 s, cut at 262144 and said (exit 6)" \
	sh -c "test $rc -eq 6 && grep -q 'more than 262144 distinct metrics: the rest are dropped' '$H/many.err'"

# 3. Floods: the console is cut (head and tail kept) and ends the run.
hs_hello 6.1.0 execl 1 >"$H/one.jsonl"
FAKE_FLOOD=$((40 << 20)) FAKE_STREAM=$H/one.jsonl FAKE_HANG=30 timeout 120 \
	"$hb" run --kernel "$KDEF" --initrd "$img" --test execl --qemu "$fq" --accel tcg \
	--firmware seabios --smp 1 --mem 256 --results "$H/flood" >/dev/null 2>"$H/flood.err"
rc=$?
frun=$(ls -d "$H"/flood/execl/*/*/0 2>/dev/null | head -n 1)
fsize=$(wc -c <"$frun/console.log" 2>/dev/null || echo 0)
check "hostile: a 40 MiB console flood ends the run (exit 6, truncated) with console.log head + tail ($fsize bytes)" \
	sh -c "test $rc -eq 6 && grep -q 'truncated: the guest wrote more than 32 MiB on the console' '$H/flood.err' &&
		test $fsize -le $((16 << 20 | 4096)) && test $fsize -ge $((16 << 20)) &&
		grep -q 'bytes of console output cut here' '$frun/console.log' &&
		test \"\$('$j' '$frun/job.json' truncated)\" = true"
awk 'BEGIN {
	printf "{\"type\":\"hello\",\"v\":1,\"uptime\":1,\"release\":\"6.1.0\",\"cpus_online\":1,\"test\":\"execl\",\"iterations\":1}\n"
	s = "x"
	while (length(s) < 1000)
		s = s s
	for (i = 0; i < 70000; i++)
		printf "{\"type\":\"log\",\"v\":1,\"uptime\":2,\"kind\":\"output\",\"msg\":\"%s\"}\n", s
}' >"$H/big.jsonl"
hs_replay big "$H/big.jsonl"
brun=$(ls -d "$H"/big/execl/replay/*/0 2>/dev/null | head -n 1)
bsize=$(wc -c <"$brun/samples.jsonl" 2>/dev/null || echo 0)
check "hostile: records past 64 MiB are dropped and the run says truncated (exit 6, samples.jsonl $bsize bytes)" \
	sh -c "test $rc -eq 6 && test $bsize -le $((64 << 20)) &&
		grep -q 'truncated: the guest sent more than 64 MiB of records' '$H/big.err'"
rm -f "$H/big.jsonl" "$H/many.jsonl"

# 4. and 11. Guest bytes: valid XML, nothing raw on the terminal.
printf 'Booting\n\033]0;pwned\007\033[2J\rKernel panic - not syncing: \377\376 bad \001 bytes\nbootbench: results in /dev/null\n' >"$H/con.txt"
FAKE_CONSOLE=$H/con.txt FAKE_HANG=5 timeout 60 "$hb" run --kernel "$KDEF" --initrd "$img" --test execl \
	--qemu "$fq" --accel tcg --firmware seabios --smp 1 --mem 256 --results "$H/panic" -v \
	>"$H/panic.out" 2>"$H/panic.err"
rc=$?
prun=$(ls -d "$H"/panic/execl/*/*/0 2>/dev/null | head -n 1)
check "hostile: junit.xml stays valid XML with non-UTF-8 bytes in the panic line" \
	sh -c "test $rc -eq 3 && python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' '$prun/junit.xml'"
check "hostile: guest escape sequences and carriage returns reach the terminal escaped, no forged bootbench: line" \
	sh -c "! grep -q \"\$(printf '[\\033\\r\\001]')\" '$H/panic.err' '$H/panic.out' &&
		! grep -q '^bootbench: results in /dev/null' '$H/panic.err' '$H/panic.out' &&
		grep -q 'panic: Kernel panic - not syncing: .xff.xfe bad .x01 bytes' '$H/panic.err'"

# 6. Counted things: 3 iterations announced, 1 sample carried.
hs_replay count "$corpus/count-mismatch"
check "hostile: 3 iterations announced but 1 sample is an incomplete run (exit 6, said)" \
	sh -c "test $rc -eq 6 && grep -q 'the stream announced 3 iteration(s) x 1 test(s) = 3 sample(s) (done says 3 iteration(s)) but carried 1' '$H/count.err'"

# 7. and 9. Signals: SIGHUP ends the run cleanly, QEMU with it; the
# interrupted run stays on disk, listed, out of the matrix.
{
	hs_hello 6.1.0-57-amd64 execl 3
	hs_sample execl 1 '"unixbench.throughput":5'
} >"$H/part.jsonl"
hs_start() { # HANG NAME [ARG...]: a run of part.jsonl, once QEMU is up
	hang=$1 name=$2
	shift 2
	rm -f "$H/qpid"
	FAKE_STREAM=$H/part.jsonl FAKE_HANG=$hang FAKE_PIDFILE=$H/qpid "$hb" run --kernel "$KDEF" \
		--initrd "$img" --test execl --qemu "$fq" --accel tcg --firmware seabios --smp 1 \
		--mem 256 --results "$H/$name" "$@" >"$H/$name.out" 2>"$H/$name.err" &
	bpid=$!
	n=0
	while [ ! -s "$H/qpid" ] && [ $n -lt 100 ]; do
		sleep 0.2
		n=$((n + 1))
	done
	read -r qpid qsock <"$H/qpid"
}
hs_signal() { # SIGNAL NAME
	hs_start 60 "$2"
	sleep 1
	kill "-$1" "$bpid"
	wait "$bpid" 2>/dev/null
	rc=$?
	sleep 1
}
hs_signal HUP hup
hrun=$(ls -d "$H"/hup/execl/*/*/0 2>/dev/null | head -n 1)
check "hostile: SIGHUP ends the run: exit 7, QEMU gone, its FIFOs gone, the run kept as interrupted" \
	sh -c "test $rc -eq 7 && ! kill -0 $qpid 2>/dev/null && test ! -e '$qsock' &&
		test \"\$('$j' '$hrun/job.json' status)\" = interrupted &&
		grep -q 'interrupted: interrupted by Hangup: QEMU stopped, the run kept' '$H/hup.err'"
check "hostile: the interrupted run is listed in runs.json, left out of matrix.json" \
	sh -c "test \"\$('$j' '$hrun/../runs.json' left_out)\" = 1 && test \"\$('$j' '$hrun/../runs.json' in_matrix)\" = 0 &&
		! grep -q '5' '$hrun/../matrix.json'"
hs_signal KILL killed
# Dead: gone, or a zombie of an init that does not reap (containers).
qstate=$(ps -o stat= -p "$qpid" 2>/dev/null | cut -c1)
check "hostile: after kill -9 of bootbench, QEMU dies with it (PR_SET_PDEATHSIG)" \
	test "${qstate:-gone}" = gone -o "${qstate:-gone}" = Z
kparent=$(ls -d "$H"/killed/execl/*/*/.tmp-* 2>/dev/null | head -n 1)
kparent=${kparent%/*}
kparent=${kparent:-$H/killed/none}
mkdir -p "$kparent/.tmp-$$"
FAKE_STREAM=$H/part.jsonl timeout 60 "$hb" run --kernel "$KDEF" --initrd "$img" --test execl \
	--qemu "$fq" --accel tcg --firmware seabios --smp 1 --mem 256 --results "$H/killed" >/dev/null 2>&1
check "hostile: the next run cleans the killed run's .tmp-* (and one named after any pid) and writes run 0" \
	sh -c "test -d '$kparent/0' && test -z \"\$(ls -A '$kparent' | grep '^\.tmp-')\""

# A stall of the host (bootbench and QEMU stopped together, as a VM's
# steal stops both) past --silence is not the guest's silence: a CI run
# once called a guest hung after such a gap.
hs_start 2 stall --silence 3
kill -STOP "$bpid" "$qpid"
sleep 7
kill -CONT "$bpid" "$qpid"
wait "$bpid" 2>/dev/null
rc=$?
check "hostile: a 7 s stall of the host under --silence 3 is not called a hung guest (exit $rc: the stream's own verdict)" \
	sh -c "test $rc -eq 6 && grep -q 'ended before .done.' '$H/stall.err' && ! grep -q 'stopped reporting' '$H/stall.err'"

# 8. compare: a side without the metric is refused; left-out runs said.
{
	hs_hello 6.1.0 execl 1
	hs_sample execl 1 '"unixbench.throughput":100'
	hs_done 1
} >"$H/good.jsonl"
hs_replay cmp-base "$H/good.jsonl"
hs_replay cmp-new "$corpus/only-dmesg"
"$hc" --no-plot "$H/cmp-base/execl/replay/6.1.0" "$H/cmp-new/execl/replay/6.1.0-new" >"$H/cmp.out" 2>"$H/cmp.err"
rc=$?
check "hostile: compare refuses a side without the metric (exit 2, one line)" \
	sh -c "test $rc -eq 2 && grep -q 'has no value of unixbench.throughput in its 1 complete, ok run' '$H/cmp.err'"
hs_replay cmp-base "$corpus/count-mismatch"
"$hc" --no-plot "$H/cmp-base/execl/replay/6.1.0" "$H/cmp-base/execl/replay/6.1.0" >/dev/null 2>"$H/cmp2.err"
check "hostile: compare says how many runs a matrix left out" \
	grep -q "replay/6.1.0: 1 run(s) left out, not complete and ok" "$H/cmp2.err"

# 10. A damaged stats.json is said and left out, not "no kernel errors".
hs_replay dmg "$H/good.jsonl"
hs_replay dmg "$H/good.jsonl"
echo '{"dmesg.Kernel_panic": ' >"$H/dmg/execl/replay/6.1.0/0/stats.json"
hs_replay dmg "$H/good.jsonl"
check "hostile: a damaged stats.json is named and its run left out of matrix.json" \
	sh -c "grep -q '0/stats.json is damaged: that run is left out of matrix.json' '$H/dmg.err' &&
		test \"\$('$j' '$H/dmg/execl/replay/6.1.0/runs.json' in_matrix)\" = 2"

# 12. and 13. Over-long metric names and duplicate keys are refused.
hs_replay long "$corpus/long-metric-names"
check "hostile: a metric name over 200 bytes is refused, not cut into another (exit 6)" \
	sh -c "test $rc -eq 6 && grep -q 'is refused: it is longer than 200 bytes' '$H/long.err'"
hs_replay dup "$corpus/duplicate-key"
check "hostile: a record with a key twice is refused (exit 6)" \
	sh -c "test $rc -eq 6 && grep -q 'key \"release\" appears twice in a record' '$H/dup.err'"

# 15. reproduce: a RESULTS too long for the job's path writes nothing.
long=$H/$(printf '%04000d' 0 | tr 0 a)
expect_bad "reproduce with a RESULTS too long for its files" 2 "the path is too long" \
	"$hb" reproduce tests/reproduce/reports/unixbench-shell1-newidle-22.9-unsigned.txt "$long"

# 5. Paths with spaces, quotes and backticks through make and scripts.
# A backtick that ran would touch hostile-pwned where make runs.
pw=$top/hostile-pwned
rm -f "$pw"
weird="$H/my kernels \"q\" 'q' \`touch hostile-pwned\`"
mkdir -p "$weird"
cp "$H/good.jsonl" "$weird/[PATCH] s.jsonl"
make -s --no-print-directory replay O="$O" STREAM="$weird/[PATCH] s.jsonl" RESULTS="$weird/r s" \
	>"$H/mk.out" 2>&1
check "hostile: make replay with STREAM and RESULTS holding spaces, quotes and backticks" \
	sh -c "test -f \"\$1/r s/execl/replay/6.1.0/0/job.json\" && test ! -e '$pw'" sh "$weird"
rm -f "$pw"
cp tests/reproduce/reports/unixbench-shell1-newidle-22.9-unsigned.txt "$weird/[PATCH] \`touch hostile-pwned\` r.txt"
make -s --no-print-directory reproduce O="$O" DRY=1 REPORT="$weird/[PATCH] \`touch hostile-pwned\` r.txt" \
	RESULTS="$weird/rr" >"$H/mk2.out" 2>&1
check "hostile: make reproduce DRY=1 with a REPORT named with a space and a backtick runs nothing" \
	sh -c "test ! -e '$pw' && grep -q 'the machine as booted' '$H/mk2.out'"
rm -f "$pw"
# make run: a kernel in "my kernels ...", booted by the stand-in QEMU.
cp "$KDEF" "$weird/bzImage"
kd=$(cd "$(dirname "$KDEF")" && pwd)
[ -d "$kd/root" ] && ln -s "$kd/root" "$weird/root"
rel=$("$hb" release "$KDEF")
{
	hs_hello "$rel" execl 1
	hs_sample execl 1 '"unixbench.throughput":5'
	hs_done 1
} >"$H/run.jsonl"
FAKE_STREAM=$H/run.jsonl make -s --no-print-directory run O="$O" KERNEL="$weird/bzImage" \
	RESULTS="$weird/runs" QEMU="$fq" FIRMWARE=seabios ACCEL=tcg SMP=1 MEM=256 \
	CMDLINE='quiet mitigations=off' >"$H/mk3.out" 2>&1
check "hostile: make run with KERNEL and RESULTS holding spaces, quotes and backticks" \
	sh -c "test ! -e '$pw' && ls \"\$1\"/runs/execl/*/*/0/job.json" sh "$weird"
rm -f "$pw"
# report/bisect-run.sh is gone: bootbench bisect refuses its bad input
# (RUNS=abc, SMP=banana, ...) before any build, tests/bisect.sh (make
# check); its make run variables are the Makefile's (tests/badinput.sh).

# 20.1 DISK_DIR on a small filesystem (a 200 MiB tmpfs; root mounts it).
# The disk set is scaled to its free space less the margin; another
# writer then takes 100 MiB while the guest writes its disk: the guest
# is stopped (exit 5) before the host's filesystem fills, and the run
# directory, elsewhere, keeps its console and records.
sp=$H/small
mkdir -p "$sp"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=200m bootbench-test "$sp" 2>/dev/null; then
	skip "hostile: DISK_DIR on a 200 MiB tmpfs" "needs root to mount a tmpfs"
else
	hs_fill() { # once the guest's disk file is there, 100 MiB beside it
		n=0
		while ! ls "$sp" | grep -q '^bootbench-disk' && [ $n -lt 1200 ]; do
			sleep 0.1
			n=$((n + 1))
		done
		dd if=/dev/zero of="$sp/other" bs=1M count=100 2>"$H/fill.err"
		echo "dd exit $?" >>"$H/fill.err"
	}
	hs_fill &
	fpid=$!
	make -s --no-print-directory run O="$O" RESULTS="$H/space" DISK_DIR="$sp" TEST=fio DISK=1SSD_1G \
		FS=ext4 RW=write BS=1M TEST_SIZE=120M SMP=2 MEM=512 Q=1 >"$H/space.out" 2>&1
	wait "$fpid"
	srun=$(ls -d "$H"/space/fio/*/*/0 2>/dev/null | head -n 1)
	rc=$("$j" "$srun/job.json" exit_code 2>/dev/null)
	sleft=$("$j" "$srun/job.json" host_space_left_mb 2>/dev/null)
	check "hostile: DISK=1SSD_1G on a 200 MiB DISK_DIR is scaled to 136 MiB, said, before the boot" \
		grep -q 'note: DISK: 1 disk(s) of 136 MiB instead of 1024 MiB: DISK_DIR=.* has 200 MiB free, less a margin of 64 MiB' "$H/space.out"
	check "hostile: another writer takes 100 MiB: the guest is stopped at ${sleft:-?} MiB free, infrastructure (exit 5), the other writer never saw ENOSPC" \
		sh -c "test '$rc' = 5 && grep -q 'infrastructure: DISK_DIR=$sp has [0-9]* MiB free, under the 32 MiB kept for the host: the guest was stopped' '$H/space.out' &&
			test \"\$('$j' '$srun/job.json' status)\" = infrastructure && test '${sleft:-0}' -gt 0 &&
			grep -q 'dd exit 0' '$H/fill.err' && test -s '$srun/console.log' && test -s '$srun/samples.jsonl' &&
			test -z \"\$(ls '$sp' | grep bootbench-disk)\""
	rm -f "$sp/other"
	# The report's own case: fio's 512 MiB on the scaled disk fails in the guest.
	make -s --no-print-directory run O="$O" RESULTS="$H/space2" DISK_DIR="$sp" TEST=fio DISK=1SSD_1G \
		FS=ext4 RW=write BS=1M TEST_SIZE=512M SMP=2 MEM=512 Q=1 >"$H/space2.out" 2>&1
	srun=$(ls -d "$H"/space2/fio/*/*/0 2>/dev/null | head -n 1)
	rc=$("$j" "$srun/job.json" exit_code 2>/dev/null)
	sfree=$(df -m --output=avail "$sp" | tail -n 1)
	check "hostile: fio's TEST_SIZE=512M on that disk fails in the guest (exit $rc, No space left on device), the host's filesystem keeps $sfree MiB" \
		sh -c "test '$rc' = 1 && grep -q 'No space left on device' '$srun/samples.jsonl' && test $sfree -ge 64"
	umount "$sp"
	mount -t tmpfs -o size=100m bootbench-test "$sp"
	expect_bad "a DISK_DIR with no room for any disk" 5 "DISK: DISK_DIR=$sp has 100 MiB free, less a margin of 64 MiB kept for the host: no room for 1 disk(s) of 64 MiB or more: give DISK_DIR=<a directory with room>" \
		"$hb" run --kernel "$KDEF" --initrd "$img" --test execl --qemu "$fq" --boot bzimage --param disk=1SSD --disk-dir "$sp" --results "$H/space3"
	umount "$sp"
fi
