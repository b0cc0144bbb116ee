#!/bin/sh
# make help, written from the tables, so that what is added to them shows
# here by itself: the targets from the Makefile's "## target: text" lines,
# the benchmark parameters from proto/jobkeys.def and the descriptors,
# run's options from
# boot/options.def, make's own variables from "## VARIABLE: text" lines.
# The tables' rows come from the Makefile's printer of them (mk/tables.c
# --help), which reads them as the C does.
# Usage: help.sh MAKEFILE MKTABLES; the variables' values come in the
# environment.
set -eu
mk=$1
tables=$2

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
# An argument with choices (auto|kvm|tcg) is said after the text; a
# variable of two options (FIT: --fit, --no-fit) once.
"$tables" --help | awk -F'\t' '$1 == "opt" && !seen[$2]++ {
	print $2 "|" $4 ($3 ~ /[|]/ && $3 ~ /[a-z]/ ? ": " $3 : "") }' | rows
echo
echo 'Benchmark parameters (proto/jobkeys.def and the benchmarks'"'"' descriptors; job files give them in lower case):'
"$tables" --help | awk -F'\t' '$1 == "key" { n = toupper($2); gsub(/-/, "_", n); print n "|" $3 }' | rows
echo
echo 'make'"'"'s own variables:'
sed -n 's/^## \([A-Z][A-Z0-9_]*\): \(.*\)/\1|\2/p' "$mk" | rows
