# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl arrays on the first OpenCL device (PoCL in CI), differential
against numpy.  Skipped, with the reason, when pyopencl or a device is
missing."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_array, random_key, random_shape, same

cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")
import pyopencl as cl  # noqa: E402

DEVICE_DTYPES = [np.int8, np.float16, np.float32, np.int64, np.complex128,
                 np.dtype("S3"), np.dtype([("a", "<i4"), ("b", "<f8")])]
CASES = 1500


def _case(i, shape, key, extra=""):
    return "seed=%d case=%d shape=%r key=%r%s" % (SEED, i, shape, key, extra)


def test_gather_matches_numpy(rng, queue):
    for i in range(CASES):
        shape = random_shape(rng)
        dtype = rng.choice(DEVICE_DTYPES)
        x = random_array(rng, shape, dtype)
        key = random_key(rng, shape)
        d = cla.to_device(queue, x)
        out = clslice.slice(d, key)
        where = _case(i, shape, key, " dtype=%s" % np.dtype(dtype))
        assert isinstance(out, cla.Array), where
        assert out.queue is queue or out.queue == queue, where
        assert same(out.get(), x[key]), where


def test_writes_match_numpy(rng, queue):
    for i in range(CASES // 3):
        shape = random_shape(rng)
        dtype = rng.choice([np.float32, np.int64, np.dtype("S3")])
        x = random_array(rng, shape, dtype)
        key = random_key(rng, shape)
        tshape = x[key].shape
        vshape = tuple(1 if rng.random() < 0.3 else s for s in tshape)
        value = random_array(rng, vshape, dtype)
        expected = x.copy()
        expected[key] = value
        d = cla.to_device(queue, x)
        # The value from the host, or already on the device.
        v = value if rng.random() < 0.5 else cla.to_device(queue, value)
        assert clslice.assign(d, key, v) is d
        where = _case(i, shape, key, " value shape=%r" % (vshape,))
        assert same(d.get(), expected), where
        if dtype == np.float32:
            clslice.fill(d, key, -1.5)
            expected[key] = -1.5
            assert same(d.get(), expected), where
            dy = random_array(rng, tshape, dtype)
            g = np.zeros(shape, dtype)
            g[key] = dy
            out = clslice.slice_grad(shape, cla.to_device(queue, dy), key)
            assert same(out.get(), g), where


def test_framework_calls_on_device(queue):
    x = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    d = cla.to_device(queue, x)
    assert clslice.mxnet_slice(d, (None, 0), (None, 3),
                               step=(-1, 2)).get().tolist() == \
        [[9, 11], [5, 7], [1, 3]]
    assert clslice.onnx_slice(d, [1], [3], axes=[1]).get().tolist() == \
        x[:, 1:3].tolist()
    assert clslice.strided_slice(d, [0, 1], [3, 4], [2, 2]).get().tolist() \
        == x[::2, 1::2].tolist()
    assert clslice.slice_like(d, (2, 2)).get().tolist() == x[:2, :2].tolist()
    assert clslice.slice_axis(d, 1, -3, None).get().tolist() == \
        x[:, -3:].tolist()
    assert clslice.openvino_strided_slice(
        d, [1, 0], [0, 0], [1, 1], new_axis_mask=[0, 1],
        shrink_axis_mask=[1, 0]).get().tolist() == x[1, None].tolist()
    g = clslice.strided_slice_grad((3, 4), cla.to_device(queue, x[1:2]),
                                   [1], [2])
    assert g.get().tolist() == [[0] * 4, x[1].tolist(), [0] * 4]


def test_events_are_chained_the_pyopencl_way(queue):
    x = cla.to_device(queue, np.arange(12, dtype=np.int32).reshape(3, 4))
    y = clslice.slice(x, np.s_[::-1])
    assert y.events and isinstance(y.events[-1], cl.Event)
    # A write adds its event to the array written; a later read waits.
    before = len(x.events)
    clslice.fill(x, np.s_[0], 100)
    assert len(x.events) == before + 1
    z = clslice.slice(x, np.s_[0])
    cl.wait_for_events(z.events)
    assert z.get().tolist() == [100] * 4
    assert y.get()[2].tolist() == [0, 1, 2, 3]


def test_offset_arrays_and_empty_results(queue):
    base = cla.to_device(queue, np.arange(20, dtype=np.float32))
    x = base[5:17].reshape(3, 4)  # a contiguous view at a byte offset
    assert x.offset == 20
    assert clslice.slice(x, np.s_[1:, ::-3]).get().tolist() == \
        np.arange(5, 17, dtype=np.float32).reshape(3, 4)[1:, ::-3].tolist()
    empty = clslice.slice(x, np.s_[3:])
    assert empty.shape == (0, 4)
    out = clslice.slice_grad((3, 4), cla.to_device(queue, np.zeros((0, 4))),
                             np.s_[3:])
    assert out.get().tolist() == [[0.0] * 4] * 3
    assert clslice.slice(cla.empty(queue, (0, 3), np.int8),
                         np.s_[:, 1]).shape == (0,)


def test_device_errors(queue):
    x = cla.to_device(queue, np.zeros((4, 4), np.float32))
    with pytest.raises(clslice.ClsliceIndexError, match="out of range"):
        clslice.slice(x[:, ::2], np.s_[0, 2])  # a strided view's own shape
    with pytest.raises(clslice.ClsliceIndexError, match="out of range"):
        clslice.slice(x, np.s_[4])
    with pytest.raises(clslice.ClsliceShapeError):
        clslice.assign(x, np.s_[:, 1], np.ones(3, np.float32))
    with pytest.raises(clslice.ClsliceShapeError):
        clslice.assign(x, np.s_[:, 1], np.ones((4, 1), np.float32),
                       exact=True)
    assert x.get().sum() == 0  # nothing written by the failed calls


def test_release_runtimes_then_use_again(queue):
    x = cla.to_device(queue, np.arange(6, dtype=np.int16))
    clslice.slice(x, np.s_[::2]).get()
    clslice.release_runtimes()
    assert clslice.slice(x, np.s_[::-2]).get().tolist() == [5, 3, 1]


def test_scalar_assign_is_a_fill_but_exact_still_checks_the_shape(queue):
    host = np.arange(12, dtype=np.int16).reshape(3, 4)
    d = cla.to_device(queue, host)
    clslice.assign(d, np.s_[::2, 1:], 7)
    host[::2, 1:] = 7
    assert d.get().tolist() == host.tolist()
    with pytest.raises(clslice.ClsliceShapeError):
        clslice.assign(d, np.s_[::2, 1:], 5, exact=True)
    clslice.assign(d, np.s_[1, 2], 9, exact=True)  # a 0-d slice: exact fit
    host[1, 2] = 9
    assert d.get().tolist() == host.tolist()
    clslice.assign(d.T, np.s_[0], -1)  # a strided target: no fill call
    host.T[0] = -1
    assert d.get().tolist() == host.tolist()


def test_arrays_without_a_queue_are_refused_by_name(queue):
    d = cla.to_device(queue, np.arange(6, dtype=np.float32)).with_queue(None)
    for call in (lambda: clslice.slice(d, np.s_[::2]),
                 lambda: clslice.slice_many(d, [np.s_[1:]]),
                 lambda: clslice.fill(d, np.s_[0], 1.0),
                 lambda: clslice.assign(d, np.s_[0], 1.0)):
        with pytest.raises(ValueError, match=r"x has no command queue"):
            call()
    with pytest.raises(ValueError, match=r"dy has no command queue"):
        clslice.slice_grad((8,), d, np.s_[1:7])
