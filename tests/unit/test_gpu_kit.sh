#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The GPU kit's driver search (scripts/gpu_kit.sh vendors), on fake driver
# and ICD folders: a driver found by name is registered once and the
# machine's ICD files are then ignored; without one, each ICD file's
# library is registered, a file without a final newline included.  Costs
# well under a second.
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
echo "test_gpu_kit: ok"
