#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The GPU kit's driver search (scripts/gpu_kit.sh vendors), on fake driver
# and ICD folders: a driver found by name is registered once and the
# machine's ICD files are then ignored; without one, each ICD file's
# library is registered, a file without a final newline included.  Then
# `gpu_kit.sh run` on a fake unpacked kit, started under `env -i`: its
# tests see CLSLICE_REQUIRE_DEVICE=1 and a PATH the kit exported, the
# summary names the device each ran on, and a test that passes without
# naming a device fails.  Costs about a second.
set -euo pipefail
kit=$1/scripts/gpu_kit.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/drivers" "$tmp/icd"
export CLSLICE_KIT_DRIVER_DIRS="$tmp/none $tmp/drivers"
export CLSLICE_KIT_ICD_DIR=$tmp/icd CLSLICE_KIT_LDCONFIG=/bin/false
fail() { echo "test_gpu_kit: $*" >&2; exit 1; }

printf 'libpocl.so.2' > "$tmp/icd/a.icd" # no final newline
printf 'libother.so.1\n' > "$tmp/icd/b.icd"
got=$(bash "$kit" vendors)
[ "$got" = $'libpocl.so.2\nlibother.so.1' ] ||
  fail "without a driver, expected both ICD entries, got: $got"

touch "$tmp/drivers/libnvidia-opencl.so.1"
got=$(bash "$kit" vendors)
[ "$got" = "$tmp/drivers/libnvidia-opencl.so.1" ] ||
  fail "expected only the driver found by name, got: $got"

rm "$tmp/drivers/libnvidia-opencl.so.1" "$tmp/icd/"*.icd
got=$(bash "$kit" vendors)
[ -z "$got" ] || fail "expected nothing, got: $got"

# A fake kit: test_named prints its device only where a device is
# required, test_silent passes without naming one, the tools do nothing.
k=$tmp/kit
mkdir -p "$k/bin" "$k/lib"
cp "$kit" "$k/"
printf '%s\n' '#!/bin/sh' '[ "$CLSLICE_REQUIRE_DEVICE" = 1 ] || exit 3' \
  '/usr/bin/env | grep -q "^PATH=.*/usr/bin" || { echo "no PATH"; exit 4; }' \
  'echo "device: Fake GPU 9000"' > "$k/bin/test_named"
printf '#!/bin/sh\nexit 0\n' > "$k/bin/test_silent"
printf '#!/bin/sh\nexit 0\n' > "$k/bin/clslice-bench"
cp "$k/bin/clslice-bench" "$k/bin/clslice"
chmod +x "$k/bin/"*
printf 'test_named\ttest_named\ntest_silent\ttest_silent\n' > "$k/tests.list"
echo "clslice fake" > "$k/MANIFEST"
# Under `env -i`: no PATH at all, as on a bare ssh command.  The kit must
# export one of its own, or PoCL in a real test finds no `ld`.
bash_bin=$(command -v bash)
if env -i "$bash_bin" "$k/gpu_kit.sh" run --icd /no/such/libOpenCL-vendor.so \
     --out "$tmp/out" --python "$tmp/no-python" > "$tmp/run.log" 2>&1; then
  fail "run passed with a test that named no device: $(cat "$tmp/run.log")"
fi
summary=$tmp/out/tests.txt
grep -q '^PASS test_named (.* s) on Fake GPU 9000$' "$summary" ||
  fail "the summary does not name test_named's device: $(cat "$summary")"
grep -q '^FAIL test_silent (passed without naming its device' "$summary" ||
  fail "test_silent passed without a device: $(cat "$summary")"
grep -q '^ran on: Fake GPU 9000 (1 tests)$' "$summary" ||
  fail "no 'ran on' line for the device: $(cat "$summary")"
echo "test_gpu_kit: ok"
