#!/bin/sh
# bootbench's tests, in two tiers (docs/tests.md). TIER=check (make check):
# unit tests of the host and guest C code built with ASan/UBSan, golden
# outputs, the image builder, every benchmark natively, bad input, stream
# replay and the schema: no root, no boot, no network, under a minute.
# TIER=test (make test): all that, then boots of the real default kernel
# under QEMU. SEL (make test T=<area>[.<i>],...) runs only those areas.
# One numbered line per test, then "N passed, N failed, N skipped in S s".
# Environment: O (output dir), B (build dir), HOSTCC, TIER, SEL, KERNEL.
set -u
O=${O:-out}
B=${B:-$O/build}
HOSTCC=${HOSTCC:-gcc}
TIER=${TIER:-test}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
T=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/lib.sh
# Natively the benchmarks skip the originals' settle sleeps (sync; sleep
# 1; sync; sleep 2 before every UnixBench pass, more for the fs tests):
# 40 s of make check that test nothing. The guest never sees this.
export BOOTBENCH_SETTLE=0

# --- shared setup: the tools every area uses --------------------------
build jsonget tests/jsonget.c proto/json_parse.c lib/fileio.c proto/json.c
build schemacheck tests/schemacheck.c proto/json_parse.c lib/fileio.c proto/json.c
j=$T/jsonget
# The host tool itself runs the direct tests under ASan/UBSan; it links
# compare's library, all of report/ but bootbench-compare's main().
# shellcheck disable=SC2046 # a word list of files
build bootbench boot/*.c reproduce/*.c proto/*.c lib/*.c shared/*.c benchmarks/params.c history/*.c \
	$(ls report/*.c | grep -v '^report/compare-main\.c$') -lz -llzma -lbz2 -llzo2 -llz4 -lzstd -lsqlite3 -lpq
tool=$T/bootbench
img=$B/base.cpio
# KERNEL (make test-kernel) runs the suite on another kernel; one with
# virtio built in needs no modules, and the modular-only checks change.
# full: the image with the kernel's modules; cb_pti: 1 when the kernel
# has page-table isolation (pti=on means something).
KDEF=${KERNEL:-$O/kernel/default/bzImage}
builtin=0 full=$img cb_pti=1
if [ -f "$KDEF" ]; then
	full=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF" 2>/dev/null)
	[ "$full" = "$img" ] && builtin=1
	for cb_c in "$(dirname "$KDEF")/../../../.config" "$(dirname "$KDEF")"/root/boot/config-*; do
		[ -f "$cb_c" ] && ! grep -q '^CONFIG_PAGE_TABLE_ISOLATION=y' "$cb_c" && cb_pti=0
	done
fi
cb_full=$full

# --- first of the test tier: what must run alone, then the longest ---
# `alone`: asserts on real-time timings that another VM's load could
# sway (compare-boot's A/A), so it runs by itself, first; `test`:
# TEST_JOBS areas at a time (tests/lib.sh), the longest first (times of
# a full run: e2e, arm64, reproduce ...), so that the last to start are
# short. Under make test the check tier below runs beside e2e (it
# boots nothing and asserts no timing): no CPU waits for it.
area compare-boot alone
area reproduce alone
area e2e test

# --- the check tier: no boot ----------------------------------------
# Under make check TEST_JOBS at a time (tests/lib.sh), so the longest
# first (their times of a make check: native, hostile-data, ...), and
# the short ones last.
tl_beside=1
area native
area hostile-data
area hostile-host
area replay
area badinput
area unit
area fuzz
area compare-golden
area ksrc
area bisect
area lkpmode
area harness
area targets
area execl
area verdict
area cpio
area casestudy
area reader
area history
area style
tl_beside=

# --- the rest of the test tier: boots of the default kernel -----------
# ab's are deterministic timing (TIMING=deterministic): it needs not
# the machine to itself. reproduce does, still: run beside arm64 and
# e2e, its A/A once failed with make run's exit 2 (cost-after2, not
# understood), so it stays alone until that is.
area arm64 test
area disks test
# registry boots nothing, but builds a copy of the host tool twice (20
# CPU s): make test's.
area registry test
area aim test
area boot test
area ab test
area fault test
area ci-check test
area wis test
area pvh test
area lava test
area hostile test
area filebench test
area topology test
area lkpmode-boot test
area deterministic-boot test
area profile test
area c2c test
area fit test
area stressng test
area vmscal test
area netperf test
area history-boot test
area history-ext test

# Last: every result file the areas above wrote, when they are done.
area schema last

tests_summary
