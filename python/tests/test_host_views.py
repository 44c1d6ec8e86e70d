# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy views on the host: read and written in place through the strided
calls (no copy of the input), values that overlap the target, and the
views whose strides the library cannot count in elements."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_array, random_key, random_shape, same


def test_a_view_far_larger_than_memory_is_sliced_without_a_copy():
    # 2**40 x 3 float64 rows, all the same 24 bytes (stride 0): copying
    # it contiguous first would need 24 TiB.
    huge = np.broadcast_to(np.arange(3.0), (1 << 40, 3))
    assert not huge.flags.c_contiguous
    key = np.s_[(1 << 39) + 5:(1 << 39) + 8, ::-2]
    assert np.array_equal(clslice.slice(huge, key), huge[key])
    tall = np.broadcast_to(np.arange(4, dtype=np.int16)[:, None],
                           (4, 1 << 40))
    assert clslice.slice(tall, np.s_[::-1, 7]).tolist() == [3, 2, 1, 0]


def test_writes_go_into_the_view_itself():
    base = np.zeros((6, 8), np.int32)
    view = base[::-2, 1::3].T  # (3, 3), strides of both signs
    clslice.assign(view, np.s_[1:, ::-1], np.arange(6).reshape(2, 3))
    expected = np.zeros((6, 8), np.int32)
    expected[::-2, 1::3].T[1:, ::-1] = np.arange(6).reshape(2, 3)
    assert base.tolist() == expected.tolist()
    clslice.fill(view, np.s_[0], 9)
    expected[::-2, 1::3].T[0] = 9
    assert base.tolist() == expected.tolist()


@pytest.mark.parametrize("target, value", [
    (np.s_[::-1], np.s_[:]),             # a reversed copy of itself
    (np.s_[1:], np.s_[:-1]),             # shifted forwards
    (np.s_[:-1], np.s_[1:]),             # shifted backwards
    (np.s_[:, ::-1], np.s_[::-1, :]),
])
def test_values_overlapping_the_target_are_read_before_writing(target,
                                                                value):
    x = np.arange(20.0).reshape(4, 5)
    expected = x.copy()
    expected[target] = expected[value].copy()
    clslice.assign(x, target, x[value])
    assert x.tolist() == expected.tolist()


def test_strides_that_are_not_whole_elements_go_through_a_copy():
    rec = np.zeros(5, dtype=[("a", "<i4"), ("b", "S3")])  # 7-byte records
    rec["b"] = [b"abc", b"de", b"f", b"", b"ghi"]
    names = rec["b"]  # itemsize 3, stride 7
    assert names.strides == (7,)
    assert same(clslice.slice(names, np.s_[::-2]), names[::-2])
    clslice.assign(names, np.s_[1::2], np.array([b"xy", b"zzz"]))
    assert rec["b"].tolist() == [b"abc", b"xy", b"f", b"zzz", b"ghi"]
    assert rec["a"].tolist() == [0] * 5


def test_random_views_in_place_match_numpy(rng):
    for i in range(1000):
        shape = random_shape(rng)
        dtype = rng.choice([np.int8, np.float32, np.complex128,
                            np.dtype("S3")])
        x = random_array(rng, shape, dtype, contiguous=False)
        key = random_key(rng, shape)
        where = "seed=%d case=%d shape=%r strides=%r key=%r" % (
            SEED, i, shape, x.strides, key)
        assert same(clslice.slice(x, key), x[key]), where
        vshape = np.shape(x[key])
        value = random_array(rng, vshape, dtype, contiguous=False)
        expected = x.copy()
        expected[key] = value
        clslice.assign(x, key, value)
        assert same(x, expected), where
