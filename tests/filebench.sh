# Sourced by tests/run.sh: filebench (benchmarks/filebench.c). Natively:
# its checks catch a tree changed behind its back and its sums add up;
# then boots on a RAM disk with ext4 (docs/disks.md) running fileserver
# and randomrw, the metrics there and consistent; its refusals.
fb_bin="$B/guest/bench/filebench"
expect_bad "an unknown filebench personality" 2 "FILEBENCH_TEST=nosuch is not valid: give the filebench personality" \
	"$tool" run --plan --test filebench --param filebench_test=nosuch
check "filebench: natively, an unknown personality is refused in one line, exit 2" \
	sh -c "'$fb_bin' --filebench_test=nosuch 2>'$T/fb-bad.err'; test \$? -eq 2 && test \$(wc -l <'$T/fb-bad.err') -eq 1"

# The reader: a personality we lack is refused in one line naming ours.
sed 's/test: randomwrite.f/test: oltp.f/' tests/reproduce/reports/filebench-randomwrite-btrfs-12.4.txt >"$T/fb-oltp.txt"
check "filebench: the reader refuses a personality it lacks (oltp.f) in one line naming the ones it has" \
	sh -c "! '$tool' reproduce '$T/fb-oltp.txt' '$T/fbrp' 2>'$T/fbrp.err' &&
		grep -q \"filebench personality 'oltp.f' is not one bootbench has: it has fileserver webproxy\" '$T/fbrp.err' &&
		test ! -e '$T/fbrp/fb-oltp'"
sed 's/test: randomwrite.f/test: webproxy.f/; s/fs: btrfs/fs: xfs/' tests/reproduce/reports/filebench-randomwrite-btrfs-12.4.txt >"$T/fb-wp.txt"
check "filebench: the reader makes a webproxy.f mail on xfs a webproxy job on an xfs disk, saying it scales the filesets" \
	sh -c "'$tool' reproduce '$T/fb-wp.txt' '$T/fbrp' >/dev/null 2>'$T/fbrp.err' &&
		grep -qx 'filebench_test = webproxy' '$T/fbrp/fb-wp/job' && grep -qx 'fs = xfs' '$T/fbrp/fb-wp/job' &&
		grep -qx 'disk = 1SSD' '$T/fbrp/fb-wp/job' && grep -q 'scaled: filebench.s filesets are cut' '$T/fbrp.err'"

# fb_native NAME ARGS...: a native run in its own TMPDIR, into $T/fb-NAME.
fb_native() {
	fb_n=$1
	shift
	mkdir -p "$T/fb dir $fb_n"
	TMPDIR="$T/fb dir $fb_n" "$fb_bin" "$@" >"$T/fb-$fb_n.out" 2>&1
	echo $? >"$T/fb-$fb_n.rc"
}
fb_m() { awk -v m="filebench.$2" '$1 == "metric" && $2 == m { print $3 }' "$T/fb-$1.out"; }

# Files of the fileset deleted behind webproxy's back: a flowop or the
# check after the run finds it, the run fails and prints no metric.
fb_native gone --filebench_test=webproxy --runtime=3 --test_size=8M --nr_threads=4 &
sleep 1.5
rm -f "$T/fb dir gone"/filebench.*/bigfileset/f*
wait
check "filebench: files deleted behind its back fail the run (exit $(cat "$T/fb-gone.rc")), no metric printed" \
	sh -c "test $(cat "$T/fb-gone.rc") -eq 1 && ! grep -q '^metric' '$T/fb-gone.out' &&
		grep -q 'filebench: .*No such file\\|entries wrong' '$T/fb-gone.out'"
# The large file overwritten with other bytes: randomread sees it.
fb_native bytes --filebench_test=randomread --runtime=3 --test_size=4M &
sleep 1.5
# nocreat: a file the run already removed is not made again (a
# leftover of the test's own, not the run's).
for fb_f in "$T/fb dir bytes"/filebench.*/largefile1/largefile1; do
	dd if=/dev/zero of="$fb_f" bs=1M count=4 conv=notrunc,nocreat 2>/dev/null
done
wait
check "filebench: a file's bytes changed behind randomread's back fail the run (exit $(cat "$T/fb-bytes.rc"))" \
	sh -c "test $(cat "$T/fb-bytes.rc") -eq 1 && ! grep -q '^metric' '$T/fb-bytes.out' &&
		grep -q 'read on fileset largefile1: it did not find what was written' '$T/fb-bytes.out'"
# copyfiles copies every file once: as many reads as writes, the bytes
# read are the bytes written (sum_bytes_mb/s counts both).
fb_native copy --filebench_test=copyfiles --runtime=30 --test_size=64M
fb_r=$(fb_m copy sum_reads/s) fb_w=$(fb_m copy sum_writes/s) fb_o=$(fb_m copy sum_operations)
check "filebench: copyfiles ran to its end: 6 flowops a file ($fb_o), reads/s ($fb_r) = writes/s ($fb_w)" \
	sh -c "test $(cat "$T/fb-copy.rc") -eq 0 && awk -v r='$fb_r' -v w='$fb_w' -v o='$fb_o' 'BEGIN { exit !(o == 6000 && r == w && r > 0) }'"
fb_native rw --filebench_test=randomwrite --runtime=1 --test_size=4M
fb_w=$(fb_m rw sum_writes/s) fb_b=$(fb_m rw sum_bytes_mb/s) fb_o=$(fb_m rw sum_operations/s)
check "filebench: randomwrite: every flowop a write ($fb_w/s of $fb_o/s), of 8 KiB ($fb_b MiB/s)" \
	sh -c "awk -v w='$fb_w' -v b='$fb_b' -v o='$fb_o' 'BEGIN { d = b * 128 - w; exit !(w > 0 && w == o && d * d < 1) }'"
# filemicro_rread ends on its own once it has read 128 MiB (its
# finishonbytes), 2 KiB at a time: exactly 65536 reads, long before
# its 60 s, every operation a read.
fb_native rread --filebench_test=filemicro_rread --runtime=60 --test_size=8M
fb_n=$(fb_m rread sum_operations) fb_r=$(fb_m rread sum_reads/s) fb_o=$(fb_m rread sum_operations/s)
check "filebench: filemicro_rread stops after 128 MiB of 2 KiB reads ($fb_n ops, reads/s $fb_r = ops/s $fb_o, in under 60 s)" \
	sh -c "test $(cat "$T/fb-rread.rc") -eq 0 && awk -v n='$fb_n' -v r='$fb_r' -v o='$fb_o' 'BEGIN { exit !(n == 65536 && r == o && n / o < 60) }'"
fb_left=$(find "$T/fb dir copy" "$T/fb dir rw" "$T/fb dir rread" "$T/fb dir gone" "$T/fb dir bytes" -mindepth 1 | head -n 3 | tr '\n' ' ')
check "filebench: a run leaves nothing in TMPDIR, failed or not${fb_left:+ (left: $fb_left)}" \
	test -z "$fb_left"

# fb_boot NAME MAKE-VARIABLES...: one boot on a 256 MiB RAM disk, ext4.
fb_res=$T/fbres
fb_boot() {
	fb_n=$1
	shift
	rm -rf "$fb_res"
	make -s run O="$O" RESULTS="$fb_res" SMP=2 MEM=1024 Q=1 TEST=filebench \
		DISK=1BRD_256M FS=ext4 RUNTIME=5 "$@" >"$T/fb-$fb_n.out" 2>&1
	fb_rc=$?
	fb_run=$(ls -d "$fb_res"/*/*/*/0 2>/dev/null | head -n 1)
}
fb_s() { v=$($j "$fb_run/stats.json" "filebench.$1" 2>/dev/null); echo "${v:-0}"; }

fb_boot fileserver FILEBENCH_TEST=fileserver
fb_o=$(fb_s sum_operations/s) fb_n=$(fb_s sum_operations) fb_r=$(fb_s sum_reads/s)
fb_w=$(fb_s sum_writes/s) fb_b=$(fb_s sum_bytes_mb/s) fb_l=$(fb_s sum_time_ms/op)
check "filebench: fileserver on a RAM disk with ext4: exit 0, ops/s $fb_o, reads/s $fb_r, writes/s $fb_w, MiB/s $fb_b, ms/op $fb_l all > 0; $fb_n ops in about 5 s" \
	sh -c "test $fb_rc -eq 0 && awk -v o='$fb_o' -v n='$fb_n' -v r='$fb_r' -v w='$fb_w' -v b='$fb_b' -v l='$fb_l' \
		'BEGIN { exit !(o > 0 && r > 0 && w > r && b > 0 && l > 0 && n / o > 4.5 && n / o < 8) }'"
check "filebench: it ran on the RAM disk's ext4 and said how it scaled the fileset" \
	sh -c "grep -q 'in /fs/ram0' '$fb_run/samples.jsonl' && grep -q 'fileset bigfileset: [0-9]* files in a tree of width 20 (x0\\.0' '$fb_run/samples.jsonl'"

fb_boot randomrw FILEBENCH_TEST=randomrw
fb_o=$(fb_s sum_operations/s) fb_r=$(fb_s sum_reads/s) fb_w=$(fb_s sum_writes/s) fb_b=$(fb_s sum_bytes_mb/s)
check "filebench: randomrw on a RAM disk with ext4: exit 0, reads/s $fb_r + writes/s $fb_w = ops/s $fb_o, all of 8 KiB ($fb_b MiB/s)" \
	sh -c "test $fb_rc -eq 0 && awk -v o='$fb_o' -v r='$fb_r' -v w='$fb_w' -v b='$fb_b' \
		'BEGIN { d = r + w - o; e = b * 128 - o; exit !(r > 0 && w > 0 && d * d < 1 && e * e < 1) }'"
