#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Installs what clslice needs to build, test and run on Debian/Ubuntu:
# a C toolchain, CMake, cmocka and cJSON (tests), the OpenCL ICD loader and
# headers, PoCL (the CPU OpenCL device used when there is no GPU),
# Oclgrind (a simulated device that checks kernels for bad accesses),
# the libraries Mesa's OpenCL drivers need (rusticl on llvmpipe, a second
# CPU implementation the device tests also run on: scripts/test_rusticl.sh
# unpacks mesa-opencl-icd itself, unregistered, because installed it
# registers rusticl and Clover in /etc/OpenCL/vendors for every program,
# and the loader then loads and unloads them in every device test),
# clang with its sanitizer/libFuzzer runtimes (scripts/fuzz.sh),
# python3 with venv for the Python package's tests (scripts/test_python.sh),
# Doxygen for the API reference (scripts/docs.sh; test_api_docs), and
# help2man and groff, which make and check the clslice(1) man page
# (scripts/make_man.sh), OpenCV's dnn module and a C++ compiler for
# the OpenCV DNN integration (examples/opencv_dnn; libopencv-dnn-dev
# brings core and dnn, 9 packages, where libopencv-dev would bring every
# module, about 200), and Oclgrind's and LLVM 14's headers
# (liboclgrind-dev, llvm-14-dev), which the GPU memory model's Oclgrind
# plugin is built against (bench/gpu_model; test_bench_gpu_model), and
# nodejs, which runs pyright on the Python package's typed user script
# (scripts/test_python.sh; pyright's wheel would fetch a node otherwise),
# and Debian's Open MPI (libopenmpi-dev, openmpi-bin) for libclslice-mpi,
# its tests under mpirun and its benchmark (src/mpi, tests/mpi).
# Does nothing when everything is already installed.
set -euo pipefail

packages=(build-essential cmake pkg-config libcmocka-dev libcjson-dev
          ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo
          libclc-15 libclang-cpp15 libllvm15 libllvmspirvlib15 libdrm2
          libdrm-amdgpu1 libdrm-nouveau2 libdrm-radeon1 libelf1 libexpat1
          libsensors5 libzstd1
          oclgrind clang libclang-rt-dev python3 python3-venv doxygen
          help2man groff-base g++ libopencv-dnn-dev liboclgrind-dev
          llvm-14-dev nodejs libopenmpi-dev openmpi-bin)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "deps.sh: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
