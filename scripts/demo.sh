#!/usr/bin/env bash
# Builds clslice and runs its main job: computing the output shape of a
# slice for every front-end.  (Device slicing arrives with the OpenCL path.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
set -x
./build/clslice shape --shape 3,2,3 --expr '[1:-1, ..., None, ::-2, 1]'
./build/clslice shape --shape 3,2,3 --style tf --begin=1,-1,0 --end=2,-3,3 --strides=1,-1,1
./build/clslice shape --shape 4,-1,6 --style onnx --starts=1,-1 --ends=3,-100 --axes=0,2 --steps=1,-2
