# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""clslice.slice_many and clslice.split: many slices of one array, one
batched command on the device, differential against numpy."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_array, random_key, random_shape, same

DTYPES = [np.int8, np.float16, np.float32, np.int64, np.complex128,
          np.dtype("S3"), np.dtype([("a", "<i4"), ("b", "<f8")])]


def _keys(rng, shape):
    """Pairs (key as given to clslice, the numpy key): some keys go as
    text or as a Spec, so that every kind goes through one call."""
    pairs = []
    for _ in range(rng.randint(1, 9)):
        k = random_key(rng, shape)
        r = rng.random()
        given = (clslice.key_to_expr(k) if r < 0.2 else
                 clslice.Expr(k) if r < 0.3 else k)
        pairs.append((given, k))
    return pairs


def test_slice_many_on_numpy_matches_numpy(rng):
    for i in range(600):
        shape = random_shape(rng)
        x = random_array(rng, shape, rng.choice(DTYPES),
                         contiguous=rng.random() < 0.7)
        pairs = _keys(rng, shape)
        outs = clslice.slice_many(x, [given for given, _ in pairs])
        assert len(outs) == len(pairs)
        for (_, key), out in zip(pairs, outs):
            where = "seed=%d case=%d shape=%r key=%r" % (SEED, i, shape, key)
            assert same(out, x[key]), where


def test_split_matches_numpy_split(rng):
    for i in range(300):
        shape = random_shape(rng) or (4,)
        axis = rng.randint(-len(shape), len(shape) - 1)
        n = shape[axis]
        if rng.random() < 0.5:
            divisors = [k for k in range(1, n + 1) if n % k == 0] or [1]
            how = rng.choice(divisors)
        else:
            how = sorted(rng.randint(-n - 2, n + 2)
                         for _ in range(rng.randint(0, 4)))
        x = random_array(rng, shape, np.int32)
        where = "seed=%d case=%d shape=%r axis=%d how=%r" % (
            SEED, i, shape, axis, how)
        expected = np.split(x, how, axis=axis)
        ours = clslice.split(x, how, axis=axis)
        assert len(ours) == len(expected), where
        for a, b in zip(ours, expected):
            assert same(a, b), where


def test_array_split_matches_numpy_array_split(rng):
    for i in range(300):
        shape = random_shape(rng) or (4,)
        axis = rng.randint(-len(shape), len(shape) - 1)
        n = shape[axis]
        how = (rng.randint(1, n + 3) if rng.random() < 0.7 else
               [rng.randint(-n - 2, n + 2) for _ in range(rng.randint(0, 4))])
        x = random_array(rng, shape, np.float32)
        where = "seed=%d case=%d shape=%r axis=%d how=%r" % (
            SEED, i, shape, axis, how)
        expected = np.array_split(x, how, axis=axis)
        ours = clslice.array_split(x, how, axis=axis)
        assert len(ours) == len(expected), where
        for a, b in zip(ours, expected):
            assert same(a, b), where


def test_split_errors_are_numpys():
    x = np.zeros((4, 6))
    # numpy's exception classes, the library's messages (the argument,
    # its value and the axis)
    with pytest.raises(ValueError, match="indices_or_sections = 4 does not "
                                         "divide axis 1 of size 6"):
        clslice.split(x, 4, axis=1)
    with pytest.raises(ValueError, match="= 0: the number of pieces must "
                                         "be at least 1"):
        clslice.split(x, 0)
    with pytest.raises(ValueError, match="= -1: the number of pieces"):
        clslice.array_split(x, -1)
    assert [p.shape for p in clslice.array_split(x, 4, axis=1)] == \
        [(4, 2), (4, 2), (4, 1), (4, 1)]
    with pytest.raises(IndexError, match="axis = 2 is out of range"):
        clslice.split(x, 2, axis=2)
    with pytest.raises(TypeError, match="indices_or_sections"):
        clslice.split(x, 1.5)
    # more pieces than memory for their plans: refused, not a crash
    with pytest.raises(MemoryError, match="pieces"):
        clslice.array_split(x, 2**62)
    with pytest.raises(clslice.ClsliceIndexError, match="out of range"):
        clslice.slice_many(x, [np.s_[1], np.s_[9]])
    assert clslice.slice_many(x, []) == []


# --- pyopencl ----------------------------------------------------------------

def test_slice_many_on_device_matches_numpy(rng, queue):
    cla = pytest.importorskip("pyopencl.array")
    for i in range(600):
        shape = random_shape(rng)
        dtype = rng.choice(DTYPES)
        x = random_array(rng, shape, dtype)
        pairs = _keys(rng, shape)
        d = cla.to_device(queue, x)
        outs = clslice.slice_many(d, [given for given, _ in pairs])
        where = "seed=%d case=%d shape=%r keys=%r" % (
            SEED, i, shape, [k for _, k in pairs])
        assert len(outs) == len(pairs), where
        for (_, key), out in zip(pairs, outs):
            assert isinstance(out, cla.Array) and out.queue is queue, where
            assert same(out.get(), x[key]), where


def test_device_slices_are_one_command_in_one_buffer(queue):
    cla = pytest.importorskip("pyopencl.array")
    x = np.arange(4 * 12, dtype=np.float32).reshape(4, 12)
    d = cla.to_device(queue, x)
    q, k, v = clslice.split(d, 3, axis=1)
    assert q.base_data is k.base_data is v.base_data
    assert [a.offset for a in (q, k, v)] == [0, 64, 128]
    assert q.events[-1] is k.events[-1] is v.events[-1]
    for a, b in zip((q, k, v), np.split(x, 3, axis=1)):
        assert a.get().tolist() == b.tolist()
    # Empty members take no room and hold no event.
    a, e, b = clslice.slice_many(d, [np.s_[0], np.s_[4:], np.s_[-1, ::-1]])
    assert e.shape == (0, 12) and not e.events
    assert (a.offset, b.offset) == (0, 48)


def test_strided_views_take_one_call_per_slice(queue):
    cla = pytest.importorskip("pyopencl.array")
    x = np.arange(30, dtype=np.int16).reshape(5, 6)
    d = cla.to_device(queue, x).T[::-1]
    outs = clslice.split(d, [2, 3], axis=1)
    for a, b in zip(outs, np.split(x.T[::-1], [2, 3], axis=1)):
        assert a.get().tolist() == b.tolist()


def test_device_calls_wait_for_the_inputs_events(queue):
    cla = pytest.importorskip("pyopencl.array")
    import pyopencl as cl
    d = cla.to_device(queue, np.arange(8, dtype=np.int32))
    gate = cl.UserEvent(queue.context)
    d.add_event(gate)
    one = clslice.slice(d, np.s_[::-1])
    many = clslice.slice_many(d, [np.s_[:4], np.s_[4:]])
    pending = [one.events[-1], many[0].events[-1]]
    queued = cl.command_execution_status.COMPLETE
    assert all(e.command_execution_status != queued for e in pending)
    gate.set_status(cl.command_execution_status.COMPLETE)
    cl.wait_for_events(pending)
    assert one.get().tolist() == list(range(7, -1, -1))
    assert [m.get().tolist() for m in many] == [[0, 1, 2, 3], [4, 5, 6, 7]]
