#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Tests of the command-line tool: clslice shape, usage errors, --help.
# Usage: test_cli.sh PATH-TO-clslice
# Expected shapes are worked out by hand from docs/SEMANTICS.md.
set -u

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PATH-TO-clslice" >&2
    exit 2
fi
BIN=$1
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"

# ok WANT ARGS...: exit 0, stdout exactly WANT and a newline, no stderr.
ok() {
    local want=$1
    shift
    run "$@"
    if [[ $rc -ne 0 ]]; then
        fail "want exit 0 and $want" "$@"
    elif ! printf '%s\n' "$want" | cmp -s - "$TMP/stdout"; then
        fail "want stdout $want" "$@"
    elif [[ -s $TMP/stderr ]]; then
        fail "want empty stderr" "$@"
    else
        passed=$((passed + 1))
    fi
}

# bad WORD ARGS...: exit 2, no stdout, stderr exactly one line that starts
# with "clslice: " and contains WORD.
bad() {
    fails 2 "$@"
}

# helps ARGS...: exit 0, the full documentation on stdout, no stderr.  (No
# ARG holds a space, so help_mentions can take them as one string.)
helps() {
    help_mentions "$*" 'clslice shape --shape' '--expr' '--style tf' \
        '--style openvino' '--style mxnet' '--style onnx' '--style tflite' \
        '--style tf_slice' '--style xla' '--style dynamic_slice' \
        '--style dynamic_update_slice' '--style openvino_slice' \
        '--style slice_scatter' '--style torch' '--style narrow' '--begin=L' \
        '--end=L' '--strides=L' '--step=L' '--starts=L' '--ends=L' \
        '--axes=L' '--steps=L' '--begin-mask=N' '--end-mask=N' \
        '--ellipsis-mask=N' '--new-axis-mask=N' '--shrink-axis-mask=N' \
        '--begin-mask=L' '--shrink-axis-mask=L' 'None' '0x' '-1' \
        "''" '--opt=V' '--opt V' 'Examples' 'Exit status' 'clslice: '
}

S=shape

# --- numpy-style expressions -------------------------------------------
ok '[2,1,3]' $S --shape 4,5,6 --expr '[1:-1, ..., None, ::-2, 3]'
ok '[2,1,3]' $S --shape=4,5,6 --expr='[1:-1, ..., None, ::-2, 3]'
ok '[2,2]' $S --shape 4,4 --expr '1:3, ::2'
ok '[3,2]' $S --shape 3,2 --expr '[]'
ok '[3,2]' $S --shape 3,2 --expr '[...]'
ok '[0]' $S --shape 5 --expr '[3:-1:-1]'
ok '[0]' $S --shape 5 --expr '[-100::-1]'
ok '[5]' $S --shape 5 --expr '[100:-100:-1]'
ok '[3]' $S --shape 7 --expr '[::3]'
ok '[3]' $S --shape 7 --expr '[::-3]'
ok '[3]' $S --shape 4,3 --expr '[-1]'
ok '[0,2]' $S --shape 0,4 --expr '[1:, ::2]'
ok '[1,2,1]' $S --shape 2 --expr '[np.newaxis, :, tf.newaxis]'
ok '[5]' $S --shape 5 --expr '[-9223372036854775808:9223372036854775807]'
# unknown dimensions
ok '[-1,4]' $S --shape -1,8 --expr '[1:, 2:6]'
ok '[-1]' $S --shape -1,4 --expr '[..., 1]'
ok '[1,-1]' $S --shape 3,-1 --expr '[None, 2, ::-1]'
# rank 0
ok '[]' $S --shape '' --expr '[]'
ok '[]' $S --shape= --expr '[...]'
ok '[1]' $S --shape '' --expr '[None]'
ok '[1,1]' $S --shape '' --expr '[None, ..., newaxis]'
# output rank up to 32 new axes
ones=$(printf '1,%.0s' {1..32})
nones=$(printf 'None,%.0s' {1..32})
ok "[${ones%,}]" $S --shape '' --expr "[${nones%,}]"
bad 'clslice:' $S --shape '' --expr "[${nones}None]"
# expression errors
bad 'clslice:' $S --shape 3,2,3 --expr '[1:-1, ..., None, ::-2, 3]'
bad 'clslice:' $S --shape 3 --expr '[::0]'
bad 'clslice:' $S --shape 3 --expr '[5]'
bad 'clslice:' $S --shape 3 --expr '[-4]'
bad 'clslice:' $S --shape 2 --expr '[0, 0, 0]'
bad 'clslice:' $S --shape 2,2 --expr '[..., ...]'
bad 'clslice:' $S --shape 2 --expr '[1:2:3:4]'
bad 'clslice:' $S --shape 2 --expr '[9223372036854775808]'
bad 'clslice:' $S --shape 2 --expr $'[1\n:]x'
bad 'clslice:' $S --shape 2 --expr $'[\x01\n]'
bad 'clslice:' $S --shape 2 $'--ex\npr' '[]'
bad 'clslice:' $S --shape 2 $'[\n]'
bad 'clslice:' $S --shape '' --expr '[0]'

# --- TensorFlow --------------------------------------------------------
# the three tf.strided_slice examples on a 3x2x3 input
ok '[1,1,3]' $S --shape 3,2,3 --style tf --begin 1,0,0 --end 2,1,3 --strides 1,1,1
ok '[1,2,3]' $S --shape 3,2,3 --style tf --begin 1,0,0 --end 2,2,3 --strides 1,1,1
ok '[1,2,3]' $S --shape 3,2,3 --style tf --begin 1,-1,0 --end 2,-3,3 --strides 1,-1,1
ok '[1,2,3]' $S --shape=3,2,3 --style=tf --begin=1,-1,0 --end=2,-3,3 --strides=1,-1,1
# strides default to ones
ok '[1,1,3]' $S --shape 3,2,3 --style tf --begin 1,0,0 --end 2,1,3
# masks, decimal and hex, both option forms
ok '[2,2,3]' $S --shape 3,2,3 --style tf --begin -2,0,0 --end 0,0,0 --strides -1,1,1 --begin-mask 6 --end-mask 7
ok '[2,2,3]' $S --shape 3,2,3 --style tf --begin -2,0,0 --end 0,0,0 --strides -1,1,1 --begin-mask=0x6 --end-mask=0X7
ok '[2,3]' $S --shape 3,2,3 --style tf --begin 1 --end 2 --shrink-axis-mask 1
ok '[2,3]' $S --shape 3,2,3 --style tf --begin 1 --end 2 --shrink-axis-mask=0x1
ok '[1,1,2,3]' $S --shape 3,2,3 --style tf --begin 0,0 --end 0,1 --new-axis-mask 1
ok '[1,1,2,3]' $S --shape 3,2,3 --style tf --begin 0,0 --end 0,1 --new-axis-mask=1
ok '[3,2,1]' $S --shape 3,2,3 --style tf --begin 0,1 --end 0,2 --ellipsis-mask 1
ok '[3,2,1]' $S --shape 3,2,3 --style tf --begin 0,1 --end 0,2 --ellipsis-mask=1
ok '[2]' $S --shape 3 --style tf --begin 1 --end 2 --begin-mask 2147483647
ok '[0]' $S --shape 5 --style tf --begin -100 --end 0 --strides -1 --end-mask 1
ok '[5]' $S --shape 5 --style tf --begin 100 --end -100 --strides -1
ok '[5]' $S --shape 5 --style tf --begin -9223372036854775808 --end 9223372036854775807
ok '[5]' $S --shape 5 --style tf --begin ' -9223372036854775808 ' --end " 9223372036854775807"
# bit 31 lies past the spec's one slot: ignored (implicit ellipsis)
ok '[1,2]' $S --shape 3,2 --style tf --begin 1 --end 2 --ellipsis-mask 0x80000000
ok '[1,2]' $S --shape 3,2 --style tf --begin 1 --end 2 --shrink-axis-mask -2147483648
# empty lists
ok '[3,2]' $S --shape 3,2 --style tf --begin '' --end ''
ok '[3,2]' $S --shape 3,2 --style tf --begin= --end= --strides=
ok '[3,2]' $S --shape 3,2 --style tf --begin ' ' --end '' --strides ''
ok '[]' $S --shape '' --style tf --begin '' --end ''
ok '[1]' $S --shape '' --style tf --begin 0 --end 0 --new-axis-mask 1
# unknown dimensions
ok '[-1,4]' $S --shape -1,8 --style tf --begin 0,2 --end 0,6 --begin-mask 0x1 --end-mask 1
ok '[-1]' $S --shape -1 --style tf --begin 0 --end 0 --strides -1 --begin-mask 1 --end-mask 1
ok '[2,-1]' $S --shape 2,-1,-1 --style tf --begin 0,1 --end 0,2 --ellipsis-mask 0x1 --shrink-axis-mask 0x2 --new-axis-mask 0
# spec errors
bad 'clslice:' $S --shape 3 --style tf --begin 0 --end 1 --strides 0
bad 'clslice:' $S --shape 3 --style tf --begin 3 --end 4 --shrink-axis-mask 1
bad 'clslice:' $S --shape 3 --style tf --begin -4 --end 4 --shrink-axis-mask 1
bad 'clslice:' $S --shape 3 --style tf --begin 0 --end 1 --strides -1 --shrink-axis-mask 1
bad 'clslice:' $S --shape 3 --style tf --begin 0,1 --end 1
bad 'clslice:' $S --shape 3 --style tf --begin 0 --end 1 --strides 1,1
bad 'clslice:' $S --shape 3 --style tf --begin 0,0 --end 1,1
bad 'clslice:' $S --shape 3,3 --style tf --begin 0,0 --end 0,0 --ellipsis-mask 3
bad 'clslice:' $S --shape 3 --style tf --begin 0 --end 0 --ellipsis-mask -1
bad 'clslice:' $S --shape 3 --style tf --begin 0 --end 0 --ellipsis-mask 0xffffffff
# mask values
bad '--begin-mask' $S --shape 3 --style tf --begin 0 --end 1 --begin-mask abc
bad '--end-mask' $S --shape 3 --style tf --begin 0 --end 1 --end-mask 2147483648
bad '--new-axis-mask' $S --shape 3 --style tf --begin 0 --end 1 --new-axis-mask -2147483649
bad '--ellipsis-mask' $S --shape 3 --style tf --begin 0 --end 1 --ellipsis-mask 0x100000000
bad '--shrink-axis-mask' $S --shape 3 --style tf --begin 0 --end 1 --shrink-axis-mask 1,0
bad '--begin-mask' $S --shape 3 --style tf --begin 0 --end 1 --begin-mask 0x
bad '--begin-mask' $S --shape 3 --style tf --begin 0 --end 1 --begin-mask=
bad '--begin-mask' $S --shape 3 --style tf --begin 0 --end 1 --begin-mask 0xg

# --- OpenVINO ------------------------------------------------------------
ok '[1,2,2,4]' $S --shape 2,3,4 --style openvino --begin=0,0,1 --end=0,0,3 --new-axis-mask=1 --begin-mask=0,1 --end-mask=0,1
ok '[1,2,2,4]' $S --shape 2,3,4 --style openvino --begin 0,0,1 --end 0,0,3 --new-axis-mask 1 --begin-mask 0,1 --end-mask 0,1
ok '[1]' $S --shape 5 --style openvino --begin -100 --end 0 --strides -1 --end-mask 1
ok '[0]' $S --shape 5 --style openvino --begin 2 --end 2
ok '[5]' $S --shape 5 --style openvino --begin 0 --end 0 --strides -1 --begin-mask 1 --end-mask 1
ok '[3]' $S --shape 4,3 --style openvino --begin -1 --end 0 --strides -1 --shrink-axis-mask 1
ok '[3]' $S --shape 4,3 --style openvino --begin=-1 --end=0 --strides=-1 --shrink-axis-mask=1
ok '[2]' $S --shape 4 --style openvino --begin 1 --end 3 --begin-mask 0,1,1,1
ok '[2,6]' $S --shape 4,6 --style openvino --begin 1,0 --end 3,6
ok '[2,3]' $S --shape 4,6 --style openvino --begin 1,0 --end 3,6 --strides 1,2
ok '[2,3,2]' $S --shape 2,3,4 --style openvino --begin 0,1 --end 0,3 --ellipsis-mask 1
ok '[2,3,2]' $S --shape 2,3,4 --style openvino --begin 0,1 --end 0,3 --ellipsis-mask=1,0
ok '[2,3]' $S --shape 2,3 --style openvino --begin '' --end '' --begin-mask '' --end-mask=
ok '[-1,2]' $S --shape -1,3 --style openvino --begin 0,1 --end 0,3 --begin-mask 1 --end-mask 1
bad 'clslice:' $S --shape 3 --style openvino --begin 0 --end 1 --begin-mask 2
# an ellipsis bit wins over a new-axis or shrink bit on its slot (OpenVINO)
ok '[3]' $S --shape 3 --style openvino --begin 0 --end 1 --ellipsis-mask 1 --new-axis-mask 1
ok '[3]' $S --shape 3 --style openvino --begin 0 --end 1 --ellipsis-mask 1 --shrink-axis-mask 1
# at most one ellipsis bit, counted past the last slot too
bad 'positions 0 and 2' $S --shape 3 --style openvino --begin 0 --end 1 --ellipsis-mask 1,0,1
bad 'clslice:' $S --shape 3,3 --style openvino --begin 0,0 --end 1,1 --ellipsis-mask 1,1
bad 'clslice:' $S --shape 3 --style openvino --begin 3 --end 4 --shrink-axis-mask 1
bad 'clslice:' $S --shape 3 --style openvino --begin -4 --end 4 --shrink-axis-mask 1
bad 'clslice:' $S --shape 3 --style openvino --begin 0 --end 1 --strides 0
bad 'clslice:' $S --shape 3 --style openvino --begin 0 --end 1 --strides ''
bad 'clslice:' $S --shape 3 --style openvino --begin 0 --end 1,2
bad '--end-mask' $S --shape 3 --style openvino --begin 0 --end 1 --end-mask 0x1

# --- MXNet -------------------------------------------------------------
ok '[4,2]' $S --shape 4,5 --style mxnet --begin None,1 --end None,None --step -1,2
ok '[4,2]' $S --shape 4,5 --style mxnet --begin=None,1 --end=None,None --step=-1,2
ok '[4,2]' $S --shape 4,5 --style mxnet --begin ' None , 1 ' --end 'None,  None' --step ' -1,2'
ok '[2,5,6]' $S --shape 4,5,6 --style mxnet --begin 1 --end 3
ok '[4,5]' $S --shape 4,5 --style mxnet --begin None,None --end None,None
ok '[4,3]' $S --shape 4,5 --style mxnet --begin 0,0 --end 4,5 --step None,2
ok '[3]' $S --shape 6 --style mxnet --begin None --end None --step -2
ok '[5]' $S --shape 5 --style mxnet --begin -100 --end 100
ok '[0]' $S --shape 5 --style mxnet --begin 3 --end 1
ok '[4]' $S --shape 4 --style mxnet --begin '' --end ''
ok '[4]' $S --shape 4 --style mxnet --begin '' --end '' --step ''
ok '[-1,3]' $S --shape -1,5 --style mxnet --begin None,1 --end None,4
bad 'clslice:' $S --shape '' --style mxnet --begin '' --end ''
bad 'clslice:' $S --shape 5 --style mxnet --begin 0 --end 5 --step 0
bad 'clslice:' $S --shape 5,5 --style mxnet --begin 0,0 --end 1
bad 'clslice:' $S --shape 5,5 --style mxnet --begin 0 --end 1 --step 1,1
bad 'clslice:' $S --shape 5 --style mxnet --begin 0,0 --end 1,1
bad '--begin' $S --shape 5 --style mxnet --begin none --end 1
bad '--end' $S --shape 5 --style mxnet --begin 0 --end NONE
bad '--step' $S --shape 5 --style mxnet --begin 0 --end 1 --step Non
bad '--begin' $S --shape 5 --style tf --begin None --end 1

# --- ONNX --------------------------------------------------------------
ok '[10,6]' $S --shape 10,20 --style onnx --starts 2 --ends -2 --axes 1 --steps 3
ok '[10,6]' $S --shape 10,20 --style onnx --starts=2 --ends=-2 --axes=1 --steps=3
# the onnx slice.py cases on a 20x10x5 input
ok '[3,10,5]' $S --shape 20,10,5 --style onnx --starts 0,0 --ends 3,10 --axes 0,1 --steps 1,1
ok '[20,9,5]' $S --shape 20,10,5 --style onnx --starts 0 --ends -1 --axes 1 --steps 1
ok '[20,0,5]' $S --shape 20,10,5 --style onnx --starts 1000 --ends 1000 --axes 1 --steps 1
ok '[20,9,5]' $S --shape 20,10,5 --style onnx --starts 1 --ends 1000 --axes 1 --steps 1
ok '[20,10,1]' $S --shape 20,10,5 --style onnx --starts 0,0,3 --ends 20,10,4
ok '[20,10,1]' $S --shape 20,10,5 --style onnx --starts 0,0,3 --ends 20,10,4 --axes 0,-2,-1
# a scalar cannot be sliced (onnxruntime, OpenVINO Slice-8)
bad 'rank 0' $S --shape '' --style onnx --starts '' --ends ''
ok '[19,3,2]' $S --shape 20,10,5 --style onnx --starts 20,10,4 --ends 0,0,1 --axes 0,1,2 --steps -1,-3,-2
ok '[5]' $S --shape 5 --style onnx --starts -1 --ends -9223372036854775808 --steps -1
ok '[4]' $S --shape 5 --style onnx --starts 1 --ends 9223372036854775807
ok '[1]' $S --shape 5 --style onnx --starts -100 --ends -9223372036854775808 --steps -1
ok '[3,4]' $S --shape 3,4 --style onnx --starts '' --ends ''
ok '[3,4]' $S --shape 3,4 --style onnx --starts= --ends= --axes= --steps=
ok '[3,-1]' $S --shape 3,-1 --style onnx --starts 1 --ends 3 --axes 1
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0,0 --ends 1,1 --axes 0,0
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0,0 --ends 1,1 --axes 0,-2
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0 --ends 1 --axes 2
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0 --ends 1 --axes -3
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0 --ends 1 --steps 0
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0,0 --ends 1
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0 --ends 1 --axes ''
bad 'clslice:' $S --shape 3,4 --style onnx --starts 0 --ends 1 --steps 1,1

# --- the ops an engine imports (worked out from each framework's docs) --
# TFLite: --offset makes each end count from its begin; int32 values
ok '[2,3,3]' $S --shape 4,5,3 --style tflite --begin 1,0 --end 2,3 --offset
ok '[1,3,3]' $S --shape 4,5,3 --style tflite --begin 1,0 --end 2,3
bad '--begin entry 0 is 2147483648' $S --shape 4 --style tflite \
    --begin 2147483648 --end 3
# tf.slice: size -1 runs to the end; nothing is clamped
ok '[2,5,1]' $S --shape 4,5,3 --style tf_slice --begin 1,0,0 --size 2,-1,1
bad 'size[0] = 4 is outside [0, 3] for begin[0] = 1' $S --shape 4,5,3 \
    --style tf_slice --begin 1,0,0 --size 4,-1,1
# StableHLO slice: one entry per dimension, positive strides
ok '[2,2,3]' $S --shape 4,5,3 --style xla --start-indices 0,1,0 \
    --limit-indices 4,5,3 --strides 2,2,1
bad '--limit-indices has 2 entries but --start-indices has 3' $S \
    --shape 4,5,3 --style xla --start-indices 0,1,0 --limit-indices 4,5
# dynamic_slice clamps its starts, so any start is a window of the sizes
ok '[2,2,2]' $S --shape 4,5,3 --style dynamic_slice \
    --start-indices 3,9,-4 --slice-sizes 2,2,2
bad 'clslice:' $S --shape 4,5,3 --style dynamic_slice \
    --start-indices 0,0,0 --slice-sizes 5,1,1
# OpenVINO Slice-8: axes not listed stay whole
ok '[4,2,3]' $S --shape 4,5,3 --style openvino_slice --start 1 --stop 100 \
    --step 2 --axes 1
bad '--step' $S --shape 4,5,3 --style openvino_slice --start 1 --stop 2
# PyTorch: positive steps only, several ellipses allowed; narrow
ok '[4,5,2]' $S --shape 4,5,3 --style torch --expr '[..., ::2, ...]'
bad 'step = -1: PyTorch slices need a step greater than zero' $S \
    --shape 4,5,3 --style torch --expr '[::-1]'
ok '[4,2,3]' $S --shape 4,5,3 --style narrow --dim 1 --start -2 --length 2
bad 'start (4) + length (2) exceeds dimension 1 of size 5' $S \
    --shape 4,5,3 --style narrow --dim 1 --start 4 --length 2
bad '--dim wants one integer' $S --shape 4,5,3 --style narrow --dim 1,2 \
    --start 0 --length 1
# the write-only styles are assign's, and options stay with their style
bad '--style slice_scatter writes VALUE into its input' $S --shape 4 \
    --style slice_scatter --start 0 --stop 1 --step 1
bad '--style dynamic_update_slice writes VALUE' $S --shape 4 \
    --style dynamic_update_slice --start-indices 0
bad '--expr and --style xla are two slice specs' $S --shape 4 --expr '[:]' \
    --style xla --start-indices 0 --limit-indices 1
bad '--offset' $S --shape 4 --style tf --begin 0 --end 1 --offset

# --- shapes and lists --------------------------------------------------
ok '[3,2]' $S --shape ' 3 , 2 ' --expr ':'
ok '[3,2]' $S --shape +3,+2 --expr ':'
ones33=$(printf '1,%.0s' {1..33})
bad 'clslice:' $S --shape "${ones33%,}" --expr '[]'
bad 'clslice:' $S --shape -2 --expr '[]'
bad '--shape' $S --shape 3,x --expr '[]'
bad '--shape' $S --shape 3,None --expr '[]'
bad '--shape' $S --shape ' , ' --expr '[]'
bad '--shape' $S --shape 1.5 --expr '[]'
bad '--shape' $S --shape 0x3 --expr '[]'
bad '--begin' $S --shape 3 --style tf --begin 1,,2 --end 1,2,3
bad '--begin' $S --shape 3 --style tf --begin 1, --end 1
bad '--end' $S --shape 3 --style tf --begin 1 --end ,1
bad '--begin' $S --shape 3 --style tf --begin 9223372036854775808 --end 1
bad '--starts' $S --shape 3 --style onnx --starts -9223372036854775809 --ends 1
bad '--steps' $S --shape 3 --style onnx --starts 0 --ends 1 --steps 99999999999999999999
bad '--strides' $S --shape 3 --style tf --begin 0 --end 1 --strides '1 1'
bad '--axes' $S --shape 3 --style onnx --starts 0 --ends 1 --axes -
many=$(printf '0,%.0s' {1..300})
bad '--begin' $S --shape 3 --style tf --begin "${many%,}" --end 1

# --- usage errors --------------------------------------------------------
bad '--bogus' $S --shape 3 --expr '[]' --bogus 1
bad '--bogus' $S --bogus=1 --shape 3 --expr '[]'
bad '--Shape' $S --Shape 3 --expr '[]'
bad '--help' $S --help=1
bad 'spec' $S --shape 3
bad 'spec' $S --shape 3 --begin 0 --end 1
bad '--shape' $S --expr '[]'
bad '--shape' $S
bad '--expr' $S --shape 3 --expr '[]' --style tf --begin 0 --end 1
bad '--style' $S --shape 3 --style tf --begin 0 --end 1 --expr '[]'
bad '--style' $S --shape 3 --style numpy --begin 0 --end 1
bad '--style' $S --shape 3 --style expr --expr '[]'
bad '--style' $S --shape 3 --style TF --begin 0 --end 1
bad '--starts' $S --shape 3 --style tf --begin 0 --end 1 --starts 0
bad '--step' $S --shape 3 --style tf --begin 0 --end 1 --step 1
bad '--axes' $S --shape 3 --style openvino --begin 0 --end 1 --axes 0
bad '--step' $S --shape 3 --style openvino --begin 0 --end 1 --step 1
bad '--strides' $S --shape 3 --style mxnet --begin 0 --end 1 --strides 1
bad '--begin-mask' $S --shape 3 --style mxnet --begin 0 --end 1 --begin-mask 1
bad '--begin' $S --shape 3 --style onnx --starts 0 --ends 1 --begin 0
bad '--shrink-axis-mask' $S --shape 3 --style onnx --starts 0 --ends 1 --shrink-axis-mask 1
bad '--begin' $S --shape 3 --expr '[]' --begin 0
bad '--steps' $S --shape 3 --expr '[]' --steps 1
bad '--end' $S --shape 3 --style tf --begin 0
bad '--begin' $S --shape 3 --style openvino --end 0
bad '--end' $S --shape 3 --style mxnet --begin 0
bad '--starts' $S --shape 3 --style onnx --ends 1
bad '--ends' $S --shape 3 --style onnx --starts 1
bad '--begin' $S --shape 3 --style tf --begin 0 --end 1 --begin=0
bad '--shape' $S --shape 3 --shape=3 --expr '[]'
bad '--expr' $S --shape 3 --expr '[]' --expr '[]'
bad '--style' $S --shape 3 --style tf --style tf --begin 0 --end 1
bad '--end-mask' $S --shape 3 --style tf --begin 0 --end 1 --end-mask 1 --end-mask 1
bad '--begin' $S --shape 3 --style tf --end 1 --begin
bad '--begin' $S --shape 3 --style tf --begin --end 1
bad '--shape' $S --shape
bad '--expr' $S --shape 3 --expr
bad '--style' $S --shape 3 --style
bad '--strides' $S --shape 3 --style tf --begin 0 --end 1 --strides
bad '[]' $S --shape 3 '[]'
bad 'clslice:' $S --shape 3 --expr '[]' -- extra
bad 'clslice:' $S -x
bad 'command' 
bad 'bogus' bogus --shape 3 --expr '[]'
bad 'bogus' help bogus

# --- help ----------------------------------------------------------------
helps help --all
# the overview: every command in one line, how to get its page, no more
overview() {
    help_mentions "$1" 'shape ' 'slice ' 'split ' 'assign ' 'grad ' 'show ' \
        'csr-slice ' 'devices ' "'clslice help COMMAND'" 'help --all' \
        'Files:' 'Exit status'
    if [[ $(wc -l <"$TMP/stdout") -gt 60 ]] ||
        grep -q -- '--style openvino' "$TMP/stdout"; then
        fail "want a one-page overview without the SPEC section" $1
    else
        passed=$((passed + 1))
    fi
}
overview --help
overview -h
overview help
bad 'help: unexpected argument' help --all shape
helps shape --help
helps shape -h
helps help shape
helps shape --shape 3 --expr '[]' --help
run --version
if [[ $rc -eq 0 ]] && grep -qE '^clslice [0-9]+\.[0-9]+\.[0-9]+$' "$TMP/stdout"; then
    passed=$((passed + 1))
else
    fail "want a version line" --version
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
