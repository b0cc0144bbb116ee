# Sourced by tests/run.sh: the AIM suite (issues 22 and 23): aim9's
# tests and aim7's multiuser driver.
#
# Natively first (the very binaries of the image): every aim9 test for
# a second in a directory with a space, its files gone after it (the
# sync tests aside: one call is seconds of O_SYNC writes); aim7 with a
# small load, its jobs/min the suite's formula of its own real time;
# bad parameters and a directory that cannot be written. Then two short
# boots: aim9 disk_src beside aim7 disk_cp on a RAM disk with ext4; aim9
# tcp_test over the guest's loopback beside aim7 shell_rtns_1 (the
# guest's sh and ls); aim9 misc_rtns_1 (the image's passwd and group)
# beside aim7 page_test.
ab=$B/guest/bench
aim_dir="$T/aim dir"
mkdir -p "$aim_dir"

aim_tests=$(sed -n 's/^AIM9_TEST("\([^"]*\)".*/\1/p' benchmarks/aim9-tests.def | grep -v '^sync_')
aim_failed=
for t in $aim_tests; do
	TMPDIR=$aim_dir "$ab/aim9" --runtime=1 --aim9_test="$t" >"$T/aim.out" 2>&1 &&
		awk -v m="aim9.$t.ops_per_sec" '$1 == "metric" && $2 == m && $3 > 0 { f = 1 } END { exit !f }' "$T/aim.out" ||
		aim_failed="$aim_failed $t($(tail -n 1 "$T/aim.out"))"
done
check "aim: every aim9 test but the sync ones runs natively and reports its ops/sec${aim_failed:+: failed:$aim_failed}" \
	test -z "$aim_failed"
check "aim: the file tests leave nothing in TMPDIR (a directory with a space)" \
	sh -c "test -z \"\$(ls -A '$aim_dir')\""
check "aim: the suite has the 60 tests of LKP's aim9 job" \
	test "$(grep -c '^AIM9_TEST(' benchmarks/aim9-tests.def)" -eq 60

# aim7: jobs/min = 100 jobs x load x 60 / real, per task / load; real is
# printed to 1e-6 s, so jobs/min is compared relatively.
TMPDIR=$aim_dir "$ab/aim7" --load=3 --aim7_test=disk_cp >"$T/aim7.out" 2>&1
aim_rc=$?
check "aim: aim7 disk_cp with 3 tasks: exit 0, jobs-per-min = 100 x 3 x 60 / real, per task a third, jti in 0..100" \
	sh -c "test $aim_rc -eq 0 && awk '\$1 == \"metric\" { m[\$2] = \$3 }
		END { r = m[\"aim7.real\"]; j = m[\"aim7.jobs-per-min\"]; t = m[\"aim7.jobs-per-min-per-task\"]
		exit !(r > 0 && (j * r / 18000 - 1) ^ 2 < 1e-10 && (3 * t - j) ^ 2 < 1e-6 && m[\"aim7.jti\"] >= 0 && m[\"aim7.jti\"] <= 100) }' '$T/aim7.out'"
check "aim: aim7's disk files are FILESIZE + POOLSIZE / load (1024 + 10240 / 3 K), said, and removed" \
	sh -c "grep -q 'disk_cp, 3 tasks of 100 jobs, files of 4437K in $aim_dir' '$T/aim7.out' && test -z \"\$(ls -A '$aim_dir')\""
# aim7_jobs (QUICK=1 scales a report's 100 to 10): the count and the rate.
TMPDIR=$aim_dir "$ab/aim7" --load=2 --aim7_jobs=7 --aim7_test=disk_cp >"$T/aim7j.out" 2>&1
aim_rc=$?
check "aim: aim7 with aim7_jobs=7: 2 tasks of 7 jobs, jobs-per-min = 7 x 2 x 60 / real" \
	sh -c "test $aim_rc -eq 0 && grep -q 'disk_cp, 2 tasks of 7 jobs' '$T/aim7j.out' && awk '\$1 == \"metric\" { m[\$2] = \$3 }
		END { r = m[\"aim7.real\"]; j = m[\"aim7.jobs-per-min\"]; exit !(r > 0 && (j * r / 840 - 1) ^ 2 < 1e-10) }' '$T/aim7j.out'"

expect_bad "aim9 unknown test" 2 "bad value 'bogus' for aim9_test" "$ab/aim9" --aim9_test=bogus
expect_bad "aim7 load 0" 2 "bad value '0' for load" "$ab/aim7" --load=0
expect_bad "make run's AIM7 load 0, before a boot" 2 "LOAD=0 is out of range: give 1 to 100000" \
	"$tool" run --plan --test aim7 --param load=0
expect_bad "aim9 where it cannot write" 1 "aim9: creat-clo failed in /proc: " \
	env TMPDIR=/proc "$ab/aim9" --runtime=1 --aim9_test=creat-clo
expect_bad "aim7 where it cannot write: one line for the tasks" 1 "aim7: 2 of 2 tasks failed; task [01]: link_test failed in /proc: " \
	env TMPDIR=/proc "$ab/aim7" --load=2 --aim7_test=link_test

# aim_boot NAME MAKE-VARIABLES...: one make run; sets aim_rc, aim_run.
aim_boot() {
	rm -rf "$T/aimres"
	make -s run O="$O" RESULTS="$T/aimres" SMP=2 MEM=1024 Q=1 "$@" >"$T/aimboot.out" 2>&1
	aim_rc=$?
	aim_run=$(ls -d "$T/aimres"/*/*/*/0 2>/dev/null | head -n 1)
}
# aim_metric NAME: the metric in the run's stats.json (a one-test run
# names it plainly, a run of several prefixes the test), or 0.
aim_metric() {
	v=$($j "$aim_run/stats.json" "$1" 2>/dev/null)
	awk -v v="${v:-0}" 'BEGIN { printf "%.1f", v }'
}

aim_boot TEST=aim9,aim7 AIM9_TEST=disk_src RUNTIME=3 AIM7_TEST=disk_cp LOAD=2 DISK=1BRD_128M FS=ext4
aim_s=$(aim_metric aim9.aim9.disk_src.ops_per_sec)
aim_j=$(aim_metric aim7.aim7.jobs-per-min)
check "aim: boot: aim9 disk_src ($aim_s/s) and aim7 disk_cp with 2 tasks ($aim_j jobs/min) on a RAM disk with ext4" \
	sh -c "test $aim_rc -eq 0 && awk 'BEGIN { exit !($aim_s > 0 && $aim_j > 0) }'"
check "aim: boot: both ran on the disk's ext4 (TMPDIR /fs/ram0)" \
	sh -c "grep -q 'disk: ext4 on /dev/ram0' '$aim_run/console.log' &&
		grep -q 'aim9 disk_src: 3 s in /fs/ram0' '$aim_run/samples.jsonl' &&
		grep -q 'files of 6144K in /fs/ram0' '$aim_run/samples.jsonl'"

aim_boot TEST=aim9,aim7 AIM9_TEST=tcp_test RUNTIME=2 AIM7_TEST=shell_rtns_1 LOAD=2
aim_t=$(aim_metric aim9.aim9.tcp_test.ops_per_sec)
aim_j=$(aim_metric aim7.aim7.jobs-per-min)
check "aim: boot: aim9 tcp_test over the guest's loopback ($aim_t messages/s), aim7 shell_rtns_1 with 2 tasks ($aim_j jobs/min)" \
	sh -c "test $aim_rc -eq 0 && awk 'BEGIN { exit !($aim_t > 0 && $aim_j > 0) }'"

aim_boot TEST=aim9,aim7 AIM9_TEST=misc_rtns_1 RUNTIME=2 AIM7_TEST=page_test LOAD=2
aim_m=$(aim_metric aim9.aim9.misc_rtns_1.ops_per_sec)
aim_j=$(aim_metric aim7.aim7.jobs-per-min)
check "aim: boot: aim9 misc_rtns_1 ($aim_m/s: root found in the image's passwd), aim7 page_test with 2 tasks ($aim_j jobs/min)" \
	sh -c "test $aim_rc -eq 0 && awk 'BEGIN { exit !($aim_m > 0 && $aim_j > 0) }'"
