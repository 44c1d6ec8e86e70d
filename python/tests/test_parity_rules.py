# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy's and JAX's rules where clslice once differed (issue 30.4): a
bool is no axis, JAX's start indices fit int64, an update that overlaps
its operand is read whole first (host and device alike), and an update
has its operand's dtype.  The refusal of advanced indexing says what to
use instead.  Device cases skip without a device."""
import numpy as np
import pytest

import clslice

A = np.arange(24, dtype=np.int64).reshape(2, 3, 4)


def _same_failure(numpy_call, clslice_call):
    """Both calls raise the same class with the same message."""
    with pytest.raises(Exception) as want:
        numpy_call()
    with pytest.raises(type(want.value)) as got:
        clslice_call()
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize("axis", [True, False, np.True_, 2**70, -2**70,
                                  1.0])
def test_concatenate_axis_is_read_as_numpy_reads_it(axis):
    _same_failure(lambda: np.concatenate([A, A], axis=axis),
                  lambda: clslice.concatenate([A, A], axis=axis))
    _same_failure(lambda: np.concatenate([], axis=axis),
                  lambda: clslice.concatenate([], axis=axis))


def test_numpy_functions_that_take_a_bool_still_do():
    # numpy's stack and split read a bool axis (and sections) as 0 or 1
    assert np.array_equal(clslice.stack([A, A], axis=True),
                          np.stack([A, A], axis=True))
    for got, want in zip(clslice.split(A, 3, axis=True),
                         np.split(A, 3, axis=True)):
        assert np.array_equal(got, want)
    assert len(clslice.array_split(A, True)) == 1


@pytest.mark.parametrize("call", [
    lambda: clslice.slice_axis(A, True, 0, 1),
    lambda: clslice.narrow(A, True, 0, 1),
    lambda: clslice.chunk(A, 2, dim=True),
    lambda: clslice.tf_split(A, 2, axis=True),
    lambda: clslice.torch_split(A, True),
    lambda: clslice.strided_slice(A, [True], [2]),
    lambda: clslice.dynamic_slice(A, [True, 0, 0], [1, 1, 1]),
])
def test_framework_integers_refuse_bools(call):
    with pytest.raises(TypeError, match="bool is not taken"):
        call()


def test_split_axis_past_int64_is_refused_not_wrapped():
    # 2**70 once reached the C call as 0 (ctypes keeps the low 64 bits)
    with pytest.raises(IndexError, match="axis = 1180591620717411303424"):
        clslice.split(A, 2, axis=2**70)
    with pytest.raises(IndexError, match="index-sized"):
        clslice.tf_split(A, 2, axis=-2**64)


@pytest.mark.parametrize("start", [2**63, 2**64, 2**100, -2**63 - 1,
                                   -2**100])
def test_dynamic_starts_outside_int64_are_refused(start):
    for call in (lambda: clslice.dynamic_slice(A, [0, start, 0], [1, 1, 1]),
                 lambda: clslice.dynamic_update_slice(
                     A.copy(), np.zeros((1, 1, 1), A.dtype), [0, start, 0])):
        with pytest.raises(OverflowError,
                           match=r"start_indices\[1\] = %d" % start):
            call()
    # the int64 extremes themselves are starts, clamped as JAX clamps them
    edge = clslice.dynamic_slice(A, [0, 2**63 - 1, -2**63], [1, 2, 2])
    assert np.array_equal(edge, A[0:1, 1:3, 0:2])


def test_update_dtype_must_equal_the_operand_dtype():
    x = np.zeros(4, np.int64)
    with pytest.raises(TypeError, match="float64 but operand has int64"):
        clslice.dynamic_update_slice(x, np.array([2.7]), [1])
    with pytest.raises(TypeError, match="float64"):
        clslice.dynamic_update_slice(x, [2.7], [1])
    assert not x.any()  # nothing half-written
    # Python ints into an int64 operand and into a float operand: JAX's
    # weakly typed values
    clslice.dynamic_update_slice(x, [7], [1])
    f = clslice.dynamic_update_slice(np.zeros(3, np.float32), [1, 2], [1])
    assert x.tolist() == [0, 7, 0, 0] and f.tolist() == [0, 1, 2]


def test_overlapping_update_is_read_whole_first_on_the_host():
    x = np.arange(10, dtype=np.float32)
    want = x.copy()
    want[3:8] = x[1:6]  # JAX's result: the update read before the write
    clslice.dynamic_update_slice(x, x[1:6], [3])
    assert np.array_equal(x, want)


def test_advanced_indexing_refusal_says_what_to_use():
    for key in (np.array([0, 1]), [0, 1], (0, np.array([True, False])),
                True):
        with pytest.raises(IndexError) as info:
            clslice.slice(A, key)
        text = str(info.value)
        assert "not supported" in text and "numpy itself" in text
        assert "pyopencl.array.take" in text
        assert "are valid indices" not in text


def test_integer_key_gives_a_0d_array():
    y = clslice.slice(A, (1, 2, 3))
    assert isinstance(y, np.ndarray) and y.shape == () and y[()] == A[1, 2, 3]


# --- the same on the device -------------------------------------------------

def test_device_overlapping_update_and_dtype(queue):
    cla = pytest.importorskip("pyopencl.array")
    host = np.arange(10, dtype=np.float32)
    d = cla.to_device(queue, host)
    want = host.copy()
    want[3:8] = host[1:6]
    starts = cla.to_device(queue, np.array([3], np.int32))
    clslice.dynamic_update_slice(d, d[1:6], starts)
    assert np.array_equal(d.get(), want)
    d = cla.to_device(queue, host)
    clslice.dynamic_update_slice(d, d[1:6], [3])  # host starts, same rule
    assert np.array_equal(d.get(), want)
    with pytest.raises(TypeError, match="int64 but operand has float32"):
        clslice.dynamic_update_slice(d, np.zeros(2, np.int64), starts)
    with pytest.raises(TypeError, match="float64 but operand has float32"):
        clslice.dynamic_update_slice(
            d, cla.to_device(queue, np.zeros(2)), starts)


def test_device_starts_follow_jax_at_the_default_arguments(queue, rng):
    """Negative starts count from the end on the device as on the host
    (allow_negative_indices=True, the default), per dimension too."""
    cla = pytest.importorskip("pyopencl.array")
    x = np.arange(5 * 6 * 7, dtype=np.float32).reshape(5, 6, 7)
    d = cla.to_device(queue, x)
    for i in range(12):
        starts = [rng.randint(-9, 9) for _ in x.shape]
        sizes = [rng.randint(0, n) for n in x.shape]
        allow = rng.choice([True, False, [True, False, True]])
        dtype = rng.choice([np.int32, np.int64])
        on_device = cla.to_device(queue, np.array(starts, dtype))
        got = clslice.dynamic_slice(d, on_device, sizes,
                                    allow_negative_indices=allow)
        want = clslice.dynamic_slice(x, starts, sizes,
                                     allow_negative_indices=allow)
        assert np.array_equal(got.get(), want), (i, starts, sizes, allow)
        update = -np.ones(sizes, np.float32)
        h = x.copy()
        clslice.dynamic_update_slice(h, update, starts,
                                     allow_negative_indices=allow)
        w = cla.to_device(queue, x)
        clslice.dynamic_update_slice(w, update, on_device,
                                     allow_negative_indices=allow)
        assert np.array_equal(w.get(), h), (i, starts, sizes, allow)
