#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The committed GPU model report (bench/results/gpu_model.json, the run
# docs/performance.md quotes) against a run of the model on the code at
# hand.  Oclgrind's counts are exact and the same on every run, and the
# occupancy comes from the gate's committed baseline, so a difference is
# a kernel or model change whose report was not rerun: run
# `bash scripts/bench.sh --gpu-model` and commit what it writes.
#   gpu_model_report.sh OCLGRIND TOOL PLUGIN COMMITTED_JSON
set -euo pipefail
oclgrind=$1 tool=$2 plugin=$3 committed=$4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
OCLGRIND_NUM_THREADS=1 "$oclgrind" --plugins "$plugin" "$tool" \
  --json "$out" >/dev/null
if ! cmp -s "$out" "$committed"; then
  echo "gpu_model_report.sh: $committed is not the report of this code;" \
       "the cases that differ (committed, then now):" >&2
  diff "$committed" "$out" | grep '^[<>]' | cut -c1-160 | head -20 >&2
  echo "gpu_model_report.sh: rerun bash scripts/bench.sh --gpu-model and" \
       "commit bench/results/gpu_model.md and .json" >&2
  exit 1
fi
echo "gpu_model_report.sh: $(wc -l <"$committed") cases, as committed"
