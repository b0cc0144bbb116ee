# Sourced by tests/run.sh (make check): UnixBench's process tests as LKP
# ran them (docs/benchmarks.md): the reader's choice of syscall_file from
# the report's date (shared before 2023-01-19, byte-unixbench fb4521c)
# and of exec_link=dynamic, on the mails of tests/reproduce/reports; then
# syscall's two modes and the dynamic loops natively. No boot: the boots
# are area lkpmode-boot.
lm_dir=tests/reproduce/reports
lm_fc=$lm_dir/unixbench-syscall-f_count-32.3-2ap-numa.txt
# lm NAME FILE: the reader's job of FILE; its notes in $T/lm/NAME.err.
lm() {
	mkdir -p "$T/lm"
	"$tool" reproduce "$2" "$T/lm/o" >/dev/null 2>"$T/lm/$1.err"
	lm_name=$(basename "$2" .txt)
	grep -v '^#' "$T/lm/o/$lm_name/job" 2>/dev/null | tr '\n' ';' >"$T/lm/$1.job"
}
lm fc "$lm_fc"
check "lkpmode: the f_count report (robot's mail of 2020/7/8) runs syscall with the copies' shared stdin" \
	sh -c "grep -q 'syscall_file = shared;' '$T/lm/fc.job' &&
		grep -q 'syscall_file = shared (the report is of 2020-07-08 by the robot.s mail' '$T/lm/fc.err'"
lm mds "$lm_dir/unixbench-syscall-mds-49.0-jobyaml.txt"
check "lkpmode: a mail with no date line is dated by mutt's Message-ID (2019-05-20): shared" \
	sh -c "grep -q 'syscall_file = shared;' '$T/lm/mds.job' &&
		grep -q 'report is of 2019-05-20 by the Message-ID' '$T/lm/mds.err'"
# The cut, either side: the same mail a day before and on the merge day.
mkdir -p "$T/lmd"
sed 's|2020/7/8|2023/1/18|' "$lm_fc" >"$T/lmd/before.txt"
lm before "$T/lmd/before.txt"
check "lkpmode: a report of 2023-01-18 still ran the shared stdin" \
	grep -q 'syscall_file = shared;' "$T/lm/before.job"
sed 's|2020/7/8|2023/1/19|' "$lm_fc" >"$T/lmd/on.txt"
lm on "$T/lmd/on.txt"
check "lkpmode: a report of 2023-01-19 (upstream's merge) runs a pipe per copy" \
	grep -q 'syscall_file = private;' "$T/lm/on.job"
sed 's|Mon, Jan 30, 2023 at 10:32:56AM +0800, kernel test robot|Sun, Jan 15, 2023 at 10:32:56AM +0800, kernel test robot|' \
	"$lm_dir/unixbench-spawn-rss-19.2-nested.txt" | sed 's/test: spawn/test: syscall/' >"$T/lmd/mutt.txt"
lm mutt "$T/lmd/mutt.txt"
check "lkpmode: the robot's date in a nested reply's 'On ..., kernel test robot wrote' beats the reply's Date:" \
	sh -c "grep -q 'syscall_file = shared;' '$T/lm/mutt.job' &&
		grep -q 'report is of 2023-01-15 by the robot.s mail' '$T/lm/mutt.err'"
sed 's|2020/7/8|someday|; s|/20200624-163511||' "$lm_fc" >"$T/lmd/nodate.txt"
lm nodate "$T/lmd/nodate.txt"
check "lkpmode: a report with no date runs today's UnixBench (private) and says it guessed" \
	sh -c "grep -q 'syscall_file = private;' '$T/lm/nodate.job' &&
		grep -q 'guessed: syscall_file = private (the report gives no date' '$T/lm/nodate.err'"
lm execl "$lm_dir/unixbench-execl-util_est-regression-thread.txt"
check "lkpmode: an execl report runs the loop built as LKP builds it (exec_link = dynamic)" \
	grep -q 'exec_link = dynamic;' "$T/lm/execl.job"

# The image: glibc's layer only for a job that says dynamic.
check "lkpmode: EXEC_LINK=dynamic plans the glibc layer, once for execl and spawn" \
	test "$("$tool" run --image-plan --test execl,spawn --param exec_link=dynamic | tr '\n' ';')" = "bench execl;bench spawn;layer glibc;"
check "lkpmode: the default (static) plans no layer" \
	test "$("$tool" run --image-plan --test execl,spawn | tr '\n' ';')" = "bench execl;bench spawn;"

# Natively: whether the copies dup one file is the kernel's word (kcmp).
lm_b=$B/guest/bench
"$lm_b/syscall" --duration=1 --passes=1 --nr_task=2 --syscall_file=shared </dev/null >"$T/lm/sh.out" 2>&1
check "lkpmode: syscall_file=shared: both copies dup the one stdin they inherit" \
	grep -qx 'metric unixbench.shared_file_copies 2' "$T/lm/sh.out"
"$lm_b/syscall" --duration=1 --passes=1 --nr_task=2 </dev/null >"$T/lm/pr.out" 2>&1
check "lkpmode: the default (private): no copy dups a file another has" \
	grep -qx 'metric unixbench.shared_file_copies 0' "$T/lm/pr.out"
"$lm_b/syscall" --duration=1 --passes=1 --syscall_file=shared <&- >"$T/lm/cl.out" 2>&1
lm_rc=$?
check "lkpmode: shared with stdin closed fails, naming the fix" \
	sh -c "test $lm_rc -ne 0 && grep -q 'syscall_file=shared dups the stdin the copies inherit, and it is closed: run it with a stdin' '$T/lm/cl.out'"
# The dynamic loops: glibc's loader, and they count loops.
for lm_p in execl spawn; do
	check "lkpmode: $lm_p-image-dyn is dynamic, with glibc's loader as its interpreter" \
		sh -c "readelf -l '$lm_b/$lm_p-image-dyn' | grep -q 'Requesting program interpreter: /lib.*/ld-linux'"
	"$lm_b/$lm_p" --duration=1 --passes=1 --exec_link=dynamic >"$T/lm/$lm_p.out" 2>&1
	check "lkpmode: $lm_p --exec_link=dynamic counts loops natively" \
		sh -c "grep -q '^metric unixbench.ops [1-9]' '$T/lm/$lm_p.out'"
done
# An image given by hand without glibc: refused before QEMU, naming the fix.
# The kernel is checked first: on a fresh clone's make check there is none.
if [ -f "$KDEF" ]; then
	expect_bad "lkpmode: EXEC_LINK=dynamic with an image that has no glibc layer" 2 \
		"EXEC_LINK=dynamic runs Debian's libc6, but initramfs .* has no layer for it: run it through 'make run'" \
		"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --param exec_link=dynamic --results "$T/lm/noglibc"
else
	skip "lkpmode: EXEC_LINK=dynamic with an image that has no glibc layer" "no kernel at $KDEF: make kernel-default"
fi
