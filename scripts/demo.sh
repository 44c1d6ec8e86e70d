#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds clslice and runs its main job: slicing a tensor stored as .npy on
# the default OpenCL device (the first GPU, else PoCL on the CPU) and
# showing the input and the result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
out=build/demo-out.npy
set -x
./build/clslice devices
./build/clslice show examples/t.npy
./build/clslice slice examples/t.npy "$out" --expr '[1:, ::-1, 0]'
./build/clslice show "$out"
./build/clslice slice examples/image.npy "$out" --style tf --begin=1,0,0 --end=-1,0,0 --strides=1,2,-1 --begin-mask=6 --end-mask=6
./build/clslice show "$out"
# The same slice with its begin/end/strides in a device buffer, normalised
# on the device (no read-back before the gather).
./build/clslice slice examples/image.npy "$out" --style tf --begin=1,0,0 --end=-1,0,0 --strides=1,2,-1 --begin-mask=6 --end-mask=6 --dynamic
./build/clslice show "$out"
# One batched command cutting t into two halves along axis 1 (numpy.array_split).
./build/clslice split examples/t.npy build/demo-part --sections 2 --axis 1
./build/clslice show build/demo-part_0.npy
