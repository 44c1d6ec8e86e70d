# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl arrays: the device executors.

Every call only enqueues, on x's queue or the queue= given: it waits for
wait_for= and the events of the arrays it reads and writes, and adds its
own event to the array it writes (the result, out=, or x for writes), as
pyopencl's array operations do.  One clslice_runtime (the per-context
program cache) is kept per OpenCL context until release_runtimes() or the
interpreter's exit: the context's shared runtime (clslice_runtime_attach),
so an engine or plug-in in this process that attaches to the same
context shares its built programs with the package.
"""
import atexit
import ctypes
import struct
import sys
import threading
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from . import _lib, _numpy_assign
from ._cl_call import (FAST_ARRAY, allocator_for, array_in, call_head,
                       check_out, free_pools, in_svm, mem, mem_or_scratch,
                       memory_pool, new_array, no_queue, queue_for,
                       raise_named, same_context, side, storage, wait_list)
from ._cl_call import _SVMPointer
from ._image import ImageTensor
from ._host import _check_dtype, BROADCAST as _BROADCAST, EXACT as _EXACT
from ._lib import cl_lib as lib, Error  # loads the full library
from ._packed import address, check_layout, descriptor, void_call

__all__ = ["gather", "gather_many", "concat", "flatten", "scatter", "fill",
           "grad", "csr_slice", "prepare", "runtime_for", "release_runtimes",
           "memory_pool", "FAST_ARRAY"]

_runtimes: Dict[int, ctypes.c_void_p] = {}
_lock = threading.Lock()

# Looked up once: each call below runs in a few microseconds, and
# attribute lookups through pyopencl's modules are part of that.
_Array = cla.Array
_event_from_ptr = cl.Event.from_int_ptr
_IDENTITY = "..."

# The contiguous gather's head and descriptor (clslice_cl_call,
# clslice_cl_gather_desc) packed into reused memory (_packed.py): the
# members from offset 8 that a call changes, up to dst.offset; dst's
# strides, the blockings, the SVM and the image sides stay 0.
_CALL = struct.Struct("@NP" "II" "PP")
_GATHER = struct.Struct("@NPN" "PNP" "PNP" "PP" "PNPN" "PP")
check_layout(_CALL, _lib.CLCall,
             ["struct_size", "queue", "flags", "num_events_in_wait_list",
              "event_wait_list", "event"])
check_layout(_GATHER, _lib.CLGatherDesc,
             ["struct_size", "plan", "elem_size", "src.buffer",
              "src.offset", "src.strides", "dst.buffer", "dst.offset",
              "dst.strides", "src_blocking", "dst_blocking",
              "src_svm.pointer", "src_svm.bytes", "dst_svm.pointer",
              "dst_svm.bytes", "src_image", "dst_image"])
_pack_call = struct.Struct("@P" "II" "PP").pack_into
_pack_gather = struct.Struct("@PN" "PNP" "PN").pack_into
_cl_gather = void_call(lib, "clslice_cl_gather", 4)


class _Calls(threading.local):
    """This thread's call head, gather descriptor (memory, address),
    event slot and error record (object, address), made once: a call
    fills and runs them without running other Python code between."""

    def __init__(self) -> None:
        self.call = descriptor(_CALL, _lib.CLCall)
        self.gather = descriptor(_GATHER, _lib.CLGatherDesc)
        event = ctypes.c_void_p()
        self.event = (event, ctypes.addressof(event))
        err = Error()
        self.err = (err, ctypes.addressof(err))


_calls = _Calls()


def runtime_for(context: Any) -> ctypes.c_void_p:
    key = context.int_ptr
    rt = _runtimes.get(key)
    if rt is None:
        with _lock:
            rt = _runtimes.get(key)
            if rt is None:
                rt = ctypes.c_void_p()
                err = Error()
                status = lib.clslice_runtime_attach(key, ctypes.byref(rt),
                                                    ctypes.byref(err))
                if status:
                    _lib.raise_for(status, err)
                # The runtime retains the context, so its address cannot be
                # reused by another context while it is a key here.
                _runtimes[key] = rt
    return rt


@atexit.register
def release_runtimes() -> None:
    """Releases every runtime (and its built programs) and frees the
    memory clslice's pools hold.  Later calls build them again."""
    with _lock:
        for rt in _runtimes.values():
            lib.clslice_runtime_release(ctypes.byref(rt))
        _runtimes.clear()
    dynamic = sys.modules.get("clslice._cl_dynamic")
    if dynamic is not None:
        dynamic.release_wrap_kernels()
    free_pools()


def prepare(context_or_queue: Any, index64: bool = False,
            batch: bool = True, dynamic: bool = False,
            blocked: bool = False, image: bool = False) -> None:
    """Builds the programs the calls use on the queue's device (or on
    every device of a context) now, instead of at the first call: with
    dynamic=True also those of the device-resident spec calls, with
    blocked=True that of the blocked calls, with image=True that of the
    image tensors (the library refuses it, naming the flag, for a
    device without images)."""
    if isinstance(context_or_queue, cl.CommandQueue):
        context = context_or_queue.context
        devices: List[Any] = [context_or_queue.device]
    elif isinstance(context_or_queue, cl.Context):
        context = context_or_queue
        devices = list(context.devices)
    else:
        raise TypeError("clslice: prepare takes a pyopencl.Context or "
                        "CommandQueue, got %r" % (context_or_queue,))
    flags = ((_lib.PREPARE_INDEX64 if index64 else 0) |
             (_lib.PREPARE_BATCH if batch else 0) |
             (_lib.PREPARE_DYNAMIC if dynamic else 0) |
             (_lib.PREPARE_BLOCKED if blocked else 0) |
             (_lib.PREPARE_IMAGE if image else 0))
    rt = runtime_for(context)
    for device in devices:
        err = Error()
        status = lib.clslice_runtime_prepare(rt, device.int_ptr, flags,
                                             ctypes.byref(err))
        if status:
            _lib.raise_for(status, err)


def _finish(status: int, err: Any, event: Any, target: Any,
            wait_for: Any = None, named: Sequence[Tuple[str, Any]] = ()
            ) -> Any:
    if status:
        raise_named(status, err, wait_for, named)
    target.add_event(_event_from_ptr(event.value, retain=False))
    return target


def contiguous(a: Any, name: str, queue: Any = None,
               wait_for: Any = None) -> Any:
    """a itself when it is C-contiguous, else a new C-contiguous copy,
    enqueued by the strided gather (for calls whose C side takes
    contiguous arrays only)."""
    if a.flags.c_contiguous:
        return a
    return copy(a, name, queue, wait_for)


def copy(a: Any, name: str, queue: Any = None, wait_for: Any = None) -> Any:
    """A new C-contiguous copy of the device array a, enqueued."""
    from ._plan import plan_for
    return gather(a, plan_for(_IDENTITY, a.shape), None, queue, wait_for,
                  name)


def gather(x: Any, plan: Any, out: Any = None, queue: Any = None,
           wait_for: Any = None, name: str = "x",
           allocator: Any = None) -> Any:
    # The hot path: one call per slice, so every lookup here counts
    # (bench/python_overhead.py measures it against the C call alone).
    if not plan.known:
        plan.require_known()
    if queue is None:
        queue = x.queue
        if queue is None:
            no_queue(name)
    else:
        queue = queue_for(x, queue, name)
    dtype = x.dtype
    itemsize = dtype.itemsize
    if out is None:
        out = new_array(x, queue, plan.output_shape, dtype, plan.size,
                        plan.output_strides(itemsize), allocator)
        target_named: Tuple[Tuple[str, Any], ...] = ()
        # Made C-contiguous; asking pyopencl (out.flags) would cost
        # microseconds per new array.
        dense_out = True
    else:
        if type(out) is not _Array and _is_image(out):
            return _image_gather(x, plan, out, queue, wait_for, name)
        check_out(out, x, plan.output_shape, dtype, name)
        target_named = (("out", out),)
        dense_out = out.flags.c_contiguous
    if not plan.size or not itemsize:
        return out
    if not dense_out or not x.flags.c_contiguous:
        return _gather_strided(x, plan, out, queue, wait_for, name,
                               target_named)
    if wait_for is None and not x.events and not target_named:
        n, waits = 0, 0
    else:
        n, waits_array = wait_list(wait_for, ((name, x),) + target_named)
        waits = address(waits_array)
    context = x.context
    rt = _runtimes.get(context.int_ptr)
    if rt is None:
        rt = runtime_for(context)
    calls = _calls
    event, event_address = calls.event
    call, call_address = calls.call
    _pack_call(call, 8, queue.int_ptr, 0, n, waits, event_address)
    desc, desc_address = calls.gather
    try:
        _pack_gather(desc, 8, plan.address, itemsize, x.base_data.int_ptr,
                     x.offset, 0, out.base_data.int_ptr, out.offset)
    except AttributeError:  # an SVM side: its pointer has no int_ptr
        return _gather_strided(x, plan, out, queue, wait_for, name,
                               target_named)
    err, err_address = calls.err
    status = _cl_gather(rt, call_address, desc_address, err_address)
    if status:
        raise_named(status, err, wait_for, ((name, x),) + target_named)
    out.add_event(_event_from_ptr(event.value,  # type: ignore[arg-type]
                                  retain=False))
    return out


def _is_image(a: Any) -> bool:
    return isinstance(a, ImageTensor)


def _image_gather(x: Any, plan: Any, out: Any, queue: Any, wait_for: Any,
                  name: str) -> Any:
    """gather of a pyopencl array into an image tensor (out=)."""
    from . import _cl_image
    return _cl_image.gather(x, plan, out, queue, wait_for, name)


def _gather_strided(x: Any, plan: Any, out: Any, queue: Any, wait_for: Any,
                    name: str, target_named: Tuple[Tuple[str, Any], ...]
                    ) -> Any:
    """gather where x or out is a strided view or lies in SVM: their
    element strides, the byte offsets of their element 0 and their
    memory (a buffer or an SVM allocation) go to the general gather."""
    named = ((name, x),) + target_named
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    src, src_svm = side(x, name)
    dst, dst_svm = side(out, "out")
    desc = _lib.CLGatherDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize, src=src, dst=dst,
        src_svm=src_svm, dst_svm=dst_svm)
    err = Error()
    status = lib.clslice_cl_gather(runtime_for(x.context),
                                   ctypes.byref(call), ctypes.byref(desc),
                                   ctypes.byref(err))
    return _finish(status, err, event, out, wait_for, named)


def gather_many(x: Any, plans: Sequence[Any], queue: Any = None,
                wait_for: Any = None, allocator: Any = None,
                given: Any = None) -> List[Any]:
    """One gather per plan from the contiguous array x, enqueued as one
    batched command: the outputs share one new buffer (from `allocator`,
    default x's), packed one after another, or are the arrays of `given`
    (out=: one per plan), and each holds the batch's event.  A strided x
    or a strided out= array has no batched call: one strided gather per
    plan."""
    for plan in plans:
        if not plan.known:
            plan.require_known()
    queue = queue_for(x, queue)
    if given is not None:
        outs = _checked_outs(x, plans, given)
        if _is_image(x) or any(_is_image(o) for o in outs):
            written: List[Any] = _image_parts().gather_batch(
                x, plans, outs, queue, wait_for)
            return written
        if not x.flags.c_contiguous or not all(
                o.flags.c_contiguous for o in outs):
            return [gather(x, plan, o, queue, wait_for)
                    for plan, o in zip(plans, outs)]
        return _gather_batch(x, plans, outs,
                             [(o.base_data, o.offset) for o in outs], queue,
                             wait_for)
    if not plans:
        return []
    if _is_image(x):
        parts = _image_parts()
        pieces: List[Any] = parts.gather_batch(
            x, plans, parts.new_pieces(x, plans, queue, allocator), queue,
            wait_for)
        return pieces
    if not x.flags.c_contiguous:
        return [gather(x, plan, None, queue, wait_for, "x", allocator)
                for plan in plans]
    dtype = x.dtype
    itemsize = dtype.itemsize
    if allocator is None:
        allocator = allocator_for(x, queue)
    offsets = []
    total = 0
    for plan in plans:
        offsets.append(total)
        total += plan.size * itemsize
    if not total:
        return [cla.empty(queue, plan.output_shape, dtype,
                          allocator=allocator) for plan in plans]
    buf = allocator(total)
    if _SVMPointer is not None and isinstance(buf, _SVMPointer):
        # pyopencl reads an SVM array back only from the start of its
        # allocation (get() refuses an offset): one allocation per output.
        del buf
        outs = [new_array(x, queue, plan.output_shape, dtype, plan.size,
                          plan.output_strides(itemsize), allocator)
                for plan in plans]
        return _gather_batch(x, plans, outs,
                             [(o.base_data, o.offset) for o in outs],
                             queue, wait_for)
    outs = []
    for plan, offset in zip(plans, offsets):
        if plan.size:
            outs.append(array_in(x, queue, buf, offset, plan, dtype,
                                 allocator))
        else:
            outs.append(cla.empty(queue, plan.output_shape, dtype,
                                  allocator=allocator))
    return _gather_batch(x, plans, outs,
                         [(buf, offset) for offset in offsets],
                         queue, wait_for)


def _image_parts() -> Any:
    """The batch and concat calls with image sides (imported at their
    first use)."""
    from . import _cl_image_parts
    return _cl_image_parts


def _checked_outs(x: Any, plans: Sequence[Any], given: Any) -> List[Any]:
    """out= of slice_many and split: one device array or ImageTensor per
    piece, each of its piece's shape and x's dtype (check_out's rules,
    named out[i]); where x or a piece is an image, the arrays must be
    C-contiguous (the batch writes them whole)."""
    try:
        outs = list(given)
    except TypeError:
        raise TypeError("clslice: out must be a sequence of arrays, one "
                        "per piece, got %s" % type(given).__name__) from None
    if len(outs) != len(plans):
        raise ValueError("clslice: out has %d arrays for %d pieces"
                         % (len(outs), len(plans)))
    images = _is_image(x) or any(_is_image(o) for o in outs)
    for i, (o, plan) in enumerate(zip(outs, plans)):
        try:
            if images:
                _image_parts().check_batch_out(o, x, plan)
            else:
                check_out(o, x, plan.output_shape, x.dtype)
        except (TypeError, ValueError) as exc:
            raise type(exc)(str(exc).replace("clslice: out ",
                                             "clslice: out[%d] " % i,
                                             1)) from None
    return outs


def _gather_batch(x: Any, plans: Sequence[Any], outs: List[Any],
                  places: List[Tuple[Any, int]], queue: Any,
                  wait_for: Any) -> List[Any]:
    """The batched command: plan i into the (memory, byte offset) of
    places[i], the memory a pyopencl buffer or SVM pointer; each
    non-empty output gets its event."""
    if not x.dtype.itemsize or not any(p.size for p in plans):
        return outs
    count = len(plans)
    parts = (_lib.CLPart * count)()
    part_svm = _part_svm(parts, plans, places)
    named = (("x", x),) + tuple(("out[%d]" % i, o) for i, o in
                                enumerate(outs) if o.size and o.events)
    src, src_svm = side(x, "x", strided=False)
    desc = _lib.CLBatchDesc(elem_size=x.dtype.itemsize, src=src,
                            count=count, parts=parts, src_svm=src_svm,
                            part_svm=part_svm)
    return _run_gather_batch(x, desc, outs, queue, wait_for, named)


def _run_gather_batch(x: Any, desc: Any, outs: List[Any], queue: Any,
                      wait_for: Any, named: Any) -> List[Any]:
    """clslice_cl_gather_batch of a filled descriptor on x's runtime,
    behind wait_for; each non-empty output gets the command's event."""
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    err = Error()
    status = lib.clslice_cl_gather_batch(
        runtime_for(x.context), ctypes.byref(call), ctypes.byref(desc),
        ctypes.byref(err))
    if status:
        raise_named(status, err, wait_for, named)
    done = _event_from_ptr(event.value,  # type: ignore[arg-type]
                           retain=False)
    for out in outs:
        if out.size:
            out.add_event(done)
    return outs


def _part_svm(parts: Any, plans: Sequence[Any],
              places: List[Tuple[Any, int]]) -> Any:
    """Fills the batch's parts from places; the part_svm array (one entry
    per part) when any place lies in SVM, else None."""
    svm = None
    for i, (part, plan, (memory, offset)) in enumerate(
            zip(parts, plans, places)):
        part.plan = plan._ptr.value
        part.offset = offset
        if not plan.size or memory is None:
            continue
        if _SVMPointer is not None and isinstance(memory, _SVMPointer):
            if svm is None:
                svm = (_lib.CLSvm * len(parts))()
            svm[i] = _lib.CLSvm(memory.svm_ptr, memory.size)
        else:
            part.buffer = memory.int_ptr
    return svm


def flatten(a: Any, name: str) -> Any:
    """A 1-D array of a's elements in C order: a view of a contiguous
    device array, a copy of a strided one or of an image tensor (read
    into a buffer); a host array stays one."""
    if _is_image(a):
        from . import _cl_image
        return _cl_image.read_into_buffer(a, name, a.queue).reshape(-1)
    if isinstance(a, _Array):
        return contiguous(a, name).reshape(-1)
    return np.asarray(a).reshape(-1)


def _c_strides(shape: Tuple[int, ...], itemsize: int) -> Tuple[int, ...]:
    strides, step = [], itemsize
    for size in reversed(shape):
        strides.append(step)
        step *= max(size, 1)
    return tuple(reversed(strides))


# The dtypes whose conversions pyopencl's element-wise kernels compile
# (bool, float16, strings and records are not among them).
_DEVICE_CASTS = frozenset(np.dtype(t) for t in (
    np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
    np.uint64, np.float32, np.float64, np.complex64, np.complex128))


def _converted(a: Any, dtype: np.dtype, name: str, queue: Any) -> Any:
    """The device array a in dtype: by pyopencl on the device where its
    kernels can convert, else through the host (blocking), with numpy's
    conversion."""
    if a.dtype in _DEVICE_CASTS and dtype in _DEVICE_CASTS:
        return contiguous(a, name, queue).astype(dtype, queue=queue)
    host = np.asarray(a.get(queue=queue), dtype=dtype, order="C")
    return cla.to_device(queue, host, allocator=allocator_for(a, queue))


def _concat_sources(arrays: Sequence[Any], first: Any, first_name: str,
                    dtype: np.dtype, queue: Any) -> List[Any]:
    """The inputs as device arrays of the result's dtype on first's
    context: numpy inputs uploaded (blocking, as assign's values), device
    inputs of another dtype converted."""
    sources = []
    for i, a in enumerate(arrays):
        name = "arrays[%d]" % i
        if isinstance(a, _Array):
            same_context(a, first, name, first_name)
            if a.dtype != dtype:
                a = _converted(a, dtype, name, queue)
        else:
            # order="C" keeps a 0-d array 0-d (np.ascontiguousarray would
            # not).
            a = cla.to_device(queue, np.asarray(a, dtype=dtype, order="C"),
                              allocator=allocator_for(first, queue))
        sources.append(a)
    return sources


def _shares_buffer(a: Any, b: Any) -> bool:
    """Whether a and b lie in one buffer or one SVM allocation."""
    memory = storage(a)
    return memory is not None and memory == storage(b)


def concat(arrays: Sequence[Any], plans: Sequence[Any],
           shape: Tuple[int, ...], dtype: np.dtype, out: Any = None,
           queue: Any = None, wait_for: Any = None,
           allocator: Any = None) -> Any:
    """Each array into its plan's place of a new device array of `shape`
    (or of out=, any layout), as one clslice_cl_concat command."""
    if _is_image(out) or any(_is_image(a) for a in arrays):
        return _image_parts().concat(arrays, plans, shape, dtype, out,
                                     queue, wait_for, allocator)
    i, first = next((i, a) for i, a in enumerate(arrays)
                    if isinstance(a, _Array))
    first_name = "arrays[%d]" % i
    queue = queue_for(first, queue, first_name)
    sources = _concat_sources(arrays, first, first_name, dtype, queue)
    if out is None:
        size = int(np.prod(shape, dtype=np.int64))
        out = new_array(first, queue, shape, dtype, size,
                        _c_strides(shape, dtype.itemsize), allocator)
        named_out: Tuple[Tuple[str, Any], ...] = ()
    else:
        check_out(out, first, shape, dtype, first_name)
        named_out = (("out", out),)
        # as if computed first: a source in out's buffer is copied
        sources = [copy(a, "arrays[%d]" % k, queue)
                   if a.size and _shares_buffer(a, out) else a
                   for k, a in enumerate(sources)]
    if not out.size or not dtype.itemsize:
        return out
    parts, part_svm = _concat_parts(plans, sources)
    dst, dst_svm = side(out, "out")
    desc = _lib.CLConcatDesc(
        elem_size=dtype.itemsize, dst=dst, count=len(parts), parts=parts,
        dst_svm=dst_svm, part_svm=part_svm)
    return _run_concat(first, desc, sources, out, named_out, queue,
                       wait_for)


def _concat_parts(plans: Sequence[Any],
                  sources: Sequence[Any]) -> Tuple[Any, Any]:
    """The concat descriptor's parts, each plan with its source's buffer
    side, and their SVM entries (None when no source is in SVM); an
    image source's entry is left for part_image."""
    parts = (_lib.CLConcatPart * len(sources))()
    part_svm = None
    for k, (part, plan, a) in enumerate(zip(parts, plans, sources)):
        part.plan = plan._ptr.value
        if a.size and not _is_image(a):
            part.src, svm = side(a, "arrays[%d]" % k)
            if svm.pointer:
                if part_svm is None:
                    part_svm = (_lib.CLSvm * len(parts))()
                part_svm[k] = svm
    return parts, part_svm


def _run_concat(first: Any, desc: Any, sources: Sequence[Any], out: Any,
                named_out: Tuple[Tuple[str, Any], ...], queue: Any,
                wait_for: Any) -> Any:
    """clslice_cl_concat of a filled descriptor on first's runtime,
    behind wait_for; out gets the command's event."""
    named = tuple(("arrays[%d]" % k, a) for k, a in enumerate(sources))
    named += named_out
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    err = Error()
    status = lib.clslice_cl_concat(runtime_for(first.context),
                                   ctypes.byref(call), ctypes.byref(desc),
                                   ctypes.byref(err))
    return _finish(status, err, event, out, wait_for, named)


def _device_array_value(x: Any, value: Any, queue: Any) -> Any:
    """A device value ready for the library: of x's dtype, and not in x's
    buffer (numpy reads the whole value before writing; a view of x's own
    buffer is copied first for the same result, and the library refuses
    overlapping views)."""
    if value.dtype != x.dtype:
        return contiguous(value, "value", queue).astype(x.dtype,
                                                        queue=queue)
    if _shares_buffer(value, x):
        return copy(value, "value", queue)
    return value


def scatter(x: Any, plan: Any, value: Any, rule: int, key: Any = None,
            queue: Any = None, wait_for: Any = None) -> Any:
    plan.require_known()
    queue = queue_for(x, queue)
    if _is_image(value):
        from . import _cl_image
        value = _cl_image.image_value(x, plan, value, rule, key, queue)
        if _is_image(value):
            if x.size == 0 or x.dtype.itemsize == 0:
                return x  # nothing to write; the shapes were checked
            return _cl_image.enqueue_scatter(x, plan, value, rule, queue,
                                             wait_for)
    if isinstance(value, _Array):
        same_context(value, x, "value")
        if rule == _BROADCAST:
            _numpy_assign.check_device_value(
                x.dtype, key, x.ndim, plan.output_shape, value.shape,
                value.dtype)
        value = _device_array_value(x, value, queue)
    else:
        if rule == _BROADCAST:
            value = _numpy_assign.host_value(x.dtype, key, x.ndim,
                                             plan.output_shape, value)
            if value.ndim == 0 and x.flags.c_contiguous:
                # A scalar broadcast is a fill: its bytes go with the
                # command, with no upload to wait for.
                return fill(x, plan, value, queue, wait_for)
        else:
            value = np.asarray(value, dtype=x.dtype)
        # Blocking upload: the host array may go away once this returns.
        value = cla.to_device(queue, np.asarray(value, order="C"),
                              allocator=allocator_for(x, queue))
    if x.size == 0 or x.dtype.itemsize == 0:
        # Nothing to write; let the library check the shape rule alone.
        from ._host import scatter as host_scatter
        host_scatter(np.empty(x.shape, x.dtype), plan,
                     np.zeros(value.shape, x.dtype), rule)
        return x
    shape = (ctypes.c_int64 * max(value.ndim, 1))(*value.shape)
    named = (("x", x), ("value", value))
    event = ctypes.c_void_p()
    err = Error()
    value_side, value_svm, keep = mem_or_scratch(value)
    dst, dst_svm = side(x, "x")
    call = call_head(queue, wait_for, named, event)
    desc = _lib.CLScatterDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize,
        value=value_side, value_shape=shape, value_rank=value.ndim,
        rule=rule, dst=dst, value_svm=value_svm, dst_svm=dst_svm)
    status = lib.clslice_cl_scatter(runtime_for(x.context),
                                    ctypes.byref(call), ctypes.byref(desc),
                                    ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _finish(status, err, event, x, wait_for, named)


def fill(x: Any, plan: Any, scalar: Any, queue: Any = None,
         wait_for: Any = None) -> Any:
    plan.require_known()
    queue = queue_for(x, queue)
    element = np.asarray(scalar, dtype=x.dtype)
    if element.ndim != 0:
        raise ValueError("clslice: fill takes one scalar, got an array of "
                         "shape %r (use assign)" % (element.shape,))
    if x.size == 0 or x.dtype.itemsize == 0:
        return x
    if not x.flags.c_contiguous or in_svm(x):
        # The fill call takes a contiguous x in a buffer; the general
        # scatter of a 0-d value does the same into a view or SVM.
        value = cla.to_device(queue, element,
                              allocator=allocator_for(x, queue))
        return scatter(x, plan, value, _BROADCAST, None, queue, wait_for)
    data = element.tobytes()
    named = (("x", x),)
    n, waits = wait_list(wait_for, named)
    event = ctypes.c_void_p()
    err = Error()
    status = lib.clslice_enqueue_fill(
        runtime_for(x.context), queue.int_ptr, plan, x.dtype.itemsize,
        data, mem(x), x.offset, 0, n, waits, ctypes.byref(event),
        ctypes.byref(err))
    return _finish(status, err, event, x, wait_for, named)


def grad(shape: Tuple[int, ...], dy: Any, plan: Any, out: Any = None,
         queue: Any = None, wait_for: Any = None,
         allocator: Any = None) -> Any:
    plan.require_known()
    queue = queue_for(dy, queue, "dy")
    dy = contiguous(dy, "dy", queue, wait_for)
    if out is None:
        out = cla.empty(queue, tuple(shape), dy.dtype,
                        allocator=allocator or allocator_for(dy, queue))
        named: Tuple[Tuple[str, Any], ...] = (("dy", dy),)
    else:
        check_out(out, dy, tuple(shape), dy.dtype, "dy")
        if not out.flags.c_contiguous:
            raise ValueError("clslice: out must be C-contiguous for a "
                             "gradient (the library writes it whole)")
        named = (("dy", dy), ("out", out))
    if out.size == 0 or dy.dtype.itemsize == 0:
        return out
    if in_svm(dy) or in_svm(out):
        return _grad_svm(dy, plan, out, queue, wait_for)
    dshape = (ctypes.c_int64 * max(dy.ndim, 1))(*dy.shape)
    n, waits = wait_list(wait_for, named)
    event = ctypes.c_void_p()
    err = Error()
    dy_side, _, keep = mem_or_scratch(dy, "dy", strided=False)
    status = lib.clslice_enqueue_grad(
        runtime_for(dy.context), queue.int_ptr, plan, dy.dtype.itemsize,
        dy_side.buffer, dy.offset, dshape, dy.ndim, mem(out, "out"),
        out.offset, 0, n, waits, ctypes.byref(event), ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _finish(status, err, event, out, wait_for, named)


def _grad_svm(dy: Any, plan: Any, out: Any, queue: Any,
              wait_for: Any) -> Any:
    """grad where dy or out lies in SVM (clslice_enqueue_grad takes
    buffers): zeros over out, then dy into the slice, two scatters, the
    second waiting for the first through out's events.  dy's shape is
    checked first, so a wrong dy leaves out untouched."""
    from ._plan import plan_for
    if tuple(dy.shape) != tuple(plan.output_shape):
        raise _lib.ClsliceShapeError(
            "clslice: dy has shape %r; the gradient of this slice takes "
            "the slice's shape %r" % (tuple(dy.shape),
                                      tuple(plan.output_shape)))
    scatter(out, plan_for(_IDENTITY, out.shape),
            np.zeros((), out.dtype), _BROADCAST, None, queue, wait_for)
    return scatter(out, plan, dy, _EXACT, None, queue, wait_for)


def _csr_struct(shape: Tuple[int, int], index_type: int, data: Any,
                indices: Any, indptr: Any) -> Tuple[Any, Any]:
    """(clslice_cl_csr, clslice_cl_csr_svm) of the three arrays, each in
    its buffer or in SVM (side()); an empty array has neither."""
    sides = [side(a, name, strided=False)
             for a, name in ((indptr, "indptr"), (indices, "indices"),
                             (data, "data"))]
    where = [(t.buffer, t.offset if t.buffer or s.pointer else 0)
             for t, s in sides]
    csr = _lib.CLCSR(shape[0], shape[1], index_type, data.dtype.itemsize,
                     indices.size, where[0][0], where[0][1], where[1][0],
                     where[1][1], where[2][0], where[2][1])
    return csr, _lib.CLCSRSvm(*(s for _, s in sides))


def _check_csr_arrays(arrays: Tuple[Any, Any, Any]) -> None:
    data, indices, indptr = arrays
    for name, a in zip(("data", "indices", "indptr"), arrays):
        if not isinstance(a, _Array) or a.ndim != 1:
            raise TypeError("clslice: %s must be a 1-D pyopencl array" % name)
        same_context(a, indptr, name, "indptr")
    if indices.dtype != indptr.dtype or indices.dtype not in (np.int32,
                                                              np.int64):
        raise TypeError("clslice: indices and indptr must both be int32 or "
                        "both int64 (got %s and %s)"
                        % (indices.dtype, indptr.dtype))
    if data.size != indices.size:
        raise ValueError("clslice: data has %d entries but indices has %d"
                         % (data.size, indices.size))
    _check_dtype(data.dtype, "data")


def csr_slice(arrays: Tuple[Any, Any, Any], shape: Tuple[int, int],
              plan: Any, queue: Any = None, wait_for: Any = None,
              allocator: Any = None) -> Any:
    """Slices a CSR matrix held in pyopencl arrays (data, indices, indptr)
    on the device; returns ((data, indices, indptr), shape) as scipy's
    csr_matrix constructor takes them.  Counting the result's entries
    blocks until the device has counted (the output size depends on it)."""
    plan.require_known()
    _check_csr_arrays(arrays)
    queue = queue_for(arrays[2], queue, "indptr")
    data, indices, indptr = [
        contiguous(a, name, queue, wait_for)
        for name, a in zip(("data", "indices", "indptr"), arrays)]
    index_type = 1 if indices.dtype == np.int64 else 0
    rows, cols = plan.output_shape
    src, src_svm = _csr_struct(shape, index_type, data, indices, indptr)
    out_indptr = cla.empty(queue, rows + 1, indptr.dtype,
                           allocator=allocator or allocator_for(indptr,
                                                                queue))
    # the count pass writes the row pointers alone
    ptr, ptr_svm = side(out_indptr, "out_indptr", strided=False)
    dst = _lib.CLCSR(rows, cols, index_type, data.dtype.itemsize, 0,
                     ptr.buffer, ptr.offset, None, 0, None, 0)
    dst_svm = _lib.CLCSRSvm(ptr_svm, _lib.CLSvm(), _lib.CLSvm())
    rt = runtime_for(indptr.context)
    named: Tuple[Tuple[str, Any], ...] = (
        ("data", data), ("indices", indices), ("indptr", indptr))
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    desc = _lib.CLCSRDesc(plan=plan._ptr.value, in_=ctypes.pointer(src),
                          out=ctypes.pointer(dst),
                          in_svm=ctypes.pointer(src_svm),
                          out_svm=ctypes.pointer(dst_svm))
    nnz = ctypes.c_int64()
    err = Error()
    status = lib.clslice_cl_csr_count(rt, ctypes.byref(call),
                                      ctypes.byref(desc), ctypes.byref(nnz),
                                      ctypes.byref(err))
    _finish(status, err, event, out_indptr, wait_for, named)
    out_indices = cla.empty(queue, nnz.value, indptr.dtype,
                            allocator=allocator or allocator_for(indptr,
                                                                 queue))
    out_data = cla.empty(queue, nnz.value, data.dtype,
                         allocator=allocator or allocator_for(data, queue))
    dst, dst_svm = _csr_struct((rows, cols), index_type, out_data,
                               out_indices, out_indptr)
    named += (("out_indptr", out_indptr),)
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    desc.out = ctypes.pointer(dst)
    desc.out_svm = ctypes.pointer(dst_svm)
    status = lib.clslice_cl_csr_fill(rt, ctypes.byref(call),
                                     ctypes.byref(desc), ctypes.byref(err))
    _finish(status, err, event, out_data, wait_for, named)
    out_indices.add_event(out_data.events[-1])
    return (out_data, out_indices, out_indptr), (rows, cols)
