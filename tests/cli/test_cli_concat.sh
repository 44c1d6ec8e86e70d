#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# End-to-end tests of `clslice concat` against numpy: every case of
# tests/data/npy_concat/concat.txt (numpy.concatenate and numpy.stack on
# every axis, many dtypes, big-endian and Fortran-order inputs, empty
# inputs and outputs, scalars, twenty inputs) must write numpy's result
# byte for byte, with --host and on the default OpenCL device (one
# clslice_cl_concat call; skipped with a message when there is no
# device).  Then the refusals: each exits with its status and one line
# naming the problem, and leaves the output as it was.
# Usage: test_cli_concat.sh PATH-TO-clslice FIXTURE-DIR
set -u

if [[ $# -ne 2 || ! -x $1 || ! -f $2/concat.txt ]]; then
    echo "usage: $0 PATH-TO-clslice FIXTURE-DIR" >&2
    exit 2
fi
BIN=$1
DATA=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"

device_targets

# ---- numpy's results -------------------------------------------------------

cases=0
while IFS=$'\t' read -r -a fields; do
    expected=$DATA/${fields[0]}
    args=()
    for f in "${fields[@]:1}"; do
        [[ $f == --* || $f =~ ^-?[0-9]+$ ]] && args+=("$f") \
            || args+=("$DATA/$f")
    done
    for target in "${targets[@]}"; do
        extra=()
        [[ $target != default ]] && extra=("$target")
        writes_ok "$expected" "$TMP/out.npy" concat "$TMP/out.npy" \
            "${args[@]}" "${extra[@]}"
    done
    cases=$((cases + 1))
done <"$DATA/concat.txt"
[[ $cases -ge 30 ]] || fail "want at least 30 cases in concat.txt, got $cases"

# ---- refusals, all-or-none -------------------------------------------------

A=$DATA/x_a.npy
B=$DATA/x_b.npy
W=$TMP/w
for target in "${targets[@]}"; do
    extra=()
    [[ $target != default ]] && extra=("$target")
    untouched 2 "must match exactly, but along dimension 0" \
        concat "$W/keep.npy" "$A" "$B" --axis 1 "${extra[@]}"
    untouched 2 "must have the same shape" \
        concat "$W/new.npy" "$A" "$B" --stack "${extra[@]}"
    untouched 2 "axis 2 is out of bounds" \
        concat "$W/keep.npy" "$A" "$B" --axis 2 "${extra[@]}"
    untouched 2 "axis -4 is out of bounds for an output of 3 dimensions" \
        concat "$W/keep.npy" "$A" "$A" --axis -4 --stack "${extra[@]}"
    untouched 2 "dtype" \
        concat "$W/keep.npy" "$A" "$DATA/x_f8.npy" "${extra[@]}"
    untouched 2 "same number of dimensions" \
        concat "$W/keep.npy" "$A" "$DATA/x_rank3.npy" "${extra[@]}"
    untouched 3 "No such file" \
        concat "$W/keep.npy" "$A" "$W/missing.npy" "${extra[@]}"
    untouched 3 "" concat "$W/dir" "$A" "$A" "${extra[@]}"
done
untouched 2 "zero-dimensional arrays cannot be concatenated" \
    concat "$W/keep.npy" "$DATA/x_scalar.npy" "$DATA/x_scalar.npy" --host
untouched 2 "missing the inputs" concat "$W/keep.npy"
untouched 2 "missing OUT.npy and the inputs" concat
untouched 2 "--axis wants one integer" concat "$W/new.npy" "$A" --axis 1,2
untouched 2 "--host" concat "$W/new.npy" "$A" --host --device 0
untouched 2 "--stack" concat "$W/new.npy" "$A" --stack=yes
help_mentions "concat --help" "numpy.concatenate" "numpy.stack" "--axis" \
    "--stack" "clslice_cl_concat"
help_mentions "help concat" "OUT.npy IN.npy [IN.npy ...]"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
