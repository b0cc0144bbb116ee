# Area badinput (make check): one line, its own exit code, before QEMU.
if [ ! -f "$KDEF" ]; then
	skip "bad input: the checks that need a bzImage" "no kernel at $KDEF: make kernel-default"
else
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
	# A census asked for is taken or refused: it was a note, no census
	# and exit 0, which a CI job read as its census's success.
	expect_bad "C2C=1 without TIMING=deterministic" 2 \
		"^bootbench: C2C=1 takes its census under TIMING=deterministic (each vCPU's own instruction count is its clock): say TIMING=deterministic too$" \
		"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --accel tcg --profile "$T/bbprof.so" --c2c --results "$T/bi-c2c"
	check "bad input: ... and nothing was written (no RESULTS)" test ! -e "$T/bi-c2c"
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
	# A legal job whose parameters name more than a path component holds
	# (255 bytes): the name keeps its head and a hash, as CMDLINE's does.
	printf 'name = %s\nsockets = 2\ncores = 2\nthreads = 2\nmem = 4G\n' \
		"$(printf '%063d' 0 | tr 0 m)" >"$T/long-machine.conf"
	FAKE_STREAM=tests/fuzz/corpus/stream/good "$tool" run --kernel "$KDEF" --initrd "$img" \
		--test hackbench --machine "$T/long-machine.conf" --param groups=10000 --param fds=1000 \
		--param loops=1000000000 --param datasize=1048576 --param mode=threads --param ipc=socket \
		--param iterations=10000 --param watchdog=604800 --param passes=1000 --param nr_threads=4096 \
		--param monitors=1 --param disk=2HDD --cmdline "$(printf '%060d' 0)" --qemu tests/fake-qemu \
		--accel tcg --firmware seabios --timeout 10 --results "$T/longname" >"$T/ln.out" 2>"$T/ln.err"
	ln_dir=$(ls "$T/longname/hackbench" 2>/dev/null)
	check "bad input: a legal job whose run directory name passes 255 bytes gets one of ${#ln_dir} bytes ending ~<hash>" \
		sh -c "test ${#ln_dir} -le 200 && test ${#ln_dir} -gt 190 && ls -d '$T/longname/hackbench/$ln_dir'/*/0 &&
			echo '$ln_dir' | grep -q '^mmm.*-nr_.*~[0-9a-f]\{8\}\$' && ! grep -q 'File name too long' '$T/ln.err'"
	expect_bad "replay PARAMS longer than a run directory name" 2 "is longer than 200 bytes" \
		"$tool" replay tests/fuzz/corpus/stream/good "$T/longname" "$(printf '%0300d' 0)"
	expect_bad "results directory that cannot be created" 5 "give RESULTS= a writable directory" \
		"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --results /proc/bootbench
fi
# Deterministic guests beyond the host's CPUs (docs/deterministic.md):
# up to 32 vCPUs on any host without FIT=0, with the estimate; beyond,
# refused in the timing's own words. The stand-in QEMU says 8.2 (a
# warning line first: SMP under icount is checked on 10 only).
"$tool" run --plan --test boot --timing deterministic --smp 32 --qemu tests/fake-qemu >"$T/det-in.out" 2>"$T/det-in.err"
check "bad input: TIMING=deterministic SMP=32 is planned on $(nproc) host CPUs without FIT=0, its estimate said" \
	sh -c "[ $? = 0 ] && grep -q '^bootbench: estimate: 32 vCPUs, [0-9]* MB under TIMING=deterministic on [0-9]* host CPUs: about [0-9]* s to boot' '$T/det-in.err'"
"$tool" run --plan --test boot --timing deterministic --smp 56 --qemu tests/fake-qemu >"$T/det-out.out" 2>"$T/det-out.err"
check "bad input: TIMING=deterministic SMP=56 refused in one line of ours naming FIT=0, nothing planned" \
	sh -c "[ $? = 2 ] && [ \$(grep -c '^bootbench: [^w]' '$T/det-out.err') = 1 ] &&
		grep -q '^bootbench: 56 vCPUs under TIMING=deterministic: QEMU runs them all in one thread, in turns, about [0-9]* s to boot each run.*give FIT=0 to boot it in full' '$T/det-out.err'"
"$tool" run --plan --test boot --timing deterministic --smp 56 --no-fit --qemu tests/fake-qemu >/dev/null 2>&1
check "bad input: ... and FIT=0 plans it" test $? = 0
# O names make's targets and recipes: a space or a backtick is refused
# before anything runs (a backtick ran in `make clean`'s rm -rf).
rm -f "$T/o-pwned"
expect_bad "make with O holding a space" 2 "bootbench: O=\".*/o b\" is empty or holds a space or a shell character: give O a path" \
	make -s --no-print-directory clean O="$T/o b"
expect_bad "make clean with O holding a backtick" 2 "holds a space or a shell character (\`)" \
	make -s --no-print-directory clean O="$T/o\`touch $T/o-pwned\`"
check "bad input: the backtick in O ran nothing" test ! -e "$T/o-pwned"
expect_bad "make with O holding a \$" 2 "holds a space or a shell character (\\$)" \
	make -s --no-print-directory clean O="$T/o\$HOME"

# Every make value that reaches a recipe (the variables of
# boot/options.def, proto/jobkeys.def and the descriptors: make run's
# options and parameters) arrives as given, from make's command line
# and from the environment: `$(...)` was dropped, `$$` halved and
# `$(shell ...)` ran before any recipe (issue 51). A stand-in for the
# host tool writes the arguments make run gives it, one a line; each
# value holds a space, ;, quotes, $(shell ...), $$(...) and backticks
# that would each create a file, and nothing may.
mv_d=$T/makevalues
mkdir -p "$mv_d"
printf '#!/bin/sh\nfor a; do printf "%%s\\n" "$a"; done >"%s/args.$MV_HOW"\n' "$mv_d" >"$mv_d/bootbench"
chmod +x "$mv_d/bootbench"
mv_tables=$(sed -n 's/^\(PARAM_VARS\|RUN_OPT_VARS\|RUN_FLAG_VARS\) := //p' "$B/gen/tables.mk")
mv_flags=$(sed -n 's/^RUN_FLAG_VARS := //p' "$B/gen/tables.mk")
# ARCH names make's own rules: refused (below), not passed on.
mv_vars=$(for kv in $mv_tables; do echo "${kv#*:}"; done | sort -u | grep -vx ARCH)
mv_val() { # VAR: its hostile value
	printf '%s' "$1 a;b \"q\" 'q' \$(shell touch $mv_d/pwned-1) \$\$(touch $mv_d/pwned-2) \`touch $mv_d/pwned-3\` \$(NONE) \$\$ end"
}
mv_n=$(printf "%s\n" "$mv_vars" | wc -l)
# make check's own variables (KERNEL=, T=) would reach it in MAKEFLAGS,
# and win over the environment's: not passed on.
mv_run() { # HOW (cmdline or env): make run, every variable hostile
	set --
	for v in $mv_vars; do set -- "$@" "$v=$(mv_val "$v")"; done
	if [ "$mv_how" = env ]; then
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL MV_HOW=env "$@" \
			make -s --no-print-directory run O="$O" BOOTBENCH="$mv_d/bootbench"
	else
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL MV_HOW=cmdline \
			make -s --no-print-directory run O="$O" BOOTBENCH="$mv_d/bootbench" "$@"
	fi
}
# mv_arrived HOW: each value in the stand-in's arguments as given (a
# flag's value, not 1, gives no flag); prints those that are not.
mv_arrived() {
	for kv in $mv_tables; do
		k=${kv%%:*} v=${kv#*:}
		case $v in
		ARCH) ;;
		*) case " $mv_flags " in
			*" $kv "*) ! grep -qx -- "--$k" "$mv_d/args.$1" || echo "$v" ;;
			*) grep -qxF -- "$(mv_val "$v")" "$mv_d/args.$1" || grep -qxF -- "$k=$(mv_val "$v")" "$mv_d/args.$1" ||
				echo "$v" ;;
			esac ;;
		esac
	done
}
for mv_how in cmdline env; do
	rm -f "$mv_d"/pwned-* "$mv_d/args.$mv_how"
	touch "$mv_d/bootbench"
	mv_run >"$mv_d/$mv_how.out" 2>"$mv_d/$mv_how.err"
	mv_rc=$?
	if grep -q 'bootbench: missing packages' "$mv_d/$mv_how.err"; then
		skip "bad input: make run's $mv_n variables from the $mv_how" "$(head -n 1 "$mv_d/$mv_how.err")"
		continue
	fi
	mv_not=$( [ -s "$mv_d/args.$mv_how" ] && mv_arrived $mv_how | tr '\n' ' ')
	mv_ran=$(cd "$mv_d" && ls -d pwned-* 2>/dev/null | tr "\n" " ")
	if [ "$mv_rc" = 0 ] && [ -s "$mv_d/args.$mv_how" ] && [ -z "$mv_not" ] && [ -z "$mv_ran" ]; then
		ok "bad input: make run's $mv_n variables of the tables from the $mv_how, each with ; quotes \$(shell) \$\$ and backticks: each arrives as given, nothing runs"
	else
		bad "bad input: make run's $mv_n variables from the $mv_how arrive as given, nothing runs" \
			"exit $mv_rc; not as given: ${mv_not:-none}; ran: ${mv_ran:-nothing}; $(head -c 300 "$mv_d/$mv_how.err")"
	fi
done
rm -f "$mv_d"/pwned-*
expect_bad "make with ARCH holding \$(shell ...)" 2 "ARCH=.* is not an architecture bootbench knows" \
	make -s --no-print-directory -n run O="$O" "ARCH=x \$(shell touch $mv_d/pwned-arch) \`touch $mv_d/pwned-arch\`"
check "bad input: the refused ARCH ran nothing" test ! -e "$mv_d/pwned-arch"


# The report reader on hostile mails (make reproduce; docs/reproduce.md).
# A mail of 800 KB on one line full of "kconfig" took 17 s of CPU (the
# table header's search was quadratic); it is read in one pass now.
bi_mail=tests/fuzz/corpus/lkpmail
{
	printf 'kernel test robot noticed a -5.0%% regression of hackbench.throughput on: '
	head -c 100000 /dev/zero | tr '\0' '\n' | sed 's/^/kconfig/' | tr '\n' ' '
} >"$T/one-line.txt"
bi_t0=$(date +%s)
timeout 20 "$tool" reproduce "$T/one-line.txt" "$T/bi" >/dev/null 2>&1
bi_rc=$? bi_s=$(($(date +%s) - bi_t0))
check "bad input: a mail of $(($(wc -c <"$T/one-line.txt") / 1000)) KB on one line is read in under 5 s (${bi_s} s, exit $bi_rc)" \
	test "$bi_rc" -ne 124 -a "$bi_s" -lt 5
# A mail is a regular file of at most 1 MiB, as a job is: REPORT=/dev/zero
# grew to 1.7 GB in 8 s, and a 200 MB one-line mail took 11 s and 1 GB
# before it was refused. ASAN_OPTIONS: a read without a bound fails
# fast instead of eating memory; timeout: a FIFO must not block it.
head -c $((2 << 20)) /dev/zero | tr '\0' 'x' >"$T/big-mail.txt"
mkfifo "$T/mail.fifo"
for bi_c in "/dev/zero:not a regular file" "$T/mail.fifo:not a regular file" "$T/big-mail.txt:larger than 1 MiB"; do
	bi_f=${bi_c%%:*}
	ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=64 expect_bad "REPORT=${bi_f##*/}" 2 \
		"^bootbench: REPORT=$bi_f: ${bi_c#*:}: give a saved report mail$" \
		timeout 20 "$tool" reproduce "$bi_f" "$T/bi-big"
done
check "bad input: ... and none of them wrote a directory under RESULTS" test ! -e "$T/bi-big"
# bootbench reproduce run outside the checkout: the machine profiles are
# found beside the tool (lib/tree.h), not in the working directory,
# where they were looked for and the mail's machine blamed ("MACHINE=
# i3-3220: no profile boot/machines/i3-3220.conf", exit 2). The tool
# make built (the sanitized one lives in $T, outside any tree); a copy
# outside any tree says where it looked, not that the machine is wrong.
bi_bb=$(cd "$B/host" && pwd)/bootbench
bi_mail_i3=$top/tests/reproduce/reports/aim9-shared_memory-sem-regression.txt
mkdir -p "$T/bi-cwd"
case $bi_bb in
"$top"/*)
	(cd "$T/bi-cwd" && "$bi_bb" reproduce "$bi_mail_i3" "$T/bi-cwd/r" --dry --build "$(dirname "$bi_bb")/..") >"$T/bi-cwd.out" 2>"$T/bi-cwd.err"
	check "bad input: bootbench reproduce from another directory finds the mail's machine beside the tool (exit 0, i3-3220 as booted)" \
		sh -c "test $? -eq 0 && grep -q '^bootbench: the machine as booted: 1 socket x 2 cores x 2 threads = 4 CPUs, 1 NUMA node, 4096 MB (i3-3220)$' '$T/bi-cwd.out'"
	;;
*) skip "bad input: bootbench reproduce from another directory" "O=$O is outside the checkout: its bootbench has no tree above it" ;;
esac
cp "$bi_bb" "$T/bi-cwd/bootbench"
(cd "$T/bi-cwd" && ./bootbench reproduce "$bi_mail_i3" "$T/bi-cwd/r2" --dry --build "$(dirname "$bi_bb")/..") >/dev/null 2>"$T/bi-cwd2.err"
check "bad input: ... a copy outside any tree says where it looked for the profiles (exit 2), no job left" \
	sh -c "test $? -eq 2 && test ! -e '$T/bi-cwd/r2/aim9-shared_memory-sem-regression/job' && grep -qF 'MACHINE=i3-3220: no profile directory boot/machines (looked for beside bootbench, then in the working directory): run the bootbench a checkout built' '$T/bi-cwd2.err'"

# Escape sequences in a mail's subject, commit subject, machine line and
# values reach neither the terminal nor the job: names_escape()'s \xNN.
bi_clean() {
	! tr -d '\n' <"$T/bi.all" | LC_ALL=C grep -q '[[:cntrl:]]' &&
		grep -qF 'x\x1b[2K\x0dbootbench: reproduce' "$T/bi.all" &&
		grep -qF '\x1b]0;owned\x07Intel' "$T/bi.all"
}
sed 's/ipc: pipe.*/ipc: pipe/' "$bi_mail/escape-subject-machine.txt" >"$T/esc.txt"
for bi_m in "$bi_mail/escape-subject-machine.txt" "$T/esc.txt"; do
	rm -rf "$T/bi"
	"$tool" reproduce "$bi_m" "$T/bi" >"$T/bi.out" 2>"$T/bi.err"
	cat "$T/bi.out" "$T/bi.err" "$T"/bi/*/* 2>/dev/null >"$T/bi.all"
	check "bad input: no control byte of $(basename "$bi_m") reaches the terminal or the job" \
		bi_clean
done
check "bad input: ... and the clean copy's job is written, its comment escaped" \
	grep -qF '# on test machine: 8 threads \x1b]0;owned\x07Intel' "$T/bi/esc/job"
