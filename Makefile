# bootbench: boot a kernel under QEMU, run a benchmark as children of a
# tiny static PID 1, and collect JSON results. `make help` lists it all.

O ?= out
B := $(O)/build
RESULTS ?= $(O)/results

# What to boot and run
KERNEL ?=
MODULES ?=
TEST ?= execl
RUNTIME ?=
DURATION ?=
PASSES ?=
NR_TASK ?=
ITERATIONS ?=
WATCHDOG ?=
NR_THREADS ?=
GROUPS ?=
FDS ?=
LOOPS ?=
DATASIZE ?=
MODE ?=
IPC ?=
FAULT ?=
AIM9_TEST ?=
RUNS ?= 1
MONITORS ?=
SMP ?=
SOCKETS ?=
CORES ?=
THREADS ?=
NUMA ?=
MACHINE ?=
LSCPU ?=
MEM ?=
ACCEL ?= auto
FIRMWARE ?= auto
CMDLINE ?=
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
REPORT ?=
BASE_KERNEL ?=
NEW_KERNEL ?=
BASE_CMDLINE ?=
NEW_CMDLINE ?=
DRY ?=
# realtime, or deterministic: TCG counts instructions (docs/deterministic.md)
TIMING ?= realtime
ICOUNT_SHIFT ?= 5
TIMEOUT ?= 3600
FUZZ_SECONDS ?= 60
SILENCE ?= 120
QEMU ?= qemu-system-x86_64
# make kernel: a kernel tree, the base config and the fragments to merge
KSRC ?=
KBASE ?= tinyconfig
KCONFIG ?= base,bench
KOUT ?= $(O)/kernel/build
# make compare: kernel result directories, and how to judge them
BASE ?=
NEW ?=
NEW2 ?=
NEW3 ?=
NEW4 ?=
THRESHOLD ?=
METRIC ?=
SVG ?=
CMP_FLAGS ?=

HOSTCC ?= gcc
MUSLCC ?= musl-gcc
WARN := -Wall -Wextra -Werror
# Every include names its folder from the top: "proto/json.h", "lib/fileio.h".
INC := -I.
HOST_CFLAGS ?= -O2 -g
GUEST_CFLAGS ?= -O2
# Fixed timestamp for the image, so that builds are reproducible.
SOURCE_DATE_EPOCH ?= 0

comma := ,

ifeq ($(V),1)
AT :=
quiet = @true
else
AT := @
quiet = @printf '  %-7s %s\n'
endif

DEFAULT_KERNEL_DIR := $(O)/kernel/default
ifeq ($(strip $(KERNEL)),)
KERNEL_PATH := $(DEFAULT_KERNEL_DIR)/bzImage
KERNEL_DEP := $(KERNEL_PATH)
else
KERNEL_PATH := $(KERNEL)
KERNEL_DEP :=
endif

TESTS := $(shell sed -n 's/^TEST.\([a-z0-9_-]*\),.*/\1/p' benchmarks/tests.def)

BOOTBENCH := $(B)/host/bootbench
COMPARE := $(B)/host/bootbench-compare
MKCPIO := $(B)/host/mkcpio
LIBKMOD := $(B)/libkmod/lib/libkmod.a
INIT := $(B)/guest/init
BENCH_BINS := $(addprefix $(B)/guest/bench/,$(TESTS))
BASE_CPIO := $(B)/base.cpio

PROTO_SRCS := $(wildcard proto/*.c)
LIB_SRCS := $(wildcard lib/*.c)
# The reader reads a metric's better way from report/rules.c, as compare does.
HOST_SRCS := $(wildcard boot/*.c) $(wildcard reproduce/*.c) $(PROTO_SRCS) $(LIB_SRCS) benchmarks/params.c \
	report/rules.c report/stats.c
COMPARE_SRCS := $(wildcard report/*.c) $(PROTO_SRCS) $(LIB_SRCS)
COMPARE_HDRS := $(wildcard report/*.h proto/*.h lib/*.h) benchmarks/tests.def
HOST_HDRS := $(wildcard boot/*.h reproduce/*.h proto/*.h lib/*.h) benchmarks/params.h benchmarks/tests.def \
	boot/cpus.def report/rules.h report/stats.h
INIT_SRCS := $(wildcard init/*.c) proto/json.c
BENCH_COMMON := benchmarks/harness.c benchmarks/params.c benchmarks/unixbench.c \
	benchmarks/messaging.c benchmarks/looper.c benchmarks/fscopy.c
# UnixBench's shell tests: our scripts and a generated sort input.
SHELL_FILES := multi.sh tst.sh sort.src
BUSYBOX ?= /bin/busybox

PARAM_NAMES := runtime duration passes nr_task nr_threads iterations watchdog \
	groups fds loops datasize mode ipc monitors fault aim9_test
PARAM_ARGS := $(foreach p,$(PARAM_NAMES),\
	$(if $($(shell echo $(p) | tr a-z A-Z)),--param $(p)=$($(shell echo $(p) | tr a-z A-Z))))

.PHONY: all run test deps help clean image kernel kernel-default qemu-backports format bench-boot test-kernel fuzz replay host-bench compare reproduce ab

all: $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(BASE_CPIO)

deps:
	$(AT)boot/deps.sh run

$(BOOTBENCH): $(HOST_SRCS) $(HOST_HDRS)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ $(HOST_SRCS) -lm

$(COMPARE): $(COMPARE_SRCS) $(COMPARE_HDRS)
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(HOST_CFLAGS) -o $@ $(COMPARE_SRCS) -lm

$(MKCPIO): initramfs/mkcpio.c initramfs/cpio.c initramfs/cpio.h
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(HOST_CFLAGS) -o $@ initramfs/mkcpio.c initramfs/cpio.c

$(LIBKMOD): init/libkmod-build.sh
	$(AT)init/libkmod-build.sh $(B)/libkmod

$(INIT): $(INIT_SRCS) init/init.h proto/json.h $(LIBKMOD)
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -I$(B)/libkmod/include \
		-o $@ $(INIT_SRCS) $(LIBKMOD) -Wl,--gc-sections -s

$(B)/guest/bench/%: benchmarks/%.c $(BENCH_COMMON) benchmarks/harness.h benchmarks/params.h benchmarks/unixbench.h benchmarks/messaging.h benchmarks/looper.h
	$(quiet) MUSLCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(MUSLCC) -static $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(BENCH_COMMON) $< -lm

# The same benchmarks built for the host with its own compiler and libc,
# to run on bare metal beside the VM numbers: make host-bench.
HOST_BENCH_BINS := $(addprefix $(B)/host/bench/,$(TESTS))

$(B)/host/bench/%: benchmarks/%.c $(BENCH_COMMON) benchmarks/harness.h benchmarks/params.h benchmarks/unixbench.h benchmarks/messaging.h benchmarks/looper.h
	$(quiet) HOSTCC $@
	$(AT)mkdir -p $(@D)
	$(AT)$(HOSTCC) $(WARN) $(INC) $(GUEST_CFLAGS) -o $@ $(BENCH_COMMON) $< -lm -lpthread

$(B)/guest/bench/shell/sort.src $(B)/host/bench/shell/sort.src: benchmarks/shell/sort-src.sh
	$(AT)mkdir -p $(@D)
	$(AT)benchmarks/shell/sort-src.sh >$@

$(B)/guest/bench/shell/%.sh: benchmarks/shell/%.sh
	$(AT)mkdir -p $(@D) && cp $< $@

$(B)/host/bench/shell/%.sh: benchmarks/shell/%.sh
	$(AT)mkdir -p $(@D) && cp $< $@

host-bench: $(HOST_BENCH_BINS) $(addprefix $(B)/host/bench/shell/,$(SHELL_FILES))
	@echo "bootbench: host builds in $(B)/host/bench: run e.g. $(B)/host/bench/hackbench --groups=10 --mode=threads"

$(B)/base.spec: initramfs/base-spec.sh initramfs/applets.list benchmarks/tests.def \
		$(addprefix $(B)/guest/bench/shell/,$(SHELL_FILES))
	$(AT)mkdir -p $(@D)
	$(AT)initramfs/base-spec.sh $(abspath $(INIT)) $(abspath $(B)/guest/bench) \
		$(BUSYBOX) initramfs/applets.list $(TESTS) >$@

$(BASE_CPIO): $(B)/base.spec $(MKCPIO) $(INIT) $(BENCH_BINS) $(BUSYBOX)
	$(quiet) CPIO $@
	$(AT)$(MKCPIO) -t $(SOURCE_DATE_EPOCH) -o $@ $(B)/base.spec

$(DEFAULT_KERNEL_DIR)/bzImage:
	$(AT)boot/kernel-fetch.sh $(DEFAULT_KERNEL_DIR)

kernel-default: $(DEFAULT_KERNEL_DIR)/bzImage

# QEMU 10 from bookworm-backports, unpacked under O: icount with SMP > 1.
qemu-backports:
	$(AT)boot/qemu-fetch.sh $(O)/qemu
	@echo "QEMU=$(abspath $(O))/qemu/qemu-system-x86_64"

image: deps $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(KERNEL_DEP)
	$(AT)initramfs/image.sh $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(B) \
		$(KERNEL_PATH) $(MODULES)

run: deps
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(BASE_CPIO) $(KERNEL_DEP)
	$(AT)img=$$(initramfs/image.sh $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(B) \
		$(KERNEL_PATH) $(MODULES)) && \
	$(BOOTBENCH) run --kernel $(KERNEL_PATH) --initrd "$$img" \
		--test "$(TEST)" $(PARAM_ARGS) --smp "$(SMP)" --mem "$(MEM)" \
		--sockets "$(SOCKETS)" --cores "$(CORES)" --threads "$(THREADS)" \
		--numa "$(NUMA)" --machine "$(MACHINE)" --lscpu "$(LSCPU)" \
		--accel "$(ACCEL)" --firmware "$(FIRMWARE)" --cmdline "$(CMDLINE)" --timeout "$(TIMEOUT)" \
		--timing "$(TIMING)" --icount-shift "$(ICOUNT_SHIFT)" \
		--silence "$(SILENCE)" --results $(RESULTS) --qemu $(QEMU) \
		--runs "$(RUNS)" \
		$(if $(JOB),--job "$(JOB)") $(if $(filter 1,$(QUICK)),--quick) $(if $(filter 1,$(FIT)),--fit) \
		$(if $(filter 0,$(FIT)),--no-fit) $(if $(MAX_VCPUS),--max-vcpus "$(MAX_VCPUS)") \
		$(if $(SHARD),--shard "$(SHARD)") $(if $(filter 1,$(TAP)),--tap) \
		$(if $(filter 1,$(V)),-v) $(if $(filter 1,$(Q)),--quiet)

test:
	$(AT)boot/deps.sh test
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(BASE_CPIO) $(DEFAULT_KERNEL_DIR)/bzImage
	$(AT)O=$(O) B=$(B) HOSTCC=$(HOSTCC) AREA=$(AREA) tests/run.sh

kernel:
	$(AT)test -n "$(KSRC)" || { echo "bootbench: say KSRC=<linux source tree>" >&2; exit 2; }
	$(AT)boot/deps.sh kernel
	$(AT)kconfigs/kernel-build.sh $(KSRC) $(KOUT) $(KBASE) \
		$(foreach f,$(subst $(comma), ,$(KCONFIG)),kconfigs/$(f).config)

compare: $(COMPARE)
	$(AT)test -n "$(BASE)" -a -n "$(NEW)" || { echo "bootbench: say BASE=<kernel result dir> NEW=<kernel result dir> [NEW2=...]" >&2; exit 2; }
	$(AT)$(COMPARE) $(if $(THRESHOLD),--threshold $(THRESHOLD)) $(if $(METRIC),--metric $(METRIC)) \
		$(if $(SVG),--svg $(SVG)) $(CMP_FLAGS) $(BASE) $(NEW) $(NEW2) $(NEW3) $(NEW4)

# The end-to-end suite on the distribution's linux-source built with
# kconfigs/ (cached while the fragments do not change): minutes to hours.
test-kernel: deps
	$(AT)boot/deps.sh kernel
	$(AT)boot/deps.sh test
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE) $(MKCPIO) $(BASE_CPIO) $(DEFAULT_KERNEL_DIR)/bzImage
	$(AT)kconfigs/test-kernel.sh $(O) $(B) $(KBASE) $(foreach f,$(subst $(comma), ,$(KCONFIG)),kconfigs/$(f).config)

# A report's job on two kernels and the verdict; RUNS defaults to 5 here
# and the report's machine is fitted to this host unless FIT=0.
reproduce: deps
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE)
	$(AT)MAKE="$(MAKE)" O="$(O)" RESULTS="$(RESULTS)" BOOTBENCH=$(BOOTBENCH) COMPARE=$(COMPARE) \
		REPORT="$(REPORT)" BASE_KERNEL="$(BASE_KERNEL)" NEW_KERNEL="$(NEW_KERNEL)" \
		RUNS="$(if $(filter command line environment,$(origin RUNS)),$(RUNS),5)" \
		QUICK="$(QUICK)" FIT="$(if $(FIT),$(FIT),1)" DRY="$(DRY)" \
		BASE_CMDLINE="$(BASE_CMDLINE)" NEW_CMDLINE="$(NEW_CMDLINE)" MAX_VCPUS="$(MAX_VCPUS)" \
		reproduce/reproduce.sh

# Two kernels, runs alternating, and compare's verdict; RUNS defaults
# to 5 here (docs/compare.md).
ab: deps
	$(AT)$(MAKE) -s --no-print-directory $(BOOTBENCH) $(COMPARE)
	$(AT)MAKE="$(MAKE)" O="$(O)" RESULTS="$(RESULTS)" COMPARE=$(COMPARE) \
		BASE_KERNEL="$(BASE_KERNEL)" NEW_KERNEL="$(NEW_KERNEL)" \
		BASE_CMDLINE="$(BASE_CMDLINE)" NEW_CMDLINE="$(NEW_CMDLINE)" \
		RUNS="$(if $(filter command line environment,$(origin RUNS)),$(RUNS),5)" \
		THRESHOLD="$(THRESHOLD)" METRIC="$(METRIC)" \
		report/ab.sh

replay: $(BOOTBENCH)
	$(AT)test -n "$(STREAM)" || { echo "bootbench: say STREAM=<captured samples.jsonl>" >&2; exit 2; }
	$(AT)$(BOOTBENCH) replay "$(STREAM)" $(RESULTS)

fuzz:
	$(AT)command -v clang >/dev/null || { echo "bootbench: make fuzz needs clang: apt-get install -y clang libclang-rt-14-dev" >&2; exit 2; }
	$(AT)B=$(B) FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run.sh

bench-boot: $(BOOTBENCH) $(MKCPIO) $(BASE_CPIO) $(DEFAULT_KERNEL_DIR)/bzImage
	$(AT)O=$(O) B=$(B) KCONFIG_KERNEL=$(KOUT)/arch/x86/boot/bzImage SMP=$(SMP) MEM=$(MEM) tests/bench-boot.sh

format:
	$(AT)clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(O)

help:
	@echo 'bootbench: boot a kernel under QEMU and benchmark it'
	@echo
	@echo 'Targets:'
	@echo '  run           boot KERNEL, run TEST, write $(RESULTS)/<test>/<params>/<release>/<N>'
	@echo '  test          unit tests and boot tests on the default kernel'
	@echo '  test-kernel   build linux-source-6.1 with KCONFIG (cached) and run the boot tests on it'
	@echo '  image         build the initramfs for KERNEL and print its path'
	@echo '  kernel        build KSRC with KBASE + kconfigs/{KCONFIG}.config into KOUT'
	@echo '  kernel-default  fetch the distribution kernel used when KERNEL is empty'
	@echo '  qemu-backports  fetch Debian'"'"'s QEMU 10 into $(O)/qemu (TIMING=deterministic with SMP > 1)'
	@echo '  replay        run STREAM=<samples.jsonl> through the parser into RESULTS'
	@echo '  compare       BASE=<dir> NEW=<dir> [NEW2..NEW4]: LKP table + significance (docs/compare.md)'
	@echo '  ab            BASE_KERNEL= NEW_KERNEL= TEST= [RUNS=5] [BASE_CMDLINE= NEW_CMDLINE=]: runs alternating, compare'"'"'s verdict'
	@echo '  reproduce     REPORT=<mail> BASE_KERNEL= NEW_KERNEL= [DRY=1]: a 0-day report on two kernels, verdict (docs/reproduce.md)'
	@echo '  fuzz          run every fuzz target for FUZZ_SECONDS=$(FUZZ_SECONDS) (clang)'
	@echo '  bench-boot    a boot-only job against an init that only powers off (default and KOUT kernels)'
	@echo '  deps          install (as root) or name the packages needed'
	@echo '  host-bench    build the benchmarks for this host (glibc) in $(B)/host/bench'
	@echo '  all           build the host tools and the base image'
	@echo '  format        clang-format the C sources'
	@echo '  clean         remove $(O)'
	@echo
	@echo 'Variables (current value):'
	@echo '  KERNEL=$(KERNEL)		bzImage to boot (empty: $(DEFAULT_KERNEL_DIR)/bzImage)'
	@echo '  MODULES=$(MODULES)		module tree of KERNEL (default: found next to it)'
	@echo '  TEST=$(TEST)		one of: $(TESTS)'
	@echo '  RUNTIME=$(RUNTIME)		LKP runtime in s (UnixBench: runtime/10 iterations)'
	@echo '  DURATION=$(DURATION)		seconds per pass (default: the original program'"'"'s)'
	@echo '  PASSES=$(PASSES)		passes, overriding RUNTIME'
	@echo '  NR_TASK=$(NR_TASK)		parallel copies: N or N% of CPUs (default 1)'
	@echo '  ITERATIONS=$(ITERATIONS)		iterations in one boot (default 1)'
	@echo '  WATCHDOG=$(WATCHDOG)		seconds one iteration may run before it is killed'
	@echo '  NR_THREADS=$(NR_THREADS)	hackbench groups as N or N% of CPUs (LKP nr_threads)'
	@echo '  GROUPS=$(GROUPS) FDS=$(FDS) LOOPS=$(LOOPS) DATASIZE=$(DATASIZE)	hackbench / perf bench sizes'
	@echo '  MODE=$(MODE)		process or threads'
	@echo '  IPC=$(IPC)		socket or pipe (hackbench)'
	@echo '  RUNS=$(RUNS)		boots of the same job, each its own run directory'
	@echo '  JOB=$(JOB)		a job file (jobs/*.job): its test, parameters, machine; lists expand'
	@echo '  QUICK=$(QUICK)		1 scales a job'"'"'s runtime and loops down for a first look'
	@echo '  FIT=$(FIT)		1 fits a machine with more CPUs than this host'"'"'s (reproduce: 1 unless FIT=0); 0 boots it in full'
	@echo '  MAX_VCPUS=$(MAX_VCPUS)		under TCG, more vCPUs than this are refused unless FIT=0 (default 8 per host CPU)'
	@echo '  REPORT=$(REPORT)		a saved 0-day/LKP report mail, for make reproduce'
	@echo '  BASE_KERNEL=$(BASE_KERNEL) NEW_KERNEL=$(NEW_KERNEL)	the good and the bad kernel (reproduce, ab)'
	@echo '  BASE_CMDLINE=$(BASE_CMDLINE) NEW_CMDLINE=$(NEW_CMDLINE)	kernel command lines per side (reproduce, ab)'
	@echo '  DRY=$(DRY)		1: make reproduce prints the job and the machine only'
	@echo '  SHARD=$(SHARD)		i/n: this runner'"'"'s share of a job matrix'
	@echo '  TAP=$(TAP)		1 prints TAP lines (ok/not ok per run)'
	@echo '  Q=$(Q)		1 prints only the summary (the headline, where the results are, errors)'
	@echo '  MONITORS=$(MONITORS)		0 turns off the vmstat/interrupts/... monitors'
	@echo '  SMP=$(SMP)  MEM=$(MEM)		guest CPUs (default 2) and memory (default 1024M, or the profile'"'"'s)'
	@echo '  SOCKETS=$(SOCKETS) CORES=$(CORES) THREADS=$(THREADS)	CPU topology (CORES per socket, THREADS per core)'
	@echo '  NUMA=$(NUMA)		N nodes, or CPU lists per node: 0-3,8-11;4-7,12-15'
	@echo '  MACHINE=$(MACHINE)		a profile in boot/machines: $(notdir $(basename $(wildcard boot/machines/*.conf)))'
	@echo '  LSCPU=$(LSCPU)		an lscpu output (from a report) to copy the topology of'
	@echo '  ACCEL=$(ACCEL)		auto (KVM only where it really works), kvm or tcg'
	@echo '  FIRMWARE=$(FIRMWARE)		auto (qboot when QEMU ships it), seabios, qboot or a file'
	@echo '  CMDLINE=$(CMDLINE)		extra kernel command line'
	@echo '  TIMING=$(TIMING)	realtime, or deterministic (QEMU counts instructions: docs/deterministic.md)'
	@echo '  ICOUNT_SHIFT=$(ICOUNT_SHIFT)		deterministic: one guest instruction = 2^N ns'
	@echo '  TIMEOUT=$(TIMEOUT)		seconds for the whole boot'
	@echo '  AREA=$(AREA)		make test: only tests/<AREA>.sh (e.g. AREA=fit), after the builds'
	@echo '  SILENCE=$(SILENCE)		seconds without a guest record that mean a hang'
	@echo '  QEMU=$(QEMU)'
	@echo '  KSRC=$(KSRC) KBASE=$(KBASE) KCONFIG=$(KCONFIG) KOUT=$(KOUT)'
	@echo '  BASE=$(BASE) NEW=$(NEW)	kernel result directories to compare'
	@echo '  THRESHOLD=$(THRESHOLD)		compare: % beyond which a significant drop fails (default 1, deterministic 0.2)'
	@echo '  METRIC=$(METRIC)		compare: the metric the exit status is about (default: the headline)'
	@echo '  SVG=$(SVG)		compare: a directory for SVG plots'
	@echo '  CMP_FLAGS=$(CMP_FLAGS)		compare: more options (--all, --lkp, --json, --no-plot, --fdr Q)'
	@echo '  O=$(O)		all output (build cache, kernel, results)'
	@echo '  V=$(V)		V=1 shows full commands and the guest console'
