#!/bin/sh
# boot/arch.def's row of one architecture as shell/make assignments,
# for the Makefile and the scripts (the host tool includes the table).
# Usage: arch.sh [ARCH]   (default: this host's, by uname -m)
# Prints ARCH_NAME=... ARCH_QEMU=... one a line; an unknown ARCH is one
# line on standard error naming the known ones, and exit 2.
set -eu
def=$(dirname "$0")/arch.def
want=${1:-}
# The kernel's and Debian's names for the same architectures.
case $want in x86 | amd64) want=x86_64 ;; aarch64) want=arm64 ;; esac
[ -n "$want" ] || want=$(awk -F'"' -v m="$(uname -m)" '/^ARCH\(/ && $2 == m { sub(/^ARCH\(/, ""); sub(/,.*/, ""); print; exit }' "$def")
awk -F'"' -v want="$want" '
/^ARCH\(/ {
	id = $1; sub(/^ARCH\(/, "", id); sub(/,.*/, "", id)
	known = known " " id
	if (id != want) next
	split("UNAME KARCH QEMU QEMU_PKG MACHINE FIRMWARE CONSOLE CMDLINE IMAGE KERNEL_PKG DEB_ARCH TRIPLET CROSS_GCC CROSS_PKG CPU CPU_SMT KCIDB LAVA CLUSTERS", k, " ")
	print "ARCH_NAME=" id
	for (i = 1; i in k; i++) print "ARCH_" k[i] "=" $(2 * i)
	found = 1
}
END {
	if (!found) {
		print "bootbench: ARCH=" want " is not an architecture bootbench knows: say ARCH= one of" known " (boot/arch.def)" > "/dev/stderr"
		exit 2
	}
}' "$def"
