# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Writes the ONNX models that test_opencv_dnn runs through OpenCV DNN,
and their manifest with the reference results.

Each model has one float32 input "x" whose element i holds the value i
(exact in float32 below 2**24), and outputs computed here by the ONNX
reference evaluator (onnx.reference), which knows nothing of OpenCV or
clslice.  The manifest, models/cases.txt, has one line per model:

    name  input_shape  output_shape:checksum ...

shapes as AxBxC, and the checksum (hex) of the output's float32 values in
C order: with w[k] the bit pattern of element k as a uint32,

    sum over k of (w[k] XOR k * 0x9E3779B97F4A7C15) * (2k + 1)  mod 2**64

which changes when any element changes or two trade places.  The test
makes the same input, sums what OpenCV gives and compares, so the
multi-megabyte reference outputs need not be kept.

Needs the onnx and numpy packages from PyPI; not run in CI.  Usage:
    python make_models.py [OUTDIR]      (default: models/ beside this file)
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

INT64_MIN = -(2 ** 63)
# Opset 11: OpenCV 4.6 reads Split's sizes only as the attribute of
# Split-11; from Split-13 on they are an input, which it takes for equal
# pieces.  Slice-11 already has the axes and steps inputs.
OPSET = 11


def ints(name, values):
    return helper.make_tensor(name, TensorProto.INT64, [len(values)], values)


def graph_model(name, shape, nodes, outputs, inits):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, list(shape))
    outs = [helper.make_tensor_value_info(o, TensorProto.FLOAT, None)
            for o in outputs]
    g = helper.make_graph(nodes, name, [x], outs, inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)],
                          producer_name="clslice make_models.py")
    m.ir_version = 8  # readable by OpenCV 4.6's bundled protobuf schema
    return onnx.shape_inference.infer_shapes(m)


def slice_model(name, shape, starts, ends, axes, steps):
    inits = [ints("starts", starts), ints("ends", ends), ints("axes", axes),
             ints("steps", steps)]
    node = helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"],
                            ["y"], name="slice0")
    return graph_model(name, shape, [node], ["y"], inits)


def split_node(outputs, axis, sizes=None):
    if sizes:
        return helper.make_node("Split", ["x"], outputs, axis=axis,
                                split=sizes, name="split0")
    return helper.make_node("Split", ["x"], outputs, axis=axis,
                            name="split0")


def split_model(name, shape, axis, sizes=None, parts=None):
    outs = ["y%d" % i for i in range(len(sizes) if sizes else parts)]
    return graph_model(name, shape, [split_node(outs, axis, sizes)], outs, [])


def rotate_model(name, shape, axis, sizes):
    """Split x along axis into pieces of `sizes`, and concatenate them
    back in reverse order: a Concat along `axis` of uneven inputs."""
    pieces = ["p%d" % i for i in range(len(sizes))]
    concat = helper.make_node("Concat", pieces[::-1], ["y"], axis=axis,
                              name="concat0")
    return graph_model(name, shape, [split_node(pieces, axis, sizes), concat],
                       ["y"], [])


def slice_concat_model(name, shape, axis, starts, ends, steps):
    """Concat(Slice(x), x) along `axis`: inputs of different sizes, one of
    them the output of a strided slice."""
    inits = [ints("starts", starts), ints("ends", ends),
             ints("axes", [axis]), ints("steps", steps)]
    sl = helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"],
                          ["s"], name="slice0")
    concat = helper.make_node("Concat", ["s", "x"], ["y"], axis=axis,
                              name="concat0")
    return graph_model(name, shape, [sl, concat], ["y"], inits)


HD = (1, 3, 1080, 1920)
FM = (1, 64, 56, 56)
SMALL = (4, 6, 10, 12)

MODELS = [
    slice_model("crop_hd", HD, [140, 210], [940, 1710], [2, 3], [1, 1]),
    slice_model("crop_hd_step2", HD, [140, 210], [940, 1710], [2, 3], [2, 2]),
    slice_model("flip_w_hd", HD, [-1], [INT64_MIN], [3], [-1]),
    slice_model("channels", FM, [16], [48], [1], [1]),
    slice_model("channels_back2", FM, [62, 1, 1], [0, 55, 55], [1, 2, 3],
                [-2, 1, 1]),
    slice_model("steps_mixed", FM, [-1, 50, 3], [-100, 2, 53], [1, 2, 3],
                [-3, -4, 5]),
    split_model("split_equal_c", FM, 1, parts=4),
    split_model("split_uneven_c", FM, 1, sizes=[10, 30, 24]),
    split_model("split_uneven_w", FM, 3, sizes=[7, 23, 26]),
    rotate_model("concat_axis0", SMALL, 0, [1, 3]),
    rotate_model("concat_axis1", SMALL, 1, [1, 2, 3]),
    rotate_model("concat_axis2", SMALL, 2, [7, 3]),
    rotate_model("concat_axis3", SMALL, 3, [5, 4, 3]),
    slice_concat_model("concat_slice_c", FM, 1, [-1], [-64], [-5]),
    rotate_model("concat_fm_c", FM, 1, [10, 30, 24]),
    rotate_model("concat_fm_w", FM, 3, [7, 23, 26]),
]


def checksum(array):
    w = np.ascontiguousarray(array, dtype="<f4").view("<u4").ravel()
    k = np.arange(w.size, dtype=np.uint64)
    with np.errstate(over="ignore"):
        terms = (w.astype(np.uint64) ^ (k * np.uint64(0x9E3779B97F4A7C15))) \
            * (np.uint64(2) * k + np.uint64(1))
        return int(np.sum(terms, dtype=np.uint64))


def dims(shape):
    return "x".join(str(d) for d in shape)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "models")
    os.makedirs(out, exist_ok=True)
    lines = ["# name input_shape output_shape:checksum ... "
             "(written by make_models.py)"]
    for m in MODELS:
        name = m.graph.name
        shape = [d.dim_value for d in
                 m.graph.input[0].type.tensor_type.shape.dim]
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        ys = ReferenceEvaluator(m).run(None, {"x": x})
        onnx.save(m, os.path.join(out, name + ".onnx"))
        outs = " ".join("%s:%016x" % (dims(y.shape), checksum(y))
                        for y in ys)
        lines.append("%s %s %s" % (name, dims(shape), outs))
        print(lines[-1])
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
