#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# No false greens: with no OpenCL device (an empty private OCL_ICD_VENDORS
# folder hides every platform), a device test program and the CLI tests'
# device check skip and say so, and with CLSLICE_REQUIRE_DEVICE=1 they
# fail, saying why.  The CLI harness is driven with a stand-in for the
# tool that answers `devices` as the tool does without a device (the
# harness unsets OCL_ICD_VENDORS for the real one).  Well under a second.
#   test_require_device.sh DEVICE_TEST_PROGRAM CLI_HARNESS
set -u
program=$1 harness=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/vendors"
passed=0 failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
pass() { passed=$((passed + 1)); }

# device_program REQUIRE: runs the program with no platform; rc and the
# output (stdout and stderr together) land in $rc and $tmp/out.
device_program() {
  env -u CLSLICE_REQUIRE_DEVICE -u OCL_ICD_FILENAMES \
    ${1:+CLSLICE_REQUIRE_DEVICE=$1} \
    OCL_ICD_VENDORS="$tmp/vendors" "$program" \
    >"$tmp/out" 2>&1
  rc=$?
}

device_program ""
if [ "$rc" -ne 0 ]; then
  fail "without CLSLICE_REQUIRE_DEVICE, $program exited $rc: $(cat "$tmp/out")"
elif ! grep -q 'skipping the device tests' "$tmp/out" ||
     ! grep -q 'SKIPPED' "$tmp/out"; then
  fail "without a device, $program did not say it skipped: $(cat "$tmp/out")"
else
  pass
fi

device_program 1
if [ "$rc" -eq 0 ]; then
  fail "CLSLICE_REQUIRE_DEVICE=1 and no device, yet $program passed"
elif ! grep -q 'CLSLICE_REQUIRE_DEVICE=1 requires an OpenCL device' \
       "$tmp/out"; then
  fail "$program failed without naming the requirement: $(cat "$tmp/out")"
else
  pass
fi

# The CLI harness's device check, with a tool that has no device.
cat > "$tmp/clslice" <<'TOOL'
#!/bin/sh
echo "clslice: devices: no OpenCL platform found (clGetPlatformIDs: -1001)" >&2
exit 4
TOOL
chmod +x "$tmp/clslice"
# cli_device_check REQUIRE: sources the harness in a subshell and prints
# what device_targets decided: have_device, failed, targets.
cli_device_check() {
  (
    unset CLSLICE_REQUIRE_DEVICE
    [ -n "$1" ] && export CLSLICE_REQUIRE_DEVICE=$1
    BIN=$tmp/clslice
    # shellcheck source=/dev/null
    . "$harness"
    device_targets
    echo "have_device=$have_device failed=$failed targets=${targets[*]}"
  ) >"$tmp/out" 2>&1
}

cli_device_check ""
if ! grep -q '^have_device=0 failed=0 targets=--host$' "$tmp/out" ||
   ! grep -q '^SKIP device checks' "$tmp/out"; then
  fail "without CLSLICE_REQUIRE_DEVICE the CLI check did not skip, saying so: $(cat "$tmp/out")"
else
  pass
fi

cli_device_check 1
if ! grep -q '^have_device=0 failed=1 ' "$tmp/out" ||
   ! grep -q 'CLSLICE_REQUIRE_DEVICE=1 requires one' "$tmp/out"; then
  fail "CLSLICE_REQUIRE_DEVICE=1 and no device, yet the CLI check did not fail: $(cat "$tmp/out")"
else
  pass
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
