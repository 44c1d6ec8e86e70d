#!/usr/bin/env bash
# Gives every source file of the repository a short license header:
#
#   /* SPDX-License-Identifier: Apache-2.0 */       (C, headers, kernels)
#   /* Copyright 2026 The clslice Authors */
#
#   # SPDX-License-Identifier: Apache-2.0           (shell, Python, CMake,
#   # Copyright 2026 The clslice Authors             TOML, .pc templates)
#
# The lines go first, or right after a `#!` line (and a Python coding
# line).  A file that already names its license in an SPDX line within its
# first five lines is left alone, so a second run changes nothing.
#
# Usage: scripts/license_headers.sh [--check] [DIR]
#   DIR      the tree to work on (default: this repository); its files are
#            those git tracks there, or every file when DIR is no git tree
#   --check  change nothing; list the files that lack the header and exit 1
#            if there is any
#
# Which files: C (.c .h .cl .def), shell (.sh, or any file whose first line
# is a bash/sh `#!`), Python (.py), CMake (CMakeLists.txt .cmake
# .cmake.in), .pc.in, .toml and Doxyfile.  Data (tests/data, tests/cases,
# the fuzz corpus) and documentation are not sources and are skipped, as is
# each file in SKIP below, with its reason.
set -euo pipefail

SPDX="SPDX-License-Identifier: Apache-2.0"
COPYRIGHT="Copyright 2026 The clslice Authors"

# Sources that must stay byte for byte as they are.
SKIP=(
  # The README quotes it whole and test_readme compares the two.
  examples/readme_example.c
)

check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
root=${1:-"$(dirname "$0")/.."}
cd "$root"

list_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files
  else
    find . -type f ! -path './.git/*' | sed 's|^\./||'
  fi
}

# The comment style of a file: c, hash, or nothing (not a source).
style_of() {
  local f=$1 skip
  for skip in "${SKIP[@]}"; do
    [ "$f" = "$skip" ] && return 0
  done
  case "$f" in
    tests/data/*|tests/cases/*|tests/fuzz/corpus/*) return 0 ;;
    *.c|*.h|*.cl|*.def) echo c ;;
    *.sh|*.py|*.cmake|*.cmake.in|*.pc.in|*.toml|*CMakeLists.txt|*Doxyfile) echo hash ;;
    *)
      # Extensionless scripts such as .ci/run.
      if head -n 1 "$f" 2>/dev/null | grep -Eq '^#!.*\b(ba)?sh\b'; then
        echo hash
      fi ;;
  esac
}

has_header() {
  head -n 5 "$1" | grep -q 'SPDX-License-Identifier:'
}

# How many leading lines must stay first: a #! line, and after it a
# Python coding declaration.
keep_lines() {
  local f=$1 n=0
  if head -n 1 "$f" | grep -q '^#!'; then
    n=1
    if sed -n 2p "$f" | grep -Eq '^#.*coding[:=]'; then
      n=2
    fi
  fi
  echo "$n"
}

add_header() {
  local f=$1 style=$2 n tmp
  n=$(keep_lines "$f")
  tmp=$(mktemp)
  {
    head -n "$n" "$f"
    if [ "$style" = c ]; then
      printf '/* %s */\n/* %s */\n' "$SPDX" "$COPYRIGHT"
    else
      printf '# %s\n# %s\n' "$SPDX" "$COPYRIGHT"
    fi
    tail -n +"$((n + 1))" "$f"
  } >"$tmp"
  # Written back through the same inode, so modes (x bits) stay.
  cat "$tmp" >"$f"
  rm -f "$tmp"
}

missing=0 added=0
while IFS= read -r f; do
  [ -f "$f" ] || continue
  style=$(style_of "$f")
  [ -n "$style" ] || continue
  has_header "$f" && continue
  if [ "$check" -eq 1 ]; then
    echo "license_headers: $f has no '$SPDX' line" >&2
    missing=$((missing + 1))
  else
    add_header "$f" "$style"
    added=$((added + 1))
  fi
done < <(list_files)

if [ "$check" -eq 1 ]; then
  if [ "$missing" -gt 0 ]; then
    echo "license_headers: $missing file(s) without a license header;" \
         "run scripts/license_headers.sh to add it" >&2
    exit 1
  fi
  echo "license_headers: every source file has its license header"
else
  echo "license_headers: added the header to $added file(s)"
fi
