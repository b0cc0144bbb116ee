# Area ksrc (make check): make reproduce KSRC='s arguments, refused in
# one line with exit 2 before anything is built, and a build that fails
# leaves no cached kernel. The trees are fixtures (a Makefile and
# arch/x86, a git one too): no kernel is compiled here. The real builds
# (Debian's linux-source-6.12, the cache, the incremental rebuild, a
# boot of both) are make test-ksrc (tests/ksrc-build.sh).
ks_b=$T/ksrc-b
ks_plain=$T/ksrc-plain
mkdir -p "$ks_plain/arch/x86" "$ks_plain/fs"
# kbuild stand-in: configuring fails, as a tree without flex would.
printf 'tinyconfig:\n\t@echo "fake kbuild: cannot configure" >&2; exit 1\n' >"$ks_plain/Makefile"
: >"$ks_plain/arch/x86/Kconfig"
printf 'int pipe_read(void)\n{\n\treturn 0;\n}\n' >"$ks_plain/fs/pipe.c"
printf -- '--- a/fs/pipe.c\n+++ b/fs/pipe.c\n@@ -1,4 +1,4 @@\n int pipe_read(void)\n {\n-\treturn 0;\n+\treturn 1;\n }\n' >"$T/ksrc-ok.patch"
sed 's/return 0;/return 2;/; s/return 1;/return 3;/' "$T/ksrc-ok.patch" >"$T/ksrc-bad.patch"
ks_git=$T/ksrc-git
cp -a "$ks_plain" "$ks_git"
git -C "$ks_git" init -q
git -C "$ks_git" -c user.name=t -c user.email=t@t add -A
git -C "$ks_git" -c user.name=t -c user.email=t@t commit -q -m base
ks() {
	kconfigs/ksrc.sh "$ks_b" "$@" tinyconfig kconfigs/base.config kconfigs/bench.config
}
expect_bad "KSRC that is no kernel tree" 2 "KSRC=$T is not a Linux source tree nor debian-6.1 or debian-6.12" \
	ks "$T" "$T/ksrc-ok.patch"
expect_bad "PATCH that does not exist" 2 "PATCH=$T/nosuch.patch does not exist" \
	ks "$ks_plain" "$T/nosuch.patch"
expect_bad "a patch that does not apply" 2 "PATCH=$T/ksrc-bad.patch does not apply to $ks_plain" \
	ks "$ks_plain" "$T/ksrc-bad.patch"
expect_bad "no change at all" 2 "nothing to compare: give the change as PATCH=<diff>$" \
	ks "$ks_plain" ""
expect_bad "BASE_REF on a tree that is not git's" 2 "BASE_REF and NEW_REF need a git tree" \
	env BASE_REF=HEAD kconfigs/ksrc.sh "$ks_b" "$ks_plain" "$T/ksrc-ok.patch" tinyconfig
expect_bad "an unknown BASE_REF" 2 "BASE_REF=v9.9 is not a commit of $ks_git" \
	env BASE_REF=v9.9 kconfigs/ksrc.sh "$ks_b" "$ks_git" "$T/ksrc-ok.patch" tinyconfig
expect_bad "an unknown NEW_REF" 2 "NEW_REF=nosuch is not a commit of $ks_git" \
	env NEW_REF=nosuch kconfigs/ksrc.sh "$ks_b" "$ks_git" "$T/ksrc-ok.patch" tinyconfig
expect_bad "a git tree, one ref and no patch" 2 "nothing to compare: give the change as PATCH=<diff> or NEW_REF=<commit>" \
	ks "$ks_git" ""
expect_bad "a patch that does not apply to the git tree's ref" 2 "PATCH=$T/ksrc-bad.patch does not apply to HEAD of $ks_git" \
	ks "$ks_git" "$T/ksrc-bad.patch"
expect_bad "KBASE, a config file that does not exist" 2 "KBASE=$T/nosuch.config does not exist" \
	kconfigs/ksrc.sh "$ks_b" "$ks_plain" "$T/ksrc-ok.patch" "$T/nosuch.config"
check "ksrc: nothing was written for the refused arguments (no kernel directory, no worktree)" \
	sh -c "! ls -d '$ks_b'/ksrc/k-* 2>/dev/null && [ \$(git -C '$ks_git' worktree list | wc -l) = 1 ]"
# A build that fails: exit 1 after kbuild's words, nothing cached.
for ks_t in "$ks_plain" "$ks_git"; do
	ks "$ks_t" "$T/ksrc-ok.patch" >"$T/ks.out" 2>"$T/ks.err"
	ks_rc=$?
	check "ksrc: a base that fails to build ($(basename "$ks_t")): exit 1, kbuild's message and one line of ours, no kernel directory or worktree left" \
		sh -c "[ $ks_rc = 1 ] && grep -q 'fake kbuild: cannot configure' '$T/ks.err' &&
			[ \$(grep -c '^bootbench: ' '$T/ks.err') = 1 ] && grep -q 'the base kernel of KSRC=.* did not build' '$T/ks.err' &&
			! ls -d '$ks_b'/ksrc/k-* 2>/dev/null && [ \$(git -C '$ks_git' worktree list | wc -l) = 1 ] && ! [ -s '$T/ks.out' ]"
done
# Through the command a user types: the report read, then the kernels.
ks_mail=tests/reproduce/reports/hackbench-pipe_read-7.5-reply-own-command.txt
make -s --no-print-directory reproduce O="$O" RESULTS="$T/ksrc-r" REPORT="$ks_mail" KSRC="$T" PATCH="$T/ksrc-ok.patch" \
	>"$T/ks.out" 2>"$T/ks.err"
check "ksrc: make reproduce KSRC=<not a tree> fails, saying so, before any run" \
	sh -c "[ $? != 0 ] && grep -q 'KSRC=$T is not a Linux source tree' '$T/ks.err' && ! [ -d '$T/ksrc-r/reproduce/hackbench-pipe_read-7.5-reply-own-command/base' ]"
# A mail whose job has a disk: the kernels are built with its drivers.
make -s --no-print-directory reproduce O="$O" RESULTS="$T/ksrc-d" REPORT=tests/sample/05-stress-ng-lockf-ext4-100.0.txt \
	KSRC="$T" PATCH="$T/ksrc-ok.patch" >"$T/ksd.out" 2>"$T/ksd.err"
check "ksrc: make reproduce KSRC= of a job on a disk (ext4) builds with kconfigs/disk.config, of hackbench's without" \
	sh -c "grep -q 'the job has a disk: the kernels get kconfigs/disk.config too' '$T/ksd.err' && ! grep -q disk.config '$T/ks.err'"
# make ab KSRC=: the same kernels from a source, for a TEST without a mail.
make -s --no-print-directory ab O="$O" RESULTS="$T/ksrc-ab" TEST=fio DISK=1HDD FS=ext4 KSRC="$T" PATCH="$T/ksrc-ok.patch" \
	>"$T/ksa.out" 2>"$T/ksa.err"
ks_rc=$?
check "ksrc: make ab KSRC=<not a tree> TEST=fio DISK=1HDD fails before any run, with the disk's config said" \
	sh -c "[ $ks_rc = 2 ] && grep -q 'KSRC=$T is not a Linux source tree' '$T/ksa.err' &&
		grep -q 'the kernels get kconfigs/disk.config too' '$T/ksa.err' && ! [ -d '$T/ksrc-ab/ab/base' ]"
make -s --no-print-directory ab O="$O" RESULTS="$T/ksrc-ab" TEST=boot KSRC="$ks_plain" BASE_KERNEL=x \
	>"$T/ksa.out" 2>"$T/ksa.err"
ks_rc=$?
check "ksrc: make ab with KSRC= and BASE_KERNEL= both is refused in one line" \
	sh -c "[ $ks_rc = 2 ] && grep -q 'say KSRC= (both kernels built from a source) or BASE_KERNEL= and NEW_KERNEL=, not both' '$T/ksa.err'"
expect_bad "make reproduce's PATCH without KSRC" 2 "BASE_REF, NEW_REF and PATCH need KSRC=" \
	env REPORT="$ks_mail" RESULTS="$T/ksrc-r" BOOTBENCH="$tool" B="$B" O="$O" KSRC= BASE_KERNEL= NEW_KERNEL= \
	PATCH="$T/ksrc-ok.patch" FIT=1 DRY= reproduce/reproduce.sh
expect_bad "make reproduce's KSRC and BASE_KERNEL both" 2 "say KSRC= (both kernels built from a source) or BASE_KERNEL= and NEW_KERNEL=, not both" \
	env REPORT="$ks_mail" RESULTS="$T/ksrc-r" BOOTBENCH="$tool" B="$B" O="$O" KSRC="$ks_plain" BASE_KERNEL=x NEW_KERNEL=y \
	PATCH="$T/ksrc-ok.patch" FIT=1 DRY= reproduce/reproduce.sh

# The build flow on a stand-in kbuild (tinyconfig, olddefconfig and
# merge_config.sh do nothing; bzImage runs FAKE_BUILD, then writes the
# tree's file.c as the image and the release): a new kernel that fails
# or is interrupted leaves no new kernel and the base cached, the tree
# given is never written, a success is cached, the release is the base's.
ks_fake=$T/ksrc-fake
mkdir -p "$ks_fake/arch/x86" "$ks_fake/scripts/kconfig"
: >"$ks_fake/arch/x86/Kconfig"
printf '#!/bin/sh\nexit 0\n' >"$ks_fake/scripts/kconfig/merge_config.sh"
chmod +x "$ks_fake/scripts/kconfig/merge_config.sh"
printf '%s\n' 'tinyconfig olddefconfig:' '	@mkdir -p $(O) && touch $(O)/.config' 'bzImage:' '	@$(FAKE_BUILD)' \
	'	@mkdir -p $(O)/arch/x86/boot $(O)/include/config && cp file.c $(O)/arch/x86/boot/bzImage' \
	'	@echo $(or $(KERNELRELEASE),6.1.0-fake) >$(O)/include/config/kernel.release' >"$ks_fake/Makefile"
echo pristine >"$ks_fake/file.c"
printf -- '--- a/file.c\n+++ b/file.c\n@@ -1 +1 @@\n-pristine\n+patched\n' >"$T/ksrc-fake.patch"
ks_fb=$T/ksrc-fb
ks_fake_run() { # FAKE_BUILD: the flow on the stand-in, its status in ks_rc
	FAKE_BUILD=$1 kconfigs/ksrc.sh "$ks_fb" "$ks_fake" "$T/ksrc-fake.patch" tinyconfig >"$T/ksf.out" 2>"$T/ksf.err"
	ks_rc=$?
}
ks_fake_run 'grep -q pristine file.c'
ks_fake_run 'grep -q pristine file.c'
check "ksrc: a new kernel that fails to build (twice): exit 1, the base cached, no new kernel, the tree given untouched" \
	sh -c "[ $ks_rc = 1 ] && grep -q 'the new kernel (the change on KSRC=.*) did not build' '$T/ksf.err' &&
		[ \$(ls -d '$ks_fb'/ksrc/k-*/built | wc -l) = 1 ] && [ \$(ls -d '$ks_fb'/ksrc/k-* | wc -l) = 1 ] &&
		[ \"\$(cat '$ks_fake/file.c')\" = pristine ] && ! [ -s '$T/ksf.out' ]"
(FAKE_BUILD='grep -q pristine file.c || sleep 30' exec setsid env --default-signal=INT \
	kconfigs/ksrc.sh "$ks_fb" "$ks_fake" "$T/ksrc-fake.patch" tinyconfig >/dev/null 2>&1) &
ks_pid=$!
ks_n=0
while ! ls "$ks_fb"/ksrc/k-*/src/file.c 2>/dev/null | xargs grep -l patched >/dev/null 2>&1 && [ $ks_n -lt 100 ]; do
	sleep 0.1
	ks_n=$((ks_n + 1))
done
sleep 0.5
kill -INT "-$ks_pid" 2>/dev/null
wait "$ks_pid"
ks_rc=$?
check "ksrc: SIGINT during the new build (exit $ks_rc): no new kernel left, the base still cached" \
	sh -c "[ $ks_n -lt 100 ] && [ $ks_rc = 130 ] && [ \$(ls -d '$ks_fb'/ksrc/k-* | wc -l) = 1 ] &&
		[ \$(ls -d '$ks_fb'/ksrc/k-*/built | wc -l) = 1 ]"
ks_fake_run true
ks_b1=$(sed -n 's/^base //p' "$T/ksf.out") ks_n1=$(sed -n 's/^new //p' "$T/ksf.out")
check "ksrc: a build that succeeds: the base from the cache, the new kernel the patched tree's, with the base's release" \
	sh -c "[ $ks_rc = 0 ] && grep -q '^  KERNEL  base .*(cached)' '$T/ksf.err' && [ \"\$(cat '$ks_b1')\" = pristine ] &&
		[ \"\$(cat '$ks_n1')\" = patched ] && [ \"\$(cat '$ks_fake/file.c')\" = pristine ] &&
		cmp '${ks_b1%/arch/x86/boot/bzImage}/include/config/kernel.release' '${ks_n1%/arch/x86/boot/bzImage}/include/config/kernel.release'"
ks_fake_run false
check "ksrc: the same source, patch and config again: both from the cache, nothing built" \
	sh -c "[ $ks_rc = 0 ] && [ \$(grep -c '(cached)' '$T/ksf.err') = 2 ] && [ \"\$(sed -n 's/^new //p' '$T/ksf.out')\" = '$ks_n1' ]"

# A hostile PATCH= (issue 51): the files the change writes are the
# patch tool's own list, each inside the tree. A `+++` line inside a
# hunk is a line of text: the file it names, outside the copy, is not
# copied over (a hard link to it kept), and the build goes on.
ks_fh=$T/ksrc-fh
mkdir -p "$ks_fh"
echo victim >"$T/ksrc-victim"
ln "$T/ksrc-victim" "$ks_fh/victim"
printf -- '--- a/file.c\n+++ b/file.c\n@@ -1 +1,2 @@\n-pristine\n+patched\n+++ b/../../../victim\n' >"$T/ksrc-hunk.patch"
FAKE_BUILD=true kconfigs/ksrc.sh "$ks_fh" "$ks_fake" "$T/ksrc-hunk.patch" tinyconfig >"$T/ksh.out" 2>"$T/ksh.err"
ks_rc=$?
check "ksrc: a PATCH whose hunk has a '+++ b/../../../<file>' line: built, and the file outside the tree untouched (its hard link kept, no .bb)" \
	sh -c "[ $ks_rc = 0 ] && [ \$(stat -c %h '$T/ksrc-victim') = 2 ] && [ \$(stat -c %i '$T/ksrc-victim') = \$(stat -c %i '$ks_fh/victim') ] &&
		! [ -e '$ks_fh/victim.bb' ] && grep -qx '++ b/../../../victim' \"\$(sed -n 's/^new //p' '$T/ksh.out')\""
# A file reached through a symbolic link out of the tree (patch's dry
# run passes a new file there): refused before anything is built, the
# file it reaches untouched.
ks_sym=$T/ksrc-sym
cp -a "$ks_fake" "$ks_sym"
mkdir -p "$T/ksrc-out"
echo outside >"$T/ksrc-out/file.c"
ln "$T/ksrc-out/file.c" "$T/ksrc-out-link"
ln -s "$T/ksrc-out" "$ks_sym/out"
printf -- '--- /dev/null\n+++ b/out/file.c\n@@ -0,0 +1 @@\n+written\n' >"$T/ksrc-sym.patch"
expect_bad "a PATCH of a file through a symbolic link out of the tree" 2 \
	"PATCH=$T/ksrc-sym.patch names out/file.c, which resolves outside the source tree (a symbolic link): give a -p1 patch of files inside the source tree" \
	env FAKE_BUILD=true kconfigs/ksrc.sh "$T/ksrc-fs" "$ks_sym" "$T/ksrc-sym.patch" tinyconfig
check "ksrc: the refused symbolic link's target untouched (its content, its hard link), nothing built" \
	sh -c "[ \"\$(cat '$T/ksrc-out/file.c')\" = outside ] && [ \$(stat -c %h '$T/ksrc-out-link') = 2 ] &&
		! [ -e '$T/ksrc-out/file.c.bb' ] && ! ls -d '$T/ksrc-fs'/ksrc/k-* 2>/dev/null"
# An absolute name and a name with .. (git's listing keeps them): refused
# in words of their own, before git's "does not apply".
printf -- '--- /dev/null\n+++ b//nonexistent/bootbench-evil\n@@ -0,0 +1 @@\n+x\n' >"$T/ksrc-abs.patch"
expect_bad "a PATCH naming an absolute path (git tree)" 2 \
	"PATCH=$T/ksrc-abs.patch names /nonexistent/bootbench-evil, an absolute path: give a -p1 patch" \
	ks "$ks_git" "$T/ksrc-abs.patch"
printf -- '--- /dev/null\n+++ b/fs/../../bootbench-evil\n@@ -0,0 +1 @@\n+x\n' >"$T/ksrc-dots.patch"
expect_bad "a PATCH naming a path with .. (git tree)" 2 \
	"PATCH=$T/ksrc-dots.patch names fs/../../bootbench-evil, a path with a .. in it: give a -p1 patch" \
	ks "$ks_git" "$T/ksrc-dots.patch"

# ARCH=arm64's kernel: what the one real cross build and boot showed
# (linux-source-6.12.118, docs/arm64.md "A kernel of our own"). make
# kernel ARCH=arm64 cross-builds arch/arm64/boot/Image from tinyconfig
# with base-arm64 and bench; and base-arm64 carries what tinyconfig and
# the tree's kvm_guest.config leave out and the boot needed: -M virt's
# PCIe host (no virtio-serial, so no results, without it), the PL011
# and its console (ttyAMA0), NUMA (the 2-node run), the initramfs.
make -n -s --no-print-directory kernel ARCH=arm64 KSRC=/nonexistent O="$T/ks-arm64" >"$T/ks-arm64.n" 2>&1
check "ksrc: make kernel ARCH=arm64 cross-builds the arm64 Image from tinyconfig + base-arm64 + bench" \
	sh -c "tr '\\\\\n\t' '   ' <'$T/ks-arm64.n' | tr -d \"'\" | grep -q 'KARCH=arm64 KIMAGE=Image CROSS_COMPILE=aarch64-linux-gnu- *kconfigs/kernel-build.sh .* tinyconfig *kconfigs/base-arm64.config kconfigs/bench.config'"
check "ksrc: kconfigs/base-arm64 has the options the arm64 boot needed and tinyconfig lacks (PCI_HOST_GENERIC, SERIAL_AMBA_PL011(_CONSOLE), NUMA, BLK_DEV_INITRD, DEVTMPFS)" \
	sh -c "for o in PCI_HOST_GENERIC SERIAL_AMBA_PL011 SERIAL_AMBA_PL011_CONSOLE NUMA BLK_DEV_INITRD DEVTMPFS; do
		grep -qx \"CONFIG_\$o=y\" kconfigs/base-arm64.config || exit 1; done"

# An older tree (issue 50): a fragment's option whose symbol no Kconfig
# file of the tree defines is dropped with one note naming it (set or
# "is not set"); one the tree defines but olddefconfig lost is still
# the error. The tree is a fixture with a kbuild stand-in: tinyconfig
# writes an empty .config, merge_config.sh concatenates, olddefconfig
# loses CONFIG_LOST (a dependency the tree would not meet).
ko=$T/ksrc-old
mkdir -p "$ko/arch/x86" "$ko/init" "$ko/scripts/kconfig"
printf 'VERSION = 4\nPATCHLEVEL = 9\nSUBLEVEL = 0\n' >"$ko/Makefile"
printf 'tinyconfig:\n\t: >$(O)/.config\nolddefconfig:\n\tgrep -v LOST $(O)/.config >$(O)/.c; mv $(O)/.c $(O)/.config\n' >>"$ko/Makefile"
printf 'config KEPT\n\tbool "kept"\nmenuconfig OFF_HERE\n\tbool\n' >"$ko/init/Kconfig"
printf '  config LOST\n\tbool\n' >"$ko/arch/x86/Kconfig.cpu"
printf '#!/bin/sh\nwhile [ "$1" = -m ] || [ "$1" = -O ]; do [ "$1" = -O ] && { o=$2; shift; }; shift; done\ncat "$@" >"$o/.c"; mv "$o/.c" "$o/.config"\n' \
	>"$ko/scripts/kconfig/merge_config.sh"
chmod +x "$ko/scripts/kconfig/merge_config.sh"
printf '# Help: x\nCONFIG_KEPT=y\nCONFIG_NEWER=y\n# CONFIG_OFF_HERE is not set\n# CONFIG_NEWER_OFF is not set\n' >"$T/ko-a.config"
printf '# Help: y\nCONFIG_KEPT=y\n' >"$T/ko-b.config"
kconfigs/kconfig-drop.sh "$ko" "$T/ko-out" "$T/ko-a.config" "$T/ko-b.config" >"$T/ko.list" 2>"$T/ko.err"
check "ksrc: an option the old tree's Kconfig lacks is dropped, set or not set, each with one note naming it and the tree's version" \
	sh -c "[ \$(wc -l <'$T/ko.err') = 2 ] &&
		grep -qx 'bootbench: note: CONFIG_NEWER of ko-a.config is not in this tree.s Kconfig (4.9.0): dropped' '$T/ko.err' &&
		grep -qx 'bootbench: note: CONFIG_NEWER_OFF of ko-a.config is not in this tree.s Kconfig (4.9.0): dropped' '$T/ko.err' &&
		! grep -q NEWER '$T/ko-out/ko-a.config' && grep -qx CONFIG_KEPT=y '$T/ko-out/ko-a.config' &&
		grep -qx '# CONFIG_OFF_HERE is not set' '$T/ko-out/ko-a.config'"
check "ksrc: a fragment the old tree knows whole is merged as it is, not copied" \
	sh -c "[ \"\$(cat '$T/ko.list')\" = '$T/ko-out/ko-a.config
$T/ko-b.config' ] && ! [ -e '$T/ko-out/ko-b.config' ]"
printf 'CONFIG_KEPT=y\nCONFIG_NEWER=y\n' >"$T/ko-c.config"
CONFIG_ONLY=1 kconfigs/kernel-build.sh "$ko" "$T/ko-build" tinyconfig "$T/ko-c.config" >/dev/null 2>"$T/ko.err"
check "ksrc: kernel-build.sh on the old tree configures with the absent option dropped" \
	sh -c "[ $? = 0 ] && grep -q 'CONFIG_NEWER of ko-c.config is not in' '$T/ko.err' && grep -qx CONFIG_KEPT=y '$T/ko-build/.config'"
printf 'CONFIG_KEPT=y\nCONFIG_LOST=y\nCONFIG_NEWER=y\n' >"$T/ko-d.config"
CONFIG_ONLY=1 kconfigs/kernel-build.sh "$ko" "$T/ko-build" tinyconfig "$T/ko-d.config" >/dev/null 2>"$T/ko.err"
check "ksrc: an option the old tree has but olddefconfig lost is still an error, naming it alone" \
	sh -c "[ $? = 1 ] && grep -qx 'bootbench: these options did not survive olddefconfig (a dependency is missing): CONFIG_LOST=y' '$T/ko.err'"

# An older tree's traps (kconfigs/eras.def through era.sh): each row is
# reached only by its era's text and its option, and answered by a make
# variable or an error naming it. Fixture trees, one of each era.
ke_old=$T/era-old ke_new=$T/era-new
mkdir -p "$ke_old/scripts/dtc" "$ke_old/arch/x86/tools" "$ke_new/scripts/dtc" "$ke_new/arch/x86/tools"
printf 'YYLTYPE yylloc;\n' >"$ke_old/scripts/dtc/dtc-lexer.l"
printf 'extern YYLTYPE yylloc;\n' >"$ke_new/scripts/dtc/dtc-lexer.l"
printf '\tcase R_X86_64_PC32:\n' >"$ke_old/arch/x86/tools/relocs.c"
printf '\tcase R_X86_64_PC32:\n\tcase R_X86_64_PLT32:\n' >"$ke_new/arch/x86/tools/relocs.c"
printf 'CONFIG_X86_64=y\nCONFIG_DTC=y\n' >"$T/era-dtc.config"
printf 'CONFIG_X86_64=y\nCONFIG_X86_NEED_RELOCS=y\n' >"$T/era-relocs.config"
check "ksrc: era: dtc's yylloc on an old tree with CONFIG_DTC answered by HOSTCC=gcc -fcommon, on a new one by nothing" \
	sh -c "[ \"\$(kconfigs/era.sh '$ke_old' '$T/era-dtc.config')\" = 'HOSTCC=gcc -fcommon' ] &&
		[ -z \"\$(kconfigs/era.sh '$ke_new' '$T/era-dtc.config')\" ] && [ -z \"\$(kconfigs/era.sh '$ke_old' '$T/era-relocs.config')\" ]"
expect_bad "era: an old tree's relocs tool with CONFIG_RANDOMIZE_BASE (R_X86_64_PLT32)" 2 \
	"era trap plt32-relocs, reached by CONFIG_X86_NEED_RELOCS=y: arch/x86/tools/relocs.c predates R_X86_64_PLT32.*leave CONFIG_RANDOMIZE_BASE out" \
	kconfigs/era.sh "$ke_old" "$T/era-relocs.config"
check "ksrc: era: a tree whose relocs tool knows R_X86_64_PLT32 builds with RANDOMIZE_BASE, nothing said" \
	sh -c "[ -z \"\$(kconfigs/era.sh '$ke_new' '$T/era-relocs.config' 2>&1)\" ]"
printf 'odd|arch/x86/tools/relocs.c|has|PC32|CONFIG_X86_64=y|patch|x\n' >"$T/era-bad.def"
expect_bad "era: a row of eras.def with an unknown answer" 2 "row odd has answer 'patch': say make, error or none" \
	kconfigs/era.sh "$ke_old" "$T/era-dtc.config" "$T/era-bad.def"
