#!/bin/sh
# Rerun a case study from scratch (docs/case-studies/), as make
# case-study NAME= does: the two kernels built by the KSRC flow of make
# reproduce (kconfigs/ksrc.sh: Debian's linux-source, the base with
# kconfigs/base.config and bench.config, the case's patch on the new
# side as an incremental build of the base's objects, each kernel
# cached in the build directory by its source, change and config),
# then the case's commands. The source is the one NAME.cmds names on a
# line "# KSRC: debian-6.12" (default debian-6.1).
# Usage: docs/case-studies/run.sh [--check] NAME   (NAME.patch and
# NAME.cmds beside; --check: only that NAME is a study, nothing run)
# Environment: WORK (default out/case-studies/NAME: the results), B
# (default out/build: the kernels).
set -eu
check=
[ "${1:-}" != --check ] || { check=1 && shift; }
name=${1:?usage: docs/case-studies/run.sh [--check] NAME}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# A name, not a path: NAME=../../x ran any .cmds the path reached with
# sh -eux, and made its work directory outside O.
case $name in
*/*)
	echo "case-study: NAME=$name is a path, not a case study's name: give one of docs/case-studies (ls docs/case-studies/*.cmds)" >&2
	exit 2
	;;
esac
[ -f "$here/$name.patch" ] && [ -f "$here/$name.cmds" ] || {
	echo "case-study: no $name.patch and $name.cmds in $here: give a case's name (ls docs/case-studies)" >&2
	exit 2
}
[ -z "$check" ] || exit 0
work=${WORK:-$top/out/case-studies/$name}
mkdir -p "$work"
work=$(cd "$work" && pwd)
ksrc=$(sed -n 's/^# KSRC: *\([a-z0-9.-]*\)$/\1/p' "$here/$name.cmds" | head -n 1)
cd "$top"
t0=$(date +%s)
kernels=$(kconfigs/ksrc.sh "${B:-$top/out/build}" "${ksrc:-debian-6.1}" "$here/$name.patch" tinyconfig \
	kconfigs/base.config kconfigs/bench.config) || exit $?
BASE=$(echo "$kernels" | sed -n 's/^base //p')
NEW=$(echo "$kernels" | sed -n 's/^new //p')
echo "case-study: base $BASE, new $NEW (the patch), in $(($(date +%s) - t0)) s"
# The case's commands, with BASE, NEW and RESULTS set.
RESULTS=$work/results
export BASE NEW RESULTS
sh -eux "$here/$name.cmds"
echo "case-study: $name done in $(($(date +%s) - t0)) s from the mail: the verdicts are above"
