# Sourced by tests/run.sh: vm-scalability's cases in a boot (their
# sizes from the guest's memory; a hugetlb case sizes the pool
# itself, a -mt one runs threads), and its refusals.
vs_res=$T/vsres
expect_bad "an unknown vm-scalability case" 2 "VM_TEST=anon-x is not valid: give the vm-scalability case" \
	"$tool" run --plan --test vm-scalability --param vm_test=anon-x
for vs_case in anon-cow-rand-hugetlb lru-shm anon-w-rand-mt; do
	rm -rf "$vs_res"
	make -s run O="$O" RESULTS="$vs_res" TEST=vm-scalability VM_TEST=$vs_case NR_TASK=2 RUNTIME=3 \
		SMP=2 MEM=512 Q=1 >"$T/vs.out" 2>&1
	vs_rc=$?
	vs_run=$(ls -d "$vs_res"/*/*/*/0 2>/dev/null | head -n 1)
	vs_t=$($j "$vs_run/stats.json" vm-scalability.throughput 2>/dev/null)
	vs_w=$($j "$vs_run/stats.json" vm-scalability.workload 2>/dev/null)
	check "vmscal: $vs_case in a 512 MiB guest: exit 0, throughput ${vs_t:-none} KB/s and workload ${vs_w:-none} bytes > 0, the pages read back" \
		sh -c "test $vs_rc -eq 0 && awk -v a='${vs_t:-0}' -v b='${vs_w:-0}' 'BEGIN { exit !(a > 0 && b > 0) }'"
done
check "vmscal: the run says the size it took from the guest's memory" \
	grep -q "task(s) of [0-9]* KiB (the case's share of MemTotal)" "$vs_run/samples.jsonl"
# autonuma-benchmark in a 2-node guest (one boot, about 10 s): the
# inverse binding's programs run and a bound page is where its binding
# says (the benchmark checks it and fails otherwise).
expect_bad "an unknown autonuma-benchmark test" 2 "AUTONUMA_TEST=numa03 is not valid" \
	"$tool" run --plan --test autonuma-benchmark --param autonuma_test=numa03
rm -rf "$vs_res"
make -s run O="$O" RESULTS="$vs_res" TEST=autonuma-benchmark AUTONUMA_TEST=_INVERSE_BIND \
	AUTONUMA_PASSES=1 AUTONUMA_SIZE=16M SMP=2 NUMA=2 MEM=512 Q=1 >"$T/an.out" 2>&1
an_rc=$?
an_run=$(ls -d "$vs_res"/*/*/*/0 2>/dev/null | head -n 1)
an_s=""
for an_p in numa01 numa01_INVERSE_BIND numa02 numa02_INVERSE_BIND; do
	an_s="$an_s $($j "$an_run/stats.json" "autonuma-benchmark.$an_p.seconds" 2>/dev/null)"
done
check "vmscal: autonuma-benchmark _INVERSE_BIND on 2 nodes: exit 0, its four programs timed (${an_s# } s), its bound pages where bound" \
	sh -c "test $an_rc -eq 0 && echo '$an_s' | awk '{ exit !(NF == 4 && \$1 > 0 && \$2 > 0 && \$3 > 0 && \$4 > 0) }' &&
		grep -q '2 node(s), 2 CPU(s); numa01.s buffer 16 MiB' '$an_run/samples.jsonl'"
# The reader on a report of this kind: a will-it-scale mail made one of
# vm-scalability (the public msync mail is read in reproduce.sh; this one
# checks the note on sizes and the refusal of a case we lack).
sed 's/^testcase: will-it-scale/testcase: vm-scalability/; s/^\ttest: futex1/\ttest: anon-cow-seq/' \
	tests/reproduce/reports/will-it-scale-futex1-thread-numa-11.2.txt >"$T/vs-mail.txt"
"$tool" reproduce "$T/vs-mail.txt" "$T/vsrp" >/dev/null 2>"$T/vsrp.err"
check "vmscal: the reader makes a vm-scalability report a job of its case, and says the sizes are the guest's" \
	sh -c "grep -qx 'test = vm-scalability' '$T/vsrp/vs-mail/job' && grep -qx 'vm_test = anon-cow-seq' '$T/vsrp/vs-mail/job' &&
		grep -q 'sizes are the case.s share of the guest.s memory' '$T/vsrp.err'"
sed 's/^\ttest: anon-cow-seq/\ttest: swap-w-seq/' "$T/vs-mail.txt" >"$T/vs-mail2.txt"
check "vmscal: a case we do not have is refused in one line naming the ones we do" \
	sh -c "! '$tool' reproduce '$T/vs-mail2.txt' '$T/vsrp' 2>'$T/vsrp2.err' &&
		grep -q \"vm-scalability case 'swap-w-seq' is not one bootbench has\" '$T/vsrp2.err'"
