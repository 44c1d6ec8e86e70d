# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy.concatenate and numpy.stack for numpy and pyopencl arrays: numpy's
arguments, checks and dtype rules here, the places of the inputs from
clslice_plan_concat and clslice_plan_stack, and the writes by the host
or device executor (one clslice_cl_concat command on a device)."""
import ctypes
import operator
import sys
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from . import _host, _lib
from ._image import ImageTensor
from ._ints import is_bool
from ._lib import lib, Error
from ._plan import Plan

_AxisError = getattr(getattr(np, "exceptions", np), "AxisError")


def join_plans(shapes: Sequence[Tuple[int, ...]], axis: int,
               stack: bool) -> Tuple[Tuple[int, ...], List[Plan]]:
    """The output shape and each input's place (a Plan over it)."""
    count = len(shapes)
    rank = len(shapes[0])
    flat = (ctypes.c_int64 * max(count * rank, 1))(
        *[s for shape in shapes for s in shape])
    out = (ctypes.c_int64 * (rank + 1))()
    ptrs = (ctypes.c_void_p * count)()
    err = Error()
    call = lib.clslice_plan_stack if stack else lib.clslice_plan_concat
    status = call(flat, rank, count, axis, out,
                  ctypes.cast(ptrs, ctypes.POINTER(ctypes.c_void_p)),
                  ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    plans = [Plan(ctypes.c_void_p(p)) for p in ptrs]
    return tuple(out[:rank + (1 if stack else 0)]), plans


def _device_module(arrays: Sequence[Any]) -> Any:
    """The pyopencl executor when any input is a pyopencl array or an
    ImageTensor (numpy inputs are then uploaded), else None; only
    modules already imported are looked at, so numpy users never load
    pyopencl."""
    cla = sys.modules.get("pyopencl.array")
    if not any(isinstance(a, ImageTensor) for a in arrays) and (
            cla is None or not any(isinstance(a, cla.Array)
                                   for a in arrays)):
        return None
    from . import _cl
    return _cl


_C_LONG_MAX = (1 << 63) - 1


def _concat_axis_index(axis: Any) -> Any:
    """numpy.concatenate's reading of axis before the range check: a bool
    is no axis (TypeError), and an integer past a C long is numpy's
    OverflowError.  (numpy.stack reads a bool as 0 or 1.)"""
    if is_bool(axis):
        raise TypeError("an integer is required for the axis")
    try:
        index = operator.index(axis)
    except TypeError:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__) from None
    if not -_C_LONG_MAX - 1 <= index <= _C_LONG_MAX:
        raise OverflowError("Python int too large to convert to C long")
    return index


def _axis(axis: Any, ndim: int) -> int:
    """numpy's normalize_axis_index: an integer in [-ndim, ndim), as
    numpy's AxisError (a ValueError and an IndexError) otherwise."""
    try:
        index: int = operator.index(axis)
    except TypeError:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__) from None
    if not -ndim <= index < ndim:
        raise _AxisError(index, ndim)
    return index % ndim


def _result_dtype(arrays: Sequence[Any], dtype: Any, out: Any,
                  casting: Any, scalars: bool) -> np.dtype:
    """The dtype the inputs are written in (numpy's rules): out's, or
    dtype=, or the inputs' common type; each input must cast to it under
    `casting` (numpy's TypeError otherwise, which calls a 0-d input a
    scalar when `scalars`: concatenate(axis=None) reads them as given,
    stack as 1-d)."""
    target: np.dtype
    if out is not None:
        target = np.dtype(out.dtype)
    elif dtype is not None:
        target = np.dtype(dtype)
    else:
        target = np.result_type(*[a.dtype for a in arrays])
    for a in arrays:
        if not np.can_cast(a.dtype, target, casting=casting):
            what = "scalar" if scalars and a.ndim == 0 else "array data"
            raise TypeError("Cannot cast %s from %r to %r according to the "
                            "rule %r" % (what, np.dtype(a.dtype), target,
                                         casting))
    return target


def _as_arrays(arrays: Any, what: str) -> List[Any]:
    cla = sys.modules.get("pyopencl.array")
    try:
        items = list(arrays)
    except TypeError:
        raise TypeError("clslice: %s takes a sequence of arrays, got %r"
                        % (what, type(arrays).__name__)) from None
    return [a if (cla is not None and isinstance(a, cla.Array)) or
            isinstance(a, (np.ndarray, ImageTensor)) else np.asarray(a)
            for a in items]


def _check_ranks(arrays: Sequence[Any], axis: int) -> None:
    """numpy's rank check, which it makes array by array together with
    the sizes: the first array that differs in either is the one
    reported.  Sizes are clslice_plan_concat's to report (in numpy's
    words), over the arrays up to the first that differs, which all have
    one rank."""
    first = arrays[0]
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != first.ndim:
            raise ValueError(
                "all the input arrays must have same number of dimensions, "
                "but the array at index 0 has %d dimension(s) and the array "
                "at index %d has %d dimension(s)" % (first.ndim, i, a.ndim))
        if any(n != m for d, (n, m) in enumerate(zip(first.shape, a.shape))
               if d != axis):
            join_plans([tuple(b.shape) for b in arrays[:i + 1]], axis,
                       stack=False)  # raises the size's error


def _flattened(arrays: List[Any], dev: Any) -> List[Any]:
    """axis=None: every input as a 1-D array, in C order."""
    if dev is not None:
        return [dev.flatten(a, "arrays[%d]" % i) for i, a in enumerate(arrays)]
    return [a.reshape(-1) for a in arrays]


def _check_out_type(out: Any, dev: Any) -> None:
    """out= before its dtype and shape are read: a numpy array for host
    inputs, a pyopencl array of the inputs' context otherwise."""
    if dev is None and not isinstance(out, np.ndarray):
        raise TypeError("clslice: out must be a numpy array for numpy "
                        "inputs, got %s" % type(out).__name__)
    if dev is not None and not isinstance(out, (dev.cla.Array,
                                                ImageTensor)):
        raise TypeError("clslice: out must be a pyopencl.array.Array (or "
                        "an ImageTensor) for device inputs, got %s"
                        % type(out).__name__)


def _concat_axis(items: List[Any], axis: Optional[int],
                 dev: Any) -> Tuple[List[Any], int]:
    """concatenate's arrays and axis, checked: axis=None joins the
    flattened arrays along 0."""
    if axis is not None:
        axis = _concat_axis_index(axis)  # numpy reads it first
    if not items:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        return _flattened(items, dev), 0
    if items[0].ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    index = _axis(axis, items[0].ndim)
    _check_ranks(items, index)
    return items, index


def _refuse_flat_image(items: List[Any]) -> None:
    """concatenate(axis=None) of image tensors (and numpy arrays) would
    give an image, as other concatenations of images do, but no packing
    holds its 1-D result."""
    cla = sys.modules.get("pyopencl.array")
    if any(isinstance(a, ImageTensor) for a in items) and (
            cla is None or not any(isinstance(a, cla.Array) for a in items)):
        raise ValueError("clslice: concatenate(axis=None) of image tensors "
                         "is 1-D, which no image packing holds: pass out= a "
                         "pyopencl array to take this result")


def _check_out_shape(out: Any, shape: Tuple[int, ...], flat: bool) -> None:
    """out's shape against the result's, with numpy's messages (its own
    for axis=None)."""
    if out.ndim != len(shape):
        raise ValueError("Output array must be 1D" if flat else
                         "Output array has wrong dimensionality")
    if tuple(out.shape) != shape:
        raise ValueError("Output array is the wrong size" if flat else
                         "Output array is the wrong shape")


def _check_arguments(out: Any, dtype: Any, casting: Any, dev: Any) -> None:
    """What numpy.concatenate checks before the arrays, in its order (its
    stack checks the shapes and the axis first, then calls it)."""
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an "
                        "argument, but both were provided.")
    if out is not None:
        _check_out_type(out, dev)
    # numpy's ValueError, in its words, for a rule it does not know.
    np.can_cast(np.int8, np.int8, casting=casting)


def join(arrays: Any, axis: Optional[int], out: Any, dtype: Any,
         casting: str, queue: Any, wait_for: Any, stack: bool,
         allocator: Any = None) -> Any:
    """clslice.concatenate (stack False) and clslice.stack: every check in
    numpy's order before anything is written, then one host or device
    executor call."""
    what = "stack" if stack else "concatenate"
    items = _as_arrays(arrays, what)
    index = 0
    if stack:
        if not items:
            raise ValueError("need at least one array to stack")
        if len({tuple(a.shape) for a in items}) != 1:
            raise ValueError("all input arrays must have the same shape")
        index = _axis(axis, items[0].ndim + 1)
    dev = _device_module(items)
    if dev is None and (queue is not None or wait_for is not None or
                        allocator is not None):
        raise TypeError("clslice: queue=, wait_for= and allocator= apply "
                        "to pyopencl arrays; this call's arrays are on the "
                        "host")
    if out is not None and allocator is not None:
        raise TypeError("clslice: out= and allocator= both given; the "
                        "allocator makes a new result's memory, and out= "
                        "is the result")
    _check_arguments(out, dtype, casting, dev)
    given = items
    if not stack:
        if axis is None and out is None:
            _refuse_flat_image(items)
        items, index = _concat_axis(items, axis, dev)
    # numpy's order: the shapes, out's shape, then the casts.
    shape, plans = join_plans([tuple(a.shape) for a in items], index, stack)
    if out is not None:
        _check_out_shape(out, shape, flat=axis is None and not stack)
    target = _result_dtype(given, dtype, out, casting, scalars=not stack)
    if dev is not None:
        return dev.concat(items, plans, shape, target, out, queue, wait_for,
                          allocator)
    return _host.concat(items, plans, shape, target, out)
