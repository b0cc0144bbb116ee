#!/bin/sh
# One history of the bisect corpus (tests/bisect/corpus.def): a git
# repository of Debian's linux-source-6.12 and a series of commits on
# it, the neutral changes of tests/bisect/neutral.def with one culprit
# at a known position (or none: an A/A range), made the same, to the
# sha, on every machine (fixed author, committer and dates).
#
# B/bisect-corpus/base.git: the pristine tree in one commit (branch
#   base), made once: adding the tree takes a minute, every history
#   reuses it through objects/info/alternates.
# B/bisect-corpus/NAME.git: the history, bare (git bisect assumes
#   --no-checkout in a bare repository; kconfigs/bisect-build.sh
#   checks commits out in a worktree of its own). Tags good (the
#   range's first commit: the base, or for a culprit that reverts, the
#   commit that applies what it reverts) and bad (the last), branch
#   master at bad. Made again only when its row, its patches, the
#   neutral table or this script change.
# The source: Debian's package, fetched and unpacked as kconfigs/ksrc.sh
# does for KSRC=debian-6.12 (the same B/ksrc/debian-6.12_<version>).
#
# Usage: mkhistory.sh B NAME
#        mkhistory.sh --list: corpus.def's rows, one a line, the fields
#        tab-separated (for tests/bisect/eval.sh)
# Prints "history <repo> good <sha> bad <sha> culprit <sha or none>";
# errors are one line, exit 2.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
def=$here/corpus.def
neutral=$here/neutral.def

die() {
	echo "bootbench: $*" >&2
	exit 2
}

# corpus.def's rows, each joined on one line, its fields tab-separated.
rows() {
	awk '/^HISTORY\(/ {
		r = $0
		while (r !~ /\)[[:space:]]*$/ && (getline l) > 0) r = r " " l
		n = split(r, f, "\"")
		s = f[2]
		for (i = 4; i < n; i += 2) s = s "\t" f[i]
		print s
	}' "$def"
}
if [ "${1:-}" = --list ]; then
	rows
	exit 0
fi
[ $# -eq 2 ] || {
	echo "usage: mkhistory.sh B NAME (a row of tests/bisect/corpus.def)" >&2
	exit 2
}
B=$(mkdir -p "$1" && cd "$1" && pwd)
name=$2

# The row: name, commits, position, patch, apply|revert, subject, the
# reverted commit's subject, ... (corpus.def's comment).
row=$(rows | awk -F'\t' -v n="$name" '$1 == n { print; exit }')
[ -n "$row" ] || die "$name is not a history of tests/bisect/corpus.def: say one of$(rows | cut -f1 | tr '\n' ' ' | sed 's/^/ /; s/ $//')"
field() { echo "$row" | cut -f"$1"; }
commits=$(field 2) pos=$(field 3) patch=$(field 4) dir=$(field 5)
subject=$(field 6) setup=$(field 7)
[ -n "$subject" ] || subject="Revert \"$setup\""
[ "$patch" = - ] || {
	patch=$top/$patch
	[ -f "$patch" ] || die "$name: its culprit $patch does not exist"
}
{ [ "$pos" -ge 0 ] && [ "$pos" -le "$commits" ]; } ||
	die "$name: culprit position $pos is not in 0..$commits"

# The pristine tree, as ksrc.sh's debian-6.12 unpacks it.
pkgdir=$("$top/initramfs/layer.sh" --tree "$B" linux-source-6.12) || exit 2
v=${pkgdir##*_}
tree=$B/ksrc/debian-6.12_$v
if [ ! -f "$tree/Makefile" ]; then
	echo "  UNPACK  linux-source-6.12 $v" >&2
	rm -rf "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -C "$tree.tmp" -xJf "$pkgdir/usr/src/linux-source-6.12.tar.xz" || {
		rm -rf "$tree.tmp"
		die "unpacking linux-source-6.12 failed: remove $pkgdir and run again"
	}
	mv -T "$tree.tmp/linux-source-6.12" "$tree"
	rm -rf "$tree.tmp"
fi

corpus=$B/bisect-corpus
mkdir -p "$corpus"
exec 9>"$corpus/.lock"
flock 9

export GIT_AUTHOR_NAME="bootbench corpus" GIT_AUTHOR_EMAIL=corpus@bootbench.invalid
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
# The dates: 2026-01-01 00:00 UTC, then a minute a commit.

base=$corpus/base.git
if ! bsha=$(git --git-dir="$base" rev-parse -q --verify refs/heads/base); then
	echo "  GIT     base.git: linux-source-6.12 $v (a minute)" >&2
	rm -rf "$base"
	git init -q --bare "$base"
	GIT_INDEX_FILE=$base/index.tmp git --git-dir="$base" --work-tree="$tree" add -A -f .
	t=$(GIT_INDEX_FILE=$base/index.tmp git --git-dir="$base" write-tree)
	rm -f "$base/index.tmp"
	bsha=$(echo "Debian linux-source-6.12 $v, as unpacked" |
		GIT_AUTHOR_DATE="1767225600 +0000" GIT_COMMITTER_DATE="1767225600 +0000" git --git-dir="$base" commit-tree "$t")
	git --git-dir="$base" update-ref refs/heads/base "$bsha"
fi

h=$corpus/$name.git
stamp=$( (echo "$row $bsha" && cat "$neutral" "$0" && { [ "$patch" = - ] || cat "$patch"; }) | cksum)
if [ "$(cat "$h/bootbench-stamp" 2>/dev/null)" = "$stamp" ]; then
	cat "$h/bootbench-history"
	exit 0
fi

tmp=$h.tmp
rm -rf "$tmp"
git init -q --bare "$tmp"
echo "$base/objects" >"$tmp/objects/info/alternates"
export GIT_DIR="$tmp"
trap 'rm -rf "$tmp"' EXIT

# The neutral edits, one directory each: subject, file, old, new.
ed=$tmp/edits
mkdir "$ed"
awk -v d="$ed" '
function flush() {
	if (id) { printf "%s", old > (d "/" id "/old"); printf "%s", new > (d "/" id "/new"); close(d "/" id "/old"); close(d "/" id "/new") }
}
/^#/ || /^$/ { next }
/^S / { flush(); n++; id = sprintf("%03d", n); system("mkdir " d "/" id); print id > (d "/ids"); print substr($0, 3) > (d "/" id "/subject"); close(d "/" id "/subject"); old = new = ""; no = nn = 0; next }
/^F / { print substr($0, 3) > (d "/" id "/file"); close(d "/" id "/file"); next }
/^- / { old = old (no++ ? "\n" : "") substr($0, 3); next }
/^\+ / { new = new (nn++ ? "\n" : "") substr($0, 3); next }
{ print "neutral.def: " FILENAME ":" NR ": not an S, F, - or + line" > "/dev/stderr"; exit 1 }
END { flush() }' "$neutral"
nedits=$(wc -l <"$ed/ids")
need=$commits
[ "$pos" -eq 0 ] || need=$((commits - 1))
[ "$need" -le "$nedits" ] || die "$name: $commits commits need $need neutral edits, neutral.def has $nedits"
# This history's order of the edits: by a checksum of its name and theirs.
order=$(while read -r e; do echo "$(printf '%s %s' "$name" "$e" | cksum | cut -d' ' -f1) $e"; done <"$ed/ids" | sort -n | head -n "$need" | cut -d' ' -f2)

# The files the commits change, taken out of the base into $w; each
# commit goes to git fast-import with the whole of the files it changes
# (one process for the history: a git command a step, each reading the
# tree's index of 90,000 files, took minutes).
w=$tmp/w
pfiles=
[ "$patch" = - ] || pfiles=$(sed -n 's/^+++ [^/]*\/\([^[:space:]]*\).*/\1/p' "$patch")
{
	for e in $order; do cat "$ed/$e/file"; done
	[ -z "$pfiles" ] || echo "$pfiles"
} | sort -u >"$tmp/files"
: >"$tmp/modes"
while read -r f; do
	# shellcheck disable=SC2046 # ls-tree's words: mode, type, blob, path
	set -- $(git ls-tree "$bsha" -- "$f")
	[ "${2:-}" = blob ] || die "$name: $f is not a file of linux-source-6.12"
	echo "$1 $f" >>"$tmp/modes"
	mkdir -p "$w/$(dirname "$f")"
	git cat-file blob "$3" >"$w/$f"
done <"$tmp/files"

n=0
stream=$tmp/stream
# commit FILES SUBJECT BODY...: the next commit, FILES as they are in $w.
commit() {
	files=$1
	shift
	n=$((n + 1))
	date="$((1767225600 + n * 60)) +0000"
	subj=$1
	shift
	msg=$(printf '%s\n\n' "$subj" && printf '%s\n' "$@")
	{
		echo "commit refs/heads/master"
		echo "mark :$n"
		echo "author $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL> $date"
		echo "committer $GIT_COMMITTER_NAME <$GIT_COMMITTER_EMAIL> $date"
		echo "data $(printf '%s\n' "$msg" | wc -c)"
		printf '%s\n' "$msg"
		[ "$n" -ne 1 ] || echo "from $from"
		for f in $files; do
			echo "M $(awk -v f="$f" '$2 == f { print $1; exit }' "$tmp/modes") inline $f"
			echo "data $(wc -c <"$w/$f")"
			cat "$w/$f"
			echo
		done
	} >>"$stream"
}
edit() {
	f=$(cat "$ed/$1/file")
	BB_OLD=$(cat "$ed/$1/old") BB_NEW=$(cat "$ed/$1/new") awk '
	{ s = s $0 "\n" }
	END {
		o = ENVIRON["BB_OLD"]; i = index(s, o)
		if (!i) exit 3
		rest = substr(s, i + length(o))
		if (index(rest, o)) exit 4
		printf "%s%s%s", substr(s, 1, i - 1), ENVIRON["BB_NEW"], rest
	}' "$w/$f" >"$w/$f.new" ||
		die "neutral.def: $(cat "$ed/$1/subject"): its - text is not in $f exactly once"
	mv -f "$w/$f.new" "$w/$f"
	commit "$f" "$(cat "$ed/$1/subject")" \
		"A neutral change of the bisect corpus (tests/bisect/neutral.def): compiled" \
		"into the kernel, on no path that a corpus test measures."
}
# apply [-R]: the patch applied to $w (or reversed).
apply() {
	patch -s -f --fuzz=0 --no-backup-if-mismatch -p1 -d "$w" "$@" <"$patch" >"$tmp/apply.err" 2>&1 ||
		die "$name: $patch does not apply $([ "$n" -eq 0 ] && echo "to linux-source-6.12" || echo "at commit $n") ($(head -n 1 "$tmp/apply.err"))"
}
culprit() {
	if [ "$dir" = revert ]; then
		apply -R
		commit "$pfiles" "$subject" "This reverts commit $good."
	else
		apply
		commit "$pfiles" "$subject" "The culprit of this history (tests/bisect/corpus.def)."
	fi
	cpos=$n
}
# import: the commits written so far into the history.
import() {
	git fast-import --quiet --export-marks="$tmp/marks" <"$stream" ||
		die "$name: git fast-import failed"
	rm -f "$stream"
}

good=$bsha from=$bsha
if [ "$dir" = revert ]; then
	# The range starts after the change that its culprit reverts.
	apply
	commit "$pfiles" "$setup" "The change that the culprit of this history reverts (tests/bisect/corpus.def)."
	import
	good=$(git rev-parse refs/heads/master)
	from=$good n=0
fi
cpos=0 i=0
for e in $order; do
	i=$((i + 1))
	[ "$i" -ne "$pos" ] || culprit
	edit "$e"
done
[ "$pos" -ne "$commits" ] || [ "$pos" -eq 0 ] || culprit
[ "$n" -eq "$commits" ] || die "$name: made $n commits, not $commits"
import
bad=$(git rev-parse refs/heads/master)
csha=none
[ "$cpos" -eq 0 ] || csha=$(awk -v m=":$cpos" '$1 == m { print $2 }' "$tmp/marks")
git tag good "$good"
git tag bad "$bad"
rm -rf "$ed" "$w" "$tmp/files" "$tmp/modes" "$tmp/marks" "$tmp/apply.err"
unset GIT_DIR
echo "history $h good $good bad $bad culprit $csha" >"$tmp/bootbench-history"
echo "$stamp" >"$tmp/bootbench-stamp"
rm -rf "$h"
mv "$tmp" "$h"
trap - EXIT
echo "  HISTORY $name: $commits commits, culprit $csha" >&2
cat "$h/bootbench-history"
