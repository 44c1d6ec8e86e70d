#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The GPU kit: everything needed to run clslice's device tests and its
# benchmark on a machine that has a vendor OpenCL driver and nothing else
# (no compiler, no package manager, no network, no ICD loader).
#
#   bash scripts/gpu_kit.sh pack [KIT.tar.gz]   here: build and pack
#   ./clslice-gpu-kit/gpu_kit.sh run [options]  there: run, write results
#
# pack builds Release binaries (static clslice) of the device tests, the
# benchmark and the CLI in build-kit/, and puts them in one tarball
# (default build-kit/clslice-gpu-kit.tar.gz) with Debian's OpenCL ICD
# loader (ocl-icd-libopencl1, unpacked from its .deb), the other shared
# libraries the binaries need (cmocka, cJSON), the tests' data files, the
# Python peers' scripts and this script.  The binaries need a glibc at
# least as new as the one they were built with.
#
# run registers the vendor's OpenCL library with the kit's loader through
# OCL_ICD_VENDORS (NVIDIA's libnvidia-opencl.so.1, AMD's libamdocl64.so,
# Intel's libigdrcl.so, found by ldconfig or in the usual driver folders,
# else the machine's own /etc/OpenCL/vendors entries), then runs the
# device tests (with CLSLICE_REQUIRE_DEVICE=1: no device fails them, and
# each test's line in tests.txt names the device it ran on), the
# benchmark and, where the machine's Python has them,
# CuPy's and PyTorch's strided copies of the same cases
# (bench/gpu_peers.py), and writes everything into one folder.  Options:
#   --icd LIB     register LIB (a path or a soname) instead of searching;
#                 repeatable (also $CLSLICE_KIT_ICD, colon-separated)
#   --out DIR     the results folder (default
#                 ./clslice-gpu-results-HOST-UTCSTAMP)
#   --python P    the Python for the peers (default python3)
#   --quick       the benchmark's --quick (fewer repeats)
#   --bench-args "A B"  more clslice-bench arguments, e.g. "--case 1,9"
#   --no-tests    only the benchmark
# `gpu_kit.sh vendors` prints what run would register.  The search reads
# CLSLICE_KIT_DRIVER_DIRS, CLSLICE_KIT_ICD_DIR and CLSLICE_KIT_LDCONFIG
# where they are set (tests/unit/test_gpu_kit.sh).  The kit exports a PATH
# of its own (below), so `env -i ./gpu_kit.sh run` works.
# Exit status: 0 when every test passed and the benchmark ran, 1 otherwise.
# docs/performance.md ("Running on a GPU") has the steps.
set -euo pipefail

die() { echo "gpu_kit.sh: $*" >&2; exit 1; }

# The kit sets its own PATH.  Started with no PATH in its environment
# (`env -i`, a bare ssh command, a cron job), bash searches a default of
# its own but exports nothing, so the programs the kit starts see none:
# PoCL, for one, then fails to link a kernel (`Executable "ld" doesn't
# exist!`).  A PATH that was handed over is kept, first; the usual system
# folders it lacks are appended.
kit_path() {
  local path=$1 dir
  for dir in /usr/local/bin /usr/bin /bin /usr/local/sbin /usr/sbin /sbin; do
    case ":$path:" in
      *":$dir:"*) ;;
      *) path=${path:+$path:}$dir ;;
    esac
  done
  echo "$path"
}
case $(declare -p PATH 2>/dev/null) in
  'declare -x'*) PATH=$(kit_path "$PATH") ;; # exported by the caller
  *) PATH=$(kit_path "") ;;                  # bash's own default, or none
esac
export PATH

# ---- pack -------------------------------------------------------------------

# Shared libraries a binary needs beyond glibc and the OpenCL loader.
extra_libs() {
  ldd "$@" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u |
    grep -Ev '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*|libOpenCL)\.so' ||
    true
}

# Debian's ICD loader, unpacked from the package itself: downloaded, or
# from the apt cache, or the installed package's files as a last resort.
unpack_loader() {
  local lib=$1 tmp deb
  tmp=$(mktemp -d)
  if (cd "$tmp" && apt-get download ocl-icd-libopencl1 >/dev/null 2>&1); then
    deb=$(ls "$tmp"/ocl-icd-libopencl1_*.deb)
  else
    deb=$(ls /var/cache/apt/archives/ocl-icd-libopencl1_*.deb 2>/dev/null |
          tail -n 1 || true)
  fi
  if [ -n "$deb" ]; then
    dpkg-deb -x "$deb" "$tmp/x"
    cp -a "$tmp"/x/usr/lib/*/libOpenCL.so.1* "$lib/"
    dpkg-deb -f "$deb" Package Version Architecture
  else
    echo "gpu_kit.sh: no .deb of ocl-icd-libopencl1 (offline?): copying" \
         "the installed package's library" >&2
    dpkg -L ocl-icd-libopencl1 | grep '/libOpenCL\.so\.1' |
      while read -r f; do cp -a "$f" "$lib/"; done
    dpkg -s ocl-icd-libopencl1 | grep -E '^(Package|Version|Architecture):'
  fi
  rm -rf "$tmp"
}

# name<TAB>binary<TAB>args for every device test that is one of our
# binaries (tests that need a compiler or a shell script stay here).
device_tests() {
  ctest --test-dir "$1" -L device --show-only=json-v1 | python3 -c '
import json, os, sys
for t in json.load(sys.stdin)["tests"]:
    cmd = t.get("command") or []
    if cmd and cmd[0].startswith(sys.argv[1] + "/tests/"):
        print("\t".join([t["name"], os.path.basename(cmd[0])] + cmd[1:]))
' "$1"
}

pack() {
  local root kit_tar build stage
  root=$(cd "$(dirname "$0")/.." && pwd)
  cd "$root"
  build='build-kit'
  kit_tar=$(realpath -m "${1:-$build/clslice-gpu-kit.tar.gz}")
  bash scripts/deps.sh
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
        -DCLSLICE_BUILD_TESTS=ON -DCLSLICE_BUILD_BENCH=ON >/dev/null
  cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

  stage=$build/clslice-gpu-kit
  rm -rf "$stage"
  mkdir -p "$stage"/{bin,lib,bench,tests}
  device_tests "$PWD/$build" > "$stage/tests.list"
  [ -s "$stage/tests.list" ] || die "no device tests found in $build"
  cut -f2 "$stage/tests.list" | sort -u |
    while read -r t; do cp "$build/tests/$t" "$stage/bin/"; done
  cp "$build/bench/clslice-bench" "$build/clslice" "$stage/bin/"
  cp -r tests/data tests/cases "$stage/tests/"
  cp bench/peers.py bench/gpu_peers.py "$stage/bench/"
  cp scripts/gpu_kit.sh "$stage/"
  for l in $(extra_libs "$stage"/bin/*); do cp -L "$l" "$stage/lib/"; done
  {
    echo "clslice $(git describe --always --dirty 2>/dev/null || echo unknown)"
    echo "packed $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm)"
    echo "glibc $(ldd --version | head -n 1)"
    unpack_loader "$stage/lib"
  } > "$stage/MANIFEST"
  tar -C "$build" -czf "$kit_tar" clslice-gpu-kit
  echo "gpu_kit.sh: wrote $kit_tar ($(du -h "$kit_tar" | cut -f1)," \
       "$(wc -l < "$stage/tests.list") device tests)"
}

# ---- run --------------------------------------------------------------------

# The vendor libraries to register: --icd / $CLSLICE_KIT_ICD, else known
# driver names found by ldconfig or in the usual folders, else the
# machine's own ICD files.
find_vendors() {
  local names="libnvidia-opencl.so.1 libamdocl64.so libigdrcl.so"
  local dirs=${CLSLICE_KIT_DRIVER_DIRS:-"/usr/lib/x86_64-linux-gnu /usr/lib64
              /usr/lib /usr/local/nvidia/lib64 /usr/local/nvidia/lib
              /usr/lib/x86_64-linux-gnu/nvidia/current /opt/rocm/lib
              /opt/rocm/opencl/lib"}
  local vendors=${CLSLICE_KIT_ICD_DIR:-/etc/OpenCL/vendors}
  local n d found="" any="" ldconfig
  # Not on a user's PATH on some systems; absent in some containers.
  ldconfig=${CLSLICE_KIT_LDCONFIG:-$(command -v ldconfig || echo /sbin/ldconfig)}
  for n in $names; do
    found=$("$ldconfig" -p 2>/dev/null |
            awk -v n="$n" '$1 == n { print $NF; exit }' || true)
    for d in $dirs; do
      [ -n "$found" ] && break
      [ -e "$d/$n" ] && found=$d/$n
    done
    [ -n "$found" ] && echo "$found" && any=1
  done
  # The machine's own ICD files only when no driver was found by name:
  # both would register the same device twice.
  local icd line
  for icd in "$vendors"/*.icd; do
    [ -z "$any" ] && [ -f "$icd" ] || continue
    read -r line < "$icd" || true # the last line may lack its newline
    [ -n "$line" ] && echo "$line"
  done
  return 0
}

# The device a test's log names: the first "device: NAME" line, which
# every device test prints when it opens its device (tests/support).
logged_device() {
  sed -n 's/^device: //p' "$1" | head -n 1
}

# One device test: PASS/FAIL with its time and the device it ran on; the
# log goes to tests/NAME.log.  A test that passes without naming a device
# fails here: it cannot have run on the GPU.
run_test() {
  local out=$1 name=$2 bin=$3 start rc
  shift 3
  start=$(date +%s.%N)
  set +e
  (cd "$out/work" && timeout 900 "$KIT/bin/$bin" "$@") \
    > "$out/tests/$name.log" 2>&1
  rc=$?
  set -e
  local secs
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  local device
  device=$(logged_device "$out/tests/$name.log")
  if [ $rc -eq 0 ] && [ -n "$device" ]; then
    echo "PASS $name (${secs} s) on $device"
  elif [ $rc -eq 0 ]; then
    echo "FAIL $name (passed without naming its device, ${secs} s;" \
         "tests/$name.log)"
  else
    echo "FAIL $name (exit $rc, ${secs} s; tests/$name.log)" \
         "on ${device:-no device}"
  fi
}

run() {
  local out="" python=python3 quick="" tests=1 icds=() bench_args=()
  while [ $# -gt 0 ]; do
    case $1 in
      --icd) icds+=("$2"); shift 2 ;;
      --out) out=$2; shift 2 ;;
      --python) python=$2; shift 2 ;;
      --quick) quick=--quick; shift ;;
      --bench-args) read -r -a bench_args <<< "$2"; shift 2 ;;
      --no-tests) tests=0; shift ;;
      *) die "run: unknown option $1 (see the header of $0)" ;;
    esac
  done
  KIT=$(cd "$(dirname "$0")" && pwd)
  [ -x "$KIT/bin/clslice-bench" ] || die "run: $KIT is not an unpacked kit"
  [ -n "$out" ] || out=clslice-gpu-results-$(hostname -s 2>/dev/null ||
                                              echo host)-$(date -u +%Y%m%dT%H%M%SZ)
  mkdir -p "$out/tests" "$out/work" "$out/icd"
  out=$(cd "$out" && pwd)

  if [ ${#icds[@]} -eq 0 ] && [ -n "${CLSLICE_KIT_ICD:-}" ]; then
    IFS=: read -r -a icds <<< "$CLSLICE_KIT_ICD"
  fi
  [ ${#icds[@]} -gt 0 ] || mapfile -t icds < <(find_vendors)
  [ ${#icds[@]} -gt 0 ] ||
    die "run: no vendor OpenCL library found; name one with --icd PATH"
  local i=0 lib
  for lib in "${icds[@]}"; do
    echo "$lib" > "$out/icd/vendor$i.icd"
    i=$((i + 1))
  done
  # The kit's loader reads only these files: the machine's own
  # /etc/OpenCL/vendors (if any) and any other loader are bypassed.
  export OCL_ICD_VENDORS=$out/icd
  export LD_LIBRARY_PATH=$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export CLSLICE_TEST_DATA=$KIT/tests CLSLICE_TEST_TMP=$out/work/tmp
  export CLSLICE_BENCH_PYTHON=$python
  # No device is a failure of every test and of the benchmark, never a
  # skip: a misconfigured machine must not report green.
  export CLSLICE_REQUIRE_DEVICE=1

  {
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "machine: $(uname -srm)"
    cat "$KIT/MANIFEST"
    echo "registered: ${icds[*]}"
    if command -v ldd >/dev/null; then
      echo "loader used: $(ldd "$KIT/bin/clslice-bench" | grep libOpenCL)"
    fi
    command -v nvidia-smi >/dev/null &&
      nvidia-smi --query-gpu=name,driver_version,memory.total \
                 --format=csv,noheader 2>&1 | sed 's/^/nvidia-smi: /'
    "$KIT/bin/clslice" devices 2>&1 || true
  } > "$out/environment.txt"
  cat "$out/environment.txt"

  local failed=0
  if [ $tests -eq 1 ]; then
    mkdir -p "$out/work/tmp"
    while IFS=$'\t' read -r -a t; do
      run_test "$out" "${t[@]}" | tee -a "$out/tests.txt"
    done < "$KIT/tests.list"
    grep -q '^FAIL' "$out/tests.txt" && failed=1
    echo "tests: $(grep -c '^PASS' "$out/tests.txt") passed," \
         "$(grep -c '^FAIL' "$out/tests.txt" || true) failed" |
      tee -a "$out/tests.txt"
    # The devices the passes ran on, with their counts: more than one line
    # means the tests did not all pick the same device.
    sed -n 's/^PASS .* s) on //p' "$out/tests.txt" | sort | uniq -c |
      awk '{ n = $1; sub(/^ *[0-9]+ /, ""); print "ran on: " $0 " (" n " tests)" }' |
      tee -a "$out/tests.txt"
  fi

  set +e
  (cd "$out/work" && "$KIT/bin/clslice-bench" $quick "${bench_args[@]}" \
     --peers-script "$KIT/bench/peers.py" --json "$out/bench.json") \
    > "$out/bench.txt" 2> "$out/bench.log"
  local bench_rc=$?
  set -e
  cat "$out/bench.txt"
  [ $bench_rc -eq 0 ] || { echo "benchmark failed (exit $bench_rc; bench.log)"; failed=1; }

  if [ -s "$out/bench.json" ] && command -v "$python" >/dev/null; then
    "$python" "$KIT/bench/gpu_peers.py" "$out/bench.json" \
      "$out/gpu_peers" > "$out/gpu_peers.log" 2>&1 ||
      echo "gpu_peers.py failed (gpu_peers.log)"
    cat "$out/gpu_peers.log"
  else
    echo "no $python: CuPy and PyTorch not timed" | tee "$out/gpu_peers.log"
  fi
  rm -rf "$out/work"
  echo "gpu_kit.sh: results in $out"
  return $failed
}

case ${1:-} in
  pack) shift; pack "$@" ;;
  run) shift; run "$@" ;;
  vendors) find_vendors ;; # what run would register, one per line
  *) die "usage: $0 pack [KIT.tar.gz] | run [--icd LIB] [--out DIR] [--python P] [--quick] [--bench-args \"A B\"] [--no-tests]" ;;
esac
