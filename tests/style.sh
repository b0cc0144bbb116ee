# Area style (make check): every C file as clang-format writes it. One
# clang-format for all files: one process a file took most of a minute.
if command -v clang-format >/dev/null 2>&1 && [ -d .git ]; then
	unformatted=$(git ls-files -z '*.c' '*.h' |
		xargs -0 clang-format --dry-run -Werror 2>&1 |
		sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u | tr '\n' ' ')
	if [ -z "$unformatted" ]; then
		ok "style: every C file matches .clang-format"
	else
		bad "style: every C file matches .clang-format" "run make format: $unformatted"
	fi
fi
