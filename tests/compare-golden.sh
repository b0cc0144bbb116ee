# Sourced by tests/run.sh: `compare` on fixed result directories
# (tests/compare/), against golden outputs, with the sanitized tool.
cmp_tool=$T/bootbench-compare
build bootbench-compare report/*.c proto/*.c lib/*.c

# golden NAME EXPECTED-EXIT ARGS...: the output must match byte for byte.
golden() {
	gname=$1 gwant=$2
	shift 2
	(cd tests/compare && "$cmp_tool" "$@") >"$T/$gname" 2>"$T/$gname.err"
	grc=$?
	if [ "$grc" -ne "$gwant" ]; then
		bad "compare: $gname exits $gwant" "exit $grc: $(head -n 2 "$T/$gname.err")"
	elif ! cmp -s "$T/$gname" "tests/compare/$gname"; then
		bad "compare: $gname matches its golden file" \
			"$(diff "tests/compare/$gname" "$T/$gname" | head -n 6)"
	else
		ok "compare: $gname matches its golden file, exit $gwant"
	fi
}

golden golden-default.txt 1 base new
# Holm over two new kernels: 5 runs a side cannot reach 0.5% (2/252).
golden golden-two-new.txt 3 --no-plot base new new2
golden golden-all.txt 1 --no-plot --all base new
# 5+3 runs: the permutation test's smallest p is 1/56, above 1%.
golden golden-lkp-same.txt 3 --no-plot --lkp base new2
golden golden.json 1 --json base new
# TIMING=deterministic: one run each, pti=on against the same kernel.
golden golden-det.txt 1 det-base det-new
golden golden-det-same.txt 0 det-base det-same
# PROFILE=1 on both sides: the functions that changed most, after the verdict.
golden golden-det-profile.txt 1 --no-plot det-prof-base det-prof-new
# Each path to a verdict (docs/compare.md): 3+3 runs, the new side
# constant and 20% lower, cannot decide; nor can it reproduce.
golden golden-undecidable.txt 3 --no-plot base3 new3-const
golden golden-undecidable-expect.txt 3 --no-plot --expect -8.8 base3 new3-const
golden golden-no-change.txt 0 --no-plot base same
golden golden-not-reproduced.txt 1 --no-plot --expect -8.8 base same
golden golden-reproduced-larger.txt 0 --no-plot --expect -3 base new
golden golden-reproduced-smaller.txt 0 --no-plot --expect -20 base new
golden golden-det-within-floor.txt 3 --no-plot --expect -0.08 det-base det-same
golden golden-det-not-reproduced.txt 1 --no-plot --expect -5 det-base det-same
# Negative means: a larger ratio is a drop, and the interval says so.
golden golden-negative.txt 0 --no-plot --expect -10 neg-base neg-new
# Two new kernels with 6 runs: Holm keeps the -10% and decides both.
golden golden-holm.txt 1 --no-plot holm-base holm-new holm-new2
check "compare: --json is valid JSON with the verdict" \
	sh -c "'$j' '$T/golden.json' metric >/dev/null && grep -q '\"regressed\":\[true\]' '$T/golden.json'"

# Each row's direction is its descriptor's (benchmarks/<name>.desc), not
# a guess from its name: the fixtures' 15% drop of unixbench.workload,
# renamed to hackbench.time_avg (LOWER in hackbench.desc), is an improvement
# marked lower-is-better; renamed to one no descriptor declares, "?".
for dside in base new; do
	mkdir -p "$T/cmpdir/$dside/0" "$T/cmpdir/u$dside/0"
	for df in matrix.json 0/job.json; do
		sed 's/unixbench\.workload/hackbench.time_avg/' "tests/compare/$dside/$df" >"$T/cmpdir/$dside/$df"
		sed 's/unixbench\.workload/unixbench.old_loops/' "tests/compare/$dside/$df" >"$T/cmpdir/u$dside/$df"
	done
done
(cd "$T/cmpdir" && "$cmp_tool" --no-plot base new) >"$T/cmpdir.out" 2>&1
check "compare: a metric its descriptor calls lower-is-better is marked so, its drop an improvement" \
	grep -q '<.001y I ↓ hackbench.time_avg$' "$T/cmpdir.out"
(cd "$T/cmpdir" && "$cmp_tool" --no-plot ubase unew) >"$T/cmpdir.out" 2>&1
check "compare: a metric no descriptor declares is marked ? (table, legend), its change a C" \
	sh -c "grep -q '<.001y C ? unixbench.old_loops$' '$T/cmpdir.out' && grep -q '^? no descriptor declares it' '$T/cmpdir.out'"
(cd "$T/cmpdir" && "$cmp_tool" --json ubase unew) >"$T/cmpdir.json" 2>&1
check "compare: --json gives each metric's direction: higher, lower, info, unknown" \
	sh -c "grep -q '\"name\":\"unixbench.old_loops\",\"kind\":\"perf\",\"better\":\"unknown\"' '$T/cmpdir.json' &&
		grep -q '\"name\":\"dmesg.WARNING\",\"kind\":\"failure\",\"better\":\"lower\"' '$T/cmpdir.json' &&
		grep -q '\"better\":\"info\"' '$T/cmpdir.json' && grep -q '\"better\":\"higher\"' '$T/cmpdir.json'"

# Readable at 80 columns: the numbers take 52, a metric name the rest
# (LKP's names can be longer; they are last on the line, so only they wrap).
# The ± and the direction marks (↑ ↓ ·) are one column each.
wide=$(LC_ALL=C awk '{ gsub(/\302\261|\342\206\221|\342\206\223|\302\267/, "+"); n = $NF; if (length($0) > 80 && length($0) - length(n) > 52) print }' \
	"$T/golden-default.txt" "$T/golden-all.txt")
check "compare: the table and plots fit 80 columns (but for long metric names)" test -z "$wide"

(cd tests/compare && "$cmp_tool" --threshold 15 base new) >/dev/null 2>&1
check "compare: a 10% regression within --threshold 15 exits 0" test $? -eq 0
(cd tests/compare && "$cmp_tool" --metric time.user_time base new) >/dev/null 2>&1
check "compare: --metric picks the metric the exit status is about (unchanged: 0)" test $? -eq 0

rm -rf "$T/svg"
(cd tests/compare && "$cmp_tool" --no-plot --svg "$T/svg" base new) >/dev/null 2>&1
svg=$T/svg/unixbench.throughput.svg
if [ -f "$svg" ] && head -n 1 "$svg" | grep -q '^<svg ' && tail -n 1 "$svg" | grep -q '^</svg>$' &&
	[ "$(grep -c '<circle' "$svg")" -eq 10 ]; then
	ok "compare: --svg writes a plot per shown metric with every run's sample"
else
	bad "compare: --svg writes a plot per shown metric with every run's sample" "$(ls "$T/svg" 2>&1)"
fi
if command -v xmllint >/dev/null 2>&1; then
	check "compare: the SVG is well-formed XML" xmllint --noout "$svg"
fi

# Bad input: one line naming the problem and the fix, exit 2.
cmp_bad() {
	cbname=$1 cbwant=$2
	shift 2
	(cd tests/compare && "$cmp_tool" "$@") >/dev/null 2>"$T/cb.err"
	cbrc=$?
	if [ "$cbrc" -eq 2 ] && [ "$(wc -l <"$T/cb.err")" -eq 1 ] && grep -q "$cbwant" "$T/cb.err"; then
		ok "compare: $cbname -> exit 2, one line"
	else
		bad "compare: $cbname -> exit 2, one line" "exit $cbrc: $(head -n 2 "$T/cb.err")"
	fi
}
cmp_bad "a directory without matrix.json" "give a kernel result directory" base /nonexistent
cmp_bad "results of different tests" "compare results of the same test" base other
cmp_bad "an unknown metric" "pick one with --metric" --metric nope base new
cmp_bad "a bad threshold" "give a percentage" --threshold x base new
cmp_bad "a single directory" "give a base and at least one new" base
cmp_bad "real time against deterministic runs" "TIMING=realtime but det-base with TIMING=deterministic" base det-base
cmp_bad "deterministic runs of two shifts" "ICOUNT_SHIFT=5 but det-shift3 with ICOUNT_SHIFT=3" det-base det-shift3
printf '{"unixbench.throughput":[1,"x"]}' >"$T/garbage.json"
mkdir -p "$T/garbage" && cp "$T/garbage.json" "$T/garbage/matrix.json"
cmp_bad "a matrix holding a string" "holds a string, not a number" base "$T/garbage"
# A side holding +-1.7e308 (a guest's): its sums are not finite; refused
# with or without the plot, never an interval of -inf..inf or a crash.
cmp_bad "a matrix holding +-1.7e308" "unixbench.throughput holds 1.7e+308, beyond +-1e+150 where its mean and spread overflow" base huge
cmp_bad "a matrix holding +-1.7e308, --no-plot" "holds 1.7e+308, beyond +-1e+150" --no-plot base huge

# One side profiled, the other not: said, since the profile's own setup
# moves a deterministic guest (docs/profile.md: fsmark +1.9%).
cp -r tests/compare/det-prof-new "$T/prof-on"
sed -i 's/"qemu_version"/"profile":true,"qemu_version"/' "$T/prof-on/0/job.json"
(cd tests/compare && "$cmp_tool" --no-plot det-prof-base "$T/prof-on") >/dev/null 2>"$T/prof-on.err"
check "compare: one side with PROFILE=1, the other without: a warning says so" \
	grep -q "warning: det-prof-base ran without PROFILE=1 but $T/prof-on with it: the profile's setup moves the guest" "$T/prof-on.err"

# A function's name and a c2c line's key are the guest's kallsyms': an
# escape sequence in one reached the terminal raw from the profile
# table (it could set the title, or overwrite the verdict line) and the
# c2c table. Both are shown \xNN, as all guest text.
cp -r tests/compare/det-prof-base "$T/esc-base"
cp -r tests/compare/det-prof-new "$T/esc-new"
sed -i 's/"__x64_sys_getpid"/"\\u001b]0;owned\\u0007getpid"/' "$T/esc-new/0/profile.json"
printf '{"version":1,"ops":1000,"hitm":500,"lines":[{"key":"fget fput","hitm":500}]}\n' >"$T/esc-base/0/c2c.json"
printf '{"version":1,"ops":1000,"hitm":500,"lines":[{"key":"\\u001b[2Jevil fput","hitm":500}]}\n' >"$T/esc-new/0/c2c.json"
"$cmp_tool" --no-plot "$T/esc-base" "$T/esc-new" >"$T/esc.out" 2>"$T/esc.err"
check "compare: a kallsyms name holding ESC and BEL is shown \\x1b, \\x07 in the profile and c2c tables, no control byte reaches the terminal" \
	sh -c "test $? -eq 1 && ! tr -d '\n' <'$T/esc.out' | LC_ALL=C grep -q '[[:cntrl:]]' &&
		grep -qF '  \\x1b]0;owned\\x07getpid ' '$T/esc.out' && grep -qF '  new        0.5000  \\x1b[2Jevil fput' '$T/esc.out'"
