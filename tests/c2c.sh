# Sourced by tests/run.sh: C2C=1's cache-line census on real boots
# (docs/c2c.md). The cacheline benchmark at SMP=2, deterministic, through
# make run: its counters on one line (twice: the census must repeat
# exactly), on two lines, and dup/close on a shared fd (the f_count
# case) or on each worker's own, all at once; then make compare.
# Deterministic timing with 2 vCPUs needs QEMU 8 or later (7.2 hangs):
# bookworm-backports' (make qemu-backports), fetched here once if absent.
c2_qemu=${C2C_QEMU:-$O/qemu/qemu-system-x86_64}
if [ ! -x "$c2_qemu" ] && ! boot/qemu-fetch.sh "$O/qemu" >"$T/c2-fetch.out" 2>&1; then
	skip "c2c: a QEMU >= 8 for deterministic SMP=2" "$(tail -n 1 "$T/c2-fetch.out")"
	return 0 2>/dev/null || true
fi
case $c2_qemu in /*) ;; *) c2_qemu=$top/$c2_qemu ;; esac
c2_run() {
	c2_side=$1
	shift
	make -s --no-print-directory run O="$O" KERNEL="$KDEF" QEMU="$c2_qemu" \
		TEST=cacheline SMP=2 TIMING=deterministic C2C=1 RESULTS="$T/c2/$c2_side" "$@" \
		>"$T/c2-$c2_side.out" 2>&1 || echo "$c2_side" >>"$T/c2.fail"
}
c2_dir() {
	dirname "$(ls "$T"/c2/"$1"/cacheline/*/*/0/c2c.json 2>/dev/null | head -n 1)"
}
# Build once before the four runs share it.
plugin/build.sh "$c2_qemu" "$B/plugin" >/dev/null 2>"$T/c2-build.err" ||
	bad "c2c: the plugin builds against $c2_qemu's header: $(tail -n 1 "$T/c2-build.err")"
start=$(date +%s)
c2_run a LAYOUT=shared LOOPS=100000 &
c2_run a2 LAYOUT=shared LOOPS=100000 &
c2_run b LAYOUT=split LOOPS=100000 &
c2_run fd LAYOUT=fd LOOPS=20000 &
c2_run fdown LAYOUT=fdown LOOPS=20000 &
wait
A=$(c2_dir a) A2=$(c2_dir a2) SPLIT=$(c2_dir b) FD=$(c2_dir fd) FDOWN=$(c2_dir fdown)
check "c2c: shared twice, split, fd and fdown at SMP=2, deterministic, all at once with C2C=1: c2c.json and c2c.txt each, in $(($(date +%s) - start))s" \
	sh -c "test ! -e '$T/c2.fail' && test -f '$A/c2c.txt' -a -f '$A2/c2c.json' -a -f '$SPLIT/c2c.json' -a -f '$FD/c2c.json' -a -f '$FDOWN/c2c.json' &&
		grep -q '\"c2c\":true' '$A/job.json'"
c2_ops=$("$j" "$A/c2c.json" hitm_per_op)
c2_sops=$("$j" "$SPLIT/c2c.json" hitm_per_op)
# Split keeps the kernel's own sharing (timekeeping, the HPET, RCU).
check "c2c: shared counters: about one potential HITM per increment more than split ($c2_ops per op against $c2_sops)" \
	sh -c "awk -v a='$c2_ops' -v b='$c2_sops' 'BEGIN { exit !(a > 0.5 && a < 3 && a - b > 0.5) }'"
# The text report's first line is the counters' line: both vCPUs run
# its code, the locked add on offsets 0-15 (both counters), the limit's
# offsets read only: false sharing.
c2_top=$(sed -n '/^  #0 /,/^  #1 /p' "$A/c2c.txt")
echo "$c2_top" >"$T/c2-top.txt"
check "c2c: shared: the top line is the benchmark's (user code, half the potential HITMs or more), named false sharing on the read-only limit (0x20-0x27)" \
	sh -c "grep -q '^  #0  line 0x[0-9a-f]*  potential HITM [0-9]* ([5-9][0-9]\.[0-9]%).*\[user\]$' '$T/c2-top.txt' &&
		grep -q 'false sharing: read-only offsets 0x20-0x27$' '$T/c2-top.txt'"
check "c2c: shared: its code: the locked add on 0x0-0xf run by vCPUs 0 and 1, the limit's load on 0x20-0x27 by both" \
	sh -c "awk '\$4 > 1000 && \$5 == \"0,1\" && \$6 == \"0x0-0xf\" && \$7 == \"user\" { n++ }
		\$3 == 0 && \$5 == \"0,1\" && \$6 == \"0x20-0x27\" && \$7 == \"user\" { m++ }
		END { exit !(n == 1 && m == 1) }' '$T/c2-top.txt'"
check "c2c: split: no line of the benchmark's own among the shared lines with potential HITM above 1% of its operations" \
	sh -c "! awk '\$1 ~ /^[0-9]+\$/ && \$NF == \"user\" && \$3 > 2000' '$SPLIT/c2c.txt' | grep -q ."
check "c2c: A/A: two identical runs give the identical census (c2c.json byte for byte)" \
	cmp "$A/c2c.json" "$A2/c2c.json"
c2_hitm=$("$j" "$A/stats.json" c2c.hitm_per_op)
check "c2c: stats.json has c2c.hitm_per_op ($c2_hitm), the same as c2c.json's" \
	sh -c "test -n '$c2_hitm' && test '$c2_hitm' = '$c2_ops'"
make -s --no-print-directory compare O="$O" BASE="$(dirname "$A")" NEW="$(dirname "$SPLIT")" >"$T/c2-cmp.out" 2>&1
check "c2c: make compare shared -> split: the benchmark's line disappears, c2c.hitm_per_op judged with no noise floor" \
	sh -c "grep -q '^  gone  *[0-9.]*  user$' '$T/c2-cmp.out' &&
		grep -q 'c2c.hitm_per_op' '$T/c2-cmp.out'"
make -s --no-print-directory compare O="$O" BASE="$(dirname "$A")" NEW="$(dirname "$A2")" >"$T/c2-aa.out" 2>&1
check "c2c: make compare A/A: no line appears or disappears" \
	sh -c "grep -q '^  no line disappears$' '$T/c2-aa.out' && grep -q '^  no line appears$' '$T/c2-aa.out'"
# The f_count case: both workers dup and close fd 0, one struct file.
c2_fd=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^0x/ && /fget|fput/ { $1 = $2 = $3 = $4 = $5 = $6 = $7 = ""; print; exit }' "$FD/c2c.txt")
check "c2c: fd: a line of the shared struct file is among the shared lines ($c2_fd; $("$j" "$FD/c2c.json" hitm_per_op) potential HITM per loop, fdown $("$j" "$FDOWN/c2c.json" hitm_per_op))" \
	sh -c "test -n '$c2_fd'"
# The struct file's line: f_count (0x38) taken and dropped with locked
# RMWs by both vCPUs, f_inode and f_op (0x20-0x2f) read only beside it.
sed -n '/^  #0 /,/^  #1 /p' "$FD/c2c.txt" >"$T/c2-fd.txt"
check "c2c: fd: the top line is the struct file's, false sharing on 0x20-0x2f, fget_raw's and fput's locked RMWs on f_count (0x38-0x3f) by vCPUs 0 and 1" \
	sh -c "grep -q '^  #0 .*fget_raw.*fput' '$T/c2-fd.txt' && grep -q 'false sharing: read-only offsets 0x20-0x2f$' '$T/c2-fd.txt' &&
		awk '\$4 > 1000 && \$5 == \"0,1\" && \$6 == \"0x38-0x3f\" && \$7 ~ /^(fget_raw|fput)\\+/ { n++ } END { exit n < 2 }' '$T/c2-fd.txt'"
make -s --no-print-directory compare O="$O" BASE="$(dirname "$FD")" NEW="$(dirname "$FDOWN")" >"$T/c2-fdcmp.out" 2>&1
check "c2c: make compare fd -> fdown (one struct file per worker, UnixBench since 2023): the struct file's line is gone" \
	sh -c "grep -q '^  gone  *[0-9.]*  .*fget_raw.*fput' '$T/c2-fdcmp.out'"
