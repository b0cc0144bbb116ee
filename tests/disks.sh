# Sourced by tests/run.sh: scratch disks and filesystems in the guest
# (docs/disks.md): DISK=, FS=, MD= checked before a boot; boots with a
# virtio SSD holding xfs (fio), a RAM disk holding ext4 (fsmark), the
# same served over NFSv4 by the guest's nfsd and over SMB by its Samba
# (FS2), md RAID0 over two disks, a kernel that lacks the filesystem or
# nfsd, and a disk that fills; the host's disk files gone after each
# run. sysbench on btrfs and swapin's swap on a raw disk are checked on
# tests/e2e.sh's runs of their mails, which boot them anyway.
dk_res=$T/dkres
dk_dir=$T/dk-files

# Refusals before anything boots: one line, exit 2.
dk_refuse() {
	name=$1 pattern=$2
	shift 2
	expect_bad "$name" 2 "$pattern" "$tool" run --plan --test fio "$@"
}
dk_refuse "FS without DISK" "FS=xfs needs a disk to go on: give DISK=1SSD" --param fs=xfs
dk_refuse "MD over one disk" "MD=RAID1 needs two disks or more: give DISK=2SSD" \
	--param disk=1SSD --param md=RAID1
dk_refuse "a disk spec that is none" "DISK=3XYZ is no disk spec: give <n>HDD or <n>SSD" --param disk=3XYZ
dk_refuse "a RAM disk without a size" "DISK=1BRD is no disk spec" --param disk=1BRD
dk_refuse "nine disks" "n at most 8" --param disk=9SSD
dk_refuse "FS=ntfs" "FS=ntfs is not valid: give the filesystem" --param disk=1SSD --param fs=ntfs
dk_refuse "a fio block size that is no size" "BS=4q is not valid" --param bs=4q
dk_refuse "FS2 without FS" "FS2=nfsv4 serves the disk's filesystem over NFS: give DISK=1BRD_1G FS=ext4" \
	--param disk=1SSD --param fs2=nfsv4
dk_refuse "FS2=cifs without FS" "FS2=cifs serves the disk's filesystem over SMB: give DISK=1BRD_1G FS=ext4" \
	--param disk=1SSD --param fs2=cifs
dk_refuse "FS2=nfsv3" "FS2=nfsv3 is not valid: give a second filesystem over the first (" \
	--param disk=1SSD --param fs=ext4 --param fs2=nfsv3

# dk_boot NAME MAKE-VARIABLES...: one make run into $dk_res; sets dk_rc,
# dk_run (the run directory) and leaves the output in $T/dk.out.
dk_boot() {
	dk_name=$1
	shift
	rm -rf "$dk_res"
	make -s run O="$O" RESULTS="$dk_res" DISK_DIR="$dk_dir" SMP=2 MEM=1024 Q=1 "$@" >"$T/dk.out" 2>&1
	dk_rc=$?
	dk_run=$(ls -d "$dk_res"/*/*/*/0 2>/dev/null | head -n 1)
}

# dk_why: on a failed boot, the run's first error line, for the check's
# message (a CI log must say why, not only that).
dk_why() {
	[ "$dk_rc" = 0 ] || printf ' (%s)' "$(grep -m1 -i 'bootbench:\|error\|fail' "$T/dk.out" | cut -c1-200)"
}

# dk_metric FILE NAME: the metric's value in a run's stats.json, or 0.
dk_metric() {
	v=$($j "$dk_run/stats.json" "$1" 2>/dev/null)
	echo "${v:-0}"
}

dk_boot fio-xfs TEST=fio DISK=1SSD FS=xfs RW=randwrite BS=4k TEST_SIZE=32M RUNTIME=20
dk_w=$(dk_metric fio.write_bw_MBps)
dk_i=$(dk_metric fio.write_iops)
dk_n=$(dk_metric fio.workload)
check "disks: fio randwrite on a virtio SSD with xfs: exit 0, write_bw_MBps ($dk_w) and write_iops ($dk_i) > 0, workload $dk_n = 32M / 4k" \
	sh -c "test $dk_rc -eq 0 && awk -v a='$dk_w' -v b='$dk_i' -v n='$dk_n' 'BEGIN { exit !(a > 0 && b > 0 && n == 8192) }'"
check "disks: the benchmark ran on the disk's xfs mounted at /fs/vda" \
	sh -c "grep -q 'disk: xfs on /dev/vda, mounted on /fs/vda' '$dk_run/console.log' && grep -q 'fio_testfile\\|in /fs/vda' '$dk_run/samples.jsonl'"
dk_js=$(grep -o '"disk":{[^}]*}' "$dk_run/job.json" 2>/dev/null)
dk_f() { echo "$dk_js" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
check "disks: job.json says what the disk really is: $(dk_f kind) with $(dk_f fs), a sparse file on the host's $(dk_f host_fs), cache=$(dk_f cache)" \
	sh -c "test '$(dk_f kind)' = SSD && test '$(dk_f fs)' = xfs && test -n '$(dk_f host_fs)' && test -n '$(dk_f cache)'"
check "disks: the host's disk file is removed after the run" \
	sh -c "test -d '$dk_dir' && test -z \"\$(ls -A '$dk_dir')\""

dk_boot fsmark-brd TEST=fsmark DISK=1BRD_256M FS=ext4 TEST_SIZE=4M FILESIZE=8K NR_THREADS=2
dk_f=$(dk_metric fsmark.files_per_sec)
check "disks: fsmark on a RAM disk with ext4: exit 0, files_per_sec ($dk_f) > 0" \
	sh -c "test $dk_rc -eq 0 && awk -v a='$dk_f' 'BEGIN { exit !(a > 0) }'"
check "disks: the RAM disk is brd's ram0 of 256 MiB, sized on the command line" \
	sh -c "grep -q 'brd.rd_nr=1 brd.rd_size=262144' '$dk_run/job.json' && grep -q 'disk: ext4 on /dev/ram0' '$dk_run/console.log'"

# fs2: the ext4 served by the guest's nfsd, fsmark on its NFSv4 mount.
dk_boot fsmark-nfs TEST=fsmark DISK=1BRD_256M FS=ext4 FS2=nfsv4 TEST_SIZE=2M FILESIZE=8K NR_THREADS=2
dk_f=$(dk_metric fsmark.files_per_sec)
check "disks: fsmark on NFSv4 over ext4 on a RAM disk (FS2=nfsv4): exit $dk_rc, files_per_sec ($dk_f) > 0" \
	sh -c "test $dk_rc -eq 0 && awk -v a='$dk_f' 'BEGIN { exit !(a > 0) }'"
dk_js=$(grep -o '"disk":{[^}]*}' "$dk_run/job.json" 2>/dev/null)
check "disks: it ran in /nfs/ram0, the nfsd's NFSv4 mount, and the server opened the files (nfsd4 open owners in the slab), job.json says fs2 $(dk_f fs2)" \
	sh -c "grep -q 'disk: nfsv4 served by nfsd, mounted with NFSv4.2 on /nfs/ram0' '$dk_run/console.log' &&
		grep -q 'in /nfs/ram0' '$dk_run/samples.jsonl' &&
		grep -q '\"slabinfo.nfsd4_openowners.active_objs\":[1-9]' '$dk_run/samples.jsonl' &&
		test '$(dk_f fs2)' = nfsv4"

# Debian's dbench on it, two iterations: the mount and the server last
# the job, and each iteration's directory goes.
dk_boot dbench-nfs TEST=dbench DISK=1BRD_256M FS=ext4 FS2=nfs ITERATIONS=2 RUNTIME=3 NR_THREADS=2
dk_n=$(grep -c '"status":"ok"' "$dk_run/samples.jsonl" 2>/dev/null)
dk_g=$(grep -c 'dbench: /nfs/ram0/dbench\.[A-Za-z0-9]* removed' "$dk_run/samples.jsonl" 2>/dev/null)
check "disks: dbench on FS2=nfs, two iterations: exit $dk_rc, $dk_n samples ok, $dk_g directories removed from the NFS mount" \
	sh -c "test $dk_rc -eq 0 && test '$dk_n' = 2 && test '$dk_g' = 2"

# fs2=cifs: the same ext4 served by the guest's Samba, fsmark on the
# kernel's SMB mount of it.
dk_boot fsmark-cifs TEST=fsmark DISK=1BRD_256M FS=ext4 FS2=cifs TEST_SIZE=2M FILESIZE=8K NR_THREADS=2
dk_f=$(dk_metric fsmark.files_per_sec)
dk_js=$(grep -o '"disk":{[^}]*}' "$dk_run/job.json" 2>/dev/null)
check "disks: fsmark on SMB over ext4 on a RAM disk (FS2=cifs): exit $dk_rc, files_per_sec ($dk_f) > 0$(dk_why)" \
	sh -c "test $dk_rc -eq 0 && awk -v a='$dk_f' 'BEGIN { exit !(a > 0) }'"
check "disks: it ran in /cifs/ram0, smbd's share mounted with SMB 3.1.1, through the cifs client (its inodes in the slab), job.json says fs2 $(dk_f fs2)" \
	sh -c "grep -q 'disk: cifs served by smbd, mounted with SMB dialect 0x311 on /cifs/ram0' '$dk_run/console.log' &&
		grep -q 'in /cifs/ram0' '$dk_run/samples.jsonl' &&
		grep -q '\"slabinfo.cifs_inode_cache.active_objs\":[1-9]' '$dk_run/samples.jsonl' &&
		test '$(dk_f fs2)' = cifs"

dk_boot md-raid0 TEST=fio DISK=2SSD MD=RAID0 FS=ext4 RW=write BS=64k TEST_SIZE=16M
dk_w=$(dk_metric fio.write_bw_MBps)
check "disks: md RAID0 over two virtio disks with ext4: exit 0, fio write_bw_MBps ($dk_w) > 0" \
	sh -c "test $dk_rc -eq 0 && awk -v a='$dk_w' 'BEGIN { exit !(a > 0) }' && grep -q 'disk: ext4 on /dev/md0 RAID0' '$dk_run/console.log'"
check "disks: both disk files are removed after the run" sh -c "test -z \"\$(ls -A '$dk_dir')\""

# Debian's sysbench fileio on btrfs: tests/e2e.sh's sysbench-fileio row
# (its mail's job: rndrw on btrfs on a virtio SSD) checks its run.

# A disk that fills: the benchmark fails, the run says so and keeps it.
dk_boot full TEST=fio DISK=1BRD_32M FS=ext4 RW=write BS=1M TEST_SIZE=128M
check "disks: a disk that fills fails the benchmark (exit $dk_rc), the run directory keeps what arrived" \
	sh -c "test $dk_rc -ne 0 && test -f '$dk_run/job.json' && grep -q 'No space left on device\\|ENOSPC' '$dk_run/samples.jsonl'"

# swapin: its swap on the raw virtio disk (BOOTBENCH_DISK), the tasks'
# pages pushed out (swap used at least what they wrote) and read back.
expect_bad "swapin without a disk" 2 "TEST=swapin needs a disk for its swap: give DISK=1HDD" \
	"$tool" run --plan --test swapin
expect_bad "swapin on a filesystem" 2 "TEST=swapin puts its swap on the raw disk: give DISK=1SSD without FS=ext4" \
	"$tool" run --plan --test swapin --param disk=1SSD --param fs=ext4
# The boot: tests/e2e.sh's swapin row (its mail's 1HDD, 8 tasks of 16
# MiB in 512 MiB) checks its run.

# A kernel without the filesystem: its module tree without xfs.
if [ "$builtin" = 0 ]; then
	dk_rel=$(cat "$(dirname "$KDEF")/release" 2>/dev/null)
	dk_mods=$(dirname "$KDEF")/root/lib/modules/$dk_rel
	rm -rf "$T/dk-mods"
	mkdir -p "$T/dk-mods"
	cp -rs "$(cd "$dk_mods" && pwd)" "$T/dk-mods/$dk_rel" 2>/dev/null
	find "$T/dk-mods" -name 'xfs.ko*' -o -name 'nfsd.ko*' | xargs rm -f
	dk_boot nofs TEST=fio DISK=1SSD FS=xfs TEST_SIZE=4M MODULES="$T/dk-mods/$dk_rel"
	dk_e=$(grep -o 'FS=xfs: the kernel has no xfs filesystem[^"]*' "$dk_run/job.json" 2>/dev/null | head -n 1)
	check "disks: a kernel without xfs: one line naming it and the fix ($dk_e), exit $dk_rc" \
		sh -c "test $dk_rc -ne 0 && test -n '$dk_e' && grep -q 'kconfigs/disk.config' '$dk_run/job.json'"
	dk_boot nonfsd TEST=fsmark DISK=1BRD_256M FS=ext4 FS2=nfsv4 TEST_SIZE=2M MODULES="$T/dk-mods/$dk_rel"
	dk_e=$(grep -o 'FS2=nfsv4: the kernel has no NFS server[^"]*' "$dk_run/job.json" 2>/dev/null | head -n 1)
	check "disks: a kernel without nfsd: one line naming it and the fix ($dk_e), exit $dk_rc" \
		sh -c "test $dk_rc -ne 0 && test -n '$dk_e' && grep -q 'CONFIG_NFSD_V4' '$dk_run/job.json'"
else
	skip "disks: a kernel without xfs" "the kernel under test has no module tree"
	skip "disks: a kernel without nfsd" "the kernel under test has no module tree"
fi
