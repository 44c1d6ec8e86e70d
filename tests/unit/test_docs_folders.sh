#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The folder table of docs/design.md ("Layers and folders") names exactly
# the repository's folders, every file a row names exists, the rows of
# src/core's folders name every file in them, and no other page keeps a
# table of its own.
#   test_docs_folders.sh SOURCE_DIR
# A folder is one that directly holds a file git tracks or would track
# (untracked files that .gitignore does not exclude count, so a new folder
# fails before its first commit); folders below the fixture folders
# tests/data/ and tests/fuzz/corpus/ are left to their parent's row.  A
# row is a table line whose first cell is one `folder/`.  Outside a git
# checkout (a release tarball) there is no list of tracked files, so the
# test skips (exit 77).
set -u
root=$1
cd "$root" || exit 1
if ! git rev-parse --show-toplevel >/dev/null 2>&1; then
  echo "test_docs_folders: $root is not a git checkout; skipped"
  exit 77
fi

status=0
fail() {
  echo "test_docs_folders: $*" >&2
  status=1
}

# The first cells of the folder rows of a Markdown file, one per line.
folder_rows() {
  sed -n 's/^| `\([^`| ]*\/\)` |.*/\1/p' "$1"
}

# The rows of design.md's "Layers and folders" section.
design=docs/design.md
documented=$(awk '/^## Layers and folders$/ { on = 1; next }
                  /^##/ { on = 0 }
                  on' "$design" |
             sed -n 's/^| `\([^`| ]*\/\)` |.*/\1/p' | sed 's/\/$//' | sort)
[ -n "$documented" ] || fail "$design has no folder table under \"## Layers and folders\""
dups=$(printf '%s\n' "$documented" | uniq -d)
[ -z "$dups" ] || fail "$design lists these folders twice: $dups"

# Files deleted from the work tree but not from the index do not count.
files=$(git ls-files --cached --others --exclude-standard -- . |
        grep -vxF -f <(git ls-files --deleted -- .))
actual=$(printf '%s\n' "$files" | sed -n 's|/[^/]*$||p' |
         grep -v -e '^tests/data/' -e '^tests/fuzz/corpus/' | sort -u)

missing=$(comm -23 <(printf '%s\n' "$actual") <(printf '%s\n' "$documented" | sort -u))
stale=$(comm -13 <(printf '%s\n' "$actual") <(printf '%s\n' "$documented" | sort -u))
for d in $missing; do
  fail "folder $d/ holds files but has no row in $design (\"Layers and folders\")"
done
for d in $stale; do
  fail "$design (\"Layers and folders\") has a row for $d/, which holds no file"
done

# Every file a row names exists: a `name.ext` in backquotes (the
# extension one of sources, build files, text and data; `*` may stand for
# part of a name) in the row's folder, in a folder beside it (a layer's
# row names the table of the layer before it), from the repository's
# root, or a public header in include/, named bare everywhere.  The rows of src/core
# and its folders list their files, so each names every file it holds.
# named: "folder name" for every file name in a row.
named=$(awk '/^## Layers and folders$/ { on = 1; next }
             /^##/ { on = 0 }
             on && /^\| `[^`| ]*\/` \|/ {
               folder = $0
               sub(/^\| `/, "", folder); sub(/\/` \|.*/, "", folder)
               rest = $0; sub(/^\|[^|]*\|/, "", rest)
               while (match(rest, /`[^`]*`/)) {
                 name = substr(rest, RSTART + 1, RLENGTH - 2)
                 rest = substr(rest, RSTART + RLENGTH)
                 if (name ~ /^[A-Za-z0-9_*.\/-]*[A-Za-z0-9_*]\.(c|h|cl|cpp|hpp|def|py|sh|cmake|txt|json|md|toml|in|supp)$/)
                   print folder, name
               }
             }' "$design" | sort -u)
while read -r folder name; do
  [ -n "$name" ] || continue
  compgen -G "$folder/$name" >/dev/null ||
    compgen -G "${folder%/*}/*/$name" >/dev/null ||
    compgen -G "$name" >/dev/null || compgen -G "include/$name" >/dev/null ||
    fail "$design's row for $folder/ names \`$name\`, which is not in" \
         "$folder/, a folder beside it, the root or include/"
done <<<"$named"
held=$(printf '%s\n' "$files" | grep -E '^src/core(/[^/]+)?/[^/]+$' |
       sed 's|/\([^/]*\)$| \1|' | sort -u)
for pair in $(comm -23 <(printf '%s\n' "$held") <(printf '%s\n' "$named") |
              tr ' ' ':'); do
  fail "$design's row for ${pair%%:*}/ does not name ${pair#*:}, which it holds"
done

# No second copy: no other page has a table whose rows start with a folder.
while IFS= read -r -d '' page; do
  [ "$page" = "$design" ] && continue
  rows=$(folder_rows "$page" | head -n 3 | tr '\n' ' ')
  [ -z "$rows" ] ||
    fail "$page has a folder table (rows ${rows% }); link to $design instead"
done < <(git ls-files -z --cached --others --exclude-standard -- '*.md')

if [ "$status" -eq 0 ]; then
  echo "test_docs_folders: $(printf '%s\n' "$actual" | wc -l) folders," \
       "each with one row in $design"
fi
exit $status
