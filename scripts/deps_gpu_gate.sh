#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Installs the offline GPU compilers of the compiler gate
# (scripts/gpu_gate.sh).  None needs a GPU.
#
#   Debian packages (apt-get install): clang-15 (OpenCL C to NVPTX, AMDGPU
#     and SPIR-V), libclc-15 (the NVPTX work-item builtins),
#     rocm-device-libs (the AMDGPU device libraries), llvm-spirv-15 and
#     spirv-tools (translate and validate SPIR-V), python3-venv, and the
#     LLVM 14 and clang 14 libraries Intel's compiler loads (libllvm14,
#     libclang-cpp14).
#   Intel's ocloc: Debian's intel-opencl-icd and the libraries it loads
#     (libigc1, libigdfcl1, libigdgmm12, libopencl-clang14,
#     libllvmspirvlib14), fetched with apt-get download and unpacked with
#     dpkg -x into the tools folder: not installed, and no OpenCL ICD is
#     registered, so the machine's OpenCL devices stay as they were.
#   NVIDIA's ptxas: the PyPI wheel nvidia-cuda-nvcc-cu12, pinned (the
#     baseline's figures are this assembler's), in a virtual environment
#     in the tools folder.
#
# The tools folder is $CLSLICE_GATE_TOOLS, else build-gate/tools in the
# checkout; what is already there is reused, so a second run does
# nothing.  Exit 0 when every tool is in place and runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools=${CLSLICE_GATE_TOOLS:-$root/build-gate/tools}
nvcc_wheel=nvidia-cuda-nvcc-cu12==12.9.86
intel_debs=(intel-opencl-icd libigc1 libigdfcl1 libigdgmm12
            libopencl-clang14 libllvmspirvlib14)
packages=(clang-15 libclc-15 rocm-device-libs llvm-spirv-15 spirv-tools
          python3 python3-venv libllvm14 libclang-cpp14)

say() { echo "deps_gpu_gate.sh: $*"; }
die() { echo "deps_gpu_gate.sh: $*" >&2; exit 1; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || sudo=none
  [ "$sudo" = none ] || sudo=sudo
fi
apt_updated=0
apt_update() {
  [ $apt_updated -eq 1 ] && return
  if [ "$sudo" = none ]; then
    say "no root or sudo: using the package lists as they are"
  else
    $sudo apt-get update -qq
  fi
  apt_updated=1
}

install_packages() {
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  [ "$sudo" = none ] && die "need root or sudo to install: ${missing[*]}"
  apt_update
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
}

# ocloc and its libraries, unpacked under $tools/intel.  The stamp is
# written last: a run cut short leaves no stamp and is redone.
install_intel() {
  local dir=$tools/intel stamp=$tools/intel/.unpacked
  [ -f "$stamp" ] && return
  apt_update
  local debs=$tools/.debs
  rm -rf "$debs"
  mkdir -p "$debs"
  say "fetching ${intel_debs[*]}"
  # apt-get download writes into the current folder; as root it warns
  # that the _apt user cannot reach a private temporary folder.
  (cd "$debs" && apt-get download -qq "${intel_debs[@]}" 2>&1 |
     grep -v "unsandboxed as root" || true)
  local deb count=0
  rm -rf "$dir"
  mkdir -p "$dir"
  for deb in "$debs"/*.deb; do
    [ -e "$deb" ] || break
    dpkg -x "$deb" "$dir"
    count=$((count + 1))
  done
  [ $count -eq ${#intel_debs[@]} ] ||
    die "fetched $count of ${#intel_debs[@]} packages (${intel_debs[*]})"
  (cd "$debs" && ls -1 ./*.deb) > "$stamp"
  rm -rf "$debs"
}

install_nvcc() {
  local venv=$tools/nvcc
  if compgen -G "$venv/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas" \
      >/dev/null && [ -f "$venv/.installed" ]; then
    return
  fi
  say "installing $nvcc_wheel into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "$nvcc_wheel"
  echo "$nvcc_wheel" > "$venv/.installed"
}

install_packages
mkdir -p "$tools"
install_intel
install_nvcc
# The gate's own check of the tools (paths, libraries, a tiny compile).
bash "$root/scripts/gpu_gate.sh" --check-tools
