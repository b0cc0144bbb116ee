# Area native (make check): every benchmark natively, in a short mode.
# name|arguments|headline metric: each benchmark's short run as
# its BENCH row (benchmarks/<name>.desc) gives it, then under make test
# the variants of a few (a second each, 20 s of make check otherwise).
build benchlist tests/benchlist.c lib/tests.c || return 0
natives=$("$T/benchlist")
[ "$TIER" = test ] && natives="$natives
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
# A Debian program's benchmark (a layer of mklayer --rows: fio, dbench,
# sysbench-fileio) runs the layer's own files, unpacked for it
# (BOOTBENCH_ROOT, tests/lib.sh's debroot), never the host's: without
# them in the cache (make check, offline) it is skipped, naming the fix.
nat_layers=" $("$B/host/mklayer" --rows | cut -f1 | tr '\n' ' ') "
# nat_root NAME: the root NAME's program runs from ("" for ours), or
# fails with the reason in $T/nat-why.
nat_root() {
	case $nat_layers in
	*" $1 "*) ;;
	*) return 0 ;;
	esac
	nat_r=$(debroot "$1") && [ -n "$nat_r" ] && echo "$nat_r" && return 0
	echo "Debian's $1 is not unpacked in $B/debs ($(tail -n 1 "$T/debroot.err" | sed 's/^bootbench: //')): make fetch TEST=$1" >"$T/nat-why"
	return 1
}
# Two at a time (this host's CPU count in CI), each into its own file,
# then reported in order: the roots first (a fetch, once), then two
# workers, each taking every other row.
nat_i=0
while IFS='|' read -r name args metric; do
	nat_i=$((nat_i + 1))
	if nat_r=$(nat_root "$name"); then
		echo "$nat_r" >"$T/native.$nat_i.root"
	else
		mv "$T/nat-why" "$T/native.$nat_i.skip"
	fi
done <<END
$natives
END
nat_worker() {
	nat_i=0
	while IFS='|' read -r name args metric; do
		nat_i=$((nat_i + 1))
		[ $((nat_i % 2)) -eq "$1" ] && [ -f "$T/native.$nat_i.root" ] || continue
		# shellcheck disable=SC2086
		BOOTBENCH_ROOT=$(cat "$T/native.$nat_i.root") "$B/guest/bench/$name" $args </dev/null >"$T/native.$nat_i.out" 2>&1
		echo $? >"$T/native.$nat_i.rc"
	done <<END
$natives
END
}
nat_worker 0 &
nat_worker 1
wait
nat_i=0
while IFS='|' read -r name args metric; do
	nat_i=$((nat_i + 1))
	if [ -f "$T/native.$nat_i.skip" ]; then
		skip "native: $name $args reports $metric" "$(cat "$T/native.$nat_i.skip")"
	elif [ "$(cat "$T/native.$nat_i.rc")" = 0 ] &&
		awk -v m="$metric" '$1 == "metric" && $2 == m && $3 > 0 { found = 1 } END { exit !found }' "$T/native.$nat_i.out"; then
		ok "native: $name $args reports $metric"
	else
		bad "native: $name $args reports $metric" "$(tail -n 2 "$T/native.$nat_i.out" | tr '\n' ' ')"
	fi
done <<END
$natives
END
# All of them with the host's libc under make test (70 CPU seconds cold);
# make check builds the one it runs.
if [ "$TIER" = test ]; then
	check "native: make host-bench builds them with the host's libc, and they run" \
		sh -c "make -s O='$O' host-bench >/dev/null && '$B/host/bench/hackbench' --groups=1 --loops=10 --passes=1 | grep -q '^metric hackbench.throughput'"
else
	check "native: make host-bench's hackbench builds with the host's libc, and runs" \
		sh -c "make -s O='$O' '$B/host/bench/hackbench' >/dev/null && '$B/host/bench/hackbench' --groups=1 --loops=10 --passes=1 | grep -q '^metric hackbench.throughput'"
fi
# Debian's dbench, from its layer's files, in a TMPDIR of its own.
if nat_db=$(nat_root dbench); then
	mkdir -p "$T/db dir"
	BOOTBENCH_ROOT=$nat_db TMPDIR="$T/db dir" "$B/guest/bench/dbench" --runtime=2 --nr_threads=2 >"$T/db.out" 2>&1
	nat_rc=$?
	nat_said=$(sed -n 's/^Throughput \([0-9.]*\) MB\/sec  2 clients  2 procs  max_latency=\([0-9.]*\) ms$/\1 \2/p' "$T/db.out")
	check "native: Debian's dbench, 2 clients in a TMPDIR with a space: exit $nat_rc, its Throughput line (MB/s, ms: $nat_said) read into both metrics" \
		awk -v rc="$nat_rc" -v said="$nat_said" '$1 == "metric" { m[$2] = $3 }
		END { n = split(said, v, " "); exit !(rc == 0 && n == 2 && v[1] > 0 &&
			m["dbench.throughput-MB/sec"] - v[1] < 1e-3 && v[1] - m["dbench.throughput-MB/sec"] < 1e-3 &&
			m["dbench.max_latency-ms"] - v[2] < 1e-3 && v[2] - m["dbench.max_latency-ms"] < 1e-3) }' "$T/db.out"
	check "native: dbench ran with its layer's client.txt in a directory of TMPDIR, removed after (left: $(ls -A "$T/db dir" | tr '\n' ' '))" \
		sh -c "grep -qF \"Running for 2 seconds with load '$nat_db/usr/share/dbench/client.txt'\" '$T/db.out' &&
			grep -q '^dbench: $T/db dir/dbench\.[A-Za-z0-9]* removed$' '$T/db.out' && test -z \"\$(ls -A '$T/db dir')\""
	if [ "$(id -u)" = 0 ] && mkdir -p "$T/dbfull" && mount -t tmpfs -o size=2m tmpfs "$T/dbfull" 2>/dev/null; then
		BOOTBENCH_ROOT=$nat_db TMPDIR="$T/dbfull" "$B/guest/bench/dbench" --runtime=3 --nr_threads=2 >"$T/dbfull.out" 2>"$T/dbfull.err"
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
		sh -c "BOOTBENCH_ROOT='$nat_db' TMPDIR=/proc '$B/guest/bench/dbench' --runtime=2 2>&1 | grep -q 'dbench: work directory /proc/dbench' &&
			! BOOTBENCH_ROOT='$nat_db' TMPDIR=/proc '$B/guest/bench/dbench' --runtime=2 >/dev/null 2>&1"
else
	for nat_t in "Debian's dbench, 2 clients in a TMPDIR with a space" "dbench ran with its layer's client.txt, removed after" \
		"dbench on a full filesystem" "dbench where it cannot write fails, saying so"; do
		skip "native: $nat_t" "$(cat "$T/nat-why")"
	done
fi
expect_bad "dbench runtime=1, which measures no second" 2 "runtime=1 measures nothing.*give runtime=2 or more" \
	"$B/guest/bench/dbench" --runtime=1
# Natively a Debian program is its layer's or none: under a root that
# lacks it, fio fails naming it, never running the host's /usr/bin/fio.
mkdir -p "$T/noroot"
BOOTBENCH_ROOT=$T/noroot TMPDIR=$T/noroot "$B/guest/bench/fio" --test_size=4M --runtime=5 >"$T/noroot.out" 2>&1
nat_rc=$?
check "native: fio under a BOOTBENCH_ROOT without it fails (exit $nat_rc) naming its path there, not the host's: $(grep -m 1 '^fio: ' "$T/noroot.out")" \
	sh -c "test $nat_rc -ne 0 && grep -q '^fio: /usr/bin/fio .*: No such file or directory' '$T/noroot.out' && ! grep -q '^metric' '$T/noroot.out'"
BOOTBENCH_ROOT=$T/noroot "$B/guest/bench/dbench" --runtime=2 >"$T/noroot.out" 2>&1
nat_rc=$?
check "native: dbench under a BOOTBENCH_ROOT without its load fails (exit $nat_rc) naming it there and the fix" \
	sh -c "test $nat_rc -eq 1 && grep -q '^dbench: $T/noroot/usr/share/dbench/client.txt: No such file.*BOOTBENCH_ROOT=.*layer.sh --root' '$T/noroot.out'"
# The tree's own loader starts its program (PT_INTERP read under the
# root) with the tree's directories of libraries: a stand-in tree whose
# "loader" prints its arguments, beside a program the host's compiler
# linked (its PT_INTERP the host's loader path), a library, and a file
# that is none.
nat_ft=$T/fakeroot
mkdir -p "$nat_ft/usr/bin" "$nat_ft/usr/lib/nat/sub" "$nat_ft/usr/share/doc"
printf 'int main(void) { return 0; }\n' >"$T/nat-prog.c"
printf '#include <stdio.h>\nint main(int c, char **v) { for (int i = 1; i < c; i++) printf("arg %%s\\n", v[i]); return 3; }\n' >"$T/nat-ld.c"
if $HOSTCC -o "$nat_ft/usr/bin/fio" "$T/nat-prog.c" 2>/dev/null &&
	nat_interp=$(readelf -l "$nat_ft/usr/bin/fio" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p') &&
	[ -n "$nat_interp" ] && mkdir -p "$nat_ft$(dirname "$nat_interp")" &&
	$HOSTCC -static -o "$nat_ft$nat_interp" "$T/nat-ld.c" 2>/dev/null; then
	: >"$nat_ft/usr/lib/nat/sub/libnat.so.1"
	: >"$nat_ft/usr/share/doc/notes.sot"
	BOOTBENCH_ROOT=$nat_ft TMPDIR=$T/noroot "$B/guest/bench/fio" --test_size=4M --runtime=5 2>&1 | grep '^arg ' >"$T/nat-ft.out"
	nat_lp=$(sed -n '2s/^arg //p' "$T/nat-ft.out" | tr ':' '\n' | sort | tr '\n' ' ')
	nat_want=$(printf '%s\n' "$nat_ft$(dirname "$nat_interp")" "$nat_ft/usr/lib/nat/sub" | sort | tr '\n' ' ')
	check "native: under BOOTBENCH_ROOT the tree's loader ($nat_interp there) starts the tree's program, --library-path its library directories ($nat_lp)" \
		sh -c "sed -n '1p' '$T/nat-ft.out' | grep -qx 'arg --library-path' && test '$nat_lp' = '$nat_want' &&
			sed -n '3p' '$T/nat-ft.out' | grep -qx 'arg $nat_ft/usr/bin/fio' && sed -n '4p' '$T/nat-ft.out' | grep -qx 'arg --output-format=json'"
else
	bad "native: under BOOTBENCH_ROOT the tree's loader starts the tree's program" "cannot build the stand-in tree with $HOSTCC (-static)"
fi
check "native: a bad parameter value is refused" sh -c "! $B/guest/bench/hackbench --mode=fast"
mkdir -p "$T/noshell/shell" && cp "$B/guest/bench/shell1" "$T/noshell/" &&
	cp "$B/guest/bench/shell/multi.sh" "$B/guest/bench/shell/tst.sh" "$T/noshell/shell/"
check "native: shell1 without its sort input fails, saying so" \
	sh -c "'$T/noshell/shell1' --duration=1 --passes=1 2>&1 | grep -q 'sort.src: No such file' && ! '$T/noshell/shell1' --duration=1 --passes=1 >/dev/null 2>&1"
check "native: an unknown parameter is refused" sh -c "! $B/guest/bench/execl --speed=9"
# Every metric the native runs printed, and every literal name a
# benchmark's source gives harness_metric(), is declared in a descriptor
# (benchmarks/<name>.desc) with a direction.
{ cat "$T"/native.*.out "$T/db.out" 2>/dev/null; sed -n 's/.*harness_metric("\([^"]*\)".*/\1/p' benchmarks/*.c; } |
	grep -E '^(metric )?[A-Za-z0-9_.%/-]+( |$)' | sed -n 's/^metric \([^ ]*\) .*/\1/p; /^metric /!s/^\([^ ]*\)$/\1/p' >"$T/nat-names"
"$tool" metrics --check <"$T/nat-names" 2>"$T/nat-undeclared"
check "native: every emitted metric ($(sort -u "$T/nat-names" | wc -l) names) is declared with a direction$(head -n 2 "$T/nat-undeclared" | tr '\n' ' ')" \
	test ! -s "$T/nat-undeclared"
