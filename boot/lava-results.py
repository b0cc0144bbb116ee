#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""LAVA's results of a `make lava-job` job back into a bootbench run directory.

usage: lava-results.py [--results DIR] [--bootbench BIN] JOB.yaml LAVA_RESULTS

JOB.yaml is the job definition (the file make lava-job wrote, or
`lavacli jobs definition ID`): its metadata names the test, the
parameters and the kernel. LAVA_RESULTS is what LAVA said: lava-run's
log (its standard error), a server's job log (`lavacli jobs logs ID
--raw`), or its test results (`lavacli results ID --yaml`, or the REST
API's JSON). The test cases of the bootbench suite become the records
they were printed from (docs/lava.md), and `bootbench replay` writes
RESULTS/<test>/<params>/<release>/<N> from them, as make run would.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    sys.exit("bootbench: lava-results.py needs PyYAML: apt-get install -y python3-yaml")

HERE = os.path.dirname(os.path.abspath(__file__))
# LAVA nests its logs and results a few levels deep; deeper is refused
# before Python's recursion gives out.
YAML_DEPTH_MAX = 64


def shown(text):
    """LAVA's text made safe for a terminal, as proto/names.c's names_escape:
    printable ASCII kept, every other byte (and the backslash) written \\xNN."""
    return "".join(chr(b) if 0x20 <= b < 0x7f and b != 0x5c else "\\x%02x" % b
                   for b in str(text).encode("utf-8", "surrogateescape"))


def say(msg):
    """One line on standard error; it quotes LAVA's text, escaped here, once."""
    print("bootbench: " + shown(msg), file=sys.stderr)


def die(msg):
    say(msg)
    sys.exit(2)


class Refused(Exception):
    """YAML that LAVA never writes and that would cost us dearly."""


class Loader(yaml.SafeLoader):
    """Safe YAML without aliases and at most YAML_DEPTH_MAX deep.

    LAVA writes no aliases; 422 bytes of nested ones ("billion laughs")
    made a 1 GB string here. A deeply nested document was a traceback.
    """

    depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise Refused("a YAML alias (*%s)" % self.peek_event().anchor)
        self.depth += 1
        if self.depth > YAML_DEPTH_MAX:
            raise Refused("YAML nested more than %d deep" % YAML_DEPTH_MAX)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def yaml_load(text, path):
    """yaml.safe_load through Loader: refused input is one line, exit 2."""
    try:
        return yaml.load(text, Loader=Loader)
    except Refused as e:
        die("%s holds %s, which LAVA never writes: give LAVA's own log or results of the job" % (path, e))


def lava_strings():
    """The case ids, as the init prints them: said once, in proto/lava.h."""
    path = os.path.join(HERE, "..", "proto", "lava.h")
    with open(path, encoding="utf-8") as f:
        return dict(re.findall(r'#define (LAVA_\w+) "([^"]*)"', f.read()))


def load_any(path):
    """A YAML or JSON document, or None when the file is one log line per entry."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        die("%s: %s: give LAVA's log or results of the job" % (path, e.strerror))
    try:
        doc = yaml_load(text, path)
    except yaml.YAMLError:
        doc = None
    if isinstance(doc, list):
        return doc
    # lava-run writes one flow mapping per line, without the list's "- ".
    entries = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- "):
            line = line[2:]
        if not line.startswith("{"):
            continue
        try:
            entries.append(yaml_load(line, path))
        except yaml.YAMLError:
            continue
    return entries


def case_of(entry):
    """One test case as (suite, id, result, measurement, units, all of it)."""
    if not isinstance(entry, dict):
        return None
    if entry.get("lvl") == "results" and isinstance(entry.get("msg"), dict):
        m = entry["msg"]  # a log entry: lava-run, or a server's job log
        extra = m.get("extra") if isinstance(m.get("extra"), dict) else {}
        return (str(m.get("definition", "")), str(extra.get("test_case_id", m.get("case", ""))),
                m.get("result"), m.get("measurement"), m.get("units"), m)
    if "suite" in entry and "name" in entry:
        meta = entry.get("metadata") or {}  # a server's test case
        if isinstance(meta, str):
            try:
                meta = yaml_load(meta, "a test case's metadata") or {}
            except yaml.YAMLError:
                meta = {}
        extra = meta.get("extra") if isinstance(meta, dict) and isinstance(meta.get("extra"), dict) else {}
        merged = dict(meta) if isinstance(meta, dict) else {}
        merged.update(entry)
        return (str(entry["suite"]), str(extra.get("test_case_id", entry["name"])),
                entry.get("result"), entry.get("measurement"), entry.get("unit"), merged)
    return None


def number(v, what):
    try:
        x = float(v)
    except (TypeError, ValueError):
        die("LAVA's case %s has measurement \"%s\", not a number: give the results of a make lava-job job" % (what, v))
    if x != x or x in (float("inf"), float("-inf")):
        die("LAVA's case %s has measurement %s, not a finite number" % (what, v))
    return int(x) if x.is_integer() and abs(x) < 2**53 else x


def exit_code(v, what):
    """A sample's exit code: 0 to 255 (128+N for signal N), as the init sends."""
    x = number(v, what)
    if not isinstance(x, int) or not 0 <= x <= 255:
        die("LAVA's case %s has exit code %s, not one of 0 to 255: give the results of a make lava-job job"
            % (what, v))
    return x


def iteration(cid, part):
    """A case id's iteration: ASCII digits (str.isdigit() takes '²' too)."""
    if not re.fullmatch(r"[0-9]{1,9}", part):
        die("LAVA's case %s has iteration \"%s\", not a number in ASCII digits: give the results of a make lava-job job"
            % (cid, part))
    return int(part)


def headlines(bootbench, cmdline):
    """Each test's headline metric, as `bootbench tests` gives it, with the job's parameters."""
    try:
        out = subprocess.run([bootbench, "tests"], capture_output=True, text=True).stdout
    except OSError as e:
        die("%s: %s: build it (make all) or give --bootbench" % (bootbench, e.strerror))
    params = dict(re.findall(r"(?:^| )bootbench\.(\w+)=(\S*)", cmdline))
    heads = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2:
            heads[f[0]] = re.sub(r"\{(\w+):([^}]*)\}", lambda m: params.get(m.group(1), m.group(2)), f[1])
    return heads


def headline_check(samples, heads):
    """A sample without its headline failed, as the init says of a benchmark that measured nothing."""
    for rec in samples:
        head = heads.get(rec["test"])
        if rec["status"] == "ok" and head and head not in rec["metrics"]:
            rec["status"] = "failed"
            rec["reason"] = "LAVA has no case %s/%d/%s: the benchmark's headline is missing" % (
                rec["test"], rec["iteration"], head)


def job_metadata(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            job = yaml_load(f.read(), path)
    except OSError as e:
        die("%s: %s: give the job definition make lava-job wrote" % (path, e.strerror))
    except yaml.YAMLError:
        die("%s is not YAML: give the job definition make lava-job wrote" % path)
    meta = job.get("metadata") if isinstance(job, dict) else None
    need = ("bootbench.test", "bootbench.params", "bootbench.release", "bootbench.cmdline")
    if not isinstance(meta, dict) or any(k not in meta for k in need):
        die("%s has no bootbench.* metadata: give the job definition make lava-job wrote" % path)
    ctx = job.get("context")
    arch = ctx.get("arch") if isinstance(ctx, dict) else None
    meta = {k: str(meta[k]) for k in need}
    if arch:
        meta["arch"] = str(arch)
    for k in need[:3]:
        name_check(path, k, meta[k])
    return meta


# proto/names.h: a run directory's name component. Checked here too, so
# that a bad test or release is refused before anything is written
# (bootbench replay writes a bad-stream run of a hello it refuses).
NAME_RE = re.compile(r"(?!\.)[\x20-\x2e\x30-\x7e]{1,200}")


def name_check(path, key, value):
    """The test, params and release name the run directory: printable ASCII, no '/', no leading '.'."""
    if not NAME_RE.fullmatch(value):
        die("%s: %s \"%s\" cannot name a run directory (1 to 200 bytes of printable ASCII, no '/', "
            "no leading '.'): give the job definition make lava-job wrote" % (path, key, value[:200]))


def records(meta, cases, s, heads):
    """The results stream the init sent, rebuilt from its test cases."""
    hello = None
    samples = {}  # (test, iteration) -> sample record, in the order seen
    tail = []
    iters = re.search(r"(?:^| )bootbench\.iterations=(\d+)", meta["bootbench.cmdline"])
    for cid, result, meas, _units in cases:
        if cid == s["LAVA_CASE_HELLO"]:
            hello = {"type": "hello", "v": 1, "uptime": 0, "release": meta["bootbench.release"],
                     "cpus_online": number(meas, cid), "test": meta["bootbench.test"],
                     "iterations": int(iters.group(1)) if iters else 1,
                     "cmdline": meta["bootbench.cmdline"]}
            # The job's context.arch (amd64, arm64): boot/arch.def maps it.
            if meta.get("arch"):
                hello["machine"] = meta["arch"]
        elif cid.startswith(s["LAVA_CASE_ERROR"]):
            code = cid[len(s["LAVA_CASE_ERROR"]):]
            tail.append({"type": "error", "v": 1, "uptime": 0, "code": code,
                         "msg": "the init failed (%s): its console says why" % code})
        elif cid == s["LAVA_CASE_DONE"]:
            failed = number(meas, cid)
            tail.append({"type": "done", "v": 1, "uptime": 0, "failed": failed,
                         "iterations": hello["iterations"] if hello else 1})
        else:
            parts = cid.split("/", 2)
            if len(parts) < 2 or not parts[1].isdigit():
                continue  # not one of ours
            key = (parts[0], iteration(cid, parts[1]))
            rec = samples.setdefault(key, {"type": "sample", "v": 1, "uptime": 0, "test": key[0],
                                           "iteration": key[1], "status": "ok", "exit_code": 0,
                                           "metrics": {}})
            if len(parts) == 3:
                rec["metrics"][parts[2]] = number(meas, cid)
            else:
                rec["exit_code"] = exit_code(meas, cid)
                if result != "pass":
                    rec["status"] = "failed"
                    rec["reason"] = "exit code %d (LAVA: %s)" % (rec["exit_code"], result)
    headline_check(samples.values(), heads)
    return ([hello] if hello else []) + list(samples.values()) + tail


def lava_verdict(lava_cases, panicked):
    """What LAVA itself said went wrong, on standard error, as bootbench's exit code."""
    code = 3 if panicked else 0
    if panicked:
        say("LAVA: the console shows a kernel panic")
    for cid, result, extra in lava_cases:
        if result == "pass" or cid != "job":
            continue
        msg = str(extra.get("error_msg", "?")).strip().splitlines() or ["?"]
        kind = str(extra.get("error_type", "?"))
        say("LAVA: the job failed: %s error: %s" % (kind, msg[0].strip()))
        # docs/exit-codes.md: panic, timeout, else LAVA's own trouble.
        if "Kernel panic" in msg[0]:
            code = 3
        elif not code and ("timed out" in msg[0] or "Timeout" in kind):
            code = 4
        elif not code:
            code = 5
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join("out", "results"))
    ap.add_argument("--bootbench", default=os.path.join(HERE, "..", "out", "build", "host", "bootbench"))
    ap.add_argument("job")
    ap.add_argument("lava_results")
    a = ap.parse_args()
    s = lava_strings()
    meta = job_metadata(a.job)
    ours, lava, panicked = [], [], False
    for entry in load_any(a.lava_results):
        # A job log also has the console: a panic after the init started.
        if isinstance(entry, dict) and entry.get("lvl") == "target" and \
                "Kernel panic - not syncing" in str(entry.get("msg")):
            panicked = True
        c = case_of(entry)
        if not c:
            continue
        suite, cid, result, meas, units, whole = c
        if re.fullmatch(r"(\d+_)?bootbench", suite):
            ours.append((cid, result, meas, units))
        elif re.fullmatch(r"(\d+_)?lava", suite):
            lava.append((cid, result, whole))
    if not ours and not lava:
        die("%s holds no LAVA test cases: give lava-run's log, the job's log or its results" % a.lava_results)
    code = lava_verdict(lava, panicked)
    if not ours:
        # As a boot that never reached the init: a verdict, no results.
        say("LAVA: no bootbench test case: the init never reported; nothing was written")
        return code or 6
    # Named after LAVA's file, which job.json's replay_of then names.
    tmp = tempfile.mkdtemp(prefix="bootbench-lava-")
    stream = os.path.join(tmp, os.path.basename(a.lava_results) + ".jsonl")
    try:
        with open(stream, "w", encoding="utf-8") as f:
            for rec in records(meta, ours, s, headlines(a.bootbench, meta["bootbench.cmdline"])):
                f.write(json.dumps(rec, separators=(",", ":")) + "\n")
        rc = subprocess.call([a.bootbench, "replay", stream, a.results, meta["bootbench.params"]])
    except OSError as e:
        die("%s: %s: build it (make all) or give --bootbench" % (a.bootbench, e.strerror))
    finally:
        if os.path.exists(stream):
            os.unlink(stream)
        os.rmdir(tmp)
    # The first fault decides, as for make run: LAVA's, then the stream's.
    return code or rc


if __name__ == "__main__":
    sys.exit(main())
