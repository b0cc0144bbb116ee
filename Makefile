# bootbench: boot a kernel under QEMU, run a benchmark as children of a
# tiny static PID 1, and collect JSON results. `make help` lists it all.

# A value the user gives make, on its command line or in the
# environment, is its text as given. make expands such a variable at
# each use: `$(...)` in CMDLINE vanished, `$$` was halved and `$(shell
# ...)` ran, before any recipe (issue 51). Each is made simply
# expanded from its own text ($(value)) and exported as before, so
# that make never expands it again; recipes pass it on quoted ($(call
# sq)) or through the environment. USER_VARS names them, for the rules
# that ask whether the user set one (not make's own, nor a name that
# is none of make's: an exported shell function, "A(B").
name_chars := ( ) $$ %
USER_VARS := $(foreach v,$(filter-out MAKE% MFLAGS GNUMAKEFLAGS SHELL -% .%,$(.VARIABLES)),$(if \
	$(filter command line environment%,$(origin $(v))),$(if $(strip $(foreach c,$(name_chars),$(findstring $(c),$(v)))),,$(v))))
$(foreach v,$(USER_VARS),$(eval $(if $(filter environment,$(origin $(v))),,override) $(v) := $$(value $(v)))$(eval export $(v)))

## O: where everything built and run goes (default out; no space, quote or shell character)
O ?= out
# O names make's own targets and recipes: a space cannot be quoted in
# a target, and a quote, backtick or $ would run in `make clean`. Refused.
O_BAD := $(strip $(foreach c,` " ' ; & | < > * ? [ ] { } ! \ $$,$(findstring $(c),$(O))) \
	${findstring (,${O}}${findstring ),${O}})
ifneq ($(words $(O))$(O_BAD),1)
$(error bootbench: O="$(O)" is empty or holds a space or a shell character$(if $(O_BAD), ($(O_BAD))): give O a path of letters, digits and ._/+,:@%~=-)
endif
B := $(O)/build
RESULTS ?= $(O)/results

comma := ,
# A value as one shell word, whatever it holds: spaces, quotes, backticks.
# Every user value a recipe passes on goes through it.
sq = '$(subst ','\'',$(1))'

DESCS := $(sort $(wildcard benchmarks/*.desc))
DESC_LIST := $(B)/gen/descs.def
DESCS_LISTED := $(filter benchmarks/%,$(subst ",,$(file <$(DESC_LIST))))
# The lists make needs from the tables (the benchmarks, the job keys,
# run's options: TESTS, PARAM_VARS, RUN_OPT_VARS, RUN_FLAG_VARS) are a
# makefile fragment mk/tables.c prints, as the C reads the tables. make
# remakes it when a table changes, before anything else, and reads
# itself again (GNU make's "How Makefiles Are Remade"): on a fresh
# machine that is after the host's compiler is there, and every other
# make reads the fragment, running nothing.
TABLES_MK := $(B)/gen/tables.mk
MKTABLES := $(B)/host/mktables
# Not for the goals that build nothing: `make deps` as root wrote it,
# and the ordinary user's make run could not write O any more. make
# help makes a fragment of its own in a temporary directory (help-print).
NOBUILD_GOALS := deps help clean test-host
ifneq ($(if $(MAKECMDGOALS),$(filter-out $(NOBUILD_GOALS),$(MAKECMDGOALS)),all),)
include $(TABLES_MK)
endif

## ARCH: the guest's architecture, a row of boot/arch.def (default: this host's)
# A job file's "arch = arm64" (make reproduce's jobs say it) is the default.
JOB_ARCH := $(if $(JOB),$(shell sed -n 's/^arch *= *//p' $(call sq,$(JOB)) 2>/dev/null | tail -n 1))
ifneq ($(ARCHS),)
# The rows from the tables' fragment (ARCH_QEMU_arm64 := ...): no
# process but uname. ARCH may be any name the host tool takes for a row.
HOST_UNAME := $(shell uname -m)
HOST_ARCH := $(or $(firstword $(foreach a,$(ARCHS),$(if $(filter $(ARCH_UNAME_$(a)),$(HOST_UNAME)),$(a)))),$(firstword $(ARCHS)))
ARCH ?= $(or $(JOB_ARCH),$(HOST_ARCH))
ARCH_NAME := $(or $(ARCH_ALIAS_$(ARCH)),$(filter $(ARCH),$(ARCHS)),$(if $(ARCH),,$(HOST_ARCH)))
ifneq ($(words $(or $(ARCH),-) $(ARCH_NAME)),2)
$(error bootbench: ARCH=$(ARCH) is not an architecture bootbench knows: say ARCH= one of $(ARCHS) (boot/arch.def))
endif
$(foreach f,$(ARCH_FIELDS),$(eval ARCH_$(f) = $$(ARCH_$(f)_$$(ARCH_NAME))))
else
# The goals that read no fragment (make deps, help, clean), and the
# first parse on a new O, before the fragment is made: boot/arch.sh.
HOST_ARCH := $(shell boot/arch.sh | sed -n 's/^ARCH_NAME=//p')
ARCH ?= $(or $(JOB_ARCH),$(HOST_ARCH))
# The row as ARCH_QEMU, ARCH_IMAGE, ... (the command line words aside).
ARCH_ROW := $(shell boot/arch.sh $(call sq,$(ARCH)) 2>&1 | grep -v '^ARCH_CMDLINE=')
ifneq ($(filter bootbench:,$(firstword $(ARCH_ROW))),)
$(error $(ARCH_ROW))
endif
$(foreach kv,$(ARCH_ROW),$(eval $(kv)))
endif
# Another architecture's guest programs, libkmod, busybox and default
# kernel live under their own directories; this host's keep B's.
ifeq ($(ARCH_NAME),$(HOST_ARCH))
AB := $(B)
ARCH_SUFFIX :=
else
AB := $(B)/$(ARCH_NAME)
ARCH_SUFFIX := -$(ARCH_NAME)
endif

# What to boot and run. The benchmark parameters (RUNTIME, DURATION,
# PASSES, NR_TASK, ..., proto/jobkeys.def) and run's options (SMP, MEM,
# SOCKETS, ..., boot/options.def) are read from those tables below;
# unset, the tool's defaults hold (bootbench run --help).
KERNEL ?=
## MODULES: module tree of KERNEL (default: found next to it)
MODULES ?=
TEST ?= execl
## VNG: make bench-virtme: a directory with Debian's virtme-ng package unpacked
VNG ?=
## LAYER: make bench-layer: the Debian benchmark whose image layer is measured
LAYER ?= stress-ng
## BASE_TREE: make bench-outside: another checkout, built, whose make run takes turns with this one's
BASE_TREE ?=
RUNS ?= 1
## MAX_RUNS: make ab, reproduce RUNS=auto: the most runs a side (default 12)
MAX_RUNS ?=
ACCEL ?= auto
FIRMWARE ?= auto
# auto: a kernel with a PVH entry boots as an uncompressed vmlinux
BOOT ?= auto
CMDLINE ?=
# make lava-job JOB=... [LAVA_URL=]: LAVA job definitions in LAVA_OUT (docs/lava.md)
## LAVA_OUT: make lava-job: where the LAVA jobs go
LAVA_OUT ?= $(O)/lava
## LAVA_URL: make lava-job: where LAVA downloads the kernel and initramfs (empty: file:// here)
LAVA_URL ?=
# make run JOB=jobs/<name>.job [QUICK=1] [SHARD=i/n] [TAP=1] (docs/jobs.md)
JOB ?=
QUICK ?=
SHARD ?=
TAP ?=
# 1: a machine with more CPUs than this host is fitted to it; 0: never
FIT ?=
# Under TCG, the most vCPUs booted without FIT=0 (empty: 8 per host CPU)
MAX_VCPUS ?=
# make reproduce REPORT=mail BASE_KERNEL= NEW_KERNEL= [DRY=1] (docs/reproduce.md)
## REPORT: a saved 0-day/LKP report mail, for make reproduce
REPORT ?=
## NAME: make case-study: a study of docs/case-studies (pipe-read-wake-writer, ...)
NAME ?=
## BASE_KERNEL: the good kernel (reproduce, ab)
BASE_KERNEL ?=
## NEW_KERNEL: the bad kernel (reproduce, ab)
NEW_KERNEL ?=
## BASE_CMDLINE: the base side's kernel command line (reproduce, ab)
BASE_CMDLINE ?=
## NEW_CMDLINE: the new side's kernel command line (reproduce, ab)
NEW_CMDLINE ?=
## DRY: 1: make reproduce prints the job and the machine only; make bench-boot makes its images and boots nothing
DRY ?=
## PROFILE: 1: count instructions per kernel function with a QEMU plugin (run, ab, reproduce; docs/profile.md)
PROFILE ?=
## C2C: 1: a cache-line sharing census like perf c2c's with the same plugin, TIMING=deterministic (run, ab, reproduce; docs/c2c.md)
C2C ?=
## T: make test/check: only these areas of tests/run.sh, or test i of one: T=cpio,native or T=cpio.3 (AREA= too)
T ?=
## V: 1 prints every command
V ?=
## STREAM: make replay: a captured samples.jsonl
STREAM ?=
## FUZZ_SECONDS: make fuzz: seconds per fuzz target
FUZZ_SECONDS ?= 60
# Empty: the host tool takes the guest architecture's (boot/arch.def),
# which for make reproduce is the job's, not make's ARCH's.
QEMU ?=
# make kernel: a kernel tree, the base config and the fragments to merge
## KSRC: make kernel: the kernel source tree; make reproduce: a tree, a git tree or debian-6.1/debian-6.12, built twice (docs/kernels.md)
KSRC ?=
## BASE_REF: make reproduce KSRC=<git tree>: the base commit (default HEAD)
BASE_REF ?=
## NEW_REF: make reproduce KSRC=<git tree>: the new commit (default BASE_REF)
NEW_REF ?=
## PATCH: make reproduce KSRC=: the change applied on the new side (a -p1 diff)
PATCH ?=
## KBASE: make kernel, reproduce KSRC=: the base config (tinyconfig, defconfig, or a .config file: a report's kconfig)
KBASE ?= tinyconfig
## KCONFIG: make kernel: the kconfigs/ fragments to merge, comma separated (ARCH=arm64: base-arm64)
KCONFIG ?= base$(if $(filter-out x86_64,$(ARCH_NAME)),-$(ARCH_NAME)),bench
# The fragments as files, for the builds from a source.
KFRAGS = $(foreach f,$(subst $(comma), ,$(KCONFIG)),kconfigs/$(f).config)
KFRAGS_SQ = $(foreach f,$(KFRAGS),$(call sq,$(f)))
## KOUT: make kernel: the build directory
KOUT ?= $(O)/kernel/build$(ARCH_SUFFIX)
# make compare: kernel result directories, and how to judge them
## BASE: make compare: the base kernel's result directory
BASE ?=
## NEW: make compare: the new kernel's result directory (NEW2..NEW4: more)
NEW ?=
NEW2 ?=
NEW3 ?=
NEW4 ?=
## THRESHOLD: compare: % beyond which a significant drop fails (default 1, deterministic 0.2)
THRESHOLD ?=
## METRIC: compare: the metric the exit status is about (default: the headline)
METRIC ?=
## SVG: compare: a directory for SVG plots
SVG ?=
## CMP_FLAGS: compare: more options (--all, --lkp, --json, --no-plot, --fdr Q)
CMP_FLAGS ?=

HOSTCC ?= gcc
MUSLCC ?= musl-gcc
# The guest's glibc programs (exec_link=dynamic): the host's gcc, or
# ARCH's Debian cross compiler over Debian's glibc (init/glibc-cross.sh).
GLIBCC := $(HOSTCC)
GLIBCC_DEP :=
WARN := -Wall -Wextra -Werror
# Every include names its folder from the top: "proto/json.h", "lib/fileio.h";
# what the build generates from $(B): "gen/descs.def".
INC := -I. -I$(B)
HOST_CFLAGS ?= -O2 -g
GUEST_CFLAGS ?= -O2
# Fixed timestamp for the image, so that builds are reproducible.
SOURCE_DATE_EPOCH ?= 0


ifeq ($(V),1)
AT :=
quiet = @true
else
AT := @
quiet = @printf '  %-7s %s\n'
endif

DEFAULT_KERNEL_DIR := $(O)/kernel/default$(ARCH_SUFFIX)
DEFAULT_KERNEL := $(DEFAULT_KERNEL_DIR)/$(ARCH_IMAGE)
ifeq ($(strip $(KERNEL)),)
KERNEL_PATH := $(DEFAULT_KERNEL)
KERNEL_DEP := $(KERNEL_PATH)
else
KERNEL_PATH := $(KERNEL)
KERNEL_DEP :=
endif

# The benchmarks' descriptors, each included through shared/descs.h by
# gen/descs.def, rewritten only when the set of files changes: a new
# benchmarks/<name>.desc is read with no other edit. The set it holds
# is read with make's own $(file), no fork.

BOOTBENCH := $(B)/host/bootbench
COMPARE := $(B)/host/bootbench-compare
MKCPIO := $(B)/host/mkcpio
MKLAYER := $(B)/host/mklayer
LIBKMOD := $(AB)/libkmod/lib/libkmod.a
INIT := $(AB)/guest/init
# Programs a benchmark runs beside it, with no harness: execl's image,
# and the same built dynamic with glibc (-dyn), as LKP's build is.
BENCH_AUX := execl-image spawn-image execl-image-dyn spawn-image-dyn
BENCH_BINS := $(addprefix $(AB)/guest/bench/,$(TESTS) $(BENCH_AUX))
BASE_CPIO := $(AB)/base.cpio


PROTO_SRCS := $(wildcard proto/*.c)
# shared/: header-only helpers every side includes (kmod's shared/).
SHARED_HDRS := $(wildcard shared/*.h)
SHARED_SRCS := $(wildcard shared/*.c)
# boot/vmlinux.c decompresses a bzImage's payload with Debian's libraries.
VMLINUX_LIBS := -lz -llzma -lbz2 -llzo2 -llz4 -lzstd
# history/ keeps its database with Debian's libsqlite3 or libpq (docs/history.md).
HISTORY_LIBS := -lsqlite3 -lpq
LIB_SRCS := $(wildcard lib/*.c)
# The reader reads a metric's better way from report/rules.c, as compare does.
# bootbench ab calls compare's library (all of report/ but its main).
HOST_SRCS := $(wildcard boot/*.c) $(wildcard reproduce/*.c) $(PROTO_SRCS) $(LIB_SRCS) $(SHARED_SRCS) benchmarks/params.c \
	$(filter-out report/compare-main.c,$(wildcard report/*.c)) $(wildcard history/*.c)
COMPARE_SRCS := $(wildcard report/*.c) $(PROTO_SRCS) $(LIB_SRCS)
COMPARE_HDRS := $(wildcard report/*.h proto/*.h proto/*.def lib/*.h) $(SHARED_HDRS) $(DESCS) $(DESC_LIST)
HOST_HDRS := $(wildcard boot/*.h history/*.h reproduce/*.h proto/*.h proto/*.def lib/*.h report/*.h) $(SHARED_HDRS) benchmarks/params.h benchmarks/wis-tests.def benchmarks/aim9-tests.def \
	benchmarks/filebench.def \
	boot/cpus.def $(DESCS) $(DESC_LIST)
INIT_SRCS := $(wildcard init/*.c) proto/json.c proto/lava.c proto/disk.c proto/names.c $(SHARED_SRCS)
BENCH_COMMON := benchmarks/harness.c benchmarks/alarm.c benchmarks/params.c benchmarks/unixbench.c \
	benchmarks/messaging.c benchmarks/looper.c benchmarks/fscopy.c benchmarks/external.c proto/disk.c $(SHARED_SRCS)
# UnixBench's shell tests: our scripts and a generated sort input.
SHELL_FILES := multi.sh tst.sh sort.src aim.sh
BUSYBOX ?= /bin/busybox
ifneq ($(ARCH_NAME),$(HOST_ARCH))
# Debian's cross compiler with musl and busybox of ARCH's Debian
# packages, unpacked under AB (init/musl-cross.sh), never installed.
MUSLCC := $(abspath $(AB))/musl-gcc
BUSYBOX := $(AB)/busybox
# The rule's own name for it (make matches targets by their spelling).
MUSLCC_DEP := $(AB)/musl-gcc
GLIBCC := $(abspath $(AB))/glibc-gcc
GLIBCC_DEP := $(AB)/glibc-gcc
LIBKMOD_CROSS := $(MUSLCC) $(ARCH_TRIPLET)
endif

# make run passes every variable of the two tables that is set, through
# the environment (so values with spaces, quotes or backticks arrive as
# given): a parameter as --param key="$$KEY", an option as --opt "$$VAR".
# The tables' lists come from the fragment (mk/tables.c): PARAM_VARS
# as key:VARIABLE, RUN_OPT_VARS and RUN_FLAG_VARS as option:VARIABLE,
# the options with an argument and the flags. KERNEL aside: make run
# gives the default kernel's path when it is empty.
RUN_VARS := $(filter-out kernel:%,$(RUN_OPT_VARS))
var_of = $(word 2,$(subst :, ,$(1)))
key_of = $(word 1,$(subst :, ,$(1)))
PARAM_ARGS := $(foreach p,$(PARAM_VARS),$(if $($(call var_of,$(p))),--param $(call key_of,$(p))="$$$(call var_of,$(p))"))
RUN_ARGS := $(foreach o,$(RUN_VARS),$(if $($(call var_of,$(o))),--$(call key_of,$(o)) "$$$(call var_of,$(o))"))
$(foreach v,$(PARAM_VARS) $(RUN_VARS),$(eval run image ab reproduce: export $(call var_of,$(v)) := $$($(call var_of,$(v)))))
# What selects the job: the image is planned from it (bootbench run
# --image-plan: the job file's own tests, not TEST's default) and run.
RUN_SEL = $(PARAM_ARGS) $(RUN_ARGS) $(if $(filter 1,$(QUICK)),--quick) \
	$(if $(filter 1,$(FIT)),--fit) $(if $(filter 0,$(FIT)),--no-fit)
IMAGE_SH = DEB_ARCH=$(ARCH_DEB_ARCH) initramfs/image.sh $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(B) \
	$(call sq,$(KERNEL_PATH)) $(if $(MODULES),$(call sq,$(MODULES)))

# Sanitized objects for the tests (tests/lib.sh's build links them):
# one object per source, rebuilt when it or a header it includes changes.
SAN_CFLAGS := -g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
$(B)/asan/%.o: %.c
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(SAN_CFLAGS) -MMD -MP -c -o $@ $<
-include $(wildcard $(B)/asan/*/*.d $(B)/asan/*/*/*.d)

.PHONY: all plugin fetch test-host test-ksrc run lava-job check test deps help clean image kernel kernel-default qemu-backports format bench-boot bench-virtme bench-layer bench-pin bench-outside test-kernel fuzz replay host-bench compare reproduce ab bisect bisect-eval case-study history

## all: build the host tools and the base image
all: $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(MKLAYER) $(BASE_CPIO)

## deps: install (as root) or name the packages needed
# boot/deps.sh with the row read above: it runs no arch.sh of its own.
DEPS_SH = ARCH=$(call sq,$(ARCH)) ARCH_NAME=$(call sq,$(ARCH_NAME)) HOST_ARCH=$(call sq,$(HOST_ARCH)) \
	ARCH_QEMU=$(call sq,$(ARCH_QEMU)) ARCH_QEMU_PKG=$(call sq,$(ARCH_QEMU_PKG)) \
	ARCH_CROSS_GCC=$(call sq,$(ARCH_CROSS_GCC)) ARCH_CROSS_PKG=$(call sq,$(ARCH_CROSS_PKG)) boot/deps.sh
deps:
	$(AT)$(DEPS_SH) run

# make run's check of the host's packages, made again only when dpkg's
# database or deps.sh changed since it passed (installing or removing a
# package rewrites /var/lib/dpkg/status): the check was 0.05-0.16 s of
# every run, a third of what make run spent outside QEMU.
DEPS_STAMP := $(B)/deps-run-$(ARCH_NAME).ok
$(DEPS_STAMP): boot/deps.sh $(wildcard /var/lib/dpkg/status)
	$(AT)$(DEPS_SH) run
	$(AT)mkdir -p $(@D) && touch $@

# The tables' fragment (TABLES_MK above): built by the host's compiler
# alone, so that is installed first when it is missing (boot/deps.sh:
# as root it installs the host's packages, as a user it names them and
# fails), but not for make help, which installs nothing.
$(DESC_LIST): $(if $(filter-out $(DESCS_LISTED),$(DESCS))$(filter-out $(DESCS),$(DESCS_LISTED)),FORCE)
	$(AT)mkdir -p $(@D)
	$(AT)printf '#include "%s"\n' $(DESCS) >$@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@

$(MKTABLES): mk/tables.c shared/descs.h proto/jobkeys.def proto/storage.def boot/options.def boot/arch.def $(DESCS) $(DESC_LIST)
	$(AT)command -v $(HOSTCC) >/dev/null 2>&1 || $(if $(filter help-tables,$(MAKECMDGOALS)),\
		{ echo "bootbench: make help needs $(HOSTCC): make deps installs it" >&2; exit 2; },$(DEPS_SH) run)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) -O1 -o $@ mk/tables.c

# Each make its own temporary file, renamed whole: two makes at once on
# one B both remake it, and a shared name was moved away under the other.
$(TABLES_MK): $(MKTABLES)
	$(AT)$(MKTABLES) >$@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@ || { rm -f $@.tmp.$$$$; exit 1; }

# Never a file: a rule it is a prerequisite of runs each time.
FORCE:

$(BOOTBENCH): $(HOST_SRCS) $(HOST_HDRS)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ $(HOST_SRCS) $(VMLINUX_LIBS) $(HISTORY_LIBS) -lm

$(COMPARE): $(COMPARE_SRCS) $(COMPARE_HDRS)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ $(COMPARE_SRCS) -lm

$(MKCPIO): initramfs/mkcpio.c initramfs/cpio.c initramfs/cpio.h $(SHARED_HDRS)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ initramfs/mkcpio.c initramfs/cpio.c

$(MKLAYER): initramfs/mklayer.c $(SHARED_HDRS) benchmarks/debian.def proto/storage.def $(DESCS) $(DESC_LIST)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ initramfs/mklayer.c

$(LIBKMOD): init/libkmod-build.sh $(MUSLCC_DEP)
	$(AT)init/libkmod-build.sh $(AB)/libkmod $(LIBKMOD_CROSS)

$(AB)/musl-gcc: init/musl-cross.sh
	$(AT)init/musl-cross.sh $(AB) $(ARCH_DEB_ARCH) $(ARCH_CROSS_GCC) $(ARCH_CROSS_PKG)

$(AB)/glibc-gcc: init/glibc-cross.sh
	$(AT)init/glibc-cross.sh $(AB) $(ARCH_DEB_ARCH) $(ARCH_CROSS_GCC) $(ARCH_CROSS_PKG)

$(AB)/busybox:
	$(AT)tree=$$(DEB_ARCH=$(ARCH_DEB_ARCH) initramfs/layer.sh --tree $(B) busybox-static) && cp "$$tree/bin/busybox" $@

$(INIT): $(INIT_SRCS) init/init.h $(wildcard proto/*.h proto/*.def) $(SHARED_HDRS) $(DESCS) $(DESC_LIST) $(LIBKMOD)
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -I$(AB)/libkmod/include \
		-o $@ $(INIT_SRCS) $(LIBKMOD) -Wl,--gc-sections -s

# A benchmark of more than one file names the others here.
BENCH_EXTRA_will-it-scale := benchmarks/wis-cases.c benchmarks/wis-prep.c
BENCH_EXTRA_fio := proto/json_parse.c proto/json.c
# The AIM suite's test functions: aim9 runs one, aim7 many users of one.
AIM9_SRCS := benchmarks/aim9-tests.c benchmarks/aim9-arith.c benchmarks/aim9-disk.c \
	benchmarks/aim9-dir.c benchmarks/aim9-ipc.c benchmarks/aim9-proc.c benchmarks/aim9-num.c \
	benchmarks/aim9-mem.c benchmarks/aim9-misc.c
BENCH_EXTRA_aim9 := $(AIM9_SRCS)
BENCH_EXTRA_aim7 := $(AIM9_SRCS)
BENCH_EXTRA_filebench := benchmarks/filebench-flowops.c benchmarks/filebench-personalities.c
BENCH_EXTRA_HDRS := benchmarks/wis.h benchmarks/wis-tests.def benchmarks/wis-prep.c benchmarks/aim9.h benchmarks/aim9-tests.def $(AIM9_SRCS) \
	benchmarks/filebench.h benchmarks/filebench.def $(BENCH_EXTRA_filebench)

$(AB)/guest/bench/%: benchmarks/%.c $(MUSLCC_DEP) $(BENCH_COMMON) benchmarks/harness.h benchmarks/params.h benchmarks/unixbench.h benchmarks/messaging.h benchmarks/looper.h benchmarks/external.h $(SHARED_HDRS) $(BENCH_EXTRA_HDRS) benchmarks/wis-cases.c proto/jobkeys.def $(DESCS) $(DESC_LIST)
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(BENCH_COMMON) benchmarks/$*.c $(BENCH_EXTRA_$*) -lm -s

# The loops of execl and spawn: small static programs like the originals'.
$(AB)/guest/bench/execl-image: benchmarks/execl-image.c $(MUSLCC_DEP)
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $<

$(AB)/guest/bench/spawn-image: benchmarks/spawn-image.c benchmarks/alarm.c benchmarks/harness.h $(MUSLCC_DEP)
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(filter %.c,$^)

# exec_link=dynamic (make reproduce's choice): the same loops built by the guest's
# architecture's gcc against glibc, dynamic, as LKP builds UnixBench; the
# image's glibc is Debian's libc6 (the glibc layer, benchmarks/debian.def).
$(AB)/guest/bench/%-image-dyn: benchmarks/%-image.c benchmarks/alarm.c benchmarks/harness.h $(GLIBCC_DEP)
	$(quiet) GLIBCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(GLIBCC) $(WARN) $(INC) $(GUEST_CFLAGS) -DEXECL_IMAGE_PAD=8192 -o $@ $(filter %.c,$^) -s

$(B)/host/bench/%-image-dyn: benchmarks/%-image.c benchmarks/alarm.c benchmarks/harness.h
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(GUEST_CFLAGS) -DEXECL_IMAGE_PAD=8192 -o $@ $(filter %.c,$^)

$(B)/host/bench/%-image: benchmarks/%-image.c benchmarks/alarm.c benchmarks/harness.h
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(filter %.c,$^)

# The same benchmarks built for the host with its own compiler and libc,
# to run on bare metal beside the VM numbers: make host-bench.
HOST_BENCH_BINS := $(addprefix $(B)/host/bench/,$(TESTS) $(BENCH_AUX))

$(B)/host/bench/%: benchmarks/%.c $(BENCH_COMMON) benchmarks/harness.h benchmarks/params.h benchmarks/unixbench.h benchmarks/messaging.h benchmarks/looper.h benchmarks/external.h $(SHARED_HDRS) $(BENCH_EXTRA_HDRS) benchmarks/wis-cases.c proto/jobkeys.def $(DESCS) $(DESC_LIST)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(BENCH_COMMON) $< $(BENCH_EXTRA_$*) -lm -lpthread

$(AB)/guest/bench/shell/sort.src $(B)/host/bench/shell/sort.src: benchmarks/shell/sort-src.sh
	$(AT)mkdir -p $(@D)
	$(AT)benchmarks/shell/sort-src.sh >$@

$(AB)/guest/bench/shell/%.sh: benchmarks/shell/%.sh
	$(AT)mkdir -p $(@D) && cp $< $@

$(B)/host/bench/shell/%.sh: benchmarks/shell/%.sh
	$(AT)mkdir -p $(@D) && cp $< $@

## host-bench: build the benchmarks for this host (glibc) in O/build/host/bench
host-bench: $(HOST_BENCH_BINS) $(addprefix $(B)/host/bench/shell/,$(SHELL_FILES))
	@echo "bootbench: host builds in $(B)/host/bench: run e.g. $(B)/host/bench/hackbench --groups=10 --mode=threads"

$(AB)/base.spec: initramfs/base-spec.sh initramfs/applets.list initramfs/etc/passwd initramfs/etc/group $(DESCS) \
		$(addprefix $(AB)/guest/bench/shell/,$(SHELL_FILES))
	$(AT)mkdir -p $(@D)
	$(AT)initramfs/base-spec.sh $(abspath $(INIT)) $(abspath $(AB)/guest/bench) \
		$(BUSYBOX) initramfs/applets.list >$(AB)/core.spec
	$(AT)initramfs/base-spec.sh $(abspath $(INIT)) $(abspath $(AB)/guest/bench) \
		$(BUSYBOX) initramfs/applets.list $(TESTS) $(BENCH_AUX) >$@

# base.cpio holds every benchmark; core.cpio beside it none, for
# initramfs/image.sh to add the job's own (a boot-only job's image is
# 3.9 MB smaller, and the kernel unpacks it sooner).
$(BASE_CPIO): $(AB)/base.spec $(MKCPIO) $(INIT) $(BENCH_BINS) $(BUSYBOX)
	$(quiet) CPIO $@
	$(AT)$(MKCPIO) -t $(call sq,$(SOURCE_DATE_EPOCH)) -o $(AB)/core.cpio $(AB)/core.spec
	$(AT)$(MKCPIO) -t $(call sq,$(SOURCE_DATE_EPOCH)) -o $@ $(AB)/base.spec

$(DEFAULT_KERNEL):
	$(AT)boot/kernel-fetch.sh $(DEFAULT_KERNEL_DIR) $(ARCH) $(B)

## kernel-default: fetch the distribution kernel used when KERNEL is empty
kernel-default: $(DEFAULT_KERNEL)

# QEMU 10 from bookworm-backports, unpacked under O: icount with SMP > 1.
## qemu-backports: fetch Debian's QEMU 10 into O/qemu (TIMING=deterministic with SMP > 1)
qemu-backports:
	$(AT)boot/qemu-fetch.sh $(abspath $(O))/qemu
	@echo "QEMU=$(abspath $(O))/qemu/qemu-system-x86_64"

## image: build the initramfs for KERNEL and print its path
image: deps $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(KERNEL_DEP)
	$(AT)plan=$$($(BOOTBENCH) run --image-plan $(RUN_SEL)) && PLAN="$$plan" $(IMAGE_SH)

# PROFILE=1: the plugin built for QEMU; a failure is said in one line
# and the run goes on without the profile (docs/profile.md).
PLUGIN_BUILD = plugin/build.sh $(call sq,$(or $(QEMU),$(ARCH_QEMU))) $(B)/plugin

# The recipes' words for it: the plugin built first, then its options.
PLUGIN_SH = $(if $(filter 1,$(PROFILE) $(C2C)),plugin=$$($(PLUGIN_BUILD) || echo "bootbench: running without the profile" >&2);)
PLUGIN_ARGS = $(if $(filter 1,$(PROFILE) $(C2C)),$${plugin:+--profile "$$plugin"}) $(if $(filter 1,$(C2C)),$${plugin:+--c2c})
# run's flags that make says with 1, and the places under O.
RUN_FLAGS = $(if $(filter 1,$(V)),-v) $(if $(filter 1,$(Q)),--quiet) $(if $(filter 1,$(KEEP_DISK)),--keep-disk) \
	$(if $(DISK_DIR),,--disk-dir "$(B)/disks") --vmlinux-cache "$(B)/vmlinux" --build $(B)

## plugin: build the profile plugin (PROFILE=1) against QEMU's own qemu-plugin.h
plugin:
	$(AT)$(PLUGIN_BUILD) >/dev/null

## fetch: TEST=... (and DISK/FS/FS2/MD or JOB): fetch the kernel and the Debian packages of their layers, for offline runs
fetch:
	$(AT)DEB_REFRESH=1 $(MAKE) -s --no-print-directory image

## test-host: as root, in a fresh bookworm chroot: root's first make run installs the host's packages and runs, an ordinary user's make run of three Debian-program jobs installs nothing of them (minutes; not in make test)
test-host:
	$(AT)O="$(O)" tests/host.sh

## run: boot KERNEL, run TEST, write RESULTS/<test>/<params>/<release>/<N>
# The host tool plans the image from the job, has initramfs/image.sh
# assemble it (--build) and boots it: one process reads the job.
# Prerequisites, not a make of its own (which parsed this file again):
# make takes them left to right, so the host's packages come first.
run: $(DEPS_STAMP) $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(KERNEL_DEP)
	$(AT)$(PLUGIN_SH) $(BOOTBENCH) run $(PLUGIN_ARGS) --kernel $(call sq,$(KERNEL_PATH)) $(RUN_SEL) \
		$(if $(filter 1,$(TAP)),--tap) $(RUN_FLAGS) $(RUN_EXTRA)

# make check: the tier without boots (under a minute); make test: check
# and the boots. T=<area>[.<i>],... runs only those (AREA= is its old name).
## check: the tests without boots: unit, golden, image, native runs, bad input, replay, schema (< 1 min)
check:
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(MKLAYER) $(BASE_CPIO)
	$(AT)O="$(O)" B="$(B)" HOSTCC="$(HOSTCC)" TIER=check SEL="$(or $(T),$(AREA))" tests/run.sh

# The arguments of make run, written as LAVA jobs instead of booted.
## lava-job: JOB= or TEST=...: LAVA job definitions in LAVA_OUT, booting nothing (docs/lava.md)
lava-job: deps
	$(AT)$(MAKE) -s --no-print-directory run RUN_EXTRA='--lava $(call sq,$(LAVA_OUT)) $(if $(LAVA_URL),--lava-url $(call sq,$(LAVA_URL)))'

## test: check, then the boot tests on the default kernel (T=<area>[.<i>] selects: docs/tests.md)
test:
	$(AT)$(DEPS_SH) test
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(DEFAULT_KERNEL)
	$(AT)O="$(O)" B="$(B)" HOSTCC="$(HOSTCC)" TIER=test SEL="$(or $(T),$(AREA))" tests/run.sh

## kernel: build KSRC with KBASE + kconfigs/{KCONFIG}.config into KOUT
kernel:
	$(AT)test -n $(call sq,$(KSRC)) || { echo "bootbench: say KSRC=<linux source tree>" >&2; exit 2; }
	$(AT)$(DEPS_SH) kernel
	$(AT)KARCH=$(ARCH_KARCH) KIMAGE=$(ARCH_IMAGE) CROSS_COMPILE=$(if $(ARCH_SUFFIX),$(ARCH_TRIPLET)-) \
		kconfigs/kernel-build.sh $(call sq,$(KSRC)) $(call sq,$(KOUT)) $(call sq,$(KBASE)) \
		$(KFRAGS_SQ)

## case-study: NAME=<docs/case-studies/NAME>: rerun a case study from scratch (Debian's linux-source, two kernels built and cached as reproduce KSRC= does)
# NAME is checked first (a study of docs/case-studies, no path), then
# the packages; it names the work directory under O, quoted.
case-study:
	$(AT)test -n $(call sq,$(NAME)) || { echo "bootbench: say NAME=<a case study: ls docs/case-studies/*.cmds>" >&2; exit 2; }
	$(AT)docs/case-studies/run.sh --check $(call sq,$(NAME))
	$(AT)$(DEPS_SH) kernel
	$(AT)WORK=$(call sq,$(abspath $(O))/case-studies/$(NAME)) B=$(call sq,$(abspath $(B))) docs/case-studies/run.sh $(call sq,$(NAME))

## compare: BASE=<dir> NEW=<dir> [NEW2..NEW4]: LKP table + significance (docs/compare.md)
compare: $(COMPARE)
	$(AT)test -n $(call sq,$(BASE)) -a -n $(call sq,$(NEW)) || { echo "bootbench: say BASE=<kernel result dir> NEW=<kernel result dir> [NEW2=...]" >&2; exit 2; }
	$(AT)$(COMPARE) $(if $(THRESHOLD),--threshold $(call sq,$(THRESHOLD))) $(if $(METRIC),--metric $(call sq,$(METRIC))) \
		$(if $(SVG),--svg $(call sq,$(SVG))) $(foreach f,$(CMP_FLAGS),$(call sq,$(f))) $(call sq,$(BASE)) $(call sq,$(NEW)) \
		$(foreach n,$(NEW2) $(NEW3) $(NEW4),$(call sq,$(n)))

# The end-to-end suite on the distribution's linux-source built with
# kconfigs/ (cached while the fragments do not change): minutes to hours.
## test-kernel: build linux-source-6.1 with KCONFIG (cached) and run the boot tests on it
test-kernel: deps
	$(AT)$(DEPS_SH) kernel
	$(AT)$(DEPS_SH) test
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(DEFAULT_KERNEL)
	$(AT)kconfigs/test-kernel.sh $(O) $(B) $(call sq,$(KBASE)) $(KFRAGS_SQ)

# make reproduce KSRC='s builds for real: Debian's linux-source-6.12
# (or KSRC=), the cache, the incremental rebuild, a boot, a reproduction.
## test-ksrc: [KSRC=debian-6.12] [PATCH=]: make reproduce KSRC= on a real source: builds, cache, rebuild, boot (the base: 850 CPU s; not in make test)
test-ksrc: deps
	$(AT)$(DEPS_SH) kernel
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(BASE_CPIO)
	$(AT)O=$(call sq,$(O)) B=$(call sq,$(B)) KSRC=$(call sq,$(KSRC)) PATCH=$(call sq,$(PATCH)) tests/ksrc-build.sh

# make itself, for reproduce.sh to build another architecture's guest:
# a recipe that names $(MAKE) runs under make -n too, this one must not.
MAKE_NOT_RUN := $(MAKE)
# A report's job on two kernels and the verdict; RUNS defaults to 5 here
# and the report's machine is fitted to this host unless FIT=0.
## reproduce: REPORT=<mail> BASE_KERNEL= NEW_KERNEL= (or KSRC= [PATCH=] [BASE_REF= NEW_REF=]) [DRY=1]: a 0-day report on two kernels, verdict (docs/reproduce.md)
reproduce: export RUNS := $(if $(filter RUNS,$(USER_VARS)),$(RUNS),5)
reproduce: FIT := $(if $(FIT),$(FIT),1)
reproduce: deps
	$(AT)$(if $(KSRC),$(DEPS_SH) kernel)
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO)
	$(AT)$(PLUGIN_SH) MAKE=$(call sq,$(MAKE_NOT_RUN)) O=$(call sq,$(O)) ARCH=$(ARCH_NAME) \
		B=$(call sq,$(B)) RESULTS=$(call sq,$(RESULTS)) BOOTBENCH=$(BOOTBENCH) DRY=$(call sq,$(DRY)) \
		REPORT=$(call sq,$(REPORT)) BASE_KERNEL=$(call sq,$(BASE_KERNEL)) NEW_KERNEL=$(call sq,$(NEW_KERNEL)) \
		KSRC=$(call sq,$(KSRC)) BASE_REF=$(call sq,$(BASE_REF)) NEW_REF=$(call sq,$(NEW_REF)) PATCH=$(call sq,$(PATCH)) \
		KBASE=$(call sq,$(KBASE)) KFRAGS=$(call sq,$(KFRAGS)) \
		reproduce/reproduce.sh $(PLUGIN_ARGS) $(RUN_SEL) $(RUN_FLAGS) \
		--base-cmdline $(call sq,$(BASE_CMDLINE)) --new-cmdline $(call sq,$(NEW_CMDLINE)) --max-runs $(call sq,$(MAX_RUNS))

# Two kernels, runs alternating, and compare's verdict, in the host
# tool (boot/ab.c); RUNS defaults to 5 here (docs/compare.md). KSRC=
# builds both, as make reproduce KSRC= does (kconfigs/ksrc-pair.sh).
## ab: BASE_KERNEL= NEW_KERNEL= (or KSRC= [PATCH=] [BASE_REF= NEW_REF=]) TEST= [RUNS=5] [BASE_CMDLINE= NEW_CMDLINE=]: runs alternating, compare's verdict
ab: export RUNS := $(if $(filter RUNS,$(USER_VARS)),$(RUNS),5)
ab: deps
	$(AT)$(if $(KSRC),$(DEPS_SH) kernel)
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO)
	$(AT)$(PLUGIN_SH) base=$(call sq,$(BASE_KERNEL)) new=$(call sq,$(NEW_KERNEL)); \
	$(if $(KSRC),test -z "$$base$$new" || { echo "bootbench: say KSRC= (both kernels built from a source) or BASE_KERNEL= and NEW_KERNEL=$(comma) not both" >&2; exit 2; }; \
		kernels=$$(B=$(call sq,$(B)) KSRC=$(call sq,$(KSRC)) PATCH=$(call sq,$(PATCH)) KBASE=$(call sq,$(KBASE)) \
		BASE_REF=$(call sq,$(BASE_REF)) NEW_REF=$(call sq,$(NEW_REF)) KFRAGS=$(call sq,$(KFRAGS)) \
		kconfigs/ksrc-pair.sh $(BOOTBENCH) $(RUN_SEL)) || exit $$?; \
		base=$$(echo "$$kernels" | sed -n 's/^base //p'); new=$$(echo "$$kernels" | sed -n 's/^new //p');) \
	$(BOOTBENCH) ab $(PLUGIN_ARGS) $(RUN_SEL) $(RUN_FLAGS) --results $(call sq,$(RESULTS)/ab) \
		--base-kernel "$$base" --new-kernel "$$new" \
		--base-cmdline $(call sq,$(BASE_CMDLINE)) --new-cmdline $(call sq,$(NEW_CMDLINE)) \
		--metric $(call sq,$(METRIC)) --threshold $(call sq,$(THRESHOLD)) --max-runs $(call sq,$(MAX_RUNS))

# make bisect: a git tree's range, one commit built and run a step, the
# culprit confirmed by its A/B and its revert (boot/bisect*.c, docs/bisect.md).
## GOOD: make bisect: the good commit, a ref of KSRC (default: the report's base)
GOOD ?=
## BAD: make bisect: the bad commit, a ref of KSRC (default: the report's commit)
BAD ?=
## BISECT_OUT: make bisect: its directory, its log and bisect.json (default RESULTS/bisect/<good>-<bad>)
BISECT_OUT ?=
## BISECT_MAX_RUNS: make bisect: a step's most runs (default 2 deterministic, 3 x RUNS real time)
BISECT_MAX_RUNS ?=
## BISECT_ROOT: make bisect: the build leaf's root: its worktree, objects and images (default O/build/bisect)
BISECT_ROOT ?=
$(foreach v,$(PARAM_VARS) $(RUN_VARS),$(eval bisect: export $(call var_of,$(v)) := $$($(call var_of,$(v)))))
# Each end's runs: one is a measurement in deterministic timing, 5 in real time.
bisect: export RUNS := $(if $(filter RUNS,$(USER_VARS)),$(RUNS),$(if $(filter deterministic,$(TIMING)),1,5))
# A report's job names its own test: TEST's default would override it.
bisect: export TEST := $(if $(and $(REPORT),$(filter-out $(USER_VARS),TEST)),,$(TEST))
## bisect: KSRC=<git tree> GOOD= BAD= TEST= (or REPORT=<mail>) [METRIC=] [TIMING=] [make run variables]: the culprit commit (docs/bisect.md)
bisect: FIT := $(if $(REPORT),$(or $(FIT),1),$(FIT))
bisect: deps
	$(AT)$(DEPS_SH) kernel
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO)
	$(AT)$(PLUGIN_SH) ARCH=$(ARCH) KBASE=$(call sq,$(KBASE)) $(BOOTBENCH) bisect $(PLUGIN_ARGS) $(RUN_SEL) $(RUN_FLAGS) \
		--ksrc $(call sq,$(KSRC)) --good $(call sq,$(GOOD)) --bad $(call sq,$(BAD)) --report $(call sq,$(REPORT)) \
		--out $(call sq,$(BISECT_OUT)) --max-runs $(call sq,$(BISECT_MAX_RUNS)) --build-root $(call sq,$(BISECT_ROOT)) $(foreach f,$(KFRAGS),--kconfig $(call sq,$(f))) \
		--metric $(call sq,$(METRIC)) --threshold $(call sq,$(THRESHOLD))

# make history: the results history's change points and its page
# (docs/history.md); make run and make ab add to it when HISTORY= is set.
# HISTORY= is run's option (boot/options.def); make history reads it.
HISTORY_DB = $(or $(HISTORY),$(O)/history.db)
## ADD: make history: result directories (runs, or trees of them) to add first
ADD ?=
## HISTORY_JOB: make history: only this job (a test, or test/params)
HISTORY_JOB ?=
## HTML: make history: where the page goes (default O/history.html)
HTML ?=
## history: [HISTORY=] [ADD=<result dirs>] [HISTORY_JOB=] [METRIC=]: add runs, print the change points, write the page
history: $(BOOTBENCH)
	$(AT)$(if $(ADD),$(BOOTBENCH) history add --quiet --db $(call sq,$(HISTORY_DB)) $(foreach d,$(ADD),$(call sq,$(d))) &&) \
	$(BOOTBENCH) history changes --db $(call sq,$(HISTORY_DB)) --job=$(call sq,$(HISTORY_JOB)) --metric=$(call sq,$(METRIC)) && \
	$(BOOTBENCH) history html --db $(call sq,$(HISTORY_DB)) --job=$(call sq,$(HISTORY_JOB)) --metric=$(call sq,$(METRIC)) \
		-o $(call sq,$(or $(HTML),$(O)/history.html))

## NAMES: make bisect-eval: only these histories of tests/bisect/corpus.def (default: all)
NAMES ?=
## bisect-eval: [NAMES=]: make bisect over the labeled corpus, tallied: right, false, missed; minutes (docs/bisect.md)
bisect-eval: deps
	$(AT)O="$(O)" B="$(B)" RESULTS="$(RESULTS)/bisect-eval" tests/bisect/eval.sh $(foreach n,$(NAMES),$(call sq,$(n)))

## replay: run STREAM=<samples.jsonl> through the parser into RESULTS
replay: $(BOOTBENCH)
	$(AT)test -n $(call sq,$(STREAM)) || { echo "bootbench: say STREAM=<captured samples.jsonl>" >&2; exit 2; }
	$(AT)$(BOOTBENCH) replay $(call sq,$(STREAM)) $(call sq,$(RESULTS))

## fuzz: run every fuzz target for FUZZ_SECONDS=FUZZ_SECONDS (clang)
fuzz: $(DESC_LIST)
	$(AT)command -v clang >/dev/null || { echo "bootbench: make fuzz needs clang: apt-get install -y clang libclang-rt-14-dev" >&2; exit 2; }
	$(AT)B=$(B) FUZZ_SECONDS=$(call sq,$(FUZZ_SECONDS)) tests/fuzz/run.sh

## bench-boot: a boot-only job against an init that only powers off (default and KOUT kernels; DRY=1 boots nothing)
bench-boot: deps $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(DEFAULT_KERNEL)
	$(AT)O=$(O) B=$(B) KCONFIG_KERNEL=$(call sq,$(KOUT)/arch/x86/boot/bzImage) SMP=$(call sq,$(SMP)) MEM=$(call sq,$(MEM)) DRY=$(call sq,$(DRY)) tests/bench-boot.sh

# The first result against virtme-ng's on the same kernel.
## bench-virtme: VNG=<Debian's virtme-ng unpacked>: make run TEST=boot, vng --exec and the floor, rotated, medians
bench-virtme: $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(DEFAULT_KERNEL)
	$(AT)O=$(O) B=$(B) SMP=$(call sq,$(SMP)) MEM=$(call sq,$(MEM)) tests/bench-virtme.sh

# The boot-time and size cost of a Debian benchmark's image layer.
## bench-layer: boot-only jobs with and without LAYER=LAYER's image layer: sizes, medians
bench-layer: deps $(BOOTBENCH) $(MKCPIO) $(MKLAYER) $(BASE_CPIO) $(DEFAULT_KERNEL)
	$(AT)O=$(O) B=$(B) SMP=$(call sq,$(SMP)) MEM=$(call sq,$(MEM)) LAYER=$(call sq,$(LAYER)) tests/bench-layer.sh

# What PIN= does to the A/A spread, measured (docs/compare.md).
## bench-outside: N (5) make run TEST=boot: the time outside QEMU (make, the host tool, the image), BASE_TREE= takes turns (docs/kernels.md)
bench-outside: deps $(BOOTBENCH) $(DEFAULT_KERNEL)
	$(AT)O=$(O) BASE_TREE=$(call sq,$(BASE_TREE)) tests/bench-outside.sh

## bench-pin: N (10) alternated make runs of execl, context1, hackbench and will-it-scale futex1 at SMP=1 and 2, PIN=off and pinned: medians, CVs
bench-pin: deps $(BOOTBENCH) $(DEFAULT_KERNEL)
	$(AT)O=$(O) tests/bench-pin.sh

## format: clang-format the C sources
format:
	$(AT)clang-format -i $$(git ls-files '*.c' '*.h')

## clean: remove O
clean:
	rm -rf $(O)

# Written from the tables (boot/help.sh): "## target: text" above a
# rule, "## VARIABLE: text" above a variable, options.def, jobkeys.def.
# Read only for make help: two seds less on every other make.
ifneq ($(filter help-print,$(MAKECMDGOALS)),)
HELP_VARS := $(foreach o,$(RUN_OPT_VARS) $(RUN_FLAG_VARS),$(call var_of,$(o))) \
	$(foreach p,$(PARAM_VARS),$(call var_of,$(p))) \
	$(shell sed -n 's/^\#\# \([A-Z][A-Z0-9_]*\): .*/\1/p' Makefile)
$(foreach v,$(HELP_VARS),$(eval help-print: export $(v) := $$($(v))))
endif
# The tables' fragment of its own, in a temporary directory for B:
# make help writes nothing in O (NOBUILD_GOALS).
## help: this list
help:
	$(AT)d=$$(mktemp -d "$${TMPDIR:-/tmp}/bootbench-help.XXXXXX") && \
	$(MAKE) -s --no-print-directory help-tables B="$$d" >/dev/null && \
	$(MAKE) -s --no-print-directory help-print B="$$d"; rc=$$?; rm -rf "$$d"; exit $$rc

help-tables: $(TABLES_MK)

help-print:
	$(AT)sh boot/help.sh Makefile $(MKTABLES)
