# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Seeded differential tests against numpy's own basic indexing."""
import numpy as np
import pytest

import clslice
from keys import (DTYPES, hostile_key, random_array, random_key,
                  random_shape, same)
from conftest import SEED

CASES = 3000


def _case(i, shape, key, extra=""):
    return "seed=%d case=%d shape=%r key=%r%s" % (SEED, i, shape, key, extra)


@pytest.mark.parametrize("contiguous", [True, False],
                         ids=["contiguous", "noncontiguous"])
def test_slice_matches_numpy(rng, contiguous):
    checked = 0
    for i in range(CASES):
        shape = random_shape(rng)
        dtype = rng.choice(DTYPES)
        x = random_array(rng, shape, dtype, contiguous)
        key = random_key(rng, shape)
        where = _case(i, shape, key, " dtype=%s strides=%r" % (
            np.dtype(dtype), x.strides))
        expected = x[key]
        ours = clslice.slice(x, key)
        assert same(ours, expected), where
        assert not np.shares_memory(ours, x), where
        checked += 1
    assert checked == CASES


def test_expression_strings_match_numpy(rng):
    """The same keys written as text, as a person would type them."""
    for i in range(CASES // 3):
        shape = random_shape(rng)
        x = random_array(rng, shape, np.int32)
        key = random_key(rng, shape)
        items = key if isinstance(key, tuple) else (key,)
        text = ", ".join(_text(rng, item) for item in items)
        if rng.random() < 0.5:
            text = "[" + text + "]"
        assert same(clslice.slice(x, text), x[key]), _case(i, shape, text)


def _text(rng, item):
    if item is None:
        return rng.choice(["None", "np.newaxis", "newaxis"])
    if item is Ellipsis:
        return "..."
    if isinstance(item, slice):
        parts = ["" if v is None else str(max(-(1 << 63) + 1,
                                              min(v, (1 << 63) - 1)))
                 for v in (item.start, item.stop, item.step)]
        return ":".join(parts) if item.step is not None or rng.random() < .5 \
            else ":".join(parts[:2])
    return str(int(item))


def test_invalid_keys_raise_index_error_like_numpy(rng):
    for i in range(CASES // 3):
        shape = random_shape(rng)
        x = random_array(rng, shape, np.float32)
        key = random_key(rng, shape, valid=False)
        with pytest.raises(IndexError):
            x[key]
        with pytest.raises(IndexError) as info:
            clslice.slice(x, key)
        assert isinstance(info.value, clslice.ClsliceIndexError), \
            _case(i, shape, key)


def test_shape_matches_numpy_and_keeps_unknowns(rng):
    for i in range(CASES // 3):
        shape = random_shape(rng)
        key = random_key(rng, shape)
        expected = np.empty(shape, np.int8)[key].shape
        assert clslice.shape(shape, key) == expected, _case(i, shape, key)
        assert clslice.shape([-1] * len(shape), key) == \
            clslice.shape([None] * len(shape), key)


@pytest.mark.parametrize("contiguous", [True, False],
                         ids=["contiguous", "noncontiguous"])
def test_assign_matches_numpy(rng, contiguous):
    for i in range(CASES // 2):
        shape = random_shape(rng)
        dtype = rng.choice(DTYPES)
        x = random_array(rng, shape, dtype, contiguous)
        key = random_key(rng, shape)
        target = x[key]
        # A value of the slice's shape, or a broadcastable one (dims of 1,
        # fewer dims, a scalar).
        vshape = tuple(1 if rng.random() < 0.3 else d
                       for d in np.shape(target))
        vshape = vshape[rng.randint(0, len(vshape)):] if vshape else ()
        value = random_array(rng, vshape, dtype)
        expected = x.copy()
        expected[key] = value
        before = x.copy()
        ours = clslice.assign(x, key, value)
        where = _case(i, shape, key, " value shape=%r" % (vshape,))
        assert ours is x, where
        assert same(x, expected), where
        if vshape == np.shape(target):
            y = before.copy()
            clslice.assign(y, key, value, exact=True)
            assert same(y, expected), where


def test_fill_matches_numpy(rng):
    for i in range(CASES // 3):
        shape = random_shape(rng)
        x = random_array(rng, shape, np.float64, rng.random() < 0.5)
        key = random_key(rng, shape)
        expected = x.copy()
        expected[key] = 2.5
        clslice.fill(x, key, 2.5)
        assert same(x, expected), _case(i, shape, key)


def test_grad_is_zeros_with_dy_in_the_slice(rng):
    for i in range(CASES // 3):
        shape = random_shape(rng)
        key = random_key(rng, shape)
        dy = random_array(rng, np.empty(shape, np.int8)[key].shape,
                          np.float32)
        expected = np.zeros(shape, np.float32)
        expected[key] = dy
        assert same(clslice.slice_grad(shape, dy, key), expected), \
            _case(i, shape, key)


def test_results_are_new_arrays_of_the_input_kind():
    x = np.arange(6).reshape(2, 3)
    y = clslice.slice(x, np.s_[:, 1])
    y[:] = -1
    assert x[:, 1].tolist() == [1, 4]
    assert clslice.slice(x, np.s_[1, 2]).shape == ()
    assert clslice.slice([[1, 2], [3, 4]], np.s_[::-1, 0]).tolist() == [3, 1]
    assert clslice.slice(np.float32(3), "[None]").tolist() == [3.0]


def _outcome(fn):
    """('ok', result) or ('raised', the exception)."""
    try:
        return "ok", fn()
    except Exception as exc:  # noqa: BLE001 (compared with numpy's)
        return "raised", exc


def test_hostile_keys_match_numpy_results_and_exception_classes(rng):
    """Keys with integers past int64, second ellipses, zero steps, floats
    and too many indices: clslice gives numpy's result, or raises an
    instance of the class numpy raises (never wraps an integer)."""
    raised = 0
    for i in range(CASES):
        shape = random_shape(rng, max_rank=3, max_dim=4)
        x = random_array(rng, shape, rng.choice([np.int16, "M8[s]"]))
        key = hostile_key(rng, shape)
        where = _case(i, shape, key)
        theirs, expected = _outcome(lambda: x[key])
        ours, got = _outcome(lambda: clslice.slice(x, key))
        shape_kind, shape_got = _outcome(lambda: clslice.shape(shape, key))
        if theirs == "raised":
            raised += 1
            assert ours == "raised", where + " numpy raised %r" % expected
            assert isinstance(got, type(expected)), \
                where + " numpy: %r, clslice: %r" % (expected, got)
            assert isinstance(shape_got, type(expected)), where
        else:
            assert ours == "ok", where + " clslice raised %r" % got
            assert same(got, expected), where
            assert shape_got == np.shape(expected), where
    # The generator must exercise both outcomes in earnest.
    assert CASES // 4 < raised < CASES * 3 // 4, raised


def test_assign_matches_numpy_for_any_value_shape(rng):
    """Values that broadcast, do not broadcast, or hold one element more
    than the slice's dimensions, as arrays and as nested lists: clslice
    writes what numpy writes or raises numpy's class, writing nothing."""
    raised = 0
    for i in range(CASES // 2):
        shape = random_shape(rng, max_rank=3, max_dim=4)
        dtype = rng.choice([np.int32, np.float64, np.bool_, "M8[D]"])
        x = random_array(rng, shape, dtype)
        key = random_key(rng, shape)
        target = np.shape(x[key])
        vshape = tuple(rng.choice([1, d, d + 1, 0]) for d in target)
        vshape = tuple(rng.choice([1, 2]) for _ in range(
            rng.randint(0, 2))) + vshape[rng.randint(0, len(vshape)):] \
            if vshape else tuple(rng.choice([1, 2])
                                 for _ in range(rng.randint(0, 2)))
        value = random_array(rng, vshape, dtype)
        if rng.random() < 0.3 and np.dtype(dtype).kind in "if":
            value = value.tolist()
        where = _case(i, shape, key, " value shape=%r %s" % (
            vshape, type(value).__name__))
        expected = x.copy()
        theirs, exc = _outcome(lambda: expected.__setitem__(key, value))
        before = x.copy()
        ours, got = _outcome(lambda: clslice.assign(x, key, value))
        if theirs == "raised":
            raised += 1
            assert ours == "raised", where + " numpy raised %r" % exc
            assert isinstance(got, type(exc)), \
                where + " numpy: %r, clslice: %r" % (exc, got)
            assert same(x, before), where + " written half-way"
        else:
            assert ours == "ok", where + " clslice raised %r" % got
            assert same(x, expected), where
    assert CASES // 20 < raised < CASES // 2 * 3 // 4, raised
