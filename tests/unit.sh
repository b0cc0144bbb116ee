# Area unit (make check): the host and guest C code's unit tests,
# sanitized; each binary's PASS/FAIL lines are tests.
build test_json tests/unit/test_json.c proto/json.c proto/json_parse.c &&
	unit test_json
build test_stream tests/unit/test_stream.c boot/stream.c boot/stream-sample.c boot/stream-metrics.c proto/json_parse.c proto/json.c proto/names.c lib/nameidx.c &&
	unit test_stream
build test_host tests/unit/test_host.c boot/qemu.c shared/run.c boot/arch.c boot/vmlinux.c lib/rundir.c proto/names.c lib/strv.c boot/bzimage.c boot/topology.c boot/topology-text.c boot/cputable.c lib/fileio.c \
	benchmarks/params.c benchmarks/unixbench.c benchmarks/messaging.c proto/disk.c \
	-lpthread -lz -llzma -lbz2 -llzo2 -llz4 -lzstd && unit test_host
build test_job tests/unit/test_job.c init/job.c && unit test_job
build test_capfile tests/unit/test_capfile.c lib/fileio.c && unit test_capfile
build test_jobfile tests/unit/test_jobfile.c boot/jobfile.c benchmarks/params.c lib/fileio.c proto/disk.c && unit test_jobfile
build test_topology tests/unit/test_topology.c boot/topology.c boot/topology-text.c boot/cputable.c lib/fileio.c && unit test_topology
build test_stats tests/unit/test_stats.c report/stats.c && unit test_stats
build test_rules tests/unit/test_rules.c report/rules.c report/stats.c lib/metrics.c && unit test_rules
build test_bisect tests/unit/test_bisect.c boot/bisect-rule.c boot/bisect-log.c boot/bisect-git.c boot/bisect-walk.c \
	shared/run.c proto/json.c proto/json_parse.c lib/fileio.c report/stats.c && unit test_bisect
