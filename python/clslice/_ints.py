# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Python integers into the C API's fixed-width ones, never wrapped.

ctypes stores 2**64 + 3 in an int64 as 3 without a word; every integer a
caller gives goes through here first.  Bounds and steps saturate at the
int64 extremes: every front-end clamps a bound to the dimension, and a
step past any dimension takes one element, so the int64 extreme gives the
unbounded integer's result.  The saturation is noted, so that an error the
library then reports (a shrink index, an axis, a mask entry) can name the
value the caller wrote.  Integers that select (TF masks, shapes) cannot
saturate and are refused.

A bool is not an integer here: the frameworks whose arguments these are
refuse one (PyTorch's int arguments, TensorFlow's int32/int64 tensors,
numpy.concatenate's axis), so as_int names it.  numpy's own functions
that take a bool as 0 or 1 (stack's and split's axis, split's sections)
pass bools=True.
"""
import ctypes
import operator
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from . import _lib

INT64_MAX = (1 << 63) - 1
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1

Notes = List[str]


INT64_MIN = -INT64_MAX - 1


def is_bool(value: object) -> bool:
    """Python's bool or numpy's (no __index__ in numpy 2, a deprecated one
    before)."""
    return isinstance(value, (bool, np.bool_))


def as_int(value: object, name: str, bools: bool = False) -> int:
    """operator.index(value), with a TypeError naming the argument; a bool
    is refused unless `bools`."""
    if type(value) is int:
        return value
    if is_bool(value) and not bools:
        raise TypeError("clslice: %s must be an integer, got %r (a bool is "
                        "not taken for an integer, as in the frameworks)"
                        % (name, value))
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError("clslice: %s must be an integer, got %r"
                        % (name, value)) from None


def int64_index(value: object, name: str, bools: bool = False) -> int:
    """An integer that selects (an axis, a start that JAX reads as an
    int64 array): as_int, then refused outside int64 with numpy's and
    JAX's class, OverflowError, naming the argument."""
    value = as_int(value, name, bools)
    if not INT64_MIN <= value <= INT64_MAX:
        raise OverflowError("clslice: %s = %d does not fit int64 (numpy and "
                            "JAX refuse such an index: OverflowError)"
                            % (name, value))
    return value


def saturate(value: int, name: str, notes: Optional[Notes]) -> int:
    """value clamped to [-INT64_MAX, INT64_MAX]; a clamp is noted."""
    if -INT64_MAX <= value <= INT64_MAX:
        return value
    clamped = INT64_MAX if value > 0 else -INT64_MAX
    if notes is not None:
        notes.append("%s = %d was read as %d, past int64" % (name, value,
                                                             clamped))
    return clamped


def int64_array(values: Optional[Sequence[int]], name: str,
                notes: Optional[Notes]) -> Tuple[Any, int]:
    """A ctypes int64 array of saturated values and its length; (None, 0)
    for None."""
    if values is None:
        return None, 0
    out = (ctypes.c_int64 * max(len(values), 1))()
    for i, v in enumerate(values):
        out[i] = saturate(v, "%s[%d]" % (name, i), notes)
    return out, len(values)


def int32_mask(value: object, name: str) -> int:
    """A TF bit mask: TensorFlow reads the attribute as an int32 and
    refuses one outside that range, so clslice refuses it too."""
    value = as_int(value, name)
    if not INT32_MIN <= value <= INT32_MAX:
        raise _lib.ClsliceSpecError(
            "clslice: %s = %d is outside int32; TensorFlow's masks are "
            "32-bit integers, one bit per slot" % (name, value))
    return value


def shape_size(value: int, name: str) -> int:
    """A known size of an input shape: up to INT64_MAX."""
    if value > INT64_MAX:
        raise _lib.ClsliceArgumentError(
            "clslice: %s = %d is past int64; no array has such a size"
            % (name, value))
    return value
