# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The per-call shortcuts: the plan cache (least recently used plan goes
first, a dropped plan is released), the fast pyopencl Array construction
(it must make the array pyopencl.array.empty makes) and the direct
dispatch in clslice.slice (same results as the generic path)."""
import gc
import weakref

import numpy as np
import pytest

import clslice
from clslice import _plan
from conftest import SEED
from keys import random_key, random_shape


@pytest.fixture
def small_cache(monkeypatch):
    """A plan cache of four entries, empty at the start and the end."""
    _plan.clear_plan_cache()
    monkeypatch.setattr(_plan, "_CACHE_LIMIT", 4)
    yield
    _plan.clear_plan_cache()


def test_identical_keys_share_one_plan(small_cache):
    a = clslice.plan((5, 6), np.s_[1:, ::-2])
    assert clslice.plan((5, 6), "1:,::-2") is a
    assert clslice.plan((5, 6), clslice.Expr("1:, ::-2")) is not a  # text
    assert clslice.plan((5, 7), np.s_[1:, ::-2]) is not a
    assert _plan.plan_for(np.s_[1:, ::-2], (5, 6)) is a


def test_cache_evicts_the_least_recently_used_plan(small_cache):
    plans = [clslice.plan((n,), np.s_[::2]) for n in range(4)]
    # Touch the oldest: the next insertion must evict (1,) instead.
    assert clslice.plan((0,), np.s_[::2]) is plans[0]
    refs = [weakref.ref(p) for p in plans]
    del plans
    clslice.plan((9,), np.s_[::2])
    gc.collect()
    alive = [r() is not None for r in refs]
    assert alive == [True, False, True, True]
    assert len(_plan._cache) == 4


def test_a_cached_plan_outlives_its_eviction_while_held(small_cache):
    held = clslice.plan((3, 3), np.s_[1])
    for n in range(10):
        clslice.plan((n,), np.s_[:])
    assert (held.input_shape, held.output_shape) == ((3, 3), (3,))
    x = np.arange(9).reshape(3, 3)
    assert clslice.slice(x, np.s_[1]).tolist() == [3, 4, 5]


def test_direct_dispatch_matches_the_generic_spec_path(rng):
    for i in range(500):
        shape = random_shape(rng)
        x = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
        key = random_key(rng, shape)
        where = "seed=%d case=%d shape=%r key=%r" % (SEED, i, shape, key)
        expected = x[key]
        for k in (key, clslice.key_to_expr(key), clslice.Expr(key)):
            got = clslice.slice(x, k)
            assert got.shape == expected.shape, where
            assert np.array_equal(got, expected), where


def test_numpy_subclasses_and_lists_take_the_generic_path():
    m = np.ma.masked_array(np.arange(6).reshape(2, 3))
    assert clslice.slice(m, np.s_[:, ::-1]).tolist() == [[2, 1, 0],
                                                          [5, 4, 3]]
    assert clslice.slice((1, 2, 3), "::-1").tolist() == [3, 2, 1]


def _array_facts(a):
    return (a.shape, a.dtype, a.strides, a.size, a.nbytes, a.offset,
            a.flags.c_contiguous, a.flags.f_contiguous, a.allocator,
            a.base_data is None, a.queue, a.context)


def test_fast_arrays_are_the_arrays_empty_makes(queue):
    cla = pytest.importorskip("pyopencl.array")
    import pyopencl.tools as cl_tools
    from clslice import _cl_call
    x = cla.empty(queue, (2,), np.float32)
    pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(queue))
    for shape in [(), (1,), (7,), (3, 1, 4), (1, 1), (2, 0, 3), (0,)]:
        for dtype in (np.int8, np.float64, np.dtype("S3"),
                      np.dtype([("a", "<i4"), ("b", "<f8")])):
            dtype = np.dtype(dtype)
            size = int(np.prod(shape))
            plan = clslice.plan(shape, "...")
            ours = _cl_call.new_array(x, queue, shape, dtype, size,
                                      plan.output_strides(dtype.itemsize),
                                      pool)
            theirs = cla.empty(queue, shape, dtype, allocator=pool)
            assert _array_facts(ours) == _array_facts(theirs), (shape, dtype)


def test_without_the_fast_constructor_results_are_the_same(queue,
                                                           monkeypatch):
    cla = pytest.importorskip("pyopencl.array")
    from clslice import _cl_call
    host = np.arange(24, dtype=np.int16).reshape(2, 3, 4)
    d = cla.to_device(queue, host)
    fast = clslice.slice(d, np.s_[:, ::-2, 1:])
    monkeypatch.setattr(_cl_call, "FAST_ARRAY", False)
    slow = clslice.slice(d, np.s_[:, ::-2, 1:])
    assert _array_facts(fast)[:-2] == _array_facts(slow)[:-2]
    assert np.array_equal(fast.get(), host[:, ::-2, 1:])
    assert np.array_equal(slow.get(), host[:, ::-2, 1:])
    pieces = clslice.split(d, [1, 3], axis=2)
    assert [p.offset for p in pieces] == [0, 12, 36]  # int16, packed
    for p, e in zip(pieces, np.split(host, [1, 3], axis=2)):
        assert p.flags.c_contiguous and np.array_equal(p.get(), e)


def test_device_results_use_the_input_allocator(queue):
    cla = pytest.importorskip("pyopencl.array")
    import pyopencl.tools as cl_tools
    pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(queue))
    host = np.arange(40, dtype=np.float32).reshape(5, 8)
    d = cla.to_device(queue, host, allocator=pool)
    for _ in range(3):
        y = clslice.slice(d, np.s_[::2, ::-3])
        assert y.allocator is pool
        assert np.array_equal(y.get(), host[::2, ::-3])
    assert pool.active_blocks >= 2


def test_host_calls_go_through_the_descriptor_calls(monkeypatch):
    """One C function per operation: the contiguous gather and scatter
    run clslice_host_gather2 / _scatter2 (the plain twins are never
    called), through each thread's reused descriptor."""
    from clslice import _host
    made = []

    def spy(name, real):
        def call(*args):
            made.append(name)
            return real(*args)
        return call

    for name in ("_gather2", "_scatter2"):
        monkeypatch.setattr(_host, name, spy(name, getattr(_host, name)))
    x = np.arange(30.0).reshape(5, 6)
    assert np.array_equal(clslice.slice(x, np.s_[1:, ::2]), x[1:, ::2])
    y = x.copy()
    clslice.assign(y, np.s_[::2], -1.0)
    want = x.copy()
    want[::2] = -1
    assert np.array_equal(y, want)
    assert made == ["_gather2", "_scatter2"]


def test_reused_descriptor_after_a_failure_and_across_threads():
    import threading
    from clslice import _host
    x = np.arange(24, dtype=np.int32).reshape(4, 6)
    plan = clslice.plan(x.shape, np.s_[:, 1:])
    out = np.empty(plan.output_shape, x.dtype)
    with pytest.raises(clslice.ClsliceBufferError, match="src.bytes"):
        _host._run_gather(plan, 4, (x.ctypes.data, 8, 0, None),
                          (out.ctypes.data, out.nbytes, 0, None))
    assert np.array_equal(clslice.slice(x, np.s_[:, 1:]), x[:, 1:])
    failures = []

    def work(seed):
        a = np.arange(seed, seed + 64, dtype=np.int64).reshape(8, 8)
        for _ in range(300):
            if not np.array_equal(clslice.slice(a, np.s_[::3, 2:]),
                                  a[::3, 2:]) or not np.array_equal(
                    clslice.slice(a.T, np.s_[1:]), a.T[1:]):
                failures.append(seed)
                return
    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
