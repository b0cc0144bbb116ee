# Area style (make check): every C file as clang-format writes it, and
# no function longer than 80 lines. One clang-format for all files: one
# process a file took most of a minute. A worktree (.git a file) counts.
if ! command -v clang-format >/dev/null 2>&1 || ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	skip "style: every C file matches .clang-format" "no clang-format or no git tree: as root: boot/deps.sh test"
else
	unformatted=$(git ls-files -z '*.c' '*.h' |
		xargs -0 clang-format --dry-run -Werror 2>&1 |
		sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u | tr '\n' ' ')
	if [ -z "$unformatted" ]; then
		ok "style: every C file matches .clang-format"
	else
		bad "style: every C file matches .clang-format" "run make format: $unformatted"
	fi
fi
if ! command -v ctags >/dev/null 2>&1; then
	skip "style: no function is longer than 80 lines" "no ctags: apt-get install universal-ctags"
else
	long=$(tests/tools/longfuncs.sh 1000 | awk '$1 > 80 && NF == 3 { printf "%s %s (%s lines); ", $3, $2, $1 }')
	check "style: no function is longer than 80 lines (tests/tools/longfuncs.sh)" test -z "$long"
	[ -z "$long" ] || echo "  split: $long" >&2
fi

# The docs name files of this tree that exist: a source, script, table
# or page (by its ending) under one of the tree's folders. The case
# studies name the kernel's own files, and are left out.
st_stale=$(for f in README.md docs/*.md; do
	grep -oE '\b(boot|init|lib|proto|shared|report|reproduce|history|benchmarks|initramfs|tests|docs|kconfigs|mk|plugin|jobs)/[A-Za-z0-9_./+-]*\.(c|h|sh|def|md|desc|list|config|py|job)\b' "$f" |
		sort -u | while read -r p; do [ -e "$p" ] || printf '%s ' "$f:$p"; done
done)
check "style: every file of this tree the README and docs/ name exists${st_stale:+: missing $st_stale}" test -z "$st_stale"

# A benchmark's key is written in its descriptor and its .c only
# (tests/tools/keynames.sh); tests/keynames.known lists today's debt.
st_keys=$(tests/tools/keynames.sh 2>/dev/null | grep -vxF -f tests/keynames.known | tr '\n' ';')
check "style: no benchmark's key is written outside its descriptor and its .c but the known ones${st_keys:+: $st_keys}" \
	test -z "$st_keys"
