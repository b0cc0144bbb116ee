# Area registry (make check): a new benchmark is its .c and its
# descriptor. In a copy of this tree: benchmarks/dummy.c (a run()
# benchmark that counts getppid() calls for RUNTIME seconds) and
# benchmarks/dummy.desc (its BENCH and METRIC rows); nothing else is
# edited. The copy's Makefile must
# build it, its registry must list it with its native run, and that run
# must report its headline.
if ! git rev-parse --git-dir >/dev/null 2>&1; then
	skip "registry: a dummy benchmark in a copy of the tree" "not a git checkout"
else
	rg=$T/registry
	mkdir -p "$rg"
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$rg"
	cat >"$rg/benchmarks/dummy.c" <<'END'
// SPDX-License-Identifier: GPL-2.0
#include <unistd.h>

#include "harness.h"

static int dummy_run(int argc, char **argv)
{
	unsigned int runtime = 1;
	const struct harness_param params[] = {
		{ "runtime", &runtime, NULL },
	};
	double start = util_now(), end = start + runtime;
	unsigned long n = 0;

	if (harness_params_parse(argc, argv, params, 1))
		return 2;
	while (util_now() < end)
		for (int i = 0; i < 1000; i++, n++)
			getppid();
	harness_metric("dummy.ops_per_sec", n / (util_now() - start));
	return 0;
}

const struct bench bench = {
	.name = "dummy",
	.title = "getppid calls",
	.run = dummy_run,
};
END
	cat >"$rg/benchmarks/dummy.desc" <<'END'
BENCH(dummy, "", "dummy.ops_per_sec", "runtime", 1, NULL, "", "--runtime=1")
METRIC("dummy.ops_per_sec", HIGHER, "calls/s", "")
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
fi

# make help is written from the tables: whatever they hold, it lists.
make -s --no-print-directory help >"$T/help.txt" 2>&1
rg_missing=
for v in $(sed -n 's/^OPT.[A-Z_0-9]*, "[a-z-]*", "\([A-Z_0-9]*\)".*/\1/p' boot/options.def) \
	$("$B/host/bootbench" params | cut -f1 | tr 'a-z-' 'A-Z_'); do
	grep -q "^  $v=" "$T/help.txt" || rg_missing="$rg_missing $v"
done
for t in $(sed -n 's/^\.PHONY: //p' Makefile); do
	grep -q "^  $t " "$T/help.txt" || rg_missing="$rg_missing $t"
done
check "registry: make help lists every option (options.def), job key (bootbench params: jobkeys.def and the descriptors) and target${rg_missing:+: missing$rg_missing}" \
	test -z "$rg_missing"
