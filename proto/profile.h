/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The profile window's markers (docs/protocol.md, docs/profile.md): two
 * 7-byte NOPs, nopl MAGIC(%rax), that the init executes right before it
 * starts a benchmark's iteration and right after it reaped it. They do
 * nothing on any x86-64 CPU; the QEMU plugin (plugin/bbprof.c) sees
 * their bytes when it translates them and opens or closes its window.
 */
#ifndef BOOTBENCH_PROFILE_H
#define BOOTBENCH_PROFILE_H

#define PROFILE_MARK_LEN 7
/* 0f 1f 80: nopl disp32(%rax); the 4 bytes that follow are the magic. */
#define PROFILE_MARK_OPCODE "\x0f\x1f\x80"
#define PROFILE_MARK_OPEN 0x50425342u /* "BSBP" */
#define PROFILE_MARK_CLOSE 0x50425343u
#ifdef __x86_64__
#define PROFILE_MARK_ASM(magic) "nopl " #magic "(%%rax)"
#else
/* No marker elsewhere: the host runs other architectures unprofiled. */
#define PROFILE_MARK_ASM(magic) ""
#endif

/* Addresses from here up are the kernel's (x86-64's upper half). */
#define PROFILE_KERNEL_START 0xffff800000000000ull

/*
 * C2C=1's window W (docs/c2c.md): a load is a potential HITM when
 * another vCPU wrote the line within this many instructions of the
 * loader's own instruction count; above the longest round-robin slice
 * measured under icount (QEMU 10, SMP=2: mean 11708-19645, longest
 * 141181 with the cacheline benchmark's counters, 3097326 with its fd
 * loops, where a slice ran to the 100 ms kick).
 */
#define PROFILE_C2C_W (1ull << 22)
/* The most vCPUs the census tells apart (a byte of flags per code). */
#define PROFILE_C2C_CPUS 8

/* The virtio-serial port the init copies /proc/kallsyms into. */
#define PROFILE_PORT_NAME "bootbench.kallsyms"

/*
 * What a guest makes QEMU write into the run directory under PROFILE=1
 * is capped, as console.log and samples.jsonl are: a kernel's kallsyms
 * is a few MiB (the port's file: the host ends the run past the cap,
 * boot/session.c), its kernel blocks' counts as much, and the census's
 * bounded table at most about 45 MiB. The plugin stops writing its two
 * files at their caps and ends them with PROFILE_CUT_MARK's line; the
 * host reads none of the three past its cap, and the run is truncated.
 */
#define PROFILE_KALLSYMS_MAX (64UL << 20)
#define PROFILE_RAW_MAX (64UL << 20)
#define PROFILE_C2C_MAX (128UL << 20)
#define PROFILE_CUT_MARK "# bootbench: cut at the cap of"

#endif
