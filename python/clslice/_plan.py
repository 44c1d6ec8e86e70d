# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Plans and the specs that build them: numpy keys, expressions and the
framework front-ends, each a thin layer over one clslice_plan_* call."""
import collections
import ctypes
import threading
from typing import (Any, Dict, Hashable, List, Optional, Sequence, Tuple,
                    cast)

from . import _lib
from ._ints import (as_int, int32_mask, int64_array, saturate,
                    shape_size)
from ._lib import lib, Error, UNKNOWN
from ._numpy_keys import KEY_ERRORS, numpy_key_failure
from ._numpy_keys import key_to_expr as key_to_expr

#: An input shape: sizes, with None (or any negative size) unknown.
ShapeLike = Sequence[Optional[int]]
#: A key: a numpy basic-indexing key, an expression string or a Spec.
Key = Any
IntVector = Optional[Sequence[int]]

# Plans are immutable, so one plan serves every call with the same spec
# and input shape.  The least recently used one goes first; the C plan is
# released when the last array or caller holding it lets it go.
_CACHE_LIMIT = 256
_cache: "collections.OrderedDict[Hashable, Plan]" = \
    collections.OrderedDict()
_cache_lock = threading.Lock()


class Plan:
    """An immutable canonical plan (clslice_plan): per input dimension a
    start, a signed step and a count, and the output shape.  Unknown sizes
    are None."""

    __slots__ = ("_ptr", "_as_parameter_", "address", "input_shape",
                 "output_shape", "size", "known", "_strides", "__weakref__")

    input_shape: Tuple[Optional[int], ...]
    output_shape: Tuple[Optional[int], ...]
    size: Optional[int]
    known: bool
    #: The C plan's address, for the descriptors' plan member.
    address: Optional[int]

    def __init__(self, ptr: ctypes.c_void_p) -> None:
        self._ptr = ptr
        self._as_parameter_ = ptr
        self.address = ptr.value
        rank = lib.clslice_plan_input_rank(ptr)
        buf = (ctypes.c_int64 * max(rank, 1))()
        lib.clslice_plan_input_shape(ptr, buf)
        self.input_shape = _unknown_to_none(buf[:rank])
        rank = lib.clslice_plan_output_rank(ptr)
        buf = (ctypes.c_int64 * max(rank, 1))()
        lib.clslice_plan_output_shape(ptr, buf)
        self.output_shape = _unknown_to_none(buf[:rank])
        size = lib.clslice_plan_output_elements(ptr)
        self.size = None if size < 0 else size
        self.known = bool(lib.clslice_plan_is_known(ptr))
        self._strides: Dict[int, Tuple[int, ...]] = {}

    def output_strides(self, itemsize: int) -> Tuple[int, ...]:
        """Byte strides of a C-contiguous output of this plan, as numpy and
        pyopencl spell them; worked out once per element size."""
        strides = self._strides.get(itemsize)
        if strides is None:
            step = itemsize
            out: List[int] = []
            for size in reversed(self.output_shape):
                out.append(step)
                step *= max(size or 0, 1)
            strides = self._strides[itemsize] = tuple(reversed(out))
        return strides

    def require_known(self) -> None:
        """Raises ClsliceUnknownError unless the plan can be executed."""
        if not self.known:
            raise _lib.ClsliceUnknownError(
                "the plan has unknown sizes or indices (input shape %r, "
                "output shape %r); it gives shapes but cannot be executed"
                % (self.input_shape, self.output_shape))

    @property
    def is_known(self) -> bool:
        """True when every size and index is known (it can be executed)."""
        return self.known

    @property
    def dims(self) -> List[Tuple[Optional[int], int, Optional[int]]]:
        """(start, step, count) per input dimension; None where unknown."""
        out: List[Tuple[Optional[int], int, Optional[int]]] = []
        start, step, count = (ctypes.c_int64(), ctypes.c_int64(),
                              ctypes.c_int64())
        for d in range(len(self.input_shape)):
            err = Error()
            status = lib.clslice_plan_dim(self._ptr, d, ctypes.byref(start),
                                          ctypes.byref(step),
                                          ctypes.byref(count),
                                          ctypes.byref(err))
            if status:
                _lib.raise_for(status, err)
            out.append((None if start.value < 0 else start.value, step.value,
                        None if count.value < 0 else count.value))
        return out

    @property
    def shrunk(self) -> Tuple[bool, ...]:
        """Per input dimension, whether it is absent from the output."""
        return tuple(bool(lib.clslice_plan_dim_is_shrunk(self._ptr, d))
                     for d in range(len(self.input_shape)))

    def __repr__(self) -> str:
        return "clslice.Plan(input_shape=%r, output_shape=%r)" % (
            self.input_shape, self.output_shape)

    def __del__(self, _release: Any = lib.clslice_plan_release,
                _byref: Any = ctypes.byref) -> None:
        if self._ptr:
            _release(_byref(self._ptr))


def _unknown_to_none(values: Sequence[int]) -> Tuple[Optional[int], ...]:
    return tuple(None if v == UNKNOWN else v for v in values)


def _shape_array(shape: ShapeLike) -> Tuple[Tuple[int, ...], Any]:
    """int64 array of a shape; None or any negative size is unknown."""
    sizes = []
    for d, s in enumerate(shape):
        if s is not None:
            s = as_int(s, "input_shape[%d]" % d)
        sizes.append(UNKNOWN if s is None or s < 0
                     else shape_size(s, "input_shape[%d]" % d))
    dims = tuple(sizes)
    return dims, (ctypes.c_int64 * max(len(dims), 1))(*dims)


def _int_tuple(values: Optional[Sequence[Any]],
               name: str) -> Optional[Tuple[int, ...]]:
    """A spec vector as a tuple of Python integers (None stays None)."""
    if values is None:
        return None
    try:
        items = list(values)
    except TypeError:
        raise TypeError("clslice: %s must be a sequence of integers, got %r"
                        % (name, values)) from None
    return tuple(as_int(v, "%s[%d]" % (name, i)) for i, v in enumerate(items))


# Set (per thread) while output_shape() runs a spec: _build then calls
# the front-end's shape query, clslice_shape_NAME, in place of
# clslice_plan_NAME: the same arguments, rules and messages, and no plan.
_shape_query = threading.local()


class _ShapeAnswer:
    """What _build gives in a shape query: the output shape alone."""

    def __init__(self, output_shape: Tuple[Optional[int], ...]) -> None:
        self.output_shape = output_shape


def _query_shape(call: Any, args: Tuple[Any, ...],
                 notes: Optional[List[str]]) -> Plan:
    out = (ctypes.c_int64 * _lib.MAX_RANK)()
    rank = ctypes.c_int()
    err = Error()
    status = call(*args, out, ctypes.byref(rank), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err, notes)
    answer = _ShapeAnswer(_unknown_to_none(out[:rank.value]))
    return cast(Plan, answer)  # only .output_shape is read


def _build(call: Any, *args: Any, notes: Optional[List[str]] = None) -> Plan:
    """Runs a clslice_plan_* call and wraps its plan, or raises (naming
    the values that were saturated on the way in)."""
    if getattr(_shape_query, "on", False):
        twin = getattr(lib, call.__name__.replace("clslice_plan_",
                                                  "clslice_shape_"), None)
        if twin is not None:
            return _query_shape(twin, args, notes)
    ptr = ctypes.c_void_p()
    err = Error()
    status = call(*args, ctypes.byref(ptr), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err, notes)
    return Plan(ptr)


class Spec:
    """A slice specification that can be planned on any input shape."""

    def _cache_key(self) -> Hashable:
        raise NotImplementedError

    def _plan(self, shape: Tuple[int, ...], shape_arr: Any) -> Plan:
        raise NotImplementedError

    def plan(self, shape: ShapeLike) -> Plan:
        """The Plan of this spec on an input of `shape` (None/-1: unknown
        dimension).  Plans are cached per (spec, shape)."""
        return cached_plan((self._cache_key(), tuple(shape)), self, shape)

    def output_shape(self, shape: ShapeLike) -> Tuple[Optional[int], ...]:
        """The output shape on an input of `shape`, by the front-end's
        shape query (clslice_shape_NAME): no plan is built or cached.
        A spec the query refuses is planned, so that the error is the
        plan's, numpy's class for a numpy key included."""
        cached = _cache.get((self._cache_key(), tuple(shape)))
        if cached is not None:
            return cached.output_shape
        try:
            dims, arr = _shape_array(shape)
            _shape_query.on = True
            try:
                answer = self._plan(dims, arr)
            finally:
                _shape_query.on = False
        except Exception:
            return self.plan(shape).output_shape
        return answer.output_shape


def cached_plan(key: Hashable, spec: Spec, shape: ShapeLike) -> Plan:
    """The plan cached under `key`, or `spec`'s plan on `shape`, built now
    and cached."""
    try:
        plan = _cache[key]
        _cache.move_to_end(key)
        return plan
    except KeyError:  # not built yet, or evicted by another thread
        pass
    dims, arr = _shape_array(shape)
    plan = spec._plan(dims, arr)
    with _cache_lock:
        _cache[key] = plan
        while len(_cache) > _CACHE_LIMIT:
            _cache.popitem(last=False)
    return plan


def _numpy_key_plan(key: Any, text: Optional[str],
                    shape: Tuple[Optional[int], ...]) -> Plan:
    """The plan of a numpy key (text: its expression, or None when
    key_to_expr refused it), raising numpy's exception class for a key
    that numpy refuses."""
    try:
        if text is None:
            text = key_to_expr(key)
        return cached_plan((("expr", text), shape), Expr(text), shape)
    except KEY_ERRORS as exc:
        raise numpy_key_failure(key, shape, exc) from None


def plan_for(key: Key, shape: Tuple[Optional[int], ...]) -> Plan:
    """The Plan of `key` (a Spec, numpy key or expression string) on an
    input of `shape` (a tuple): Spec.plan with the Expr object skipped
    on a cache hit, for the per-call path."""
    if type(key) is str:
        text = key
    elif isinstance(key, Spec):
        return key.plan(shape)
    else:
        try:
            text = key_to_expr(key)
        except KEY_ERRORS:
            return _numpy_key_plan(key, None, shape)
        try:
            plan = _cache[(("expr", text), shape)]
        except KeyError:
            return _numpy_key_plan(key, text, shape)
        _cache.move_to_end((("expr", text), shape))
        return plan
    cache_key = (("expr", text), shape)
    try:
        plan = _cache[cache_key]
        _cache.move_to_end(cache_key)
        return plan
    except KeyError:
        return cached_plan(cache_key, Expr(text), shape)


def clear_plan_cache() -> None:
    """Drops every cached plan (each is released once nothing holds it)."""
    with _cache_lock:
        _cache.clear()


class Expr(Spec):
    """A numpy basic-indexing key, or its text: "[1:, ..., None, ::-2, 3]".
    A key that numpy refuses raises numpy's exception class when planned.
    """

    text: Optional[str]

    def __init__(self, key: Key) -> None:
        #: The numpy key this expression spells (None is a key too).
        self.numpy_key = key
        self.from_numpy = not isinstance(key, str)
        if not self.from_numpy:
            self.text = key
        else:
            try:
                self.text = key_to_expr(key)
            except KEY_ERRORS:
                self.text = None  # numpy's error needs the shape: plan()

    def plan(self, shape: ShapeLike) -> Plan:
        if not self.from_numpy:
            return super().plan(shape)
        return _numpy_key_plan(self.numpy_key, self.text, tuple(shape))

    def output_shape(self, shape: ShapeLike) -> Tuple[Optional[int], ...]:
        if self.text is None:  # a key numpy refuses: plan() raises its error
            return self.plan(shape).output_shape
        return super().output_shape(shape)

    def _cache_key(self) -> Hashable:
        return ("expr", self.text)

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        text = self.text or ""
        if "\0" in text:
            raise _lib.ClsliceSyntaxError(
                "clslice: expression: a NUL character at position %d; an "
                "expression is text without NUL characters" % text.index("\0"))
        return _build(lib.clslice_plan_expr, arr, len(shape),
                      text.encode("utf-8"))

    def __repr__(self) -> str:
        return "clslice.Expr(%r)" % (self.text,)


def _slot_count(*vectors: Optional[Sequence[int]]) -> int:
    for values in vectors:
        if values is not None:
            return len(values)
    raise ValueError("clslice: begin, end and strides are all None; give "
                     "at least one of them (the spec's slot count)")


class TF(Spec):
    """tf.strided_slice(begin, end, strides, masks).  begin or end may be
    None when their values are not known yet (shape inference only); the
    slot count then comes from the other vectors.  Masks are int32, as
    TensorFlow's attributes; begin, end and strides past int64 saturate
    (every one of them is clamped to the dimension anyway)."""

    def __init__(self, begin: IntVector, end: IntVector,
                 strides: IntVector = None, begin_mask: int = 0,
                 end_mask: int = 0, ellipsis_mask: int = 0,
                 new_axis_mask: int = 0, shrink_axis_mask: int = 0) -> None:
        self.begin = _int_tuple(begin, "begin")
        self.end = _int_tuple(end, "end")
        slots = _slot_count(self.begin, self.end, strides)
        self.strides = (_int_tuple(strides, "strides")
                        if strides is not None else (1,) * slots)
        self.masks = tuple(int32_mask(value, name) for name, value in (
            ("begin_mask", begin_mask), ("end_mask", end_mask),
            ("ellipsis_mask", ellipsis_mask),
            ("new_axis_mask", new_axis_mask),
            ("shrink_axis_mask", shrink_axis_mask)))

    def _cache_key(self) -> Hashable:
        return ("tf", self.begin, self.end, self.strides, self.masks)

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        notes: List[str] = []
        begin, nb = int64_array(self.begin, "begin", notes)
        end, ne = int64_array(self.end, "end", notes)
        strides, ns = int64_array(self.strides, "strides", notes)
        # Unknown begin/end values: NULL, with the slot count as length.
        nb = ns if begin is None else nb
        ne = ns if end is None else ne
        spec = _lib.TFSpec(1, ctypes.cast(begin, ctypes.c_void_p), nb,
                           ctypes.cast(end, ctypes.c_void_p), ne,
                           ctypes.cast(strides, ctypes.c_void_p), ns,
                           *self.masks)
        return _build(lib.clslice_plan_tf, arr, len(shape),
                      ctypes.byref(spec), notes=notes)


class OpenVINO(Spec):
    """OpenVINO StridedSlice-1: begin, end, strides and mask vectors."""

    _MASKS = ("begin_mask", "end_mask", "new_axis_mask", "shrink_axis_mask",
              "ellipsis_mask")

    def __init__(self, begin: IntVector, end: IntVector,
                 strides: IntVector = None, begin_mask: IntVector = None,
                 end_mask: IntVector = None, new_axis_mask: IntVector = None,
                 shrink_axis_mask: IntVector = None,
                 ellipsis_mask: IntVector = None) -> None:
        self.vectors = {"begin": _int_tuple(begin, "begin"),
                        "end": _int_tuple(end, "end"),
                        "strides": _int_tuple(strides, "strides")}
        for name, value in zip(self._MASKS, (
                begin_mask, end_mask, new_axis_mask, shrink_axis_mask,
                ellipsis_mask)):
            self.vectors[name] = _int_tuple(value, name)

    def _cache_key(self) -> Hashable:
        return ("openvino",) + tuple(sorted(self.vectors.items()))

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        spec = _lib.OpenVINOSpec()
        keep = []
        notes: List[str] = []
        slots = _slot_count(self.vectors["begin"], self.vectors["end"],
                            self.vectors["strides"])
        for name, values in self.vectors.items():
            data, n = int64_array(values, name, notes)
            if values is None and name in ("begin", "end"):
                n = slots  # values not known yet: NULL with the length
            keep.append(data)
            setattr(spec, name, ctypes.cast(data, _lib.c_int64_p))
            setattr(spec, name + "_len", n)
        return _build(lib.clslice_plan_openvino, arr, len(shape),
                      ctypes.byref(spec), notes=notes)


class ONNX(Spec):
    """ONNX Slice(starts, ends, axes, steps)."""

    def __init__(self, starts: Sequence[int], ends: Sequence[int],
                 axes: IntVector = None, steps: IntVector = None) -> None:
        self.args = (_int_tuple(starts, "starts"), _int_tuple(ends, "ends"),
                     _int_tuple(axes, "axes"), _int_tuple(steps, "steps"))

    def _cache_key(self) -> Hashable:
        return ("onnx",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        names = ("starts", "ends", "axes", "steps")
        vectors: List[Any] = []
        notes: List[str] = []
        for name, values in zip(names, self.args):
            vectors.extend(int64_array(values, name, notes))
        return _build(lib.clslice_plan_onnx, arr, len(shape), *vectors,
                      notes=notes)


OptVector = Optional[Sequence[Optional[int]]]


def _opt_tuple(values: OptVector,
               name: str) -> Optional[Tuple[Optional[int], ...]]:
    if values is None:
        return None
    return tuple(None if v is None else as_int(v, "%s[%d]" % (name, i))
                 for i, v in enumerate(values))


def _opt_int64s(values: Optional[Sequence[Optional[int]]], name: str,
                notes: List[str]) -> Tuple[Any, int]:
    if values is None:
        return None, 0
    out = (_lib.OptInt64 * max(len(values), 1))()
    for i, v in enumerate(values):
        if v is None:
            out[i].is_none = 1
        else:
            out[i].value = saturate(v, "%s[%d]" % (name, i), notes)
    return out, len(values)


class MXNet(Spec):
    """mx.nd.slice(begin, end, step); entries may be None."""

    def __init__(self, begin: OptVector, end: OptVector,
                 step: OptVector = None) -> None:
        self.args = (_opt_tuple(begin, "begin"), _opt_tuple(end, "end"),
                     _opt_tuple(step, "step"))

    def _cache_key(self) -> Hashable:
        return ("mxnet",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        vectors: List[Any] = []
        notes: List[str] = []
        for name, values in zip(("begin", "end", "step"), self.args):
            data, n = _opt_int64s(values, name, notes)
            vectors += [ctypes.cast(data, ctypes.c_void_p), n]
        return _build(lib.clslice_plan_mxnet, arr, len(shape), *vectors,
                      notes=notes)


class SliceAxis(Spec):
    """mx.nd.slice_axis(axis, begin, end); end may be None."""

    def __init__(self, axis: int, begin: int, end: Optional[int]) -> None:
        self.args = (as_int(axis, "axis"), as_int(begin, "begin"),
                     None if end is None else as_int(end, "end"))

    def _cache_key(self) -> Hashable:
        return ("slice_axis",) + self.args

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        axis, begin, end = self.args
        notes: List[str] = []
        opt = _lib.OptInt64(0 if end is None else saturate(end, "end", notes),
                            end is None)
        return _build(lib.clslice_plan_mxnet_slice_axis, arr, len(shape),
                      saturate(axis, "axis", notes),
                      saturate(begin, "begin", notes), opt, notes=notes)


class SliceLike(Spec):
    """mx.nd.slice_like(shape_like, axes): shape_like is an array or a
    shape; axes None or empty slices every axis."""

    def __init__(self, shape_like: Any, axes: IntVector = None) -> None:
        like = getattr(shape_like, "shape", shape_like)
        self.like = tuple(UNKNOWN if s is None
                          else as_int(s, "shape_like[%d]" % i)
                          for i, s in enumerate(like))
        self.axes = _int_tuple(axes, "axes") or ()

    def _cache_key(self) -> Hashable:
        return ("slice_like", self.like, self.axes)

    def _plan(self, shape: Tuple[int, ...], arr: Any) -> Plan:
        notes: List[str] = []
        like, _ = int64_array(self.like, "shape_like", notes)
        axes, naxes = int64_array(self.axes, "axes", notes)
        return _build(lib.clslice_plan_mxnet_slice_like, arr, len(shape),
                      like, len(self.like), axes, naxes, notes=notes)


def as_spec(key: Key) -> Spec:
    """A Spec for a Spec, a numpy key or an expression string."""
    if isinstance(key, Spec):
        return key
    return Expr(key)
