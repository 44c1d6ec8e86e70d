#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# End-to-end tests of `clslice csr-slice` on CSR matrices saved by numpy
# (and scipy) as four .npy files; tests/data/make_csr_fixtures.py made
# them and computed every expected result.
# Usage: test_cli_csr.sh PATH-TO-clslice FIXTURE-DIR
# Each case runs with --host and on the default OpenCL device; without any
# OpenCL device the device runs are skipped with a message.
set -u

if [[ $# -ne 2 || ! -x $1 || ! -f $2/cases.txt ]]; then
    echo "usage: $0 PATH-TO-clslice FIXTURE-DIR" >&2
    exit 2
fi
BIN=$1
DATA=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"
PARTS=(indptr indices data shape)
# A CSR matrix is four files: $TMP/w/keep has all four, and
# $TMP/w/dir_data.npy is a directory (so OUT_PREFIX $TMP/w/dir cannot get
# its data file).
W_KEEP=(keep_indptr.npy keep_indices.npy keep_data.npy keep_shape.npy)
W_DIR=dir_data.npy

# same_output OUT EXPECTED: the four files of OUT equal EXPECTED's byte for
# byte.
same_output() {
    for part in "${PARTS[@]}"; do
        cmp -s "$1_$part.npy" "$2_$part.npy" || return 1
    done
}

# slice_ok EXPECTED OUT ARGS...: exit 0, no output, OUT equals EXPECTED.
slice_ok() {
    local expected=$1 out=$2
    shift 2
    writes_ok "$expected" "$out" csr-slice "$@"
}

# --- is there an OpenCL device? -------------------------------------------
device_targets

# --- every case, the fixture script's expected files ------------------------
O=$TMP/out
while IFS=$'\t' read -r -a fields; do
    in=$DATA/${fields[0]} expected=$DATA/${fields[1]} spec=("${fields[@]:2}")
    for target in "${targets[@]}"; do
        rm -f "$O"_*.npy
        if [[ $target == default ]]; then
            slice_ok "$expected" "$O" "$in" "$O" "${spec[@]}"
        else
            slice_ok "$expected" "$O" "$in" "$O" "${spec[@]}" "$target"
        fi
    done
done <"$DATA/cases.txt"

# OUT_PREFIX may be IN_PREFIX: everything is read before anything is
# written.
for part in "${PARTS[@]}"; do cp "$DATA/in_A_$part.npy" "$TMP/self_$part.npy"; done
slice_ok "$DATA/out_A_1" "$TMP/self" "$TMP/self" "$TMP/self" --begin=0,1 \
    --end=3,3 --host

# --- corrupt and unsupported inputs: exit 3, nothing written ----------------
while IFS=$'\t' read -r -a fields; do
    in=$DATA/${fields[0]} code=${fields[1]} text=${fields[2]}
    for target in "${targets[@]}"; do
        extra=()
        [[ $target == --host ]] && extra=(--host)
        untouched "$code" "$text" csr-slice "$in" "$TMP/w/keep" \
            "${fields[@]:3}" "${extra[@]}"
        untouched "$code" "$text" csr-slice "$in" "$TMP/w/new" \
            "${fields[@]:3}" "${extra[@]}"
    done
done <"$DATA/bad.txt"

A=$DATA/in_A
untouched 3 "$TMP/w/missing_indptr.npy: cannot open" \
    csr-slice "$TMP/w/missing" "$TMP/w/new" --begin=0 --end=1
# An output that cannot be written: none of the four appears or changes.
for target in "${targets[@]}"; do
    extra=()
    [[ $target == --host ]] && extra=(--host)
    untouched 3 "dir_data.npy: cannot replace it" \
        csr-slice "$A" "$TMP/w/dir" --begin=0 --end=1 "${extra[@]}"
done
untouched 3 "cannot create a temporary file" \
    csr-slice "$A" "$TMP/w/nodir/x" --begin=0 --end=1 --host

# --- usage and spec errors: exit 2 -------------------------------------------
untouched 2 "csr-slice needs --end" csr-slice "$A" "$TMP/w/new" --begin=1
untouched 2 "csr-slice needs --begin" csr-slice "$A" "$TMP/w/new" --end=1
untouched 2 "missing OUT_PREFIX" csr-slice "$A"
untouched 2 "missing IN_PREFIX and OUT_PREFIX" csr-slice --begin=1 --end=2
untouched 2 "begin has 3 entries" csr-slice "$A" "$TMP/w/new" \
    --begin=0,0,0 --end=1,1,1
untouched 2 "step" csr-slice "$A" "$TMP/w/new" --begin=0 --end=1 --step=0
untouched 2 "--host and --device exclude each other" \
    csr-slice "$A" "$TMP/w/new" --begin=0 --end=1 --host --device 0
untouched 2 "unknown option" csr-slice "$A" "$TMP/w/new" --begin=0 --end=1 \
    --expr '[1]'
untouched 2 "not a device index" csr-slice "$A" "$TMP/w/new" --begin=0 \
    --end=1 --device x
untouched 4 "no such device" csr-slice "$A" "$TMP/w/new" --begin=0 --end=1 \
    --device 999

# --- help -----------------------------------------------------------------------
run csr-slice --help
if [[ $rc -ne 0 || -s $TMP/stderr ]] || ! grep -q 'IN_PREFIX_indptr.npy' \
    "$TMP/stdout"; then
    fail "want the help text" csr-slice --help
else
    passed=$((passed + 1))
fi
run --help
if ! grep -q '^  csr-slice ' "$TMP/stdout"; then
    fail "want csr-slice in the command list" --help
else
    passed=$((passed + 1))
fi

echo "test_cli_csr: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
