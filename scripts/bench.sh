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

# The host peers and scipy are optional: without them their columns are
# null and clslice-bench says why.  $CLSLICE_BENCH_PYTHON picks the Python
# that runs them (default python3).
py=${CLSLICE_BENCH_PYTHON:-python3}
for mod in numpy onnxruntime openvino scipy.sparse; do
  if ! "$py" -c "import $mod" 2>/dev/null; then
    echo "bench.sh: $mod is not importable by $py, so it is not measured" >&2
  fi
done

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
