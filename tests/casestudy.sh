# Sourced by tests/run.sh (make check): the case studies of
# docs/case-studies are whole (a study, its patch, its commands), their
# mails are among the reader's test data (so the jobs they make are
# checked by the reproduce area), and the rerun script refuses a name
# it has not. Applying the patches needs Debian's linux-source (6.1, or
# the one a study's .cmds names on a "# KSRC:" line), which make check
# does not download: that step is counted a SKIP unless make case-study
# (kconfigs/ksrc.sh) has unpacked it into the build directory, or 6.1
# is unpacked at LINUX_SOURCE_6_1.
for cs_md in docs/case-studies/*.md; do
	cs=$(basename "$cs_md" .md)
	[ "$cs" = README ] && continue
	cs_mails=$(grep -o 'tests/reproduce/reports/[^ ]*\.txt' "docs/case-studies/$cs.cmds" "$cs_md" 2>/dev/null | sed 's/^[^:]*://' | sort -u)
	cs_ok=1
	for m in $cs_mails; do
		[ -f "$m" ] && [ -f "tests/reproduce/expected/$(basename "$m" .txt).expected" ] || cs_ok=0
	done
	check "casestudy: $cs has its patch, its commands and a kept mail with its job written by hand ($(echo $cs_mails | wc -w) mail)" \
		sh -c "test -f docs/case-studies/$cs.patch && test -f docs/case-studies/$cs.cmds && test $cs_ok = 1 && test -n '$cs_mails' &&
			grep -q '^--- a/' docs/case-studies/$cs.patch && grep -q '^+++ b/' docs/case-studies/$cs.patch"
	# The study's source: its .cmds' "# KSRC:" line, else debian-6.1.
	cs_v=$(sed -n 's/^# KSRC: *debian-\([0-9.]*\)$/\1/p' "docs/case-studies/$cs.cmds")
	cs_v=${cs_v:-6.1}
	cs_tree=$(ls -d "$B"/ksrc/debian-"${cs_v}"_*/ 2>/dev/null | tail -n 1)
	[ "$cs_v" != 6.1 ] || cs_tree=${LINUX_SOURCE_6_1:-$cs_tree}
	if [ -n "$cs_tree" ] && [ -d "$cs_tree" ]; then
		check "casestudy: $cs.patch applies to Debian's linux-source-$cs_v" \
			patch --dry-run -d "$cs_tree" -p1 -i "$top/docs/case-studies/$cs.patch"
	else
		skip "casestudy: $cs.patch applies to Debian's linux-source-$cs_v" "not unpacked here (make case-study NAME=$cs unpacks it; or LINUX_SOURCE_6_1=)"
	fi
done
expect_bad "a case study that is none" 2 "case-study: no nosuch.patch and nosuch.cmds" docs/case-studies/run.sh nosuch
# A hostile NAME (issue 51): make case-study quotes it, and a NAME that
# is a path is refused before anything is run or written. NAME with a
# `;` ran a command in the recipe (WORK= took it bare); NAME=../../x ran
# any x.cmds the path reached, with sh -eux, and made its work
# directory outside O.
rm -f "$T/cs-pwned"
make -s --no-print-directory case-study O="$O" NAME="x;touch $T/cs-pwned #" >"$T/cs.out" 2>"$T/cs.err"
cs_rc=$?
check "casestudy: make case-study NAME='x;touch <file> #' runs nothing, refused in words of its own (exit $cs_rc)" \
	sh -c "[ $cs_rc != 0 ] && ! [ -e '$T/cs-pwned' ] && grep -q '^case-study: NAME=x;touch $T/cs-pwned # is a path, not a case study.s name' '$T/cs.err'"
make -s --no-print-directory case-study O="$O" NAME="a b" >"$T/cs.out" 2>"$T/cs.err"
cs_rc=$?
check "casestudy: make case-study NAME='a b' is no study, said before anything runs (exit $cs_rc)" \
	sh -c "[ $cs_rc != 0 ] && grep -q '^case-study: no a b.patch and a b.cmds in ' '$T/cs.err' && ! grep -q 'KERNEL\|UNPACK' '$T/cs.err'"
mkdir -p "$T/cs"
printf 'touch %s/cs-cmds-ran\n' "$T" >"$T/cs/evil.cmds"
cp docs/case-studies/pipe-read-wake-writer.patch "$T/cs/evil.patch"
# NAME as docs/case-studies/'s relative path to it; the default work
# directory, out/case-studies/NAME, is then $T/cs/evil too.
cs_up=$(echo "$top/docs/case-studies" | sed 's|/[^/]*|../|g')
cs_name=$cs_up${T#/}/cs/evil
expect_bad "a case study NAME that is a path out of docs/case-studies" 2 "case-study: NAME=$cs_name is a path, not a case study's name: give one of docs/case-studies" \
	env -u WORK DEB_OFFLINE=1 B="$T/cs-b" docs/case-studies/run.sh "$cs_name"
check "casestudy: the refused path's commands did not run, no work directory outside O" \
	sh -c "! [ -e '$T/cs-cmds-ran' ] && ! [ -e '$T/cs/evil' ] && ! [ -e '$T/cs-b' ]"
