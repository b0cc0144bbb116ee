# Area native (make check): every benchmark natively, in a short mode.
# name|arguments|headline metric: each benchmark's short run as
# benchmarks/tests.def gives it, then the variants of a few.
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
check "native: dbench where it cannot write fails, saying so" \
	sh -c "TMPDIR=/proc '$B/guest/bench/dbench' --runtime=1 2>&1 | grep -q 'dbench: work directory /proc/dbench' && ! TMPDIR=/proc '$B/guest/bench/dbench' --runtime=1 >/dev/null 2>&1"
check "native: a bad parameter value is refused" sh -c "! $B/guest/bench/hackbench --mode=fast"
mkdir -p "$T/noshell/shell" && cp "$B/guest/bench/shell1" "$T/noshell/" &&
	cp "$B/guest/bench/shell/multi.sh" "$B/guest/bench/shell/tst.sh" "$T/noshell/shell/"
check "native: shell1 without its sort input fails, saying so" \
	sh -c "'$T/noshell/shell1' --duration=1 --passes=1 2>&1 | grep -q 'sort.src: No such file' && ! '$T/noshell/shell1' --duration=1 --passes=1 >/dev/null 2>&1"
check "native: an unknown parameter is refused" sh -c "! $B/guest/bench/execl --speed=9"
