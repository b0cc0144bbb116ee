#!/bin/sh
# Print a table through the C preprocessor, so that the Makefile and the
# shell read the benchmarks' descriptors as the C does, never with sed
# over C: FILE (a .def that includes shared/descs.h, shared/descs.h
# itself, or any table of rows) with the row macros the caller wants
# given as -D flags, each expanding to what it prints; every other row
# reads as nothing.
# Usage: descs-cpp.sh CC FILE... -D'ROW(a,...)=...'...
# (several FILEs: one preprocessor run for all, as the Makefile does).
# The list of descriptors goes to a directory of its own: nothing is
# written in the build directory (make help, make deps as root).
set -eu
cc=$1
shift
files=
while [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; do
	files="$files $1"
	shift
done
top=$(cd "$(dirname "$0")/.." && pwd)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir "$d/gen"
# In byte order, as the Makefile's $(sort) lists them; a tree with none
# (a test's partial copy) has an empty list.
LC_ALL=C
export LC_ALL
for f in "$top"/benchmarks/*.desc; do
	[ -e "$f" ] || continue
	printf '#include "%s"\n' "benchmarks/${f##*/}"
done >"$d/gen/descs.def"
# shellcheck disable=SC2086 # the files are a word list
printf '#include "%s"\n' $files | "$cc" -E -P "$@" -I"$top" -I"$d" -x c -
