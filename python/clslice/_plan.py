"""Plans and the specs that build them: numpy keys, expressions and the
framework front-ends, each a thin layer over one clslice_plan_* call."""
import collections
import ctypes
import operator
import threading

from . import _lib
from ._lib import lib, Error, UNKNOWN

_INT64_MAX = (1 << 63) - 1
# Plans are immutable, so one plan serves every call with the same spec
# and input shape.  The least recently used one goes first; the C plan is
# released when the last array or caller holding it lets it go.
_CACHE_LIMIT = 256
_cache = collections.OrderedDict()
_cache_lock = threading.Lock()


class Plan:
    """An immutable canonical plan (clslice_plan): per input dimension a
    start, a signed step and a count, and the output shape.  Unknown sizes
    are None."""

    __slots__ = ("_ptr", "_as_parameter_", "input_shape", "output_shape",
                 "size", "known", "_strides", "__weakref__")

    def __init__(self, ptr):
        self._ptr = ptr
        self._as_parameter_ = ptr
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
        self._strides = {}

    def output_strides(self, itemsize):
        """Byte strides of a C-contiguous output of this plan, as numpy and
        pyopencl spell them; worked out once per element size."""
        strides = self._strides.get(itemsize)
        if strides is None:
            step = itemsize
            out = []
            for size in reversed(self.output_shape):
                out.append(step)
                step *= max(size or 0, 1)
            strides = self._strides[itemsize] = tuple(reversed(out))
        return strides

    def require_known(self):
        """Raises ClsliceUnknownError unless the plan can be executed."""
        if not self.known:
            raise _lib.ClsliceUnknownError(
                "the plan has unknown sizes or indices (input shape %r, "
                "output shape %r); it gives shapes but cannot be executed"
                % (self.input_shape, self.output_shape))

    @property
    def is_known(self):
        """True when every size and index is known (it can be executed)."""
        return self.known

    @property
    def dims(self):
        """(start, step, count) per input dimension; None where unknown."""
        out = []
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
    def shrunk(self):
        """Per input dimension, whether it is absent from the output."""
        return tuple(bool(lib.clslice_plan_dim_is_shrunk(self._ptr, d))
                     for d in range(len(self.input_shape)))

    def __repr__(self):
        return "clslice.Plan(input_shape=%r, output_shape=%r)" % (
            self.input_shape, self.output_shape)

    def __del__(self, _release=lib.clslice_plan_release,
                _byref=ctypes.byref):
        if self._ptr:
            _release(_byref(self._ptr))


def _unknown_to_none(values):
    return tuple(None if v == UNKNOWN else v for v in values)


def _shape_array(shape):
    """int64 array of a shape; None or any negative size is unknown."""
    shape = tuple(UNKNOWN if s is None or s < 0 else operator.index(s)
                  for s in shape)
    return shape, (ctypes.c_int64 * max(len(shape), 1))(*shape)


def _int64s(values, name):
    if values is None:
        return None, 0
    try:
        values = [operator.index(v) for v in values]
    except TypeError:
        raise TypeError("clslice: %s must be a sequence of integers, got %r"
                        % (name, values)) from None
    return (ctypes.c_int64 * max(len(values), 1))(*values), len(values)


def _key_tuple(values):
    return None if values is None else tuple(operator.index(v)
                                             for v in values)


def _build(call, *args):
    """Runs a clslice_plan_* call and wraps its plan, or raises."""
    ptr = ctypes.c_void_p()
    err = Error()
    status = call(*args, ctypes.byref(ptr), ctypes.byref(err))
    if status:
        _lib.raise_for(status, err)
    return Plan(ptr)


class Spec:
    """A slice specification that can be planned on any input shape."""

    def _cache_key(self):
        raise NotImplementedError

    def _plan(self, shape, shape_arr):
        raise NotImplementedError

    def plan(self, shape):
        """The Plan of this spec on an input of `shape` (None/-1: unknown
        dimension).  Plans are cached per (spec, shape)."""
        return cached_plan((self._cache_key(), tuple(shape)), self, shape)


def cached_plan(key, spec, shape):
    """The plan cached under `key`, or `spec`'s plan on `shape`, built now
    and cached."""
    try:
        plan = _cache[key]
        _cache.move_to_end(key)
        return plan
    except KeyError:  # not built yet, or evicted by another thread
        pass
    shape, arr = _shape_array(shape)
    plan = spec._plan(shape, arr)
    with _cache_lock:
        _cache[key] = plan
        while len(_cache) > _CACHE_LIMIT:
            _cache.popitem(last=False)
    return plan


def plan_for(key, shape):
    """The Plan of `key` (a Spec, numpy key or expression string) on an
    input of `shape` (a tuple): Spec.plan with the Expr object skipped
    on a cache hit, for the per-call path."""
    if type(key) is str:
        text = key
    elif isinstance(key, Spec):
        return key.plan(shape)
    else:
        text = key_to_expr(key)
    cache_key = (("expr", text), shape)
    try:
        plan = _cache[cache_key]
        _cache.move_to_end(cache_key)
        return plan
    except KeyError:
        return cached_plan(cache_key, Expr(text), shape)


def clear_plan_cache():
    """Drops every cached plan (each is released once nothing holds it)."""
    with _cache_lock:
        _cache.clear()


class Expr(Spec):
    """A numpy basic-indexing key, or its text: "[1:, ..., None, ::-2, 3]".
    """

    __slots__ = ("text",)

    def __init__(self, key):
        self.text = key if isinstance(key, str) else key_to_expr(key)

    def _cache_key(self):
        return ("expr", self.text)

    def _plan(self, shape, arr):
        return _build(lib.clslice_plan_expr, arr, len(shape),
                      self.text.encode("utf-8"))

    def __repr__(self):
        return "clslice.Expr(%r)" % self.text


def _bound(value):
    if value is None:
        return ""
    if type(value) is not int:
        value = operator.index(value)
    if -_INT64_MAX <= value <= _INT64_MAX:
        return str(value)
    # Bounds past int64 clamp the same way as the int64 extremes do.
    return str(_INT64_MAX if value > 0 else -_INT64_MAX)


def key_to_expr(key):
    """The clslice expression of a numpy basic-indexing key."""
    if type(key) is not tuple:
        key = (key,)
    parts = []
    for item in key:
        kind = type(item)
        if kind is slice:
            if item.step is None:
                parts.append(_bound(item.start) + ":" + _bound(item.stop))
            else:
                parts.append(_bound(item.start) + ":" + _bound(item.stop) +
                             ":" + _bound(item.step))
        elif kind is int:
            parts.append(str(item))
        elif item is None:
            parts.append("None")
        elif item is Ellipsis:
            parts.append("...")
        elif kind is bool or kind.__name__ == "bool_":
            raise IndexError("clslice: boolean index %r is advanced "
                             "indexing, which clslice does not do" % (item,))
        else:
            try:
                parts.append(str(operator.index(item)))
            except TypeError:
                raise IndexError(
                    "clslice: index %r (%s) is not basic indexing: only "
                    "integers, slices, ..., and None are valid"
                    % (item, kind.__name__)) from None
    return ",".join(parts)


def _slot_count(begin, end, strides):
    for values in (begin, end, strides):
        if values is not None:
            return len(values)
    raise ValueError("clslice: begin, end and strides are all None; give "
                     "at least one of them (the spec's slot count)")


class TF(Spec):
    """tf.strided_slice(begin, end, strides, masks).  begin or end may be
    None when their values are not known yet (shape inference only); the
    slot count then comes from the other vectors."""

    def __init__(self, begin, end, strides=None, begin_mask=0, end_mask=0,
                 ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
        self.begin = _key_tuple(begin)
        self.end = _key_tuple(end)
        slots = _slot_count(self.begin, self.end, strides)
        self.strides = (_key_tuple(strides) if strides is not None
                        else (1,) * slots)
        self.masks = tuple(operator.index(m) for m in (
            begin_mask, end_mask, ellipsis_mask, new_axis_mask,
            shrink_axis_mask))

    def _cache_key(self):
        return ("tf", self.begin, self.end, self.strides, self.masks)

    def _plan(self, shape, arr):
        begin, nb = _int64s(self.begin, "begin")
        end, ne = _int64s(self.end, "end")
        strides, ns = _int64s(self.strides, "strides")
        # Unknown begin/end values: NULL, with the slot count as length.
        nb = ns if begin is None else nb
        ne = ns if end is None else ne
        spec = _lib.TFSpec(1, ctypes.cast(begin, ctypes.c_void_p), nb,
                           ctypes.cast(end, ctypes.c_void_p), ne,
                           ctypes.cast(strides, ctypes.c_void_p), ns,
                           *self.masks)
        return _build(lib.clslice_plan_tf, arr, len(shape),
                      ctypes.byref(spec))


class OpenVINO(Spec):
    """OpenVINO StridedSlice-1: begin, end, strides and mask vectors."""

    _MASKS = ("begin_mask", "end_mask", "new_axis_mask", "shrink_axis_mask",
              "ellipsis_mask")

    def __init__(self, begin, end, strides=None, begin_mask=None,
                 end_mask=None, new_axis_mask=None, shrink_axis_mask=None,
                 ellipsis_mask=None):
        self.vectors = {"begin": _key_tuple(begin), "end": _key_tuple(end),
                        "strides": _key_tuple(strides)}
        for name, value in zip(self._MASKS, (
                begin_mask, end_mask, new_axis_mask, shrink_axis_mask,
                ellipsis_mask)):
            self.vectors[name] = _key_tuple(value)

    def _cache_key(self):
        return ("openvino",) + tuple(sorted(self.vectors.items()))

    def _plan(self, shape, arr):
        spec = _lib.OpenVINOSpec()
        keep = []
        slots = _slot_count(self.vectors["begin"], self.vectors["end"],
                            self.vectors["strides"])
        for name, values in self.vectors.items():
            data, n = _int64s(values, name)
            if values is None and name in ("begin", "end"):
                n = slots  # values not known yet: NULL with the length
            keep.append(data)
            setattr(spec, name, ctypes.cast(data, _lib.c_int64_p))
            setattr(spec, name + "_len", n)
        return _build(lib.clslice_plan_openvino, arr, len(shape),
                      ctypes.byref(spec))


class ONNX(Spec):
    """ONNX Slice(starts, ends, axes, steps)."""

    def __init__(self, starts, ends, axes=None, steps=None):
        self.args = (_key_tuple(starts), _key_tuple(ends), _key_tuple(axes),
                     _key_tuple(steps))

    def _cache_key(self):
        return ("onnx",) + self.args

    def _plan(self, shape, arr):
        names = ("starts", "ends", "axes", "steps")
        vectors = []
        for name, values in zip(names, self.args):
            vectors.extend(_int64s(values, name))
        return _build(lib.clslice_plan_onnx, arr, len(shape), *vectors)


def _opt_int64s(values, name):
    if values is None:
        return None, 0
    out = (_lib.OptInt64 * max(len(values), 1))()
    for i, v in enumerate(values):
        if v is None:
            out[i].is_none = 1
        else:
            try:
                out[i].value = operator.index(v)
            except TypeError:
                raise TypeError("clslice: %s[%d] must be an integer or "
                                "None, got %r" % (name, i, v)) from None
    return out, len(values)


def _opt_tuple(values):
    if values is None:
        return None
    return tuple(None if v is None else operator.index(v) for v in values)


class MXNet(Spec):
    """mx.nd.slice(begin, end, step); entries may be None."""

    def __init__(self, begin, end, step=None):
        self.args = (_opt_tuple(begin), _opt_tuple(end), _opt_tuple(step))

    def _cache_key(self):
        return ("mxnet",) + self.args

    def _plan(self, shape, arr):
        vectors = []
        for name, values in zip(("begin", "end", "step"), self.args):
            data, n = _opt_int64s(values, name)
            vectors += [ctypes.cast(data, ctypes.c_void_p), n]
        return _build(lib.clslice_plan_mxnet, arr, len(shape), *vectors)


class SliceAxis(Spec):
    """mx.nd.slice_axis(axis, begin, end); end may be None."""

    def __init__(self, axis, begin, end):
        self.args = (operator.index(axis), operator.index(begin),
                     None if end is None else operator.index(end))

    def _cache_key(self):
        return ("slice_axis",) + self.args

    def _plan(self, shape, arr):
        axis, begin, end = self.args
        opt = _lib.OptInt64(0 if end is None else end, end is None)
        return _build(lib.clslice_plan_mxnet_slice_axis, arr, len(shape),
                      axis, begin, opt)


class SliceLike(Spec):
    """mx.nd.slice_like(shape_like, axes): shape_like is an array or a
    shape; axes None or empty slices every axis."""

    def __init__(self, shape_like, axes=None):
        like = getattr(shape_like, "shape", shape_like)
        self.like = tuple(UNKNOWN if s is None else operator.index(s)
                          for s in like)
        self.axes = _key_tuple(axes) or ()

    def _cache_key(self):
        return ("slice_like", self.like, self.axes)

    def _plan(self, shape, arr):
        like, _ = _int64s(self.like, "shape_like")
        axes, naxes = _int64s(self.axes, "axes")
        return _build(lib.clslice_plan_mxnet_slice_like, arr, len(shape),
                      like, len(self.like), axes, naxes)


def as_spec(key):
    """A Spec for a Spec, a numpy key or an expression string."""
    if isinstance(key, Spec):
        return key
    return Expr(key)
