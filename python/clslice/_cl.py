"""pyopencl arrays: the device executors on the array's own queue.

Every call only enqueues: it waits for the input arrays' events and adds
its own event to the array it writes, as pyopencl's array operations do.
One clslice_runtime (the per-context program cache) is kept per OpenCL
context until release_runtimes() or the interpreter's exit.
"""
import atexit
import ctypes
import inspect
import threading

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from . import _lib
from ._host import _check_dtype, BROADCAST as _BROADCAST
from ._lib import lib, Error

_runtimes = {}
_lock = threading.Lock()

# Looked up once: each call below runs in a few microseconds, and
# attribute lookups through pyopencl's modules are part of that.
_Array = cla.Array
_Buffer = cl.Buffer
_READ_WRITE = cl.mem_flags.READ_WRITE
_event_from_ptr = cl.Event.from_int_ptr
_enqueue_gather = lib.clslice_enqueue_gather
_byref = ctypes.byref
_c_void_p = ctypes.c_void_p


def _has_fast_constructor():
    """pyopencl's Array takes _fast/_size/_context/_queue (used by its own
    views) to skip the argument checks that make pyopencl.array.empty cost
    10-20 us; a pyopencl without them gets pyopencl.array.empty."""
    try:
        params = inspect.signature(_Array.__init__).parameters
    except (TypeError, ValueError):
        return False
    return all(p in params for p in ("_fast", "_size", "_context", "_queue"))


_FAST_ARRAY = _has_fast_constructor()


def new_array(like, shape, dtype, size, strides):
    """An uninitialised C-contiguous array on like's queue, context and
    allocator, as pyopencl.array.empty(like.queue, shape, dtype,
    allocator=like.allocator) makes it.  size and strides are the
    product of shape and its C byte strides (a plan has them)."""
    allocator = like.allocator
    if not _FAST_ARRAY or not size or not dtype.itemsize:
        return cla.empty(like.queue, shape, dtype, allocator=allocator)
    nbytes = size * dtype.itemsize
    context = like.context
    data = (_Buffer(context, _READ_WRITE, nbytes) if allocator is None
            else allocator(nbytes))
    return _Array(None, shape, dtype, allocator=allocator, data=data,
                  strides=strides, _fast=True, _size=size, _context=context,
                  _queue=like.queue)


def runtime_for(context):
    key = context.int_ptr
    rt = _runtimes.get(key)
    if rt is None:
        with _lock:
            rt = _runtimes.get(key)
            if rt is None:
                rt = ctypes.c_void_p()
                err = Error()
                status = lib.clslice_runtime_create(key, ctypes.byref(rt),
                                                    ctypes.byref(err))
                if status:
                    _lib.raise_for(status, err)
                # The runtime retains the context, so its address cannot be
                # reused by another context while it is a key here.
                _runtimes[key] = rt
    return rt


@atexit.register
def release_runtimes():
    """Releases every runtime (and its built programs).  Later calls build
    them again."""
    with _lock:
        for rt in _runtimes.values():
            lib.clslice_runtime_release(ctypes.byref(rt))
        _runtimes.clear()


def _element_strides(a, name):
    """a's strides in elements as the C API takes them (an int64 array), or
    None for a C-contiguous array (the library's row-major default).
    pyopencl views keep element 0 at a.offset whatever the strides' signs,
    which is the library's view model as well."""
    if a.flags.c_contiguous:
        return None
    itemsize = a.dtype.itemsize
    strides = a.strides
    if itemsize == 0 or any(s % itemsize for s in strides):
        raise ValueError(
            "clslice: %s has byte strides %r, which are not multiples of its "
            "element size %d; the library counts strides in elements"
            % (name, strides, itemsize))
    return (ctypes.c_int64 * max(len(strides), 1))(
        *[s // itemsize for s in strides])


_IDENTITY = "..."


def _no_queue(name):
    raise ValueError("clslice: %s has no command queue (a pyopencl array "
                     "made with a context only); give it one with "
                     "%s.with_queue(queue)" % (name, name))


def contiguous(a, name):
    """a itself when it is C-contiguous, else a new C-contiguous copy,
    enqueued by the strided gather (for calls whose C side takes
    contiguous arrays only)."""
    if a.flags.c_contiguous:
        return a
    from ._plan import plan_for
    return gather(a, plan_for(_IDENTITY, a.shape), name)


def _wait_list(*arrays):
    events = [e for a in arrays for e in a.events]
    if not events:
        return 0, None
    return len(events), (ctypes.c_void_p * len(events))(
        *[e.int_ptr for e in events])


def _call_head(queue, arrays, event):
    """The head of a general call (clslice_cl_call) on `queue`, waiting
    for the events of `arrays`, its event into `event` (a c_void_p); the
    head keeps its wait list alive."""
    n, waits = _wait_list(*arrays)
    return _lib.CLCall(queue=queue.int_ptr, num_events_in_wait_list=n,
                       event_wait_list=waits, event=ctypes.pointer(event))


def _mem(a):
    # pyopencl leaves base_data None for an empty array; the library only
    # sees empty arrays when nothing is enqueued on them.
    return a.base_data.int_ptr if a.base_data is not None else None


def _mem_or_scratch(a):
    """A buffer for an array that may be empty: OpenCL has no empty
    buffers, and the library wants one even for a value of 0 elements."""
    if a.base_data is not None:
        return a.base_data.int_ptr, a.base_data
    scratch = cl.Buffer(a.context, cl.mem_flags.READ_ONLY,
                        max(a.dtype.itemsize, 1))
    return scratch.int_ptr, scratch


def _finish(status, err, event, target):
    if status:
        _lib.raise_for(status, err)
    target.add_event(cl.Event.from_int_ptr(event.value, retain=False))
    return target


def gather(x, plan, name="x"):
    # The hot path: one call per slice, so every lookup here counts
    # (bench/python_overhead.py measures it against the C call alone).
    if not plan.known:
        plan.require_known()
    if x.queue is None:
        _no_queue(name)
    if not x.flags.c_contiguous:
        return _gather_strided(x, plan, name)
    dtype = x.dtype
    itemsize = dtype.itemsize
    out = new_array(x, plan.output_shape, dtype, plan.size,
                    plan.output_strides(itemsize))
    if not plan.size or not itemsize:
        return out
    events = x.events
    if events:
        n, waits = _wait_list(x)
    else:
        n, waits = 0, None
    context = x.context
    rt = _runtimes.get(context.int_ptr)
    if rt is None:
        rt = runtime_for(context)
    event = _c_void_p()
    err = Error()
    status = _enqueue_gather(rt, x.queue.int_ptr, plan, itemsize,
                             x.base_data.int_ptr, x.offset,
                             out.base_data.int_ptr, 0, 0, n, waits,
                             _byref(event), _byref(err))
    if status:
        _lib.raise_for(status, err)
    out.add_event(_event_from_ptr(event.value, retain=False))
    return out


def _gather_strided(x, plan, name):
    """gather for a strided view x: its element strides and the byte
    offset of its element 0 go to clslice_cl_gather; the result is
    contiguous."""
    dtype = x.dtype
    out = new_array(x, plan.output_shape, dtype, plan.size,
                    plan.output_strides(dtype.itemsize))
    if not plan.size or not dtype.itemsize:
        return out
    event = ctypes.c_void_p()
    call = _call_head(x.queue, (x,), event)
    desc = _lib.CLGatherDesc(
        plan=plan._ptr.value, elem_size=dtype.itemsize,
        src=_lib.CLTensor(_mem(x), x.offset, _element_strides(x, name)),
        dst=_lib.CLTensor(_mem(out), 0, None))
    err = Error()
    status = lib.clslice_cl_gather(runtime_for(x.context),
                                   ctypes.byref(call), ctypes.byref(desc),
                                   ctypes.byref(err))
    return _finish(status, err, event, out)


def _shares_buffer(a, b):
    return (a.base_data is not None and b.base_data is not None and
            a.base_data.int_ptr == b.base_data.int_ptr)


def copy(a, name):
    """A new C-contiguous copy of the device array a, enqueued."""
    from ._plan import plan_for
    return gather(a, plan_for(_IDENTITY, a.shape), name)


def _array_in(like, buf, offset, plan, dtype):
    """A C-contiguous array of plan's output shape at byte `offset` of
    buf, on like's queue."""
    strides = plan.output_strides(dtype.itemsize)
    if _FAST_ARRAY:
        return _Array(None, plan.output_shape, dtype,
                      allocator=like.allocator, data=buf, offset=offset,
                      strides=strides, _fast=True, _size=plan.size,
                      _context=like.context, _queue=like.queue)
    return _Array(like.queue, plan.output_shape, dtype,
                  allocator=like.allocator, data=buf, offset=offset,
                  strides=strides)


def gather_many(x, plans):
    """One gather per plan from the contiguous array x, enqueued as one
    batched command: the outputs share one new buffer, packed one after
    another, and each holds the batch's event.  A strided x has no batched
    call: it takes one strided gather per plan."""
    for plan in plans:
        if not plan.known:
            plan.require_known()
    if not plans:
        return []
    if x.queue is None:
        _no_queue("x")
    if not x.flags.c_contiguous:
        return [_gather_strided(x, plan, "x") for plan in plans]
    dtype = x.dtype
    itemsize = dtype.itemsize
    offsets = []
    total = 0
    for plan in plans:
        offsets.append(total)
        total += plan.size * itemsize
    if not total:
        return [cla.empty(x.queue, plan.output_shape, dtype,
                          allocator=x.allocator) for plan in plans]
    buf = (_Buffer(x.context, _READ_WRITE, total) if x.allocator is None
           else x.allocator(total))
    outs = []
    for plan, offset in zip(plans, offsets):
        if plan.size:
            outs.append(_array_in(x, buf, offset, plan, dtype))
        else:
            outs.append(cla.empty(x.queue, plan.output_shape, dtype,
                                  allocator=x.allocator))
    count = len(plans)
    parts = (_lib.CLPart * count)(*[
        _lib.CLPart(p._ptr.value, buf.int_ptr if p.size else None, offset)
        for p, offset in zip(plans, offsets)])
    event = ctypes.c_void_p()
    call = _call_head(x.queue, (x,), event)
    desc = _lib.CLBatchDesc(elem_size=itemsize, src=_mem(x),
                            src_offset=x.offset, count=count, parts=parts)
    err = Error()
    status = lib.clslice_cl_gather_batch(
        runtime_for(x.context), ctypes.byref(call), ctypes.byref(desc),
        ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    done = _event_from_ptr(event.value, retain=False)
    for out in outs:
        if out.size:
            out.add_event(done)
    return outs


def _device_value(x, value):
    if isinstance(value, cla.Array):
        if value.dtype != x.dtype:
            return contiguous(value, "value").astype(x.dtype)
        if _shares_buffer(value, x):
            # numpy reads the whole value before writing; a view of x's
            # own buffer is copied first for the same result (and the
            # library refuses overlapping views).
            return copy(value, "value")
        return value
    value = np.asarray(value, dtype=x.dtype, order="C")
    # Blocking upload: the host array may go away once this returns.
    return cla.to_device(x.queue, value, allocator=x.allocator)


def scatter(x, plan, value, rule):
    plan.require_known()
    if x.queue is None:
        _no_queue("x")
    if (rule == _BROADCAST and not isinstance(value, cla.Array)
            and x.flags.c_contiguous):
        element = np.asarray(value, dtype=x.dtype)
        if element.ndim == 0:
            # A scalar broadcast is a fill: its bytes go with the command,
            # with no upload to wait for.
            return fill(x, plan, element)
    dst_strides = _element_strides(x, "x")
    value = _device_value(x, value)
    value_strides = _element_strides(value, "value")
    if x.size == 0 or x.dtype.itemsize == 0:
        # Nothing to write; let the library check the shape rule alone.
        from ._host import scatter as host_scatter
        host_scatter(np.empty(x.shape, x.dtype), plan,
                     np.zeros(value.shape, x.dtype), rule)
        return x
    shape = (ctypes.c_int64 * max(value.ndim, 1))(*value.shape)
    event = ctypes.c_void_p()
    err = Error()
    value_mem, keep = _mem_or_scratch(value)
    call = _call_head(x.queue, (x, value), event)
    desc = _lib.CLScatterDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize,
        value=_lib.CLTensor(value_mem, value.offset, value_strides),
        value_shape=shape, value_rank=value.ndim, rule=rule,
        dst=_lib.CLTensor(_mem(x), x.offset, dst_strides))
    status = lib.clslice_cl_scatter(runtime_for(x.context),
                                    ctypes.byref(call), ctypes.byref(desc),
                                    ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _finish(status, err, event, x)


def fill(x, plan, scalar):
    plan.require_known()
    if x.queue is None:
        _no_queue("x")
    element = np.asarray(scalar, dtype=x.dtype)
    if element.ndim != 0:
        raise ValueError("clslice: fill takes one scalar, got an array of "
                         "shape %r (use assign)" % (element.shape,))
    if x.size == 0 or x.dtype.itemsize == 0:
        return x
    if not x.flags.c_contiguous:
        # The fill call takes a contiguous x; the strided scatter of a
        # 0-d value does the same into a view.
        from ._host import BROADCAST
        return scatter(x, plan, element, BROADCAST)
    data = element.tobytes()
    n, waits = _wait_list(x)
    event = ctypes.c_void_p()
    err = Error()
    status = lib.clslice_enqueue_fill(
        runtime_for(x.context), x.queue.int_ptr, plan, x.dtype.itemsize,
        data, _mem(x), x.offset, 0, n, waits, ctypes.byref(event),
        ctypes.byref(err))
    return _finish(status, err, event, x)


def grad(shape, dy, plan):
    plan.require_known()
    if dy.queue is None:
        _no_queue("dy")
    dy = contiguous(dy, "dy")
    out = cla.empty(dy.queue, tuple(shape), dy.dtype, allocator=dy.allocator)
    if out.size == 0 or dy.dtype.itemsize == 0:
        return out
    dshape = (ctypes.c_int64 * max(dy.ndim, 1))(*dy.shape)
    n, waits = _wait_list(dy)
    event = ctypes.c_void_p()
    err = Error()
    dy_mem, keep = _mem_or_scratch(dy)
    status = lib.clslice_enqueue_grad(
        runtime_for(dy.context), dy.queue.int_ptr, plan, dy.dtype.itemsize,
        dy_mem, dy.offset, dshape, dy.ndim, _mem(out), out.offset, 0, n,
        waits, ctypes.byref(event), ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _finish(status, err, event, out)


def _csr_struct(shape, index_type, data, indices, indptr):
    mem = [_mem(a) for a in (indptr, indices, data)]
    return _lib.CLCSR(shape[0], shape[1], index_type, data.dtype.itemsize,
                      indices.size, mem[0], indptr.offset, mem[1],
                      indices.offset if mem[1] else 0, mem[2],
                      data.offset if mem[2] else 0)


def csr_slice(arrays, shape, plan):
    """Slices a CSR matrix held in pyopencl arrays (data, indices, indptr)
    on the device; returns ((data, indices, indptr), shape) as scipy's
    csr_matrix constructor takes them.  Counting the result's entries
    blocks until the device has counted (the output size depends on it)."""
    plan.require_known()
    data, indices, indptr = arrays
    names = ("data", "indices", "indptr")
    for name, a in zip(names, arrays):
        if not isinstance(a, cla.Array) or a.ndim != 1:
            raise TypeError("clslice: %s must be a 1-D pyopencl array" % name)
    if indices.dtype != indptr.dtype or indices.dtype not in (np.int32,
                                                              np.int64):
        raise TypeError("clslice: indices and indptr must both be int32 or "
                        "both int64 (got %s and %s)"
                        % (indices.dtype, indptr.dtype))
    if data.size != indices.size:
        raise ValueError("clslice: data has %d entries but indices has %d"
                         % (data.size, indices.size))
    _check_dtype(data.dtype, "data")
    if indptr.queue is None:
        _no_queue("indptr")
    data, indices, indptr = [contiguous(a, name)
                             for name, a in zip(names, arrays)]
    index_type = 1 if indices.dtype == np.int64 else 0
    queue = indptr.queue
    rows, cols = plan.output_shape
    src = _csr_struct(shape, index_type, data, indices, indptr)
    out_indptr = cla.empty(queue, rows + 1, indptr.dtype,
                           allocator=indptr.allocator)
    dst = _lib.CLCSR(rows, cols, index_type, data.dtype.itemsize, 0,
                     _mem(out_indptr), out_indptr.offset, None, 0, None, 0)
    rt = runtime_for(indptr.context)
    event = ctypes.c_void_p()
    call = _call_head(queue, (data, indices, indptr), event)
    desc = _lib.CLCSRDesc(plan=plan._ptr.value, in_=ctypes.pointer(src),
                          out=ctypes.pointer(dst))
    nnz = ctypes.c_int64()
    err = Error()
    status = lib.clslice_cl_csr_count(rt, ctypes.byref(call),
                                      ctypes.byref(desc), ctypes.byref(nnz),
                                      ctypes.byref(err))
    _finish(status, err, event, out_indptr)
    out_indices = cla.empty(queue, nnz.value, indptr.dtype,
                            allocator=indptr.allocator)
    out_data = cla.empty(queue, nnz.value, data.dtype,
                         allocator=data.allocator)
    dst = _csr_struct((rows, cols), index_type, out_data, out_indices,
                      out_indptr)
    event = ctypes.c_void_p()
    call = _call_head(queue, (data, indices, indptr, out_indptr), event)
    desc.out = ctypes.pointer(dst)
    status = lib.clslice_cl_csr_fill(rt, ctypes.byref(call),
                                     ctypes.byref(desc), ctypes.byref(err))
    _finish(status, err, event, out_data)
    out_indices.add_event(out_data.events[-1])
    return (out_data, out_indices, out_indptr), (rows, cols)
