# Sourced by tests/run.sh (make check): the host side against hostile
# input, with no boot (#20): a stand-in QEMU (tests/fake-qemu) that dies
# of a signal, floods its own log, or hands each -drive to the real QEMU;
# disk files a killed run left; job files that point at devices and
# secrets; ACCEL=kvm's QEMU words on made-up hosts. HOSTILE_TOOL runs the
# same cases against another binary.
hb=${HOSTILE_TOOL:-$tool}
G=$T/hostile-host
mkdir -p "$G"
fq=$top/tests/fake-qemu
jc=$top/tests/fuzz/corpus/jobfile
# Every boot here: the stand-in QEMU, the bzImage as it is; absolute
# paths, for the case that runs elsewhere.
gk=$(cd "$(dirname "$KDEF")" 2>/dev/null && pwd)/${KDEF##*/}
gi=$(cd "$(dirname "$img")" && pwd)/${img##*/}
gq="--kernel $gk --initrd $gi --test execl --qemu $fq --accel tcg --firmware seabios --boot bzimage --smp 1 --mem 256"
printf '{"type":"hello","v":1,"uptime":1,"release":"6.1.0","cpus_online":1,"cpu_packages":1,"cores_per_package":1,"threads_per_core":1,"test":"execl","iterations":1}\n' >"$G/hello.jsonl"
{
	cat "$G/hello.jsonl"
	printf '{"type":"sample","v":1,"uptime":2,"test":"execl","iteration":1,"status":"ok","exit_code":0,"metrics":{"unixbench.throughput":5}}\n'
	printf '{"type":"done","v":1,"uptime":3,"iterations":1,"failed":0}\n'
} >"$G/good.jsonl"
# gh_run NAME [ARG...]: a run into $G/NAME, exit status in $rc, run dir in $grun.
gh_run() {
	gh_name=$1
	shift
	# shellcheck disable=SC2086
	timeout 120 "$hb" run $gq --results "$G/$gh_name" "$@" >"$G/$gh_name.out" 2>"$G/$gh_name.err"
	rc=$?
	grun=$(ls -d "$G/$gh_name"/execl/*/*/0 2>/dev/null | head -n 1)
	grun=${grun:-$G/none}
}
if [ ! -f "$KDEF" ]; then
	skip "hostile-host: the cases that need a bzImage" "no kernel at $KDEF: make kernel-default"
	return 0
fi

# 11. QEMU killed after the init's hello: the host's failure, not the guest's.
FAKE_STREAM=$top/tests/fuzz/corpus/stream/hello-then-qemu-dies FAKE_DIE=9 gh_run died
check "hostile-host: QEMU killed by SIGKILL after hello is infrastructure (exit 5), its signal in job.json" \
	sh -c "test $rc -eq 5 && grep -q 'infrastructure: QEMU died of signal 9 (Killed): the host killed it or it crashed (see qemu.log)' '$G/died.err' &&
		test \"\$('$j' '$grun/job.json' qemu_signal)\" = 9 && test \"\$('$j' '$grun/job.json' status)\" = infrastructure"

FAKE_STREAM=$G/good.jsonl FAKE_DIE=9 gh_run died-after
check "hostile-host: QEMU killed after done keeps the whole run ok (exit 0), its signal still in job.json" \
	sh -c "test $rc -eq 0 && test \"\$('$j' '$grun/job.json' qemu_signal)\" = 9"

# 3. QEMU's own output, which a guest can make it flood: capped, head and tail.
# QEMU is stopped mid-write, so the kept tail may end inside a line.
FAKE_STREAM=$G/hello.jsonl FAKE_QEMU_FLOOD=$((12 << 20)) FAKE_HANG=30 gh_run qflood
qsize=$(wc -c <"$grun/qemu.log" 2>/dev/null || echo 0)
check "hostile-host: 12 MiB of QEMU messages end the run (exit 6, truncated), qemu.log keeps head + tail ($qsize bytes)" \
	sh -c "test $rc -eq 6 && grep -q 'truncated: QEMU printed more than 8 MiB (a guest can make it: see qemu.log); qemu.log keeps the first and last 1 MiB' '$G/qflood.err' &&
		test $qsize -ge $((2 << 20)) && test $qsize -le $((2 << 20 | 4096)) &&
		grep -q 'bytes of QEMU output cut here' '$grun/qemu.log' && tail -c 4096 '$grun/qemu.log' | grep -q 'Unexpected port id' &&
		test \"\$('$j' '$grun/job.json' truncated)\" = true"

# PROFILE=1's files, which the guest makes QEMU write: its kallsyms port
# (a file QEMU writes) and the plugin's counts and census. 400 MB of
# kallsyms made 674 MB of RSS and exit 0; past 64 MiB the run now ends,
# truncated, the file removed unread. The plugin cuts its own two at
# their caps with a mark (plugin/capfile.h, the unit area), which the
# host reads as truncated.
printf 'ffffffff81000000 T \033]0;owned\007evil\nffffffff81001000 T fput\n' >"$G/ksyms"
printf '# bootbench-profile 1 api 1 windows 1 counting inline\nffffffff81000000 10 100\nffffffff81001000 10 50\nuser 0\n' >"$G/raw"
printf '# bootbench-c2c 1 api 1 windows 1 cpus 1 w 4194304 lines 32768 evicted 0 loads 10 stores 10 hitm 5 slices 1 slice_mean 1 slice_max 1 unplaced 0\nline 1000 5 0\ncpu 0 5 5 0 ff ff\ncpu 1 5 5 0 ff ff\ncode ffffffff81000010 5 5 5 0 3 ff ff\ninsn ffffffff81000010 5 5 5 0\n' >"$G/census"
{
	cat "$G/raw"
	echo "# bootbench: cut at the cap of 67108864 bytes"
} >"$G/raw-cut"
{
	cat "$G/census"
	echo "# bootbench: cut at the cap of 134217728 bytes"
} >"$G/census-cut"
gh_prof="--profile $G/bbprof.so --c2c --timing deterministic"
gh_t0=$(date +%s)
# shellcheck disable=SC2086 # a word list
FAKE_KALLSYMS_FLOOD=$((80 << 20)) FAKE_STREAM=$G/good.jsonl FAKE_HANG=20 gh_run kflood $gh_prof
gh_s=$(($(date +%s) - gh_t0))
check "hostile-host: 80 MiB on PROFILE=1's kallsyms port end the run (exit 6, truncated, in $gh_s s, not the guest's 20), the file removed unread" \
	sh -c "test $rc -eq 6 && test $gh_s -lt 15 && grep -qx 'bootbench: bad-stream: truncated: the guest sent more than 64 MiB on its kallsyms port (PROFILE=1; a kernel.s /proc/kallsyms is a few MiB): removed unread, no profile.json' '$G/kflood.err' &&
		test \"\$('$j' '$grun/job.json' truncated)\" = true && test -z \"\$(find '$G/kflood' -name kallsyms -o -name '*.raw' -o -name profile.json)\""
# shellcheck disable=SC2086
FAKE_KALLSYMS=$G/ksyms FAKE_RAW=$G/raw-cut FAKE_CENSUS=$G/census FAKE_STREAM=$G/good.jsonl gh_run rawcut $gh_prof
check "hostile-host: the plugin's counts cut at their cap: the run is truncated (exit 6), no profile.json, the census kept" \
	sh -c "test $rc -eq 6 && grep -qx \"bootbench: bad-stream: truncated: the guest made the profile's counts pass 64 MiB (a kernel's blocks take a few MiB): the plugin cut them there, no profile.json\" '$G/rawcut.err' &&
		test \"\$('$j' '$grun/job.json' truncated)\" = true && test ! -e '$grun/profile.json' && test -s '$grun/c2c.json' && test -z \"\$(find '$G/rawcut' -name kallsyms -o -name '*.raw')\""
# shellcheck disable=SC2086
FAKE_KALLSYMS=$G/ksyms FAKE_RAW=$G/raw FAKE_CENSUS=$G/census-cut FAKE_STREAM=$G/good.jsonl gh_run censuscut $gh_prof
check "hostile-host: the census cut at its cap: the run is truncated (exit 6), no c2c.json, the profile kept" \
	sh -c "test $rc -eq 6 && grep -qx 'bootbench: bad-stream: truncated: the guest made the C2C census pass 128 MiB (its bounded table takes some 40 MiB): the plugin cut it there, no c2c.json' '$G/censuscut.err' &&
		test ! -e '$grun/c2c.json' && test -s '$grun/profile.json'"
# A symbol's name is the guest's: c2c.txt (a report made to be read in
# a terminal) shows it \xNN; profile.json and c2c.json keep it, escaped
# as JSON.
# shellcheck disable=SC2086
FAKE_KALLSYMS=$G/ksyms FAKE_RAW=$G/raw FAKE_CENSUS=$G/census FAKE_STREAM=$G/good.jsonl gh_run c2cesc $gh_prof
check "hostile-host: a kallsyms name holding ESC and BEL is shown \\x1b, \\x07 in c2c.txt, no control byte in it (exit 0)" \
	sh -c "test $rc -eq 0 && ! tr -d '\n' <'$grun/c2c.txt' | LC_ALL=C grep -q '[[:cntrl:]]' &&
		grep -qF '  [\x1b]0;owned\x07evil]' '$grun/c2c.txt' && grep -qF ' \x1b]0;owned\x07evil+0x10' '$grun/c2c.txt' &&
		grep -qF '\\u001b]0;owned\\u0007evil' '$grun/profile.json'"

# 18. A DISK_DIR with a colon is a file to QEMU, not a protocol: the real
# QEMU opens each -drive the stand-in is given.
mkdir -p "$G/cwd"
(cd "$G/cwd" && FAKE_STREAM=$G/good.jsonl FAKE_PROBE=$G/probe.txt gh_run colon \
	--param disk=1SSD_64M --disk-dir 'nbd:dir' && echo "$rc" >"$G/colon.rc")
rc=$(cat "$G/colon.rc")
check "hostile-host: DISK_DIR=nbd:dir (relative) reaches QEMU as file.filename=, and QEMU opens it" \
	sh -c "test $rc -eq 0 && grep -q '^file.driver=file,file.filename=nbd:dir/bootbench-disk0-[^,]*,format=raw.*: exit 0' '$G/probe.txt' &&
		test -z \"\$(ls -A '$G/cwd/nbd:dir')\""

# ACCEL=kvm's host settings (boot/kvm.h) on made-up hosts: a sysfs tree
# (BOOTBENCH_SYSFS) with the nodes online and the free 2 MiB pages of
# each; the stand-in QEMU needs no /dev/kvm. What QEMU got is job.json's
# qemu_command, what was done or why not its "kvm".
gh_host() { # DIR ONLINE NODE:FREE...: the nodes online, each one's free 2 MiB pages
	gh_d=$1 gh_tot=0 gh_hp=hugepages/hugepages-2048kB
	mkdir -p "$gh_d/kernel/mm/$gh_hp" "$gh_d/devices/system/node"
	echo "$2" >"$gh_d/devices/system/node/online"
	shift 2
	for gh_n; do
		mkdir -p "$gh_d/devices/system/node/node${gh_n%:*}/$gh_hp"
		echo "${gh_n#*:}" >"$gh_d/devices/system/node/node${gh_n%:*}/$gh_hp/free_hugepages"
		gh_tot=$((gh_tot + ${gh_n#*:}))
	done
	echo "$gh_tot" >"$gh_d/kernel/mm/$gh_hp/free_hugepages"
	echo "$gh_tot" >"$gh_d/kernel/mm/$gh_hp/nr_hugepages"
	echo 0 >"$gh_d/kernel/mm/$gh_hp/resv_hugepages"
}
# gh_kvm NAME SYSFS STREAM [ARG...]: a run on host SYSFS; $gcmd, $gkvm.
gh_kvm() {
	gh_name=$1 gh_sys=$2 gh_st=$3
	shift 3
	BOOTBENCH_SYSFS=$gh_sys FAKE_STREAM=$gh_st gh_run "$gh_name" "$@"
	gcmd=$("$j" "$grun/job.json" qemu_command 2>/dev/null)
	gkvm=$(grep -o '"kvm":{[^}]*}' "$grun/job.json" 2>/dev/null)
}
# gh_holds TEXT WORD...: the run exited 0 and TEXT holds each WORD;
# gh_lacks TEXT WORD...: it exited 0 and TEXT holds none.
gh_holds() {
	gh_t=$1
	shift
	[ "$rc" -eq 0 ] || return 1
	for gh_w; do
		case $gh_t in *"$gh_w"*) ;; *) return 1 ;; esac
	done
}
gh_lacks() {
	gh_t=$1
	shift
	[ "$rc" -eq 0 ] || return 1
	for gh_w; do
		case $gh_t in *"$gh_w"*) return 1 ;; esac
	done
}
printf '{"type":"hello","v":1,"uptime":1,"release":"6.1.0","cpus_online":2,"cpu_packages":1,"cores_per_package":2,"threads_per_core":1,"node_cpus":["0","1"],"test":"execl","iterations":1}\n' >"$G/good2.jsonl"
tail -n 2 "$G/good.jsonl" >>"$G/good2.jsonl"
gh_host "$G/sys-two" 0-1 0:200 1:200
gh_host "$G/sys-few" 0 0:20
gh_host "$G/sys-sparse" 0,2 0:300 2:10
gh_two="--smp 2 --numa 2 --mem 512"
# shellcheck disable=SC2086 # a word list
gh_kvm kvm-two "$G/sys-two" "$G/good2.jsonl" --accel kvm $gh_two
gh_bound='-object memory-backend-memfd,id=mem0,size=256M,hugetlb=on,hugetlbsize=2M,host-nodes=0,policy=bind -numa node,nodeid=0,memdev=mem0,cpus=0 -object memory-backend-memfd,id=mem1,size=256M,hugetlb=on,hugetlbsize=2M,host-nodes=1,policy=bind -numa node,nodeid=1,memdev=mem1,cpus=1 '
check "hostile-host: ACCEL=kvm, 2 guest nodes on a 2-node host with 400 free 2 MiB pages: hugetlb memfds, node i's on host node i (policy=bind), -cpu host, said" \
	gh_holds "$gcmd $gkvm" "-accel kvm -cpu host -smp cpus=2,sockets=1,cores=2,threads=1 -m 512M $gh_bound" \
	'"cpu":"host"' '"numa_bound":true' 'node0:host0 node1:host1' '"hugepages":true' 'used: 256 of the host'\''s 400 free 2 MiB pages'
# shellcheck disable=SC2086
gh_kvm kvm-few "$G/sys-few" "$G/good2.jsonl" --accel kvm $gh_two
check "hostile-host: ACCEL=kvm, 2 guest nodes on a one-node host with 20 free 2 MiB pages for 512 MiB: plain RAM, unbound, job.json says why" \
	gh_holds "$gcmd $gkvm" '-object memory-backend-ram,id=mem0,size=256M -numa' \
	'-object memory-backend-ram,id=mem1,size=256M -numa' '"numa_bound":false' 'not bound: the host has 1 node' '"hugepages":false' \
	'not used: the host has 20 free 2 MiB pages, the guest needs 256: as root, echo 256 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages'
check "hostile-host: ACCEL=kvm on a one-node host with too few free pages: no hugetlb, memfd or host-nodes word" \
	gh_lacks "$gcmd" hugetlb memfd host-nodes
# shellcheck disable=SC2086
gh_kvm kvm-sparse "$G/sys-sparse" "$G/good2.jsonl" --accel kvm $gh_two
check "hostile-host: ACCEL=kvm on a host of nodes 0,2: guest node 1 on host node 2; its 10 free pages of 128 needed keep the guest off hugepages" \
	gh_holds "$gcmd $gkvm" 'id=mem0,size=256M,host-nodes=0,policy=bind ' 'id=mem1,size=256M,host-nodes=2,policy=bind ' \
	'"hugepages":false' 'not used: host node 2 has 10 free 2 MiB pages, the guest'\''s nodes bound to it need 128'
gh_kvm kvm-one "$G/sys-two" "$G/good.jsonl" --accel kvm
check "hostile-host: ACCEL=kvm, a one-node guest: its RAM a hugetlb memfd as -machine memory-backend=, no -numa, not bound" \
	gh_holds "$gcmd $gkvm" '-m 256M -object memory-backend-memfd,id=mem0,size=256M,hugetlb=on,hugetlbsize=2M -machine memory-backend=mem0 -kernel' \
	'"numa_bound":false' 'not bound: the guest has 1 node' '"hugepages":true'
check "hostile-host: ACCEL=kvm, a one-node guest: no -numa or host-nodes word" gh_lacks "$gcmd" -numa host-nodes
# shellcheck disable=SC2086
gh_kvm tcg-two "$G/sys-two" "$G/good2.jsonl" --accel tcg $gh_two
check "hostile-host: ACCEL=tcg on the same host: plain RAM, unbound, no -cpu host, no kvm in job.json" \
	gh_holds "$gcmd" '-m 512M -object memory-backend-ram,id=mem0,size=256M -numa node,nodeid=0,memdev=mem0,cpus=0 -object memory-backend-ram,id=mem1,size=256M -numa'
check "hostile-host: ACCEL=tcg: none of KVM's words in the command or job.json" gh_lacks "$gcmd $(cat "$grun/job.json")" hugetlb memfd host-nodes policy= '-cpu host' memory-backend=mem0 '"kvm":{'

# 2. Disk files: locked while a run uses them; a killed run's are removed
# by the next run in the same DISK_DIR, a live run's and kept ones are not.
D=$G/disks
gh_wait() { # until the stand-in QEMU wrote its pid file
	n=0
	while [ ! -s "$G/qpid" ] && [ $n -lt 100 ]; do
		sleep 0.2
		n=$((n + 1))
	done
}
rm -f "$G/qpid"
FAKE_STREAM=$G/hello.jsonl FAKE_HANG=60 FAKE_PIDFILE=$G/qpid "$hb" run $gq \
	--results "$G/killed" --param disk=2SSD_64M --disk-dir "$D" >/dev/null 2>&1 &
gpid=$!
gh_wait
kill -9 "$gpid"
wait "$gpid" 2>/dev/null
left=$(ls "$D" | grep -c '^bootbench-disk')
rm -f "$G/qpid"
FAKE_STREAM=$G/hello.jsonl FAKE_HANG=60 FAKE_PIDFILE=$G/qpid "$hb" run $gq \
	--results "$G/live" --param disk=1SSD_64M --disk-dir "$D" >/dev/null 2>"$G/live.err" &
lpid=$!
gh_wait
FAKE_STREAM=$G/good.jsonl gh_run next --param disk=1SSD_64M --disk-dir "$D" --keep-disk
live=$(ls "$D" | grep -c '^bootbench-disk0-......$')
kill "$lpid"
wait "$lpid" 2>/dev/null
check "hostile-host: the 2 disk files of a run killed with SIGKILL are removed by the next run, said" \
	sh -c "test $left -eq 2 && grep -q 'note: DISK_DIR=$D: removed 2 disk file(s) a killed run left' '$G/live.err'"
check "hostile-host: a run's sweep leaves the disk file of a run still going (locked)" \
	sh -c "test $rc -eq 0 && test $live -eq 1 && ! grep -q removed '$G/next.err'"
FAKE_STREAM=$G/good.jsonl gh_run after --param disk=1SSD_64M --disk-dir "$D"
check "hostile-host: a KEEP_DISK=1 file (.kept) outlives the next run; nothing else is left" \
	sh -c "test $rc -eq 0 && ls '$D' | grep -q '^bootbench-disk0-......\.kept$' &&
		test \"\$(ls '$D' | grep -vc '\.kept$')\" -eq 0 && ! grep -q removed '$G/after.err'"

# 1. A disk set bigger than DISK_DIR's free space is scaled to it, said.
FAKE_STREAM=$G/good.jsonl gh_run huge --param disk=8SSD_64T --disk-dir "$D"
check "hostile-host: DISK=8SSD_64T is scaled to DISK_DIR's free space less its margin, said, asked_mb kept" \
	sh -c "test $rc -eq 0 && grep -q 'note: DISK: 8 disk(s) of [0-9]* MiB instead of 67108864 MiB: DISK_DIR=$D has [0-9]* MiB free, less a margin of [0-9]* MiB' '$G/huge.err' &&
		python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))[\"disk\"]; sys.exit(d[\"asked_mb\"] != 67108864 or d[\"size_mb\"] >= 67108864)' '$grun/job.json'"

# The FIFOs' directory (/tmp/bootbench-fifo.XXXXXX): gone with a run
# that SIGINT, SIGTERM or SIGHUP ends; one a SIGKILL left (it outlived
# every killed run) is removed by the next run, once unlocked and older
# than 5 s (touch ages it here), and a live run's (locked) is left alone.
gh_start() { # NAME: a run that hangs, once the stand-in QEMU is up; $gpid, $gdir
	rm -f "$G/qpid"
	# shellcheck disable=SC2086
	FAKE_STREAM=$G/hello.jsonl FAKE_HANG=60 FAKE_PIDFILE=$G/qpid "$hb" run $gq \
		--results "$G/$1" >/dev/null 2>"$G/$1.err" &
	gpid=$!
	gh_wait
	read -r _ gdir <"$G/qpid"
	gdir=$(dirname "$gdir")
}
gh_fifo_sig=
for gh_sig in INT TERM HUP; do
	gh_start "fifo-$gh_sig"
	sleep 1
	kill "-$gh_sig" "$gpid"
	wait "$gpid"
	gh_rc=$?
	[ "$gh_rc" -eq 7 ] && [ -n "$gdir" ] && [ ! -e "$gdir" ] || gh_fifo_sig="$gh_fifo_sig $gh_sig(exit $gh_rc, $gdir)"
done
check "hostile-host: SIGINT, SIGTERM and SIGHUP end a run (exit 7) and remove its FIFOs' directory${gh_fifo_sig:+: not by}$gh_fifo_sig" \
	test -z "$gh_fifo_sig"
gh_start fifo-live
gh_live=$gpid gh_live_dir=$gdir
gh_start fifo-killed
kill -9 "$gpid"
wait "$gpid" 2>/dev/null
gh_killed_dir=$gdir
gh_left=0
[ -d "$gh_killed_dir" ] && gh_left=1
touch -d '1 minute ago' "$gh_killed_dir" "$gh_live_dir"
FAKE_STREAM=$G/good.jsonl gh_run fifo-next
check "hostile-host: the FIFOs' directory a SIGKILL left is removed by the next run (exit 0), a live run's is not" \
	sh -c "test $gh_left = 1 && test $rc -eq 0 && test ! -e '$gh_killed_dir' && test -p '$gh_live_dir/console.out'"
kill "$gh_live"
wait "$gh_live" 2>/dev/null

# 5. and 8. A job's machine and lscpu files: regular, capped, not echoed.
# ASAN_OPTIONS: a reader without a bound fails fast instead of eating memory.
printf 'test = execl\nmachine = %s\n' "$top/tests/fuzz/corpus/topology/shadow-not-a-profile" >"$G/secret.job"
head -c $((2 << 20)) /dev/zero | tr '\0' 'x' >"$G/big"
printf 'test = execl\nlscpu = %s\n' "$G/big" >"$G/big.job"
gh_job() { # NAME JOB
	ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256 timeout 30 \
		"$hb" run $gq --results "$G/$1" --job "$2" >"$G/$1.out" 2>"$G/$1.err"
	rc=$?
}
gh_job zero "$jc/lscpu-dev-zero"
check "hostile-host: a job's lscpu = /dev/zero is refused unread (exit 2)" \
	sh -c "test $rc -eq 2 && grep -q '^bootbench: LSCPU=/dev/zero is not a regular file: give lscpu.s output saved in a file$' '$G/zero.err'"
gh_job big "$G/big.job"
check "hostile-host: a job's 2 MiB lscpu file is refused (exit 2)" \
	sh -c "test $rc -eq 2 && grep -q 'LSCPU=$G/big is larger than 1024 KiB: give lscpu.s output' '$G/big.err'"
gh_job secret "$G/secret.job"
check "hostile-host: a job's machine = a secret file says its line number, nothing of its text (exit 2)" \
	sh -c "test $rc -eq 2 && ! grep -q 'SECRET\|root:' '$G/secret.err' &&
		grep -q 'line 1 is not a profile line (key = value): give a machine profile' '$G/secret.err'"
if [ -r /etc/shadow ]; then
	gh_job shadow "$jc/machine-etc-shadow"
	check "hostile-host: a job's machine = /etc/shadow echoes none of it (exit 2)" \
		sh -c "test $rc -eq 2 && ! grep -q 'root:' '$G/shadow.err' && grep -q 'line 1 is not a profile line' '$G/shadow.err'"
fi
# 17. A job's profile names the run directory: a name with ESC is refused
# before anything is written, shown \xNN.
printf 'test = execl\nmachine = %s\n' "$top/tests/fuzz/corpus/topology/escape-name" >"$G/escname.job"
gh_job escname "$G/escname.job"
check "hostile-host: a job's machine profile named with ESC is refused in one line, shown \\x1b, nothing written (exit 2)" \
	sh -c "test $rc -eq 2 && test ! -e '$G/escname' && ! grep -q \"\$(printf '\\033')\" '$G/escname.err' &&
		grep -qF 'the parameters \"i3\\x1b[2J-256M\" cannot name a run directory: it holds a byte outside printable ASCII: give MACHINE a profile' '$G/escname.err'"
gh_job jzero /dev/zero
check "hostile-host: JOB=/dev/zero is refused unread (exit 2)" \
	sh -c "test $rc -eq 2 && grep -q 'JOB=/dev/zero: not a regular file: give a job file' '$G/jzero.err'"
