#!/usr/bin/env bash
# Builds clslice and runs every test: once as a normal -Werror build, once
# under AddressSanitizer + UndefinedBehaviorSanitizer.  This is the README's
# test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh

jobs=$(nproc 2>/dev/null || echo 2)
run_suite() {
  local dir=$1; shift
  cmake -S . -B "$dir" -DCLSLICE_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" >/dev/null
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

echo "== tests (release build)"
run_suite build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo "== tests (AddressSanitizer + UndefinedBehaviorSanitizer)"
run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DCLSLICE_SANITIZE=address,undefined
echo "== fuzzing (libFuzzer, about 20 s per target)"
bash scripts/fuzz.sh
