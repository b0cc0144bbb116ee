# The shared test library, sourced by tests/run.sh (docs/tests.md).
#
# Every test is one line: "PASS|FAIL|SKIP <n> <area>.<i> <name>", where n
# counts the whole run and i the tests of the area (tests/<area>.sh), so
# that `make test T=<area>.<i>` reports that one test again. The areas are
# run by `area <name>` lines in tests/run.sh; `tests_summary` ends the run
# with "N passed, N failed, N skipped in S s".
#
# Helpers: ok NAME; bad NAME [WHY]; skip NAME WHY; check NAME CMD...;
# expect_bad NAME EXIT PATTERN CMD...; build OUT SRC...; unit BINARY;
# debroot LAYER.
# Needs $T (a temporary directory) and $HOSTCC.

tl_pass=0
tl_fail=0
tl_skip=0
tl_n=0
tl_area=setup
tl_i=0
tl_start=$(date +%s)
# SEL: empty (every area of the tier), or a comma list of <area> and
# <area>.<i>; make test T=... (and its older name AREA=...) set it.
SEL=${SEL:-}

# tl_report WORD NAME [WHY]: one numbered line, unless a selection of
# one test in this area names another one.
tl_report() {
	tl_i=$((tl_i + 1))
	if [ -n "$tl_only" ] && [ "$tl_only" != "$tl_i" ]; then
		return 1
	fi
	tl_n=$((tl_n + 1))
	echo "$1 $tl_n $tl_area.$tl_i $2${3:+: $3}"
}

ok() {
	tl_report PASS "$1" && tl_pass=$((tl_pass + 1))
	return 0
}

bad() {
	tl_report FAIL "$1" "${2:-}" && tl_fail=$((tl_fail + 1))
	return 0
}

skip() {
	tl_report SKIP "$1" "$2" && tl_skip=$((tl_skip + 1))
	return 0
}

# run_diag DIR: what a failed boot's run directory says of where the
# guest was (its last records and console lines), for a FAIL's detail:
# a CI log then shows why a boot hung, which it did not keep otherwise.
run_diag() {
	[ -d "$1" ] || return 0
	echo "last records:"
	tail -n 2 "$1/samples.jsonl" 2>/dev/null | cut -c1-200
	echo "console.log's end:"
	tail -n 8 "$1/console.log" 2>/dev/null | cut -c1-200
}

check() {
	name=$1
	shift
	if "$@" >/dev/null 2>&1; then ok "$name"; else bad "$name"; fi
}

# expect_bad NAME EXIT PATTERN CMD...: CMD must fail with EXIT and one
# line on stderr that matches PATTERN.
expect_bad() {
	name=$1 code=$2 pattern=$3
	shift 3
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq "$code" ] && grep -q -- "$pattern" "$T/err" && [ "$(wc -l <"$T/err")" -eq 1 ]; then
		ok "bad input: $name -> exit $rc, '$(cat "$T/err")'"
	else
		bad "bad input: $name" "exit $rc, stderr: $(cat "$T/err")"
	fi
}

# build OUT SRC... [FLAGS]: a test binary into $T/OUT, sanitized, from
# objects make keeps in $B/asan (compiled once, again when a source or a
# header it includes changes: the Makefile's $(B)/asan rule).
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
build() {
	out=$1
	shift
	objs= flags=
	for src in "$@"; do
		case $src in
		*.c) objs="$objs $B/asan/${src%.c}.o" ;;
		*) flags="$flags $src" ;;
		esac
	done
	# shellcheck disable=SC2086
	# Areas side by side share the objects: one make at a time.
	{ flock "$B/asan.lock" make -s --no-print-directory -j2 O="$O" B="$B" HOSTCC="$HOSTCC" $objs &&
		$HOSTCC $SAN -o "$T/$out" $objs $flags -lm; } >"$T/$out.log" 2>&1 || {
		bad "build $out" "$(grep -m 3 -E 'error|Error' "$T/$out.log")"
		return 1
	}
}

# unit BINARY: run a unit test binary of $T; each of its "PASS x" /
# "FAIL x" lines is a test. A binary that dies (a sanitizer report, say)
# fails as a whole.
unit() {
	"$T/$1" >"$T/$1.out" 2>"$T/$1.err"
	rc=$?
	while IFS= read -r line; do
		case $line in
		PASS\ *) ok "${line#PASS }" ;;
		FAIL\ *) bad "${line#FAIL }" ;;
		*) echo "$line" ;;
		esac
	done <"$T/$1.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$T/$1.out"; then
		bad "$1 ran to its end" "exit $rc: $(grep -m 3 -E 'ERROR|runtime error' "$T/$1.err")"
	fi
}

# debroot LAYER: prints the directory of LAYER's files (a Debian
# program's layer: mklayer --rows) laid out as the guest's root, for the
# program's native run: BOOTBENCH_ROOT=<it> (benchmarks/external.h), so
# that the host needs none of Debian's benchmarks installed. make test
# fetches what is missing, as a boot would (initramfs/layer.sh --root);
# make check never uses the network (DEB_OFFLINE=1): there it fails
# when the packages are not cached, and $T/debroot.err says why.
debroot() {
	if [ "$TIER" = test ]; then tl_off=; else tl_off=1; fi
	DEB_OFFLINE=${DEB_OFFLINE:-$tl_off} initramfs/layer.sh --root "$B/host/mklayer" "$B/host/mkcpio" "$B" "$1" 2>"$T/debroot.err"
}

# tl_wanted NAME: prints "" (the whole area) or "<i>" (one test of it)
# when the selection takes the area NAME; fails when it does not.
tl_wanted() {
	[ -z "$SEL" ] && { echo; return 0; }
	for s in $(echo "$SEL" | tr ',' ' '); do
		case $s in
		"$1") echo; return 0 ;;
		"$1".*) echo "${s#"$1".}"; return 0 ;;
		esac
	done
	return 1
}

# area NAME [TIER]: source tests/NAME.sh when the selection takes it.
# With no selection an area of the boot tier runs only under make test
# (TIER=test), not make check. A selection runs its areas in any tier.
# TIER: check (the default: no boot), test (boots), alone (boots, and
# nothing beside it), last (no boot, after every other area: schema).
tl_seen=
tl_times=
tl_cpus=
tl_beside=

# tl_cpu_write FILE: this shell's CPU seconds and its waited children's
# (user + system), from the `times` builtin run in this shell (in a
# command substitution it would count a fresh subshell's). Two QEMUs
# share the host's CPUs, so an area's wall time says how long it waited
# as much as how much it cost; its CPU seconds say what a cut saves.
tl_cpu_write() {
	times >"$1.times"
	awk '{ for (i = 1; i <= 2; i++) { split($i, a, "m"); n += a[1] * 60 + a[2] } }
		END { printf "%d\n", n }' "$1.times" >"$1"
}
area() {
	tl_seen="$tl_seen $1"
	tl_only=$(tl_wanted "$1") || return 0
	case ${2:-check} in
	check | last) ;;
	*) [ -n "$SEL" ] || [ "$TIER" = test ] || return 0 ;;
	esac
	tl_area=$1
	tl_i=0
	tl_t0=$(date +%s)
	tl_mode=${2:-check}
	# The whole make test, between tl_beside=1 and tl_beside= in
	# tests/run.sh: a check area runs beside the boot areas already
	# forked, without waiting for them.
	[ "$tl_mode" = check ] && [ -n "$tl_beside" ] && [ "$TIER" = test ] && [ -z "$SEL" ] &&
		tl_mode=beside
	# make check: its areas TEST_JOBS at a time as well, each in its
	# own $T, the longest first (tests/run.sh); schema's `last` waits.
	[ "$tl_mode" = check ] && [ "$TIER" = check ] && tl_mode=par
	case $tl_mode/$TEST_JOBS in
	test/1 | par/1 | check/* | alone/* | beside/* | last/*)
		[ "$tl_mode" = beside ] || tl_join_all
		tl_t0=$(date +%s)
		tl_cpu_write "$T/cpu0"
		. "tests/$1.sh"
		tl_times="$tl_times$(($(date +%s) - tl_t0)) $1
"
		tl_cpu_write "$T/cpu1"
		tl_cpus="$tl_cpus$(($(cat "$T/cpu1") - $(cat "$T/cpu0"))) $1
"
		;;
	*) tl_fork "$1" ;;
	esac
	tl_area=setup
	tl_i=0
	tl_only=
}

# Boot areas run TEST_JOBS at a time (default 2), each in a subshell
# with its own temporary directory $T/par/NAME (the shared tools linked
# in); their lines are printed, renumbered, in the order of run.sh. Most
# of a boot test's time is fixed guest time (runtimes, sleeps, waits on
# the kernel) that a second QEMU on the other host CPU overlaps. An area
# marked `alone` (it asserts on timings: an A/A, an A/B) runs when the
# others have finished, and the next waits for it.
TEST_JOBS=${TEST_JOBS:-2}
# One area asked for (T=boot, T=boot.3): its lines as they come.
case $SEL in
?*,*) ;;
?*) TEST_JOBS=1 ;;
esac
tl_queue=
tl_fork() {
	while [ "$(tl_running)" -ge "$TEST_JOBS" ]; do
		sleep 0.2
		tl_flush
	done
	mkdir -p "$T/par/$1"
	for f in "$T"/*; do
		[ -f "$f" ] && [ -x "$f" ] && ln -s "$f" "$T/par/$1/"
	done
	# Detached (the subshell that starts it exits at once): not a
	# child of this shell, so a check area's own `wait` run beside it
	# (tl_beside) does not wait for it too. Joined by its .done file.
	(
		(
			(
				T=$T/par/$1
				tl_n=0
				tl_t0=$(date +%s)
				. "tests/$1.sh"
				echo "$(($(date +%s) - tl_t0))" >"$T.time"
				tl_cpu_write "$T.cpu"
			)
			: >"$T/par/$1.done"
		) >"$T/par/$1.log" 2>&1 &
	)
	tl_queue="$tl_queue $1:$tl_only"
}

# tl_running: how many forked areas have not finished.
tl_running() {
	n=0
	for q in $tl_queue; do
		[ -f "$T/par/${q%%:*}.done" ] || n=$((n + 1))
	done
	echo "$n"
}

# tl_flush: print the finished areas at the head of the queue.
tl_flush() {
	while [ -n "$tl_queue" ] && [ -f "$T/par/$(echo $tl_queue | sed 's/:.*//').done" ]; do
		tl_join_one
	done
}

# tl_join_one: wait for the oldest area forked, then print its lines.
tl_join_one() {
	set -- $tl_queue
	[ $# -gt 0 ] || return 0
	tl_q=$1
	shift
	tl_queue="$*"
	tl_jname=${tl_q%%:*}
	tl_jonly=${tl_q#*:}
	while [ ! -f "$T/par/$tl_jname.done" ]; do
		sleep 0.2
	done
	while IFS= read -r line; do
		case $line in
		"PASS "[0-9]*" $tl_jname."* | "FAIL "[0-9]*" $tl_jname."* | "SKIP "[0-9]*" $tl_jname."*)
			tl_n=$((tl_n + 1))
			tl_word=${line%% *}
			tl_rest=${line#* }
			case $tl_word in
			PASS) tl_pass=$((tl_pass + 1)) ;;
			FAIL) tl_fail=$((tl_fail + 1)) ;;
			SKIP) tl_skip=$((tl_skip + 1)) ;;
			esac
			echo "$tl_word $tl_n ${tl_rest#* }"
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$T/par/$tl_jname.log"
	if [ -f "$T/par/$tl_jname.time" ]; then
		tl_times="$tl_times$(cat "$T/par/$tl_jname.time") $tl_jname
"
		tl_cpus="$tl_cpus$(cat "$T/par/$tl_jname.cpu" 2>/dev/null || echo 0) $tl_jname
"
	else
		tl_n=$((tl_n + 1)) tl_fail=$((tl_fail + 1))
		echo "FAIL $tl_n $tl_jname: the area ran to its end${tl_jonly:+ (test $tl_jonly)}"
	fi
}

tl_join_all() {
	while [ -n "$tl_queue" ]; do
		tl_join_one
	done
}

# tests_summary: a selection that named no area is a failure; then the
# totals and the time; exit status 0 only when nothing failed.
tests_summary() {
	tl_join_all
	for s in $(echo "$SEL" | tr ',' ' '); do
		case " $tl_seen " in
		*" ${s%%.*} "*) ;;
		*) bad "T=$s" "no such area: tests/run.sh runs$tl_seen" ;;
		esac
	done
	# Each area's time, slowest first: where the next cut is.
	printf '%s' "$tl_times" | sort -rn | awk 'NF { printf "%s%s %d s", n++ ? ", " : "times: ", $2, $1 } END { if (n) print "" }'
	# And the CPU seconds each used (QEMU's included), most first, with
	# their sum: with two areas side by side, what bounds the run.
	printf '%s' "$tl_cpus" | sort -rn | awk 'NF { printf "%s%s %d s", n++ ? ", " : "cpu: ", $2, $1; t += $1 } END { if (n) print " (sum " t " s)" }'
	echo "$tl_pass passed, $tl_fail failed, $tl_skip skipped in $(($(date +%s) - tl_start)) s"
	[ "$tl_fail" -eq 0 ]
}
tl_only=
