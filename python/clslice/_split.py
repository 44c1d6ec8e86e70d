# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The split family by the C library's rules (clslice_plan_split): one plan
per piece, for numpy, TensorFlow, ONNX, OpenVINO and PyTorch splits."""
import ctypes
from typing import List, Optional, Sequence, Tuple

from . import _lib
from ._ints import INT64_MAX, INT64_MIN, as_int, int64_array, is_bool, \
    saturate
from ._lib import lib, Error
from ._plan import Plan, ShapeLike, _shape_array


def split_plans(shape: ShapeLike, style: int, axis: int,
                number: Optional[int] = None,
                sizes: Optional[Sequence[int]] = None,
                bools: bool = False) -> List[Plan]:
    """The plan of every piece of a split of an input of `shape` along
    `axis` in the library's `style`, from its integer argument or its
    list (exactly one of them given).  Errors are the library's, naming
    the framework's argument, the entry and the value.  bools: numpy's
    splits take a bool as 0 or 1 (the frameworks' refuse one)."""
    dims, arr = _shape_array(shape)
    notes: List[str] = []
    values = None if sizes is None else tuple(
        as_int(v, "sizes[%d]" % i, bools) for i, v in enumerate(sizes))
    data, n = int64_array(values, "sizes", notes)
    spec = _lib.SplitSpec(
        style, _axis(axis, bools),
        0 if number is None else saturate(as_int(number, "number", bools),
                                         "number", notes),
        ctypes.cast(data, _lib.c_int64_p), n)
    count = ctypes.c_size_t()
    err = Error()
    status = lib.clslice_plan_split(arr, len(dims), ctypes.byref(spec), None,
                                    0, ctypes.byref(count), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err, notes)
    try:
        ptrs = (ctypes.c_void_p * max(count.value, 1))()
    except (MemoryError, OverflowError):
        raise _lib.ClsliceMemoryError(
            "clslice: a split into %d pieces needs more memory than there "
            "is for its plans" % count.value) from None
    status = lib.clslice_plan_split(arr, len(dims), ctypes.byref(spec), ptrs,
                                    count.value, ctypes.byref(count),
                                    ctypes.byref(err))
    if status:
        _lib.raise_for(status, err, notes)
    return [Plan(ctypes.c_void_p(p)) for p in ptrs[:count.value]]


def _axis(axis: object, bools: bool) -> int:
    """The split axis; one past int64 would wrap in the C call, so it is
    refused, with numpy's class (IndexError)."""
    value = as_int(axis, "axis", bools)
    if not INT64_MIN <= value <= INT64_MAX:
        raise _lib.ClsliceIndexError(
            "clslice: axis = %d does not fit an index-sized integer (int64)"
            % value)
    return value


def number_or_sizes(value: object, name: str, bools: bool = False
                    ) -> Tuple[Optional[int], Optional[Sequence[int]]]:
    """A framework argument that is an integer or a list of them (numpy's
    indices_or_sections, tf.split's num_or_size_splits, torch.split's
    split_size_or_sections)."""
    if is_bool(value) and not bools:
        as_int(value, name)  # raises, naming the bool
    try:
        return as_int(value, name, bools), None
    except TypeError:
        pass
    try:
        return None, list(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError("clslice: %s must be an integer or a sequence of "
                        "integers, got %r" % (name, value)) from None
