#!/usr/bin/env bash
# Builds clslice in Release (build-bench/) and runs clslice-bench, the
# benchmark (gather, scatter, CSR; docs/performance.md): the tables go to the
# terminal and bench/results/bench.txt, one JSON object per row to
# bench/results/bench.json (the committed run that docs/performance.md
# quotes).  Arguments are passed on to clslice-bench (--quick, --device N,
# --case 1,9, --only gather,scatter,csr, --repeat R, --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh

# numpy and scipy are optional: without them their columns are null.
if ! python3 -c 'import numpy' 2>/dev/null; then
  echo "bench.sh: numpy is not importable, so numpy is not measured;" \
       "to measure it: pip install numpy" >&2
fi
if ! python3 -c 'import scipy.sparse' 2>/dev/null; then
  echo "bench.sh: scipy is not importable, so scipy is not measured;" \
       "to measure it: pip install scipy" >&2
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
      -DCLSLICE_BUILD_BENCH=ON >/dev/null
cmake --build build-bench -j "$jobs" --target clslice_bench >/dev/null

# An empty PoCL kernel cache, so the reported first-call latency includes
# the real program build (ignored by other OpenCL drivers).
rm -rf build-bench/pocl-cache
export POCL_CACHE_DIR="$PWD/build-bench/pocl-cache"

./build-bench/bench/clslice-bench --json bench/results/bench.json "$@" |
  tee bench/results/bench.txt
echo "bench.sh: wrote bench/results/bench.txt and bench/results/bench.json"
