# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl arrays whose slice position lives on the device: StableHLO
dynamic_slice and dynamic_update_slice with start_indices in a pyopencl
array (clslice_cl_xla_dynamic).  The starts are clamped on the device so
that the window fits, and the window's shape is known on the host, so
nothing waits for the device: an engine's KV-cache write at a position
that a kernel computed is enqueued behind that kernel's event.

JAX's reading of a negative start (allow_negative_indices, its default:
the start counts from the end of its dimension) is applied on the device
too, by a one-line pyopencl kernel that writes int64 starts (a start plus
its dimension where it is negative and the dimension wraps) before the
library's clamp; the library itself reads starts as StableHLO does, a
negative one clamped to 0.  That kernel is built once per context (by
pyopencl, which caches its binary) and only where a dimension wraps.

Any of the arrays may lie in shared virtual memory (a pyopencl array over
cl.SVM, an SVMAllocation or an SVMAllocator's or SVMPool's memory): it
goes to the C call as the descriptor's SVM member (src_svm, dst_svm, or
values_svm[0] for the starts) instead of a buffer."""
import ctypes
import threading
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from . import _lib
from ._cl import _finish, _shares_buffer, contiguous, copy, runtime_for
from ._cl_call import allocator_for, call_head, queue_for, same_context, side
from ._host import EXACT
from ._ints import as_int
from ._lib import cl_lib as lib, Error


_wrap_kernels: Dict[Tuple[int, str], Any] = {}
_wrap_lock = threading.Lock()


def _wrap_kernel(context: Any, dtype: np.dtype) -> Any:
    """out[i] = s[i] + add[i] where s[i] < 0, else s[i], in int64 (no
    overflow: add[i] is a dimension, >= 0, added to a negative start)."""
    key = (context.int_ptr, dtype.name)
    kernel = _wrap_kernels.get(key)
    if kernel is None:
        from pyopencl.elementwise import ElementwiseKernel
        ctype = "int" if dtype == np.int32 else "long"
        with _wrap_lock:
            kernel = _wrap_kernels.setdefault(key, ElementwiseKernel(
                context, "const %s *s, const long *add, long *out" % ctype,
                "out[i] = s[i] < 0 ? (long)s[i] + add[i] : (long)s[i]",
                "clslice_jax_starts"))
    return kernel


def release_wrap_kernels() -> None:
    """Forgets the kernels (release_runtimes: they hold their contexts)."""
    with _wrap_lock:
        _wrap_kernels.clear()


def _jax_starts(operand: Any, starts: Any, wraps: List[bool], queue: Any,
                wait_for: Any) -> Any:
    """starts as JAX reads them before StableHLO's clamp: a negative
    start of a dimension that wraps counts from its end.  The starts stay
    on the device: the dimensions go up without blocking, and the kernel
    runs behind wait_for and the starts' events."""
    if not any(wraps):
        return starts
    add = np.array([n if wrap else 0 for n, wrap in zip(operand.shape,
                                                        wraps)], np.int64)
    # Plain buffers, not a pool's: OpenCL keeps them until the commands
    # that use them are done, where a pool could hand them to a command
    # on another queue as soon as these arrays are collected.
    adds = cla.to_device(queue, add, async_=True)
    out = cla.empty(queue, starts.shape, np.int64)
    waits = list(wait_for or []) + list(starts.events) + list(adds.events)
    event = _wrap_kernel(operand.context, starts.dtype)(
        starts, adds, out, queue=queue, wait_for=waits)
    out.add_event(event)
    return out


def wraps_of(allow_negative_indices: Any, rank: int) -> List[bool]:
    """allow_negative_indices (a bool, or one per dimension) per dimension."""
    if isinstance(allow_negative_indices, (list, tuple)):
        wraps = [bool(v) for v in allow_negative_indices]
        if len(wraps) != rank:
            raise _lib.ClsliceArgumentError(
                "clslice: allow_negative_indices has %d entries but operand "
                "has rank %d" % (len(wraps), rank))
        return wraps
    return [bool(allow_negative_indices)] * rank


def _spec(operand: Any, starts: Any, sizes: Sequence[int], wraps: List[bool],
          queue: Any, wait_for: Any) -> Any:
    """The front-end spec of start indices on the device: a contiguous
    1-D int32 or int64 array with one entry per dimension of operand
    (rewritten to JAX's reading of negative starts where they wrap)."""
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
    starts = _jax_starts(operand, starts, wraps, queue, wait_for)
    window = (ctypes.c_int64 * max(len(sizes), 1))(*sizes)
    tensor, svm = side(starts, "start_indices", strided=False)
    values = _lib.DeviceValues(tensor.buffer, tensor.offset, starts.size)
    spec = _lib.XLADynamicSpec(int(starts.dtype == np.int64), values,
                               window, len(sizes))
    return spec, svm, (starts, window)


def _values_svm(starts_svm: Any) -> Any:
    """The descriptor's values_svm: the XLA spec's one vector (the
    starts) first, the other entries zero."""
    vectors = (_lib.CLSvm * _lib.DYNAMIC_VALUE_VECTORS)()
    vectors[0] = starts_svm
    return vectors


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
                  wraps: List[bool], queue: Any, wait_for: Any,
                  allocator: Any = None) -> Any:
    """The window of slice_sizes at the device's start indices, a new
    array of operand's kind (from `allocator`, default operand's)."""
    queue = queue_for(operand, queue, "operand")
    sizes = [as_int(v, "slice_sizes[%d]" % i)
             for i, v in enumerate(slice_sizes)]
    spec, starts_svm, keep = _spec(operand, starts, sizes, wraps, queue,
                                   wait_for)
    src = contiguous(operand, "operand", queue, wait_for)
    out = cla.empty(queue, tuple(sizes), operand.dtype,
                    allocator=allocator or allocator_for(operand, queue))
    src_side, src_svm = side(src, "operand", strided=False)
    dst_side, dst_svm = side(out, "out", strided=False)
    shape = _shape_of(operand)
    desc = _lib.CLDynamicDesc(
        shape=shape, rank=operand.ndim, kind=_lib.DYNAMIC_GATHER,
        elem_size=operand.dtype.itemsize, src=src_side, dst=dst_side,
        src_svm=src_svm, dst_svm=dst_svm,
        values_svm=_values_svm(starts_svm))
    named = (("operand", src), ("start_indices", keep[0]))
    return _enqueue(operand, spec, desc, out, queue, wait_for, named)


def dynamic_update_slice(operand: Any, update: Any, starts: Any,
                         wraps: List[bool], queue: Any,
                         wait_for: Any) -> Any:
    """update (of operand's dtype, checked by the caller) written in place
    into operand (C-contiguous) at the device's start indices; returns
    operand.  An update in operand's own buffer is copied first: it is
    read whole before anything is written, as JAX computes a new array
    from both (and as the host path and assign do)."""
    queue = queue_for(operand, queue, "operand")
    if not operand.flags.c_contiguous:
        raise TypeError("clslice: dynamic_update_slice with start_indices "
                        "on the device writes a C-contiguous operand only")
    if isinstance(update, cla.Array):
        same_context(update, operand, "update", "operand")
        if _shares_buffer(update, operand):
            update = copy(update, "update", queue, wait_for)
        else:
            update = contiguous(update, "update", queue)
    else:
        # order="C" keeps a 0-d update 0-d (ascontiguousarray would not)
        update = cla.to_device(queue, np.asarray(
            update, dtype=operand.dtype, order="C"),
            allocator=allocator_for(operand, queue))
    spec, starts_svm, keep = _spec(operand, starts, update.shape, wraps,
                                   queue, wait_for)
    value_shape = (ctypes.c_int64 * max(update.ndim, 1))(*update.shape)
    src_side, src_svm = side(update, "update", strided=False)
    dst_side, dst_svm = side(operand, "operand", strided=False)
    shape = _shape_of(operand)
    desc = _lib.CLDynamicDesc(
        shape=shape, rank=operand.ndim, kind=_lib.DYNAMIC_SCATTER,
        elem_size=operand.dtype.itemsize, src=src_side, dst=dst_side,
        value_shape=value_shape, value_rank=update.ndim, rule=EXACT,
        src_svm=src_svm, dst_svm=dst_svm,
        values_svm=_values_svm(starts_svm))
    named = (("operand", operand), ("update", update),
             ("start_indices", keep[0]))
    return _enqueue(operand, spec, desc, operand, queue, wait_for, named)
