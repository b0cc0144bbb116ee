#!/bin/sh
# How right make bisect is: every history of the corpus
# (tests/bisect/corpus.def) made (tests/bisect/mkhistory.sh) and
# bisected from its good to its bad commit with the row's job, then the
# verdicts tallied against the labels: the right culprit (or none on an
# A/A range), a false culprit (the wrong commit, or one on an A/A
# range), a miss (none found where there is one); and what each took:
# steps, wall minutes, and the minutes of builds and of runs from the
# bisection's bisect.json ("culprit": the full sha or null; "steps":
# one object a step with "build_s" and "run_s").
#
# Usage: tests/bisect/eval.sh [NAME...]     (default: every row)
#   env: B (the build directory: Debian's source, the corpus, the
#        builds; default O/build), O (default out), RESULTS (default
#        O/bisect-eval), MAKE_FLAGS (more make variables for every
#        bisection, e.g. QEMU=...)
# make bisect builds in O/build/bisect (its BUILD_ROOT), one worktree
# for every history: moving to the next history rebuilds only the files
# that differ.
# Prints a line a history and the totals; writes them to
# RESULTS/eval.txt too. Exit 0 when every verdict was right, 1 if not,
# 2 on bad input.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
o=${O:-$top/out}
b=${B:-$o/build}
res=${RESULTS:-$o/bisect-eval}
mkdir -p "$res"
out=$res/eval.txt

rows=$("$here/mkhistory.sh" --list)
if [ $# -gt 0 ]; then
	for n in "$@"; do
		echo "$rows" | cut -f1 | grep -qx "$n" ||
			{
				echo "bootbench: $n is not a history of tests/bisect/corpus.def" >&2
				exit 2
			}
	done
fi

# json_str FILE KEY: a string member (or "null"), the first of that
# name: bisect.json is bootbench's own compact JSON, its top-level
# members before "steps".
json_str() {
	grep -o "\"$2\"[[:space:]]*:[[:space:]]*\(null\|\"[^\"]*\"\)" "$1" | head -n 1 |
		sed 's/^[^:]*:[[:space:]]*//' | tr -d '"'
}
# json_sum FILE KEY: the sum of every member KEY (a number), and their count.
json_sum() {
	grep -o "\"$2\"[[:space:]]*:[[:space:]]*[-0-9.eE+]*" "$1" | sed 's/.*://' |
		awk '{ s += $1; n++ } END { printf "%.1f %d\n", s, n }'
}

names=" $* "
rm -f "$res/.tally"
# tally: the counts so far, for after the loop (a pipe's subshell).
tally() {
	echo "$total $right $false $missed $failed $tw $tb $tr" >"$res/.tally"
}
printf '%-30s %-8s %-8s %-12s %5s %7s %7s %7s\n' history expected found verdict steps wall_min build_min run_min | tee "$out"
right=0 false=0 missed=0 failed=0 total=0
tw=0 tb=0 tr=0
# The fields split on US, not on tabs: a tab is white space to read,
# and consecutive ones would merge an empty field (a revert's subject).
us=$(printf '\037')
echo "$rows" | tr '\t' "$us" | while IFS=$us read -r name commits pos _patch _dir _subj _setup job timing _size frags _src; do
	[ "$names" = "  " ] || case $names in *" $name "*) ;; *) continue ;; esac
	total=$((total + 1))
	hist=$("$here/mkhistory.sh" "$b" "$name") || {
		failed=$((failed + 1))
		printf '%-30s %s\n' "$name" "the history could not be made" | tee -a "$out"
		tally
		continue
	}
	# shellcheck disable=SC2086 # mkhistory's words
	set -- $hist
	repo=$2 good=$4 bad=$6 want=$8
	[ "$want" != none ] || want=null
	dir=$res/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	t0=$(date +%s)
	# shellcheck disable=SC2086 # the job and MAKE_FLAGS are word lists
	if ! make -s -C "$top" bisect O="$o" KSRC="$repo" GOOD="$good" BAD="$bad" \
		KCONFIG="$frags" TIMING="$timing" BISECT_OUT="$dir" RESULTS="$dir/results" $job ${MAKE_FLAGS:-} >"$dir/bisect.log" 2>&1 ||
		[ ! -f "$dir/bisect.json" ]; then
		[ -f "$dir/bisect.json" ] || {
			failed=$((failed + 1))
			printf '%-30s %s\n' "$name" "make bisect failed: $(tail -n 1 "$dir/bisect.log")" | tee -a "$out"
			tally
			continue
		}
	fi
	wall=$(($(date +%s) - t0))
	found=$(json_str "$dir/bisect.json" culprit)
	if [ "$found" = "$want" ]; then
		verdict=right right=$((right + 1))
	elif [ "$found" = null ]; then
		verdict=missed missed=$((missed + 1))
	else
		verdict=false false=$((false + 1))
		# Exit 10: the bisection itself said its A/B or its revert did
		# not confirm the commit it names.
		[ "$(grep -o '"exit_code":[0-9]*' "$dir/bisect.json" | cut -d: -f2)" != 10 ] ||
			verdict=false-unconf
	fi
	read -r bs steps <<EOF
$(json_sum "$dir/bisect.json" build_s)
EOF
	read -r rs _ <<EOF
$(json_sum "$dir/bisect.json" run_s)
EOF
	# The position found, in good..bad (1 the first commit after good).
	fpos=-
	[ "$found" = null ] || fpos=$(git --git-dir="$repo" rev-list --reverse "$good..$bad" | grep -nx "$found" | cut -d: -f1)
	printf '%-30s %-8s %-8s %-12s %5s %7.1f %7.1f %7.1f\n' "$name" "$pos/$commits" "${fpos:-?}" "$verdict" "$steps" \
		"$(echo "$wall" | awk '{ print $1 / 60 }')" "$(echo "$bs" | awk '{ print $1 / 60 }')" \
		"$(echo "$rs" | awk '{ print $1 / 60 }')" | tee -a "$out"
	tw=$((tw + wall))
	tb=$(echo "$tb $bs" | awk '{ print $1 + $2 }')
	tr=$(echo "$tr $rs" | awk '{ print $1 + $2 }')
	tally
done
# The loop ran in a subshell (a pipe): its tally is in the file.
[ -f "$res/.tally" ] || exit 2
read -r total right false missed failed tw tb tr <"$res/.tally"
rm -f "$res/.tally"
printf '%d histories: %d right, %d false culprits, %d missed, %d failed; %.1f min (builds %.1f, runs %.1f)\n' \
	"$total" "$right" "$false" "$missed" "$failed" "$(echo "$tw" | awk '{ print $1 / 60 }')" \
	"$(echo "$tb" | awk '{ print $1 / 60 }')" "$(echo "$tr" | awk '{ print $1 / 60 }')" | tee -a "$out"
[ "$right" -eq "$total" ]
