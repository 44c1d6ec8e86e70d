#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# End-to-end tests of `clslice split` on the numpy-written fixtures of
# test_cli_slice (shape [4, 5, 3]).  Each section must equal, byte for
# byte, what `clslice slice --host` writes for the same range (that
# command is checked against numpy's own outputs in test_cli_slice.sh);
# where python3 has numpy, the sections are also compared with
# numpy.split / numpy.array_split; each --style (every framework's split
# rule) is checked against its sections written out by hand.  Every case
# runs with --host and on the default OpenCL device (one batched call);
# without a device the device runs are skipped with a message.
# Usage: test_cli_split.sh PATH-TO-clslice FIXTURE-DIR
set -u

if [[ $# -ne 2 || ! -x $1 || ! -f $2/in_f4.npy ]]; then
    echo "usage: $0 PATH-TO-clslice FIXTURE-DIR" >&2
    exit 2
fi
BIN=$1
DATA=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"

device_targets
have_numpy=0
python3 -c 'import numpy' 2>/dev/null && have_numpy=1
[[ $have_numpy -eq 0 ]] && echo "SKIP numpy comparisons: no numpy"

SHAPE=(4 5 3)

# expr AXIS A B: the expression of range A:B on AXIS of a rank-3 array.
expr() {
    local k e="["
    for ((k = 0; k < $1; k++)); do e+=":, "; done
    echo "$e$2:$3]"
}

# split_ok IN AXIS BOUNDS -- ARGS...: `split IN $TMP/p ARGS` (each
# target) exits 0 silently and writes one file per section, section i
# equal to `slice --expr` of BOUNDS[i]:BOUNDS[i+1] on AXIS, and no more.
split_ok() {
    local in=$1 axis=$2
    shift 2
    local bounds=()
    while [[ $1 != -- ]]; do bounds+=("$1"); shift; done
    shift
    local n=$((${#bounds[@]} - 1)) target i
    for target in "${targets[@]}"; do
        rm -rf "$TMP/s" && mkdir "$TMP/s"
        local args=(split "$in" "$TMP/s/p" "$@")
        [[ $target != default ]] && args+=("$target")
        run "${args[@]}"
        if [[ $rc -ne 0 || -s $TMP/stdout || -s $TMP/stderr ]]; then
            fail "want exit 0 and no output" "${args[@]}"
            continue
        fi
        if [[ $(ls "$TMP/s" | wc -l) -ne $n ]]; then
            fail "want $n files, got $(ls "$TMP/s" | tr '\n' ' ')" \
                "${args[@]}"
            continue
        fi
        local bad=
        for ((i = 0; i < n; i++)); do
            "$BIN" slice "$in" "$TMP/want.npy" --host \
                --expr "$(expr "$axis" "${bounds[i]}" "${bounds[i + 1]}")"
            cmp -s "$TMP/s/p_$i.npy" "$TMP/want.npy" || bad+=" $i"
        done
        if [[ -n $bad ]]; then
            fail "sections differ from slice:$bad" "${args[@]}"
        else
            passed=$((passed + 1))
        fi
    done
}

# numpy_ok IN PYEXPR N ARGS...: the N files of `split IN $TMP/n ARGS`
# (default target) hold numpy's sections PYEXPR (of the array `a`).
numpy_ok() {
    [[ $have_numpy -eq 1 ]] || return 0
    local in=$1 py=$2 n=$3
    shift 3
    rm -rf "$TMP/n" && mkdir "$TMP/n"
    run split "$in" "$TMP/n/p" "$@"
    if [[ $rc -ne 0 ]] || ! python3 - "$in" "$TMP/n/p" "$n" "$py" <<'EOF'
import sys
import numpy as np
a = np.load(sys.argv[1])
want = eval(sys.argv[4])
n = int(sys.argv[3])
assert len(want) == n, (len(want), n)
for i, w in enumerate(want):
    got = np.load(f"{sys.argv[2]}_{i}.npy")
    assert got.shape == w.shape and got.dtype.str.lstrip('<>|=') == \
        w.dtype.str.lstrip('<>|=') and got.tobytes() == \
        np.ascontiguousarray(w).astype(w.dtype.newbyteorder('<')).tobytes(), i
EOF
    then
        fail "differs from numpy: $py" split "$in" "$@"
    else
        passed=$((passed + 1))
    fi
}

F4=$DATA/in_f4.npy
# --sections: numpy.array_split (even, uneven, more sections than rows)
split_ok "$F4" 0 0 2 4 -- --sections 2
split_ok "$F4" 1 0 2 4 5 -- --sections 3 --axis 1
split_ok "$F4" 2 0 1 2 3 3 3 -- --sections 5 --axis -1
split_ok "$F4" 0 0 4 -- --sections 1
split_ok "$DATA/in_c8_be.npy" 1 0 1 2 3 4 5 -- --sections 5 --axis 1
split_ok "$DATA/in_S5.npy" 2 0 2 3 -- --axis 2 --sections 2
split_ok "$DATA/in_i2.npy" 0 0 1 2 3 4 4 4 -- --sections 6
# --indices: numpy.split with indices, Python slice bounds
split_ok "$F4" 1 0 2 -2 5 -- --indices 2,-2 --axis 1
split_ok "$F4" 0 0 3 1 9 4 -- --indices 3,1,9
split_ok "$F4" 2 0 0 3 -- --indices 0 --axis 2
# --sizes: tf.split
split_ok "$F4" 1 0 1 4 5 -- --sizes 1,-1,1 --axis 1
split_ok "$F4" 0 0 0 4 4 -- --sizes 0,4,0
# --style: each framework's rule under its own argument names
split_ok "$F4" 0 0 2 4 -- --style numpy --sections 2
split_ok "$F4" 1 0 2 4 5 -- --style array_split --sections 3 --axis 1
split_ok "$F4" 0 0 2 4 -- --style tf --size-splits 2,-1
split_ok "$F4" 2 0 1 2 3 -- --style tf --num-split 3 --axis 2
split_ok "$F4" 1 0 1 5 -- --style onnx13 --split 1,4 --axis 1
split_ok "$F4" 1 0 2 4 5 -- --style onnx18 --num-outputs 3 --axis 1
split_ok "$F4" 0 0 2 4 4 -- --style onnx18 --num-outputs 3
split_ok "$F4" 0 0 2 4 -- --style openvino --num-splits 2
split_ok "$F4" 2 0 2 3 -- --style variadic --split-lengths -1,1 --axis -1
split_ok "$F4" 1 0 2 4 5 -- --style torch_split --split-size 2 --dim 1
split_ok "$F4" 1 0 3 5 -- --style torch_split --sizes 3,2 --dim 1
# torch.chunk makes fewer pieces than asked: ceil(5 / 4) = 2 each
split_ok "$F4" 1 0 2 4 5 -- --style torch_chunk --chunks 4 --dim 1

numpy_ok "$F4" 'np.array_split(a, 3, axis=1)' 3 --sections 3 --axis 1
numpy_ok "$F4" 'np.split(a, 2, axis=0)' 2 --sections 2
numpy_ok "$F4" 'np.array_split(a, 7, axis=-1)' 7 --sections 7 --axis -1
numpy_ok "$F4" 'np.split(a, [2, -2], axis=1)' 3 --indices 2,-2 --axis 1
numpy_ok "$F4" 'np.split(a, [3, 1, 9])' 4 --indices 3,1,9
numpy_ok "$DATA/in_c8_be.npy" 'np.split(a, [1, 4], axis=1)' 3 \
    --sizes 1,3,-1 --axis 1

# --- usage errors: exit 2, nothing written ---------------------------------
W_KEEP=(keep.npy keep_0.npy)
untouched 2 'missing --sections or --indices or --sizes' split "$F4" \
    "$TMP/w/new"
untouched 2 'give only one of' split "$F4" "$TMP/w/keep" --sections 2 \
    --indices 1
untouched 2 '--axis 3 is out of range for an array of rank 3' split "$F4" \
    "$TMP/w/keep" --sections 2 --axis 3
untouched 2 '--sections: indices_or_sections = 0: the number of pieces' \
    split "$F4" "$TMP/w/new" --sections 0
untouched 2 '--sections: 5000 pieces are more than the 4096 allowed' \
    split "$F4" "$TMP/w/new" --sections 5000
untouched 2 '--sizes: split_lengths: the sizes sum to 3 but axis 0 has' \
    split "$F4" "$TMP/w/new" --sizes 1,2
untouched 2 '--sizes: split_lengths[1] = -2: sizes must be >= 0' \
    split "$F4" "$TMP/w/new" --sizes 1,-2
untouched 2 '--sections wants one integer' split "$F4" "$TMP/w/new" \
    --sections 1,2
untouched 2 "--sections: indices_or_sections = 3 does not divide axis 0" \
    split "$F4" "$TMP/w/new" --style numpy --sections 3
untouched 2 "--num-split: num_or_size_splits = 3 does not divide axis 0" \
    split "$F4" "$TMP/w/new" --style tf --num-split 3
untouched 2 "--num-splits: num_splits = 3 does not divide axis 0" \
    split "$F4" "$TMP/w/new" --style openvino --num-splits 3
untouched 2 "--split-lengths: split_lengths[1] = -1: sizes must be >= 0" \
    split "$F4" "$TMP/w/new" --style variadic --split-lengths -1,-1
untouched 2 "--num-outputs: num_outputs = 4: pieces of ceil(5 / 4) = 2" \
    split "$F4" "$TMP/w/new" --style onnx18 --num-outputs 4 --axis 1
untouched 2 'option --num-split does not belong to --style torch_chunk' \
    split "$F4" "$TMP/w/new" --style torch_chunk --num-split 2
untouched 2 'option --dim does not belong to --style tf' \
    split "$F4" "$TMP/w/new" --style tf --num-split 2 --dim 1
untouched 2 'option --chunks needs a --style' \
    split "$F4" "$TMP/w/new" --chunks 2
untouched 2 "unknown split style 'bogus'" split "$F4" "$TMP/w/new" \
    --style bogus --sections 2
untouched 2 'missing PREFIX' split "$F4"
untouched 2 'exclude each other' split "$F4" "$TMP/w/new" --sections 2 \
    --host --device 0
# a 0-d array has no axis
if [[ $have_numpy -eq 1 ]]; then
    python3 -c "import numpy as np; np.save('$TMP/zero.npy', np.float32(1))"
    untouched 2 'cannot split a 0-d array' split "$TMP/zero.npy" \
        "$TMP/w/new" --sections 1
fi
# an unwritable prefix writes nothing (the first staging fails)
untouched 3 'nodir' split "$F4" "$TMP/w/nodir/p" --sections 2
# sizes whose sum passes int64 are refused by the size that overflows
untouched 2 "--sizes: split_lengths[1] = 9223372036854775807: the sizes' sum" \
    split "$F4" "$TMP/w/new" --sizes 2,9223372036854775807,-1
untouched 2 "--sizes: split_lengths[2] = 9223372036854775807: the sizes' sum" \
    split "$F4" "$TMP/w/new" --sizes 1,-1,9223372036854775807
# all or none: a later output that is a directory is found before the
# first file is replaced
W_KEEP=(p_0.npy)
W_DIR=p_1.npy
untouched 3 'p_1.npy: cannot replace it: Is a directory' split "$F4" \
    "$TMP/w/p" --sections 3 --host
W_KEEP=(keep.npy keep_0.npy)
W_DIR=dir

help_mentions "split --help" "numpy.array_split" "tf.split" \
    "PREFIX_i.npy" "--indices" "--sizes" "--axis"
help_mentions "--help" "split"
help_mentions "help --all" "numpy.array_split" "tf.split"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
