# Area registry (make test): a new benchmark is its .c and its
# descriptor. In a copy of this tree: benchmarks/dummy.c (a run()
# benchmark that counts getppid() calls for RUNTIME seconds) and
# benchmarks/dummy.desc (its BENCH and METRIC rows); nothing else is
# edited. The copy's Makefile must
# build it, its registry must list it with its native run, and that run
# must report its headline. Then, in the same copy, a filesystem, a
# second filesystem and a job key of the init's, each from at most two
# files (tests/registry-storage.sh).
if ! git rev-parse --git-dir >/dev/null 2>&1; then
	skip "registry: a dummy benchmark in a copy of the tree" "not a git checkout"
else
	rg=$T/registry
	mkdir -p "$rg"
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$rg"
	# The copy starts from this tree's build: its files keep their times
	# (tar), so only what the copy adds or changes is made again.
	mkdir -p "$rg/out/build"
	cp -a "$B/." "$rg/out/build/" 2>/dev/null
	cat >"$rg/benchmarks/dummy.c" <<'END'
// SPDX-License-Identifier: GPL-2.0
#include <unistd.h>

#include "harness.h"

static int dummy_run(int argc, char **argv)
{
	unsigned int runtime = 1;
	const char *call = "getppid";
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
		{ "dummy_call", NULL, &call },
	};
	double start, end;
	unsigned long n = 0;

	if (harness_params_parse(argc, argv, params, 2))
		return 2;
	start = util_now();
	end = start + runtime;
	while (util_now() < end)
		for (int i = 0; i < 1000; i++, n++)
			call[3] == 'p' ? getppid() : getpid();
	harness_metric("dummy.ops_per_sec", n / (util_now() - start));
	return 0;
}

const struct bench bench = {
	.name = "dummy",
	.title = "getppid calls",
	.run = dummy_run,
};
END
	# As a Debian-packaged benchmark's: a parameter with a choice list,
	# a package for its layer, LKP's testcase and keys for the reader.
	cat >"$rg/benchmarks/dummy.desc" <<'END'
BENCH(dummy, "", "dummy.ops_per_sec", "runtime dummy_call", 1, NULL, "", "--runtime=1")
JOBKEY("dummy_call", CHOICE, 0, 0, "the call dummy makes: getppid (default) or getpid", "getppid getpid")
DEBIAN(dummy, "hello", "/usr/bin/hello")
LKP("dummy-lkp", dummy, "")
LKP_PARAM("dummy-lkp", "call", "dummy_call")
LKP_PARAM("dummy-lkp", "runtime", "runtime")
METRIC("dummy.ops_per_sec", HIGHER, "calls/s", "dummy.calls_per_sec")
END
	rg_bin=$rg/out/build/host/bench/dummy
	check "registry: the copy's make host-bench would build bench/dummy" \
		sh -c "cd '$rg' && make -n O=out host-bench 2>/dev/null | grep -q 'bench/dummy'"
	check "registry: the copy's Makefile builds bench/dummy" \
		sh -c "cd '$rg' && make -s O=out out/build/host/bench/dummy"
	(cd "$rg" && $HOSTCC -Wall -Wextra -Werror -I. -Iout/build -o benchlist tests/benchlist.c lib/tests.c) >"$T/rg.log" 2>&1
	rg_line=$("$rg/benchlist" 2>/dev/null | grep '^dummy|')
	check "registry: the copy's registry lists dummy with its native run ($rg_line)" \
		test "$rg_line" = "dummy|--runtime=1|dummy.ops_per_sec"
	"$rg_bin" --runtime=1 >"$T/rg.out" 2>&1
	rg_rc=$?
	check "registry: dummy runs natively and reports dummy.ops_per_sec" \
		sh -c "test $rg_rc -eq 0 && awk '\$1 == \"metric\" && \$2 == \"dummy.ops_per_sec\" && \$3 > 0 { f = 1 } END { exit !f }' '$T/rg.out'"
	check "registry: the unknown parameter is refused by the harness" sh -c "! '$rg_bin' --speed=9 2>/dev/null"
	check "registry: dummy's own choice is taken, and a value not in its list refused" \
		sh -c "'$rg_bin' --runtime=1 --dummy_call=getpid >/dev/null 2>&1 && ! '$rg_bin' --dummy_call=fork >/dev/null 2>&1"
	# The host tool of the copy: its job keys, its layers, its reader
	# (unoptimized, twice as fast to build: only its tables are tested).
	(cd "$rg" && make -s -j2 O=out HOST_CFLAGS=-O0 out/build/host/bootbench out/build/host/mklayer) >"$T/rg-host.log" 2>&1
	rg_bb=$rg/out/build/host/bootbench
	check "registry: the copy's bootbench params lists dummy_call, its mklayer --rows dummy's package" \
		sh -c "'$rg_bb' params | grep -q '^dummy_call	choice	' &&
			'$rg/out/build/host/mklayer' --rows | grep -q '^dummy	hello	/usr/bin/hello$'"
	check "registry: the image plan of TEST=dummy takes its program and its Debian layer" \
		sh -c "'$rg_bb' run --kernel x --initrd x --test dummy --image-plan | tr '\n' ' ' | grep -q '^bench dummy layer dummy'"
	# A report of LKP's testcase dummy-lkp: read by the descriptor's rows.
	sed -e 's/sysbench-fileio\.write_operations\/s/dummy.calls_per_sec/g' \
		-e 's/^testcase: sysbench-fileio/testcase: dummy-lkp/' \
		-e '/^parameters:/,/^$/d' \
		-e 's/^test machine: .*/&\nparameters:\n\n\tcall: getpid\n\truntime: 300s\n/' \
		tests/reproduce/reports/sysbench-fileio-btrfs-write_operations-5.2.txt >"$T/rg-mail.txt"
	"$rg_bb" reproduce "$T/rg-mail.txt" "$T/rg-repro" >"$T/rg-repro.out" 2>&1
	rg_job=$(find "$T/rg-repro" -name job -type f 2>/dev/null | head -n 1)
	check "registry: a mail of testcase dummy-lkp becomes a job of dummy, its keys and metric by the descriptor ($(grep -v '^#' "${rg_job:-/dev/null}" | grep -v '^machine\|^report' | tr '\n' ' '))" \
		sh -c "test -n '$rg_job' && grep -qx 'test = dummy' '$rg_job' && grep -qx 'dummy_call = getpid' '$rg_job' &&
			grep -qx 'runtime = 300' '$rg_job' && grep -qx 'metric dummy.ops_per_sec' '$T/rg-repro.out' &&
			grep -qx 'expect -5.20' '$T/rg-repro.out'"
	check "registry: bootbench descs --check passes the copy's rows" "$rg_bb" descs --check
	# A row naming a key that is not the test's: the check says which.
	echo 'LKP_PARAM("dummy-lkp", "size", "test_size")' >>"$rg/benchmarks/dummy.desc"
	(cd "$rg" && make -s -j2 O=out HOST_CFLAGS=-O0 out/build/host/bootbench) >>"$T/rg-host.log" 2>&1
	"$rg_bb" descs --check 2>"$T/rg-descs.err"
	rc=$?
	check "registry: a descriptor's LKP_PARAM that is no parameter of its test fails the check in one line ($(cat "$T/rg-descs.err"))" \
		sh -c "test $rc -ne 0 && test \$(wc -l <'$T/rg-descs.err') -eq 1 && grep -q 'dummy-lkp size: test_size is no parameter' '$T/rg-descs.err'"
	. tests/registry-storage.sh
fi
check "registry: every descriptor's LKP rows name a test and its parameters (bootbench descs --check)" \
	"$B/host/bootbench" descs --check

# make help is written from the tables: whatever they hold, it lists.
make -s --no-print-directory help >"$T/help.txt" 2>&1
rg_missing=
for v in $("$B/host/bootbench" run --help | sed -n 's/.*\[\([A-Z_0-9]*\)\]$/\1/p') \
	$("$B/host/bootbench" params | cut -f1 | tr 'a-z-' 'A-Z_'); do
	grep -q "^  $v=" "$T/help.txt" || rg_missing="$rg_missing $v"
done
for t in $(sed -n 's/^\.PHONY: //p' Makefile); do
	grep -q "^  $t " "$T/help.txt" || rg_missing="$rg_missing $t"
done
check "registry: make help lists every option (bootbench run --help: options.def), job key (bootbench params: jobkeys.def and the descriptors) and target${rg_missing:+: missing$rg_missing}" \
	test -z "$rg_missing"
