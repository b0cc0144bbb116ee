# Sourced by tests/run.sh (make check): the data side of untrusted input
# with no real boot: make ab through the stand-in QEMU (tests/fake-qemu),
# LAVA results files (boot/lava-results.py). make case-study's builds
# (kconfigs/ksrc.sh, failed and interrupted) are tests/ksrc.sh's.
hd=${HD_DIR:-$T/hostile-data}
mkdir -p "$hd"
hd_fq=$top/tests/fake-qemu
hd_rel=$("$tool" release "$KDEF" 2>/dev/null)
printf '{"type":"hello","v":1,"uptime":1,"release":"%s","cpus_online":1,"cpu_packages":1,"cores_per_package":1,"threads_per_core":1,"test":"execl","iterations":1}\n' \
	"$hd_rel" >"$hd/hang.jsonl"
{
	cat "$hd/hang.jsonl"
	printf '{"type":"sample","v":1,"uptime":2,"test":"execl","iteration":1,"status":"ok","exit_code":0,"metrics":{"unixbench.throughput":5}}\n'
	printf '{"type":"done","v":1,"uptime":3,"iterations":1,"failed":0}\n'
} >"$hd/good.jsonl"
printf 'Kernel panic - not syncing: hostile-data\n' >"$hd/panic.txt"

# 14. make ab reads each run's own status: a hung run (exit 4) runs once
# more, a panic ends make ab with 3, not make's 2 for everything. The
# stand-in QEMU hangs on its first boot, then completes. SILENCE=4, not
# 2: at a host load of 12 the good second run's first record came after
# 2 s (the stand-in is a script starting Python) and it too was "hung".
printf '#!/bin/sh\ncase " $* " in *" -version "*) exec "%s" "$@" ;; esac\n[ -e "%s/q.1" ] && FAKE_STREAM="%s/good.jsonl" FAKE_HANG=0 exec "%s" "$@"\ntouch "%s/q.1"\nexec "%s" "$@"\n' \
	"$hd_fq" "$hd" "$hd" "$hd_fq" "$hd" "$hd_fq" >"$hd/q-once"
chmod +x "$hd/q-once"
hd_ab() { # NAME QEMU [VAR=value...]: make ab on the default kernel twice
	n=$1 q=$2
	shift 2
	env "$@" make -s --no-print-directory ab O="$O" RESULTS="$hd/$n" BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" \
		RUNS=1 QEMU="$q" FIRMWARE=seabios ACCEL=tcg SMP=1 MEM=256 SILENCE=4 TEST=execl \
		>"$hd/$n.out" 2>"$hd/$n.err"
	rc=$?
}
if [ ! -f "$KDEF" ]; then
	skip "hostile-data: make ab through the stand-in QEMU" "no kernel at $KDEF: make kernel-default"
else
	hd_ab once "$hd/q-once" FAKE_STREAM="$hd/hang.jsonl" FAKE_HANG=30
	check "hostile-data: make ab: a run that hung (exit 4) runs once more, and the comparison ends with a verdict" \
		sh -c "test $rc -eq 0 && grep -q 'base run 1 of 1 hung (exit 4): once more' '$hd/once.err' &&
			grep -q '^verdict: ' '$hd/once.out' && test -d '$hd/once/ab/base/execl/smp1-256M/$hd_rel/1'"
	hd_ab panic "$hd_fq" FAKE_STREAM="$hd/hang.jsonl" FAKE_CONSOLE="$hd/panic.txt" FAKE_HANG=8
	check "hostile-data: make ab: a run that panics ends it with the run's status (the script's exit 3), said" \
		sh -c "grep -q 'base run 1 of 1: panic (exit 3): ' '$hd/panic.err' && grep -q 'ab\] Error 3' '$hd/panic.err' &&
			! grep -q 'once more' '$hd/panic.err'"
fi

# A boot that hangs before the init reports (a TCG vCPU that lost its
# timer on a busy host: boot.33 saw it in CI) boots once more, once a
# job: the stand-in is silent on its first boot, then completes. The
# hung run's directory is kept and left out of the matrix.
if [ -f "$KDEF" ]; then
	rm -f "$hd/q.1"
	: >"$hd/silent.jsonl"
	FAKE_STREAM="$hd/silent.jsonl" FAKE_HANG=30 make -s --no-print-directory run O="$O" RESULTS="$hd/early" \
		KERNEL="$KDEF" RUNS=2 QEMU="$hd/q-once" FIRMWARE=seabios ACCEL=tcg SMP=1 MEM=256 SILENCE=4 TEST=execl \
		>"$hd/early.out" 2>"$hd/early.err"
	rc=$?
	hd_runs=$(cat "$hd"/early/execl/*/*/runs.json 2>/dev/null)
	check "hostile-data: make run: a boot hung before the init reported boots once more, and RUNS=2 ends with 2 in the matrix ($(grep 'once more' "$hd/early.err"))" \
		sh -c "test $rc -eq 0 && grep -q '^bootbench: run 1 hung before the init reported: booting once more' '$hd/early.err' &&
			echo '$hd_runs' | grep -q '\"in_matrix\":2,\"left_out\":1}'"
fi

# 6. and 13. LAVA's results are untrusted: crafted ones (tests/fuzz/
# corpus/lava) are one line and exit 2, never a traceback or 1 GB; a
# sample without its headline fails, as the init fails one.
lc=tests/fuzz/corpus/lava
hd_lava() { # [JOB+]NAME [ULIMIT_KB]: convert $lc/NAME.yaml (of $lc/JOB.yaml, else job.yaml) into $hd/lava-[JOB+]NAME
	hd_j=job
	case $1 in *+*) hd_j=${1%%+*} ;; esac
	(
		[ -z "${2:-}" ] || ulimit -v "$2"
		exec python3 boot/lava-results.py --bootbench "$tool" --results "$hd/lava-$1" \
			"$lc/$hd_j.yaml" "$lc/${1#*+}.yaml"
	) >"$hd/lava-$1.out" 2>"$hd/lava-$1.err"
	rc=$?
}
hd_lava good
check "hostile-data: lava: the crafted results' good control converts (exit 0, the headline in stats.json)" \
	sh -c "test $rc -eq 0 && test \"\$('$j' '$hd/lava-good/execl/smp1-256M/6.1.0/0/stats.json' unixbench.throughput)\" = 700.5"
hd_lava missing-metric
hd_lr=$hd/lava-missing-metric/execl/smp1-256M/6.1.0/0
check "hostile-data: lava: a sample without its headline case fails (exit 1, benchmark-failed), as make run's does" \
	sh -c "test $rc -eq 1 && test \"\$('$j' '$hd_lr/job.json' status)\" = benchmark-failed &&
		grep -q 'LAVA has no case execl/1/unixbench.throughput' '$hd_lr/samples.jsonl'"
hd_lava_bad() { # NAME PATTERN [ULIMIT_KB]
	hd_lava "$1" "${3:-}"
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$hd/lava-$1.err")" -eq 1 ] && grep -q -- "$2" "$hd/lava-$1.err" &&
		[ ! -e "$hd/lava-$1" ]; then
		ok "hostile-data: lava: $1 -> exit 2, '$(cat "$hd/lava-$1.err")'"
	else
		bad "hostile-data: lava: $1 -> exit 2, one line, nothing written" "exit $rc: $(tail -n 2 "$hd/lava-$1.err")"
	fi
}
hd_lava_bad unicode-digit 'has iteration "\\xc2\\xb2", not a number in ASCII digits'
hd_lava_bad exit-code-1e300 "has exit code 1e300, not one of 0 to 255"
hd_lava_bad deeply-nested "holds YAML nested more than 64 deep" 1000000
# 340 bytes that expand to 9^9 strings: 1 GB of address space is plenty.
hd_lava_bad billion-laughs "holds a YAML alias (\\*a), which LAVA never writes" 1000000

# 17. Names LAVA's files carry name the run directory and are printed:
# a control byte, or a UTF-8 C1 one, is refused before anything is
# written, shown \xNN; LAVA's own error text is shown escaped too.
hd_lava_bad job-escape-params+good 'bootbench.params "smp1\\x1b\[2J\\x0aforged" cannot name a run directory'
hd_lava_bad job-escape-release+good 'bootbench.release "6.1.0\\xc2\\x9b2J" cannot name a run directory'
hd_lava error-escape
check "hostile-data: lava: LAVA's error text reaches the terminal escaped (exit 5, no ESC byte, shown \\x1b)" \
	sh -c "test $rc -eq 5 && ! grep -q \"\$(printf '\\033')\" '$hd/lava-error-escape.err' &&
		grep -qF 'LAVA: the job failed: Infra\\x1b[2K error: \\x1b[1Areproduced\\x1b[0m: ok' '$hd/lava-error-escape.err'"
