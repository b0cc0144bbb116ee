# Sourced by tests/run.sh after ci-check.sh: a report's big machine on
# this host (FIT=1), the estimate before a long run and its refusal.
# The fitted shapes themselves are unit tests (tests/unit/fit-shapes.txt).
fit_cpus=$(nproc)
"$tool" run --plan --accel tcg --smp 4 --max-vcpus 2 --test boot >"$T/fit1.out" 2>"$T/fit1.err"
fit_rc=$?
check "fit: more vCPUs than MAX_VCPUS under TCG are refused in one line with the estimate and both ways out" \
	sh -c "test $fit_rc -eq 2 && test \$(wc -l <'$T/fit1.err') -eq 1 &&
		grep -q '4 vCPUs under TCG on $fit_cpus host CPUs: about [0-9]* s to boot each run, before the job: give FIT=1 to fit the machine to this host, or FIT=0 to boot it in full anyway' '$T/fit1.err'"
"$tool" run --plan --accel tcg --smp 4 --max-vcpus 2 --no-fit --test boot >"$T/fit2.out" 2>"$T/fit2.err"
fit_rc=$?
check "fit: FIT=0 boots the full shape past the limit, saying what it costs" \
	sh -c "test $fit_rc -eq 0 && grep -qx 'machine 1 socket x 4 cores x 1 thread = 4 CPUs, 1 NUMA node, 1024 MB' '$T/fit2.out' &&
		grep -q '^bootbench: estimate: 4 vCPUs, 1024 MB under TCG on $fit_cpus host CPUs: about [0-9]* s to boot each run' '$T/fit2.err'"

# A real boot of the hackbench report's 2 x 28 x 2 machine, fitted.
fit_boot() {
	dir=$1
	shift
	"$@" "$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/$dir" \
		--machine lkp-skl-sp1 --fit --test boot >"$T/$dir.out" 2>"$T/$dir.err"
	echo $? >"$T/$dir.rc"
	fit_s=$(find "$T/$dir" -name samples.jsonl | head -n 1)
}
fit_boot fitb
check "fit: lkp-skl-sp1 with FIT=1 boots on $fit_cpus CPUs and two NUMA nodes, named -fit" \
	sh -c "test \$(cat '$T/fitb.rc') -eq 0 && test -n '$fit_s' &&
		test \$('$j' -t hello '$fit_s' cpus_online) -le $fit_cpus &&
		test \$('$j' -t hello '$fit_s' nodes) -eq 2 &&
		case '$fit_s' in */lkp-skl-sp1-fit-*) true ;; *) false ;; esac &&
		grep -q '^bootbench: note: fitted to $fit_cpus CPU' '$T/fitb.err'"
# On one host CPU (a cpuset of one): one vCPU, the second node memory only.
if command -v taskset >/dev/null 2>&1; then
	fit_boot fit1 taskset -c 0
	check "fit: on one host CPU lkp-skl-sp1 boots 1 CPU and a memory-only second node" \
		sh -c "test \$(cat '$T/fit1.rc') -eq 0 && test -n '$fit_s' &&
			test \$('$j' -t hello '$fit_s' cpus_online) -eq 1 &&
			test \$('$j' -t hello '$fit_s' nodes) -eq 2 &&
			grep -q 'memory-only nodes beyond the CPUs' '$T/fit1.err'"
else
	echo "SKIP fit: one host CPU needs taskset (util-linux)"
fi

# make reproduce says the shape that fitting kept, from the code that fits.
make -s reproduce O="$O" RESULTS="$T/fitrd" DRY=1 \
	REPORT=tests/reproduce/reports/unixbench-spawn-rss-19.2-nested.txt >"$T/fitrd.out" 2>&1
fit_rc=$?
check "fit: reproduce DRY=1 prints the fitted machine and the cost, not a promise" \
	sh -c "test $fit_rc -eq 0 &&
		grep -q '^bootbench: note: fitted to $fit_cpus CPU.* instead of 2 sockets x 32 cores x 2 threads = 128 CPUs, 4 NUMA nodes, 262144 MB; given up: ' '$T/fitrd.out' &&
		grep -q '^bootbench: the machine as booted: .* (unixbench-spawn-rss-19.2-nested-fit)' '$T/fitrd.out' &&
		grep -q '^bootbench: estimate: ' '$T/fitrd.out' && ! grep -q 'at most .* vCPUs (FIT=0' '$T/fitrd.out'"
make -s reproduce O="$O" RESULTS="$T/fitrd" DRY=1 MAX_VCPUS=16 FIT=0 \
	REPORT=tests/reproduce/reports/unixbench-spawn-rss-19.2-nested.txt >"$T/fitrd0.out" 2>&1
fit_rc=$?
check "fit: reproduce FIT=0 keeps the report's 128 CPUs and says what a boot costs" \
	sh -c "test $fit_rc -eq 0 && grep -q '^bootbench: estimate: 128 vCPUs' '$T/fitrd0.out' &&
		grep -q '^bootbench: the machine as booted: 2 sockets x 32 cores x 2 threads = 128 CPUs, 4 NUMA nodes' '$T/fitrd0.out'"
