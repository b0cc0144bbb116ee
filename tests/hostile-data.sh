# Sourced by tests/run.sh (make check): the data side of untrusted input
# with no real boot: make ab through the stand-in QEMU (tests/fake-qemu),
# LAVA results files (boot/lava-results.py), make case-study's build.
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
# stand-in QEMU hangs on its first boot, then completes.
printf '#!/bin/sh\ncase " $* " in *" -version "*) exec "%s" "$@" ;; esac\n[ -e "%s/q.1" ] && FAKE_STREAM="%s/good.jsonl" FAKE_HANG=0 exec "%s" "$@"\ntouch "%s/q.1"\nexec "%s" "$@"\n' \
	"$hd_fq" "$hd" "$hd" "$hd_fq" "$hd" "$hd_fq" >"$hd/q-once"
chmod +x "$hd/q-once"
hd_ab() { # NAME QEMU [VAR=value...]: make ab on the default kernel twice
	n=$1 q=$2
	shift 2
	env "$@" make -s --no-print-directory ab O="$O" RESULTS="$hd/$n" BASE_KERNEL="$KDEF" NEW_KERNEL="$KDEF" \
		RUNS=1 QEMU="$q" FIRMWARE=seabios ACCEL=tcg SMP=1 MEM=256 SILENCE=2 TEST=execl \
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
	hd_ab panic "$hd_fq" FAKE_STREAM="$hd/hang.jsonl" FAKE_CONSOLE="$hd/panic.txt" FAKE_HANG=5
	check "hostile-data: make ab: a run that panics ends it with the run's status (the script's exit 3), said" \
		sh -c "grep -q 'base run 1 of 1: panic (exit 3): ' '$hd/panic.err' && grep -q 'ab\] Error 3' '$hd/panic.err' &&
			! grep -q 'once more' '$hd/panic.err'"
fi
