# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Specs of the slicing ops an engine meets when it imports a model: TFLite
STRIDED_SLICE, tf.slice, StableHLO slice / dynamic_slice /
dynamic_update_slice, OpenVINO Slice-8 (and SliceScatter-15, its write)
and PyTorch's narrow and indexing.  Each is a thin layer over one
clslice_plan_* call, with the framework's argument names; the rules and
the messages are the C library's."""
import ctypes
from typing import Any, Hashable, List, Optional, Sequence, Tuple

from . import _lib
from ._ints import INT32_MAX, INT32_MIN, as_int, int32_mask, int64_array, \
    int64_index, saturate
from ._lib import lib
from ._plan import IntVector, Spec, Plan, _build, _int_tuple


def _required(values: Optional[Sequence[Any]],
              name: str) -> Tuple[int, ...]:
    out = _int_tuple(values, name)
    if out is None:
        raise TypeError("clslice: %s is required (a sequence of integers)"
                        % name)
    return out


def _int32_array(values: Tuple[int, ...], name: str) -> Any:
    """TFLite's int32 tensor: an entry outside int32 is refused by name."""
    for i, v in enumerate(values):
        if not INT32_MIN <= v <= INT32_MAX:
            raise _lib.ClsliceSpecError(
                "clslice: %s[%d] = %d is outside int32; TFLite's begin, end "
                "and strides are int32 tensors" % (name, i, v))
    return (ctypes.c_int32 * max(len(values), 1))(*values)


class TFLite(Spec):
    """TFLite STRIDED_SLICE: tf.strided_slice's arguments on int32 values,
    and `offset` (each end counts from its resolved begin)."""

    def __init__(self, begin: Sequence[int], end: Sequence[int],
                 strides: IntVector = None, begin_mask: int = 0,
                 end_mask: int = 0, ellipsis_mask: int = 0,
                 new_axis_mask: int = 0, shrink_axis_mask: int = 0,
                 offset: bool = False) -> None:
        self.begin = _required(begin, "begin")
        self.end = _required(end, "end")
        self.strides = (_required(strides, "strides") if strides is not None
                        else (1,) * len(self.begin))
        self.masks = tuple(int32_mask(value, name) for name, value in (
            ("begin_mask", begin_mask), ("end_mask", end_mask),
            ("ellipsis_mask", ellipsis_mask),
            ("new_axis_mask", new_axis_mask),
            ("shrink_axis_mask", shrink_axis_mask)))
        self.offset = bool(offset)

    def _cache_key(self) -> Hashable:
        return ("tflite", self.begin, self.end, self.strides, self.masks,
                self.offset)

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        arrays = [_int32_array(v, name) for v, name in (
            (self.begin, "begin"), (self.end, "end"),
            (self.strides, "strides"))]
        spec = _lib.TFLiteSpec(
            ctypes.cast(arrays[0], ctypes.c_void_p), len(self.begin),
            ctypes.cast(arrays[1], ctypes.c_void_p), len(self.end),
            ctypes.cast(arrays[2], ctypes.c_void_p), len(self.strides),
            *self.masks, int(self.offset))
        return _build(lib.clslice_plan_tflite, arr, len(shape),
                      ctypes.byref(spec))


def _vectors_plan(call: Any, shape: Tuple[int, ...], arr: Any,
                  named: Sequence[Tuple[Optional[Tuple[int, ...]], str]],
                  with_lengths: bool, *tail: Any) -> Plan:
    """Runs `call` on the int64 arrays of `named` (each followed by its
    length when with_lengths), then `tail`, noting saturated values."""
    notes: List[str] = []
    args: List[Any] = []
    for values, name in named:
        data, n = int64_array(values, name, notes)
        args += [data, n] if with_lengths else [data]
    return _build(call, arr, len(shape), *args, *tail, notes=notes)


class TFSlice(Spec):
    """tf.slice(input_, begin, size): one entry per dimension; a size of -1
    runs to the end; nothing is clamped."""

    def __init__(self, begin: Sequence[int], size: Sequence[int]) -> None:
        self.args = (_required(begin, "begin"), _required(size, "size"))

    def _cache_key(self) -> Hashable:
        return ("tf_slice",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        return _vectors_plan(lib.clslice_plan_tf_slice, shape, arr,
                             ((self.args[0], "begin"),
                              (self.args[1], "size")), True)


def _same_length(vectors: Sequence[Tuple[Optional[Tuple[int, ...]], str]]
                 ) -> int:
    """XLA's vectors have one entry per dimension each: their common
    length, or ClsliceArgumentError naming the two that differ."""
    first, first_name = vectors[0]
    assert first is not None
    for values, name in vectors[1:]:
        if values is not None and len(values) != len(first):
            raise _lib.ClsliceArgumentError(
                "clslice: %s has %d entries but %s has %d; they need one per "
                "dimension" % (name, len(values), first_name, len(first)))
    return len(first)


class XLASlice(Spec):
    """stablehlo.slice / jax.lax.slice(operand, start_indices,
    limit_indices, strides=None): 0 <= start <= limit <= size, strides
    >= 1, nothing clamped."""

    def __init__(self, start_indices: Sequence[int],
                 limit_indices: Sequence[int],
                 strides: IntVector = None) -> None:
        self.args = (_required(start_indices, "start_indices"),
                     _required(limit_indices, "limit_indices"),
                     _int_tuple(strides, "strides"))

    def _cache_key(self) -> Hashable:
        return ("xla_slice",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        named = tuple(zip(self.args, ("start_indices", "limit_indices",
                                      "strides")))
        return _vectors_plan(lib.clslice_plan_xla_slice, shape, arr, named,
                             False, _same_length(named))


def _starts(values: Sequence[int]) -> Tuple[int, ...]:
    """JAX's start_indices: one integer per dimension, each within int64
    (JAX makes an int64 array of them and refuses a value outside it; a
    saturated start would be clamped into the window instead)."""
    return tuple(int64_index(v, "start_indices[%d]" % i)
                 for i, v in enumerate(_required(values, "start_indices")))


class DynamicSlice(Spec):
    """jax.lax.dynamic_slice(operand, start_indices, slice_sizes): the
    window of slice_sizes, each start clamped to [0, size - window] (so a
    start is never an error)."""

    def __init__(self, start_indices: Sequence[int],
                 slice_sizes: Sequence[int]) -> None:
        self.args = (_starts(start_indices),
                     _required(slice_sizes, "slice_sizes"))

    def _cache_key(self) -> Hashable:
        return ("dynamic_slice",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        named = ((self.args[1], "slice_sizes"),
                 (self.args[0], "start_indices"))
        n = _same_length(named)
        return _vectors_plan(lib.clslice_plan_dynamic_slice, shape, arr,
                             named[::-1], False, n)


class DynamicUpdateSlice(Spec):
    """The window that jax.lax.dynamic_update_slice(operand, update,
    start_indices) overwrites: update's shape, at starts clamped as
    dynamic_slice's.  A spec for writes (assign with exact=True)."""

    def __init__(self, update_shape: Sequence[int],
                 start_indices: Sequence[int]) -> None:
        self.args = (_required(update_shape, "update.shape"),
                     _starts(start_indices))

    def _cache_key(self) -> Hashable:
        return ("dynamic_update_slice",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        notes: List[str] = []
        update, rank = int64_array(self.args[0], "update.shape", notes)
        starts, n = int64_array(self.args[1], "start_indices", notes)
        return _build(lib.clslice_plan_dynamic_update_slice, arr, len(shape),
                      update, rank, starts, n, notes=notes)


class OpenVINOSlice(Spec):
    """OpenVINO Slice-8(data, start, stop, step, axes): axes not listed are
    kept whole; bounds wrap once and clamp as ONNX Slice.  SliceScatter-15
    writes the same slice."""

    def __init__(self, start: Sequence[int], stop: Sequence[int],
                 step: Sequence[int], axes: IntVector = None) -> None:
        self.args = (_required(start, "start"), _required(stop, "stop"),
                     _required(step, "step"), _int_tuple(axes, "axes"))

    def _cache_key(self) -> Hashable:
        return ("openvino_slice",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        return _vectors_plan(lib.clslice_plan_openvino_slice, shape, arr,
                             tuple(zip(self.args, ("start", "stop", "step",
                                                   "axes"))), True)


class Narrow(Spec):
    """torch.narrow(input, dim, start, length): nothing is clamped; a
    negative start counts from the end."""

    def __init__(self, dim: int, start: int, length: int) -> None:
        self.args = (as_int(dim, "dim"), as_int(start, "start"),
                     as_int(length, "length"))

    def _cache_key(self) -> Hashable:
        return ("narrow",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        notes: List[str] = []
        values = [saturate(v, name, notes)
                  for v, name in zip(self.args, ("dim", "start", "length"))]
        return _build(lib.clslice_plan_torch_narrow, arr, len(shape),
                      *values, notes=notes)


class Torch(Spec):
    """tensor[expr] under PyTorch's rules: the expression grammar of Expr,
    but a step must be positive and several '...' are allowed."""

    def __init__(self, expr: str) -> None:
        if not isinstance(expr, str):
            raise TypeError("clslice: Torch takes the index as text, such "
                            "as '[1:, ..., ::2]', got %r" % (expr,))
        if "\0" in expr:
            raise _lib.ClsliceSyntaxError(
                "clslice: expression: a NUL character at position %d"
                % expr.index("\0"))
        self.text = expr

    def _cache_key(self) -> Hashable:
        return ("torch", self.text)

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        return _build(lib.clslice_plan_torch_index, arr, len(shape),
                      self.text.encode("utf-8"))
