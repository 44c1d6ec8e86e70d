#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds the API reference from the public headers with Doxygen (Debian
# package doxygen; scripts/deps.sh installs it) into build-docs/html/, and
# fails on any Doxygen warning (the headers, the front page docs/api.md
# and the guides), on a public function declared without a comment of its
# own, or when the front page's examples are not the README's.
# Usage: scripts/docs.sh [--check] [OUT-DIR]
#   --check   the checks alone, without the HTML (the suite's test_api_docs)
#   OUT-DIR   where to write (default: build-docs)
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
out=$(mkdir -p "${1:-build-docs}" && cd "${1:-build-docs}" && pwd)
command -v doxygen >/dev/null ||
  { echo "docs.sh: doxygen is not installed (scripts/deps.sh)" >&2; exit 1; }

CLSLICE_VERSION=$(awk '/^#define CLSLICE_VERSION_(MAJOR|MINOR|PATCH) / {v = v sep $3; sep = "."}
                       END {print v}' include/clslice.h)
export CLSLICE_VERSION CLSLICE_DOCS_OUT="$out"
rm -rf "$out/html" "$out/xml"

# Later settings override the file's: --check leaves out the HTML.
status=0
{ cat docs/Doxyfile; [ "$check" -eq 0 ] || echo "GENERATE_HTML = NO"; } |
  doxygen - >"$out/doxygen.log" 2>&1 || status=$?
if [ "$status" -ne 0 ] || [ -s "$out/doxygen.log" ]; then
  cat "$out/doxygen.log" >&2
  echo "docs.sh: doxygen failed or warned (exit $status)" >&2
  exit 1
fi

# The front page's two examples are the README's: the C one is the file
# the tests build and run, the C++ one the README's text.
fenced() { awk -v lang="$1" '$0 == "```" lang {on = 1; next}
                              /^```$/ {if (on) exit} on' "$2"; }
fenced c docs/api.md | cmp -s - examples/readme_example.c ||
  { echo "docs.sh: docs/api.md's C example differs from examples/readme_example.c" >&2; exit 1; }
fenced cpp docs/api.md | cmp -s - <(fenced cpp README.md) ||
  { echo "docs.sh: docs/api.md's C++ example differs from the README's" >&2; exit 1; }

# A function whose declaration has no comment gets empty brief and
# detailed descriptions in the XML: name each one.
undocumented=$(python3 - "$out/xml" <<'EOF'
import glob, sys
import xml.etree.ElementTree as ET
for path in sorted(glob.glob(sys.argv[1] + "/*_8h.xml")):
    for m in ET.parse(path).iter("memberdef"):
        if m.get("kind") != "function":
            continue
        text = "".join(m.find("briefdescription").itertext()) + \
               "".join(m.find("detaileddescription").itertext())
        if not text.strip():
            loc = m.find("location")
            print("%s:%s: %s has no comment" % (loc.get("file"), loc.get("line"),
                                               m.findtext("name")))
EOF
)
if [ -n "$undocumented" ]; then
  echo "$undocumented" >&2
  echo "docs.sh: every public function needs a /** comment where it is declared" >&2
  exit 1
fi

functions=$(grep -ho 'kind="function"' "$out"/xml/*_8h.xml | wc -l)
if [ "$check" -eq 1 ]; then
  echo "docs.sh: $functions functions documented, no warnings"
else
  echo "docs.sh: $functions functions; the reference is $out/html/index.html"
fi
