# Area style (make check): every C file as clang-format writes it.
if command -v clang-format >/dev/null 2>&1 && [ -d .git ]; then
	unformatted=
	for f in $(git ls-files '*.c' '*.h'); do
		clang-format "$f" | cmp -s - "$f" || unformatted="$unformatted $f"
	done
	if [ -z "$unformatted" ]; then
		ok "style: every C file matches .clang-format"
	else
		bad "style: every C file matches .clang-format" "run make format:$unformatted"
	fi
fi
