#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# End-to-end tests of `clslice slice` and `clslice devices` on .npy files
# written by numpy (tests/data/make_npy_fixtures.py made them, and numpy
# computed every expected output).
# Usage: test_cli_slice.sh PATH-TO-clslice FIXTURE-DIR
# Each case runs with --host and on the default OpenCL device; without any
# OpenCL device the device checks are skipped with a message.
set -u

if [[ $# -ne 2 || ! -x $1 || ! -f $2/cases.txt ]]; then
    echo "usage: $0 PATH-TO-clslice FIXTURE-DIR" >&2
    exit 2
fi
BIN=$1
DATA=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"
source "$(dirname "${BASH_SOURCE[0]}")/npy_header.sh"

# slice_ok EXPECTED OUT ARGS...: exit 0, no output, OUT equals EXPECTED.
slice_ok() {
    local expected=$1 out=$2
    shift 2
    writes_ok "$expected" "$out" slice "$@"
}

# --- is there an OpenCL device? -------------------------------------------
device_targets
[[ $have_device -eq 1 ]] && targets+=(--dynamic)

# --- every case, numpy's expected bytes --------------------------------------
O=$TMP/out.npy
# Runs each case of index file $1 ("IN<TAB>EXPECTED<TAB>ARGS...") on the
# targets that follow.
run_cases() {
    local file=$1 target
    shift
    while IFS=$'\t' read -r -a fields; do
        in=$DATA/${fields[0]} expected=$DATA/${fields[1]}
        spec=("${fields[@]:2}")
        for target in "$@"; do
            rm -f "$O"
            # --dynamic: the spec's values on the device; MXNet has no such
            # form
            [[ $target == --dynamic && ${spec[1]} == mxnet ]] && continue
            if [[ $target == default ]]; then
                slice_ok "$expected" "$O" "$in" "$O" "${spec[@]}"
            else
                slice_ok "$expected" "$O" "$in" "$O" "${spec[@]}" "$target"
            fi
        done
    done <"$file"
}
run_cases "$DATA/cases.txt" "${targets[@]}"

# --- blocked layouts: numpy blocked the inputs and the expected outputs -----
# (--dynamic refuses blocked tensors, below)
static_targets=(--host)
[[ $have_device -eq 1 ]] && static_targets+=(default)
run_cases "$DATA/blocked.txt" "${static_targets[@]}"
B=$DATA/in_nc4hw4_f4.npy
untouched 2 'an axis of size 13 fills 4 blocks of 4 lanes, the input has 3' \
    slice "$B" "$TMP/w/keep.npy" --expr '[...]' --src-blocked 1:4:13 --host
untouched 2 'is not a blocked storage of that axis' slice "$B" \
    "$TMP/w/keep.npy" --expr '[...]' --src-blocked 1:5
untouched 2 'expected AXIS:BLOCK[:SIZE]' slice "$B" "$TMP/w/keep.npy" \
    --expr '[...]' --src-blocked 1:0
untouched 2 'expected AXIS:BLOCK (an axis' slice "$B" "$TMP/w/keep.npy" \
    --expr '[...]' --dst-blocked 1:4:8 --host
untouched 2 'axis 4 is not a dim of the output (rank 3)' slice "$B" \
    "$TMP/w/keep.npy" --expr '[:, :, :, 0]' --src-blocked 1:4 \
    --dst-blocked 4:4 --host
untouched 2 '--dynamic does not take blocked tensors' slice "$B" \
    "$TMP/w/keep.npy" --expr '[...]' --src-blocked 1:4 --dynamic
untouched 2 '4611686018427387904 blocks of 4 lanes are more than an axis' \
    slice "$DATA/in_blocked_wide.npy" "$TMP/w/keep.npy" --expr '[...]' \
    --src-blocked 1:4 --host
# 28 new axes make the output rank 32, the most a tensor has
untouched 2 'the output has rank 32, and its storage would need 33 dims' \
    slice "$B" "$TMP/w/keep.npy" --expr "[...$(printf ', None%.0s' {1..28})]" \
    --src-blocked 1:4:10 --dst-blocked 0:2 --host

# --- image-held tensors: IN and OUT stay plain, so a slice through images
# of each packing gives numpy's bytes for the plain slice; inputs of C = 3
# and 10 (a partial last texel); no device: only the usage errors run -------
if [[ $have_device -eq 1 ]]; then
    for packing in phwc4 tflite_texture_2d; do
        for t in f4 f2 u1; do  # the three channel types
            slice_ok "$DATA/out_${t}_0.npy" "$O" "$DATA/in_$t.npy" "$O" \
                --expr '[1:-1, ..., None, ::-2]' --src-image "$packing" \
                --dst-image nc4hw4
        done
        slice_ok "$DATA/out_u1_1.npy" "$O" "$DATA/in_u1.npy" "$O" \
            --expr '[::-1, 2]' --src-image "$packing"
        slice_ok "$DATA/out_f2_2.npy" "$O" "$DATA/in_f2.npy" "$O" \
            --expr '[...]' --dst-image "$packing"
    done
    # an NCHW input: the host's slice (checked against numpy above) is
    # the reference
    N=$DATA/in_nchw_f4.npy
    "$BIN" slice "$N" "$TMP/ref.npy" --expr '[:, 1::3, ::-1, 1:]' --host
    for packing in nc4hw4 phwc4 tflite_texture_2d; do
        slice_ok "$TMP/ref.npy" "$O" "$N" "$O" --expr '[:, 1::3, ::-1, 1:]' \
            --src-image "$packing" --dst-image "$packing"
    done
    # wider than any device's largest image (2^17 texels in a row)
    npy_header "$TMP/wide.npy" '|u1' '(1, 131072, 4)'
    head -c 524288 /dev/zero >>"$TMP/wide.npy"
    untouched 2 "--src-image: the input needs an image of 131072 x 1 "\
"texels; this device's largest is" slice "$TMP/wide.npy" \
        "$TMP/w/keep.npy" --expr '[...]' --src-image phwc4
fi
I=$DATA/in_f4.npy
untouched 2 '--src-image rgba: expected a packing: nc4hw4, phwc4 or' \
    slice "$I" "$TMP/w/keep.npy" --expr '[...]' --src-image rgba
untouched 2 'they cannot be combined with --host' slice "$I" \
    "$TMP/w/keep.npy" --expr '[...]' --src-image phwc4 --host
untouched 2 '--src-image: the input has shape (4, 5, 3); the packing holds '\
'an NCHW tensor of rank 4' slice "$I" "$TMP/w/keep.npy" --expr '[...]' \
    --src-image nc4hw4
untouched 2 '--dst-image: the result has shape (5, 3); the packing holds' \
    slice "$I" "$TMP/w/keep.npy" --expr '[1]' --dst-image phwc4
untouched 2 '--dst-image: the result has shape (0, 5, 3); an image cannot '\
'hold an empty tensor' slice "$I" "$TMP/w/new.npy" --expr '[2:2]' \
    --dst-image phwc4
untouched 2 '--src-image: the input has dtype <f8; an image holds float32' \
    slice "$DATA/in_f8.npy" "$TMP/w/keep.npy" --expr '[...]' \
    --src-image phwc4
untouched 2 'take plain tensors, not --src-blocked' slice "$B" \
    "$TMP/w/keep.npy" --expr '[...]' --src-blocked 1:4 --dst-image phwc4
untouched 2 '--dynamic does not take image-held tensors' slice "$I" \
    "$TMP/w/keep.npy" --expr '[...]' --src-image phwc4 --dynamic

# options may come in any order after IN and OUT; OUT is replaced
printf 'old' >"$O"
slice_ok "$DATA/out_f4_0.npy" "$O" "$DATA/in_f4.npy" "$O" --host \
    --expr='[1:-1, ..., None, ::-2]'
# IN and OUT may be the same file
cp "$DATA/in_c8_be.npy" "$TMP/same.npy"
slice_ok "$DATA/out_c8_be_1.npy" "$TMP/same.npy" "$TMP/same.npy" \
    "$TMP/same.npy" --expr '[::-1, 2]' --host
# a new OUT gets the usual permissions (0666 less the umask)
rm -f "$O"
(umask 022 && "$BIN" slice "$DATA/in_f4.npy" "$O" --expr '[...]' --host)
if [[ $(stat -c %a "$O") == 644 ]]; then
    passed=$((passed + 1))
else
    rc=- && fail "want mode 644, got $(stat -c %a "$O")" slice
fi
# IN from a pipe (not a regular file: sizes are checked while reading)
rm -f "$O"
slice_ok "$DATA/out_i2_0.npy" "$O" <(cat "$DATA/in_i2.npy") "$O" \
    --expr '[1:-1, ..., None, ::-2]' --host
untouched 3 'has bytes after the data' slice \
    <(cat "$DATA/in_i2.npy"; printf 'x') "$TMP/w/new.npy" --expr '[...]' --host
untouched 3 'truncated: the data is 10 bytes' slice \
    <(head -c 138 "$DATA/in_i2.npy") "$TMP/w/keep.npy" --expr '[...]' --host

# --- bad input files: exit 3, naming the file -------------------------------
while IFS=$'\t' read -r name text; do
    untouched 3 "$text" slice "$DATA/$name" "$TMP/w/keep.npy" --expr '[...]' \
        --host
    untouched 3 "$name: " slice "$DATA/$name" "$TMP/w/new.npy" --expr '[...]'
done <"$DATA/bad.txt"
untouched 3 'cannot open: No such file' slice "$TMP/missing.npy" \
    "$TMP/w/keep.npy" --expr '[...]' --host
untouched 3 'Is a directory' slice "$TMP" "$TMP/w/new.npy" --expr '[...]' \
    --host

# --- outputs that cannot be written: exit 3, nothing left behind -------------
I=$DATA/in_f4.npy
untouched 3 'cannot create a temporary file' slice "$I" "$TMP/w/keep.npy/x" \
    --expr '[...]' --host
untouched 3 'cannot create a temporary file' slice "$I" "$TMP/w/no/new.npy" \
    --expr '[...]' --host
untouched 3 'cannot replace it: Is a directory' slice "$I" "$TMP/w/dir" \
    --expr '[...]' --host
mkdir "$TMP/w2"
if [[ $(id -u) -ne 0 ]]; then # root may write anywhere
    chmod a-w "$TMP/w2"
    fails 3 'Permission denied' slice "$I" "$TMP/w2/new.npy" --expr '[...]' \
        --host
    chmod u+w "$TMP/w2"
fi

# --- invalid specs and usage: exit 2, OUT untouched --------------------------
untouched 2 'clslice:' slice "$I" "$TMP/w/keep.npy" --expr '[::0]' --host
untouched 2 'clslice:' slice "$I" "$TMP/w/new.npy" --expr '[9]' --host
untouched 2 'clslice:' slice "$I" "$TMP/w/new.npy" --expr '[0, 0, 0, 0]'
untouched 2 'missing slice spec' slice "$I" "$TMP/w/keep.npy" --host
untouched 2 'clslice:' slice "$I" "$TMP/w/keep.npy" --style onnx \
    --starts 0 --ends 1 --axes 5
untouched 2 'exclude each other' slice "$I" "$TMP/w/keep.npy" --expr '[...]' \
    --host --device 0
untouched 2 "--device: 'x' is not a device index" slice "$I" \
    "$TMP/w/keep.npy" --expr '[...]' --device x
untouched 2 "--device: '-1' is not a device index" slice "$I" \
    "$TMP/w/keep.npy" --expr '[...]' --device=-1
untouched 2 'unexpected argument' slice "$I" "$TMP/w/new.npy" extra \
    --expr '[...]'
untouched 2 'unknown option --bogus' slice "$I" "$TMP/w/new.npy" \
    --expr '[...]' --bogus
untouched 2 'missing OUT.npy, which comes first' slice "$I" --expr '[...]'
untouched 2 'missing IN.npy and OUT.npy, which come first' slice --host "$I" \
    "$TMP/w/new.npy" --expr '[...]'
fails 2 'missing IN.npy and OUT.npy' slice
mkdir "$TMP/none" # an ICD folder without drivers: no OpenCL platform
# an invalid spec is reported even without any device
OCL_ICD_VENDORS=$TMP/none untouched 2 'clslice:' slice "$I" \
    "$TMP/w/keep.npy" --expr '[::0]'
CLSLICE_DEVICE=x untouched 2 "CLSLICE_DEVICE: 'x' is not a device index" \
    slice "$I" "$TMP/w/keep.npy" --expr '[...]'
# with --host, CLSLICE_DEVICE does not matter
rm -f "$O"
CLSLICE_DEVICE=x slice_ok "$DATA/out_f4_2.npy" "$O" "$I" "$O" \
    --expr '[...]' --host

# --- the ops an engine imports: each writes what its --expr twin writes ------
# (the twins' host output is numpy-checked by the cases above); the
# device-resident form of dynamic_slice clamps its starts on the device
styled=(
    "[1:3, 0:3]|--style tflite --begin 1,0 --end 2,3 --offset"
    "[1:3, :, 0:1]|--style tf_slice --begin 1,0,0 --size 2,-1,1"
    "[0:4:2, 1:5:2, :]|--style xla --start-indices 0,1,0 --limit-indices 4,5,3 --strides 2,2,1"
    "[2:4, 3:5, 0:2]|--style dynamic_slice --start-indices 3,9,-4 --slice-sizes 2,2,2"
    "[:, 1::2]|--style openvino_slice --start 1 --stop 100 --step 2 --axes 1"
    "[..., ::2]|--style torch --expr [...,::2,...]"
    "[:, -2:]|--style narrow --dim 1 --start -2 --length 2"
)
for pair in "${styled[@]}"; do
    "$BIN" slice "$I" "$TMP/twin.npy" --host --expr "${pair%%|*}"
    read -r -a spec <<<"${pair#*|}"
    for target in "${targets[@]}"; do
        [[ $target == --dynamic && ${spec[1]} != dynamic_slice ]] && continue
        rm -f "$O"
        t=()
        [[ $target == default ]] || t=("$target")
        slice_ok "$TMP/twin.npy" "$O" "$I" "$O" "${spec[@]}" "${t[@]}"
    done
done
untouched 2 'slice_sizes[0] = 5 exceeds dimension 0 of size 4' slice "$I" \
    "$TMP/w/keep.npy" --style dynamic_slice --start-indices 0,0,0 \
    --slice-sizes 5,1,1 --host
untouched 2 'writes VALUE into its input' slice "$I" "$TMP/w/keep.npy" \
    --style slice_scatter --start 0 --stop 1 --step 1 --host

# --- --dynamic: spec errors carry the host's message; usage -------------------
if [[ $have_device -eq 1 ]]; then
    # rejected on the device by value, explained by the host
    untouched 2 'item 0 has step 0 at position 3' slice "$I" \
        "$TMP/w/keep.npy" --expr '[::0]' --dynamic
    untouched 2 'shrink index 9 is out of range for dimension 0' slice "$I" \
        "$TMP/w/new.npy" --expr '[9]' --dynamic
    untouched 2 'clslice:' slice "$I" "$TMP/w/keep.npy" --style tf \
        --begin 0 --end 1 --strides 0 --dynamic
    # rejected before anything is enqueued
    untouched 2 'axes[0] = 5 is out of range' slice "$I" "$TMP/w/keep.npy" \
        --style onnx --starts 0 --ends 1 --axes 5 --dynamic
    untouched 2 'no device form' slice "$I" "$TMP/w/keep.npy" \
        --style mxnet --begin 0 --end 1 --dynamic
    untouched 2 'clslice:' slice "$I" "$TMP/w/keep.npy" --expr '[1:2' \
        --dynamic
fi
untouched 2 'cannot be combined with --host' slice "$I" "$TMP/w/keep.npy" \
    --expr '[...]' --dynamic --host

# --- --dynamic with declared ranges: each writes what its --expr twin writes
# (test_cli_dyn_ranges checks the buffer they size); a value outside its
# range, and a range without its spec, are refused -----------------------------
ranged=(
    "[2]|--style tf --begin 2 --end 3 --shrink-axis-mask 1 --begin-range 0..3 --end-range 1..4"
    "[1:3, 0:2]|--style openvino --begin 1,0 --end 3,2 --begin-range 0..1,0 --end-range 3..4,2"
    "[:, 1:3]|--style onnx --starts 1 --ends 3 --axes 1 --starts-range 0..1 --ends-range 2..3"
)
if [[ $have_device -eq 1 ]]; then
    for pair in "${ranged[@]}"; do
        "$BIN" slice "$I" "$TMP/twin.npy" --host --expr "${pair%%|*}"
        read -r -a spec <<<"${pair#*|}"
        rm -f "$O"
        slice_ok "$TMP/twin.npy" "$O" "$I" "$O" "${spec[@]}" --dynamic
    done
    untouched 2 'begin[0] = 2 is outside its declared range 0..1 (--begin-range)' \
        slice "$I" "$TMP/w/keep.npy" --style tf --begin 2 --end 3 \
        --begin-range 0..1 --dynamic
    untouched 2 '--ends-range has 2 entries but --ends has 1' slice "$I" \
        "$TMP/w/keep.npy" --style onnx --starts 1 --ends 3 \
        --ends-range 2..3,1 --dynamic
    untouched 2 "--starts-range: entry 0 ('1...') is not LO..HI" slice "$I" \
        "$TMP/w/keep.npy" --style onnx --starts 1 --ends 3 \
        --starts-range 1... --dynamic
    untouched 2 '--begin-range belongs to --dynamic with --style tf or openvino' \
        slice "$I" "$TMP/w/keep.npy" --expr '[1:2]' --begin-range 0..3 \
        --dynamic
fi
untouched 2 '--starts-range belongs to --dynamic with --style onnx' slice \
    "$I" "$TMP/w/keep.npy" --style onnx --starts 1 --ends 3 \
    --starts-range 0..1 --host

# --- devices: selection and OpenCL errors (exit 4) ----------------------------
# no platform at all
OCL_ICD_VENDORS=$TMP/none untouched 4 'no OpenCL platform found' slice "$I" \
    "$TMP/w/keep.npy" --expr '[...]'
OCL_ICD_VENDORS=$TMP/none fails 4 'no OpenCL platform found' devices
if [[ $have_device -eq 1 ]]; then
    untouched 4 '--device 99: no such device' slice "$I" "$TMP/w/keep.npy" \
        --expr '[...]' --device 99
    CLSLICE_DEVICE=99 untouched 4 'CLSLICE_DEVICE=99: no such device' slice \
        "$I" "$TMP/w/new.npy" --expr '[...]'
    # the option wins over the environment
    rm -f "$O"
    CLSLICE_DEVICE=99 slice_ok "$DATA/out_f4_0.npy" "$O" "$I" "$O" \
        --expr '[1:-1, ..., None, ::-2]' --device 0
    rm -f "$O"
    CLSLICE_DEVICE=0 slice_ok "$DATA/out_f4_1.npy" "$O" "$I" "$O" \
        --expr '[::-1, 2]'
    rm -f "$O"
    CLSLICE_DEVICE='' slice_ok "$DATA/out_f4_1.npy" "$O" "$I" "$O" \
        --expr '[::-1, 2]'
    # every listed device slices correctly
    run devices
    for n in $(sed -n 's/^  device \([0-9]*\):.*/\1/p' "$TMP/stdout"); do
        rm -f "$O"
        slice_ok "$DATA/out_c16_5.npy" "$O" "$DATA/in_c16.npy" "$O" \
            --style tf --begin 1,0 --end 3,0 --strides 1,-1 --begin-mask 2 \
            --end-mask 2 \
            --device "$n"
    done

    # the listing: platforms, devices, exactly one default
    run devices
    if [[ $rc -ne 0 || -s $TMP/stderr ]]; then
        fail "want exit 0 and no stderr" devices
    elif ! grep -qE '^platform 0: .+' "$TMP/stdout" ||
        ! grep -qE '^  device 0: (GPU|CPU|accelerator|other), .+, .+, '\
'[0-9.]+ GiB global memory' "$TMP/stdout" ||
        [[ $(grep -c '(default)$' "$TMP/stdout") -ne 1 ]] ||
        ! grep -q '^The default is device [0-9]' "$TMP/stdout"; then
        fail "want platforms, devices and one default" devices
    else
        passed=$((passed + 1))
    fi
fi
fails 2 "unexpected argument 'x'" devices x

# --- help ---------------------------------------------------------------
slice_words=('slice IN.npy OUT.npy SPEC [--device N | --host] [--dynamic]'
    '--device N' '--dynamic'
    '--host' 'CLSLICE_DEVICE' 'clslice devices' 'Big-endian' 'Fortran'
    'V<n>' 'Examples' '--expr EXPR' 'Exit status' '  3  ' '  4  ')
help_mentions "slice --help" "${slice_words[@]}"
help_mentions "help slice" "${slice_words[@]}"
help_mentions "slice in.npy out.npy --expr [...] --help" "${slice_words[@]}"
help_mentions "devices --help" 'clslice devices' 'CLSLICE_DEVICE=N' \
    '(default)' 'Exit status'
help_mentions "help --all" "${slice_words[@]}" 'devices ' 'shape --shape'

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
