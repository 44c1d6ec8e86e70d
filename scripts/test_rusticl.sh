#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Runs the device tests (ctest -L device) of a built tree on a second
# OpenCL implementation: Mesa's rusticl on llvmpipe (Debian's
# mesa-opencl-icd), beside PoCL, which the normal passes use.  The package
# is fetched with apt-get download and unpacked into BUILD_DIR/mesa, not
# installed: installed, it registers rusticl and Clover for every program
# on the machine (scripts/deps.sh installs the libraries they need).
#
#   bash scripts/test_rusticl.sh BUILD_DIR [ctest arguments]
#
# rusticl is registered through a private OCL_ICD_VENDORS folder in
# BUILD_DIR, so the run sees that platform and no other whatever
# /etc/OpenCL/vendors holds; the script fails when the loader shows
# anything but exactly one rusticl platform with a device, and it sets
# CLSLICE_REQUIRE_DEVICE=1 so that a test finding no device fails rather
# than skips.
#
# tests/drivers/expected_failures.txt lists the tests expected to fail
# on rusticl, each with the driver fault behind it and the minimal
# program (tests/drivers/) that shows the fault.  The run fails when any
# other test fails, and also when a listed test passes (the list is
# stale: the driver was fixed, or the test no longer reaches the fault).
# docs/drivers.md says more.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: test_rusticl.sh BUILD_DIR [ctest args]" >&2; exit 2; }
build=$(cd "$1" && pwd); shift
die() { echo "test_rusticl.sh: $*" >&2; exit 1; }

# The driver, unpacked once per build tree.
mesa=$build/mesa
libdir=$mesa/usr/lib/x86_64-linux-gnu
lib=$libdir/libRusticlOpenCL.so.1.0.0
if [ ! -e "$lib" ]; then
  debs=$build/mesa-deb
  rm -rf "$debs" "$mesa"; mkdir -p "$debs"
  (cd "$debs" && apt-get download mesa-opencl-icd >/dev/null 2>&1) ||
    die "apt-get download mesa-opencl-icd failed (run apt-get update first?)"
  dpkg -x "$debs"/mesa-opencl-icd_*.deb "$mesa"
  [ -e "$lib" ] || die "the mesa-opencl-icd package holds no $lib"
fi

# Absolute paths: ctest runs each test in its own folder.
icd=$build/rusticl-icd
mkdir -p "$icd"
echo "$lib" > "$icd/rusticl.icd"
unset OCL_ICD_FILENAMES
export OCL_ICD_VENDORS=$icd RUSTICL_ENABLE=llvmpipe CLSLICE_REQUIRE_DEVICE=1
# llvmpipe's pipe loader, from the unpacked package too.
export GALLIUM_PIPE_SEARCH_DIR=$libdir/gallium-pipe
# llvmpipe runs a launch on LP_NUM_THREADS threads; ctest runs two tests at
# once on CI's two cores, so one thread each.
export LP_NUM_THREADS=${LP_NUM_THREADS:-1}
# A second opinion on every kernel path, not a second volume of random
# cases (PoCL runs those in full): the random tests draw 10 times fewer.
export CLSLICE_TEST_SCALE=${CLSLICE_TEST_SCALE:-10}
# Left out for time, named here and printed: test_device_faults fails each
# OpenCL call the library makes in turn through an interposer, so it tests
# the library's error paths, which do not depend on the driver; it took
# 380 s on rusticl on two cores, where the rest of the label takes ~3 min.
# test_package and test_example_opencv_dnn build and install consumers
# (CMake, pkg-config, OpenCV) around one ordinary gather each, which the
# device tests run on rusticl already: 28 s of build time, no driver
# coverage.
left_out=(test_device_faults test_package test_example_opencv_dnn)

platforms=$(clinfo -l)
echo "$platforms"
[ "$(grep -c '^Platform #' <<< "$platforms")" = 1 ] &&
  grep -q '^Platform #0: rusticl$' <<< "$platforms" &&
  grep -q 'Device #0: llvmpipe' <<< "$platforms" ||
  die "expected exactly the rusticl platform with its llvmpipe device"

# name -> reason, from the list (tab-separated: test, repro, reason).
declare -A expected
while IFS=$'\t' read -r name repro reason; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  expected[$name]="$reason (shown by $repro)"
done < "$here/tests/drivers/expected_failures.txt"

# The tests this run covers (before the run: a listing rewrites ctest's
# log of the last run).
listed=$(ctest --test-dir "$build" -L device -N "$@" | sed -n 's/^ *Test *#[0-9]*: //p' |
         grep -vxF "${left_out[@]/#/-e}" || true)
start=$SECONDS
status=0
exclude="^($(IFS='|'; echo "${left_out[*]}"))\$"
echo "test_rusticl.sh: left out for time: ${left_out[*]}"
nice ctest --test-dir "$build" -L device -E "$exclude" --output-on-failure \
  --timeout 600 -j "$(nproc 2>/dev/null || echo 2)" "$@" || status=$?
echo "test_rusticl.sh: ctest took $((SECONDS - start)) s (status $status)"

# What failed, from ctest's own record ("number:name" lines).
failed_log=$build/Testing/Temporary/LastTestsFailed.log
declare -A failed=() # empty, yet set under set -u
if [ "$status" -ne 0 ] && [ -f "$failed_log" ]; then
  while IFS=: read -r _ name; do failed[$name]=1; done < "$failed_log"
fi
[ "$status" -eq 0 ] || [ ${#failed[@]} -gt 0 ] ||
  die "ctest failed (status $status) without naming a failed test"

bad=0
for name in $(printf '%s\n' "${!failed[@]}" | sort); do
  if [ -n "${expected[$name]:-}" ]; then
    echo "expected failure on rusticl: $name: ${expected[$name]}"
  else
    echo "FAILED on rusticl: $name"; bad=1
  fi
done
for name in $(printf '%s\n' "${!expected[@]}" | sort); do
  grep -qx "$name" <<< "$listed" || continue
  if [ -z "${failed[$name]:-}" ]; then
    echo "PASSED on rusticl but listed in tests/drivers/expected_failures.txt: $name"
    bad=1
  fi
done
[ "$bad" -eq 0 ] || die "unexpected results on rusticl (above)"
echo "test_rusticl.sh: every device test passed on rusticl but the ${#failed[@]} expected failure(s) above"
