# Area cpio (make check): the image writer, and the base image it made.
build mkcpio initramfs/mkcpio.c initramfs/cpio.c
mkdir -p "$T/cpio"
printf 'hello\n' >"$T/cpio/a"
printf '#!/bin/sh\n' >"$T/cpio/b"
cat >"$T/cpio/spec" <<END
file /bin/b $T/cpio/b 755 0 0
dir /bin 755 0 0
slink /bin/sh busybox 777 0 0
file /a $T/cpio/a 644 0 0
nod /dev/console 600 0 0 c 5 1
dir /dev 755 0 0
END
sort -r "$T/cpio/spec" >"$T/cpio/spec.rev"
"$T/mkcpio" -o "$T/cpio/1.cpio" "$T/cpio/spec" 2>/dev/null
"$T/mkcpio" -o "$T/cpio/2.cpio" "$T/cpio/spec.rev" 2>/dev/null
list=$(cpio -it <"$T/cpio/1.cpio" 2>/dev/null | tr '\n' ' ')
if [ "$list" = "a bin bin/b bin/sh dev dev/console " ]; then
	ok "cpio: cpio -it reads every entry back, sorted"
else
	bad "cpio: cpio -it reads every entry back, sorted" "got '$list'"
fi
(mkdir -p "$T/cpio/x" && cd "$T/cpio/x" && cpio -id --quiet <../1.cpio 2>/dev/null)
check "cpio: file contents survive" cmp "$T/cpio/a" "$T/cpio/x/a"
check "cpio: symlink target survives" test "$(readlink "$T/cpio/x/bin/sh")" = busybox
check "cpio: the same list in another order gives identical bytes" cmp "$T/cpio/1.cpio" "$T/cpio/2.cpio"
printf 'file /x /nonexistent 644 0 0\n' >"$T/cpio/bad1"
printf 'pipe /x 644 0 0\n' >"$T/cpio/bad2"
printf 'dir /x 999 0 0\n' >"$T/cpio/bad3"
for b in bad1 bad2 bad3; do
	if "$T/mkcpio" -o "$T/cpio/$b.cpio" "$T/cpio/$b" 2>"$T/cpio/$b.err" ||
		[ -e "$T/cpio/$b.cpio" ]; then
		bad "cpio: $b spec refused, nothing written"
	else
		ok "cpio: $b spec refused, nothing written ($(head -n 1 "$T/cpio/$b.err"))"
	fi
done
"$T/mkcpio" -t 0 -o "$T/base2.cpio" "$B/base.spec" 2>/dev/null
check "image: a rebuild of the base image is byte-identical" cmp "$B/base.cpio" "$T/base2.cpio"
cpio -it <"$B/base.cpio" >"$T/inimg" 2>/dev/null
check "image: holds init, busybox, the benchmarks, /dev/console" \
	sh -c "grep -qx init $T/inimg && grep -qx bin/busybox $T/inimg && grep -qx bench/execl $T/inimg && grep -qx dev/console $T/inimg"
check "image: nothing to rebuild on a second make" \
	make -q O="$O" "$B/base.cpio" "$B/host/bootbench" "$B/host/mkcpio"


# What the image holds is planned by the host tool from the job as it
# reads it (bootbench run --image-plan): a job file's tests choose the
# layers whatever TEST says, since make run passes TEST's default too.
ip_plan() {
	"$tool" run --image-plan "$@" 2>"$T/ip.err" | tr '\n' ';'
}
check "image plan: execl needs only its own program beyond the core" test "$(ip_plan --test execl)" = "bench execl;"
check "image plan: a job file's stress-ng gets its layer though TEST=execl is given" \
	test "$(ip_plan --test execl --job jobs/stress-ng-msg.job --quick)" = "bench stress-ng;layer stress-ng;"
check "image plan: a disk with fs and md gets the disk tools' layers and the disk modules" \
	test "$(ip_plan --test fio --param disk=2BRD_1G --param fs=xfs --param md=RAID0)" = "bench fio;layer fio;layer fs-xfs;layer md;modules disk;"
check "image plan: fs2 adds the NFS server's layer and module set" \
	test "$(ip_plan --test dbench --param disk=1BRD_1G --param fs=ext4 --param fs2=nfsv4)" = "bench dbench;layer dbench;layer fs-ext4;layer fs2-nfs;modules disk;modules nfs;"
check "image plan: fs2=cifs adds Samba's layer and the SMB client's module set instead" \
	test "$(ip_plan --test fsmark --param disk=1BRD_1G --param fs=xfs --param fs2=cifs)" = "bench fsmark;layer fs-xfs;layer fs2-cifs;modules disk;modules cifs;"
check "image plan: netperf's SCTP tests get the sctp module set" \
	test "$(ip_plan --test netperf --param netperf_test=SCTP_STREAM)" = "bench netperf;modules sctp;"
printf 'test = [fio, sysbench-fileio]\ndisk = 1BRD_1G\nfs = [ext4, btrfs]\n' >"$T/ip.job"
check "image plan: every combination of a job file is planned (two tests, two filesystems)" \
	sh -c "'$tool' run --image-plan --job '$T/ip.job' | sort -u | tr '\n' ';' | grep -qx 'bench fio;bench sysbench-fileio;layer fio;layer fs-btrfs;layer fs-ext4;layer sysbench-fileio;modules disk;'"
expect_bad "image plan: an unknown test is refused before any image is built" 2 "nosuch" \
	"$tool" run --image-plan --test nosuch

# The image's memo (boot/imagememo.c): the same job again takes its
# image without initramfs/image.sh, which a stand-in counts; an input
# newer than the memo, or another plan, makes the image again. A tree
# of links whose initramfs/image.sh is the counter, found from the
# working directory as the tool finds its own tree (lib/tree.h).
if [ -f "$KDEF" ] && [ -f "$B/core.cpio" ] && [ -f "$B/guest/bench/execl" ]; then
	M=$T/memo
	mkdir -p "$M/tree/initramfs" "$M/b/host" "$M/b/guest/bench"
	ln -s "$top/boot" "$M/tree/boot"
	for f in "$top"/initramfs/*; do ln -s "$f" "$M/tree/initramfs/"; done
	rm "$M/tree/initramfs/image.sh"
	printf '#!/bin/sh\necho ran >>"%s"\nexec "%s" "$@"\n' "$M/log" "$top/initramfs/image.sh" >"$M/tree/initramfs/image.sh"
	chmod +x "$M/tree/initramfs/image.sh"
	cp -p "$B/host/mkcpio" "$M/b/host/"
	cp -p "$B/base.cpio" "$B/core.cpio" "$M/b/"
	cp -p "$B/guest/bench/execl" "$B/guest/bench/execl-image"* "$B/guest/bench/boot" "$M/b/guest/bench/"
	printf '%s\n' '{"type":"hello","v":1,"uptime":1,"release":"6.1.0","cpus_online":1,"cpu_packages":1,"cores_per_package":1,"threads_per_core":1,"test":"execl","iterations":1}' \
		'{"type":"sample","v":1,"uptime":2,"test":"execl","iteration":1,"status":"ok","exit_code":0,"metrics":{"unixbench.throughput":5}}' \
		'{"type":"done","v":1,"uptime":3,"iterations":1,"failed":0}' >"$M/good.jsonl"
	mk=$(cd "$(dirname "$KDEF")" && pwd)/${KDEF##*/}
	memo_run() { # RESULTS [ARG...]: a run with the stand-in QEMU; its exit in $rc
		mr=$1
		shift
		(cd "$M/tree" && FAKE_STREAM=$M/good.jsonl timeout 120 "$tool" run --kernel "$mk" --build "$M/b" \
			--qemu "$top/tests/fake-qemu" --accel tcg --firmware seabios --boot bzimage --smp 1 --mem 256 \
			--results "$M/$mr" "$@" >"$M/$mr.out" 2>&1)
		rc=$?
	}
	memo_ran() { wc -l <"$M/log" 2>/dev/null || echo 0; }
	memo_run r1 --test execl
	check "image memo: a first run makes the image with image.sh and writes its memo" \
		sh -c "test $rc -eq 0 && test $(memo_ran) -eq 1 && ls '$M/b/images/memo/'*.memo >/dev/null"
	memo_run r2 --test execl
	check "image memo: the same job again boots with no run of image.sh" \
		sh -c "test $rc -eq 0 && test $(memo_ran) -eq 1"
	memo_run r3 --test boot
	check "image memo: another plan (another test) runs image.sh" sh -c "test $rc -eq 0 && test $(memo_ran) -eq 2"
	touch "$M/b/guest/bench/execl"
	memo_run r4 --test execl
	check "image memo: a benchmark newer than the memo makes the image again" \
		sh -c "test $rc -eq 0 && test $(memo_ran) -eq 3"
	rm -f "$M"/b/images/bench-*/execl.cpio
	memo_run r5 --test execl
	check "image memo: a part of the image removed makes it again" sh -c "test $rc -eq 0 && test $(memo_ran) -eq 4"
else
	skip "image memo: runs with a stand-in QEMU" "no kernel or no built image parts in $B: make kernel-default all"
fi
