# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Blocked tensors (clslice.h, "Blocked layouts") as numpy and pyopencl
arrays hold them: the dense storage, the logical shape with the blocked
axis counting blocks, then one more dim, last, of lanes; the same
convention as the tool's --src-blocked and --dst-blocked."""
import ctypes
import operator
from typing import Any, Optional, Tuple, cast

import numpy as np

from . import _host, _lib
from ._lib import Blocking, Error, lib
from ._plan import Key, plan_for

# (axis, block, logical size of the axis or None: every lane)
Form = Tuple[int, int, Optional[int]]


def parse(value: Any, name: str, with_size: bool) -> Optional[Form]:
    """blocked= or out_blocked= as (axis, block, size); None stays None."""
    if value is None:
        return None
    want = "(axis, block) or (axis, block, size)" if with_size \
        else "(axis, block)"
    try:
        fields = [operator.index(v) for v in value]
    except TypeError:
        raise TypeError("clslice: %s=%r: expected %s of integers"
                        % (name, value, want)) from None
    if len(fields) not in ((2, 3) if with_size else (2,)):
        raise ValueError("clslice: %s=%r: expected %s" % (name, value, want))
    axis, block = fields[0], fields[1]
    size = fields[2] if len(fields) == 3 else None
    if axis < 0 or block < 1 or block > 2**31 - 1 or \
            (size is not None and size < 0):
        raise ValueError("clslice: %s=%r: the axis must be >= 0, the block "
                         "1 to 2**31 - 1 lanes, the size >= 0"
                         % (name, value))
    return axis, block, size


def logical_shape(storage: Tuple[int, ...], form: Form,
                  name: str) -> Tuple[int, ...]:
    """The logical shape of a blocked tensor stored as `storage`."""
    axis, block, size = form
    if len(storage) < 2 or axis >= len(storage) - 1 or \
            storage[-1] != block:
        raise ValueError("clslice: %s=%r: the array's shape %r is not a "
                         "blocked storage of that axis (its last dim must "
                         "hold the %d lanes, and axis %d come before it)"
                         % (name, form[:2], storage, block, axis))
    blocks = storage[axis]
    if size is None:
        size = blocks * block
    if -(-size // block) != blocks:
        raise ValueError("clslice: %s: an axis of size %d fills %d blocks "
                         "of %d lanes, the array has %d"
                         % (name, size, -(-size // block), block, blocks))
    return storage[:axis] + (size,) + storage[axis + 1:-1]


def storage_shape(shape: Tuple[int, ...], form: Form,
                  name: str) -> Tuple[int, ...]:
    """The dense storage shape of a blocked tensor of logical `shape`."""
    axis, block, _ = form
    if axis >= len(shape):
        raise ValueError("clslice: %s: axis %d is not a dim of the result "
                         "(rank %d)" % (name, axis, len(shape)))
    return shape[:axis] + (-(-shape[axis] // block),) + \
        shape[axis + 1:] + (block,)


def _blocking(form: Optional[Form]) -> Any:
    if form is None:
        return None
    return ctypes.pointer(Blocking(axis=form[0], block=form[1]))


def _plan(shape: Tuple[int, ...], key: Key, form: Optional[Form],
          out_form: Optional[Form]) -> Tuple[Any, Tuple[int, ...]]:
    """The plan on the logical input, and the result's array shape."""
    plan = plan_for(key, logical_shape(shape, form, "blocked")
                    if form else shape)
    # Every dim is known: the input's shape is an array's.
    out_shape = cast(Tuple[int, ...], plan.output_shape)
    if out_form:
        out_shape = storage_shape(out_shape, out_form, "out_blocked")
    return plan, out_shape


def gather_host(x: np.ndarray, key: Key, form: Optional[Form],
                out_form: Optional[Form]) -> np.ndarray:
    """The host's blocked gather of contiguous x into a new array."""
    _host._check_dtype(x.dtype, "x")
    x = _host._contiguous(x)
    plan, out_shape = _plan(x.shape, key, form, out_form)
    out = np.empty(out_shape, x.dtype)
    if not out.size or not x.dtype.itemsize:
        return out
    err = Error()
    desc = _lib.HostGatherDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize,
        src=_lib.HostTensor(x.ctypes.data, x.nbytes, 0, None),
        dst=_lib.HostTensor(out.ctypes.data, out.nbytes, 0, None),
        src_blocking=_blocking(form), dst_blocking=_blocking(out_form))
    status = lib.clslice_host_gather2(ctypes.byref(desc), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    return out


def _c_strides(shape: Tuple[int, ...], itemsize: int) -> Tuple[int, ...]:
    strides = []
    step = itemsize
    for d in reversed(shape):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def gather_device(x: Any, key: Key, form: Optional[Form],
                  out_form: Optional[Form], queue: Any,
                  wait_for: Any, allocator: Any = None) -> Any:
    """The device's blocked gather of pyopencl array x (made contiguous
    first when it is a view) into a new array, enqueued."""
    from . import _cl
    from ._cl_call import call_head, new_array, queue_for, side
    from ._lib import cl_lib
    _host._check_dtype(x.dtype, "x")
    queue = queue_for(x, queue)
    plan, out_shape = _plan(x.shape, key, form, out_form)  # checks first
    x = _cl.contiguous(x, "x", queue, wait_for)
    size = int(np.prod(out_shape, dtype=np.int64))
    out = new_array(x, queue, out_shape, x.dtype, size,
                    _c_strides(out_shape, x.dtype.itemsize), allocator)
    if not size or not x.dtype.itemsize:
        return out
    named = (("x", x),)
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    src_blocking, dst_blocking = _blocking(form), _blocking(out_form)
    src, src_svm = side(x, "x", strided=False)
    dst, dst_svm = side(out, "out", strided=False)
    desc = _lib.CLGatherDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize, src=src, dst=dst,
        src_blocking=src_blocking, dst_blocking=dst_blocking,
        src_svm=src_svm, dst_svm=dst_svm)
    err = Error()
    status = cl_lib.clslice_cl_gather(_cl.runtime_for(x.context),
                                      ctypes.byref(call), ctypes.byref(desc),
                                      ctypes.byref(err))
    return _cl._finish(status, err, event, out, wait_for, named)


def _value_shape(value_shape: Tuple[int, ...],
                 value_form: Optional[Form]) -> Tuple[int, ...]:
    """The value's logical shape: its array's, or that of the blocked
    tensor it stores (value_blocked=)."""
    if value_form is None:
        return value_shape
    return logical_shape(value_shape, value_form, "value_blocked")


def _scatter_plan(x_shape: Tuple[int, ...], key: Key,
                  form: Optional[Form]) -> Any:
    return plan_for(key, logical_shape(x_shape, form, "blocked")
                    if form else x_shape)


def scatter_host(x: np.ndarray, key: Key, value: Any, form: Optional[Form],
                 value_form: Optional[Form], rule: int) -> np.ndarray:
    """Writes value into the slice `key` of the blocked tensor that the
    C-contiguous numpy array x stores, in place (clslice_host_scatter2
    with dst_blocking and value_blocking); returns x."""
    _host._check_dtype(x.dtype, "x")
    _host._writable(x)
    if not x.flags.c_contiguous:
        raise ValueError("clslice: assign_blocked writes a C-contiguous x "
                         "(the blocked storage itself)")
    plan = _scatter_plan(x.shape, key, form)
    value = np.asarray(value, dtype=x.dtype)
    if np.may_share_memory(value, x) or not value.flags.c_contiguous:
        value = np.array(value, order="C")  # read whole before writing
    shape = _value_shape(value.shape, value_form)
    dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    err = Error()
    desc = _lib.HostScatterDesc(
        plan=plan._ptr.value, elem_size=max(x.dtype.itemsize, 1),
        value=_lib.HostTensor(value.ctypes.data, value.nbytes, 0, None),
        value_shape=dims, value_rank=len(shape), rule=rule,
        dst=_lib.HostTensor(x.ctypes.data, x.nbytes, 0, None),
        value_blocking=_blocking(value_form), dst_blocking=_blocking(form))
    status = lib.clslice_host_scatter2(ctypes.byref(desc), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    return x


def scatter_device(x: Any, key: Key, value: Any, form: Optional[Form],
                   value_form: Optional[Form], rule: int, queue: Any,
                   wait_for: Any) -> Any:
    """scatter_host for a C-contiguous pyopencl array x, enqueued
    (clslice_cl_scatter); a numpy value is uploaded first (blocking), a
    device value in x's buffer copied first."""
    import pyopencl.array as cla
    from . import _cl
    from ._cl_call import (allocator_for, call_head, mem_or_scratch,
                           queue_for, same_context, side)
    from ._lib import cl_lib
    _host._check_dtype(x.dtype, "x")
    queue = queue_for(x, queue)
    if not x.flags.c_contiguous:
        raise ValueError("clslice: assign_blocked writes a C-contiguous x "
                         "(the blocked storage itself)")
    plan = _scatter_plan(x.shape, key, form)
    if isinstance(value, cla.Array):
        same_context(value, x, "value")
        value = _cl._device_array_value(x, value, queue)
        value = _cl.contiguous(value, "value", queue)
    else:
        value = cla.to_device(queue, np.asarray(value, dtype=x.dtype,
                                                order="C"),
                              allocator=allocator_for(x, queue))
    shape = _value_shape(tuple(value.shape), value_form)
    if not x.size or not x.dtype.itemsize:
        return x
    dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    named = (("x", x), ("value", value))
    event = ctypes.c_void_p()
    value_side, value_svm, keep = mem_or_scratch(value, strided=False)
    dst, dst_svm = side(x, "x", strided=False)
    call = call_head(queue, wait_for, named, event)
    desc = _lib.CLScatterDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize,
        value=value_side, value_shape=dims, value_rank=len(shape),
        rule=rule, dst=dst, value_blocking=_blocking(value_form),
        dst_blocking=_blocking(form), value_svm=value_svm, dst_svm=dst_svm)
    err = Error()
    status = cl_lib.clslice_cl_scatter(_cl.runtime_for(x.context),
                                       ctypes.byref(call), ctypes.byref(desc),
                                       ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _cl._finish(status, err, event, x, wait_for, named)
