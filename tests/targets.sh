# Area targets (make check): every target make help lists, from an
# empty O, as on a fresh clone. make help and the goals that build
# nothing write nothing there; make -n of all the targets has a rule for
# every prerequisite; and the targets whose recipes run O's programs
# run for real, dry (DRY=1, --plan: nothing booted), in an O holding
# only what make would have built for them (linked from this build): a
# recipe that uses a program its rule does not name fails there, as
# make bench-boot on a new O did for mklayer.
tg=$T/targets
tg_e=$tg/empty
mkdir -p "$tg"
tg_o=$(cd "$O" && pwd)
tg_b=$(cd "$B" && pwd)

# 1. make help: its list, and no O written (NOBUILD_GOALS).
make -s --no-print-directory help O="$tg_e" >"$tg/help" 2>"$tg/help.err"
tg_rc=$?
tg_list=$(sed -n '/^Targets:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p' "$tg/help")
check "targets: make help from an empty O lists the targets and writes nothing there" \
	sh -c "test $tg_rc = 0 && test -n '$tg_list' && ! test -e '$tg_e'"
make -n --no-print-directory deps clean test-host O="$tg_e" >/dev/null 2>&1
check "targets: make -n deps clean test-host writes nothing in O" sh -c "test $? = 0 && ! test -e '$tg_e'"

# 2. make -n of every target at once (-k: each one's missing rule said).
tg_n=$(echo "$tg_list" | grep -vx help | tr '\n' ' ')
make -n -k --no-print-directory O="$tg_e" $tg_n >"$tg/n.out" 2>"$tg/n.err"
tg_rc=$?
if [ "$tg_rc" = 0 ] && ! grep -q 'No rule to make target' "$tg/n.err"; then
	ok "targets: make -n of $(echo $tg_n | wc -w) targets from an empty O: a rule for every prerequisite"
else
	bad "targets: make -n of every target from an empty O" "exit $tg_rc: $(grep -m 3 'No rule\|Error' "$tg/n.err" | tr '\n' ' ')"
fi

# tg_seed DIR TARGET VAR=...: DIR as an O holding what make -n --trace
# says it would build for TARGET from an empty O, linked from this
# build: each program of build/host, base.cpio with core.cpio beside
# it, the guest's programs, libkmod and the kernel's directory each
# whole; the generated tables copied with their times; and this
# build's caches (images, vmlinux, Debian's packages, layers), which no
# rule makes.
tg_seed() {
	d=$1
	shift
	mkdir -p "$d/build/host" "$d/kernel"
	make -n --trace --no-print-directory O="$tg_e" "$@" 2>&1 |
		sed -n "s|.*target '$tg_e/\([^']*\)'.*|\1|p" | sort -u >"$d.closure"
	sed -e '/^build\/gen\//d' -e 's|^\(build/guest\)/.*|\1|' -e 's|^\(build/libkmod\)/.*|\1|' \
		-e 's|^\(kernel/[^/]*\)/.*|\1|' -e 's|^build/base\.cpio$|&\nbuild/core.cpio|' "$d.closure" |
		sort -u | while read -r f; do
		case $f in build/*) src=$tg_b/${f#build/} ;; *) src=$tg_o/$f ;; esac
		[ ! -e "$src" ] || ln -s "$src" "$d/$f"
	done
	cp -pr "$tg_b/gen" "$d/build/"
	ln -sf "$tg_b/host/mktables" "$d/build/host/mktables"
	for c in images vmlinux debs layers; do
		[ ! -d "$tg_b/$c" ] || ln -s "$tg_b/$c" "$d/build/$c"
	done
}

# tg_dry NAME TARGET VAR=...: TARGET run in its seeded O.
tg_dry() {
	name=$1
	shift
	tg_seed "$tg/$name" "$@"
	make -s --no-print-directory O="$tg/$name" "$@" >"$tg/$name.out" 2>"$tg/$name.err"
	rc=$?
	if grep -q 'bootbench: missing packages' "$tg/$name.err"; then
		skip "targets: make $* from an O of its prerequisites" "$(head -n 1 "$tg/$name.err")"
	elif [ "$rc" = 0 ]; then
		ok "targets: make $* from an O of only its prerequisites ($(wc -l <"$tg/$name.closure") files)"
	else
		bad "targets: make $* from an O of only its prerequisites" "exit $rc: $(tail -n 2 "$tg/$name.err" | tr '\n' ' ')"
	fi
}

# 3. The targets that run O's programs, dry.
if [ ! -f "$tg_o/kernel/default/bzImage" ]; then
	skip "targets: the dry runs of bench-boot, run and reproduce" "no kernel at $O/kernel/default: make kernel-default"
else
	tg_dry bench-boot bench-boot DRY=1
	tg_dry run run TEST=boot RUN_EXTRA=--plan
	tg_dry reproduce reproduce DRY=1 REPORT=tests/reproduce/reports/aim9-disk_src-shmem-19.0.txt
fi

# 4. Two makes at once remake one B's gen/tables.mk (two terminals, CI
# jobs on one checkout): a mktables that takes a second makes them
# overlap, and each must finish with the whole fragment. With one
# fixed temporary name (tables.mk.tmp) the second's mv found it moved
# away: "mv: cannot stat", Error 1.
tg_r=$tg/race
mkdir -p "$tg_r/gen" "$tg_r/host"
cp "$tg_b/gen/descs.def" "$tg_r/gen/"
sleep 1 # the stand-in mktables newer than descs.def: not rebuilt
printf '#!/bin/sh\nsleep 1\nexec "%s"\n' "$tg_b/host/mktables" >"$tg_r/host/mktables"
chmod +x "$tg_r/host/mktables"
make -s --no-print-directory help-tables B="$tg_r" >"$tg_r/a.err" 2>&1 &
tg_pa=$!
make -s --no-print-directory help-tables B="$tg_r" >"$tg_r/b.err" 2>&1 &
tg_pb=$!
wait "$tg_pa"
tg_ra=$?
wait "$tg_pb"
tg_rb=$?
check "targets: two makes at once remake gen/tables.mk, both exit 0, it whole, no temporary file left (exit $tg_ra, $tg_rb)" \
	sh -c "test $tg_ra = 0 && test $tg_rb = 0 && test ! -s '$tg_r/a.err' && test ! -s '$tg_r/b.err' &&
		cmp -s '$tg_r/gen/tables.mk' '$tg_b/gen/tables.mk' && test \"\$(ls '$tg_r/gen')\" = \"\$(printf 'descs.def\\ntables.mk')\""
