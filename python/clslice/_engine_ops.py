# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The slicing and split ops of TFLite, TensorFlow, XLA (JAX), OpenVINO,
ONNX and PyTorch under their own names and argument names: each builds
its spec (_fronts.py) or its split's plans (_split.py) and runs them as
clslice.slice / slice_many / assign do, on numpy or pyopencl arrays.
Each gives back the kind of array it was given (_types.AnyArray)."""
from __future__ import annotations

import sys
from typing import Any, List, Optional, Sequence, cast

import numpy as _np

from . import _lib
from . import _split
from ._fronts import (TFLite, TFSlice, XLASlice, DynamicSlice,
                      DynamicUpdateSlice, OpenVINOSlice, Narrow)
from ._ints import int64_index
from ._plan import IntVector
from ._types import (Allocator, AnyArray, AnyTensor, Queue, Starts,
                     WaitFor)

# The package's entry points, defined before this module is imported.
from . import _run, _gather_plans, _numpy, assign


def tflite_strided_slice(input: AnyTensor, begin: Sequence[int],  # noqa: A002
                         end: Sequence[int], strides: IntVector = None,
                         begin_mask: int = 0, end_mask: int = 0,
                         ellipsis_mask: int = 0, new_axis_mask: int = 0,
                         shrink_axis_mask: int = 0, offset: bool = False, *,
                         out: Optional[AnyTensor] = None, queue: Queue = None,
                         wait_for: WaitFor = None,
                         allocator: Allocator = None) -> AnyTensor:
    """TFLite STRIDED_SLICE: tf.strided_slice's rules on int32 begin, end
    and strides (default ones), an input of rank 5 or less; with
    offset=True each end counts from its begin."""
    return _run(input, TFLite(begin, end, strides, begin_mask, end_mask,
                              ellipsis_mask, new_axis_mask,
                              shrink_axis_mask, offset),
                out, queue, wait_for, allocator)


def tf_slice(input_: AnyTensor, begin: Sequence[int], size: Sequence[int],
             *, out: Optional[AnyTensor] = None, queue: Queue = None,
             wait_for: WaitFor = None,
             allocator: Allocator = None) -> AnyTensor:
    """tf.slice(input_, begin, size): a size of -1 runs to the end; a begin
    or size outside the dimension raises ClsliceIndexError (an
    IndexError) naming the entry."""
    return _run(input_, TFSlice(begin, size), out, queue, wait_for,
                allocator)


def xla_slice(operand: AnyTensor, start_indices: Sequence[int],
              limit_indices: Sequence[int], strides: IntVector = None, *,
              out: Optional[AnyTensor] = None, queue: Queue = None,
              wait_for: WaitFor = None,
              allocator: Allocator = None) -> AnyTensor:
    """jax.lax.slice (stablehlo.slice): one entry per dimension, 0 <= start
    <= limit <= size, strides >= 1; nothing is clamped."""
    return _run(operand, XLASlice(start_indices, limit_indices, strides),
                out, queue, wait_for, allocator)


def _jax_starts(operand: Any, start_indices: Sequence[int],
                allow_negative_indices: Any) -> List[int]:
    """JAX's reading of start indices before StableHLO clamps them: with
    allow_negative_indices (a bool, or one per dimension) a negative start
    counts from the end of its dimension, as in numpy."""
    starts = [int64_index(v, "start_indices[%d]" % i)
              for i, v in enumerate(start_indices)]
    shape = operand.shape if hasattr(operand, "shape") else \
        _numpy(operand).shape
    allow = (list(allow_negative_indices)
             if isinstance(allow_negative_indices, (list, tuple))
             else [bool(allow_negative_indices)] * len(starts))
    if len(allow) != len(starts):
        raise _lib.ClsliceArgumentError(
            "clslice: allow_negative_indices has %d entries but "
            "start_indices has %d" % (len(allow), len(starts)))
    out = []
    for d, (start, wrap) in enumerate(zip(starts, allow)):
        # a rank mismatch is left for the library to name
        if start < 0 and wrap and d < len(shape):
            start += shape[d]
        out.append(start)
    return out


def _on_device(operand: Any, start_indices: Any) -> Any:
    """The device executor when start_indices is a pyopencl array (the
    device-resident path), else None."""
    cla = sys.modules.get("pyopencl.array")
    if cla is None or not isinstance(start_indices, cla.Array):
        return None
    if not isinstance(operand, cla.Array):
        raise TypeError("clslice: start_indices on the device need an "
                        "operand on the device (a pyopencl array)")
    from . import _cl_dynamic
    return _cl_dynamic


def _update_dtype(operand: Any, update: Any) -> Any:
    """JAX's rule: update and operand have one dtype (no silent cast, such
    as 2.7 into an int64 operand as 2).  An update without a dtype (a
    Python scalar or list) is read by numpy and must cast to operand's
    dtype within its kind (ints into floats, not floats into ints), as
    JAX's weakly typed Python values do."""
    dtype = getattr(operand, "dtype", None)
    if dtype is None:
        dtype = _numpy(operand).dtype
    given = getattr(update, "dtype", None)
    if given is not None:
        if given != dtype:
            raise TypeError(
                "clslice: dynamic_update_slice: update has dtype %s but "
                "operand has %s; JAX requires equal dtypes (convert the "
                "update first, e.g. update.astype(operand.dtype))"
                % (given, dtype))
        return update
    value = _numpy(update)
    if not _np.can_cast(value.dtype, dtype, casting="same_kind"):
        raise TypeError(
            "clslice: dynamic_update_slice: update %r reads as %s, which "
            "does not cast to operand's %s within its kind; JAX requires "
            "equal dtypes" % (update, value.dtype, dtype))
    return _np.asarray(value, dtype=dtype)


def dynamic_slice(operand: AnyArray, start_indices: Starts,
                  slice_sizes: Sequence[int], *,
                  allow_negative_indices: Any = True,
                  out: Optional[AnyArray] = None, queue: Queue = None,
                  wait_for: WaitFor = None,
                  allocator: Allocator = None) -> AnyArray:
    """jax.lax.dynamic_slice: the window of slice_sizes; a negative start
    counts from the end (allow_negative_indices, as JAX, a bool or one per
    dimension; False: it is clamped to 0, as stablehlo.dynamic_slice),
    then each start is clamped to [0, size - window], so a start is never
    an error; a start outside int64 is (OverflowError, as JAX).
    start_indices may be a pyopencl int32/int64 array (with a pyopencl
    operand): the same rules are applied on the device and the call waits
    for nothing (the device-resident path)."""
    dev = _on_device(operand, start_indices)
    if dev is not None:
        if out is not None:
            raise TypeError("clslice: out= is not taken with start_indices "
                            "on the device")
        result: AnyArray = dev.dynamic_slice(
            operand, start_indices, slice_sizes,
            dev.wraps_of(allow_negative_indices, operand.ndim), queue,
            wait_for, allocator)
        return result
    starts = _jax_starts(operand, cast(Sequence[int], start_indices),
                         allow_negative_indices)
    return _run(operand, DynamicSlice(starts, slice_sizes), out, queue,
                wait_for, allocator)


def dynamic_update_slice(operand: AnyArray, update: Any,
                         start_indices: Starts, *,
                         allow_negative_indices: Any = True,
                         queue: Queue = None,
                         wait_for: WaitFor = None) -> AnyArray:
    """jax.lax.dynamic_update_slice, in place (as clslice.assign): writes
    update (whose shape is the window) at start_indices, read as
    dynamic_slice reads them (on the device too), and returns operand.
    JAX returns a new array: pass a copy for its result.  update must
    have operand's dtype (JAX's rule; a Python scalar or list must cast
    within its kind), and is read whole before anything is written, so
    an update that is a view of operand gives JAX's result on the host
    and the device alike."""
    update = _update_dtype(operand, update)
    dev = _on_device(operand, start_indices)
    if dev is not None:
        written: AnyArray = dev.dynamic_update_slice(
            operand, update, start_indices,
            dev.wraps_of(allow_negative_indices, operand.ndim), queue,
            wait_for)
        return written
    shape = update.shape if hasattr(update, "shape") else \
        _numpy(update).shape
    starts = _jax_starts(operand, cast(Sequence[int], start_indices),
                         allow_negative_indices)
    return assign(operand, DynamicUpdateSlice(shape, starts), update,
                  exact=True, queue=queue, wait_for=wait_for)


def openvino_slice(data: AnyTensor, start: Sequence[int],
                   stop: Sequence[int], step: Sequence[int],
                   axes: IntVector = None, *,
                   out: Optional[AnyTensor] = None, queue: Queue = None,
                   wait_for: WaitFor = None,
                   allocator: Allocator = None) -> AnyTensor:
    """OpenVINO Slice-8: axes not listed are kept whole."""
    return _run(data, OpenVINOSlice(start, stop, step, axes), out, queue,
                wait_for, allocator)


def slice_scatter(data: AnyArray, updates: Any, start: Sequence[int],
                  stop: Sequence[int], step: Sequence[int],
                  axes: IntVector = None, *, queue: Queue = None,
                  wait_for: WaitFor = None) -> AnyArray:
    """OpenVINO SliceScatter-15, in place: writes updates (of the slice's
    shape exactly) into Slice-8's slice of data, and returns data."""
    return assign(data, OpenVINOSlice(start, stop, step, axes), updates,
                  exact=True, queue=queue, wait_for=wait_for)


def narrow(input: AnyTensor, dim: int, start: int,  # noqa: A002
           length: int, *, out: Optional[AnyTensor] = None,
           queue: Queue = None, wait_for: WaitFor = None,
           allocator: Allocator = None) -> AnyTensor:
    """torch.narrow, as a copy: `length` indices from start (negative
    counts from the end) along dim; nothing is clamped."""
    return _run(input, Narrow(dim, start, length), out, queue, wait_for,
                allocator)


def _pieces(x: Any, style: int, axis: int, number: Optional[int],
            sizes: Optional[Sequence[int]], queue: Any, wait_for: Any,
            allocator: Any, out: Any) -> List[Any]:
    shape = tuple(x.shape if hasattr(x, "shape") else _numpy(x).shape)
    plans = _split.split_plans(shape, style, axis, number, sizes)
    return _gather_plans(x, plans, queue, wait_for, allocator, out)


def chunk(input: AnyTensor, chunks: int, dim: int = 0,  # noqa: A002
          *, out: Optional[Sequence[AnyTensor]] = None, queue: Queue = None,
          wait_for: WaitFor = None,
          allocator: Allocator = None) -> List[AnyTensor]:
    """torch.chunk: pieces of ceil(size / chunks), so possibly fewer than
    chunks; copies, one batched command on the device."""
    return _pieces(input, _lib.SPLIT_TORCH_CHUNK, dim, chunks, None, queue,
                   wait_for, allocator, out)


def torch_split(tensor: AnyTensor, split_size_or_sections: Any,
                dim: int = 0, *, out: Optional[Sequence[AnyTensor]] = None,
                queue: Queue = None, wait_for: WaitFor = None,
                allocator: Allocator = None) -> List[AnyTensor]:
    """torch.split: an int gives pieces of that size, the last smaller; a
    list gives pieces of those sizes, which must add up."""
    number, sizes = _split.number_or_sizes(split_size_or_sections,
                                           "split_size_or_sections")
    return _pieces(tensor, _lib.SPLIT_TORCH, dim, number, sizes, queue,
                   wait_for, allocator, out)


def tf_split(value: AnyTensor, num_or_size_splits: Any, axis: int = 0, *,
             out: Optional[Sequence[AnyTensor]] = None, queue: Queue = None,
             wait_for: WaitFor = None,
             allocator: Allocator = None) -> List[AnyTensor]:
    """tf.split: an int must divide the dimension; a list of sizes must add
    up to it, one of them may be -1 (the rest)."""
    number, sizes = _split.number_or_sizes(num_or_size_splits,
                                           "num_or_size_splits")
    return _pieces(value, _lib.SPLIT_TF, axis, number, sizes, queue,
                   wait_for, allocator, out)


def onnx_split(input: AnyTensor, split: IntVector = None,  # noqa: A002
               axis: int = 0, num_outputs: Optional[int] = None,
               opset: int = 18, *, out: Optional[Sequence[AnyTensor]] = None,
               queue: Queue = None, wait_for: WaitFor = None,
               allocator: Allocator = None) -> List[AnyTensor]:
    """ONNX Split: `split` (sizes adding up to the dimension), or
    num_outputs pieces: opset 18 makes them ceil(size / num_outputs) with
    the last smaller, opset 13 (num_outputs: the node's output count)
    needs an even division."""
    if opset not in (13, 18):
        raise _lib.ClsliceArgumentError(
            "clslice: opset = %r: ONNX Split's rules here are those of "
            "opsets 13 and 18" % (opset,))
    if (split is None) == (num_outputs is None):
        raise _lib.ClsliceArgumentError(
            "clslice: onnx_split takes exactly one of split and "
            "num_outputs")
    style = _lib.SPLIT_ONNX_18 if opset == 18 else _lib.SPLIT_ONNX_13
    return _pieces(input, style, axis, num_outputs, split, queue, wait_for,
                   allocator, out)


def openvino_split(data: AnyTensor, axis: int, num_splits: int, *,
                   out: Optional[Sequence[AnyTensor]] = None,
                   queue: Queue = None, wait_for: WaitFor = None,
                   allocator: Allocator = None) -> List[AnyTensor]:
    """OpenVINO Split-1: num_splits must divide the dimension."""
    return _pieces(data, _lib.SPLIT_OPENVINO, axis, num_splits, None, queue,
                   wait_for, allocator, out)


def variadic_split(data: AnyTensor, axis: int, split_lengths: Sequence[int],
                   *, out: Optional[Sequence[AnyTensor]] = None,
                   queue: Queue = None, wait_for: WaitFor = None,
                   allocator: Allocator = None) -> List[AnyTensor]:
    """OpenVINO VariadicSplit-1: lengths adding up to the dimension, one
    of them may be -1 (the rest)."""
    return _pieces(data, _lib.SPLIT_OPENVINO_VARIADIC, axis, None,
                   split_lengths, queue, wait_for, allocator, out)
