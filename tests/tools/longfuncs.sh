#!/bin/sh
# The longest C functions of the tree, by lines from the opening line to
# the closing brace (universal-ctags' end field): tests/tools/longfuncs.sh [N]
# Prints "lines file:line function", longest first; the count over 80 last.
n=${1:-10}
cd "$(dirname "$0")/../.." || exit 2
command -v ctags >/dev/null || { echo "longfuncs: needs universal-ctags: apt-get install -y universal-ctags" >&2; exit 2; }
git ls-files '*.c' | grep -v '^tests/' |
	xargs ctags -x --_xformat='%N %F %n %e' --kinds-C=f -o - 2>/dev/null |
	awk '$4 > 0 { print $4 - $3 + 1, $2 ":" $3, $1 }' | sort -rn >"${TMPDIR:-/tmp}/longfuncs.$$"
head -n "$n" "${TMPDIR:-/tmp}/longfuncs.$$"
echo "over 80 lines: $(awk '$1 > 80' "${TMPDIR:-/tmp}/longfuncs.$$" | wc -l)"
rm -f "${TMPDIR:-/tmp}/longfuncs.$$"
