# Sourced by tests/run.sh: PROFILE=1 on real boots (docs/profile.md).
# The plugin built against this QEMU's own header; the default kernel's
# syscall loop profiled twice (A/A) and once with audit=1 (A/B: every
# system call then goes through the audit hooks), all at once; a plugin
# QEMU refuses, and a QEMU without plugins, each said in one line with
# the run kept.
pf_qemu=${QEMU:-qemu-system-x86_64}
if ! pf_so=$(plugin/build.sh "$pf_qemu" "$B/plugin" 2>"$T/pf-build.err"); then
	skip "profile: the plugin builds against $pf_qemu's header" "$(tail -n 1 "$T/pf-build.err")"
	return 0 2>/dev/null || true
fi
ok "profile: the plugin builds against this QEMU's own qemu-plugin.h ($(basename "$(dirname "$pf_so")"))"

# A QEMU without -plugin: one line naming the fix, exit 2.
printf '#!/bin/sh\necho "QEMU emulator version 7.2.0 (Debian 1:7.2+dfsg-7)"\n' >"$T/pf-noplugin-qemu"
chmod +x "$T/pf-noplugin-qemu"
plugin/build.sh "$T/pf-noplugin-qemu" "$T/pf-b" >/dev/null 2>"$T/pf-nop.err"
rc=$?
check "profile: a QEMU without plugin support: exit 2, one line with the fix" \
	sh -c "test $rc -eq 2 && test \$(wc -l <'$T/pf-nop.err') -eq 1 &&
		grep -q '^bootbench: .* has no TCG plugin support .*: give QEMU= a QEMU built with --enable-plugins' '$T/pf-nop.err'"

# A plugin built for another API version than this QEMU's.
printf 'int qemu_plugin_version = 99;\nint qemu_plugin_install(void) { return 0; }\n' >"$T/pf-api99.c"
"${HOSTCC:-gcc}" -shared -fPIC -o "$T/pf-api99.so" "$T/pf-api99.c"

pf_run() {
	pf_side=$1
	shift
	"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/prof/$pf_side" \
		--test syscall --param duration=3 --param passes=1 --smp 1 --mem 256 \
		--timing deterministic "$@" >"$T/prof-$pf_side.out" 2>&1 || echo "$pf_side" >>"$T/prof.fail"
}
pf_dir() {
	dirname "$(ls "$T"/prof/"$1"/syscall/*/*/matrix.json 2>/dev/null | head -n 1)"
}
start=$(date +%s)
pf_run a --profile "$pf_so" &
pf_run a2 --profile "$pf_so" &
pf_run b --profile "$pf_so" --cmdline audit=1 &
pf_run bad --profile "$T/pf-api99.so" &
wait
A=$(pf_dir a) A2=$(pf_dir a2) AB=$(pf_dir b) BAD=$(pf_dir bad)
check "profile: A twice, A with audit=1 and a refused plugin at once, all ok, in $(($(date +%s) - start))s" \
	sh -c "test ! -e '$T/prof.fail' && test -f '$A/0/profile.json' -a -f '$A2/0/profile.json' -a -f '$AB/0/profile.json'"
check "profile: a plugin this QEMU refuses: one line with the fix, the run kept without profile.json" \
	sh -c "test \$(grep -c '^bootbench: .* does not load the profile plugin .*: build it against this QEMU.s header (make run PROFILE=1 QEMU=.*); running without the profile$' '$T/prof-bad.out') -eq 1 &&
		test -f '$BAD/0/stats.json' && test ! -e '$BAD/0/profile.json'"
pf_pl=$("$j" "$A/0/stats.json" profile.path-length)
pf_self=$("$j" "$A/0/stats.json" profile.self.entry_SYSCALL_64)
check "profile: stats.json has the path length ($pf_pl instructions a loop) and the top functions' shares (entry_SYSCALL_64 $pf_self%)" \
	sh -c "awk -v p='$pf_pl' -v s='$pf_self' 'BEGIN { exit !(p > 500 && p < 10000 && s > 1 && s < 50) }'"
check "profile: profile.json names the kernel's functions from the guest's kallsyms, and user space" \
	sh -c "grep -q '\"name\":\"do_syscall_64\"' '$A/0/profile.json' && grep -q '\"user\":{\"name\":\"user\"' '$A/0/profile.json'"

# compare's list (the compare area builds the tool; T=profile alone too).
[ -x "$T/bootbench-compare" ] || build bootbench-compare report/*.c proto/*.c lib/*.c
# A/A: under deterministic timing the guest takes nothing at a
# host-timed moment (FIFO channels, the ports' buffers taken in the
# vCPU's own write: boot/session.c, boot/qemu.c), so the two runs, made
# at once beside two other boots, execute the same instructions: the
# path length and every function above 0.1% of the instructions agree
# exactly (they moved by up to 10% under load before).
"$T/bootbench-compare" --no-plot "$A" "$A2" >"$T/prof-aa.out" 2>&1
pf_total=$(awk '/^  \(total\)/ { sub(/%/, "", $NF); print $NF + 0; exit }' "$T/prof-aa.out")
pf_01=$(sed -n 's/.*above 0.1% of the instructions: \([0-9]*\), the largest change \([0-9.]*\)%.*/\1 \2/p' "$T/prof-aa.out")
check "profile: A/A: the path length identical ($pf_total%), every one of the functions above 0.1% of the instructions identical (count, largest change: $pf_01%)" \
	sh -c "awk -v t='$pf_total' -v a='$pf_01' 'BEGIN { split(a, f, \" \"); exit !(t != \"\" && f[1] > 10 && t == 0 && f[2] == 0) }'"
"$T/bootbench-compare" --no-plot "$A" "$AB" >"$T/prof-ab.out" 2>&1
pf_first=$(awk '/^  \(kernel\)/ { getline; print $1; exit }' "$T/prof-ab.out")
check "profile: A/B audit=1: the audit path's function changed most ($pf_first)" \
	sh -c "case '$pf_first' in *audit*) true ;; *) false ;; esac"
