#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The offline GPU compiler gate: every program the library builds, in both
# index widths, exactly as clBuildProgram gets it on a GPU, and the fused
# example's kernel (examples/fused), which includes the public
# clslice_device.h, compiled by
#   sm_90    clang-15 (OpenCL C 1.2 -> PTX, libclc's work-item builtins),
#            then NVIDIA's ptxas -v -arch=sm_90
#   gfx90a,  clang-15's AMDGPU backend with the ROCm device libraries
#   gfx1100  (libclc's for gfx1100) and its kernel-resource-usage remarks
#   dg2, pvc Intel's ocloc, with IGC's vISA assembly
#   spirv    clang-15 -target spir64 (unoptimised IR) -> llvm-spirv-15
#            --spirv-max-version=1.0 -> spirv-val --target-env opencl1.2
# and the figures of every kernel (tests/gpu_gate/records.py) held to the
# committed baseline and to issue 25's targets (tests/gpu_gate/gate.py).
# No GPU is needed; scripts/deps_gpu_gate.sh installs the compilers.
# Without one of them the gate fails and says so: it never skips, in CI
# or elsewhere.
#
#   gpu_gate.sh [--only baseline|targets] [--update] [--work DIR]
#               [--dump EXE] [--jobs N]
#   gpu_gate.sh --check-tools
#
#   (default)        compile, then both checks; exit 1 if either fails
#   --only baseline  compile, then the baseline check (ctest test_gpu_gate)
#   --only targets   the targets check on the records of the last run in
#                    --work (ctest test_gpu_gate_targets)
#   --update         compile, then rewrite tests/gpu_gate/baseline.tsv
#                    (refused when a compiler refused or a kernel is missing)
#   --work DIR       where the programs, logs and records go (default
#                    build-gate/work); DIR/records.tsv holds every figure
#   --dump EXE       the cs_gpu_gate_dump of a build (default: configure
#                    and build one in build-gate/build)
#   --jobs N         compilers run at once (default: the number of cores)
#   --check-tools    only check that every compiler is in place and runs
# The tools folder is $CLSLICE_GATE_TOOLS, else build-gate/tools.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gate=$root/tests/gpu_gate
tools=${CLSLICE_GATE_TOOLS:-$root/build-gate/tools}
bitcode=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
libclc_nvptx=/usr/lib/clc/nvptx64--nvidiacl.bc
libclc_amdgcn=/usr/lib/clc/amdgcn--amdhsa.bc

die() { echo "gpu_gate.sh: $*" >&2; exit 1; }

# ---- the tools ---------------------------------------------------------------

ptxas=""
ocloc=$tools/intel/usr/bin/ocloc
intel_libs=$tools/intel/usr/lib/x86_64-linux-gnu
find_ptxas() {
  local found
  for found in "$tools"/nvcc/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
    [ -x "$found" ] && ptxas=$found
  done
}

# Prints what is missing, one a line; nothing when every tool is there.
missing_tools() {
  local t
  for t in clang-15 llvm-spirv-15 spirv-val spirv-dis python3; do
    command -v "$t" >/dev/null || echo "$t (Debian package)"
  done
  [ -f "$libclc_nvptx" ] || echo "$libclc_nvptx (Debian libclc-15)"
  [ -f "$libclc_amdgcn" ] || echo "$libclc_amdgcn (Debian libclc-15)"
  [ -f "$bitcode/ockl.bc" ] || echo "$bitcode (Debian rocm-device-libs)"
  find_ptxas
  [ -n "$ptxas" ] || echo "ptxas (nvidia-cuda-nvcc-cu12 in $tools/nvcc)"
  [ -x "$ocloc" ] || echo "ocloc (intel-opencl-icd unpacked in $tools/intel)"
}

require_tools() {
  local missing
  find_ptxas # here: missing_tools runs in a subshell
  missing=$(missing_tools)
  [ -z "$missing" ] && return
  echo "gpu_gate.sh: THE GPU COMPILER GATE CANNOT RUN; missing:" >&2
  echo "$missing" | sed 's/^/  /' >&2
  echo "gpu_gate.sh: install them with: bash scripts/deps_gpu_gate.sh" \
       "(tools folder: $tools)" >&2
  exit 1
}

# ---- one compile: TARGET WIDTH PROGRAM ------------------------------------------
# Writes $work/results/TARGET.WIDTH.PROGRAM.tsv (records), or .refused
# with the compiler's message; its logs stay in $work/jobs/.

cl_flags=(-x cl -cl-std=CL1.2 -O3 -Wno-linker-warnings)

compile_sm_90() { # source options out
  clang-15 "${cl_flags[@]}" -target nvptx64-nvidia-nvcl -march=sm_80 \
    -Xclang -mlink-builtin-bitcode -Xclang "$libclc_nvptx" $2 \
    -S -o "$3/p.ptx" "$1" 2> "$3/clang.log" &&
  "$ptxas" -v -arch=sm_90 "$3/p.ptx" -o "$3/p.cubin" > "$3/ptxas.log" 2>&1 &&
  python3 "$gate/records.py" ptxas "$3/ptxas.log" "$3/p.ptx" sm_90 "$4" "$5"
}

# The device libraries: ROCm's where Debian's (ROCm 5.2) cover the chip,
# else libclc's (gfx1100 came after ROCm 5.2).  The kernels call only
# work-item builtins, which both implement with the same intrinsics.
amdgpu_libraries() { # cpu
  if [ -f "$bitcode/oclc_isa_version_${1#gfx}.bc" ]; then
    echo "--rocm-device-lib-path=$bitcode"
  else
    echo "-nogpulib -Xclang -mlink-builtin-bitcode -Xclang $libclc_amdgcn"
  fi
}

compile_amdgpu() { # cpu source options out width program
  clang-15 "${cl_flags[@]}" -target amdgcn-amd-amdhsa -mcpu="$1" \
    $(amdgpu_libraries "$1") -Rpass-analysis=kernel-resource-usage \
    $3 -S -o "$4/p.s" "$2" 2> "$4/clang.log" &&
  python3 "$gate/records.py" amdgpu "$4/clang.log" "$4/p.s" "$1" "$5" "$6"
}

# IGC_EnableVISAOutput writes each kernel's vISA assembly (.asm: numGRF,
# instCount, private and spill sizes), which is all records.py reads;
# IGC_ShaderDumpEnable wrote the same .asm files beside every stage's LLVM
# IR, which tripled the CPU time of an Intel compile (the rows program
# on pvc: 4.8 s against 1.5 s, the same records).
compile_intel() { # device source options out width program
  mkdir -p "$4/dump"
  IGC_EnableVISAOutput=1 IGC_DumpToCustomDir="$4/dump" \
  LD_LIBRARY_PATH="$intel_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$ocloc" compile -file "$2" -device "$1" -options "$3" \
    -out_dir "$4" -output p > "$4/ocloc.log" 2>&1 &&
  python3 "$gate/records.py" igc "$4/dump" "$1" "$5" "$6"
  local rc=$?
  rm -rf "$4/dump" # about 3 MB a program
  return $rc
}

compile_spirv() { # source options out width program
  clang-15 "${cl_flags[@]/-O3/-O2}" -Xclang -disable-llvm-passes \
    -target spir64 $2 -emit-llvm -c -o "$3/p.bc" "$1" 2> "$3/clang.log" &&
  llvm-spirv-15 --spirv-max-version=1.0 "$3/p.bc" -o "$3/p.spv" \
    > "$3/llvm-spirv.log" 2>&1 &&
  spirv-val --target-env opencl1.2 "$3/p.spv" > "$3/spirv-val.log" 2>&1 &&
  spirv-dis "$3/p.spv" -o "$3/p.spvasm" &&
  python3 "$gate/records.py" spirv "$3/p.spvasm" spirv "$4" "$5"
}

compile_one() { # target source options out width program
  case $1 in
  sm_90) compile_sm_90 "${@:2}" ;;
  gfx*) compile_amdgpu "$@" ;;
  dg2|pvc) compile_intel "$@" ;;
  spirv) compile_spirv "${@:2}" ;;
  *) echo "unknown target $1" >&2; return 1 ;;
  esac
}

run_job() {
  local target=$1 width=$2 program=$3
  local name=$target.$width.$program
  local out=$work/jobs/$name source=$work/src/$program.cl options
  options=$(awk -F'\t' -v p="$program" -v w="$width" \
              '$1 == p && $2 == w { print $3 }' "$work/src/programs.tsv")
  rm -rf "$out"
  mkdir -p "$out"
  local rc=0 TIMEFORMAT="%U %S"
  { time compile_one "$target" "$source" "$options" "$out" "$width" \
      "$program" > "$out/records.tsv" 2> "$out/job.log"; } 2> "$out/cpu" ||
    rc=$?
  rm -f "$out"/*.cubin "$out"/*.bin "$out"/*.spv "$out"/*.bc
  if [ $rc -eq 0 ]; then
    mv "$out/records.tsv" "$work/results/$name.tsv"
  else
    # the logs, errors first, for the report
    cat "$out"/*.log 2>/dev/null | grep -v "remark:" |
      grep -i -m 20 -B2 -A8 "error\|fail\|abort" > "$work/results/$name.refused" ||
      tail -n 20 "$out"/*.log > "$work/results/$name.refused" 2>/dev/null ||
      echo "exit status $rc" > "$work/results/$name.refused"
    echo "gpu_gate.sh: $target $width-bit $program: REFUSED (logs in $out)" >&2
  fi
}

# ---- the whole gate ----------------------------------------------------------------

check_tools() {
  require_tools
  # a one-line kernel through every chain, so a broken unpack shows here
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/src" "$work/results" "$work/jobs"
  printf 'kernel void k(global int *a) { a[get_global_id(0)] = 1; }\n' \
    > "$work/src/probe.cl"
  printf 'probe\t32\t-DPROBE=1\n' > "$work/src/programs.tsv"
  local t bad=0
  for t in sm_90 gfx90a gfx1100 dg2 spirv; do
    run_job "$t" 32 probe 2>/dev/null
    if grep -q "	k	" "$work/results/$t.32.probe.tsv" 2>/dev/null; then
      echo "gpu_gate.sh: $t compiles"
    else
      echo "gpu_gate.sh: $t DOES NOT COMPILE a one-line kernel:" >&2
      cat "$work/results/$t.32.probe.refused" >&2 2>/dev/null || true
      bad=1
    fi
  done
  return $bad
}

build_dump() {
  local dir=$root/build-gate/build
  cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$dir" --target cs_gpu_gate_dump -j "$jobs" >/dev/null
  echo "$dir/tests/gpu_gate/cs_gpu_gate_dump"
}

only=""
update=0
work=$root/build-gate/work
dump=""
jobs=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
  case $1 in
  --only) only=$2; shift 2 ;;
  --update) update=1; shift ;;
  --work) work=$2; shift 2 ;;
  --dump) dump=$2; shift 2 ;;
  --jobs) jobs=$2; shift 2 ;;
  --check-tools) check_tools; exit $? ;;
  --job) work=$WORK; find_ptxas; run_job "$2" "$3" "$4"; exit 0 ;;
  *) die "unknown argument $1 (see the comment at the top of $0)" ;;
  esac
done
case $only in ""|baseline|targets) ;; *) die "--only baseline or targets" ;; esac

if [ "$only" = targets ]; then
  [ -f "$work/records.tsv" ] ||
    die "no records in $work: run the compilers first (scripts/gpu_gate.sh)"
  exec python3 "$gate/gate.py" targets "$work/records.tsv" "$gate/gpu_family.txt"
fi

require_tools
start=$(date +%s)
[ -n "$dump" ] || dump=$(build_dump)
rm -rf "$work/src" "$work/results" "$work/jobs" "$work/records.tsv"
mkdir -p "$work/src" "$work/results" "$work/jobs"
"$dump" "$work/src" || die "$dump could not write the programs"

# Longest first, so the last jobs to finish are short ones.
{
  for t in pvc dg2 gfx1100 gfx90a sm_90 spirv; do
    cut -f1,2 "$work/src/programs.tsv" | sort -r | while IFS=$'\t' read -r p w; do
      echo "$t $w $p"
    done
  done
} > "$work/jobs.txt"
# The compilers' versions: the baseline's figures are theirs.
echo "gpu_gate.sh: $(clang-15 --version | head -n 1); ptxas" \
     "$("$ptxas" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p');" \
     "$(sed -n 's/^\.\/\(intel-opencl-icd\|libigc1\)_\([^_]*\)_.*/\1 \2/p' \
        "$tools/intel/.unpacked" | tr '\n' ' ')"
echo "gpu_gate.sh: $(wc -l < "$work/jobs.txt") compiles ($(cut -f1 \
  "$work/src/programs.tsv" | sort -u | wc -l) programs x 2 index widths x" \
  "sm_90 gfx90a gfx1100 dg2 pvc spirv), $jobs at a time"
WORK=$work xargs -P "$jobs" -L 1 bash "$0" --job < "$work/jobs.txt" || true
python3 "$gate/gate.py" collect "$work/results" "$work/records.tsv"
echo "gpu_gate.sh: compiled in $(( $(date +%s) - start )) s;" \
     "figures in $work/records.tsv"
# CPU seconds (user + system) by target: what the gate costs a machine
# however busy it is.
awk '{ split(FILENAME, p, "/"); split(p[length(p) - 1], n, ".");
       cpu[n[1]] += $1 + $2; all += $1 + $2 }
     END { printf "gpu_gate.sh: CPU seconds:"; for (t in cpu) printf " %s %.0f,", t, cpu[t];
           printf " all %.0f\n", all }' "$work"/jobs/*/cpu

status=0
if [ $update -eq 1 ]; then
  python3 "$gate/gate.py" update "$work/records.tsv" "$gate/baseline.tsv" \
    "$work/src/kernels.tsv" "$work/results"
  exit $?
fi
echo "== the baseline (tests/gpu_gate/baseline.tsv)"
python3 "$gate/gate.py" baseline "$work/records.tsv" "$gate/baseline.tsv" \
  "$work/src/kernels.tsv" "$work/results" || status=1
if [ -z "$only" ]; then
  echo "== issue 25's targets (tests/gpu_gate/gpu_family.txt)"
  python3 "$gate/gate.py" targets "$work/records.tsv" \
    "$gate/gpu_family.txt" || status=1
fi
exit $status
