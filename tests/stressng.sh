# Sourced by tests/run.sh: Debian's benchmarks in per-test image layers
# (benchmarks/debian.def, initramfs/layer.sh, initramfs/mklayer.c),
# stress-ng with LKP's parameters and names, rt-tests' hackbench, and
# stress-ng reports read into jobs.
sn_layer=$B/host/mklayer

# Debian's programs come from their layers (the host has none of them
# installed): each layer unpacked as the guest's root (tests/lib.sh's
# debroot, fetched once as a boot would), and the union of its
# packages' trees as unpacked in $B/debs, which mklayer -r reads.
sn_nat=$(debroot stress-ng) || sn_nat=
sn_ct_nat=$(debroot cyclictest) || sn_ct_nat=
sn_rt_nat=$(debroot rt-hackbench) || sn_rt_nat=
# (and dbench's layer, whose packages make the data test below)
debroot dbench >/dev/null || :
# sn_pkgs LAYER DIR: the packages LAYER's files came from, linked into DIR.
sn_pkgs() {
	mkdir -p "$2"
	while read -r p v; do
		cp -al "$B/debs/amd64/${p}_$v/." "$2/" || return 1
	done <"$(dirname "$sn_nat")/$1.packages"
}
# sn_exec ROOT PROGRAM ARGS...: a program of an unpacked layer run by
# the layer's own loader with its libraries, as the adapters do.
sn_exec() {
	sn_r=$1 sn_p=$2
	shift 2
	sn_ld=$(readelf -l "$sn_r$sn_p" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	"$sn_r$sn_ld" --library-path "$(find "$sn_r" -name '*.so*' -exec dirname {} + | sort -u | paste -sd: -)" "$sn_r$sn_p" "$@"
}

# The table covers Debian's builds: every stressor bookworm's lists is
# RUN, USER or DISK on BOOKWORM in stress-ng.def, and nothing else is;
# every one trixie's lists that bookworm's lacks is on TRIXIE, and
# nothing else is (stress-ng.def: a stressor runs on the oldest build
# that has it).
if [ -n "$sn_nat" ] && sn_exec "$sn_nat" /usr/bin/stress-ng --stressors >"$T/sn.list" 2>&1; then
	tr ' ' '\n' <"$T/sn.list" | grep . | sort >"$T/sn.deb"
	sed -n 's/^STRESSOR("\([^"]*\)", \(RUN\|USER\|DISK\),.*, BOOKWORM)$/\1/p' benchmarks/stress-ng.def | sort >"$T/sn.def"
	check "stressng: stress-ng.def has every stressor of Debian bookworm's stress-ng as RUN, USER or DISK on BOOKWORM ($(wc -l <"$T/sn.deb") of them)" \
		cmp -s "$T/sn.deb" "$T/sn.def"
else
	bad "stressng: stress-ng.def matches Debian's stress-ng" "its layer's stress-ng does not run: $(cat "$T/debroot.err" "$T/sn.list" 2>/dev/null | tail -n 1)"
fi
sn_tx_nat=$(debroot stress-ng-trixie) || sn_tx_nat=
if [ -n "$sn_tx_nat" ] && [ -s "$T/sn.deb" ] &&
	sn_exec "$sn_tx_nat/opt/debian/trixie" /usr/bin/stress-ng --stressors >"$T/sn19.list" 2>&1; then
	tr ' ' '\n' <"$T/sn19.list" | grep . | sort | comm -23 - "$T/sn.deb" >"$T/sn19.deb"
	sed -n 's/^STRESSOR("\([^"]*\)", \(RUN\|USER\|DISK\),.*, TRIXIE)$/\1/p' benchmarks/stress-ng.def | sort >"$T/sn19.def"
	check "stressng: stress-ng.def has every stressor only Debian trixie's stress-ng has on TRIXIE ($(wc -l <"$T/sn19.deb") of them, sigxfsz and metamix among them), its layer under /opt/debian/trixie" \
		sh -c "cmp -s '$T/sn19.deb' '$T/sn19.def' && grep -qx sigxfsz '$T/sn19.deb' && grep -qx metamix '$T/sn19.deb' && test ! -e '$sn_tx_nat/usr/bin/stress-ng'"
else
	bad "stressng: stress-ng.def matches Debian trixie's stress-ng" "its layer's stress-ng does not run: $(cat "$T/debroot.err" "$T/sn19.list" 2>/dev/null | tail -n 1)"
fi

# A library the binary needs and the host lacks: one line naming it.
mkdir -p "$T/snlib"
printf 'int sn_gone(void) { return 0; }\n' >"$T/snlib/gone.c"
printf 'int sn_gone(void);\nint main(void) { return sn_gone(); }\n' >"$T/snlib/main.c"
if $HOSTCC -shared -fPIC -o "$T/snlib/libsngone.so" "$T/snlib/gone.c" &&
	$HOSTCC -o "$T/snlib/prog" "$T/snlib/main.c" -L"$T/snlib" -lsngone; then
	rm -f "$T/snlib/libsngone.so"
	"$sn_layer" "$T/snlib/prog" >"$T/snlib/out" 2>"$T/snlib/err"
	rc=$?
	check "stressng: a missing shared library fails the layer build in one line naming it ($(cat "$T/snlib/err"))" \
		sh -c "test $rc -eq 2 && test \$(wc -l <'$T/snlib/err') -eq 1 && grep -q 'needs libsngone.so' '$T/snlib/err' && test ! -s '$T/snlib/out'"
else
	bad "stressng: a missing shared library fails the layer build" "cannot build the test program"
fi

# The layer holds the binary, its interpreter and every DT_NEEDED, read
# from its packages' trees.
sn_pk=$T/sn-pk
sn_pkgs stress-ng "$sn_pk"
"$sn_layer" -r "$sn_pk" /usr/bin/stress-ng >"$T/sn.spec" 2>"$T/sn.spec.err"
sn_need=$(readelf -d "$sn_pk/usr/bin/stress-ng" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
sn_miss=
for l in $sn_need; do
	grep -q "^file [^ ]*/$l " "$T/sn.spec" || sn_miss="$sn_miss $l"
done
check "stressng: stress-ng's layer has it, /lib64/ld-linux-x86-64.so.2 and its $(echo $sn_need | wc -w) DT_NEEDED libraries${sn_miss:+ (missing:$sn_miss)}" \
	sh -c "test -n '$sn_need' && test -z '$sn_miss' && grep -q '^file /usr/bin/stress-ng ' '$T/sn.spec' && grep -q '^file /lib64/ld-linux-x86-64.so.2 ' '$T/sn.spec'"

# A file that is no ELF file is data (dbench's load file), as it is;
# a directory is neither.
sn_dbpk=$T/sn-dbpk
sn_pkgs dbench "$sn_dbpk"
sn_cm=$(stat -c %a "$sn_dbpk/usr/share/dbench/client.txt")
"$sn_layer" -r "$sn_dbpk" /usr/bin/dbench /usr/share/dbench/client.txt >"$T/sndb.spec" 2>"$T/sndb.err"
check "stressng: dbench's layer has its binary, libpopt and client.txt as data, mode $sn_cm" \
	sh -c "grep -q '^file /usr/bin/dbench $sn_dbpk/usr/bin/dbench 755 ' '$T/sndb.spec' && grep -q '^file [^ ]*/libpopt\.so\.0 ' '$T/sndb.spec' &&
		grep -qx 'file /usr/share/dbench/client.txt $sn_dbpk/usr/share/dbench/client.txt $sn_cm 0 0' '$T/sndb.spec'"
expect_bad "mklayer given a directory" 2 "bootbench: /usr/share/dbench: not a regular file" "$sn_layer" -r "$sn_dbpk" /usr/share/dbench

# The adapters run on the host too, with their layers' Debian binaries.
BOOTBENCH_ROOT=$sn_nat "$B/guest/bench/stress-ng" --stressor=msg --testtime=1 --nr_threads=1 >"$T/snn.out" 2>&1
check "stressng: natively, stress-ng --stressor=msg reports stress-ng.msg.ops_per_sec > 0 and .ops" \
	sh -c "test -n '$sn_nat' && awk '\$1 == \"metric\" && \$2 == \"stress-ng.msg.ops_per_sec\" && \$3 > 0 { r = 1 } \$2 == \"stress-ng.msg.ops\" && \$3 > 0 { o = 1 } END { exit !(r && o) }' '$T/snn.out'"
# A stressor only trixie's build has runs on it, under its own loader.
BOOTBENCH_ROOT=$sn_tx_nat "$B/guest/bench/stress-ng" --stressor=sigxfsz --testtime=1 --nr_threads=1 >"$T/snx.out" 2>&1
check "stressng: natively, stress-ng --stressor=sigxfsz runs trixie's 0.19.02 from its layer and reports stress-ng.sigxfsz.ops_per_sec > 0" \
	sh -c "test -n '$sn_tx_nat' && grep -q '^progress stress-ng 0.19.02 (/opt/debian/trixie/usr/bin/stress-ng) --sigxfsz' '$T/snx.out' &&
		awk '\$1 == \"metric\" && \$2 == \"stress-ng.sigxfsz.ops_per_sec\" && \$3 > 0 { r = 1 } END { exit !r }' '$T/snx.out'"
BOOTBENCH_ROOT=$sn_rt_nat "$B/guest/bench/rt-hackbench" --groups=1 --loops=20 --passes=2 --mode=threads --ipc=pipe >"$T/snh.out" 2>&1
check "stressng: natively, rt-hackbench reports rt-hackbench.throughput > 0 from rt-tests' Time: lines" \
	sh -c "test -n '$sn_rt_nat' && grep -q '^Time: ' '$T/snh.out' && awk '\$1 == \"metric\" && \$2 == \"rt-hackbench.throughput\" && \$3 > 0 { f = 1 } END { exit !f }' '$T/snh.out'"

# rt-tests' cyclictest natively: its threads are SCHED_FIFO, so root only
# (no short native run in its descriptor). Two threads: the summary's
# numbers are a thread each, read into one value of each metric.
if [ "$(id -u)" = 0 ] && [ -n "$sn_ct_nat" ]; then
	BOOTBENCH_ROOT=$sn_ct_nat "$B/guest/bench/cyclictest" --loops=500 --nr_threads=2 --histogram=50 >"$T/snct.out" 2>&1
	rc=$?
	# Its summary in the name: CI failed it once and left nothing to read.
	sn_ct_sum=$(grep -E '^# (Total|Min Latencies|Avg Latencies|Max Latencies|Histogram Overflows):|exited' "$T/snct.out" | tr -s ' \n' ' ')
	check "stressng: natively, cyclictest of 2 threads (exit $rc: $sn_ct_sum) reads its summary: min <= avg <= max, and total + histogram_overflows of thread 0 is its 500 loops" \
		awk -v rc=$rc '$1 == "metric" { m[$2] = $3 }
		$1 == "#" && $2 == "Total:" { t = $3 } $1 == "#" && $3 == "Overflows:" { o = $4 }
		END { exit !(rc == 0 && m["cyclictest.min_latencies"] <= m["cyclictest.avg_latencies"] &&
			m["cyclictest.avg_latencies"] <= m["cyclictest.max_latencies"] && m["cyclictest.avg_latencies"] > 0 &&
			t + o == 500 && m["cyclictest.total"] + m["cyclictest.histogram_overflows"] >= 500) }' "$T/snct.out"
elif [ -z "$sn_ct_nat" ]; then
	bad "stressng: natively, cyclictest reads its summary" "no cyclictest layer: $(cat "$T/debroot.err" | tail -n 1)"
else
	skip "stressng: natively, cyclictest reads its summary" "its SCHED_FIFO threads need root"
fi

# Refusals, before anything boots: one line, exit 2.
sn_refuse() {
	"$tool" run --kernel "$KDEF" --initrd "$img" --test stress-ng --param "stressor=$1" \
		--results "$T/snbad" >/dev/null 2>"$T/snr.err"
	rc=$?
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$T/snr.err")" -eq 1 ] && grep -q -- "$2" "$T/snr.err"; then
		ok "stressng: STRESSOR=$1 is refused: $(cat "$T/snr.err")"
	else
		bad "stressng: STRESSOR=$1 is refused in one line" "exit $rc: $(cat "$T/snr.err")"
	fi
}
sn_refuse fsize "STRESSOR=fsize needs a filesystem or disk"
sn_refuse metamix "STRESSOR=metamix needs a filesystem or disk"
sn_refuse bpf "STRESSOR=bpf is newer than the Debian stress-ng builds here (stress-ng 0.15.06, stress-ng-trixie 0.19.02)"
sn_refuse nosuch "STRESSOR=nosuch is no stress-ng stressor"
# The image takes the build of each stressor: bookworm's for msg,
# trixie's alone for sigxfsz, both for a list of the two.
sn_plan() {
	"$tool" run --image-plan --test stress-ng --param "stressor=$1" 2>&1 | sed -n 's/^layer //p' | paste -sd' ' -
}
check "stressng: the image plan takes stress-ng's build by stressor: msg '$(sn_plan msg)', sigxfsz '$(sn_plan sigxfsz)', msg,sigxfsz '$(sn_plan msg,sigxfsz)'" \
	sh -c "test '$(sn_plan msg)' = stress-ng && test '$(sn_plan sigxfsz)' = stress-ng-trixie &&
		test '$(sn_plan msg,sigxfsz)' = 'stress-ng stress-ng-trixie'"
# The base image has no stress-ng layer: the run says how to get one.
"$tool" run --kernel "$KDEF" --initrd "$img" --test stress-ng --param stressor=msg \
	--results "$T/snbad" >/dev/null 2>"$T/snr.err"
rc=$?
check "stressng: an image without stress-ng's layer is refused in one line, naming make run" \
	sh -c "test $rc -eq 2 && grep -q 'has no layer for it: run it through .make run.' '$T/snr.err' && test \$(wc -l <'$T/snr.err') -eq 1"

# The in-house tests' image: the core, the modules and the job's own
# programs; no layer.
sn_plain=$(PLAN=$("$tool" run --image-plan --test execl) initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF" 2>/dev/null)
sn_none=$(PLAN= initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF" 2>/dev/null)
sn_img=$(PLAN=$("$tool" run --image-plan --test stress-ng) initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF" 2>"$T/sni.err")
# (Debian's stress-ng is the one that names libJudy; our adapter does not.)
check "stressng: TEST=execl's image has no layer ($(stat -c %s "$sn_plain" 2>/dev/null) bytes), with no Debian stress-ng in it" \
	sh -c "test -n '$sn_plain' && test ! -e '$sn_plain.packages' && ! grep -q 'libJudy.so.1' '$sn_plain'"
# A newc member's header is 110 characters of hex fields, then its name.
sn_has() {
	tr '\0' '\n' <"$1" | grep -q "070701[0-9A-Fa-f]\{104\}bench/$2\$"
}
sn_slim() {
	sn_has "$sn_plain" execl && sn_has "$sn_plain" execl-image && sn_has "$sn_plain" execl-image-dyn &&
		sn_has "$sn_plain" shell/multi.sh && ! sn_has "$sn_plain" hackbench &&
		sn_has "$sn_none" hackbench && test "$(stat -c %s "$sn_plain")" -lt "$(stat -c %s "$sn_none")"
}
check "stressng: TEST=execl's image holds execl and its images but no other benchmark ($(stat -c %s "$sn_none" 2>/dev/null) bytes with all of them)" sn_slim
check "stressng: TEST=stress-ng's image adds the layer ($(stat -c %s "$sn_img" 2>/dev/null) bytes) and names the package" \
	sh -c "test \$(stat -c %s '$sn_img') -gt \$(stat -c %s '$sn_plain') && grep -q 'libJudy.so.1' '$sn_img' &&
		grep -q '^stress-ng [0-9]' '$sn_img.packages'"

# The layer came from Debian's archive, unpacked: every file is read
# from the unpacked packages (out/build/debs), none from the host, with
# the release's own loader and libc, and .packages names them.
sn_dir=$(dirname "$(TEST=stress-ng initramfs/layer.sh "$sn_layer" "$B/host/mkcpio" "$B" stress-ng 2>/dev/null)")
sn_root=$sn_dir/stress-ng.root/
check "stressng: the layer's $(grep -c '^file ' "$sn_dir/stress-ng.spec" 2>/dev/null) files come from the unpacked packages, none from the host, the loader and libc included; .packages names stress-ng first and libc6" \
	sh -c "grep -q '^file ' '$sn_dir/stress-ng.spec' && ! grep '^file ' '$sn_dir/stress-ng.spec' | grep -v '^file [^ ]* $sn_root' | grep -q . &&
		grep -q '^file /lib64/ld-linux-x86-64.so.2 $sn_root' '$sn_dir/stress-ng.spec' &&
		grep -q '^file /lib/x86_64-linux-gnu/libc.so.6 $sn_root' '$sn_dir/stress-ng.spec' &&
		head -n 1 '$sn_dir/stress-ng.packages' | grep -q '^stress-ng 0.15' && grep -q '^libc6 ' '$sn_dir/stress-ng.packages'"
# Cached: built again, offline (a mirror that cannot answer), it says nothing.
sn_again=$(DEB_MIRROR=http://127.0.0.1:9/ initramfs/layer.sh "$sn_layer" "$B/host/mkcpio" "$B" stress-ng 2>"$T/sna.err")
check "stressng: a cached layer is reused without the network or a word" \
	sh -c "test '$sn_again' = '$sn_dir/stress-ng.cpio' && test ! -s '$T/sna.err'"
# A tree that lacks a library: the ldd-like check stops before the boot.
rm -rf "$T/snroot"
mkdir -p "$T/snroot"
for p in "$B"/debs/amd64/stress-ng_* "$B"/debs/amd64/libc6_*; do cp -al "$p/." "$T/snroot/"; done
"$sn_layer" -r "$T/snroot" /usr/bin/stress-ng >"$T/snr.out" 2>"$T/snr.err"
rc=$?
check "stressng: a package set without a library stress-ng needs is refused in one line ($(cat "$T/snr.err"))" \
	sh -c "test $rc -eq 2 && test \$(wc -l <'$T/snr.err') -eq 1 && grep -q 'needs lib.*, which no package of the layer has: add the package' '$T/snr.err' && test ! -s '$T/snr.out'"
# A package the release lacks: one line, exit 2, nothing left in the cache.
mkdir -p "$T/snfake/initramfs" "$T/snfake/benchmarks" "$T/snfake/lib" "$T/snfake/shared" "$T/snfake/proto"
cp initramfs/layer.sh "$T/snfake/initramfs/"
# layer.sh finds its helpers beside it, as in the tree
cp lib/debian-apt.sh lib/debian-mirror.sh lib/descs-cpp.sh "$T/snfake/lib/"
cp shared/descs.h "$T/snfake/shared/"
# A descriptor's row naming a package Debian lacks, as mklayer --rows
# would print it: a stand-in mklayer adds it to the real one's rows.
cat >"$T/snfake/mklayer" <<END
#!/bin/sh
[ "\$1" = --rows ] || exec '$sn_layer' "\$@"
'$sn_layer' --rows && printf 'sn-nosuch\tbootbench-no-such-package\t/usr/bin/x\n'
END
chmod +x "$T/snfake/mklayer"
cp benchmarks/debian.def "$T/snfake/benchmarks/"
# debian.def's filesystem layers are proto/storage.def's rows.
cp proto/storage.def "$T/snfake/proto/"
"$T/snfake/initramfs/layer.sh" "$T/snfake/mklayer" "$B/host/mkcpio" "$B" sn-nosuch >"$T/snf.out" 2>"$T/snf.err"
rc=$?
check "stressng: a package Debian bookworm lacks is refused in one line, exit 2, nothing cached ($(cat "$T/snf.err"))" \
	sh -c "test $rc -eq 2 && test \$(wc -l <'$T/snf.err') -eq 1 && grep -q 'Debian bookworm has no package bootbench-no-such-package for amd64: name one' '$T/snf.err' &&
		test ! -s '$T/snf.out' && ! ls '$sn_dir' | grep -q sn-nosuch"

# One boot: five stressors of different kinds (System V messages, context
# switches through pipes, clone(), uprobes through tracefs, whose two
# instances contend for uprobe_events: one may skip, stress-ng exits 3,
# and the other's row stands; the crypto API's AF_ALG sockets, whose
# modules the image carries and the init loads for af-alg) and rt-tests'
# hackbench. A run of
# several tests names each metric after its test too.
sn_res=$T/snres
make -s run O="$O" RESULTS="$sn_res" TEST=stress-ng,rt-hackbench STRESSOR=msg,switch,clone,uprobe,af-alg \
	NR_THREADS=2 TESTTIME=3 GROUPS=1 LOOPS=50 PASSES=1 SMP=2 MEM=512M Q=1 >"$T/sn.out" 2>&1
rc=$?
sn_dir=$(ls -d "$sn_res"/stress-ng,rt-hackbench/*/*/0 2>/dev/null | head -n 1)
if [ "$rc" -eq 0 ] && [ -n "$sn_dir" ]; then
	ok "stressng: make run TEST=stress-ng,rt-hackbench STRESSOR=msg,switch,clone,uprobe,af-alg boots and exits 0"
else
	bad "stressng: make run TEST=stress-ng,rt-hackbench STRESSOR=msg,switch,clone,uprobe,af-alg boots and exits 0" \
		"exit $rc: $(tail -n 3 "$T/sn.out" | tr '\n' ' ')"
fi
for s in msg switch clone uprobe af-alg; do
	ops=$($j "$sn_dir/stats.json" "stress-ng.stress-ng.$s.ops" 2>/dev/null)
	rate=$($j "$sn_dir/stats.json" "stress-ng.stress-ng.$s.ops_per_sec" 2>/dev/null)
	check "stressng: stress-ng.$s.ops ($ops) and stress-ng.$s.ops_per_sec ($rate) are present and positive" \
		awk -v a="${ops:-0}" -v b="${rate:-0}" 'BEGIN { exit !(a > 0 && b > 0) }'
done
# Their "miscellaneous metrics" too, by the names LKP's reports give
# them (a time per clone, per context switch: lower is better).
sn_mc=$($j "$sn_dir/stats.json" stress-ng.stress-ng.clone.microsecs_per_clone 2>/dev/null)
sn_ms=$($j "$sn_dir/stats.json" stress-ng.stress-ng.switch.nanosecs_per_context_switch_pipe_method 2>/dev/null)
check "stressng: the miscellaneous rows are metrics: clone.microsecs_per_clone ($sn_mc), switch.nanosecs_per_context_switch_pipe_method ($sn_ms)" \
	awk -v a="${sn_mc:-0}" -v b="${sn_ms:-0}" 'BEGIN { exit !(a > 0 && b > 0) }'
rt=$($j "$sn_dir/stats.json" rt-hackbench.rt-hackbench.throughput 2>/dev/null)
check "stressng: rt-hackbench.throughput ($rt) is present and positive" \
	awk -v a="${rt:-0}" 'BEGIN { exit !(a > 0) }'
sn_pk=$($j "$sn_dir/job.json" packages 2>/dev/null)
check "stressng: job.json names the Debian packages that ran ($sn_pk)" \
	sh -c "echo '$sn_pk' | grep -q '^stress-ng [0-9].*, rt-tests [0-9]'"

# Reports: the mail becomes the job (tests/reproduce.sh checks every
# kept mail the same way); a disk stressor's report is refused.
sn_mail=tests/reproduce/reports/stress-ng-msg-nfs-timecreate-41.2.txt
"$tool" reproduce "$sn_mail" "$T/snrp" >/dev/null 2>&1
check "stressng: the stress-ng msg report becomes test = stress-ng, stressor = msg, nr_threads = 100%, testtime = 60" \
	sh -c "grep -v '^#\|^report\|^machine' '$T/snrp/stress-ng-msg-nfs-timecreate-41.2/job' | tr '\n' ' ' |
		grep -qx 'test = stress-ng stressor = msg nr_threads = 100% testtime = 60 '"
sed 's/test: msg/test: sysinfo/; s/stress-ng\.msg\./stress-ng.sysinfo./' "$sn_mail" >"$T/sn-sysinfo.txt"
"$tool" reproduce "$T/sn-sysinfo.txt" "$T/snrp" >/dev/null 2>&1
check "stressng: a sysinfo report becomes STRESSOR=sysinfo with the report's metric" \
	sh -c "grep -q '^stressor = sysinfo' '$T/snrp/sn-sysinfo/job'"
check "stressng: a report of a miscellaneous metric (vm-splice_calls_per_sec) expects its change of that metric" \
	sh -c "'$tool' reproduce tests/reproduce/reports/stress-ng-vm-splice-calls-10.2.txt '$T/snrp' 2>/dev/null |
		tr '\\n' ' ' | grep -q 'metric stress-ng.vm-splice.vm-splice_calls_per_sec expect -10.20'"
sed 's/test: msg/test: fsize/' "$sn_mail" >"$T/sn-fsize.txt"
"$tool" reproduce "$T/sn-fsize.txt" "$T/snrp" >/dev/null 2>"$T/snf.err"
rc=$?
check "stressng: a report of a disk stressor (fsize) is refused, saying why" \
	sh -c "test $rc -eq 2 && grep -q 'STRESSOR=fsize needs a filesystem or disk' '$T/snf.err' && test ! -e '$T/snrp/sn-fsize'"

# compare shows each side's packages and warns when they differ.
if [ -n "$sn_dir" ]; then
	mkdir -p "$T/sncmp"
	cp -r "$(dirname "$sn_dir")" "$T/sncmp/new"
	sed -i 's/"stress-ng [^",]*/"stress-ng 99.0-1/' "$T/sncmp/new"/0/job.json
	"$B/host/bootbench-compare" "$(dirname "$sn_dir")" "$T/sncmp/new" >"$T/sncmp/out" 2>"$T/sncmp/err"
	check "stressng: compare prints each side's packages and warns that stress-ng's version differs" \
		sh -c "grep -q 'packages: stress-ng 0.15' '$T/sncmp/out' && grep -q 'packages: stress-ng 99.0-1' '$T/sncmp/out' &&
			grep -q 'warning: .* ran stress-ng 0.15.* but .* ran stress-ng 99.0-1, .*: the benchmark.s version differs' '$T/sncmp/err'"
else
	bad "stressng: compare warns when the packages differ" "no run directory from the boot above"
fi

# cyclictest: a job of LKP's cyclictest keys (its jobs/cyclictest.yaml)
# boots, QUICK=1's loops / 100; and a mail of LKP's testcase cyclictest
# (hand-made: no public one) becomes such a job, by its descriptor's rows.
printf 'test = cyclictest\npriority = 90\nclock = 0\ninterval = 200\nhistogram = 100\nloops = 1000000\n' >"$T/snct.job"
make -s run O="$O" RESULTS="$T/snctres" JOB="$T/snct.job" QUICK=1 SMP=2 MEM=512M Q=1 >"$T/snctrun.out" 2>&1
rc=$?
sn_ct=$(ls -d "$T/snctres"/cyclictest/*/*/0 2>/dev/null | head -n 1)
sn_ca=$($j "$sn_ct/stats.json" cyclictest.avg_latencies 2>/dev/null)
sn_cm=$($j "$sn_ct/stats.json" cyclictest.max_latencies 2>/dev/null)
sn_cn=$($j "$sn_ct/stats.json" cyclictest.total 2>/dev/null)
sn_co=$($j "$sn_ct/stats.json" cyclictest.histogram_overflows 2>/dev/null)
check "stressng: make run JOB= of LKP's cyclictest keys, QUICK=1, exits 0 ($rc) with cyclictest.avg_latencies ($sn_ca) > 0, max_latencies ($sn_cm) at least that, and total ($sn_cn) + histogram_overflows ($sn_co) its 10000 loops" \
	sh -c "test $rc -eq 0 && awk -v a='${sn_ca:-0}' -v m='${sn_cm:-0}' -v n='${sn_cn:-0}' -v o='${sn_co:-0}' \
		'BEGIN { exit !(a > 0 && m >= a && n + o == 10000) }' &&
		case '$sn_ct' in *-clock=0-histogram=100-interval=200-loops=10000-priority=90/*) true ;; *) false ;; esac"
sed -e 's/sysbench-fileio\.write_operations\/s/cyclictest.max_latencies/g' \
	-e 's/^testcase: sysbench-fileio/testcase: cyclictest/' -e '/^parameters:/,/^$/d' \
	-e 's/^test machine: .*/&\nparameters:\n\n\tpriority: 90\n\tclock: 1\n\tinterval: 200\n\thistogram: 100\n\tloops: 1000000\n/' \
	tests/reproduce/reports/sysbench-fileio-btrfs-write_operations-5.2.txt >"$T/sn-ct-mail.txt"
"$tool" reproduce "$T/sn-ct-mail.txt" "$T/snrp" >"$T/snctrp.out" 2>/dev/null
check "stressng: a mail of LKP's cyclictest becomes test = cyclictest with its five keys, and its metric cyclictest.max_latencies" \
	sh -c "grep -v '^#\|^report\|^machine' '$T/snrp/sn-ct-mail/job' | tr '\n' ' ' |
		grep -qx 'test = cyclictest priority = 90 clock = 1 interval = 200 histogram = 100 loops = 1000000 ' &&
		grep -qx 'metric cyclictest.max_latencies' '$T/snctrp.out'"
