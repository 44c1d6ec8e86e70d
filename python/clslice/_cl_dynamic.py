# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl arrays whose slice position lives on the device: StableHLO
dynamic_slice and dynamic_update_slice with start_indices in a pyopencl
array (clslice_cl_xla_dynamic).  The starts are clamped on the device so
that the window fits, and the window's shape is known on the host, so
nothing waits for the device: an engine's KV-cache write at a position
that a kernel computed is enqueued behind that kernel's event."""
import ctypes
from typing import Any, Sequence, Tuple

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from . import _lib
from ._cl import _finish, contiguous, runtime_for
from ._cl_call import (allocator_for, call_head, mem, queue_for,
                       same_context)
from ._host import EXACT
from ._ints import as_int
from ._lib import cl_lib as lib, Error


def _spec(operand: Any, starts: Any, sizes: Sequence[int]) -> Any:
    """The front-end spec of start indices on the device: a contiguous
    1-D int32 or int64 array with one entry per dimension of operand."""
    same_context(starts, operand, "start_indices", "operand")
    if starts.dtype not in (np.int32, np.int64) or starts.ndim != 1:
        raise TypeError("clslice: start_indices on the device must be a 1-D "
                        "int32 or int64 pyopencl array, got %s of shape %r"
                        % (starts.dtype, starts.shape))
    if starts.size != operand.ndim:
        raise _lib.ClsliceArgumentError(
            "clslice: start_indices has %d entries but operand has rank %d"
            % (starts.size, operand.ndim))
    starts = contiguous(starts, "start_indices")
    window = (ctypes.c_int64 * max(len(sizes), 1))(*sizes)
    values = _lib.DeviceValues(mem(starts), starts.offset, starts.size)
    spec = _lib.XLADynamicSpec(int(starts.dtype == np.int64), values,
                               window, len(sizes))
    return spec, (starts, window)


def _enqueue(operand: Any, spec: Any, desc: Any, target: Any, queue: Any,
             wait_for: Any, named: Tuple[Tuple[str, Any], ...]) -> Any:
    info = cl.Buffer(operand.context, cl.mem_flags.READ_WRITE,
                     _lib.DYNAMIC_INFO_BYTES)
    desc.info = info.int_ptr
    event = ctypes.c_void_p()
    err = Error()
    call = call_head(queue, wait_for, named, event)
    status = lib.clslice_cl_xla_dynamic(runtime_for(operand.context),
                                        ctypes.byref(call),
                                        ctypes.byref(desc),
                                        ctypes.byref(spec), ctypes.byref(err))
    # OpenCL keeps `info` alive while the enqueued commands use it
    return _finish(status, err, event, target, wait_for, named)


def _shape_of(operand: Any) -> Any:
    return (ctypes.c_int64 * max(operand.ndim, 1))(*operand.shape)


def dynamic_slice(operand: Any, starts: Any, slice_sizes: Sequence[int],
                  queue: Any, wait_for: Any) -> Any:
    """The window of slice_sizes at the device's start indices, a new
    array of operand's kind."""
    queue = queue_for(operand, queue, "operand")
    sizes = [as_int(v, "slice_sizes[%d]" % i)
             for i, v in enumerate(slice_sizes)]
    spec, keep = _spec(operand, starts, sizes)
    src = contiguous(operand, "operand", queue, wait_for)
    out = cla.empty(queue, tuple(sizes), operand.dtype,
                    allocator=allocator_for(operand, queue))
    shape = _shape_of(operand)
    desc = _lib.CLDynamicDesc(
        shape=shape, rank=operand.ndim, kind=_lib.DYNAMIC_GATHER,
        elem_size=operand.dtype.itemsize,
        src=_lib.CLTensor(mem(src), src.offset),
        dst=_lib.CLTensor(mem(out), out.offset))
    named = (("operand", src), ("start_indices", keep[0]))
    return _enqueue(operand, spec, desc, out, queue, wait_for, named)


def dynamic_update_slice(operand: Any, update: Any, starts: Any,
                         queue: Any, wait_for: Any) -> Any:
    """update written in place into operand (C-contiguous) at the
    device's start indices; returns operand."""
    queue = queue_for(operand, queue, "operand")
    if not operand.flags.c_contiguous:
        raise TypeError("clslice: dynamic_update_slice with start_indices "
                        "on the device writes a C-contiguous operand only")
    if isinstance(update, cla.Array):
        same_context(update, operand, "update", "operand")
        if update.dtype != operand.dtype:
            raise TypeError("clslice: update has dtype %s, operand %s"
                            % (update.dtype, operand.dtype))
        update = contiguous(update, "update", queue)
    else:
        update = cla.to_device(queue, np.ascontiguousarray(
            update, dtype=operand.dtype),
            allocator=allocator_for(operand, queue))
    spec, keep = _spec(operand, starts, update.shape)
    value_shape = (ctypes.c_int64 * max(update.ndim, 1))(*update.shape)
    shape = _shape_of(operand)
    desc = _lib.CLDynamicDesc(
        shape=shape, rank=operand.ndim, kind=_lib.DYNAMIC_SCATTER,
        elem_size=operand.dtype.itemsize,
        src=_lib.CLTensor(mem(update), update.offset),
        dst=_lib.CLTensor(mem(operand), operand.offset),
        value_shape=value_shape,
        value_rank=update.ndim, rule=EXACT)
    named = (("operand", operand), ("update", update),
             ("start_indices", keep[0]))
    return _enqueue(operand, spec, desc, operand, queue, wait_for, named)
