#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds clslice and runs every test: once as a normal -Werror build, once
# under AddressSanitizer + UndefinedBehaviorSanitizer; the normal build's
# device tests run a second time on Mesa's rusticl, a second OpenCL
# implementation (scripts/test_rusticl.sh).  This is the README's test
# command and what CI runs.
#
# The two passes also cover the two link forms, so no third pass is needed:
# the normal pass builds the shared libraries (what distributions ship), so
# the public-API tests run against libclslice.so and test_package checks
# the installed shared package (exports, SONAME, find_package, pkg-config);
# its add_subdirectory step builds and installs the static form for
# pkg-config --static.  The sanitizer pass is static: every test runs
# against the static library there, and test_package is left out because
# a consumer of an ASan-built static library would need the ASan flags.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
# The GPU compilers of test_gpu_gate (release pass): unpacked into
# build-gate/tools, not installed, so the test always runs.
bash scripts/deps_gpu_gate.sh
# Every device test, CLI device check, Python device test, example and
# benchmark smoke run fails, rather than skips, when it finds no OpenCL
# device: a misconfigured machine must not report green with nothing run.
export CLSLICE_REQUIRE_DEVICE=1

jobs=$(nproc 2>/dev/null || echo 2)
run_suite() {
  local dir=$1; shift
  cmake -S . -B "$dir" -DCLSLICE_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" >/dev/null
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

# CLSLICE_MPI=ON: libclslice-mpi and its mpirun tests are built in both
# passes, and a machine without MPI fails the configure instead of
# skipping them.
echo "== tests (release build, shared libraries)"
run_suite build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_SHARED_LIBS=ON -DCLSLICE_MPI=ON
echo "== device tests on a second OpenCL implementation (Mesa rusticl, llvmpipe)"
bash scripts/test_rusticl.sh build-test
echo "== tests (AddressSanitizer + UndefinedBehaviorSanitizer, static)"
# PoCL's kernel cache is the release pass's: a kernel's binary depends on
# its source and build options, not on how the host code was built, so
# the sanitizer pass skips PoCL's compiles (run under ASan's allocator,
# they were most of that pass's device-test time) and tests the same
# host code on the same kernels.  The CLI tests' binary cache likewise.
run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DCLSLICE_SANITIZE=address,undefined \
          -DBUILD_SHARED_LIBS=OFF -DCLSLICE_MPI=ON \
          -DCLSLICE_TEST_POCL_CACHE="$PWD/build-test/tests/pocl-cache" \
          -DCLSLICE_TEST_BINARY_CACHE="$PWD/build-test/tests/clslice-cache"
# The fuzz targets run one at a time beside the Python package's build and
# tests, which keep about one core busy: each target still has a core for
# its 20 s, and the two steps together take about as long as the fuzzing
# alone (two at a time, the last target had a core to itself while the
# other idled, and the Python step then ran after it).  The fuzzing's
# report comes after Python's; either failing fails the suite.
echo "== fuzzing (libFuzzer, about 20 s per target, one at a time, beside Python)"
mkdir -p build-fuzz
FUZZ_JOBS=1 bash scripts/fuzz.sh > build-fuzz/fuzz.out 2>&1 &
fuzz_pid=$!
trap 'kill "$fuzz_pid" 2>/dev/null || true' EXIT
echo "== Python package (python/: numpy, pyopencl, scipy.sparse)"
python_status=0
bash scripts/test_python.sh || python_status=$?
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
trap - EXIT
echo "== fuzzing: the report (build-fuzz/fuzz.out)"
cat build-fuzz/fuzz.out
[ "$fuzz_status" -eq 0 ] || echo "test.sh: fuzzing failed (status $fuzz_status)" >&2
[ "$python_status" -eq 0 ] || echo "test.sh: the Python step failed (status $python_status)" >&2
[ "$fuzz_status" -eq 0 ] && [ "$python_status" -eq 0 ]
