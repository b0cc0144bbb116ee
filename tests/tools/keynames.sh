#!/bin/sh
# Print where a benchmark's own job key (a JOBKEY row of its descriptor,
# benchmarks/<name>.desc) is written as a string, "key", outside that
# descriptor and the .c of each test it describes (its BENCH and TEST
# rows): one "key file count" line each, from git grep -c. Knowledge
# of a key belongs in its rows; docs/ and tests/ are not counted.
# Usage: tests/tools/keynames.sh (from the top of a git tree)
set -eu
for d in benchmarks/*.desc; do
	own=$(sed -n 's/^\(BENCH\|TEST\)(\([A-Za-z0-9_-]*\),.*/benchmarks\/\2.c/p' "$d")
	for k in $(sed -n 's/^JOBKEY("\([a-z0-9_]*\)".*/\1/p' "$d"); do
		git grep -c -F -e "\"$k\"" -- ':!tests' ':!docs' ':!*.md' ':!jobs' |
			while IFS=: read -r f n; do
				[ "$f" = "$d" ] && continue
				case " $(echo $own) " in *" $f "*) continue ;; esac
				echo "$k $f $n"
			done
	done
done | sort
