# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy basic-indexing keys: their clslice expression, and the exception
numpy raises for a key it refuses.

The library checks an expression in its own order (a zero step while it
parses, before it counts the indices); numpy checks a key in three passes
and raises the first failure of the first pass that fails:
  1. each item in turn: a second Ellipsis, an object that is not an index
     (IndexError), an integer past int64 (OverflowError below 2**64, else
     IndexError);
  2. the count of indices against the rank (IndexError);
  3. each dimension in turn: an integer out of bounds (IndexError), a
     slice step of zero (ValueError), a slice bound that is not an
     integer (TypeError).
When the library refuses a numpy key, the exception numpy would raise is
worked out here, and raised instead unless the library's is of the same
class (its message says more).  Keys only reach this on failure: the
per-call path of a valid key is key_to_expr and a cache look-up.
"""
import operator
from typing import Any, List, Optional, Sequence, Tuple

from ._ints import INT64_MAX
from ._lib import ClsliceIndexError, ClsliceSpecError

_INT64_MIN = -INT64_MAX - 1
_UINT64_END = 1 << 64
# numpy's message lists integer and boolean arrays among valid indices;
# clslice does basic indexing only, so it says what it takes, what it
# does not, and where to go instead.
_NOT_AN_INDEX = ("clslice takes integers, slices (`:`), ellipsis (`...`) "
                 "and numpy.newaxis (`None`) only; integer and boolean "
                 "arrays (advanced indexing) are not supported: index a "
                 "numpy array with numpy itself (x[key]), and gather a "
                 "pyopencl array by integer indices with "
                 "pyopencl.array.take")

Shape = Sequence[Optional[int]]


def _bound(value: Any) -> str:
    if value is None:
        return ""
    if type(value) is not int:
        value = operator.index(value)
    if -INT64_MAX <= value <= INT64_MAX:
        return str(value)
    # A bound or step past int64 clamps as numpy clamps it: to the int64
    # extreme, which is past every dimension.
    return str(INT64_MAX if value > 0 else -INT64_MAX)


def key_to_expr(key: Any) -> str:
    """The clslice expression of a numpy basic-indexing key.  Raises what
    numpy raises for a key it refuses without looking at a shape."""
    items = key if type(key) is tuple else (key,)
    parts: List[str] = []
    for item in items:
        kind = type(item)
        if kind is slice:
            try:
                text = _bound(item.start) + ":" + _bound(item.stop)
                if item.step is not None:
                    text += ":" + _bound(item.step)
            except TypeError:
                raise _slice_error(items, len(parts)) from None
            parts.append(text)
        elif kind is int and _INT64_MIN <= item <= INT64_MAX:
            parts.append(str(item))
        elif item is None:
            parts.append("None")
        elif item is Ellipsis:
            parts.append("...")
        elif kind is bool or kind.__name__ == "bool_":
            raise ClsliceIndexError(
                "clslice: boolean index %r is advanced indexing; %s"
                % (item, _NOT_AN_INDEX))
        else:
            try:
                value = operator.index(item)
            except TypeError:
                value = None
            if value is None or not _INT64_MIN <= value <= INT64_MAX:
                raise _item_error(items) or _not_an_index(item, len(parts))
            parts.append(str(value))
    return ",".join(parts)


def _not_an_index(item: Any, pos: int) -> Exception:
    return ClsliceIndexError(
        "clslice: item %d of the key, %r (%s), is not basic indexing: %s"
        % (pos, item, type(item).__name__, _NOT_AN_INDEX))


def _slice_error(items: Sequence[Any], pos: int) -> Exception:
    return _item_error(items) or _slice_part_error(items[pos], pos) or \
        TypeError("clslice: item %d of the key is not a valid slice" % pos)


def _item_error(items: Sequence[Any]) -> Optional[Exception]:
    """numpy's first pass: the first item that is no index at all."""
    seen_ellipsis = False
    for pos, item in enumerate(items):
        if item is None or type(item) is slice:
            continue
        if item is Ellipsis:
            if seen_ellipsis:
                return ClsliceIndexError(
                    "clslice: an index can only have a single ellipsis "
                    "('...'); item %d is a second one" % pos)
            seen_ellipsis = True
            continue
        if type(item) is bool or type(item).__name__ == "bool_":
            return ClsliceIndexError(
                "clslice: boolean index %r (item %d) is advanced indexing; %s"
                % (item, pos, _NOT_AN_INDEX))
        try:
            value = operator.index(item)
        except TypeError:
            return _not_an_index(item, pos)
        if INT64_MAX < value < _UINT64_END:
            return OverflowError(
                "clslice: index %d (item %d of the key) is past int64, the "
                "index size (numpy raises OverflowError)" % (value, pos))
        if not _INT64_MIN <= value <= INT64_MAX:
            return ClsliceIndexError(
                "clslice: index %d (item %d of the key) does not fit an "
                "index-sized integer; %s" % (value, pos, _NOT_AN_INDEX))
    return None


def _slice_part_error(item: slice, pos: int) -> Optional[Exception]:
    """A slice's own failure, in the order Python unpacks it: the step's
    type, a zero step, then the bounds' types."""
    for part in ("step", "start", "stop"):
        value = getattr(item, part)
        if value is None:
            continue
        try:
            value = operator.index(value)
        except TypeError:
            return TypeError(
                "clslice: slice indices must be integers or None or have an "
                "__index__ method; item %d has %s %r" % (pos, part, value))
        if part == "step" and value == 0:
            return ClsliceSpecError(
                "clslice: slice step cannot be zero (item %d of the key)"
                % pos)
    return None


def numpy_key_error(key: Any, shape: Shape) -> Optional[Exception]:
    """The exception numpy raises for `key` on an array of `shape` (None
    sizes are unknown and pass), or None where numpy would accept it."""
    items: Tuple[Any, ...] = key if type(key) is tuple else (key,)
    first = _item_error(items)
    if first is not None:
        return first
    rank = len(shape)
    indexed = sum(1 for item in items
                  if item is not None and item is not Ellipsis)
    if indexed > rank:
        return ClsliceIndexError(
            "clslice: too many indices for array: array is %d-dimensional, "
            "but %d were indexed" % (rank, indexed))
    dim = 0
    for pos, item in enumerate(items):
        if item is None:
            continue
        if item is Ellipsis:
            dim += rank - indexed
            continue
        if type(item) is slice:
            error = _slice_part_error(item, pos)
            if error is not None:
                return error
        else:
            value, size = operator.index(item), shape[dim]
            if size is not None and size >= 0 and not -size <= value < size:
                return ClsliceIndexError(
                    "clslice: index %d is out of bounds for axis %d with "
                    "size %d (item %d of the key)" % (value, dim, size, pos))
        dim += 1
    return None


#: What planning a numpy key may raise (ClsliceError's subclasses are
#: ValueErrors and IndexErrors).
KEY_ERRORS = (IndexError, OverflowError, TypeError, ValueError)


def numpy_key_failure(key: Any, shape: Shape,
                      raised: Exception) -> Exception:
    """The exception to raise for a numpy key that planning refused with
    `raised`: numpy's, unless `raised` is already of numpy's class."""
    expected = numpy_key_error(key, shape)
    if expected is None:
        return raised
    for cls in KEY_ERRORS:
        if isinstance(expected, cls):
            return raised if isinstance(raised, cls) else expected
    return expected
