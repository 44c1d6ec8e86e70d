#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Every source file's name is unique across the tree, so that a name in a
# message, a comment, a grep or a tool's report means one file.
#   test_unique_names.sh SOURCE_DIR
# Source files are the .c .h .cl .cpp .hpp .def .py .sh files git tracks
# or would track (untracked files .gitignore does not exclude count, so a
# clash fails before its first commit) under src/ cl/ include/ tests/
# bench/ examples/ python/ scripts/.  Names a tool fixes are excepted,
# as CMakeLists.txt and README.md are by not being sources: main.c (a
# program's entry point), __init__.py (a Python package) and conftest.py
# (pytest's fixtures).  Outside a git checkout there is no list of
# tracked files, so the test skips (exit 77).
set -u
root=$1
cd "$root" || exit 1
if ! git rev-parse --show-toplevel >/dev/null 2>&1; then
  echo "test_unique_names: $root is not a git checkout; skipped"
  exit 77
fi

folders=(src cl include tests bench examples python scripts)
excepted='^(main\.c|__init__\.py|conftest\.py)$'

# Files deleted from the work tree but not from the index do not count.
files=$(git ls-files --cached --others --exclude-standard -- "${folders[@]}" |
        grep -vxF -f <(git ls-files --deleted -- .) |
        grep -E '\.(c|h|cl|cpp|hpp|def|py|sh)$' | sort -u)
[ -n "$files" ] || {
  echo "test_unique_names: no source files under ${folders[*]}" >&2
  exit 1
}

clashes=$(printf '%s\n' "$files" |
          awk -F/ -v excepted="$excepted" '
            $NF !~ excepted { paths[$NF] = paths[$NF] " " $0; n[$NF]++ }
            END { for (name in n) if (n[name] > 1) print name ":" paths[name] }' |
          sort)
if [ -n "$clashes" ]; then
  echo "test_unique_names: these names belong to more than one file" \
       "(rename one with git mv):" >&2
  printf '%s\n' "$clashes" | sed 's/^/  /' >&2
  exit 1
fi
echo "test_unique_names: $(printf '%s\n' "$files" | wc -l) source files," \
     "every name unique (main.c, __init__.py, conftest.py excepted)"
