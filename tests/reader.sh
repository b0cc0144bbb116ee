# Sourced by tests/run.sh (make check): the report reader's rules
# (docs/reproduce.md), each on a mail of tests/reproduce/reports or a
# copy of one changed in the one place the rule is about. Cheap: no
# boot, so make check's, except the last test (which CPU features QEMU
# drops under TCG), which runs under make test only.

# The CPU table; its QEMU names checked against this QEMU's list.
qemu-system-x86_64 -cpu help >"$T/cpuhelp" 2>/dev/null || : >"$T/cpuhelp"
CPU_HELP=$T/cpuhelp
[ -s "$CPU_HELP" ] || CPU_HELP=
export CPU_HELP
build test_cputable tests/unit/test_cputable.c boot/cputable.c lib/fileio.c &&
	unit test_cputable

rd_dir=tests/reproduce/reports
# rd NAME FILE: the reader on FILE into $T/rd/NAME.{out,err,rc}.
rd() {
	mkdir -p "$T/rd"
	"$tool" reproduce "$2" "$T/rd/o" >"$T/rd/$1.out" 2>"$T/rd/$1.err"
	echo $? >"$T/rd/$1.rc"
}

# The sign: the table's row, the text's unsigned number, the metric's way.
rd newidle "$rd_dir/unixbench-shell1-newidle-22.9-unsigned.txt"
check "reader: an unsigned change takes the compare table row's sign (-22.9%)" \
	sh -c "grep -qx 'expect -22.90' '$T/rd/newidle.out' &&
		grep -q 'the text gives no sign; the compare table.s row has it' '$T/rd/newidle.err'"
sed 's/noticed a 22.9% regression/noticed a +22.9% regression/' \
	"$rd_dir/unixbench-shell1-newidle-22.9-unsigned.txt" >"$T/plus.txt"
rd plus "$T/plus.txt"
check "reader: a text whose sign the table contradicts is told, the table's taken" \
	sh -c "grep -qx 'expect -22.90' '$T/rd/plus.out' &&
		grep -q 'the text says +22.9% but the compare table.s row says -22.9%' '$T/rd/plus.err'"
rd slice "$rd_dir/hackbench-base-slice-6.2-qp-reply.txt"
check "reader: without a table, a regression of a throughput is a drop (guessed)" \
	sh -c "grep -qx 'expect -6.20' '$T/rd/slice.out' &&
		grep -q 'guessed: the change is -6.2% (the text gives no sign and no table row' '$T/rd/slice.err'"
grep -v 'disk: 1HDD\|fs: btrfs\|fs2: nfs' \
	"$rd_dir/dbench-nfsd-max_latency-99.9-nfs.txt" >"$T/latency.txt"
rd latency "$T/latency.txt"
check "reader: an improvement of dbench.max_latency is a fall of our latency metric" \
	sh -c "grep -qx 'metric dbench.max_latency-ms' '$T/rd/latency.out' &&
		grep -qx 'expect -99.90' '$T/rd/latency.out'"
grep -v '  dbench.max_latency' "$T/latency.txt" >"$T/latency2.txt"
rd latency2 "$T/latency2.txt"
check "reader: ... and without the table row, from 'improvement' and lower-is-better" \
	sh -c "grep -qx 'expect -99.90' '$T/rd/latency2.out' &&
		grep -q 'an improvement of a metric whose lower value is better' '$T/rd/latency2.err'"
sed 's/of hackbench.throughput on:/of hackbench.time on:/' \
	"$rd_dir/hackbench-base-slice-6.2-qp-reply.txt" >"$T/other.txt"
rd other "$T/other.txt"
check "reader: a metric bootbench lacks gives no expectation (another metric's size)" \
	sh -c "test \$(cat '$T/rd/other.rc') -eq 0 && ! grep -q '^expect' '$T/rd/other.out' &&
		grep -q 'left out: metric hackbench.time: bootbench has no such metric' '$T/rd/other.err'"

# Values, and the job checked as the run checks it.
check "reader: LKP's '10000000ops' becomes loops = 10000000" \
	grep -qx 'loops = 10000000' tests/reproduce/expected/perf-bench-sched-pipe-menu-12.9-tag-base.expected
sed 's/mode: process/mode: fibers/' "$rd_dir/hackbench-eevdf-slices-13.1-sapphire.txt" >"$T/fibers.txt"
rm -rf "$T/rd/o/fibers"
rd fibers "$T/fibers.txt"
check "reader: a value the run would refuse fails the reading, with the run's words, no job left" \
	sh -c "test \$(cat '$T/rd/fibers.rc') -eq 2 && tail -n 1 '$T/rd/fibers.err' | grep -q 'MODE=fibers is not valid' &&
		test ! -e '$T/rd/o/fibers/job'"
rm -rf "$T/rdm"
make -s reproduce O="$O" RESULTS="$T/rdm" REPORT="$T/fibers.txt" DRY=1 >"$T/rdm.out" 2>&1
rd_rc=$?
check "reader: make reproduce DRY=1 fails where the run would" \
	sh -c "test $rd_rc -ne 0 && grep -q 'MODE=fibers is not valid' '$T/rdm.out'"
sed 's/fs2: nfs/fs2: nfsv3/' "$rd_dir/dbench-nfsd-max_latency-99.9-nfs.txt" >"$T/md.txt"
rd md "$T/md.txt"
check "reader: storage the guest cannot have (fs2: nfsv3, rpcbind and statd in the guest) is refused in one line naming it" \
	sh -c "test \$(cat '$T/rd/md.rc') -eq 2 && test \$(grep -vc '^bootbench:  \|^bootbench: report:\|^bootbench: read:' '$T/rd/md.err') -eq 1 &&
		tail -n 1 '$T/rd/md.err' | grep -q 'needs fs2: nfsv3, which bootbench cannot give: it has .*nfsv3 and smbv. are not done'"

# Issue 19, case 14: a list value is the table's one value, or refused.
sed 's/nr_task: 100%/nr_task: [1,...,16]/' "$rd_dir/unixbench-shell1-newidle-22.9-unsigned.txt" >"$T/list.txt"
rd list "$T/list.txt"
check "reader: nr_task: [1,...,16] becomes the compare table's one value (100%)" \
	sh -c "grep -q 'nr_task: \[1,...,16\] is a list' '$T/rd/list.err' && grep -qx 'nr_task = 100%' '$T/rd/o/list/job'"
grep -v 'nr_task/rootfs\|/lkp-icl-2sp9/shell1/' "$T/list.txt" >"$T/list2.txt"
rm -rf "$T/rd/o/list2"
rd list2 "$T/list2.txt"
check "reader: ... and without the table header, refused in one line, nothing written" \
	sh -c "test \$(cat '$T/rd/list2.rc') -eq 2 && test ! -e '$T/rd/o/list2' &&
		tail -n 1 '$T/rd/list2.err' | grep -q 'nr_task: \[1,...,16\] is a list (LKP ran one job per value) and the report does not say which one changed'"

# The command lines of LKP's reproduce attachment, quoted or not.
check "reader: the quoted reproduce command gives hackbench loops = 60000" \
	grep -qx 'loops = 60000' tests/reproduce/expected/hackbench-vruntime-125.5-improvement-reproduce.expected
grep -v 'loops: 10000000ops' "$rd_dir/perf-bench-sched-pipe-menu-12.9-tag-base.txt" >"$T/pipe.txt"
printf '\n "perf" "bench" "sched" "pipe" "-l" "500000"\n' >>"$T/pipe.txt"
rd pipe "$T/pipe.txt"
check "reader: a quoted perf bench sched pipe command gives loops = 500000" \
	grep -qx 'loops = 500000' "$T/rd/o/pipe/job"

# The base, the config, the CPU, the shape; every guess with its source.
rd pbsp "$rd_dir/perf-bench-sched-pipe-menu-12.9-tag-base.txt"
check "reader: a tag as base is read and kept in the job" \
	sh -c "grep -qF 'base v6.17-rc2 (a tag)' '$T/rd/pbsp.err' &&
		grep -qx '# base: v6.17-rc2' '$T/rd/o/perf-bench-sched-pipe-menu-12.9-tag-base/job'"
check "reader: the kernel config's URL is printed" \
	grep -q "the kernel config and LKP's files: https://download.01.org/0day-ci/archive/20250825/202508251419.d8117ed7-lkp@intel.com" "$T/rd/pbsp.err"
rd mds "$rd_dir/unixbench-syscall-mds-49.0-jobyaml.txt"
check "reader: NUMA nodes from job.yaml's nr_node; sockets from threads / (cores x SMT)" \
	sh -c "grep -q 'read: 1 NUMA node(s) (job.yaml.s nr_node)' '$T/rd/mds.err' &&
		grep -q 'guessed: 1 socket(s) (16 threads / (8 cores x 2 threads per core, from the SKU))' '$T/rd/mds.err'"
rd twoap "$rd_dir/unixbench-syscall-f_count-32.3-2ap-numa.txt"
check "reader: sockets from an LKP host name (lkp-csl-2ap3)" \
	grep -q "guessed: 2 socket(s) (from LKP's host name lkp-csl-2ap3)" "$T/rd/twoap.err"
check "reader: NUMA nodes from the table's numa rows when they name more than the sockets" \
	grep -q 'guessed: 4 NUMA nodes (the compare table.s numa-meminfo rows name node0 to node3)' "$T/rd/twoap.err"
check "reader: NUMA nodes one per socket when nothing else says" \
	grep -q 'guessed: 2 NUMA nodes (one per socket)' "$T/rd/slice.err"
check "reader: the CPU model from the code name, SMT from the SKU" \
	sh -c "grep -q 'guessed: CPU model Icelake-Server (from the code name Ice Lake)' '$T/rd/newidle.err' &&
		grep -q \"guessed: 2 threads per core (from the SKU pattern 'Gold 6346')\" '$T/rd/newidle.err'"
printf 'kernel test robot noticed a -5.0%% regression of hackbench.throughput on:\n\ncommit: 0123456789abcdef ("x")\n\ntestcase: hackbench\ntest machine: 8 threads %s with 8G memory\nparameters:\n\n\tnr_threads: 100%%\n' \
	'Intel(R) Xeon(R) CPU @ 2.30GHz' >"$T/intel.txt"
sed 's/Intel(R) Xeon(R) CPU @ 2.30GHz/AMD Opteron(tm) Processor 6376/' "$T/intel.txt" >"$T/amd.txt"
rd intel "$T/intel.txt"
rd amd "$T/amd.txt"
check "reader: an Intel CPU the table lacks stays Intel (kvm64), an AMD one AMD (qemu64)" \
	sh -c "grep -qx 'cpu = kvm64' '$T/rd/o/intel/machine.conf' && grep -qx 'cpu = qemu64' '$T/rd/o/amd/machine.conf' &&
		grep -q 'no model known: only its vendor (Intel)' '$T/rd/intel.err'"
cat "$T"/rd/*.err >"$T/rd-all.err"
for rp_mail in "$rd_dir"/*.txt; do
	"$tool" reproduce "$rp_mail" "$T/rd/all" 2>>"$T/rd-all.err" >/dev/null
done
check "reader: every guess says what it was guessed from" \
	sh -c "grep -q '^bootbench: guessed: ' '$T/rd-all.err' &&
		! grep '^bootbench: guessed: ' '$T/rd-all.err' | grep -v '(.*)'"

# The held-out reading's cases, each on a public mail or a copy changed
# in the one place the case is about.
rd cpx "$rd_dir/fsmark-btrfs-queue-sysfs-13.6-cooperlake-4s.txt"
check "reader: sockets from an LKP host name with 4s (lkp-cpx-4s1: 4, not 1 socket of 192 cores)" \
	sh -c "grep -q \"guessed: 4 socket(s) (from LKP's host name lkp-cpx-4s1)\" '$T/rd/cpx.err' &&
		grep -qx 'sockets = 4' '$T/rd/o/fsmark-btrfs-queue-sysfs-13.6-cooperlake-4s/machine.conf'"
check "reader: a code name alone splits by its server parts' cores (Cooper Lake: 48 threads a socket are 24 x 2)" \
	grep -q "guessed: 24 cores x 2 thread(s) per core a socket (48 threads a socket, split by the core counts of Cooper Lake's server parts" "$T/rd/cpx.err"
grep -v 'fsyncBeforeClose/lkp-cpx-4s1' "$rd_dir/fsmark-btrfs-queue-sysfs-13.6-cooperlake-4s.txt" >"$T/skl4.txt"
printf '\ntbox_group: lkp-skl-4sp1\n' >>"$T/skl4.txt"
rd skl4 "$T/skl4.txt"
check "reader: ... and a host name outside the compare table's header (a job.yaml's lkp-skl-4sp1)" \
	grep -q "guessed: 4 socket(s) (from LKP's host name lkp-skl-4sp1)" "$T/rd/skl4.err"
rd skl2 "$rd_dir/will-it-scale-page_fault2-folios_put-4.7-skylake-2s.txt"
check "reader: 104 threads 2 sockets (Skylake) are 26 cores x 2, not 52 x 1" \
	sh -c "grep -qx 'cores = 26' '$T/rd/o/will-it-scale-page_fault2-folios_put-4.7-skylake-2s/machine.conf' &&
		grep -qx 'threads = 2' '$T/rd/o/will-it-scale-page_fault2-folios_put-4.7-skylake-2s/machine.conf'"
rd i5 "$rd_dir/fio-basic-randread-max-sectors-59.4-i5-6500.txt"
check "reader: fio-basic's nr_task: 8t is 8 (refused before: NR_TASK=8t is not valid)" \
	sh -c "test \$(cat '$T/rd/i5.rc') -eq 0 && grep -qx 'nr_task = 8' '$T/rd/o/fio-basic-randread-max-sectors-59.4-i5-6500/job'"
check "reader: a desktop part (i5-6500) takes the client model, Skylake-Client" \
	grep -qx 'cpu = Skylake-Client' "$T/rd/o/fio-basic-randread-max-sectors-59.4-i5-6500/machine.conf"
sed 's/with 128G memory/with 8G memory/' "$rd_dir/fsmark-btrfs-queue-sysfs-13.6-cooperlake-4s.txt" >"$T/brd.txt"
rd brd "$T/brd.txt"
check "reader: fsmark on a RAM disk the guest's memory cuts (8G: 4 GiB, not 32) scales test_size, said" \
	sh -c "grep -qx 'test_size = 2048M' '$T/rd/o/brd/job' &&
		grep -q 'scaled: disk = 1BRD_32G: the run gives RAM disks of at most 4096 MiB' '$T/rd/brd.err' &&
		grep -q 'scaled: test_size = 2048M (the report.s 4G' '$T/rd/brd.err'"
sed 's/netperf.Throughput_Mbps/netperf.Throughput_tps/g' "$rd_dir/netperf-udp_stream-defer-free-200.0-improvement.txt" >"$T/tps.txt"
rm -rf "$T/rd/o/tps"
rd tps "$T/tps.txt"
check "reader: a metric the job's test does not give (Throughput_tps of UDP_STREAM) is refused before any boot, nothing written" \
	sh -c "test \$(cat '$T/rd/tps.rc') -eq 2 && test ! -e '$T/rd/o/tps' &&
		tail -n 1 '$T/rd/tps.err' | grep -q 'metric netperf.Throughput_tps is not one netperf.s UDP_STREAM gives'"

# Issue 51: the third held-out reading. LKP's "N sockets" counts NUMA
# nodes: the model's cores (or the host name) say the sockets, said; the
# model's name in any case; a desktop part's SMT by its generation.
rd_emr=stress-ng-msg-rhashtable-29.1-emr-4-sockets
rd emr "$rd_dir/$rd_emr.txt"
check "reader: 256 threads \"4 sockets\" of the 64-core PLATINUM 8592+ on lkp-emr-2sp1 are 2 x 64 x 2 in 4 nodes, said" \
	sh -c "grep -v '^#' '$T/rd/o/$rd_emr/machine.conf' | tr '\n' ' ' |
		grep -q 'sockets = 2 cores = 64 threads = 2 mem = 256G node0 = 0-63 node1 = 64-127 node2 = 128-191 node3 = 192-255' &&
		grep -q \"guessed: 2 socket(s), not the report's 4: 256 threads are 2 x 64 cores x 2 threads of its SKU 'Platinum 8592+', as LKP's host name lkp-emr-2sp1 says\" '$T/rd/emr.err'"
sed 's/PLATINUM 8592+/Platinum 8592+/' "$rd_dir/$rd_emr.txt" >"$T/emrcase.txt"
rd emrcase "$T/emrcase.txt"
check "reader: the CPU's name is matched without case (PLATINUM 8592+ reads as Platinum 8592+)" \
	sh -c "grep -v '^#\|^name' '$T/rd/o/$rd_emr/machine.conf' >'$T/emr.a' &&
		grep -v '^#\|^name' '$T/rd/o/emrcase/machine.conf' >'$T/emr.b' && cmp -s '$T/emr.a' '$T/emr.b'"
sed 's/PLATINUM 8592+/PLATINUM 8580/' "$rd_dir/$rd_emr.txt" >"$T/emr85.txt"
rd emr85 "$T/emr85.txt"
check "reader: a SKU of no core count: the host name's 2 sockets over the text's 4, said (2 x 64 x 2)" \
	sh -c "grep -qx 'sockets = 2' '$T/rd/o/emr85/machine.conf' && grep -qx 'cores = 64' '$T/rd/o/emr85/machine.conf' &&
		grep -q \"guessed: 2 socket(s), not the report's 4: LKP's host name lkp-emr-2sp1 says 2\" '$T/rd/emr85.err'"
sed 's/lkp-emr-2sp1/lkp-emr-4sp1/' "$rd_dir/$rd_emr.txt" >"$T/emr4.txt"
rd emr4 "$T/emr4.txt"
check "reader: ... and the model's 2 over a host name's 4, said" \
	sh -c "grep -qx 'sockets = 2' '$T/rd/o/emr4/machine.conf' &&
		grep -q \"guessed: 2 socket(s), not the report's 4 nor LKP's host name lkp-emr-4sp1's 4: 256 threads are 2 x 64 cores x 2 threads of its SKU 'Platinum 8592+' (LKP\" '$T/rd/emr4.err'"
rd_i9=stress-ng-cyclic-dl-server-1.6-i9-10980xe
rd i9 "$rd_dir/$rd_i9.txt"
check "reader: a Core i9-10980XE is 1 x 18 x 2 (Cascade Lake-X), not 1 x 36 x 1" \
	sh -c "grep -v '^#' '$T/rd/o/$rd_i9/machine.conf' | tr '\n' ' ' |
		grep -q 'cpu = Cascadelake-Server sockets = 1 cores = 18 threads = 2 '"
sed 's/ (Cascade Lake)//' "$rd_dir/$rd_i9.txt" >"$T/i9x.txt"
rd i9x "$T/i9x.txt"
check "reader: ... and without the code name its SKU row says Cascade Lake, not Comet Lake" \
	sh -c "grep -q \"guessed: CPU model Cascadelake-Server (from the SKU pattern 'i9-10980XE': Cascade Lake)\" '$T/rd/i9x.err' &&
		grep -qx 'threads = 2' '$T/rd/o/i9x/machine.conf'"
sed 's/36 threads 1 sockets Intel(R) Core(TM) i9-10980XE CPU @ 3.00GHz (Cascade Lake)/20 threads 1 sockets Intel(R) Core(TM) i9-10900K CPU @ 3.70GHz (Comet Lake)/' \
	"$rd_dir/$rd_i9.txt" >"$T/cml.txt"
rd cml "$T/cml.txt"
check "reader: a desktop part its row leaves open takes SMT from its generation's rule (i9-10900K: 10 x 2)" \
	sh -c "grep -qx 'cores = 10' '$T/rd/o/cml/machine.conf' && grep -qx 'threads = 2' '$T/rd/o/cml/machine.conf' &&
		grep -q 'guessed: 2 threads per core (a desktop i9 of Comet Lake: its generation.s rule, boot/cpus.def)' '$T/rd/cml.err'"
check "reader: ... and an i5-6500 none (a Skylake i5), said" \
	grep -q 'guessed: 1 thread per core (a desktop i5 of Skylake: its generation.s rule' "$T/rd/i5.err"

# A value of more than one word ("option_a: Sequential Fill") is kept
# whole: it cut the parameters short at its second word.
rd pts "$rd_dir/phoronix-speedb-sequential-fill-11.7.txt"
check "reader: option_a: Sequential Fill is one value, quoted as a shell takes it, and the parameters after it are read" \
	grep -q "testcase phoronix-test-suite: test=speedb-1.0.1 option_a='Sequential Fill' cpufreq_governor=performance\$" "$T/rd/pts.err"
sed 's/^\(\s*\)testtime: 60s/\1option_a: Sequential Fill\n\1testtime: 60s/' \
	"$rd_dir/stress-ng-msg-nfs-timecreate-41.2.txt" >"$T/words.txt"
rd words "$T/words.txt"
check "reader: ... before a stress-ng job's testtime: and test: (refused before: no stressor)" \
	sh -c "grep -qx 'stressor = msg' '$T/rd/o/words/job' && grep -qx 'testtime = 60' '$T/rd/o/words/job' &&
		grep -q 'left out: option_a: Sequential Fill (no such knob in bootbench)' '$T/rd/words.err'"
tr '\n\t' '  ' <"$T/words.txt" >"$T/wordsflat.txt"
rd wordsflat "$T/wordsflat.txt"
check "reader: ... and in a mail flattened onto one line" \
	sh -c "grep -qx 'stressor = msg' '$T/rd/o/wordsflat/job' && grep -q \"option_a='Sequential Fill' testtime=60s\" '$T/rd/wordsflat.err'"
sed 's/^\(\s*\)mode: threads$/\1mode: threads process/' "$rd_dir/hackbench-sched-idle-15.2.txt" >"$T/twowords.txt"
rm -rf "$T/rd/o/twowords"
rd twowords "$T/twowords.txt"
check "reader: a value of two choices (mode: threads process) is refused in the run's words, no job left (was mode = threads)" \
	sh -c "test \$(cat '$T/rd/twowords.rc') -eq 2 && test ! -e '$T/rd/o/twowords/job' &&
		tail -n 1 '$T/rd/twowords.err' | grep -q 'MODE=threads process is not valid: give process or threads'"

# DRY=1 shows the disks the run makes, by the run's own fitting (RAM
# disks to the fitted guest's memory, virtio disks to DISK_DIR's room),
# and the job's test_size at most half of them: it showed 64 TiB disks
# and a test_size of half a disk the run cuts down.
sed 's/disk: 1HDD/disk: 1HDD_64T/' "$rd_dir/fio-basic-btrfs-write_iops-6.5.txt" >"$T/d64t.txt"
make -s reproduce O="$O" RESULTS="$T/rdd" DISK_DIR="$T/rdd-disks" REPORT="$T/d64t.txt" DRY=1 >"$T/d64t.out" 2>&1
rd_rc=$?
rd_mib=$(sed -n 's/^bootbench: the disks as made: 1 HDD of \([0-9]*\) MiB each (asked 67108864 MiB)$/\1/p' "$T/d64t.out")
rd_free=$(df -Pk "$T" | awk 'NR == 2 { print int($4 / 1024) }')
check "reader: DRY=1 of a 64 TiB disk shows the disk the run makes in DISK_DIR's room (${rd_mib:-none} MiB of $rd_free free), test_size half of it" \
	sh -c "test $rd_rc -eq 0 && test -n '$rd_mib' && test '$rd_mib' -le '$rd_free' &&
		grep -qx \"    test_size = \$((${rd_mib:-0} / 2))M\" '$T/d64t.out' &&
		grep -q \"scaled: test_size = \$((${rd_mib:-0} / 2))M (the job's 128G: half a disk of $rd_mib MiB, as the run makes it here)\" '$T/d64t.out' &&
		test ! -e '$T/rdd-disks'"
"$tool" run --plan --test fio --param disk=1SSD_64T --param fs=xfs --disk-dir "$T/rdd-disks" >"$T/d64p.out" 2>"$T/d64p.err"
check "reader: ... by the function the run fits its disk files with (run --plan: the same line, no file made)" \
	sh -c "grep -q '^disks 1 SSD of [0-9]* MiB each (asked 67108864 MiB)$' '$T/d64p.out' &&
		grep -q 'note: DISK: 1 disk(s) of [0-9]* MiB instead of 67108864 MiB: DISK_DIR=$T/rdd-disks has' '$T/d64p.err' &&
		test ! -e '$T/rdd-disks'"
make -s reproduce O="$O" RESULTS="$T/rdb" REPORT="$rd_dir/fsmark-btrfs-queue-sysfs-13.6-cooperlake-4s.txt" DRY=1 >"$T/dbrd.out" 2>&1
rd_rc=$?
rd_mib=$(sed -n 's/^bootbench: the disks as made: 1 BRD of \([0-9]*\) MiB each.*/\1/p' "$T/dbrd.out")
rd_mem=$(sed -n 's/^bootbench: the machine as booted: .*, \([0-9]*\) MB (.*/\1/p' "$T/dbrd.out")
check "reader: DRY=1 of a 32G RAM disk shows half the fitted guest's memory (${rd_mib:-none} MiB of $rd_mem), test_size half of that" \
	sh -c "test $rd_rc -eq 0 && test -n '$rd_mib' && test \$((${rd_mib:-0} * 2)) -eq '$rd_mem' &&
		grep -qx \"    test_size = \$((${rd_mib:-0} / 2))M\" '$T/dbrd.out'"

# Issue 39: an arm64 report is an arm64 job, its machine an arm64 profile.
rd tx2 "$rd_dir/cfs-load-balance-rework-benchmarks.txt"
check "reader: the thread's \"large arm64 2 nodes / 224 cores system\" is the thunderx2 profile, the job arch = arm64" \
	sh -c "grep -qx 'arch = arm64' '$T/rd/o/cfs-load-balance-rework-benchmarks/job' &&
		grep -qx 'machine = thunderx2' '$T/rd/o/cfs-load-balance-rework-benchmarks/job'"
sed 's|large arm64 2 nodes / 224 cores|large arm64 4 nodes / 256 cores|' \
	"$rd_dir/cfs-load-balance-rework-benchmarks.txt" >"$T/a256.txt"
rd a256 "$T/a256.txt"
check "reader: an arm64 machine no profile names gets a written one that says arch = arm64 (256 CPUs in 4 nodes)" \
	sh -c "grep -qx 'arch = arm64' '$T/rd/o/a256/machine.conf' && grep -qx 'node3 = 192-255' '$T/rd/o/a256/machine.conf' &&
		! grep -q '^cpu' '$T/rd/o/a256/machine.conf'"
rm -rf "$T/rdarm"
make -s reproduce O="$O" RESULTS="$T/rdarm" REPORT="$rd_dir/cfs-load-balance-rework-benchmarks.txt" DRY=1 \
	MAX_VCPUS=2 >"$T/rdarm.out" 2>&1
rd_rc=$?
check "reader: make reproduce DRY=1 of the arm64 mail plans the ThunderX2 fitted to this host ($(sed -n 's/^bootbench: the machine as booted: //p' "$T/rdarm.out"))" \
	sh -c "test $rd_rc -eq 0 && grep -q 'the machine: Cavium ThunderX2' '$T/rdarm.out' &&
		grep -q '^bootbench: the machine as booted: ' '$T/rdarm.out'"

# Under TCG a named CPU model loses what QEMU cannot emulate: job.json
# lists it (one boot: make test's; the rest of the area is make check's).
if [ "$TIER" != test ]; then
	skip "reader: job.json lists the CPU features QEMU dropped (Cooperlake under TCG)" "a boot: make test's"
else
	printf 'name = reader-cpl\ncpu = Cooperlake\nsockets = 1\ncores = 2\nthreads = 1\nmem = 512M\n' >"$T/cpl.conf"
	rd_img=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")
	"$tool" run --kernel "$KDEF" --initrd "$rd_img" --test boot --machine "$T/cpl.conf" \
		--results "$T/cplres" --timeout 600 >"$T/cpl.out" 2>&1
	rd_job=$(find "$T/cplres" -name job.json 2>/dev/null | head -n 1)
	check "reader: job.json lists the CPU features QEMU dropped (Cooperlake under TCG: avx512f), once each" \
		sh -c "test -n '$rd_job' && grep -q '\"accel\":\"kvm\"' '$rd_job' ||
			{ grep -q '\"CPUID.07H:EBX.avx512f \[bit 16\]\"' '$rd_job' &&
			  test \$(grep -o 'avx512f \[bit 16\]' '$rd_job' | wc -l) -eq 1; }"
fi
