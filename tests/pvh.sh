# Sourced by tests/run.sh: BOOT=auto|pvh|bzimage (issue 24). A bzImage's
# payload decompressed on the host with Debian's libraries, checked for
# the PVH note, cached by the bzImage's hash; the fallbacks; boots by
# each path.
P=$T/pvh
mkdir -p "$P"

# A tiny x86-64 ELF with the Xen PHYS32_ENTRY note, one without, both
# padded past 8 MiB (lz4's legacy blocks) with what compresses well.
cat >"$P/e.c" <<'EOF'
#ifndef NOPVH
__asm__(".pushsection .note.Xen,\"a\",@note\n.balign 4\n"
	".long 4, 4, 18\n.asciz \"Xen\"\n.long 0x1000000\n.popsection");
#endif
static volatile int x;
void _start(void)
{
	for (;;)
		x++;
}
EOF
$HOSTCC -O1 -nostdlib -static -o "$P/pvh.elf" "$P/e.c" &&
	$HOSTCC -O1 -DNOPVH -nostdlib -static -o "$P/nopvh.elf" "$P/e.c" || bad "pvh: build the test ELFs"
seq 1 1500000 >>"$P/pvh.elf"
seq 1 1500000 >>"$P/nopvh.elf"

# mkbz PAYLOAD RAWSIZE OUT: a bzImage-shaped file around PAYLOAD (setup
# header of boot protocol 2.15, one setup sector, a release string),
# the payload ending with its decompressed size as the kernel's does.
mkbz() {
	python3 - "$@" <<'EOF'
import struct, sys
pay = open(sys.argv[1], 'rb').read() + struct.pack('<I', int(sys.argv[2]))
setup = bytearray(1024)
setup[0x1f1] = 1
struct.pack_into('<H', setup, 0x1fe, 0xaa55)
setup[0x202:0x206] = b'HdrS'
struct.pack_into('<H', setup, 0x206, 0x020f)
rel = b'6.1.0-fake (test) #1\0'
setup[0x300:0x300 + len(rel)] = rel
struct.pack_into('<H', setup, 0x20e, 0x300 - 0x200)
struct.pack_into('<II', setup, 0x248, 0, len(pay))
open(sys.argv[3], 'wb').write(bytes(setup) + pay)
EOF
}

# Every compressor Kconfig offers whose tool this host has, as the
# kernel's Makefile runs it (lz4 -l: the legacy frame).
size=$(wc -c <"$P/pvh.elf")
for c in "gzip -n -9" "xz --check=crc32" "lzma -9" "bzip2 -9" "lzop -9" "lz4 -l -9" "zstd -19"; do
	name=${c%% *}
	if ! command -v "$name" >/dev/null 2>&1; then
		skip "pvh: $name payload" "no $name on this host"
		continue
	fi
	$c -c <"$P/pvh.elf" >"$P/pay.$name" 2>/dev/null && mkbz "$P/pay.$name" "$size" "$P/bz.$name"
	out=$("$tool" vmlinux "$P/bz.$name" "$P/cache" 2>"$P/err.$name")
	if [ "${out%% *}" = extracted ] && cmp -s "${out#* }" "$P/pvh.elf"; then
		ok "pvh: a $name payload decompresses to the very ELF, kept in the cache"
	else
		bad "pvh: a $name payload decompresses to the very ELF" "$out $(head -c 200 "$P/err.$name")"
	fi
done

# Cached: the second look decompresses nothing and keeps the file.
out=$("$tool" vmlinux "$P/bz.xz" "$P/cache" 2>/dev/null)
check "pvh: a second look at the same bzImage takes the cached vmlinux" test "${out%% *}" = cache

# No PVH note: the bzImage, with the reason in one line, remembered.
xz --check=crc32 -c <"$P/nopvh.elf" >"$P/pay.nopvh" && mkbz "$P/pay.nopvh" "$(wc -c <"$P/nopvh.elf")" "$P/bz.nopvh"
"$tool" vmlinux "$P/bz.nopvh" "$P/cache" >/dev/null 2>"$P/nopvh.err"
rc=$?
check "pvh: a kernel without PVH falls back to the bzImage, saying why in one line" \
	sh -c "test $rc -eq 1 && test \$(wc -l <'$P/nopvh.err') -eq 1 && grep -q 'booting the bzImage, not PVH: its vmlinux has no PVH entry' '$P/nopvh.err'"
check "pvh: a kernel without PVH is remembered (no second decompression)" \
	sh -c "ls '$P'/cache/*.no-pvh >/dev/null && ! ls '$P'/cache/*.tmp-* 2>/dev/null"

# A payload the header places past the file's end (a truncated copy).
head -c 4096 "$P/bz.xz" >"$P/bz.short"
"$tool" vmlinux "$P/bz.short" "$P/cache" >/dev/null 2>"$P/short.err"
rc=$?
check "pvh: a truncated bzImage (payload past its end) falls back, saying why" \
	sh -c "test $rc -eq 1 && grep -q 'no payload in its setup header' '$P/short.err'"

# Bad input: BOOT=pvh on that kernel, BOOT=bogus.
"$tool" run --kernel "$P/bz.nopvh" --initrd "$img" --test boot --boot pvh \
	--vmlinux-cache "$P/cache" --results "$T/pvh-r" >/dev/null 2>"$P/force.err"
rc=$?
check "pvh: BOOT=pvh on a kernel without PVH is bad input, before QEMU, with the fix" \
	sh -c "test $rc -eq 2 && grep -q 'BOOT=pvh: KERNEL=.* cannot boot through PVH: .*say BOOT=auto or BOOT=bzimage' '$P/force.err'"
"$tool" run --kernel "$KDEF" --initrd "$img" --test boot --boot fast --results "$T/pvh-r" >/dev/null 2>"$P/bogus.err"
rc=$?
check "pvh: BOOT=fast is bad input naming the choices" \
	sh -c "test $rc -eq 2 && grep -q 'BOOT=fast is not valid: give auto, pvh or bzimage' '$P/bogus.err'"

# The distribution kernel: extracted once into a fresh cache, then
# taken from it; a corrupt copy of its payload (bytes overwritten in
# the middle of the XZ stream) falls back.
out=$("$tool" vmlinux "$KDEF" "$P/kcache" 2>"$P/k.err")
out2=$("$tool" vmlinux "$KDEF" "$P/kcache" 2>/dev/null)
check "pvh: the default kernel's payload extracts once, then comes from the cache" \
	sh -c "test '${out%% *}' = extracted && test '${out2%% *}' = cache && test '${out#* }' = '${out2#* }'"
cp "$KDEF" "$P/corrupt.bzImage"
printf 'bootbench corrupts this payload %.0s' $(seq 1 64) |
	dd of="$P/corrupt.bzImage" bs=1 seek=2000000 conv=notrunc 2>/dev/null
"$tool" vmlinux "$P/corrupt.bzImage" "$P/kcache" >/dev/null 2>"$P/corrupt.err"
rc=$?
check "pvh: a corrupt payload falls back to the bzImage, saying why" \
	sh -c "test $rc -eq 1 && grep -q 'its xz payload does not decompress' '$P/corrupt.err'"

# Boots: the default kernel by each path (the others in run.sh take
# BOOT=auto, the PVH path, too); a modular kernel needs its modules.
kimg=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")
# The PVH one with the init's trace (bootbench.trace=1, docs/kernels.md).
for path in pvh bzimage; do
	# The bzImage one asks for the monitors a BARE job leaves out.
	trace=bootbench.monitors=1
	[ "$path" = pvh ] && trace=bootbench.trace=1
	"$tool" run --kernel "$KDEF" --initrd "$kimg" --test boot --boot "$path" \
		--smp 1 --mem 512 ${trace:+--cmdline "$trace"} --results "$T/pvh-$path" >"$P/$path.out" 2>&1
	rc=$?
	d=$(ls -d "$T/pvh-$path"/boot/*/*/0 2>/dev/null | head -n 1)
	if [ "$rc" -eq 0 ] && [ -n "$d" ] && [ "$("$j" "$d/job.json" boot_path)" = "$path" ] &&
		[ "$("$j" "$d/job.json" status)" = ok ]; then
		ok "pvh: the default kernel boots by BOOT=$path ($(printf %.1f "$("$j" "$d/job.json" wall_seconds)") s wall), job.json says so"
	else
		bad "pvh: the default kernel boots by BOOT=$path" "exit $rc: $(tail -n 2 "$P/$path.out")"
	fi
done
steps=$(tr -d '\r' <"$(ls "$T"/pvh-pvh/boot/*/*/0/console.log | head -n 1)" |
	sed -n 's/.*bootbench-init: trace (ms) start [0-9.]*//p' | awk '{ for (i = 1; i < NF; i += 2) if ($(i + 1) ~ /^\+[0-9.]+$/) printf "%s ", $i }')
check "pvh: bootbench.trace=1 writes each step of the init to the kernel log, in order ($steps)" \
	test "$steps" = "mounts kmod-open modules coldplug loopback port hello prepare monitors fork child-exit after flush "
# boot.desc's BARE row: the boot-only job reads no monitors unless asked.
vmstat() {
	grep -o '"proc-vmstat\.' "$(ls "$T/pvh-$1"/boot/*/*/0/stats.json | head -n 1)" | wc -l
}
check "pvh: a boot-only job (BARE) reads no monitors ($(vmstat pvh) proc-vmstat metrics), and does with bootbench.monitors=1 ($(vmstat bzimage))" \
	test "$(vmstat pvh)" -eq 0 -a "$(vmstat bzimage)" -gt 0
# The trace goes to the kernel log only: the stream has the same records.
types() {
	sed 's/.*"type":"\([a-z]*\)".*/\1/' "$1"/boot/*/*/0/samples.jsonl | tr '\n' ' '
}
check "pvh: the trace leaves the stream as it was ($(types "$T/pvh-bzimage"))" \
	test "$(types "$T/pvh-pvh")" = "$(types "$T/pvh-bzimage")"
