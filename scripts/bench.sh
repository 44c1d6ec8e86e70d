#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds clslice in Release (build-bench/) and runs clslice-bench, the
# benchmark (gather, scatter, CSR; docs/performance.md): the tables go to the
# terminal and bench/results/bench.txt, one JSON object per row to
# bench/results/bench.json (the committed run that docs/performance.md
# quotes).  Arguments are passed on to clslice-bench (--quick, --device N,
# --case 1,9, --only gather,scatter,csr, --repeat R, --help).
#
# --gpu-model instead runs clslice-gpu-model, the GPU memory model, on
# Oclgrind with its plugin (docs/performance.md, "The GPU memory model";
# about a minute of one core): the table goes to the terminal and
# bench/results/gpu_model.md, one JSON object per case to
# bench/results/gpu_model.json.  Further arguments go to clslice-gpu-model
# (--case 7,9, --small, --figures TSV, --help); its occupancy needs the
# GPU compiler gate's figures, tests/gpu_gate/baseline.tsv by default.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh

jobs=$(nproc 2>/dev/null || echo 2)
if [ "${1:-}" = --gpu-model ]; then
  shift
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DCLSLICE_BUILD_BENCH=ON >/dev/null
  cmake --build build-bench -j "$jobs" --target clslice_gpu_model \
        clslice_gpu_model_plugin >/dev/null
  # One simulator thread: the plugin counts without locks, and the
  # records come out in one order.
  OCLGRIND_NUM_THREADS=1 oclgrind \
    --plugins build-bench/bench/gpu_model/libclslice-gpu-model-plugin.so \
    build-bench/bench/gpu_model/clslice-gpu-model \
    --json bench/results/gpu_model.json "$@" | tee bench/results/gpu_model.md
  echo "bench.sh: wrote bench/results/gpu_model.md and" \
       "bench/results/gpu_model.json"
  exit 0
fi

# The host peers and scipy are optional: without them their columns are
# null and clslice-bench says why.  $CLSLICE_BENCH_PYTHON picks the Python
# that runs them (default python3).
py=${CLSLICE_BENCH_PYTHON:-python3}
for mod in numpy onnxruntime openvino scipy.sparse; do
  if ! "$py" -c "import $mod" 2>/dev/null; then
    echo "bench.sh: $mod is not importable by $py, so it is not measured" >&2
  fi
done

cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
      -DCLSLICE_BUILD_BENCH=ON >/dev/null
cmake --build build-bench -j "$jobs" --target clslice_bench >/dev/null

# An empty PoCL kernel cache, so the reported first-call latency includes
# the real program build (ignored by other OpenCL drivers).
rm -rf build-bench/pocl-cache
export POCL_CACHE_DIR="$PWD/build-bench/pocl-cache"
# Its output is the committed run: no device must fail, not be written
# down as a skipped benchmark.
export CLSLICE_REQUIRE_DEVICE=1

./build-bench/bench/clslice-bench --json bench/results/bench.json "$@" |
  tee bench/results/bench.txt
echo "bench.sh: wrote bench/results/bench.txt and bench/results/bench.json"
