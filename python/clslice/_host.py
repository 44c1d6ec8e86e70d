# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""numpy arrays and scipy CSR matrices: the C library's host executors."""
import ctypes
import struct
import threading
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from . import _lib
from ._lib import lib, Error
from ._packed import address, check_layout, descriptor, void_call

BROADCAST, EXACT = 0, 1
_addressof = ctypes.addressof
_char_from_buffer = ctypes.c_char.from_buffer


def _check_dtype(dtype: np.dtype, what: str) -> None:
    if dtype.hasobject:
        # Copying object pointers byte-wise would skip their reference
        # counts.
        raise TypeError("clslice: %s has dtype %s, which holds Python "
                        "objects; only plain-data dtypes can be sliced"
                        % (what, dtype))


def _contiguous(x: np.ndarray) -> np.ndarray:
    # np.ascontiguousarray would turn a 0-d array into a 1-d one.
    return x if x.flags.c_contiguous else np.asarray(x, order="C")


def _address(a: np.ndarray) -> int:
    """Address of a non-empty contiguous array's data; from_buffer is
    several times faster than a.ctypes.data but needs a writable array of
    a dtype the buffer protocol can describe (not datetime64 or
    timedelta64)."""
    try:
        return _addressof(_char_from_buffer(a))  # type: ignore[arg-type]
    except (TypeError, ValueError, BufferError):
        return a.ctypes.data


def _view(a: np.ndarray) -> Optional[Tuple[int, int, int, Any]]:
    """The strided calls' description of a non-contiguous array a:
    (address of its lowest byte, bytes it spans, byte offset of element 0
    from there, element strides), or None when a is C-contiguous, empty,
    or has a byte stride that is not a multiple of its element size (the
    library counts strides in elements; such arrays are copied)."""
    itemsize = a.itemsize
    if a.flags.c_contiguous or not a.size or not itemsize:
        return None
    low = high = 0
    for n, stride in zip(a.shape, a.strides):
        if stride % itemsize:
            return None
        if stride < 0:
            low += (n - 1) * stride
        else:
            high += (n - 1) * stride
    strides = [stride // itemsize for stride in a.strides]
    return (a.ctypes.data + low, high - low + itemsize, -low,
            (ctypes.c_int64 * len(strides))(*strides))


def _buffer(a: np.ndarray) -> Tuple[int, int, int, Any]:
    """(address, bytes, offset of element 0, element strides or None) of a
    C-contiguous array or of a view _view describes."""
    view = _view(a)
    if view is not None:
        return view
    return a.ctypes.data, a.nbytes, 0, None


def _shape_arg(shape: Sequence[int]) -> Tuple[Any, int]:
    return (ctypes.c_int64 * max(len(shape), 1))(*shape), len(shape)


# The descriptors of clslice_host_gather2 and clslice_host_scatter2 as
# struct formats (_packed.py), every member in order (tensors: data,
# bytes, offset, strides; NULL pointers are 0).
_GATHER = struct.Struct("@NPN" "PNNP" "PNNP" "PP")
_SCATTER = struct.Struct("@NPN" "PNNP" "Pii" "PNNP" "PP")
_TENSOR = ("data", "bytes", "offset", "strides")
check_layout(_GATHER, _lib.HostGatherDesc,
             ["struct_size", "plan", "elem_size"] +
             ["src." + f for f in _TENSOR] + ["dst." + f for f in _TENSOR] +
             ["src_blocking", "dst_blocking"])
check_layout(_SCATTER, _lib.HostScatterDesc,
             ["struct_size", "plan", "elem_size"] +
             ["value." + f for f in _TENSOR] +
             ["value_shape", "value_rank", "rule"] +
             ["dst." + f for f in _TENSOR] +
             ["value_blocking", "dst_blocking"])
# The members from `plan` to dst.bytes (offset 8): all a contiguous gather
# changes; its descriptor keeps zeros in dst.offset, dst.strides and the
# blockings from its first fill on.
_GATHER_PLAIN = struct.Struct("@PN" "PNNP" "PN")


class _Calls(threading.local):
    """This thread's descriptors and error record, made once and refilled
    at every call: `plain` (contiguous gathers), `gather` and `scatter`
    (views), each (memory, address), and the error record's (Error,
    address).  A call fills and runs its descriptor without running
    other Python code in between, so one of each per thread is enough."""

    def __init__(self) -> None:
        self.plain = descriptor(_GATHER, _lib.HostGatherDesc)
        self.gather = descriptor(_GATHER, _lib.HostGatherDesc)
        self.scatter = descriptor(_SCATTER, _lib.HostScatterDesc)
        err = Error()
        self.err = (err, ctypes.addressof(err))


_calls = _Calls()
_gather2 = void_call(lib, "clslice_host_gather2", 2)
_scatter2 = void_call(lib, "clslice_host_scatter2", 2)
_pack_gather = _GATHER.pack_into
_pack_plain = _GATHER_PLAIN.pack_into
_pack_scatter = _SCATTER.pack_into
_GATHER_SIZE = _GATHER.size
_SCATTER_SIZE = _SCATTER.size
_strides_address = address


def _run_gather(plan: Any, itemsize: int,
                src: Tuple[int, int, int, Any],
                dst: Tuple[int, int, int, Any]) -> None:
    """clslice_host_gather2 of plan from the tensor src to the tensor dst,
    each (address, bytes, offset of element 0, element strides or None),
    through this thread's descriptor."""
    memory, address = _calls.gather
    _pack_gather(memory, 0, _GATHER_SIZE, plan.address, itemsize, src[0],
                 src[1], src[2], _strides_address(src[3]), dst[0], dst[1],
                 dst[2], _strides_address(dst[3]), 0, 0)
    err, err_address = _calls.err
    status = _gather2(address, err_address)
    if status:
        _lib.raise_for(status, err)


def gather(x: np.ndarray, plan: Any) -> np.ndarray:
    # The per-call path of clslice.slice: lookups hoisted to module level,
    # the checks that hold for nearly every call tested inline.
    if not plan.known:
        plan.require_known()
    dtype = x.dtype
    if dtype.hasobject:
        _check_dtype(dtype, "x")
    out = np.empty(plan.output_shape, dtype)
    itemsize = dtype.itemsize
    if not itemsize or not plan.size:
        return out
    if not x.flags.c_contiguous:
        view = _view(x)
        if view is not None:
            _run_gather(plan, itemsize, view,
                        (_address(out), out.nbytes, 0, None))
            return out
        x = np.asarray(x, order="C")
    # contiguous to contiguous, the call made in loops: the members that
    # change, packed inline
    memory, address = _calls.plain
    _pack_plain(memory, 8, plan.address, itemsize, _address(x), x.nbytes,
                0, 0, _address(out), out.nbytes)
    err, err_address = _calls.err
    status = _gather2(address, err_address)
    if status:
        _lib.raise_for(status, err)
    return out


def _check_out(x: np.ndarray, plan: Any, out: Any,
               name: str = "out") -> None:
    """out= of a gather: a writable numpy array of the result's shape and
    x's dtype."""
    plan.require_known()
    _check_dtype(x.dtype, "x")
    if not isinstance(out, np.ndarray):
        raise TypeError("clslice: %s must be a numpy array for a numpy x, "
                        "got %s" % (name, type(out).__name__))
    if out.shape != plan.output_shape or out.dtype != x.dtype:
        raise ValueError(
            "clslice: %s has shape %r and dtype %s; the result has shape "
            "%r and dtype %s" % (name, out.shape, out.dtype,
                                 plan.output_shape, x.dtype))
    _writable(out, name, "the result is written into it")


def gather_into(x: np.ndarray, plan: Any, out: np.ndarray) -> np.ndarray:
    """gather into the numpy array `out` (any layout, of the result's
    shape and x's dtype), as numpy's out= arguments take one."""
    _check_out(x, plan, out)
    if not out.size or not x.itemsize:
        return out
    if np.may_share_memory(out, x) or not (out.flags.c_contiguous or
                                           _view(out) is not None):
        # The library writes only views in whole elements and refuses a
        # source that overlaps the destination; a temporary gives the
        # result as if computed first (numpy.concatenate, writing input by
        # input, would read a later input already overwritten).
        np.copyto(out, gather(x, plan))
        return out
    if not (x.flags.c_contiguous or _view(x) is not None):
        x = np.asarray(x, order="C")
    _run_gather(plan, x.itemsize, _buffer(x), _buffer(out))
    return out


def gather_many_into(x: np.ndarray, plans: Sequence[Any],
                     given: Any) -> List[np.ndarray]:
    """slice_many's and split's out=: piece i gathered into the numpy
    array out[i] (gather_into's rules, its errors naming out[i]); every
    array is checked before any is written."""
    try:
        outs = list(given)
    except TypeError:
        raise TypeError("clslice: out must be a sequence of arrays, one "
                        "per piece, got %s" % type(given).__name__) from None
    if len(outs) != len(plans):
        raise ValueError("clslice: out has %d arrays for %d pieces"
                         % (len(outs), len(plans)))
    for i, (plan, out) in enumerate(zip(plans, outs)):
        _check_out(x, plan, out, "out[%d]" % i)
    for plan, out in zip(plans, outs):
        gather_into(x, plan, out)
    return outs


def _writable(x: np.ndarray, name: str = "x",
              why: str = "assign and fill write into it in place") -> None:
    if not x.flags.writeable:
        raise ValueError("clslice: %s is read-only; %s" % (name, why))


def scatter(x: np.ndarray, plan: Any, value: Any, rule: int) -> np.ndarray:
    """Writes value into plan's slice of x, in place."""
    plan.require_known()
    _check_dtype(x.dtype, "x")
    _writable(x)
    # numpy assignment converts the value to x's dtype the same way.
    value = np.asarray(value, dtype=x.dtype)
    if np.may_share_memory(value, x):
        # numpy reads the whole value before it writes; so does a copy.
        value = np.array(value, order="C")
    if not value.flags.c_contiguous and _view(value) is None:
        value = np.asarray(value, order="C")
    if x.flags.c_contiguous or _view(x) is not None:
        _scatter_views(plan, max(x.itemsize, 1), value, rule, x)
        return x
    # Strides the library cannot count in elements: through a copy.
    target = np.asarray(x, order="C")
    _scatter_views(plan, max(x.itemsize, 1), value, rule, target)
    np.copyto(x, target)
    return x


def _scatter_views(plan: Any, itemsize: int, value: np.ndarray, rule: int,
                   x: np.ndarray) -> None:
    """clslice_host_scatter2 of value into plan's slice of x (each
    contiguous or a view in whole elements), through this thread's
    descriptor."""
    shape, rank = _shape_arg(value.shape)
    src, dst = _buffer(value), _buffer(x)
    memory, address = _calls.scatter
    _pack_scatter(memory, 0, _SCATTER_SIZE, plan.address, itemsize, src[0],
                  src[1], src[2], _strides_address(src[3]),
                  _addressof(shape), rank, rule, dst[0], dst[1], dst[2],
                  _strides_address(dst[3]), 0, 0)
    err, err_address = _calls.err
    status = _scatter2(address, err_address)
    if status:
        _lib.raise_for(status, err)


def grad(shape: Tuple[int, ...], dy: np.ndarray, plan: Any,
         given: Any = None) -> np.ndarray:
    plan.require_known()
    _check_dtype(dy.dtype, "dy")
    dy = _contiguous(dy)
    out: np.ndarray = given
    if given is None:
        out = np.empty(tuple(shape), dy.dtype)
    elif (not isinstance(out, np.ndarray) or out.shape != tuple(shape) or
          out.dtype != dy.dtype or not out.flags.c_contiguous):
        raise ValueError("clslice: out must be a C-contiguous numpy array "
                         "of shape %r and dtype %s" % (tuple(shape),
                                                       dy.dtype))
    else:
        _writable(out, "out", "the gradient is written into it")
    dshape, rank = _shape_arg(dy.shape)
    err = Error()
    status = lib.clslice_host_grad(plan, max(dy.itemsize, 1),
                                   dy.ctypes.data, dshape, rank, dy.nbytes,
                                   out.ctypes.data, out.nbytes,
                                   ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    return out


def _concat_source(a: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """An input as the library reads it: in the result's dtype (cast
    already allowed), contiguous or a view in whole elements."""
    if a.dtype != dtype:
        return np.asarray(a, dtype=dtype, order="C")
    if a.flags.c_contiguous or _view(a) is not None:
        return a
    return np.asarray(a, order="C")


def concat(arrays: Sequence[np.ndarray], plans: Sequence[Any],
           shape: Tuple[int, ...], dtype: np.dtype,
           out: Any = None) -> np.ndarray:
    """Writes each array into its plan's place of a new array of `shape`
    (or of out=, a numpy array of any layout, as numpy's out= arguments
    take one)."""
    _check_dtype(dtype, "the result")
    if out is None:
        result = np.empty(shape, dtype)
    else:
        _writable(out, "out", "the result is written into it")
        result = out
    if not result.size or not dtype.itemsize:
        return result
    target = result
    if out is not None and (
            any(np.may_share_memory(out, a) for a in arrays) or
            not (out.flags.c_contiguous or _view(out) is not None)):
        # The library writes only views in whole elements and refuses a
        # source that overlaps the destination; a temporary gives the
        # result as if computed first (numpy.concatenate, writing input by
        # input, would read a later input already overwritten).
        target = np.empty(shape, dtype)
    sources = [_concat_source(a, dtype) for a in arrays]
    parts = (_lib.HostPart * len(sources))()
    # the strides arrays must outlive the call: held here
    views = [_buffer(a) if a.size else None for a in sources]
    for part, plan, view in zip(parts, plans, views):
        part.plan = plan._ptr.value
        if view is not None:
            part.src = _lib.HostTensor(*view)
    dst_view = _buffer(target)
    desc = _lib.HostConcatDesc(elem_size=dtype.itemsize,
                               dst=_lib.HostTensor(*dst_view),
                               count=len(parts), parts=parts)
    err = Error()
    status = lib.clslice_host_concat(ctypes.byref(desc), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    if target is not result:
        np.copyto(result, target)
    return result


def csr_slice(m: Any, plan: Any) -> Any:
    """Slices a scipy.sparse CSR matrix (or array); the result has m's
    type, index dtype and data dtype."""
    plan.require_known()
    _check_dtype(m.data.dtype, "m.data")
    index_dtype = np.result_type(m.indptr.dtype, m.indices.dtype)
    if index_dtype not in (np.int32, np.int64):
        index_dtype = np.dtype(np.int64)
    indptr = np.ascontiguousarray(m.indptr, dtype=index_dtype)
    indices = np.ascontiguousarray(m.indices, dtype=index_dtype)
    data = np.ascontiguousarray(m.data)
    nnz = len(indices)
    if len(data) != nnz:
        raise ValueError("clslice: m.data has %d entries but m.indices has "
                         "%d" % (len(data), nnz))
    csr = _lib.CSR(m.shape[0], m.shape[1],
                   1 if index_dtype == np.int64 else 0,
                   max(data.itemsize, 1), nnz, indptr.ctypes.data,
                   indices.ctypes.data, data.ctypes.data)
    err = Error()
    count = ctypes.c_int64()
    status = lib.clslice_host_csr_count(plan, ctypes.byref(csr),
                                        ctypes.byref(count),
                                        ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    rows, cols = plan.output_shape
    out_indptr = np.empty(rows + 1, index_dtype)
    out_indices = np.empty(count.value, index_dtype)
    out_data = np.empty(count.value, data.dtype)
    status = lib.clslice_host_csr_slice(
        plan, ctypes.byref(csr), out_indptr.ctypes.data,
        out_indices.ctypes.data, out_data.ctypes.data, count.value,
        ctypes.byref(count), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    out = type(m)((out_data, out_indices, out_indptr), shape=(rows, cols))
    # scipy's constructor may narrow int64 indices; keep the input's.
    out.indptr, out.indices = out_indptr, out_indices
    return out
