#!/bin/sh
# make test-host: the host stays clean. In a fresh Debian 12 minbase
# chroot (debootstrap) with make and nothing else, root runs the
# README's first command with a test (make run TEST=stress-ng
# STRESSOR=msg: boot/deps.sh installs the README's host packages, then
# the job runs), and make deps then leaves no O in the user's tree;
# then an ordinary user runs three jobs whose guest
# programs are Debian's (stress-ng; fio on xfs; dbench on ext4 over NFS),
# each must exit 0, and dpkg must show none of the guest's packages, nor
# anything that starts a service, installed. Prints the first run's
# time (from nothing: the kernel, libkmod, the layers) and the size of
# the download cache. Needs root (debootstrap, chroot, mounts) and the
# network; takes many minutes, so it is not part of make test.
# Usage: O=out tests/host.sh   (KEEP=1 keeps the chroot)
set -u
O=${O:-out}
here=$(cd "$(dirname "$0")/.." && pwd)
c=$(mkdir -p "$O/build" && cd "$O/build" && pwd)/host-chroot
pass=0 fail=0 n=0

ok() {
	n=$((n + 1)) pass=$((pass + 1))
	echo "PASS $n host.$n $1"
}

bad() {
	n=$((n + 1)) fail=$((fail + 1))
	echo "FAIL $n host.$n $1${2:+: $2}"
}

[ "$(id -u)" = 0 ] || {
	echo "bootbench: make test-host needs root (debootstrap, chroot, mounts): run it as root" >&2
	exit 2
}
command -v debootstrap >/dev/null 2>&1 ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null || {
	echo "bootbench: make test-host needs debootstrap: apt-get install debootstrap" >&2
	exit 2
}
# shellcheck disable=SC2016 # apt's format
mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
	awk '$2 == "bookworm" { print $1; exit }')
[ -n "$mirror" ] || {
	echo "bootbench: no bookworm mirror in apt's configuration: make test-host runs on Debian 12" >&2
	exit 2
}

umount_all() {
	for m in dev/pts dev sys proc; do
		mountpoint -q "$c/$m" && umount -l "$c/$m"
	done
	return 0
}
umount_all
rm -rf "$c"
trap 'umount_all; [ -n "${KEEP:-}" ] || rm -rf "$c"' EXIT
start=$(date +%s)
echo "  DEBOOTSTRAP bookworm minbase ($mirror)" >&2
if ! debootstrap --variant=minbase bookworm "$c" "$mirror" >"$O/build/host-debootstrap.log" 2>&1; then
	bad "host: debootstrap bookworm minbase" "see $O/build/host-debootstrap.log"
	echo "$pass passed, $fail failed"
	exit 1
fi
echo "  (debootstrap: $(($(date +%s) - start)) s)" >&2
mount -t proc proc "$c/proc" && mount -t sysfs sys "$c/sys" &&
	mount --bind /dev "$c/dev" && mount --bind /dev/pts "$c/dev/pts"
cp /etc/resolv.conf "$c/etc/resolv.conf"
# The working tree as it is (committed or not), no build output: the
# user's copy, and root's for the README's first command.
for d in home/user/bootbench root/bootbench; do
	mkdir -p "$c/$d"
	(cd "$here" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$c/$d"
done
in_c() { chroot "$c" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_c sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends make >/dev/null' ||
	bad "host: apt-get install make in the chroot"
in_c useradd -m -s /bin/sh user 2>/dev/null
in_c chown -R user:user /home/user
ls "$c/etc/init.d" "$c/lib/systemd/system" 2>/dev/null | sort >"$c/tmp/services.before"

# As root, on a machine with only make, the README's first command with
# a test installs the host's packages and runs: the Makefile's lists
# of the tables are read after the compiler is there.
s=$(date +%s)
if in_c sh -c 'cd /root/bootbench && make -s run TEST=stress-ng STRESSOR=msg NR_THREADS=1 TESTTIME=5 Q=1 SMP=2' \
	>"$O/build/host-root-run.log" 2>&1; then
	ok "host: as root, on a machine with only make, make run TEST=stress-ng STRESSOR=msg installs the host packages and exits 0 ($(($(date +%s) - s)) s)"
else
	bad "host: as root, on a machine with only make, make run TEST=stress-ng STRESSOR=msg exits 0" \
		"$(tail -n 2 "$O/build/host-root-run.log" | tr '\n' ' ')"
fi
# As root, make deps has nothing left to install, and writes no O in
# the user's tree (the user's runs could not write it any more).
if in_c sh -c 'cd /home/user/bootbench && make -s deps' >"$O/build/host-deps.log" 2>&1 &&
	! [ -e "$c/home/user/bootbench/out" ]; then
	ok "host: as root, make deps then exits 0 and leaves no O in the user's tree"
else
	bad "host: as root, make deps then exits 0 and leaves no O in the user's tree" "$(tail -n 2 "$O/build/host-deps.log" | tr '\n' ' ')"
fi
ls "$c/etc/init.d" "$c/lib/systemd/system" 2>/dev/null | sort >"$c/tmp/services.after"
# kmod's /etc/init.d/kmod is a boot-time one-shot loading /etc/modules
# (empty), no daemon; anything else is a service.
svc=$(comm -13 "$c/tmp/services.before" "$c/tmp/services.after" | grep -v ':$' | grep -vx kmod | tr '\n' ' ')
[ -z "$svc" ] && ok "host: the host packages install no service (init.d, systemd units; kmod's one-shot aside)" ||
	bad "host: the host packages install no service" "new: $svc"

# user_run NAME ARGS: make run as the ordinary user; times it.
user_run() {
	name=$1
	shift
	s=$(date +%s)
	in_c su user -c "cd /home/user/bootbench && make -s run RESULTS=/home/user/results Q=1 SMP=2 $*" \
		>"$O/build/host-$name.log" 2>&1
	rc=$?
	t=$(($(date +%s) - s))
	if [ "$rc" = 0 ]; then
		ok "host: as an ordinary user, make run $* exits 0 ($t s)"
	else
		bad "host: as an ordinary user, make run $* exits 0" "exit $rc after $t s: $(tail -n 2 "$O/build/host-$name.log" | tr '\n' ' ')"
	fi
}
user_run stress-ng TEST=stress-ng STRESSOR=msg NR_THREADS=1 TESTTIME=5
user_run fio TEST=fio DISK=1SSD FS=xfs RUNTIME=5 TEST_SIZE=64M
user_run dbench TEST=dbench DISK=1BRD_1G FS=ext4 FS2=nfsv4 RUNTIME=5

inst=$(in_c dpkg-query -W -f '${Package} ${Status}\n' 2>/dev/null |
	awk '$NF == "installed" { print $1 }' |
	grep -x 'stress-ng\|fio\|xfsprogs\|mdadm\|nfs-kernel-server\|rpcbind\|udev\|systemd\|dbench\|rt-tests' | tr '\n' ' ')
[ -z "$inst" ] && ok "host: dpkg -l shows none of stress-ng, fio, xfsprogs, mdadm, nfs-kernel-server, rpcbind, udev, systemd installed" ||
	bad "host: none of the guest's packages is installed" "installed: $inst"
cache=$(du -sh "$c/home/user/bootbench/out/build/debs" 2>/dev/null | cut -f1)
echo "  (download cache out/build/debs after the three runs: $cache; total $(($(date +%s) - start)) s)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
