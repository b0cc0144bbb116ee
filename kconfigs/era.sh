#!/bin/sh
# An older tree's traps with today's toolchain (kconfigs/eras.def): for
# the tree KSRC and its configured .config, prints the make variables
# its build needs, one a line, or fails in one line naming the trap.
# Usage: era.sh KSRC CONFIG [ERAS]   (ERAS: default kconfigs/eras.def)
set -eu
ksrc=$1 config=$2 eras=${3:-$(dirname "$0")/eras.def}
[ -f "$config" ] || {
	echo "bootbench: $config does not exist: configure the tree first (kernel-build.sh)" >&2
	exit 2
}
grep -v '^#' "$eras" | grep . | while IFS='|' read -r name file how re opt answer text; do
	[ -f "$ksrc/$file" ] || continue
	if grep -qE -- "$re" "$ksrc/$file"; then found=has; else found=lacks; fi
	[ "$found" = "$how" ] && grep -qx -- "$opt" "$config" || continue
	case $answer in
	make) echo "$text" ;;
	error)
		echo "bootbench: this tree's era trap $name, reached by $opt: $text" >&2
		exit 2
		;;
	none) ;;
	*)
		echo "bootbench: $eras: row $name has answer '$answer': say make, error or none" >&2
		exit 2
		;;
	esac
done
