#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The README's C example must be exactly examples/readme_example.c (which
# CMake builds), and running it must print what the README says.
set -u
readme=$1 example=$2 binary=$3
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }

same_text() {
  awk '/^```c$/{on=1; next} /^```$/{if(on){exit}} on' "$readme" | cmp -s - "$example" ||
    { echo "README's C block differs from $example"; return 1; }
}
prints_value() {
  local out; out=$("$binary") || { echo "example exited nonzero"; return 1; }
  [ "$out" = "10" ] || { echo "example printed '$out', expected 10"; return 1; }
}
check same_text
check prints_value
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
