# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""clslice.concatenate and clslice.stack, differential against numpy's:
results byte for byte (strided and reversed inputs, every axis sign,
mixed dtypes, out=), numpy's exception classes and messages, and on
pyopencl arrays one command that waits for its inputs.  About 6 s on
PoCL, most of it the device cases (pyopencl builds a kernel for each pair
of dtypes it converts)."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_array, same

DTYPES = [np.int8, np.float16, np.float32, np.int64, np.complex128,
          np.dtype("S3"), np.dtype([("a", "<i4"), ("b", "<f8")])]
# Pairs whose common type numpy decides by promotion.
MIXED = [np.bool_, np.int8, np.uint8, np.int32, np.float32, np.float64]


def _concat_inputs(rng, dtype=None, contiguous=None):
    """Inputs that numpy can concatenate: one rank (1 to 4), one size on
    every dim but `axis`, sizes 0 to 4 along it; and an axis of either
    sign."""
    rank = rng.randint(1, 4)
    common = [rng.randint(1, 4) for _ in range(rank)]
    axis = rng.randint(-rank, rank - 1)
    arrays = []
    for _ in range(rng.randint(1, 5)):
        shape = list(common)
        shape[axis] = rng.randint(0, 4)
        kind = dtype if dtype is not None else rng.choice(MIXED)
        flat = rng.random() < 0.6 if contiguous is None else contiguous
        arrays.append(random_array(rng, tuple(shape), kind, contiguous=flat))
    return arrays, axis


def _stack_inputs(rng, dtype=None):
    rank = rng.randint(0, 3)
    shape = tuple(rng.randint(0, 4) for _ in range(rank))
    count = rng.randint(1, 5)
    arrays = [random_array(rng, shape, dtype or rng.choice(MIXED),
                           contiguous=rng.random() < 0.6)
              for _ in range(count)]
    return arrays, rng.randint(-rank - 1, rank)


def _finite(arrays):
    """Random bytes give NaN payloads that a cast may or may not keep;
    differential casts compare values without them."""
    return [np.nan_to_num(a) if a.dtype.kind == "f" else a for a in arrays]


def test_concatenate_matches_numpy(rng):
    for i in range(400):
        dtype = rng.choice(DTYPES)
        arrays, axis = _concat_inputs(rng, dtype)
        where = "seed=%d case=%d shapes=%r axis=%d dtype=%s" % (
            SEED, i, [a.shape for a in arrays], axis, np.dtype(dtype))
        assert same(clslice.concatenate(arrays, axis=axis),
                    np.concatenate(arrays, axis=axis)), where


def test_concatenate_axis_none_joins_the_flattened_arrays(rng):
    for i in range(100):
        arrays = [random_array(rng, tuple(rng.randint(0, 3) for _ in
                                          range(rng.randint(0, 3))),
                               np.int16, contiguous=rng.random() < 0.5)
                  for _ in range(rng.randint(1, 4))]
        where = "seed=%d case=%d shapes=%r" % (
            SEED, i, [a.shape for a in arrays])
        assert same(clslice.concatenate(arrays, axis=None),
                    np.concatenate(arrays, axis=None)), where


def test_stack_matches_numpy(rng):
    for i in range(300):
        dtype = rng.choice(DTYPES)
        arrays, axis = _stack_inputs(rng, dtype)
        where = "seed=%d case=%d shape=%r count=%d axis=%d" % (
            SEED, i, arrays[0].shape, len(arrays), axis)
        assert same(clslice.stack(arrays, axis=axis),
                    np.stack(arrays, axis=axis)), where


# Casting random values may overflow; numpy warns, and so do we.
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_mixed_dtypes_promote_and_cast_as_numpy(rng):
    castings = ["no", "equiv", "safe", "same_kind", "unsafe"]
    for i in range(300):
        arrays, axis = _concat_inputs(rng)
        arrays = _finite(arrays)
        kwargs = {"casting": rng.choice(castings)}
        if rng.random() < 0.5:
            kwargs["dtype"] = rng.choice(MIXED)
        where = "seed=%d case=%d dtypes=%r kwargs=%r" % (
            SEED, i, [a.dtype for a in arrays], kwargs)
        try:
            expected = np.concatenate(arrays, axis=axis, **kwargs)
        except TypeError as exc:
            with pytest.raises(TypeError) as ours:
                clslice.concatenate(arrays, axis=axis, **kwargs)
            assert str(ours.value) == str(exc), where
            continue
        assert same(clslice.concatenate(arrays, axis=axis, **kwargs),
                    expected), where


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_out_takes_any_layout_and_decides_the_dtype(rng):
    for i in range(150):
        arrays, axis = _concat_inputs(rng)
        arrays = _finite(arrays)
        shape = np.concatenate(arrays, axis=axis).shape
        kind = rng.choice(MIXED)
        steps = tuple(rng.choice([1, 2, -1, -2]) for _ in shape)
        base = random_array(rng, tuple(n * abs(k) for n, k in
                                       zip(shape, steps)), kind)
        if rng.random() < 0.3:
            base = np.asfortranarray(base)
        key = tuple(slice(None, None, k) for k in steps)
        ours_base, theirs_base = base.copy(order="K"), base.copy(order="K")
        ours = ours_base[key]
        where = "seed=%d case=%d shape=%r out=%s %r" % (
            SEED, i, shape, np.dtype(kind), ours.strides)
        try:
            np.concatenate(arrays, axis=axis, out=theirs_base[key],
                           casting="unsafe")
        except TypeError:
            continue
        got = clslice.concatenate(arrays, axis=axis, out=ours,
                                  casting="unsafe")
        assert got is ours, where
        # Elements outside the view are untouched as well.
        assert same(ours_base, theirs_base), where


def test_out_into_a_strided_view_leaves_the_rest_alone():
    x = np.arange(8 * 6, dtype=np.int32).reshape(8, 6)
    before = x.copy()
    a, b = np.full((2, 3), -1, np.int32), np.full((2, 3), -2, np.int32)
    view = x[::2, ::-2]
    clslice.concatenate([a, b], axis=0, out=view)
    expected = before.copy()
    np.concatenate([a, b], axis=0, out=expected[::2, ::-2])
    assert x.tolist() == expected.tolist()
    y = np.zeros((2, 3, 2), np.float64)
    clslice.stack([a, b], axis=-1, out=y)
    assert y.tolist() == np.stack([a, b], axis=-1).astype(float).tolist()


def test_an_out_that_overlaps_an_input_gets_the_result_as_if_computed_first():
    # numpy writes input by input, so this concatenate of numpy reads
    # [4 5 6 7] back for the second part; clslice reads every input first.
    x = np.arange(8)
    clslice.concatenate([x[4:], x[:4]], out=x)
    assert x.tolist() == [4, 5, 6, 7, 0, 1, 2, 3]
    y = np.arange(8)
    clslice.stack([y[4:], y[:4]], out=y.reshape(2, 4))
    assert y.tolist() == [4, 5, 6, 7, 0, 1, 2, 3]


def test_sequences_and_lists_are_read_as_numpy_reads_them():
    assert same(clslice.concatenate(([1, 2], np.array([3.5]))),
                np.concatenate(([1, 2], np.array([3.5]))))
    assert same(clslice.stack((x for x in ([1], [2]))),
                np.stack([[1], [2]]))
    assert same(clslice.concatenate([np.array(["ab"]), np.array(["abcd"])]),
                np.concatenate([np.array(["ab"]), np.array(["abcd"])]))
    assert same(clslice.concatenate([np.array(1), np.array(2)], axis=None),
                np.concatenate([np.array(1), np.array(2)], axis=None))


A = np.zeros((2, 3))
B = np.zeros((2, 4))
ERRORS = [
    ("concatenate", ([A, B],), {"axis": 0}),
    ("concatenate", ([A, np.zeros(3)],), {}),
    ("concatenate", ([np.array(1), np.array(2)],), {}),
    ("concatenate", ([A, A],), {"axis": 2}),
    ("concatenate", ([A, A],), {"axis": -3}),
    ("concatenate", ([A, A],), {"axis": 1.0}),
    ("concatenate", ([],), {}),
    ("concatenate", ([A, A],), {"dtype": np.int32}),
    ("concatenate", ([A, A],), {"dtype": np.int32, "casting": "bogus"}),
    ("concatenate", ([A, A],), {"out": np.zeros((4, 4))}),
    ("concatenate", ([A, A],), {"out": np.zeros((4, 3)), "dtype": float}),
    ("concatenate", ([A, A],), {"out": np.zeros((4, 3), np.int64)}),
    ("stack", ([A, B],), {}),
    ("stack", ([A, A],), {"axis": 3}),
    ("stack", ([A, A],), {"axis": -4}),
    ("stack", ([A, A],), {"axis": None}),
    ("stack", ([],), {}),
    ("stack", ([A, A],), {"out": np.zeros((2, 3, 3))}),
    # Shapes are checked before casts.
    ("concatenate", ([A, B],), {"out": np.zeros((4, 3), np.int64)}),
    ("concatenate", ([A, A],), {"out": np.zeros((5, 3), np.int64)}),
    ("concatenate", ([A, B],), {"dtype": np.int64}),
    ("stack", ([A, B],), {"out": np.zeros((4, 3), np.int64)}),
]


@pytest.mark.parametrize("name,args,kwargs", ERRORS)
def test_errors_are_numpys(name, args, kwargs):
    with pytest.raises(Exception) as theirs:
        getattr(np, name)(*args, **kwargs)
    with pytest.raises(type(theirs.value)) as ours:
        getattr(clslice, name)(*args, **kwargs)
    assert str(ours.value) == str(theirs.value)


def _hostile_call(rng):
    """Arguments that numpy may refuse for any of its reasons: ranks,
    sizes, axes, casts, out's shape and dtype."""
    rank = rng.randint(0, 3)
    arrays = []
    for _ in range(rng.randint(1, 3)):
        r = rank if rng.random() < 0.8 else rng.randint(0, 3)
        shape = tuple(rng.randint(1, 2) for _ in range(r))
        arrays.append(np.zeros(shape, rng.choice(MIXED)))
    kwargs = {"axis": rng.choice([None, -4, -3, -2, -1, 0, 1, 2, 3])}
    if rng.random() < 0.5:
        kwargs["casting"] = rng.choice(["no", "safe", "same_kind"])
    if rng.random() < 0.4:
        kwargs["dtype"] = rng.choice(MIXED)
    if rng.random() < 0.4:
        shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
        kwargs["out"] = np.zeros(shape, rng.choice(MIXED))
    return arrays, kwargs


@pytest.mark.parametrize("name", ["concatenate", "stack"])
def test_random_refusals_are_numpys(rng, name):
    checked = 0
    for i in range(400):
        arrays, kwargs = _hostile_call(rng)
        if name == "stack" and kwargs["axis"] is None:
            kwargs["axis"] = 0
        where = "seed=%d case=%d %s shapes=%r %r" % (
            SEED, i, name, [(a.shape, a.dtype) for a in arrays], kwargs)
        theirs_out = kwargs.get("out")
        try:
            expected = getattr(np, name)(arrays, **kwargs)
        except Exception as exc:
            if theirs_out is not None:
                kwargs["out"] = theirs_out.copy()
            with pytest.raises(type(exc)) as ours:
                getattr(clslice, name)(arrays, **kwargs)
            assert str(ours.value) == str(exc), where
            checked += 1
            continue
        if theirs_out is not None:
            kwargs["out"] = np.zeros_like(theirs_out)
        assert same(getattr(clslice, name)(arrays, **kwargs),
                    np.asarray(expected)), where
    assert checked > 50  # the generator does make refusals


def test_a_refused_call_leaves_out_alone(queue):
    cla = pytest.importorskip("pyopencl.array")
    a = np.ones((2, 3))
    for make, get in ((lambda x: x, lambda x: x),
                      (lambda x: cla.to_device(queue, x), lambda x: x.get())):
        out = make(np.full((4, 3), 7, np.int64))
        given = [make(a), make(a)]
        with pytest.raises(TypeError, match="Cannot cast"):
            clslice.concatenate(given, out=out)
        with pytest.raises(ValueError):
            clslice.concatenate([make(a), make(np.ones((2, 4)))], out=out)
        assert (get(out) == 7).all()


def test_errors_numpy_cannot_have():
    with pytest.raises(TypeError, match="sequence of arrays, got 'int'"):
        clslice.concatenate(5)
    with pytest.raises(TypeError, match="plain-data dtypes"):
        clslice.concatenate([np.array([None]), np.array([1])])
    with pytest.raises(TypeError, match="queue=, wait_for= and allocator= apply"):
        clslice.stack([A, A], queue=object())
    with pytest.raises(TypeError, match="out must be a numpy array"):
        clslice.concatenate([A, A], out=[0] * 12)
    frozen = np.zeros((4, 3))
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="out"):
        clslice.concatenate([A, A], out=frozen)


# --- pyopencl arrays ----------------------------------------------------

def _device_view(cla, queue, rng, a):
    """A pyopencl array equal to `a`, sometimes a reversed or stepped view
    of a larger buffer (read in place by the library)."""
    if a.ndim == 0 or not a.size or rng.random() < 0.4:
        return cla.to_device(queue, a.copy())  # 0-d stays 0-d
    steps = tuple(rng.choice([1, 2, -1]) for _ in range(a.ndim))
    base = np.zeros(tuple(n * abs(k) for n, k in zip(a.shape, steps)),
                    a.dtype)
    key = tuple(slice(None, None, k) for k in steps)
    base[key] = a
    return cla.to_device(queue, base)[key]


def test_device_concatenate_and_stack_match_numpy(rng, queue):
    cla = pytest.importorskip("pyopencl.array")
    for i in range(120):
        dtype = rng.choice([np.int8, np.float32, np.int64, np.complex128])
        if rng.random() < 0.5:
            arrays, axis = _concat_inputs(rng, dtype)
            join = "concatenate"
        else:
            arrays, axis = _stack_inputs(rng, dtype)
            join = "stack"
        given = [a if rng.random() < 0.2 else
                 _device_view(cla, queue, rng, a) for a in arrays]
        if all(isinstance(a, np.ndarray) for a in given):
            given[0] = cla.to_device(queue, arrays[0].copy())
        where = "seed=%d case=%d %s shapes=%r axis=%d" % (
            SEED, i, join, [a.shape for a in arrays], axis)
        got = getattr(clslice, join)(given, axis=axis)
        assert isinstance(got, cla.Array) and got.queue is queue, where
        assert same(got.get(), getattr(np, join)(arrays, axis=axis)), where


def test_device_join_is_one_command_with_one_event(queue):
    cla = pytest.importorskip("pyopencl.array")
    parts = [cla.to_device(queue, np.full((3, 4, 1), k, np.float32))
             for k in range(5)]
    got = clslice.concatenate(parts, axis=-1)
    assert len(got.events) == 1
    assert got.get().tolist() == np.concatenate(
        [p.get() for p in parts], axis=-1).tolist()


def test_device_out_views_dtypes_and_overlap(queue):
    cla = pytest.importorskip("pyopencl.array")
    x = np.arange(48, dtype=np.int32).reshape(8, 6)
    d = cla.to_device(queue, x)
    a = cla.to_device(queue, np.full((2, 3), -1, np.int32))
    # out= a strided view: only its elements change.
    clslice.concatenate([a, a[::-1]], axis=0, out=d[::2, ::-2])
    expected = x.copy()
    np.concatenate([np.full((2, 3), -1)] * 2, out=expected[::2, ::-2])
    assert d.get().tolist() == expected.tolist()
    # Inputs of other dtypes are converted to the result's.
    f = cla.to_device(queue, np.array([[0.5, 1.5, 2.5]], np.float32))
    got = clslice.concatenate([a, f], axis=0)
    assert got.dtype == np.float64
    assert got.get().tolist() == [[-1, -1, -1]] * 2 + [[0.5, 1.5, 2.5]]
    # An input in out's buffer is read before out is written.
    v = cla.to_device(queue, np.arange(8, dtype=np.int64))
    clslice.concatenate([v[4:], v[:4]], out=v)
    assert v.get().tolist() == [4, 5, 6, 7, 0, 1, 2, 3]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_device_inputs_of_other_dtypes_convert_as_numpy(rng, queue):
    cla = pytest.importorskip("pyopencl.array")
    # pyopencl's kernels convert numbers; bool, float16 and strings go
    # through the host.
    fixed = [[np.array([b"ab"], "S3"), np.array([b"abcd"], "S5")],
             [np.array(["ab"]), np.array([1])],
             [np.array([1.5], np.float16), np.array([7], np.int64)]]
    for i in range(40):
        if i < len(fixed):
            arrays, axis = fixed[i], 0
        else:
            arrays, axis = _concat_inputs(rng, contiguous=True)
            arrays = _finite(arrays)
        where = "seed=%d case=%d dtypes=%r" % (
            SEED, i, [a.dtype for a in arrays])
        given = [cla.to_device(queue, a) for a in arrays]
        got = clslice.concatenate(given, axis=axis)
        assert same(got.get(), np.concatenate(arrays, axis=axis)), where


def test_device_join_waits_for_inputs_and_wait_for(queue):
    cla = pytest.importorskip("pyopencl.array")
    import pyopencl as cl
    a = cla.to_device(queue, np.arange(4, dtype=np.int32))
    gate, later = cl.UserEvent(queue.context), cl.UserEvent(queue.context)
    a.add_event(gate)
    got = clslice.stack([a, a[::-1]], wait_for=[later])
    done = cl.command_execution_status.COMPLETE
    assert got.events[-1].command_execution_status != done
    gate.set_status(done)
    later.set_status(done)
    assert got.get().tolist() == [[0, 1, 2, 3], [3, 2, 1, 0]]


def test_device_errors_name_the_argument(queue):
    cla = pytest.importorskip("pyopencl.array")
    a = cla.to_device(queue, np.zeros((2, 3), np.float32))
    with pytest.raises(TypeError, match="out must be a pyopencl"):
        clslice.concatenate([a, a], out=np.zeros((4, 3), np.float32))
    with pytest.raises(TypeError, match="Cannot cast array data from "
                       "dtype\\('float32'\\) to dtype\\('int32'\\)"):
        clslice.concatenate([a, a], out=cla.zeros(queue, (4, 3), np.int32))
    with pytest.raises(ValueError, match="Output array is the wrong shape"):
        clslice.stack([a, a], out=cla.zeros(queue, (2, 3, 3), np.float32))
    with pytest.raises(ValueError, match="Output array has wrong dimen"):
        clslice.stack([a, a], out=cla.zeros(queue, (4, 3), np.float32))
