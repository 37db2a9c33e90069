#!/bin/bash
# The documentation stays a map of the tree as it is:
#   - README.md is a front page (at most 200 lines); the rest lives in docs/;
#   - every model directory (lib/model, <driver>/model) has a README.md;
#   - every in-tree path a doc links ([text](path#heading), relative to
#     the doc) exists, and so does the heading (paths in backquotes may be
#     another project's, and are not checked);
#   - no comment or doc cites a note outside the repository (a *.md that is
#     not in the tree, such as the project's fact sheets): cite the kernel,
#     Mesa, libdrm, IGT or NVIDIA file and function instead.
. "$(dirname "$0")/checklib.sh"
TOP=${DOCS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$TOP" || exit 1

MAX_README=200
NAME="README.md is a front page of at most $MAX_README lines"
lines=$(wc -l <README.md)
if [ "$lines" -le $MAX_README ]; then
	check_pass "$NAME"
else
	check_fail "$NAME" "README.md has $lines lines: move the detail to docs/"
fi

NAME="every model directory has a README.md"
missing=()
for d in */model; do
	[ -d "$d" ] && [ ! -f "$d/README.md" ] && missing+=("$d")
done
if [ ${#missing[@]} = 0 ]; then
	check_pass "$NAME"
else
	check_fail "$NAME" "${missing[@]/%/: no README.md}"
fi

# The docs: README.md, docs/, and every README of the tree (not build/).
docs=()
while IFS= read -r f; do
	docs+=("$f")
done < <(find . -path ./build -prune -o -path ./.git -prune -o \
	\( -name '*.md' -o -name 'README*' \) -type f -print | sed 's|^\./||' | sort)

# in_tree <file> <path>: the path exists relative to the file or to the top.
in_tree() {
	local base
	base=$(dirname "$1")
	[ -e "$base/$2" ] || [ -e "$2" ]
}

# The anchors of a Markdown file's headings, as GitHub makes them: lower
# case, only letters, digits, '-', '_' and spaces kept, spaces as '-'.
anchors() {
	sed -nE 's/^#+ +//p' "$1" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9 _-]//g; s/ /-/g'
}

NAME="every in-tree path the docs link exists"
bad=()
for f in "${docs[@]}"; do
	# Markdown links [text](target[#anchor]), relative to the doc; not URLs
	while IFS= read -r link; do
		target=${link%%#*} anchor=
		[[ $link == *#* ]] && anchor=${link#*#}
		[ -z "$target" ] && target=$(basename "$f")
		target=$(dirname "$f")/$target
		if [ ! -e "$target" ]; then
			bad+=("$f: link ($link): no such file")
		elif [ -n "$anchor" ] && ! anchors "$target" | grep -qxF -- "$anchor"; then
			bad+=("$f: link ($link): no such heading")
		fi
	done < <(grep -oE '\]\([^)[:space:]]+\)' "$f" | sed -E 's/^\]\((.*)\)$/\1/' |
		grep -vE '^(https?|mailto):')
done
if [ ${#bad[@]} = 0 ]; then
	check_pass "$NAME"
else
	check_fail "$NAME" "${bad[@]}"
fi

# Every *.md a source file or a doc names must be in the tree: relative to
# the file, to the top, or (a bare name) the file's own directory's.
NAME="no comment or doc cites a note outside the repository"
bad=()
while IFS=: read -r file line text; do
	for note in $(grep -oE '[A-Za-z0-9_./-]*[A-Za-z0-9_]\.md\b' <<<"$text"); do
		note=${note#./}
		in_tree "$file" "$note" && continue
		bad+=("$file:$line: $note")
	done
done < <(git grep -nIE '[A-Za-z0-9_]\.md\b' -- ':!build' ':!tests/lib/docs.sh' 2>/dev/null ||
	 grep -rnIE --exclude-dir=build --exclude-dir=.git --exclude=docs.sh '[A-Za-z0-9_]\.md\b' . |
	 sed 's|^\./||')
if [ ${#bad[@]} = 0 ]; then
	check_pass "$NAME"
else
	check_fail "$NAME" "${bad[@]}"
fi
