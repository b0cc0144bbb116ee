# Area topology (make test): asked, booted, and verified from inside the guest.
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo" \
	--sockets 2 --cores 1 --threads 2 --numa 2 --mem 512 >"$T/topo.out" 2>"$T/topo.err"
rc=$?
trun=$(ls -d "$T"/topo/fault/*/*/0 2>/dev/null)
check "topology: 2 sockets x 1 core x 2 threads, 2 nodes boots and is verified (exit 0)" test "$rc" -eq 0 -a -n "$trun"
check "topology: the guest's hello shows 2 packages, 2 threads per core, nodes 0-1 and 2-3" \
	grep -q '"cpu_packages":2,"cores_per_package":1,"threads_per_core":2,"node_cpus":\["0-1","2-3"\]' "$trun/samples.jsonl"
check "topology: job.json records what was asked and what was seen" \
	sh -c "grep -q '\"topology\":{' '$trun/job.json' && grep -q '\"topology_seen\":\"2 packages x 1 cores x 2 threads' '$trun/job.json'"
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo" \
	--smp 4 --numa "0,2;1,3" --sockets 2 --threads 2 --mem 512 >"$T/topo.out" 2>"$T/topo.err"
rc=$?
check "topology: nodes that split SMT siblings do not match what the guest sees: exit 5, named" \
	sh -c "test $rc -eq 5 && grep -q 'the guest does not have the topology asked for' '$T/topo.err'"
# 8 vCPUs on a 2-CPU host: once in a while TCG stalls such a boot (seen
# at PCI enumeration, and once after the init's hello on a loaded host);
# the boot or session watchdog ends it and it is tried once more, saying
# so. $1 names the results directory the attempt writes.
boot8_retry() {
	dir=$1
	shift
	"$@"
	rc=$?
	if [ "$rc" -eq 4 ]; then
		echo "NOTE topology: an 8-vCPU boot stalled ($(tail -n 1 "$T/topo.err" | cut -c1-80)); once more"
		rm -rf "$dir"
		"$@"
		rc=$?
	fi
	return $rc
}
topo2() {
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo2" \
		--sockets 2 --cores 2 --threads 2 --numa "0-1,4-5;2-3,6-7" --mem 512 --silence 30 --timeout 300 >/dev/null 2>"$T/topo.err"
}
boot8_retry "$T/topo2" topo2
rc=$?
check "topology: lkp-skl-sp1's interleaving scaled down (2x2x2, nodes 0-1,4-5 and 2-3,6-7) is verified" \
	sh -c "test $rc -eq 0 && grep -q '\"threads_per_core\":2,\"node_cpus\":\[\"0-1,4-5\",\"2-3,6-7\"\]' $T/topo2/fault/*/*/0/samples.jsonl"
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo3" \
	--machine i3-3220 --mem 512 >/dev/null 2>"$T/topo.err"
check "topology: MACHINE=i3-3220 (1 x 2 x 2) boots verified" test $? -eq 0
topo4() {
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo4" \
		--lscpu tests/lscpu-scaled-skl.txt --mem 512 --silence 30 --timeout 300 >/dev/null 2>"$T/topo.err"
}
boot8_retry "$T/topo4" topo4
rc=$?
if [ "$rc" -eq 0 ] && grep -q 'note: one NUMA node per socket' "$T/topo.err" &&
	grep -q '"cpu_model":"Skylake-Server"' "$T"/topo4/fault/*/*/0/job.json; then
	ok "topology: an lscpu import (2 x 2 x 2, Skylake-Server) boots verified, with a note on numbering"
else
	bad "topology: an lscpu import (2 x 2 x 2, Skylake-Server) boots verified, with a note on numbering" \
		"exit $rc: $(grep -v 'note:' "$T/topo.err" | tail -n 2)"
fi
"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn --results "$T/topo5" \
	--smp 4 --cmdline nr_cpus=2 --mem 512 >/dev/null 2>"$T/topo.err"
rc=$?
check "topology: a kernel booted with nr_cpus=2 of 4 fails with the difference (exit 5)" \
	sh -c "test $rc -eq 5 && grep -q 'asked 1 sockets x 4 cores x 1 threads, 1 nodes; it sees 1 packages x 2 cores x 1 threads, 2 CPUs online' $T/topo.err"
expect_bad "a profile of another architecture" 2 "MACHINE=thunderx2 is an arm64 machine, not an x86_64 one: say ARCH=arm64" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --machine thunderx2 --results "$T/topobad"
expect_bad "an impossible NUMA split" 2 "NUMA=8 is impossible" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test execl --smp 4 --numa 8 --results "$T/topobad"
