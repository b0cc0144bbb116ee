# Sourced by tests/run.sh: job files, their matrix and shards, TAP, and
# the CI formats every run directory gets (junit.xml, kcidb.json).
# A python3 with PyYAML (make test's deps install python3-yaml).
PY3=python3
for p in python3 /usr/bin/python3; do
	"$p" -c 'import yaml' 2>/dev/null && { PY3=$p; break; }
done
ci_job() {
	"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/jobs" "$@"
}
start=$(date +%s)
ci_job --job tests/jobs/matrix.job --tap >"$T/job.out" 2>"$T/job.err"
rc=$?
ci_dirs=$(ls -d "$T"/jobs/syscall/*/*/0 2>/dev/null | wc -l)
check "jobs: a job with a list of 2 runs both combinations, exit 0, in $(($(date +%s) - start))s" \
	sh -c "test $rc -eq 0 && test $ci_dirs -eq 2 &&
		ls -d '$T'/jobs/syscall/smp1-256M-duration=1-passes=1/*/0 '$T'/jobs/syscall/smp1-256M-duration=2-passes=1/*/0 >/dev/null"
check "jobs: TAP=1 prints the plan and an ok line per job" \
	sh -c "grep -qx 'TAP version 13' '$T/job.out' && grep -qx '1..2' '$T/job.out' &&
		grep -qx 'ok 1 - syscall duration=1' '$T/job.out' && grep -qx 'ok 2 - syscall duration=2' '$T/job.out'"
ci_job --job tests/jobs/matrix.job --shard 2/2 --tap --quiet >"$T/job2.out" 2>"$T/job.err"
rc=$?
check "jobs: SHARD=2/2 runs only the second combination" \
	sh -c "test $rc -eq 0 && grep -qx '1..1' '$T/job2.out' && grep -qx 'ok 1 - syscall duration=2' '$T/job2.out' &&
		test -d '$T'/jobs/syscall/smp1-256M-duration=2-passes=1/*/1 && ! test -d '$T'/jobs/syscall/smp1-256M-duration=1-passes=1/*/1"
check "progress: Q=1 prints only the summary (headline, results) beside TAP" \
	sh -c "test \$(grep -c '^bootbench: ' '$T/job2.out') -eq 2 &&
		grep -q '^bootbench: syscall unixbench.throughput = ' '$T/job2.out' && grep -q '^bootbench: results in ' '$T/job2.out'"
check "progress: not on a terminal, plain lines with no escape codes" \
	sh -c "grep -q '^bootbench:   syscall pass 1/1' '$T/job.out' && ! grep -q \"\$(printf '\\033')\" '$T/job.out'"
# On a terminal (script(1) gives one): a status line with the time left.
if command -v script >/dev/null 2>&1; then
	env -u CI script -qec "'$tool' run --kernel '$KDEF' --initrd '$cb_full' --results '$T/tty' --test syscall \
		--param duration=1 --param passes=3 --smp 1 --mem 256" /dev/null >"$T/tty.out" 2>&1
	check "progress: on a terminal, a status line rewritten in place with the pass and the time left" \
		sh -c "grep -q \"\$(printf '\\r\\033')\\[Kbootbench: syscall: iteration 1/1, pass 3/3, about [0-9]* s left\" '$T/tty.out'"
fi
ci_job --job tests/jobs/quick.job --quick >"$T/job3.out" 2>"$T/job3.err"
rc=$?
ci_cores=$(($(getconf _NPROCESSORS_ONLN) / 2))
check "jobs: QUICK=1 scales runtime 300 to 10, one UnixBench pass of 10 s (duration=10), and fits lkp-skl-sp1 to 2 sockets x $ci_cores cores x 2 threads, 2 nodes" \
	sh -c "test $rc -eq 0 && ls -d '$T'/jobs/syscall/lkp-skl-sp1-fit-512M-2n-duration=10-runtime=10/*/0 >/dev/null &&
		grep -q 'syscall pass 1/1' '$T'/jobs/syscall/lkp-skl-sp1-fit-512M-2n-duration=10-runtime=10/*/0/samples.jsonl &&
		grep -q 'fitted to $((ci_cores * 4)) CPUs: 2 sockets x $ci_cores cores* x 2 threads = $((ci_cores * 4)) CPUs, 2 NUMA nodes, 512 MB instead of 2 sockets x 28 cores x 2 threads = 112 CPUs' '$T/job3.err'"
expect_bad "a job file that does not exist" 2 "JOB=/nonexistent.job: No such file or directory" \
	ci_job --job /nonexistent.job
expect_bad "a job file line that is not key = value" 2 "tests/jobs/broken.job:2: 'this line has no equals sign' is not 'key = value'" \
	ci_job --job tests/jobs/broken.job
expect_bad "a job value that is not valid" 2 "tests/jobs/badvalue.job: smp=abc is not valid: give a number from 1 to 1024" \
	ci_job --job tests/jobs/badvalue.job
expect_bad "a job's sockets beyond SOCKETS' limit: the option's own check and limit" 2 "tests/jobs/badsockets.job: sockets=65 is not valid: give a number from 1 to 64" \
	ci_job --job tests/jobs/badsockets.job
expect_bad "a job file's mem, checked as MEM is" 2 "tests/jobs/badmem.job: mem=lots is not valid: give MiB (64 or more) or a size like 2G" \
	ci_job --job tests/jobs/badmem.job
expect_bad "a shard beyond the count" 2 "SHARD=3/2 is not valid: give i/n" \
	ci_job --job tests/jobs/matrix.job --shard 3/2

# Every run directory of this suite, in both CI formats.
ci_bad=0 ci_n=0
for f in $(find "$T" -name kcidb.json); do
	ci_n=$((ci_n + 1))
	"$T/schemacheck" docs/schema/kcidb.schema.json "$f" >/dev/null 2>&1 || { ci_bad=1; echo "  $f" >&2; }
	xmllint --noout --schema docs/schema/junit.xsd "${f%/*}/junit.xml" >/dev/null 2>&1 || { ci_bad=1; echo "  ${f%/*}/junit.xml" >&2; }
done
check "ci: every run's kcidb.json and junit.xml ($ci_n runs) validate against their schemas" \
	sh -c "test $ci_bad -eq 0 && test $ci_n -ge 3"
ci_one=$(find "$T/jobs" -name kcidb.json | head -n 1)
sed 's/"DONE"/"OK"/' "$ci_one" >"$T/kcidb-bad.json"
check "ci: a KCIDB status that is not in the schema's enum is refused" \
	sh -c "! '$T/schemacheck' docs/schema/kcidb.schema.json '$T/kcidb-bad.json' 2>/dev/null"
check "ci: kcidb.json reports the boot as PASS and the headline as DONE with its value in lps" \
	sh -c "grep -q '\"path\":\"bootbench.boot\",\"status\":\"PASS\"' '$ci_one' &&
		grep -q '\"path\":\"bootbench.syscall\",\"status\":\"DONE\".*\"number\":{\"value\":[0-9.]*,\"unit\":\"lps\"}' '$ci_one'"
# A failed iteration is a junit failure: one of our own (this area runs
# beside the fault area, in its own directory, and cannot wait for it).
"$tool" run --kernel "$KDEF" --initrd "$cb_full" --results "$T/cifail" --smp 1 --mem 256 \
	--test fault --param fault=exit >/dev/null 2>&1
ci_fail=$(grep -l '<failure type="benchmark-failed"' $(find "$T/cifail" -name junit.xml) 2>/dev/null | head -n 1)
check "ci: a failed benchmark is a <failure> in junit.xml and FAIL in kcidb.json" \
	sh -c "test -n '$ci_fail' && grep -q '\"status\":\"FAIL\"' '${ci_fail%/*}/kcidb.json'"

# The CI templates parse as YAML and have the jobs they promise.
check "ci: docs/ci/github-actions.yml is valid YAML with kernel, bench and compare jobs sharding by SHARD=" \
	"$PY3" -c 'import sys, yaml
d = yaml.safe_load(open("docs/ci/github-actions.yml"))
jobs = d["jobs"]
assert set(jobs) == {"kernel", "bench", "compare"}
for j in jobs.values():
    assert j["runs-on"] and all("run" in s or "uses" in s for s in j["steps"])
assert any("SHARD=" in s.get("run", "") for s in jobs["bench"]["steps"])'
check "ci: docs/ci/gitlab-ci.yml is valid YAML with its stages, parallel bench and SHARD=" \
	"$PY3" -c 'import sys, yaml
d = yaml.safe_load(open("docs/ci/gitlab-ci.yml"))
for name in ("kernel", "bench", "compare"):
    assert d[name]["stage"] in d["stages"] and d[name]["script"]
assert d["bench"]["parallel"] >= 2
assert "SHARD=$CI_NODE_INDEX/$CI_NODE_TOTAL" in " ".join(d["bench"]["script"])'
