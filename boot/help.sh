#!/bin/sh
# make help, written from the tables, so that what is added to them shows
# here by itself: the targets from the Makefile's "## target: text" lines,
# the benchmark parameters from proto/jobkeys.def and the descriptors,
# run's options from
# boot/options.def, make's own variables from "## VARIABLE: text" lines.
# Usage: help.sh MAKEFILE; the variables' values come in the environment.
set -eu
mk=$1
top=$(cd "$(dirname "$0")/.." && pwd)

# "NAME|text" lines, one a row: NAME=its current value, then the text.
rows() {
	while IFS='|' read -r v h; do
		[ -n "$v" ] || continue
		eval "cur=\${$v-}"
		printf '  %-28s %s\n' "$v=$cur" "$h"
	done
}

echo 'bootbench: boot a kernel under QEMU and benchmark it'
echo
echo 'Targets:'
sed -n 's/^## \([a-z][a-z0-9-]*\): \(.*\)/\1|\2/p' "$mk" |
	while IFS='|' read -r t h; do printf '  %-15s %s\n' "$t" "$h"; done
echo
echo 'What to run and where (boot/options.def: bootbench run --help):'
# An argument with choices (auto|kvm|tcg) is said after the text.
# Read by the C preprocessor (lib/descs-cpp.sh): @@ "VAR" "argument"
# (or NULL) "help" (or joined strings), as VAR|help|argument.
"$top/lib/descs-cpp.sh" "${HOSTCC:-cc}" boot/options.def -D'OPT(i,o,v,k,f,mi,ma,a,h)=@@ v a h' |
	awk '/^@@ / { s = substr($0, 4); n = 0
		while (s != "") {
			if (substr(s, 1, 4) == "NULL") { f[++n] = ""; s = substr(s, 5) }
			else { m = index(substr(s, 2), "\""); f[++n] = substr(s, 2, m - 1); s = substr(s, m + 2) }
			sub(/^ +/, "", s)
		}
		h = f[3]; for (i = 4; i <= n; i++) h = h f[i]
		print f[1] "|" h "|" f[2] }' |
	awk -F'|' '{ a = ""; for (i = 3; i <= NF; i++) a = a (i > 3 ? "|" : "") $i
		if (!seen[$1]++) print $1 "|" $2 (a ~ /[|]/ && a ~ /[a-z]/ ? ": " a : "") }' | rows
echo
echo 'Benchmark parameters (proto/jobkeys.def and the benchmarks'"'"' descriptors; job files give them in lower case):'
# Read by the C preprocessor (lib/descs-cpp.sh), one row a line:
# @@ "name" "help" (a help of joined strings: "a" "b").
"$top/lib/descs-cpp.sh" "${HOSTCC:-cc}" proto/jobkeys.def -D'JOBKEY(n,k,mi,ma,h,c)=@@ n h' |
	awk '/^@@ / { sub(/^@@ "/, ""); n = $0; sub(/".*/, "", n); h = substr($0, length(n) + 4)
		gsub(/" "/, "", h); sub(/^"/, "", h); sub(/"$/, "", h)
		n = toupper(n); gsub(/-/, "_", n); print n "|" h }' | rows
echo
echo 'make'"'"'s own variables:'
sed -n 's/^## \([A-Z][A-Z0-9_]*\): \(.*\)/\1|\2/p' "$mk" | rows
