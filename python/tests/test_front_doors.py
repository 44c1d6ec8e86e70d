# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""C features at the package's front door: the shape queries
(clslice.shape runs clslice_shape_NAME, no plan), the shared runtime of a
pyopencl context (clslice_runtime_attach), and blocked scatter
(assign_blocked), differential against numpy on the host and the
device."""
import ctypes

import numpy as np
import pytest

import clslice
from clslice import _plan
from conftest import SEED
from keys import random_key, random_shape
from test_blocked import block

SPECS = [
    ((5, 3, 7), clslice.TF([1, 0], [4, 2], [2, 1], shrink_axis_mask=2)),
    ((5, None, 7), clslice.TF(None, None, [1], shrink_axis_mask=1)),
    ((6, 8), clslice.ONNX([-1], [-100], [1], [-2])),
    ((6, 8), clslice.MXNet((None, 1), (4, None), (2, None))),
    ((6, 8), clslice.SliceAxis(1, -3, None)),
    ((6, 8), clslice.SliceLike((2, 3), (1,))),
    ((6, 8), clslice.OpenVINO([1, 0], [0, 0], [1, 1], new_axis_mask=[0, 1],
                              shrink_axis_mask=[1, 0])),
    ((6, 8), clslice.TFLite([1], [3], [1], offset=True)),
    ((6, 8), clslice.TFSlice([1, 2], [-1, 3])),
    ((6, 8), clslice.XLASlice([1, 2], [5, 8], [2, 3])),
    ((6, 8), clslice.DynamicSlice([9, -4], [2, 3])),
    ((6, 8), clslice.DynamicUpdateSlice((2, 3), [9, -4])),
    ((6, 8), clslice.OpenVINOSlice([-1], [-100], [-2], [1])),
    ((6, 8), clslice.Narrow(1, -3, 2)),
    ((6, 8, 2), clslice.Torch("[1:, ..., 0]")),
    ((6, 8), "[None, 1, ::-3]"),
]


def test_shape_queries_agree_with_plans_and_build_none(rng):
    _plan.clear_plan_cache()
    cases = list(SPECS)
    for _ in range(200):
        shape = random_shape(rng, max_rank=4, max_dim=7)
        cases.append((shape, random_key(rng, shape)))
    answers = [clslice.shape(shape, key) for shape, key in cases]
    assert len(_plan._cache) == 0  # nothing planned, nothing cached
    for (shape, key), got in zip(cases, answers):
        assert got == clslice.plan(shape, key).output_shape, \
            (shape, key, SEED)
    # a refused spec raises the plan's error
    with pytest.raises(IndexError, match=r"axes\[0\] = 5"):
        clslice.shape((5, 6), clslice.ONNX([0], [1], [5]))
    with pytest.raises(IndexError, match="advanced indexing"):
        clslice.shape((5,), np.s_[np.array([1])])


def test_shape_query_calls_the_c_query(monkeypatch):
    """clslice.shape runs clslice_shape_tf, not clslice_plan_tf."""
    calls = []
    real = _plan.lib.clslice_shape_tf

    class Spy:
        __name__ = "clslice_shape_tf"

        def __call__(self, *args):
            calls.append(args)
            return real(*args)

    monkeypatch.setattr(_plan.lib, "clslice_shape_tf", Spy())
    _plan.clear_plan_cache()
    assert clslice.shape((4, 5), clslice.TF([1], [3])) == (2, 5)
    assert len(calls) == 1


def _logical(storage, axis, lanes, size):
    """The logical array a blocked storage holds (test_blocked's block
    undone)."""
    moved = np.moveaxis(storage, -1, axis + 1)
    shape = storage.shape[:axis] + (storage.shape[axis] * lanes,) + \
        storage.shape[axis + 1:-1]
    flat = moved.reshape(shape)
    return np.take(flat, np.arange(size), axis=axis)


def _blocked_cases(rng, count):
    for i in range(count):
        shape = random_shape(rng, max_rank=4, max_dim=7)
        while not shape:
            shape = random_shape(rng, max_rank=4, max_dim=7)
        a = (np.arange(int(np.prod(shape))) + 1).astype(np.float32)
        a = a.reshape(shape)
        axis, lanes = rng.randrange(len(shape)), rng.choice([1, 3, 4, 8])
        key = random_key(rng, shape)
        target = np.asarray(a[key]).shape
        value = -(np.arange(int(np.prod(target))) + 1).astype(np.float32)
        value = value.reshape(target)
        value_form = None
        if target and rng.random() < 0.5:
            value_form = (rng.randrange(len(target)), rng.choice([2, 4]))
        yield i, a, (axis, lanes), key, value, value_form


def _expected(a, form, key, value):
    want = a.copy()
    want[key] = value
    return block(want, *form)


def _value_arg(value, value_form):
    if value_form is None:
        return value, None
    return block(value, *value_form), value_form + (value.shape[
        value_form[0]],)


def test_assign_blocked_matches_numpy_on_the_host(rng):
    for i, a, form, key, value, value_form in _blocked_cases(rng, 300):
        x = block(a, *form)
        stored, vform = _value_arg(value, value_form)
        got = clslice.assign_blocked(x, key, stored, exact=True,
                                     blocked=form + (a.shape[form[0]],),
                                     value_blocked=vform)
        want = _expected(a, form, key, value)
        ctx = (i, a.shape, form, key, value_form, SEED)
        assert got is x
        # the whole storage: padding lanes keep their zeros
        assert np.array_equal(x, want), ctx
    # broadcast (the library's rule) and a refusal that writes nothing
    x = block(np.zeros((3, 5), np.float32), 1, 4)
    clslice.assign_blocked(x, np.s_[:, 1:4], 7.0, blocked=(1, 4, 5))
    assert np.array_equal(_logical(x, 1, 4, 5)[:, 1:4], np.full((3, 3), 7))
    before = x.copy()
    with pytest.raises(ValueError):
        clslice.assign_blocked(x, np.s_[:, 1:4], np.ones((3, 2)),
                               exact=True, blocked=(1, 4, 5))
    assert np.array_equal(x, before)


def test_assign_blocked_on_the_device(queue, rng):
    cla = pytest.importorskip("pyopencl.array")
    for i, a, form, key, value, value_form in _blocked_cases(rng, 25):
        d = cla.to_device(queue, block(a, *form))
        stored, vform = _value_arg(value, value_form)
        if i % 2:
            stored = cla.to_device(queue, np.asarray(stored, order="C"))
        clslice.assign_blocked(d, key, stored, exact=True,
                               blocked=form + (a.shape[form[0]],),
                               value_blocked=vform)
        assert np.array_equal(d.get(), _expected(a, form, key, value)), \
            (i, a.shape, form, key, value_form, SEED)


def test_runtime_is_the_contexts_shared_one(queue):
    """An engine in this process that attaches to the context gets the
    package's runtime, and so its built programs."""
    pytest.importorskip("pyopencl.array")
    from clslice import _cl
    from clslice._lib import Error, cl_lib
    ours = _cl.runtime_for(queue.context)
    theirs = ctypes.c_void_p()
    err = Error()
    assert cl_lib.clslice_runtime_attach(queue.context.int_ptr,
                                         ctypes.byref(theirs),
                                         ctypes.byref(err)) == 0
    try:
        assert theirs.value == ours.value
    finally:
        cl_lib.clslice_runtime_release(ctypes.byref(theirs))
