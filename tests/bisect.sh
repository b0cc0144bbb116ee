# Area bisect (make check): bootbench bisect's bad input, each one line
# and exit 2 before any build (docs/bisect.md), on a small git history
# made here; the build leaf is a stand-in that notes every call. The
# rule, the log and a whole resumed walk are tests/unit/test_bisect.c's.
bs=$T/bisect
mkdir -p "$bs"
git init -q "$bs/repo" &&
	for bs_i in 1 2 3 4; do
		echo "$bs_i" >"$bs/repo/f$bs_i" && git -C "$bs/repo" add . &&
			git -C "$bs/repo" -c user.name=t -c user.email=t@t commit -qm "commit $bs_i" || break
	done
printf '#!/bin/sh\necho "$@" >>%s/built\nexit 1\n' "$bs" >"$bs/leaf"
chmod +x "$bs/leaf"
bs_good=$(git -C "$bs/repo" rev-parse HEAD~3)
bs_run() {
	"$tool" bisect --build "$B" --results "$bs/results" --builder "$bs/leaf" "$@"
}
expect_bad "bisect: no KSRC" 2 "say KSRC=<a kernel git tree>" \
	bs_run --test syscall --timing deterministic --smp 1
expect_bad "bisect: KSRC that is not a git tree" 2 "KSRC=$bs/results is not a git tree" \
	bs_run --ksrc "$bs/results" --good HEAD~1 --bad HEAD --test syscall
mkdir -p "$bs/results"
expect_bad "bisect: no GOOD" 2 "say GOOD=<the good commit> and BAD=" \
	bs_run --ksrc "$bs/repo" --bad HEAD --test syscall
expect_bad "bisect: a GOOD that is no commit of KSRC" 2 "GOOD=v9.9 is not a commit of $bs/repo" \
	bs_run --ksrc "$bs/repo" --good v9.9 --bad HEAD --test syscall
expect_bad "bisect: a BAD that is no commit of KSRC" 2 "BAD=nosuch is not a commit of" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad nosuch --test syscall
expect_bad "bisect: GOOD not an ancestor of BAD" 2 "GOOD=HEAD is not an ancestor of BAD=$bs_good" \
	bs_run --ksrc "$bs/repo" --good HEAD --bad "$bs_good" --test syscall
expect_bad "bisect: GOOD and BAD the same commit" 2 "are the same commit" \
	bs_run --ksrc "$bs/repo" --good HEAD --bad master --test syscall
echo dirty >>"$bs/repo/f1"
expect_bad "bisect: a dirty tree" 2 "has uncommitted changes to tracked files" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall
git -C "$bs/repo" checkout -q f1
expect_bad "bisect: an unknown TEST" 2 "unknown TEST 'nosuch'" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test nosuch
expect_bad "bisect: no TEST" 2 "say TEST=<the benchmark" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD
expect_bad "bisect: one run an end in real time" 2 "RUNS=1: in real time each end needs runs" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --runs 1
expect_bad "bisect: a build leaf that is missing" 2 "the build leaf $bs/none is not an executable file" \
	"$tool" bisect --build "$B" --results "$bs/results" --builder "$bs/none" \
	--ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic
mkdir -p "$bs/other"
printf '{"kind":"start","good":"%s","bad":"%s","test":"syscall","metric":"","timing":"realtime"}\n' \
	"$bs_good" "$(git -C "$bs/repo" rev-parse HEAD)" >"$bs/other/bisect.jsonl"
expect_bad "bisect: OUT holding another bisection's log" 2 "bisect.jsonl is the log of another bisection" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 --out "$bs/other"
# What report/bisect-run.sh answered "skip" (125) to after building
# each commit, so that git bisect built and skipped the whole range
# (issue 51): bootbench bisect refuses it before any build, exit 2.
expect_bad "bisect: RUNS=abc" 2 "RUNS=abc is not valid: give a number from 1 to 1000" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --runs abc
expect_bad "bisect: SMP=banana" 2 "SMP=banana is not valid: give a number from 1 to 1024" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp banana
expect_bad "bisect: MEM=lots" 2 "MEM=lots is not valid" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 --mem lots
expect_bad "bisect: THRESHOLD=x" 2 "THRESHOLD=x is not valid: give a percentage, e.g. THRESHOLD=2" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 --threshold x
expect_bad "bisect: a parameter that is not a number" 2 "RUNTIME=abc is not valid" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 --param runtime=abc
# A machine the run would refuse (a mail's fitted 2 CPUs under
# TIMING=deterministic on QEMU 7.2) was found only at the good end's
# first boot, after its build (an hour on a loaded host): the job's
# machine is checked with the rest, the job file's too.
printf '#!/bin/sh\necho "QEMU emulator version 7.2.22 (a bootbench test stand-in)"\n' >"$bs/qemu72"
chmod +x "$bs/qemu72"
expect_bad "bisect: 2 CPUs under TIMING=deterministic on QEMU 7.2" 2 "TIMING=deterministic with 2 CPUs hangs QEMU 7.2.22" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 2 --qemu "$bs/qemu72"
printf 'test = syscall\nsmp = 2\ntiming = deterministic\n' >"$bs/smp2.job"
expect_bad "bisect: a job file's 2 CPUs under TIMING=deterministic on QEMU 7.2" 2 "TIMING=deterministic with 2 CPUs hangs QEMU 7.2.22" \
	bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --job "$bs/smp2.job" --timing deterministic --qemu "$bs/qemu72"
check "bisect: no bad input built anything" test ! -e "$bs/built"
# An end that does not build: one line naming it, exit 1, the leaf
# called once with the tree, its build root and the full SHA.
bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 \
	>"$bs/end.out" 2>"$bs/end.err"
bs_rc=$?
check "bisect: an end that does not build: exit 1, said, the leaf given TREE BUILD_ROOT SHA (exit $bs_rc: $(cat "$bs/end.err"))" \
	sh -c "test $bs_rc -eq 1 && grep -q '^bootbench: good $bs_good does not build (ends)' '$bs/end.err' &&
		test \"\$(cat '$bs/built')\" = '$bs/repo $B/bisect $bs_good' &&
		grep -q '\"kind\":\"start\"' '$bs/results/bisect/'*/bisect.jsonl"
# KCONFIG='s fragments (make bisect's --kconfig) reach the leaf after
# the SHA, in order: without them a DISK= job's kernel has no ext4.
rm -f "$bs/built"
bs_run --ksrc "$bs/repo" --good "$bs_good" --bad HEAD --test syscall --timing deterministic --smp 1 \
	--out "$bs/frags" --kconfig kconfigs/base.config --kconfig kconfigs/disk.config >/dev/null 2>&1
check "bisect: the --kconfig fragments reach the build leaf ($(cat "$bs/built" 2>/dev/null))" \
	test "$(cat "$bs/built" 2>/dev/null)" = "$bs/repo $B/bisect $bs_good kconfigs/base.config kconfigs/disk.config"
