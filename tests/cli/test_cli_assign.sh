#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# End-to-end tests of `clslice assign` and `clslice grad` on .npy files
# written by numpy (tests/data/make_npy_fixtures.py made them, and numpy
# computed every expected output).
# Usage: test_cli_assign.sh PATH-TO-clslice ASSIGN-FIXTURE-DIR NPY-FIXTURE-DIR
# Each case runs with --host and on the default OpenCL device; without any
# OpenCL device the device checks are skipped with a message.
set -u

if [[ $# -ne 3 || ! -x $1 || ! -f $2/assign.txt || ! -f $3/bad.txt ]]; then
    echo "usage: $0 PATH-TO-clslice ASSIGN-FIXTURE-DIR NPY-FIXTURE-DIR" >&2
    exit 2
fi
BIN=$1
DATA=$2
NPY=$3
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"

# --- is there an OpenCL device? -------------------------------------------
device_targets
# assign --dynamic: the spec's values on the device (not for MXNet specs)
dyn_targets=("${targets[@]}")
[[ $have_device -eq 1 ]] && dyn_targets+=(--dynamic)

# --- every case, numpy's expected bytes --------------------------------------
O=$TMP/out.npy
while IFS=$'\t' read -r -a f; do
    for target in "${dyn_targets[@]}"; do
        [[ $target == --dynamic && ${f[4]} == mxnet ]] && continue
        rm -f "$O"
        args=(assign "$DATA/${f[0]}" "$DATA/${f[1]}" "$O" "${f[@]:3}")
        [[ $target == default ]] || args+=("$target")
        writes_ok "$DATA/${f[2]}" "$O" "${args[@]}"
    done
done <"$DATA/assign.txt"
while IFS=$'\t' read -r -a f; do
    for target in "${targets[@]}"; do
        printf 'old' >"$O" # OUT is replaced
        args=(grad "$DATA/${f[0]}" "$O" "${f[@]:2}")
        [[ $target == default ]] || args+=("$target")
        writes_ok "$DATA/${f[1]}" "$O" "${args[@]}"
    done
done <"$DATA/grad.txt"

# IN and OUT may be the same file; options in any order
for target in "${targets[@]}"; do
    t=()
    [[ $target == default ]] || t=("$target")
    cp "$DATA/in_f4.npy" "$TMP/same.npy"
    writes_ok "$DATA/out_assign_0.npy" "$TMP/same.npy" assign \
        "$TMP/same.npy" "$DATA/value_0.npy" "$TMP/same.npy" "${t[@]}" \
        --expr='[1:-1, ::-2]'
done

# --- --dst-blocked: IN is a blocked tensor's storage ---------------------------
# Judged against the plain assign (checked against numpy above) through
# slice --src-blocked (checked against numpy in test_cli_slice.sh): the
# logical tensor of OUT is the plain assign's result, and the padding
# lanes keep their bytes (16s here, made by a plain assign into them).
B=$NPY/in_nc4hw4_f4.npy # storage (2, 3, 3, 5, 4) of a (2, 10, 3, 5) tensor
K=$TMP/blocked
mkdir -p "$K"
"$BIN" slice "$B" "$K/s.npy" --expr '[0, 0, 0, 0, 1]' --host # 16.0
"$BIN" assign "$B" "$K/s.npy" "$K/in.npy" --expr '[:, 2, ..., 2:]' --host
"$BIN" slice "$K/in.npy" "$K/pad.npy" --expr '[:, 2, ..., 2:]' --host
"$BIN" slice "$K/in.npy" "$K/v.npy" --expr '[:, 8:2:-1]' \
    --src-blocked 1:4:10 --host # (2, 6, 3, 5)
"$BIN" slice "$K/in.npy" "$K/logical.npy" --expr '[...]' \
    --src-blocked 1:4:10 --host
# blocked_ok VALUE SPEC TARGET...: OUT's logical tensor and padding
blocked_ok() {
    local value=$1 spec=$2
    shift 2
    rm -f "$O" "$K/want.npy"
    "$BIN" assign "$K/logical.npy" "$value" "$K/want.npy" --expr "$spec" \
        --host
    last=(assign "$K/in.npy" "$value" "$O" --expr "$spec" --dst-blocked \
        1:4:10 "$@")
    run "${last[@]}"
    check "assign --dst-blocked exits 0 silently" \
        test "$rc" -eq 0 -a ! -s "$TMP/stderr"
    "$BIN" slice "$O" "$K/got.npy" --expr '[...]' --src-blocked 1:4:10 --host
    check "assign --dst-blocked: the logical tensor" \
        cmp -s "$K/got.npy" "$K/want.npy"
    "$BIN" slice "$O" "$K/got_pad.npy" --expr '[:, 2, ..., 2:]' --host
    check "assign --dst-blocked: padding lanes kept" \
        cmp -s "$K/got_pad.npy" "$K/pad.npy"
}
for target in "${targets[@]}"; do
    t=()
    [[ $target == default ]] || t=("$target")
    blocked_ok "$K/v.npy" '[:, 3:9]' "${t[@]}"
    blocked_ok "$K/v.npy" '[:, 3:9]' --exact "${t[@]}"
    blocked_ok "$K/s.npy" '[1, ::3]' "${t[@]}" # a scalar fills
    blocked_ok "$K/v.npy" '[:, :3:-1]' "${t[@]}" # (2, 6, 3, 5) again
    untouched 3 "v.npy does not fit the slice" assign "$K/in.npy" \
        "$K/v.npy" "$TMP/w/keep.npy" --expr '[:, 3:8]' --dst-blocked 1:4:10 \
        "${t[@]}"
done
unset last
untouched 2 '--dynamic does not take a blocked tensor' assign "$K/in.npy" \
    "$K/v.npy" "$TMP/w/keep.npy" --expr '[:, 3:9]' --dst-blocked 1:4:10 \
    --dynamic
untouched 2 'is not a blocked storage of that axis' assign "$K/in.npy" \
    "$K/v.npy" "$TMP/w/keep.npy" --expr '[:, 3:9]' --dst-blocked 1:5 --host
untouched 2 'an axis of size 13 fills 4 blocks of 4 lanes, the input has 3' \
    assign "$K/in.npy" "$K/v.npy" "$TMP/w/new.npy" --expr '[...]' \
    --dst-blocked 1:4:13
untouched 2 'expected AXIS:BLOCK[:SIZE]' assign "$K/in.npy" "$K/v.npy" \
    "$TMP/w/keep.npy" --expr '[...]' --dst-blocked 1:0 --host

# --- the write-only styles ----------------------------------------------------
# SliceScatter-15 spelling [1:-1, ::-2] writes numpy's expected bytes;
# dynamic_update_slice's window is the value's shape at clamped starts
# (9 on a dimension of 5 with a window of 3 starts at 2), so it writes
# what --expr '[1:3, 2:5]' writes (itself checked against numpy above)
"$BIN" assign "$DATA/in_f4.npy" "$DATA/value_0.npy" "$TMP/dus.npy" --host \
    --expr '[1:3, 2:5]'
for target in "${dyn_targets[@]}"; do
    t=()
    [[ $target == default ]] || t=("$target")
    if [[ $target != --dynamic ]]; then
        rm -f "$O"
        writes_ok "$DATA/out_assign_0.npy" "$O" assign "$DATA/in_f4.npy" \
            "$DATA/value_0.npy" "$O" --style slice_scatter --start 1,-1 \
            --stop -1,-100 --step 1,-2 --axes 0,1 "${t[@]}"
    fi
    rm -f "$O"
    writes_ok "$TMP/dus.npy" "$O" assign "$DATA/in_f4.npy" \
        "$DATA/value_0.npy" "$O" --style dynamic_update_slice \
        --start-indices 1,9,0 "${t[@]}"
done

# --- the value does not fit: exit 3, OUT untouched ----------------------------
I=$DATA/in_f4.npy
V=$DATA/value_0.npy # float32 of shape (2, 3, 3)
for target in "${dyn_targets[@]}"; do
    t=()
    [[ $target == default ]] || t=("$target")
    untouched 3 "value_0.npy does not fit the slice: value dim 1 has size 3" \
        assign "$I" "$V" "$TMP/w/keep.npy" --expr '[::2, 1:]' "${t[@]}"
    untouched 3 "value has rank 1 but the slice's final shape [2,3,3]" \
        assign "$I" "$DATA/value_1.npy" "$TMP/w/new.npy" \
        --expr '[1:-1, ::-2]' --exact "${t[@]}"
    untouched 3 "dtype '<f8' differs from the dtype '<f4' of" \
        assign "$I" "$DATA/value_29.npy" "$TMP/w/keep.npy" --expr '[0]' \
        "${t[@]}"
done
for target in "${targets[@]}"; do
    t=()
    [[ $target == default ]] || t=("$target")
    untouched 3 "dy_0.npy has shape (2, 2, 2) but the slice's shape is " \
        grad "$DATA/dy_0.npy" "$TMP/w/keep.npy" --shape 6,4,4 \
        --expr '[3:0:-2, 1:3, 2]' "${t[@]}"
    untouched 3 "has shape (2, 2) but the slice's shape is (3,)" \
        grad "$DATA/dy_1.npy" "$TMP/w/new.npy" --shape 3 --expr '[...]' \
        "${t[@]}"
done
# a shape that broadcasts is fine without --exact
rm -f "$O"
writes_ok "$DATA/out_assign_1.npy" "$O" assign "$I" "$DATA/value_1.npy" "$O" \
    --expr '[1:-1, ::-2]' --host

# --- bad files: exit 3, naming the file ----------------------------------------
while IFS=$'\t' read -r name text; do
    untouched 3 "$text" assign "$I" "$NPY/$name" "$TMP/w/keep.npy" \
        --expr '[...]' --host
    untouched 3 "$name: " assign "$NPY/$name" "$V" "$TMP/w/new.npy" \
        --expr '[...]'
    untouched 3 "$text" grad "$NPY/$name" "$TMP/w/keep.npy" --shape 3 \
        --expr '[...]' --host
done <"$NPY/bad.txt"
untouched 3 'cannot open: No such file' assign "$I" "$TMP/missing.npy" \
    "$TMP/w/keep.npy" --expr '[...]' --host
untouched 3 'cannot open: No such file' grad "$TMP/missing.npy" \
    "$TMP/w/keep.npy" --shape 3 --expr '[...]'
untouched 3 'cannot replace it: Is a directory' assign "$I" "$V" \
    "$TMP/w/dir" --expr '[1:-1, ::-2]' --host
untouched 3 'cannot create a temporary file' grad "$DATA/dy_0.npy" \
    "$TMP/w/no/new.npy" --shape 6,4,4 --expr '[3:0:-2, 1:3, 1:3]' --host

# --- invalid specs and usage: exit 2, OUT untouched --------------------------
untouched 2 'clslice:' assign "$I" "$V" "$TMP/w/keep.npy" --expr '[::0]'
untouched 2 'missing slice spec' assign "$I" "$V" "$TMP/w/keep.npy" --host
untouched 2 'missing OUT.npy, which comes first' assign "$I" "$V" \
    --expr '[...]'
untouched 2 'missing VALUE.npy and OUT.npy' assign "$I" --expr '[...]'
fails 2 'missing IN.npy, VALUE.npy and OUT.npy' assign
untouched 2 'exclude each other' assign "$I" "$V" "$TMP/w/keep.npy" \
    --expr '[...]' --host --device 0
untouched 2 "unexpected argument 'x'" assign "$I" "$V" "$TMP/w/new.npy" x \
    --expr '[...]'
untouched 2 'unknown option --shape' assign "$I" "$V" "$TMP/w/new.npy" \
    --expr '[...]' --shape 3
untouched 2 'missing --shape' grad "$DATA/dy_0.npy" "$TMP/w/keep.npy" \
    --expr '[...]'
untouched 2 '--shape: dim 1 is -1' grad "$DATA/dy_0.npy" "$TMP/w/keep.npy" \
    --shape 6,-1 --expr '[...]'
untouched 2 'more bytes than memory can hold' grad "$DATA/dy_8.npy" \
    "$TMP/w/keep.npy" --shape 4611686018427387904,4 --expr '[0, 0]' --host
untouched 2 'clslice:' grad "$DATA/dy_0.npy" "$TMP/w/new.npy" --shape 6,4,4 \
    --expr '[9]'
untouched 2 'missing OUT.npy, which comes first' grad "$DATA/dy_0.npy" \
    --shape 6,4,4 --expr '[...]'
fails 2 'missing DY.npy and OUT.npy' grad
untouched 2 'unknown option --exact' grad "$DATA/dy_0.npy" "$TMP/w/new.npy" \
    --shape 6,4,4 --expr '[...]' --exact
mkdir "$TMP/none" # an ICD folder without drivers: no OpenCL platform
OCL_ICD_VENDORS=$TMP/none untouched 2 'clslice:' assign "$I" "$V" \
    "$TMP/w/keep.npy" --expr '[::0]'

# --- devices: OpenCL errors (exit 4) ---------------------------------------------
OCL_ICD_VENDORS=$TMP/none untouched 4 'no OpenCL platform found' assign "$I" \
    "$V" "$TMP/w/keep.npy" --expr '[1:-1, ::-2]'
OCL_ICD_VENDORS=$TMP/none untouched 4 'no OpenCL platform found' grad \
    "$DATA/dy_0.npy" "$TMP/w/keep.npy" --shape 6,4,4 \
    --expr '[3:0:-2, 1:3, 1:3]'
if [[ $have_device -eq 1 ]]; then
    untouched 4 '--device 99: no such device' assign "$I" "$V" \
        "$TMP/w/keep.npy" --expr '[1:-1, ::-2]' --device 99
    CLSLICE_DEVICE=99 untouched 4 'CLSLICE_DEVICE=99: no such device' grad \
        "$DATA/dy_0.npy" "$TMP/w/new.npy" --shape 6,4,4 \
        --expr '[3:0:-2, 1:3, 1:3]'
    rm -f "$O"
    CLSLICE_DEVICE=99 writes_ok "$DATA/out_grad_0.npy" "$O" grad \
        "$DATA/dy_0.npy" "$O" --shape 6,4,4 --expr '[3:0:-2, 1:3, 1:3]' \
        --device 0
fi

# --- help ---------------------------------------------------------------
assign_words=('assign IN.npy VALUE.npy OUT.npy SPEC [--device N | --host]'
    '--exact' '_slice_assign' 'broadcasts' 'Examples' '--expr EXPR'
    '--dst-blocked AXIS:BLOCK[:SIZE]' 'padding lanes keep' 'Exit status')
grad_words=('grad DY.npy OUT.npy --shape S SPEC [--device N | --host]'
    'StridedSliceGrad' '--shape S' 'Examples' '--expr EXPR' 'Exit status')
help_mentions "assign --help" "${assign_words[@]}"
help_mentions "help assign" "${assign_words[@]}"
help_mentions "grad --help" "${grad_words[@]}"
help_mentions "grad dy.npy out.npy --shape 3 --help" "${grad_words[@]}"
help_mentions "help --all" "${assign_words[@]}" "${grad_words[@]}"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
