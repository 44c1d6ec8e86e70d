#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Generates the clslice(1) man page from the tool's own help text with
# help2man (`clslice help --all` and `clslice --version`), then renders it
# with groff to check it.  Any message from either one fails the build,
# so the page cannot quietly lose a section or carry a formatting error.
# Run by the build (src/cli/CMakeLists.txt):
#   make_man.sh PATH-TO-clslice OUT.1
set -eu
bin=$1
out=$2
log=$(mktemp)
trap 'rm -f "$log" "$out.tmp"' EXIT

help2man --no-info --section=1 \
    --name="slice .npy tensors with framework slice specs on OpenCL devices" \
    --help-option="help --all" --version-option=--version \
    --output="$out.tmp" "$bin" 2>"$log"
groff -man -ww -z -Tutf8 "$out.tmp" 2>>"$log"
if [ -s "$log" ]; then
    echo "make_man.sh: warnings while making $out:" >&2
    cat "$log" >&2
    exit 1
fi
mv "$out.tmp" "$out"
