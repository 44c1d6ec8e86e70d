# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""What every device call settles before it enqueues, the pyopencl way:
the queue (x.queue, or queue=), the wait list (wait_for= and the events of
the arrays it reads and writes), the result's memory (out=, the input's
allocator, or clslice's pool for the context), and names for errors
that say which of the caller's arguments is wrong.
"""
import ctypes
import inspect
import re
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as cl_tools

from . import _lib

_Array = cla.Array
_Buffer = cl.Buffer
_Event = cl.Event
_READ_WRITE = cl.mem_flags.READ_WRITE

# (name, array) pairs of the arrays a call reads or writes.
Named = Sequence[Tuple[str, Any]]


# --- queue and context ------------------------------------------------------

def no_queue(name: str) -> None:
    raise ValueError("clslice: %s has no command queue (a pyopencl array "
                     "made with a context only); give it one with "
                     "%s.with_queue(queue), or pass queue=" % (name, name))


def queue_for(x: Any, queue: Any, name: str = "x") -> Any:
    """The queue to enqueue on: `queue` if given (of x's context), else
    x.queue."""
    if queue is None:
        if x.queue is None:
            no_queue(name)
        return x.queue
    if not isinstance(queue, cl.CommandQueue):
        raise TypeError("clslice: queue must be a pyopencl.CommandQueue, "
                        "got %r" % (queue,))
    if queue.context.int_ptr != x.context.int_ptr:
        raise ValueError("clslice: queue belongs to another OpenCL context "
                         "than %s" % name)
    return queue


def same_context(a: Any, x: Any, name: str, x_name: str = "x") -> None:
    """Refuses a device array of another context than x's, by name (the
    library would see its events first, and name those)."""
    if a.context.int_ptr != x.context.int_ptr:
        raise ValueError("clslice: %s belongs to another OpenCL context "
                         "than %s" % (name, x_name))


# --- wait lists -------------------------------------------------------------

def _checked_events(wait_for: Any) -> List[Any]:
    if wait_for is None:
        return []
    try:
        events = list(wait_for)
    except TypeError:
        raise TypeError("clslice: wait_for must be a sequence of "
                        "pyopencl.Event, got %r" % (wait_for,)) from None
    for i, event in enumerate(events):
        if not isinstance(event, _Event):
            raise TypeError("clslice: wait_for[%d] must be a pyopencl.Event, "
                            "got %r" % (i, event))
    return events


def wait_list(wait_for: Any, named: Named) -> Tuple[int, Any]:
    """(count, ctypes array or None) of wait_for's events and then each
    array's events, in that order (event_names gives them names)."""
    events = _checked_events(wait_for)
    for _, a in named:
        events.extend(a.events)
    if not events:
        return 0, None
    return len(events), (ctypes.c_void_p * len(events))(
        *[e.int_ptr for e in events])


def event_names(wait_for: Any, named: Named) -> List[str]:
    """The caller's name of each entry of wait_list's array."""
    names = ["wait_for[%d]" % i for i in range(len(_checked_events(
        wait_for)))]
    for name, a in named:
        names += ["%s.events[%d]" % (name, i) for i in range(len(a.events))]
    return names


def call_head(queue: Any, wait_for: Any, named: Named, event: Any) -> Any:
    """The head of a general call (clslice_cl_call) on `queue`, waiting
    for wait_for's events and then the named arrays' (the order
    event_names gives), its event into `event` (a c_void_p); the head
    keeps its wait list alive."""
    n, waits = wait_list(wait_for, named)
    return _lib.CLCall(queue=queue.int_ptr, num_events_in_wait_list=n,
                       event_wait_list=waits, event=ctypes.pointer(event))


_WAIT_ENTRY = re.compile(r"(?:call->)?event_wait_list\[(\d+)\]")


def raise_named(status: int, err: Any, wait_for: Any = None,
                named: Named = ()) -> None:
    """raise_for, with the library's event_wait_list[i] renamed to what
    the caller passed: wait_for[j] or x.events[k]."""
    def rename(message: str) -> str:
        match = _WAIT_ENTRY.search(message)
        if match is None:
            return message
        names = event_names(wait_for, named)
        i = int(match.group(1))
        return message if i >= len(names) else \
            _WAIT_ENTRY.sub(names[i], message, count=1)
    _lib.raise_for(status, err, rename=rename)


# --- result memory ----------------------------------------------------------

_pools: Dict[int, Any] = {}
_pools_lock = threading.Lock()


def memory_pool(context: Any, queue: Any = None) -> Any:
    """clslice's pyopencl.tools.MemoryPool for `context`, made at its
    first use (queue: the queue its allocator makes buffers on)."""
    pool = _pools.get(context.int_ptr)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(context.int_ptr)
            if pool is None:
                if queue is None:
                    queue = cl.CommandQueue(context)
                pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(queue))
                _pools[context.int_ptr] = pool
    return pool


def free_pools() -> None:
    """Frees the memory every pool holds and forgets the pools (buffers
    still in use go back to OpenCL when their arrays go)."""
    with _pools_lock:
        for pool in _pools.values():
            pool.free_held()
        _pools.clear()


def allocator_for(x: Any, queue: Any) -> Any:
    """x.allocator, or clslice's pool for x's context when x has none
    (a fresh buffer per result costs its pages' first touch on every
    call: several times the copy itself on a CPU device)."""
    allocator = x.allocator
    if allocator is None:
        allocator = _pools.get(x.context.int_ptr)
        if allocator is None:
            allocator = memory_pool(x.context, queue)
    return allocator


def _has_fast_constructor() -> bool:
    """pyopencl's Array takes _fast/_size/_context/_queue (used by its own
    views) to skip the argument checks that make pyopencl.array.empty cost
    10-20 us; a pyopencl without them gets pyopencl.array.empty."""
    try:
        params = inspect.signature(_Array.__init__).parameters
    except (TypeError, ValueError):
        return False
    return all(p in params for p in ("_fast", "_size", "_context", "_queue"))


FAST_ARRAY = _has_fast_constructor()


def new_array(like: Any, queue: Any, shape: Tuple[int, ...], dtype: Any,
              size: int, strides: Tuple[int, ...],
              allocator: Any = None) -> Any:
    """An uninitialised C-contiguous array on `queue` and like's context,
    from `allocator` (default: allocator_for(like)), as
    pyopencl.array.empty makes it.  size and strides are the product of
    shape and its C byte strides (a plan has them)."""
    if allocator is None:
        allocator = allocator_for(like, queue)
    if not FAST_ARRAY or not size or not dtype.itemsize:
        return cla.empty(queue, shape, dtype, allocator=allocator)
    data = allocator(size * dtype.itemsize)
    return _Array(None, shape, dtype, allocator=allocator, data=data,
                  strides=strides, _fast=True, _size=size,
                  _context=like.context, _queue=queue)


def array_in(like: Any, queue: Any, buf: Any, offset: int, plan: Any,
             dtype: Any, allocator: Any) -> Any:
    """A C-contiguous array of plan's output shape at byte `offset` of
    buf, on `queue`."""
    strides = plan.output_strides(dtype.itemsize)
    if FAST_ARRAY:
        return _Array(None, plan.output_shape, dtype, allocator=allocator,
                      data=buf, offset=offset, strides=strides, _fast=True,
                      _size=plan.size, _context=like.context, _queue=queue)
    return _Array(queue, plan.output_shape, dtype, allocator=allocator,
                  data=buf, offset=offset, strides=strides)


def check_out(out: Any, x: Any, shape: Tuple[Optional[int], ...],
              dtype: Any, name: str = "x") -> None:
    """Refuses an out= that is not a device array of x's context with
    the result's shape and dtype."""
    if not isinstance(out, _Array):
        raise TypeError("clslice: out must be a pyopencl.array.Array for "
                        "a device %s, got %s" % (name, type(out).__name__))
    same_context(out, x, "out", name)
    if tuple(out.shape) != tuple(shape) or out.dtype != np.dtype(dtype):
        raise ValueError(
            "clslice: out has shape %r and dtype %s; the result has shape "
            "%r and dtype %s" % (tuple(out.shape), out.dtype, tuple(shape),
                                 np.dtype(dtype)))


def element_strides(a: Any, name: str) -> Any:
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


# pyopencl's base class of SVM memory (SVMAllocation, SVM, PooledSVM);
# None where pyopencl was built without SVM.
_SVMPointer = getattr(cl, "SVMPointer", None)


def in_svm(a: Any) -> bool:
    """Whether the device array a lies in shared virtual memory: an array
    made with data=cl.SVM(...) or cl.SVMAllocation, or from
    pyopencl.tools.SVMAllocator / SVMPool (its base_data an SVMPointer)."""
    return _SVMPointer is not None and isinstance(a.base_data, _SVMPointer)


def storage(a: Any) -> Any:
    """An id of the memory a lies in (its buffer's handle or its SVM
    pointer), None for an empty array, to compare two arrays' memory."""
    data = a.base_data
    if data is None:
        return None
    if _SVMPointer is not None and isinstance(data, _SVMPointer):
        return ("svm", data.svm_ptr)
    return data.int_ptr


def side(a: Any, name: str, strided: bool = True) -> Tuple[Any, Any]:
    """(clslice_cl_tensor, clslice_cl_svm) of the device array a as a
    descriptor takes one side: a buffer-backed array as the tensor's
    buffer, an SVM-backed one as the SVM member (pointer and the
    allocation's bytes from it, the offset counting from the pointer)
    with the tensor's buffer NULL.  strided=False: no strides (the
    calls that take contiguous sides)."""
    strides = element_strides(a, name) if strided else None
    data = a.base_data
    if data is None:
        return _lib.CLTensor(None, a.offset, strides), _lib.CLSvm()
    if _SVMPointer is not None and isinstance(data, _SVMPointer):
        return (_lib.CLTensor(None, a.offset, strides),
                _lib.CLSvm(data.svm_ptr, data.size))
    return _lib.CLTensor(data.int_ptr, a.offset, strides), _lib.CLSvm()


def mem(a: Any, name: str = "an array") -> Optional[int]:
    """a's buffer handle for the calls whose C side takes buffers only
    (the CSR call; fill and grad reach it only for arrays in buffers):
    an SVM-backed array is refused by name."""
    # pyopencl leaves base_data None for an empty array; the library only
    # sees empty arrays when nothing is enqueued on them.
    data = a.base_data
    if data is None:
        return None
    if _SVMPointer is not None and isinstance(data, _SVMPointer):
        raise TypeError(
            "clslice: %s lies in SVM (its base_data is a pyopencl %s); this "
            "call takes arrays in buffers (cl.Buffer): copy it into one "
            "first, e.g. clslice.slice(a, '...', allocator=clslice."
            "memory_pool(a.context))" % (name, type(data).__name__))
    return int(data.int_ptr)


def mem_or_scratch(a: Any, name: str = "value",
                   strided: bool = True) -> Tuple[Any, Any, Any]:
    """side() of an array that may be empty, and what to keep alive
    until the call returns: OpenCL has no empty buffers, and the library
    wants one even for a value of 0 elements."""
    if a.base_data is not None:
        tensor, svm = side(a, name, strided)
        return tensor, svm, a.base_data
    scratch = _Buffer(a.context, cl.mem_flags.READ_ONLY,
                      max(a.dtype.itemsize, 1))
    strides = element_strides(a, name) if strided else None
    return (_lib.CLTensor(scratch.int_ptr, a.offset, strides), _lib.CLSvm(),
            scratch)
