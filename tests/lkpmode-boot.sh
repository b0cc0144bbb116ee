# Sourced by tests/run.sh (make test): UnixBench's process tests as LKP
# ran them, booted through make run (docs/benchmarks.md): syscall's
# copies share one struct file in the guest (the kernel's kcmp says so),
# and execl's dynamic loop faults in glibc and its loader on every exec
# as LKP's build does (58.8 page faults a loop natively against the
# static one's 10).
lb_res=$T/lkpmode
# lb_run NAME VARS...: make run into $lb_res/NAME; the run directory in lb_dir.
lb_run() {
	lb_n=$1
	shift
	make -s run O="$O" RESULTS="$lb_res/$lb_n" SMP=2 MEM=512 DURATION=2 PASSES=1 "$@" \
		>"$T/lb-$lb_n.out" 2>&1
	lb_rc=$?
	lb_dir=$(ls -d "$lb_res/$lb_n"/*/*/*/0 2>/dev/null | head -n 1)
	[ "$lb_rc" -eq 0 ] && [ -n "$lb_dir" ] || lb_dir=$T/none
}
lb_run shared TEST=syscall SYSCALL_FILE=shared NR_TASK=2
check "lkpmode-boot: SYSCALL_FILE=shared: both copies dup the one stdin they inherit, in the guest" \
	test "$("$j" "$lb_dir/stats.json" unixbench.shared_file_copies 2>/dev/null)" = 2
lb_run private TEST=syscall NR_TASK=2
check "lkpmode-boot: the default: each copy dups a pipe of its own" \
	test "$("$j" "$lb_dir/stats.json" unixbench.shared_file_copies 2>/dev/null)" = 0
# Page faults a loop: the benchmark's rusage over its loops.
lb_fpl() {
	awk -v f="$("$j" "$lb_dir/stats.json" time.minor_page_faults 2>/dev/null)" \
		-v n="$("$j" "$lb_dir/stats.json" unixbench.ops 2>/dev/null)" \
		'BEGIN { if (n > 0) printf "%.1f", f / n; else print 0 }'
}
lb_run dyn TEST=execl EXEC_LINK=dynamic
lb_dyn=$(lb_fpl)
lb_pk=$("$j" "$lb_dir/job.json" packages 2>/dev/null)
lb_run static TEST=execl EXEC_LINK=static
lb_st=$(lb_fpl)
check "lkpmode-boot: a dynamic execl loop faults 4x and more than the static one ($lb_dyn against $lb_st a loop)" \
	awk "BEGIN { exit !($lb_st > 0 && $lb_dyn >= 4 * $lb_st) }"
check "lkpmode-boot: the dynamic run's job.json names Debian's libc6 it ran ($lb_pk)" \
	sh -c "echo '$lb_pk' | grep -q 'libc6 2\.'"
