# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""clslice.slice_blocked: arrays holding a blocked tensor's dense storage
(NC4HW4, fsv16, ...) sliced on the host and on the device, differential
against numpy: unblock the storage, slice the logical array, block the
result again, its padding lanes zeros."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_key, random_shape

CASES = 600
BLOCKS = [1, 2, 3, 4, 8, 16]
DTYPES = [np.uint8, np.float16, np.float32, np.int64]


def block(a, axis, lanes):
    """The dense blocked storage of logical array a: `axis` padded with
    zeros to whole blocks, whose lanes move to a last dim."""
    size = a.shape[axis]
    blocks = -(-size // lanes)
    widths = [(0, 0)] * a.ndim
    widths[axis] = (0, blocks * lanes - size)
    split = np.pad(a, widths).reshape(
        a.shape[:axis] + (blocks, lanes) + a.shape[axis + 1:])
    return np.ascontiguousarray(np.moveaxis(split, axis + 1, -1))


def random_case(rng):
    """A logical array, how its storage is blocked (None: plain), a key,
    and how the result is blocked (None: plain, or its rank is 0)."""
    shape = random_shape(rng, max_rank=4, max_dim=9)
    while not shape:
        shape = random_shape(rng, max_rank=4, max_dim=9)
    dtype = rng.choice(DTYPES)
    a = np.arange(int(np.prod(shape)), dtype=np.int64).astype(dtype)
    a = (a + 1).reshape(shape)
    src = (rng.randrange(len(shape)), rng.choice(BLOCKS)) \
        if rng.random() < 0.75 else None
    key = random_key(rng, shape)
    out_rank = a[key].ndim
    dst = (rng.randrange(out_rank), rng.choice(BLOCKS)) \
        if out_rank and (src is None or rng.random() < 0.5) else None
    return a, src, key, dst


def expected_and_args(a, src, key, dst):
    stored = a if src is None else block(a, *src)
    blocked = None if src is None else (src[0], src[1], a.shape[src[0]])
    want = np.asarray(a[key])
    if dst is not None:
        want = block(want, *dst)
    return stored, blocked, want


def describe(a, src, key, dst):
    return "shape %s %s, key %r, blocked %s -> %s (CLSLICE_TEST_SEED=%d)" % (
        a.shape, a.dtype, key, src, dst, SEED)


def test_host_against_numpy(rng):
    for _ in range(CASES):
        a, src, key, dst = random_case(rng)
        stored, blocked, want = expected_and_args(a, src, key, dst)
        got = clslice.slice_blocked(stored, key, blocked=blocked,
                                    out_blocked=dst)
        assert got.dtype == want.dtype and got.shape == want.shape and \
            np.array_equal(got, want), describe(a, src, key, dst)


def test_device_against_numpy(rng, queue):
    cla = pytest.importorskip("pyopencl.array")
    for _ in range(CASES // 3):
        a, src, key, dst = random_case(rng)
        stored, blocked, want = expected_and_args(a, src, key, dst)
        x = cla.to_device(queue, stored)
        if rng.random() < 0.3 and stored.shape[0] > 1:
            # a reversed view of the reversed storage: copied first
            x = cla.to_device(queue, np.ascontiguousarray(stored[::-1]))[::-1]
        got = clslice.slice_blocked(x, key, blocked=blocked,
                                    out_blocked=dst)
        assert isinstance(got, cla.Array), describe(a, src, key, dst)
        host = got.get()
        assert host.shape == want.shape and np.array_equal(host, want), \
            describe(a, src, key, dst)


def test_engine_layouts():
    """A channel slice of NC4HW4 into fsv16 and of a strided view."""
    a = np.arange(2 * 10 * 3 * 5, dtype=np.float32).reshape(2, 10, 3, 5)
    got = clslice.slice_blocked(block(a, 1, 4), np.s_[:, 3:9],
                                blocked=(1, 4, 10), out_blocked=(1, 16))
    assert got.shape == (2, 1, 3, 5, 16)
    assert np.array_equal(got, block(a[:, 3:9], 1, 16))
    assert not got[..., 6:].any()  # padding lanes are zeros
    view = block(a, 1, 4)[:, ::-1]  # not contiguous: copied first
    got = clslice.slice_blocked(view, "[:, 1:3]", blocked=(1, 4))
    assert np.array_equal(got, np.moveaxis(view, -1, 2).reshape(
        2, 12, 3, 5)[:, 1:3])


@pytest.mark.parametrize("kwargs, error, text", [
    ({"blocked": (1, 0)}, ValueError, "blocked=(1, 0): the axis must be"),
    ({"blocked": (1, 4, 5, 6)}, ValueError, "expected (axis, block) or"),
    ({"blocked": "1:4"}, TypeError, "expected (axis, block) or (axis, "),
    ({"blocked": (1, 4, 13)}, ValueError,
     "an axis of size 13 fills 4 blocks of 4 lanes, the array has 3"),
    ({"blocked": (1, 5)}, ValueError, "is not a blocked storage"),
    ({"blocked": (1, 4), "out_blocked": (1, 4, 2)}, ValueError,
     "out_blocked=(1, 4, 2): expected (axis, block)"),
    ({"blocked": (1, 4), "out_blocked": (4, 4)}, ValueError,
     "out_blocked: axis 4 is not a dim of the result (rank 4)"),
])
def test_bad_forms(kwargs, error, text):
    stored = np.zeros((2, 3, 3, 5, 4), np.float32)
    with pytest.raises(error) as info:
        clslice.slice_blocked(stored, "[...]", **kwargs)
    assert text in str(info.value)


def test_queue_needs_device_array():
    with pytest.raises(TypeError, match="pyopencl arrays"):
        clslice.slice_blocked(np.zeros((1, 4)), "[...]", blocked=(0, 4),
                              queue=object())
