#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Our benchmarks against the originals, natively: docs/benchmarks.md.

Usage: tests/fidelity.py UNIXBENCH_DIR [--rounds N] [--seconds S]
       [--shell-seconds S] [--modes pinned,unpinned] [--only a,b]
       [--bench DIR]

UNIXBENCH_DIR is byte-unixbench's UnixBench directory, fetched and
built outside this repository with the linkage ours have:
    make CC=musl-gcc UB_GCC_OPTIONS=-O2 LDFLAGS=-static \\
        pgms/execl pgms/spawn pgms/context1 pgms/pipe pgms/syscall \\
        pgms/looper pgms/fstime
hackbench is rt-tests' (Debian's), sched pipe is `perf bench sched pipe`
(Debian's linux-perf); rows whose original is missing are left out.
Ours are DIR (default out/build/guest/bench, `make all`), run in their
--copy mode as the harness runs a copy.

Each round runs every program on both sides, the side that goes first
alternating round by round; pinned runs sit on the last CPU (taskset),
unpinned ones anywhere. A rate is UnixBench's: count / (wall time /
timebase), or the KBps the program reports; hackbench 1 / its Time;
sched pipe its ops/sec. Printed: the medians, the median of the
rounds' ratios ours/original, and the CPU time (user + system, the
program and its children, from wait4) per loop, ours/original, which
the load of the machine moves less than the wall clock. Then the user
instructions of one execl loop, from valgrind's callgrind (load-free),
when valgrind is there. CPU and faults per loop are per UnixBench loop,
or per run for hackbench and sched pipe; none for the KBps tests.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

UB_PROGS = ["execl", "spawn", "context1", "pipe", "syscall", "looper",
            "fstime"]
FS = {"fstime": (1024, 2000), "fsbuffer": (256, 500), "fsdisk": (4096, 8000)}
SIMPLE = ["execl", "spawn", "context1", "pipe", "syscall"]
SCHED_PIPE_LOOPS = 100000


def die(msg):
    print("fidelity: " + msg, file=sys.stderr)
    sys.exit(2)


def run(cmd, env=None, cwd=None):
    """Run cmd; return (output, wall seconds, CPU seconds and minor page
    faults of it and its children)."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=env, cwd=cwd)
    out = p.stdout.read().decode(errors="replace")
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        die("%s failed (exit %d): %s" % (" ".join(cmd), p.returncode,
                                          out.strip()[-300:]))
    return out, wall, (ru.ru_utime + ru.ru_stime, ru.ru_minflt)


def ub_rate(out, wall, use, cmd):
    """UnixBench's rate from the last COUNT line (fstime prints one per
    phase, context1 one per process), and the use per loop."""
    m = re.findall(r"COUNT\|([0-9.]+)\|([0-9]+)\|", out)
    if not m:
        die("%s printed no COUNT line: %s" % (" ".join(cmd), out[-300:]))
    count, timebase = float(m[-1][0]), int(m[-1][1])
    if timebase == 0 or not count:
        return count, None
    return count / (wall / timebase), (use[0] / count, use[1] / count)


class Side:
    """How one side runs each program: argv, environment, directory."""

    def __init__(self, name, cmds):
        self.name, self.cmds = name, cmds


def orig_side(ub, work, tmp):
    pg = os.path.join(ub, "pgms")
    env = dict(os.environ, UB_BINDIR=pg, UB_TMPDIR=tmp)
    cmds = {}
    for p in SIMPLE:
        cmds[p] = lambda s, p=p: ([os.path.join(pg, p), str(s)], env, None)
    for p, (b, m) in FS.items():
        cmds[p] = lambda s, b=b, m=m: ([os.path.join(pg, "fstime"), "-c",
                                        "-t", str(s), "-d", tmp, "-b",
                                        str(b), "-m", str(m)], env, None)
    for p, n in (("shell1", 1), ("shell8", 8)):
        cmds[p] = lambda s, n=n: ([os.path.join(pg, "looper"), str(s),
                                   os.path.join(pg, "multi.sh"), str(n)],
                                  env, work)
    if shutil.which("hackbench"):
        cmds["hackbench"] = lambda s: (["hackbench"], env, None)
    if shutil.which("perf") and subprocess.run(
            ["perf", "bench", "sched", "pipe", "-l", "10"],
            capture_output=True).returncode == 0:
        cmds["sched-pipe"] = lambda s: (["perf", "bench", "sched", "pipe",
                                         "-l", str(SCHED_PIPE_LOOPS)],
                                        env, None)
    return Side("original", cmds)


def our_side(bench, tmp):
    env = dict(os.environ, TMPDIR=tmp)
    cmds = {}
    for p in SIMPLE + list(FS) + ["shell1", "shell8"]:
        cmds[p] = lambda s, p=p: ([os.path.join(bench, p), "--copy", str(s)],
                                  env, None)
    cmds["hackbench"] = lambda s: ([os.path.join(bench, "hackbench"),
                                    "--passes=1"], env, None)
    cmds["sched-pipe"] = lambda s: ([os.path.join(bench,
                                                  "perf-bench-sched-pipe"),
                                     "--loops=%d" % SCHED_PIPE_LOOPS],
                                    env, None)
    return Side("ours", cmds)


def measure(side, prog, seconds, pin):
    cmd, env, cwd = side.cmds[prog](seconds)
    cmd = pin + cmd
    out, wall, use = run(cmd, env, cwd)
    if prog == "hackbench":
        m = re.search(r"^Time: ([0-9.]+)", out, re.M)
        if not m:
            die("hackbench printed no Time: " + out[-300:])
        return 1 / float(m.group(1)), use
    if prog == "sched-pipe":
        m = re.search(r"([0-9.]+) ops/sec", out) or re.search(
            r"ops_per_sec ([0-9.]+)", out)
        if not m:
            die("sched pipe printed no ops/sec: " + out[-300:])
        return float(m.group(1)), use
    return ub_rate(out, wall, use, cmd)


def execl_ir(cmd, env):
    """User instructions of one execl loop: one image that is not the
    last, from its start to its execve (callgrind dumps there)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg")
        far = str(int(time.time()) + 100000)
        # START in the future: the image execs again; the exec'd ones run
        # natively and are stopped by the timeout.
        try:
            subprocess.run(["valgrind", "--tool=callgrind",
                            "--dump-before=execve",
                            "--callgrind-out-file=" + out] + cmd +
                           ["0", "1", "1", far], capture_output=True,
                           env=env, timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            text = open(out + ".1").read()
        except OSError:
            return None
        m = re.search(r"^totals: ([0-9]+)", text, re.M)
        return int(m.group(1)) if m else None


def instructions(ub, bench):
    if not shutil.which("valgrind"):
        return ["(valgrind missing: no instruction counts)"]
    pg = os.path.join(ub, "pgms")
    env = dict(os.environ, UB_BINDIR=pg)
    rows = ["| user instructions per loop (callgrind) | original | ours |"
            " ours/original |", "|---|---|---|---|"]
    o = execl_ir([os.path.join(pg, "execl")], env)
    u = execl_ir([os.path.join(bench, "execl-image")], env)
    if o and u:
        rows.append("| execl (one image to its execve) | %d | %d | %.3f |"
                    % (o, u, u / o))
    return rows


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    ap.add_argument("unixbench")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--shell-seconds", type=int, default=10)
    ap.add_argument("--modes", default="pinned,unpinned")
    ap.add_argument("--only", default="")
    ap.add_argument("--bench", default=os.path.join(
        os.environ.get("O", "out"), "build", "guest", "bench"))
    a = ap.parse_args()
    ub = os.path.abspath(a.unixbench)
    bench = os.path.abspath(a.bench)
    for p in UB_PROGS:
        if not os.access(os.path.join(ub, "pgms", p), os.X_OK):
            die("%s/pgms/%s is missing: build byte-unixbench there with "
                "make CC=musl-gcc UB_GCC_OPTIONS=-O2 LDFLAGS=-static" % (ub, p))
    for p in ["execl", "execl-image", "spawn-image", "shell1", "hackbench"]:
        if not os.access(os.path.join(bench, p), os.X_OK):
            die("%s/%s is missing: run make all first (or say --bench DIR)"
                % (bench, p))
    if a.rounds < 1 or a.seconds < 1 or a.shell_seconds < 1:
        die("--rounds, --seconds and --shell-seconds must be at least 1")
    with tempfile.TemporaryDirectory(prefix="fidelity.") as top:
        work, tmp = os.path.join(top, "work"), os.path.join(top, "tmp")
        os.mkdir(work)
        os.mkdir(tmp)
        shutil.copy(os.path.join(ub, "testdir", "sort.src"), work)
        sides = [orig_side(ub, work, tmp), our_side(bench, tmp)]
        progs = [p for p in SIMPLE + ["shell1", "shell8"] + list(FS) +
                 ["hackbench", "sched-pipe"] if p in sides[0].cmds]
        if a.only:
            progs = [p for p in progs if p in a.only.split(",")]
        last = str(os.cpu_count() - 1)
        modes = {"pinned": ["taskset", "-c", last], "unpinned": []}
        print("%s, %d CPUs; load before: %s" % (
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            os.cpu_count(), open("/proc/loadavg").read().strip()))
        print("%d rounds, %d s per UnixBench run (shell: %d s), sides "
              "alternating; pinned: taskset -c %s\n" % (
                  a.rounds, a.seconds, a.shell_seconds, last))
        print("| program | mode | original | ours | ours/original "
              "(rounds' range) | CPU per loop ours/original | faults per "
              "loop original, ours |")
        print("|---|---|---|---|---|---|---|")
        for mode in a.modes.split(","):
            if mode not in modes:
                die("unknown mode '%s': pinned or unpinned" % mode)
            for prog in progs:
                secs = a.shell_seconds if prog.startswith("shell") \
                    else a.seconds
                res = {s.name: [] for s in sides}
                for r in range(a.rounds):
                    order = sides if r % 2 == 0 else sides[::-1]
                    for s in order:
                        res[s.name].append(measure(s, prog, secs,
                                                   modes[mode]))
                o, u = res["original"], res["ours"]
                ratios = [u[i][0] / o[i][0] for i in range(a.rounds)]
                ratio = "%.3f (%.2f-%.2f)" % (statistics.median(ratios),
                                              min(ratios), max(ratios))
                cpu = flt = "-"
                if all(x[1] for x in o + u):
                    cpu = "%.3f" % statistics.median(
                        u[i][1][0] / o[i][1][0] for i in range(a.rounds))
                    flt = "%.2f, %.2f" % (
                        statistics.median(x[1][1] for x in o),
                        statistics.median(x[1][1] for x in u))
                print("| %s | %s | %.4g | %.4g | %s | %s | %s |" % (
                    prog, mode, statistics.median(x[0] for x in o),
                    statistics.median(x[0] for x in u), ratio, cpu, flt),
                    flush=True)
        print()
        for row in instructions(ub, bench):
            print(row)
        print("\nload after: " + open("/proc/loadavg").read().strip())


if __name__ == "__main__":
    main()
