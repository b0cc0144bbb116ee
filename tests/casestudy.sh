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
