# Sourced by tests/run.sh: ARCH=arm64, the same appliance on
# qemu-system-aarch64 (-M virt, GICv3, PSCI): Debian's arm64 kernel, the
# init and benchmarks built with Debian's cross compiler and musl, as a
# user types it. The first run fetches and builds what ARCH=arm64 needs
# into O (boot/deps.sh installs the cross compiler and QEMU as root).
a6=$T/arm64
mkdir -p "$a6"
# a6_run NAME [VAR=VALUE...]: make run ARCH=arm64 into $a6/NAME, status in $rc.
a6_run() {
	a6_name=$1
	shift
	make -s run O="$O" ARCH=arm64 RESULTS="$a6/$a6_name" Q=1 "$@" >"$a6/$a6_name.out" 2>&1
	rc=$?
}

# One boot, three benchmarks (hackbench's pipes, execl's exec, Debian's
# arm64 stress-ng from its layer) on 2 sockets x 2 cores x 2 threads in
# 2 NUMA nodes, each socket's cores in 2 clusters, which the guest must
# see as asked (the device tree's cpu-map and numa-node-id: a direct
# -kernel boot has no ACPI): a core per cluster, whose core_id is 0 in
# both, so the guest's count of cores goes by cluster and core. Its
# kernel is the default's Image gzipped: an Image.gz is taken as KERNEL
# (decompressed once into the vmlinux cache; QEMU 7.2's -kernel on virt
# takes one as well), its modules the default kernel's, named by
# MODULES=. The other boots here take the Image as it is.
# On a fresh machine the default Image is fetched first, as make run
# would (its own fetch comes too late for the gzip).
a6_k=$O/kernel/default-arm64/Image
make -s kernel-default O="$O" ARCH=arm64 >"$a6/fetch.out" 2>&1
gzip -c "$a6_k" >"$a6/Image.gz"
a6_t=hackbench,execl,stress-ng
a6_run both TEST=$a6_t STRESSOR=msg NR_THREADS=2 TESTTIME=3 GROUPS=1 LOOPS=50 PASSES=1 DURATION=3 \
	SOCKETS=2 CLUSTERS=2 CORES=2 THREADS=2 NUMA=2 KERNEL="$a6/Image.gz" MODULES="$O/kernel/default-arm64/root"
a6_dir=$(ls -d "$a6/both/$a6_t"/*/*/0 2>/dev/null | head -n 1)
a6_dir=${a6_dir:-$a6/none}
check "arm64: make run ARCH=arm64 TEST=$a6_t SOCKETS=2 CLUSTERS=2 CORES=2 THREADS=2 NUMA=2 boots Debian's arm64 kernel and exits 0 ($(tail -n 1 "$a6/both.out"))" \
	sh -c "test $rc -eq 0 && test -d '$a6_dir'"
a6_hb=$($j "$a6_dir/stats.json" hackbench.hackbench.throughput 2>/dev/null)
a6_ex=$($j "$a6_dir/stats.json" execl.unixbench.throughput 2>/dev/null)
a6_sn=$($j "$a6_dir/stats.json" stress-ng.stress-ng.msg.ops_per_sec 2>/dev/null)
check "arm64: hackbench.throughput ($a6_hb), execl's unixbench.throughput ($a6_ex) and stress-ng.msg.ops_per_sec ($a6_sn) are present and positive" \
	awk -v a="${a6_hb:-0}" -v b="${a6_ex:-0}" -v c="${a6_sn:-0}" 'BEGIN { exit !(a > 0 && b > 0 && c > 0) }'
a6_seen=$($j "$a6_dir/job.json" topology_seen 2>/dev/null)
check "arm64: the guest sees the topology asked, clusters and all ($a6_seen)" \
	sh -c "test '$a6_seen' = '2 packages x 2 cores in 2 clusters x 2 threads, 8 CPUs online; node0 0-3, node1 4-7' &&
		grep -q -- '-smp cpus=8,sockets=2,clusters=2,cores=1,threads=2 ' '$a6_dir/job.json'"
a6_rel=$($j "$a6_dir/job.json" release 2>/dev/null)
a6_arch=$($j "$a6_dir/job.json" arch 2>/dev/null)
a6_pk=$($j "$a6_dir/job.json" packages 2>/dev/null)
check "arm64: the guest says it is aarch64, job.json says arch $a6_arch, release $a6_rel, ${a6_pk%%,*}" \
	sh -c "test '$a6_arch' = arm64 && grep -q '\"machine\":\"aarch64\"' '$a6_dir/samples.jsonl' &&
		grep -q 'ttyAMA0' '$a6_dir/job.json' && echo '$a6_pk' | grep -q '^stress-ng [0-9]'"
check "arm64: KERNEL=Image.gz booted it, as an Image, release $a6_rel from the gzipped Image" \
	sh -c "grep -q '\"boot_path\":\"image\"' '$a6_dir/job.json' && grep -q '\"kernel\":\"[^\"]*/Image.gz\"' '$a6_dir/job.json' &&
		test -n '$a6_rel' && test '$a6_rel' = \"\$(cat '$O/kernel/default-arm64/release')\""

# Deterministic timing on arm64: two runs at once count the same
# instructions, so the same score to the last digit.
a6_run det1 TEST=syscall DURATION=3 PASSES=1 SMP=1 MEM=256M TIMING=deterministic &
a6_p=$!
a6_run det2 TEST=syscall DURATION=3 PASSES=1 SMP=1 MEM=256M TIMING=deterministic
wait "$a6_p"
a6_d1=$($j "$(ls -d "$a6"/det1/syscall/*/*/0 2>/dev/null | head -n 1)/stats.json" unixbench.throughput 2>/dev/null)
a6_d2=$($j "$(ls -d "$a6"/det2/syscall/*/*/0 2>/dev/null | head -n 1)/stats.json" unixbench.throughput 2>/dev/null)
check "arm64: TIMING=deterministic, two runs at once: the same score ($a6_d1 and $a6_d2)" \
	sh -c "test -n '$a6_d1' && test '$a6_d1' = '$a6_d2'"

# An arm64 run is not compared with an x86 one: the same run, its
# job.json saying x86_64.
if [ -d "$a6_dir" ]; then
	mkdir -p "$a6/x86"
	cp -r "$(dirname "$a6_dir")" "$a6/x86/new"
	sed -i 's/"arch":"arm64"/"arch":"x86_64"/' "$a6/x86/new/0/job.json"
fi
"$B/host/bootbench-compare" --no-plot "$(dirname "$a6_dir")" "$a6/x86/new" >"$a6/cmp.out" 2>"$a6/cmp.err"
rc=$?
check "arm64: compare refuses an arm64 run against an x86_64 one (exit 2, one line: $(cat "$a6/cmp.err"))" \
	sh -c "test $rc -eq 2 && test \$(wc -l <'$a6/cmp.err') -eq 1 && grep -q 'an arm64 guest but .* an x86_64 guest: compare runs of the same ARCH' '$a6/cmp.err'"

# A kernel of the other architecture: one line, exit 2, before any boot.
if [ -f "$KDEF" ]; then
	a6_run wrong TEST=execl KERNEL="$KDEF"
	check "arm64: ARCH=arm64 with an x86 bzImage is refused in one line, exit 2 ($(grep bootbench: "$a6/wrong.out"))" \
		sh -c "test $rc -eq 2 && test \$(grep -c '^bootbench:' '$a6/wrong.out') -eq 1 &&
			grep -q 'is an x86 bzImage, not an arm64 Image: say ARCH=x86_64, or give an arm64 kernel' '$a6/wrong.out' &&
			test ! -e '$a6/wrong'"
fi

# A replay of the arm64 run's stream, and a LAVA import of an arm64 job,
# say arm64 in job.json as the run did (the hello's uname -m; LAVA's
# context.arch); a stream without it is an x86_64 guest's (before arm64).
a6_stream=$a6_dir/samples.jsonl
"$tool" replay "$a6_stream" "$a6/replay" >/dev/null 2>&1
a6_rj=$(find "$a6/replay" -name job.json 2>/dev/null | head -n 1)
check "arm64: a replay of the arm64 run's stream says arch arm64 ($($j "${a6_rj:-/nonexistent}" arch 2>/dev/null))" \
	test "$($j "${a6_rj:-/nonexistent}" arch 2>/dev/null)" = arm64
{ cat tests/fuzz/corpus/lava/job.yaml; printf 'context:\n  arch: arm64\n'; } >"$a6/lava-job.yaml"
for a6_l in arm64:"$a6/lava-job.yaml" x86_64:tests/fuzz/corpus/lava/job.yaml; do
	python3 boot/lava-results.py --bootbench "$tool" --results "$a6/lava-${a6_l%%:*}" \
		"${a6_l#*:}" tests/fuzz/corpus/lava/good.yaml >/dev/null 2>&1
	a6_lj=$(find "$a6/lava-${a6_l%%:*}" -name job.json 2>/dev/null | head -n 1)
	check "arm64: a LAVA import of a job $([ "${a6_l%%:*}" = arm64 ] && echo 'whose context.arch is arm64' || echo 'without context.arch') says arch ${a6_l%%:*}" \
		test "$($j "${a6_lj:-/nonexistent}" arch 2>/dev/null)" = "${a6_l%%:*}"
done

# Clusters: x86's q35 has none (QEMU 7.2), and a socket's cores split
# evenly into them; each refused in one line before any boot.
expect_bad "arm64: CLUSTERS=2 with ARCH=x86_64" 2 \
	"CLUSTERS=2: QEMU's x86_64 board has no clusters: say ARCH=arm64" \
	"$tool" run --plan --test execl --clusters 2 --cores 2 --arch x86_64
expect_bad "arm64: CORES=3 CLUSTERS=2" 2 \
	"3 cores per socket do not split into 2 clusters of one size" \
	"$tool" run --plan --test execl --clusters 2 --cores 3 --arch arm64

# The report machines: an arm64 profile wants ARCH=arm64, in one line.
expect_bad "arm64: MACHINE=thunderx2 without ARCH=arm64" 2 \
	"MACHINE=thunderx2 is an arm64 machine, not an x86_64 one: say ARCH=arm64" \
	"$tool" run --plan --test execl --machine thunderx2 --arch x86_64
"$tool" run --plan --test execl --machine thunderx2 --arch arm64 --fit >"$a6/tx2.plan" 2>&1
check "arm64: MACHINE=thunderx2 ARCH=arm64 plans 2 x 28 x 4 fitted to this host ($(sed -n 's/^machine //p' "$a6/tx2.plan"))" \
	grep -q 'instead of 2 sockets x 28 cores x 4 threads = 224 CPUs, 2 NUMA nodes' "$a6/tx2.plan"

# A public arm64 report mail as a user reproduces it: the CFS thread's
# shell8 on its ThunderX2 (tests/reproduce) becomes an arm64 job on the
# thunderx2 profile, run QUICK (fitted to this host), A/A on the default
# arm64 kernel, one run a side: it must end with a verdict line. (The
# other arm64 mail, hackbench -l 256000, is 6 minutes a pass here even
# QUICK: the reader's tests read it, none runs it.)
make -s reproduce O="$O" RESULTS="$a6/rep" QUICK=1 RUNS=1 \
	REPORT=tests/reproduce/reports/cfs-load-balance-rework-benchmarks.txt \
	BASE_KERNEL="$a6_k" NEW_KERNEL="$a6_k" >"$a6/rep.out" 2>&1
rc=$?
a6_line=$(grep '^reproduce: ' "$a6/rep.out")
a6_rj=$(find "$a6/rep" -path '*/new/*' -name job.json 2>/dev/null | head -n 1)
check "arm64: make reproduce of the thread's arm64 mail, QUICK=1 RUNS=1, A/A on the default arm64 kernel on the fitted thunderx2: a verdict (${a6_line:-exit $rc: $(tail -n 1 "$a6/rep.out")})" \
	sh -c "test $rc -eq 0 && test -n '$a6_line' && test \"\$('$j' '${a6_rj:-/nonexistent}' arch)\" = arm64 &&
		grep -q 'thunderx2-fit' '${a6_rj:-/nonexistent}'"
