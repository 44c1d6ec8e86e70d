# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Strided pyopencl views (transposed, sliced, reversed, with new axes)
as sources and destinations, differential against the same views of a
numpy array.  The library reads and writes them in place through the
strided calls: x.offset is element 0's byte offset and x.strides, in
bytes and of any sign, become element strides."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_array, random_key, same

cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")

CASES = 1500
VIEW_DTYPES = [np.int8, np.float16, np.float32, np.int64, np.complex128,
               np.dtype("S3"), np.dtype([("a", "<i4"), ("b", "<f8")])]


def _view_item(rng, n):
    """A non-empty slice or an integer for a dim of size n.  (pyopencl
    miscounts empty slices that run against their step, so views are
    made of non-empty ones; empty results come from the keys.)"""
    if n == 0:
        return slice(None)
    if rng.random() < 0.15:
        return rng.randint(-n, n - 1)
    step = rng.choice([1, 2, 3, -1, -1, -2, -3])
    # Mostly long runs, so that most views have strides that matter.
    if step > 0:
        start = rng.randint(0, n // 2)
        stop = n if rng.random() < 0.6 else rng.randint(start + 1, n)
        return slice(start, None if stop == n else stop, step)
    start = rng.randint((n - 1) // 2, n - 1)
    stop = -1 if rng.random() < 0.6 else rng.randint(-1, start - 1)
    return slice(start, None if stop < 0 else stop, step)


def view_base_shape(rng):
    """Rank 1 to 4, mostly dims of 2 to 7, sometimes 0 or 1."""
    return tuple(rng.randint(2, 7) if rng.random() < 0.85
                 else rng.randint(0, 1) for _ in range(rng.randint(1, 4)))


def random_view(rng, shape):
    """A key and an axis order that make a view of an array of `shape`;
    apply with apply_view, to a numpy and a pyopencl array alike."""
    items = tuple(_view_item(rng, n) for n in shape)
    rank = sum(1 for i in items if isinstance(i, slice))
    if rng.random() < 0.2:
        at = rng.randint(0, len(items))
        items = items[:at] + (None,) + items[at:]
        rank += 1
    perm = list(range(rank))
    if rng.random() < 0.7:
        rng.shuffle(perm)
    return items, tuple(perm)


def apply_view(a, view):
    items, perm = view
    # The trailing ... keeps numpy's 0-d results arrays (views), not
    # scalars; pyopencl gives arrays either way.
    v = a[items + (Ellipsis,)]
    return v.transpose(perm) if len(perm) > 1 else v


def _case(i, shape, view, key, extra=""):
    return "seed=%d case=%d base=%r view=%r key=%r%s" % (
        SEED, i, shape, view, key, extra)


def test_gather_from_views_matches_numpy(rng, queue):
    strided = 0
    for i in range(CASES):
        shape = view_base_shape(rng)
        dtype = rng.choice(VIEW_DTYPES)
        host = random_array(rng, shape, dtype)
        view = random_view(rng, shape)
        hv = apply_view(host, view)
        dv = apply_view(cla.to_device(queue, host), view)
        assert dv.shape == hv.shape
        strided += not dv.flags.c_contiguous
        key = random_key(rng, hv.shape)
        where = _case(i, shape, view, key, " strides=%r" % (dv.strides,))
        out = clslice.slice(dv, key)
        assert out.flags.c_contiguous and out.queue is queue, where
        assert same(out.get(), hv[key]), where
    assert strided > CASES // 2, strided  # mostly strided views indeed


def test_writes_into_views_match_numpy(rng, queue):
    for i in range(CASES // 2):
        shape = view_base_shape(rng)
        dtype = rng.choice([np.float32, np.int16, np.dtype("S3")])
        host = random_array(rng, shape, dtype)
        view = random_view(rng, shape)
        d = cla.to_device(queue, host)
        dv = apply_view(d, view)
        hv = apply_view(host, view)  # a numpy view: writes reach host
        key = random_key(rng, hv.shape)
        tshape = hv[key].shape
        vshape = tuple(1 if rng.random() < 0.3 else s for s in tshape)
        value = random_array(rng, vshape, dtype)
        where = _case(i, shape, view, key, " value shape=%r" % (vshape,))
        r = rng.random()
        if r < 0.4:
            v = value
        elif r < 0.7:
            v = cla.to_device(queue, value)
        else:
            # A strided device value: every other row of a larger array,
            # backwards.
            v = cla.to_device(queue, value)
            if vshape and vshape[0]:
                wide = np.zeros((2 * vshape[0],) + vshape[1:], dtype)
                wide[::-2] = value
                v = cla.to_device(queue, wide)[::-2]
        assert clslice.assign(dv, key, v) is dv, where
        hv[key] = value
        # The whole buffer: nothing outside the view's slice was touched.
        assert same(d.get(), host), where
        if dtype == np.float32:
            clslice.fill(dv, key, -2.5)
            hv[key] = -2.5
            assert same(d.get(), host), where


def test_values_that_share_the_target_buffer_are_read_first(queue):
    host = np.arange(30, dtype=np.int32).reshape(5, 6)
    d = cla.to_device(queue, host)
    # Overlapping source and target rows, one of them reversed.
    clslice.assign(d, np.s_[1:], d[:4, ::-1])
    host[1:] = host[:4, ::-1].copy()
    assert d.get().tolist() == host.tolist()
    clslice.assign(d.T, np.s_[::2], d.T[1::2][:3])
    ht = host.T
    ht[::2] = ht[1::2][:3].copy()
    assert d.get().tolist() == host.tolist()


def test_grad_and_csr_take_strided_device_arrays(queue):
    dy_host = np.arange(12, dtype=np.float32).reshape(3, 4)
    dy = cla.to_device(queue, dy_host).T  # (4, 3), strided
    g = clslice.slice_grad((4, 6), dy, np.s_[:, ::2])
    expected = np.zeros((4, 6), np.float32)
    expected[:, ::2] = dy_host.T
    assert g.get().tolist() == expected.tolist()

    sp = pytest.importorskip("scipy.sparse")
    m = sp.random(5, 7, density=0.4, format="csr", random_state=3,
                  dtype=np.float64)
    # data, indices and indptr as every-other-entry views of larger arrays.
    parts = []
    for a in (m.data, m.indices, m.indptr):
        wide = np.zeros(2 * len(a), a.dtype)
        wide[::2] = a
        parts.append(cla.to_device(queue, wide)[::2])
    (data, indices, indptr), shape = clslice.csr_slice(
        tuple(parts), np.s_[1:4, ::-2], shape=m.shape)
    got = sp.csr_matrix((data.get(), indices.get(), indptr.get()),
                        shape=shape)
    assert (got != m[1:4, ::-2]).nnz == 0


def test_views_are_checked_against_their_buffer(queue):
    d = cla.to_device(queue, np.zeros(8, np.float32))
    # A view pyopencl allows but whose bytes run past the buffer.
    bad = d._new_with_changes(d.base_data, offset=16, shape=(4,),
                              strides=(8,))
    with pytest.raises(clslice.ClsliceBufferError, match="src"):
        clslice.slice(bad, np.s_[::-1])
    odd = d._new_with_changes(d.base_data, offset=0, shape=(3,),
                              strides=(6,))
    with pytest.raises(ValueError, match="multiples of its element size"):
        clslice.slice(odd, np.s_[:])
    # A destination view that holds one element twice is refused, and
    # nothing is written.
    twice = d._new_with_changes(d.base_data, offset=0, shape=(2, 2),
                                strides=(4, 0))
    with pytest.raises(clslice.ClsliceArgumentError, match=r"dst\.strides"):
        clslice.fill(twice, np.s_[:], 1.0)
    assert d.get().tolist() == [0.0] * 8
