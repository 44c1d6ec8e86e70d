#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The man page: generated at build time from `clslice help --all`
# (scripts/make_man.sh, which already fails the build on any help2man or
# groff warning), it must exist, carry a section for every command with
# its synopsis, the SPEC syntax, the files rules, the exit statuses and
# the examples, say the tool's version, and be installed by
# `cmake --install` into share/man/man1.  About 1 s.
# Usage: test_cli_man.sh PATH-TO-clslice BUILD-DIR
set -u

if [[ $# -ne 2 || ! -x $1 || ! -d $2 ]]; then
    echo "usage: $0 PATH-TO-clslice BUILD-DIR" >&2
    exit 2
fi
BIN=$1
BUILD=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"
PAGE=$BUILD/clslice.1


if [[ ! -s $PAGE ]]; then
    echo "FAIL: no man page at $PAGE (help2man and groff missing? " \
         "scripts/deps.sh installs them)"
    echo "0 passed, 1 failed"
    exit 1
fi
check "groff renders it without a warning" test -z \
    "$(groff -man -ww -z -Tutf8 "$PAGE" 2>&1)"
# plain text as man(1) would show it (grotty without escapes or overstrikes)
groff -man -Tascii -P-cbou -rLL=80n "$PAGE" >"$TMP/man.txt" 2>"$TMP/man.err"
check "groff renders it as text" test -s "$TMP/man.txt" -a ! -s "$TMP/man.err"
for section in NAME SYNOPSIS DESCRIPTION 'SLICE SPECS' 'EXIT STATUS' \
    FILES EXAMPLES; do
    check "section $section" grep -q "^$section\$" "$TMP/man.txt"
done
run --help
for cmd in $(sed -n 's/^  \([a-z-]*\)  .*/\1/p' "$TMP/stdout"); do
    check "a section for $cmd" grep -qi "^clslice $cmd\$" "$TMP/man.txt"
    check "the usage of $cmd" grep -qE "usage: +clslice +$cmd" "$TMP/man.txt"
done
check "the version" grep -q "$("$BIN" --version)" "$TMP/man.txt"
# groff fills and justifies: words of a phrase may be spread or broken
# across lines, so the text is searched with its white space squeezed
tr -s ' \n' '  ' <"$TMP/man.txt" >"$TMP/man.flat"
check "the files rules" grep -q "symbolic link is followed" "$TMP/man.flat"

# installed where man finds it
cmake --install "$BUILD" --prefix "$TMP/prefix" >"$TMP/install.log" 2>&1
check "cmake --install succeeds" test $? -eq 0
check "installed as share/man/man1/clslice.1" cmp -s "$PAGE" \
    "$TMP/prefix/share/man/man1/clslice.1"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
