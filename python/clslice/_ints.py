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
"""
import ctypes
import operator
from typing import Any, List, Optional, Sequence, Tuple

from . import _lib

INT64_MAX = (1 << 63) - 1
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1

Notes = List[str]


def as_int(value: object, name: str) -> int:
    """operator.index(value), with a TypeError naming the argument."""
    if type(value) is int:
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError("clslice: %s must be an integer, got %r"
                        % (name, value)) from None


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
