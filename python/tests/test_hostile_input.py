# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Input a careless or hostile caller gives: integers past int64 or int32
(never wrapped: clamped where the framework clamps, refused otherwise),
datetime and timedelta arrays, NUL characters in expressions, numpy's own
exception classes for numpy keys, and numpy's rules for assign."""
import numpy as np
import pytest

import clslice

A = np.arange(10)
BIG = 1 << 64   # wraps to 0 through a 64-bit ctypes field
HUGE = 10 ** 30


# --- integers past int64 ----------------------------------------------------

@pytest.mark.parametrize("call, expected", [
    # Bounds and steps past int64 act as the int64 extremes, which every
    # framework clamps to the dimension: the unbounded integer's result.
    (lambda: clslice.onnx_slice(A, [BIG + 3], [BIG + 5]), A[BIG + 3:BIG + 5]),
    (lambda: clslice.onnx_slice(A, [-BIG], [BIG], [0], [BIG + 1]),
     A[::BIG + 1]),
    (lambda: clslice.onnx_slice(A, [BIG], [-BIG], [0], [-BIG - 1]),
     A[::-BIG - 1]),
    (lambda: clslice.strided_slice(A, [BIG + 1], [5]), A[BIG + 1:5]),
    (lambda: clslice.strided_slice(A, [1], [BIG + 2], [BIG + 1]),
     A[1:BIG + 2:BIG + 1]),
    (lambda: clslice.openvino_strided_slice(A, [BIG + 1], [5]), A[BIG:5]),
    (lambda: clslice.openvino_strided_slice(A, [-BIG], [BIG], [-BIG]),
     A[-BIG:BIG:-BIG]),
    (lambda: clslice.mxnet_slice(A, [BIG + 1], [None]), A[BIG + 1:]),
    (lambda: clslice.mxnet_slice(A, [None], [None], [-BIG - 1]),
     A[::-BIG - 1]),
    (lambda: clslice.slice(A, np.s_[HUGE::-HUGE]), A[HUGE::-HUGE]),
], ids=["onnx-bounds", "onnx-step", "onnx-neg-step", "tf-begin",
        "tf-stride", "openvino-begin", "openvino-neg", "mxnet-begin",
        "mxnet-step", "numpy-slice"])
def test_bounds_and_steps_past_int64_clamp_as_numpy_does(call, expected):
    assert np.array_equal(call(), expected)


@pytest.mark.parametrize("call, cls, names", [
    (lambda: clslice.strided_slice(A, [0], [5], new_axis_mask=(1 << 32) + 1),
     clslice.ClsliceSpecError, "new_axis_mask = 4294967297"),
    (lambda: clslice.strided_slice(A, [0], [5], begin_mask=-(1 << 31) - 1),
     clslice.ClsliceSpecError, "begin_mask = -2147483649"),
    (lambda: clslice.strided_slice(A, [BIG + 1], [0], shrink_axis_mask=1),
     clslice.ClsliceIndexError, "begin[0] = 18446744073709551617"),
    (lambda: clslice.openvino_strided_slice(A, [0], [5],
                                            new_axis_mask=[BIG + 1]),
     clslice.ClsliceSpecError, "new_axis_mask[0] = 18446744073709551617"),
    (lambda: clslice.openvino_strided_slice(A, [-BIG], [0],
                                            shrink_axis_mask=[1]),
     clslice.ClsliceIndexError, "begin[0] = -18446744073709551616"),
    (lambda: clslice.onnx_slice(A, [0], [5], [BIG]),
     clslice.ClsliceIndexError, "axes[0] = 18446744073709551616"),
    (lambda: clslice.slice_axis(A, BIG, 0, 1),
     clslice.ClsliceIndexError, "axis = 18446744073709551616"),
    (lambda: clslice.slice_axis(A, 0, BIG + 1, None),
     clslice.ClsliceIndexError, "begin = 18446744073709551617"),
    (lambda: clslice.slice_axis(A, 0, 0, BIG + 3),
     clslice.ClsliceIndexError, "end = 18446744073709551619"),
    (lambda: clslice.slice_like(A, (BIG + 2,)),
     clslice.ClsliceIndexError, "shape_like[0] = 18446744073709551618"),
    (lambda: clslice.slice_like(A, (5,), axes=[-BIG]),
     clslice.ClsliceIndexError, "axes[0] = -18446744073709551616"),
    (lambda: clslice.shape((BIG + 4,), "[1:]"),
     clslice.ClsliceArgumentError, "input_shape[0] = 18446744073709551620"),
], ids=["tf-mask", "tf-neg-mask", "tf-shrink-begin", "openvino-mask",
        "openvino-shrink-begin", "onnx-axes", "slice-axis-axis",
        "slice-axis-begin", "slice-axis-end", "slice-like-size",
        "slice-like-axes", "input-shape"])
def test_integers_past_int64_are_refused_naming_the_argument(call, cls,
                                                             names):
    with pytest.raises(cls) as info:
        call()
    assert names in str(info.value)


def test_integers_past_int64_are_refused_by_csr_slice():
    sp = pytest.importorskip("scipy.sparse")
    m = sp.csr_matrix(np.eye(4))
    with pytest.raises(clslice.ClsliceIndexError, match="axes"):
        clslice.csr_slice(m, clslice.ONNX([0], [2], [BIG + 1]))
    s = clslice.csr_slice(m, clslice.ONNX([BIG], [-BIG], [0], [-BIG]))
    assert s.shape == (1, 4) and (s != m[3:4]).nnz == 0


# --- numpy's exception classes ----------------------------------------------

X = np.arange(12).reshape(3, 4)


@pytest.mark.parametrize("key", [
    HUGE, -HUGE, 1 << 63, (1 << 64) - 1, -(1 << 63) - 1, np.uint64(1 << 63),
    (Ellipsis, Ellipsis), (Ellipsis, Ellipsis, 1, 2, 3),
    (slice(None, None, 0), 1, 2), (5, slice(None, None, 0)),
    (slice(None, None, 0), 5), (slice(1.5, None), 1, 2),
    (slice(1.5, None), 5), (1.5, 1 << 63), (1 << 63, 1.5),
    (Ellipsis, Ellipsis, 1 << 63), (1 << 63, Ellipsis, Ellipsis),
    (Ellipsis, slice(None, None, 0), 5), (0, HUGE),
], ids=repr)
def test_numpy_keys_raise_numpy_exception_classes(key):
    with pytest.raises(Exception) as theirs:
        X[key]
    with pytest.raises(Exception) as ours:
        clslice.slice(X, key)
    assert isinstance(ours.value, type(theirs.value)), (ours, theirs)
    # Same from the shape-only call and from the writes.
    with pytest.raises(type(theirs.value)):
        clslice.shape(X.shape, key)
    with pytest.raises(type(theirs.value)):
        clslice.fill(X.copy(), key, 0)


def test_numpy_key_errors_name_the_item():
    with pytest.raises(OverflowError, match="item 1"):
        clslice.slice(X, (0, 1 << 63))
    with pytest.raises(IndexError, match="too many indices"):
        clslice.slice(X, (slice(None, None, 0), 1, 2))
    with pytest.raises(IndexError, match="out of bounds.*item 0"):
        clslice.slice(X, (5, slice(None, None, 0)))
    with pytest.raises(clslice.ClsliceIndexError):
        clslice.key_to_expr(HUGE)


# --- NUL characters ---------------------------------------------------------

@pytest.mark.parametrize("text", ["[1:]\x00junk", "\x00", "[::-1]\x00"])
def test_nul_in_an_expression_is_refused(text):
    with pytest.raises(clslice.ClsliceSyntaxError, match="NUL"):
        clslice.slice(A, text)
    with pytest.raises(clslice.ClsliceSyntaxError, match="NUL"):
        clslice.shape(A.shape, clslice.Expr(text))


# --- datetime64 and timedelta64 ---------------------------------------------

@pytest.mark.parametrize("dtype", ["M8[D]", "m8[ns]", "M8[s]"])
def test_datetime_and_timedelta_arrays_on_every_host_path(dtype):
    x = (np.arange(24, dtype=np.int64) * 86400).view(dtype).reshape(4, 6)
    key = np.s_[::-1, 1::2]
    assert np.array_equal(clslice.slice(x, key), x[key])
    assert np.array_equal(clslice.slice(x.T, key), x.T[key])
    assert np.array_equal(clslice.slice(x[:, ::-1], "[1:]"), x[:, ::-1][1:])
    read_only = x.copy()
    read_only.flags.writeable = False
    assert np.array_equal(clslice.slice(read_only, key), x[key])
    pieces = clslice.split(x, 3, axis=1)
    for ours, theirs in zip(pieces, np.split(x, 3, axis=1)):
        assert np.array_equal(ours, theirs)
    y, expected = x.copy(), x.copy()
    clslice.assign(y, key, x[:, 3:])
    expected[key] = x[:, 3:]
    assert np.array_equal(y, expected)
    clslice.fill(y, np.s_[0], x[3, 5])
    expected[0] = x[3, 5]
    assert np.array_equal(y, expected)
    g = clslice.slice_grad(x.shape, x[key], key)
    assert g.dtype == x.dtype and np.array_equal(g[key], x[key])


# --- assign follows numpy ---------------------------------------------------

@pytest.mark.parametrize("key, value", [
    (np.s_[5:], np.array([1, 2])),           # empty slice, no broadcast
    (np.s_[5:], [1, 2]),
    (np.s_[2], np.array([7])),               # size-1 array into one element
    (np.s_[2], np.array([[7]])),
    (np.s_[0:2], [[1, 2]]),                  # a list deeper than the slice
    (np.s_[..., 2], [7]),
    (np.s_[0:0], np.zeros((2, 0))),
], ids=repr)
def test_assign_raises_where_numpy_raises(key, value):
    theirs_x = np.arange(5)
    with pytest.raises(Exception) as theirs:
        theirs_x[key] = value
    x = np.arange(5)
    with pytest.raises(Exception) as ours:
        clslice.assign(x, key, value)
    assert isinstance(ours.value, type(theirs.value)), (ours, theirs)
    assert x.tolist() == list(range(5))


@pytest.mark.parametrize("key, value", [
    (np.s_[5:], np.array([1])), (np.s_[..., 2], np.array([7])),
    (np.s_[None, 2], np.array([[7]])), (np.s_[0:2], np.array([[1, 2]])),
    (np.s_[2], np.array(7)), (np.s_[0:0], np.zeros((1, 0))),
], ids=repr)
def test_assign_accepts_what_numpy_accepts(key, value):
    expected = np.arange(5)
    expected[key] = value
    assert np.array_equal(clslice.assign(np.arange(5), key, value),
                          expected)


def test_assign_size_one_array_into_an_element_by_dtype():
    # numpy converts a size-1 array to a bool or a structured element, and
    # refuses it for numbers, with its own class per dtype.
    for dtype in ["i4", "f8", "c8", "?", "M8[D]", "S3", "i4,f4"]:
        value = np.ones(1, dtype)
        theirs_x = np.zeros(3, dtype)
        try:
            theirs_x[1] = value
            theirs = None
        except Exception as exc:  # noqa: BLE001 (whatever numpy raises)
            theirs = type(exc)
        x = np.zeros(3, dtype)
        if theirs is None:
            clslice.assign(x, np.s_[1], value)
            assert x.tobytes() == theirs_x.tobytes(), dtype
        else:
            with pytest.raises(theirs):
                clslice.assign(x, np.s_[1], value)
