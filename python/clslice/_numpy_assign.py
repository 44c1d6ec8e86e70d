# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy's rules for `x[key] = value`, applied before the library writes.

The library's broadcast rule is TensorFlow's, which accepts what numpy
refuses: any value for an empty slice, and a size-1 array for a single
element.  assign follows numpy instead:
  * a key of integers alone, one per dimension, names one element, and
    numpy converts the value to that element as it converts a scalar (a
    size-1 array is refused for numbers, taken for bool and structured
    dtypes, each with numpy's own exception);
  * any other key: the value broadcasts to the slice's shape (leading
    dimensions of size 1 dropped, then each dimension 1 or the slice's),
    and a nested list may not have more dimensions than the slice.
"""
import re
from typing import Any, Optional, Sequence, Tuple

import numpy as np

from ._lib import ClsliceShapeError

_INTEGER = re.compile(r"\s*[-+]?\d+\s*$")


def _is_element_key(key: Any, rank: int) -> bool:
    """Whether `key` (a numpy key or an expression) is integers alone,
    one per dimension.  Specs of the frameworks are never such keys."""
    if getattr(key, "from_numpy", False):
        key = key.numpy_key  # an Expr made from a numpy key
    text = key if isinstance(key, str) else getattr(key, "text", None)
    if text is not None:
        body = text.strip()
        if body.startswith("[") and body.endswith("]"):
            body = body[1:-1]
        items: Sequence[Any] = [p for p in body.split(",") if p.strip()]
        return len(items) == rank and all(_INTEGER.match(p) for p in items)
    if hasattr(key, "_cache_key"):
        return False  # a framework Spec
    items = key if type(key) is tuple else (key,)
    return len(items) == rank and all(
        isinstance(item, (int, np.integer)) and
        not isinstance(item, (bool, np.bool_)) for item in items)


def element_value(dtype: np.dtype, value: Any) -> np.ndarray:
    """value converted to one element of `dtype` as numpy converts it for
    x[i, j] = value, or numpy's exception."""
    element = np.empty((), dtype)
    element[()] = value
    return element


Target = Tuple[Optional[int], ...]


def _broadcast_shape(value_shape: Tuple[int, ...],
                     target: Target) -> Tuple[int, ...]:
    """value_shape without the leading 1s numpy drops, after checking that
    it broadcasts to `target`."""
    shape = tuple(value_shape)
    while len(shape) > len(target) and shape[0] == 1:
        shape = shape[1:]
    fits = len(shape) <= len(target) and all(
        v == 1 or v == t for v, t in zip(reversed(shape), reversed(target)))
    if not fits:
        raise ClsliceShapeError(
            "clslice: could not broadcast input array from shape %r into "
            "shape %r (numpy's broadcasting rule for assign)"
            % (tuple(value_shape), tuple(target)))
    return shape


def host_value(dtype: np.dtype, key: Any, rank: int, target: Target,
               value: Any) -> np.ndarray:
    """The numpy value to write into the slice `key` (of shape `target`)
    of an array of `dtype` and `rank`, under numpy's rules."""
    if _is_element_key(key, rank):
        return element_value(dtype, value)
    is_array = isinstance(value, (np.ndarray, np.generic))
    array = np.asarray(value, dtype=dtype)
    if not is_array and array.ndim > len(target):
        raise ClsliceShapeError(
            "clslice: setting an array element with a sequence: the value "
            "has %d dimensions, more than the slice's %d"
            % (array.ndim, len(target)))
    shape = _broadcast_shape(array.shape, target)
    return array if shape == array.shape else array.reshape(shape)


def check_device_value(dtype: np.dtype, key: Any, rank: int,
                       target: Target, shape: Tuple[int, ...],
                       value_dtype: np.dtype) -> Tuple[int, ...]:
    """host_value's checks for a device value of `shape`: the shape to
    give the library, or numpy's exception (tried on an empty host array
    of the value's shape, which allocates no pages)."""
    if _is_element_key(key, rank):
        element_value(dtype, np.zeros(shape, value_dtype))
        return ()
    return _broadcast_shape(shape, target)
