# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Framework-style calls on documented examples, shape inference, and the
mapping of C errors to Python exceptions."""
import numpy as np
import pytest

import clslice

# The 3x4 matrix of MXNet's slice/slice_axis/slice_like documentation.
X = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
# The 3x2x3 tensor of tf.strided_slice's documentation.
T = np.array([[[1, 1, 1], [2, 2, 2]], [[3, 3, 3], [4, 4, 4]],
              [[5, 5, 5], [6, 6, 6]]])


def test_tf_strided_slice_documented_examples():
    assert clslice.strided_slice(T, [1, 0, 0], [2, 1, 3], [1, 1, 1]).tolist() \
        == [[[3, 3, 3]]]
    assert clslice.strided_slice(T, [1, 0, 0], [2, 2, 3], [1, 1, 1]).tolist() \
        == [[[3, 3, 3], [4, 4, 4]]]
    assert clslice.strided_slice(T, [1, -1, 0], [2, -3, 3],
                                 [1, -1, 1]).tolist() \
        == [[[4, 4, 4], [3, 3, 3]]]


def test_tf_masks_match_their_numpy_spelling():
    x = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    # x[:, 1, ..., None, ::-2]
    y = clslice.strided_slice(x, [0, 1, 0, 0, 0], [0, 2, 0, 0, 0],
                              [1, 1, 1, 1, -2], begin_mask=0b10001,
                              end_mask=0b10001, ellipsis_mask=0b100,
                              new_axis_mask=0b1000, shrink_axis_mask=0b10)
    assert np.array_equal(y, x[:, 1, ..., None, ::-2])
    assert clslice.strided_slice(x, [1], [2]).shape == (1, 3, 4, 5)


def test_openvino_onnx_mxnet_documented_examples():
    data = np.array([[1, 2, 3, 4], [5, 6, 7, 8]])
    # ONNX Slice documentation.
    assert clslice.onnx_slice(data, [1, 0], [2, 3], axes=[0, 1],
                              steps=[1, 2]).tolist() == [[5, 7]]
    assert clslice.onnx_slice(data, [0, 1], [-1, 1000]).tolist() == \
        [[2, 3, 4]]
    # MXNet documentation.
    assert clslice.mxnet_slice(X, (0, 1), (2, 4)).tolist() == \
        [[2, 3, 4], [6, 7, 8]]
    assert clslice.mxnet_slice(X, (None, 0), (None, 3),
                               step=(-1, 2)).tolist() == \
        [[9, 11], [5, 7], [1, 3]]
    assert clslice.slice_axis(X, axis=0, begin=1, end=3).tolist() == \
        [[5, 6, 7, 8], [9, 10, 11, 12]]
    assert clslice.slice_axis(X, axis=1, begin=-3, end=-1).tolist() == \
        [[2, 3], [6, 7], [10, 11]]
    y = np.zeros((2, 3))
    assert clslice.slice_like(X, y).tolist() == [[1, 2, 3], [5, 6, 7]]
    assert clslice.slice_like(X, y, axes=(0,)).tolist() == \
        [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert clslice.slice_like(X, (2, 3), axes=(-1,)).tolist() == \
        [[1, 2, 3], [5, 6, 7], [9, 10, 11]]
    # OpenVINO: mask vectors; begin_mask 1 takes the axis from its start.
    z = np.arange(24).reshape(2, 3, 4)
    assert np.array_equal(
        clslice.openvino_strided_slice(z, [1, 0], [0, 0], [1, 1],
                                       new_axis_mask=[0, 1],
                                       shrink_axis_mask=[1, 0]),
        z[1, None])


def test_shape_inference_without_data():
    assert clslice.shape((4, None, 6), np.s_[1:, ..., None, ::-2]) == \
        (3, None, 1, 3)
    assert clslice.shape((4, -1, 6), "[1:, ..., None, ::-2]") == \
        (3, None, 1, 3)
    assert clslice.shape((5, 3, 7), clslice.TF(None, None, [1],
                                               shrink_axis_mask=1)) == (3, 7)
    assert clslice.shape((None, 8), clslice.ONNX([2], [6], [1])) == (None, 4)
    plan = clslice.plan((None, 8), np.s_[:, 1::3])
    assert not plan.is_known
    assert plan.dims[1] == (1, 3, 3)
    with pytest.raises(clslice.ClsliceUnknownError, match="unknown"):
        clslice.slice(np.zeros((2, 8)), clslice.TF(None, None, [1]))


def test_plan_describes_the_canonical_slice():
    plan = clslice.plan((5, 6), np.s_[-1, ::-2])
    assert plan.input_shape == (5, 6) and plan.output_shape == (3,)
    assert plan.dims == [(4, 1, 1), (5, -2, 3)]
    assert plan.shrunk == (True, False)
    assert plan.size == 3 and plan.is_known


@pytest.mark.parametrize("call, exc, words", [
    (lambda: clslice.slice(np.zeros((2, 3)), np.s_[0, 3]),
     clslice.ClsliceIndexError, "shrink index 3 is out of range for "
                                "dimension 1 of size 3"),
    (lambda: clslice.slice(np.zeros((2, 3)), np.s_[0, 0, 0]),
     clslice.ClsliceIndexError, ""),
    (lambda: clslice.slice(np.zeros(3), np.s_[::0]),
     clslice.ClsliceSpecError, "0"),
    # Text keeps the library's classes; the numpy key np.s_[..., 1, ...]
    # raises numpy's IndexError (test_hostile_input.py).
    (lambda: clslice.slice(np.zeros(3), "[..., 1, ...]"),
     clslice.ClsliceSpecError, "second '...'"),
    (lambda: clslice.slice(np.zeros(3), "[1:2;]"),
     clslice.ClsliceSyntaxError, "position 4"),
    (lambda: clslice.strided_slice(np.zeros(3), [0, 1], [1], [1]),
     clslice.ClsliceSpecError, "length"),
    (lambda: clslice.slice_axis(np.zeros((3, 4)), 1, 0, 5),
     clslice.ClsliceIndexError, "5"),
    (lambda: clslice.slice(np.zeros((1,) * 33), "..."),
     clslice.ClsliceRankError, "33"),
    (lambda: clslice.assign(np.zeros((2, 3)), np.s_[:, 1], np.ones(3)),
     clslice.ClsliceShapeError, "from shape (3,) into shape (2,)"),
    (lambda: clslice.assign(np.zeros((2, 3)), np.s_[:, 1], np.ones((1, 2)),
                            exact=True),
     clslice.ClsliceShapeError, ""),
    (lambda: clslice.strided_slice_grad((2, 3), np.ones((2, 2)), [0], [1]),
     clslice.ClsliceShapeError, ""),
])
def test_errors_carry_the_c_message(call, exc, words):
    with pytest.raises(exc) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, clslice.ClsliceError)
    assert info.value.status == exc.status
    assert info.value.opencl_code == 0


def test_exception_classes_fit_python_conventions():
    assert issubclass(clslice.ClsliceIndexError, IndexError)
    for cls in (clslice.ClsliceSpecError, clslice.ClsliceShapeError,
                clslice.ClsliceSyntaxError, clslice.ClsliceArgumentError,
                clslice.ClsliceRankError, clslice.ClsliceUnknownError):
        assert issubclass(cls, ValueError)
    assert issubclass(clslice.ClsliceBuildError, clslice.ClsliceOpenCLError)


def test_what_clslice_does_not_do_is_refused_clearly():
    x = np.zeros((3, 3))
    with pytest.raises(IndexError, match="not basic indexing"):
        clslice.slice(x, np.s_[[0, 1]])
    with pytest.raises(IndexError, match="boolean"):
        clslice.slice(x, True)
    with pytest.raises(TypeError, match="objects"):
        clslice.slice(np.array([None, 1]), np.s_[:1])
    ro = np.zeros(3)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        clslice.fill(ro, np.s_[:], 1)
    with pytest.raises(ValueError, match="scalar"):
        clslice.fill(x, np.s_[:], [1, 2])


def test_nothing_is_written_when_a_write_fails():
    x = np.arange(6.0).reshape(2, 3)
    before = x.copy()
    with pytest.raises(clslice.ClsliceShapeError):
        clslice.assign(x, np.s_[:, ::2], np.ones((2, 3)))
    assert np.array_equal(x, before)


def test_write_calls_and_grad():
    x = np.zeros((3, 4), np.int16)
    clslice.assign(x, "[::2, 1:3]", [[1, 2]])  # broadcast over rows
    assert x.tolist() == [[0, 1, 2, 0], [0, 0, 0, 0], [0, 1, 2, 0]]
    clslice.fill(x, np.s_[1], 7)
    assert x[1].tolist() == [7, 7, 7, 7]
    g = clslice.strided_slice_grad((3, 4), np.ones((2, 2), np.float32),
                                   [0, 1], [3, 3], [2, 1])
    assert g.tolist() == [[0, 1, 1, 0], [0, 0, 0, 0], [0, 1, 1, 0]]
    assert g.dtype == np.float32


def test_large_bounds_and_steps_clamp_like_numpy():
    x = np.arange(10)
    for key in (np.s_[-(1 << 80):1 << 80], np.s_[::-(1 << 70)],
                np.s_[1 << 64::-1], np.s_[np.int64(3):np.uint8(7)]):
        assert np.array_equal(clslice.slice(x, key), x[key]), key


def test_library_version_is_the_packages():
    assert clslice.library_version == clslice.__version__


def test_read_only_and_broadcast_inputs_are_sliced():
    x = np.arange(12.0).reshape(3, 4)
    x.flags.writeable = False
    assert np.array_equal(clslice.slice(x, np.s_[::-1, 1]), x[::-1, 1])
    b = np.broadcast_to(np.arange(4), (3, 4))  # read-only, stride 0
    assert np.array_equal(clslice.slice(b, np.s_[1:, ::2]), b[1:, ::2])
