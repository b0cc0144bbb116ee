# Area native (make check): every benchmark natively, in a short mode.
# name|arguments|headline metric: each benchmark's short run as
# its BENCH row (benchmarks/<name>.desc) gives it, then the variants of a few.
build benchlist tests/benchlist.c lib/tests.c || return 0
natives="$("$T/benchlist")
hackbench|--groups=2 --loops=20 --passes=1 --mode=threads --ipc=pipe|hackbench.throughput
perf-bench-sched-pipe|--loops=2000 --mode=threads|perf-bench-sched-pipe.ops_per_sec
aim9|--runtime=1 --aim9_test=fork_test|aim9.fork_test.ops_per_sec
aim9|--runtime=1 --aim9_test=exec_test|aim9.exec_test.ops_per_sec
aim9|--runtime=1 --aim9_test=signal_test|aim9.signal_test.ops_per_sec
aim9|--runtime=1 --aim9_test=pipe_cpy|aim9.pipe_cpy.ops_per_sec
aim9|--runtime=1 --aim9_test=stream_pipe|aim9.stream_pipe.ops_per_sec
aim9|--runtime=1 --aim9_test=dgram_pipe|aim9.dgram_pipe.ops_per_sec
aim9|--runtime=1 --aim9_test=disk_rr|aim9.disk_rr.ops_per_sec
aim9|--runtime=1 --aim9_test=creat-clo|aim9.creat-clo.ops_per_sec
aim9|--runtime=1 --aim9_test=add_double|aim9.add_double.ops_per_sec
aim9|--runtime=1 --aim9_test=udp_test|aim9.udp_test.ops_per_sec
aim7|--load=2 --aim7_test=disk_src|aim7.jobs-per-min
filebench|--filebench_test=fileserver --runtime=1 --test_size=8M|filebench.sum_operations/s
filebench|--filebench_test=webproxy --runtime=1 --test_size=8M|filebench.sum_reads/s
filebench|--filebench_test=randomwrite --runtime=1 --test_size=8M|filebench.sum_writes/s
filebench|--filebench_test=makedirs --runtime=1 --test_size=8M|filebench.sum_operations/s
filebench|--filebench_test=copyfiles --runtime=1 --test_size=8M|filebench.sum_bytes_mb/s"
# Two at a time (this host's CPU count in CI), each into its own file,
# then reported in order.
nat_i=0
while IFS='|' read -r name args metric; do
	nat_i=$((nat_i + 1))
	# shellcheck disable=SC2086
	{ "$B/guest/bench/$name" $args </dev/null >"$T/native.$nat_i.out" 2>&1; echo $? >"$T/native.$nat_i.rc"; } &
	[ $((nat_i % 2)) -eq 0 ] && wait
done <<END
$natives
END
wait
nat_i=0
while IFS='|' read -r name args metric; do
	nat_i=$((nat_i + 1))
	if [ "$(cat "$T/native.$nat_i.rc")" = 0 ] &&
		awk -v m="$metric" '$1 == "metric" && $2 == m && $3 > 0 { found = 1 } END { exit !found }' "$T/native.$nat_i.out"; then
		ok "native: $name $args reports $metric"
	else
		bad "native: $name $args reports $metric" "$(tail -n 2 "$T/native.$nat_i.out" | tr '\n' ' ')"
	fi
done <<END
$natives
END
check "native: make host-bench builds them with the host's libc, and they run" \
	sh -c "make -s O='$O' host-bench >/dev/null && '$B/host/bench/hackbench' --groups=1 --loops=10 --passes=1 | grep -q '^metric hackbench.throughput'"
# dbench is Debian's (make test installs it on the host), run in a TMPDIR of its own.
mkdir -p "$T/db dir"
TMPDIR="$T/db dir" "$B/guest/bench/dbench" --runtime=2 --nr_threads=2 >"$T/db.out" 2>&1
nat_rc=$?
nat_said=$(sed -n 's/^Throughput \([0-9.]*\) MB\/sec  2 clients  2 procs  max_latency=\([0-9.]*\) ms$/\1 \2/p' "$T/db.out")
check "native: Debian's dbench, 2 clients in a TMPDIR with a space: exit $nat_rc, its Throughput line (MB/s, ms: $nat_said) read into both metrics" \
	awk -v rc="$nat_rc" -v said="$nat_said" '$1 == "metric" { m[$2] = $3 }
	END { n = split(said, v, " "); exit !(rc == 0 && n == 2 && v[1] > 0 &&
		m["dbench.throughput-MB/sec"] - v[1] < 1e-3 && v[1] - m["dbench.throughput-MB/sec"] < 1e-3 &&
		m["dbench.max_latency-ms"] - v[2] < 1e-3 && v[2] - m["dbench.max_latency-ms"] < 1e-3) }' "$T/db.out"
check "native: dbench ran with Debian's client.txt in a directory of TMPDIR, removed after (left: $(ls -A "$T/db dir" | tr '\n' ' '))" \
	sh -c "grep -q \"^Running for 2 seconds with load '/usr/share/dbench/client.txt'\" '$T/db.out' &&
		grep -q '^dbench: $T/db dir/dbench\.[A-Za-z0-9]* removed$' '$T/db.out' && test -z \"\$(ls -A '$T/db dir')\""
if [ "$(id -u)" = 0 ] && mkdir -p "$T/dbfull" && mount -t tmpfs -o size=2m tmpfs "$T/dbfull" 2>/dev/null; then
	TMPDIR="$T/dbfull" "$B/guest/bench/dbench" --runtime=3 --nr_threads=2 >"$T/dbfull.out" 2>"$T/dbfull.err"
	nat_rc=$?
	nat_left=$(ls -A "$T/dbfull")
	umount "$T/dbfull"
	check "native: dbench on a full filesystem fails the run (exit $nat_rc), with no metric, and leaves nothing (left: $nat_left)" \
		sh -c "test $nat_rc -eq 1 && ! grep -q '^metric' '$T/dbfull.out' && grep -q 'No space left on device\\|expected to write' '$T/dbfull.out' &&
			grep -qx 'dbench: /usr/bin/dbench failed: see its messages above' '$T/dbfull.err' && test -z '$nat_left'"
else
	skip "native: dbench on a full filesystem" "mounting a small tmpfs needs root"
fi
check "native: dbench where it cannot write fails, saying so" \
	sh -c "TMPDIR=/proc '$B/guest/bench/dbench' --runtime=2 2>&1 | grep -q 'dbench: work directory /proc/dbench' && ! TMPDIR=/proc '$B/guest/bench/dbench' --runtime=2 >/dev/null 2>&1"
expect_bad "dbench runtime=1, which measures no second" 2 "runtime=1 measures nothing.*give runtime=2 or more" \
	"$B/guest/bench/dbench" --runtime=1
check "native: a bad parameter value is refused" sh -c "! $B/guest/bench/hackbench --mode=fast"
mkdir -p "$T/noshell/shell" && cp "$B/guest/bench/shell1" "$T/noshell/" &&
	cp "$B/guest/bench/shell/multi.sh" "$B/guest/bench/shell/tst.sh" "$T/noshell/shell/"
check "native: shell1 without its sort input fails, saying so" \
	sh -c "'$T/noshell/shell1' --duration=1 --passes=1 2>&1 | grep -q 'sort.src: No such file' && ! '$T/noshell/shell1' --duration=1 --passes=1 >/dev/null 2>&1"
check "native: an unknown parameter is refused" sh -c "! $B/guest/bench/execl --speed=9"
# Every metric the native runs printed, and every literal name a
# benchmark's source gives harness_metric(), is declared in a descriptor
# (benchmarks/<name>.desc) with a direction.
{ cat "$T"/native.*.out "$T/db.out"; sed -n 's/.*harness_metric("\([^"]*\)".*/\1/p' benchmarks/*.c; } |
	grep -E '^(metric )?[A-Za-z0-9_.%/-]+( |$)' | sed -n 's/^metric \([^ ]*\) .*/\1/p; /^metric /!s/^\([^ ]*\)$/\1/p' >"$T/nat-names"
"$tool" metrics --check <"$T/nat-names" 2>"$T/nat-undeclared"
check "native: every emitted metric ($(sort -u "$T/nat-names" | wc -l) names) is declared with a direction$(head -n 2 "$T/nat-undeclared" | tr '\n' ' ')" \
	test ! -s "$T/nat-undeclared"
