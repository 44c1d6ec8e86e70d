#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds the libFuzzer targets of tests/fuzz with clang into build-fuzz/ and
# runs each for SECONDS (default 20) on a copy of its checked-in seed
# corpus, so a run never changes tests/fuzz/corpus.  Exits non-zero when
# any target reports a crash, leak, timeout or sanitizer error; the input
# that triggered it is left in build-fuzz/fuzz-artifacts/.  See
# docs/fuzzing.md.
#
#   scripts/fuzz.sh            # about 20 s per target (CI)
#   scripts/fuzz.sh 3600       # an hour per target
#   FUZZ_JOBS=2 scripts/fuzz.sh 3600   # two targets at a time
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh

seconds=${1:-20}
jobs=${FUZZ_JOBS:-1}
targets=(fuzz_expr fuzz_front fuzz_npy fuzz_csr fuzz_strided)
build=build-fuzz

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCLSLICE_FUZZ=ON \
      -DBUILD_TESTING=OFF -DCLSLICE_BUILD_BENCH=OFF -DCLSLICE_WERROR=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j 2 --target "${targets[@]}" >/dev/null

mkdir -p "$build/fuzz-artifacts" "$build/fuzz-logs"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# Runs one target; its log goes to build-fuzz/fuzz-logs/<target>.log.
run_target() {
  local t=$1 work="$build/fuzz-work/$1"
  rm -rf "$work"
  mkdir -p "$work/tmp"
  cp -r "tests/fuzz/corpus/$t" "$work/corpus"
  TMPDIR="$PWD/$work/tmp" "./$build/$t" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/$t-" "$work/corpus" \
    >"$build/fuzz-logs/$t.log" 2>&1
}

# Prints a target's result line from its log and status.
report() {
  local t=$1 rc=$2 execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' \
          "$build/fuzz-logs/$t.log" | tail -n 1)
  if [ "$rc" -eq 0 ]; then
    printf '%-11s ok      %s executions in %s s\n' "$t" "${execs:-?}" "$seconds"
  else
    printf '%-11s FAILED  (exit %s) after %s executions; log: %s\n' "$t" \
      "$rc" "${execs:-?}" "$build/fuzz-logs/$t.log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz check failed|.*runtime error)' \
      "$build/fuzz-logs/$t.log" | head -n 5 || true
    ls "$build"/fuzz-artifacts/"$t"-* 2>/dev/null | head -n 3 || true
  fi
}

# Runs the targets in batches of $jobs (all run equally long).
failed=0
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  pids=()
  for t in "${batch[@]}"; do
    run_target "$t" & pids+=($!)
  done
  for k in "${!batch[@]}"; do
    rc=0; wait "${pids[$k]}" || rc=$?
    report "${batch[$k]}" "$rc"; [ "$rc" -eq 0 ] || failed=1
  done
done
exit "$failed"
