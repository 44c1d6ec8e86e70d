"""clslice for Python: strided slices of numpy arrays, pyopencl arrays and
scipy.sparse CSR matrices, by the clslice C library.

    import clslice, numpy as np
    y = clslice.slice(x, np.s_[1:, ..., None, ::-2])   # or "[1:, ..., None, ::-2]"

numpy inputs run on the host executor; pyopencl.array.Array inputs are
enqueued on the array's queue without blocking.  Every result is a new
array of the input's kind.  Errors of the C library are raised as
ClsliceError subclasses that carry its message.
"""
import operator as _operator
import sys
from builtins import slice as _builtin_slice

import numpy as _np

from . import _host
from ._lib import (  # noqa: F401  (the public exception classes)
    ClsliceError, ClsliceArgumentError, ClsliceSpecError, ClsliceIndexError,
    ClsliceRankError, ClsliceSyntaxError, ClsliceUnknownError,
    ClsliceShapeError, ClsliceMemoryError, ClsliceBufferError,
    ClsliceOpenCLError, ClsliceBuildError, lib as _clib)
from ._plan import (  # noqa: F401
    Plan, Spec, Expr, TF, OpenVINO, ONNX, MXNet, SliceAxis, SliceLike,
    as_spec, key_to_expr, plan_for as _plan_for)

#: Version of the package: the C library's, which the build reads from
#: include/clslice.h (so a wheel cannot disagree with the library it holds).
try:
    from importlib.metadata import PackageNotFoundError as _NotFound
    from importlib.metadata import version as _version
    __version__ = _version("clslice")
except _NotFound:  # imported from a source tree, not installed
    __version__ = _clib.clslice_version_string().decode()
#: Version of the C library loaded at run time.
library_version = _clib.clslice_version_string().decode()

__all__ = [
    "slice", "strided_slice", "openvino_strided_slice", "onnx_slice",
    "mxnet_slice", "slice_axis", "slice_like", "slice_many", "split",
    "array_split",
    "shape", "plan", "assign",
    "fill", "strided_slice_grad", "slice_grad", "csr_slice",
    "release_runtimes", "Plan", "Spec", "Expr", "TF", "OpenVINO", "ONNX",
    "MXNet", "SliceAxis", "SliceLike", "ClsliceError",
    "ClsliceArgumentError", "ClsliceSpecError", "ClsliceIndexError",
    "ClsliceRankError", "ClsliceSyntaxError", "ClsliceUnknownError",
    "ClsliceShapeError", "ClsliceMemoryError", "ClsliceBufferError",
    "ClsliceOpenCLError", "ClsliceBuildError",
]


def _device_module(x):
    """The pyopencl executor when x is a pyopencl array, else None.  Looks
    only at modules already imported, so numpy users never load pyopencl."""
    cla = sys.modules.get("pyopencl.array")
    if cla is not None and isinstance(x, cla.Array):
        dev = sys.modules.get("clslice._cl")
        if dev is None:
            from . import _cl as dev
        return dev
    return None


def _numpy(x):
    import numpy as np
    return x if isinstance(x, np.ndarray) else np.asarray(x)


def plan(input_shape, key):
    """The Plan of `key` (a numpy key, an expression string or a Spec) on an
    input of `input_shape`; None or -1 marks an unknown dimension."""
    return as_spec(key).plan(input_shape)


def shape(input_shape, key):
    """Output shape of slicing an input of `input_shape` by `key` (a numpy
    key, an expression string, or a Spec such as TF(begin, end, ...)),
    without any data.  Unknown dimensions are None (in: None or -1)."""
    return as_spec(key).plan(input_shape).output_shape


def slice(x, key):  # noqa: A001  (numpy-style name on purpose)
    """x[key] as a new array: x is a numpy array (any dtype and layout) or
    a pyopencl.array.Array (contiguous or a strided view); key a numpy
    basic-indexing key (np.s_[...]), an expression string
    ("[1:, ..., None, ::-2, 3]") or a Spec."""
    # The common kinds first, without the generic dispatch below: this
    # call is the one made in loops.
    if type(x) is _np.ndarray:
        return _host.gather(x, _plan_for(key, x.shape))
    dev = _device_module(x)
    if dev is not None:
        return dev.gather(x, _plan_for(key, x.shape))
    x = _numpy(x)
    return _host.gather(x, _plan_for(key, x.shape))


def _run(x, spec):
    dev = _device_module(x)
    if dev is not None:
        return dev.gather(x, spec.plan(x.shape))
    x = _numpy(x)
    return _host.gather(x, spec.plan(x.shape))


def slice_many(x, keys):
    """[x[key] for key in keys] as new arrays.  For a contiguous pyopencl
    array the slices are enqueued as one batched command: every plan is
    built (and every key checked) before anything is enqueued, the
    results are packed into one new buffer, and each carries the batch's
    event.  numpy arrays and strided pyopencl views take one call per
    key."""
    x_shape = x.shape if hasattr(x, "shape") else _numpy(x).shape
    plans = [_plan_for(key, tuple(x_shape)) for key in keys]
    dev = _device_module(x)
    if dev is not None:
        return dev.gather_many(x, plans)
    x = _numpy(x)
    return [_host.gather(x, plan) for plan in plans]


def split(x, indices_or_sections, axis=0):
    """numpy.split for numpy and pyopencl arrays: a list of new arrays
    (copies, not views), enqueued as one batched command on the device.
    indices_or_sections is a number of equal sections or the sorted split
    points along `axis`."""
    shape = tuple(x.shape if hasattr(x, "shape") else _numpy(x).shape)
    return slice_many(x, _split_keys(shape, indices_or_sections, axis))


def array_split(x, indices_or_sections, axis=0):
    """numpy.array_split: as split, but a number of sections need not
    divide the dimension (the first n % sections pieces are one longer)."""
    shape = tuple(x.shape if hasattr(x, "shape") else _numpy(x).shape)
    return slice_many(x, _split_keys(shape, indices_or_sections, axis,
                                     equal=False))


def _split_keys(shape, indices_or_sections, axis, equal=True):
    rank = len(shape)
    try:
        axis = _operator.index(axis)
    except TypeError:
        raise TypeError("clslice: split's axis must be an integer, got %r"
                        % (axis,)) from None
    if not -rank <= axis < rank:
        raise ClsliceIndexError(
            "clslice: split's axis %d is out of range for an array of rank %d"
            % (axis, rank))
    axis %= rank
    n = shape[axis]
    try:
        sections = _operator.index(indices_or_sections)
    except TypeError:
        bounds = [_operator.index(i) for i in indices_or_sections]
    else:
        if sections <= 0:
            raise ValueError("clslice: split needs a number of sections "
                             ">= 1, got %d" % sections)
        if equal and n % sections:
            raise ValueError("clslice: split of a dimension of size %d into "
                             "%d sections is not an equal division"
                             % (n, sections))
        # The first n % sections pieces take one more (numpy's rule).
        size, extra = divmod(n, sections)
        bounds = [i * size + min(i, extra) for i in range(1, sections)]
    edges = [None] + bounds + [None]
    lead = (_builtin_slice(None),) * axis
    return [lead + (_builtin_slice(a, b),)
            for a, b in zip(edges[:-1], edges[1:])]


def strided_slice(x, begin, end, strides=None, begin_mask=0, end_mask=0,
                  ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
    """tf.strided_slice; strides default to ones."""
    return _run(x, TF(begin, end, strides, begin_mask, end_mask,
                      ellipsis_mask, new_axis_mask, shrink_axis_mask))


def openvino_strided_slice(x, begin, end, strides=None, begin_mask=None,
                           end_mask=None, new_axis_mask=None,
                           shrink_axis_mask=None, ellipsis_mask=None):
    """OpenVINO StridedSlice-1 with its mask vectors (lists of 0/1)."""
    return _run(x, OpenVINO(begin, end, strides, begin_mask, end_mask,
                            new_axis_mask, shrink_axis_mask, ellipsis_mask))


def onnx_slice(x, starts, ends, axes=None, steps=None):
    """ONNX Slice (opset 10 and later)."""
    return _run(x, ONNX(starts, ends, axes, steps))


def mxnet_slice(x, begin, end, step=None):
    """mx.nd.slice; entries of begin, end and step may be None."""
    return _run(x, MXNet(begin, end, step))


def slice_axis(x, axis, begin, end):
    """mx.nd.slice_axis; end may be None."""
    return _run(x, SliceAxis(axis, begin, end))


def slice_like(x, shape_like, axes=None):
    """mx.nd.slice_like: shape_like is an array or a shape."""
    return _run(x, SliceLike(shape_like, axes))


def assign(x, key, value, exact=False):
    """x[key] = value, in place, and returns x.  The value broadcasts to the
    slice under numpy's rules, or with exact=True must have the slice's
    shape exactly (MXNet _slice_assign).  x is a writable numpy array or a
    pyopencl array, either of them possibly a strided view; value is
    converted to x's dtype."""
    spec = as_spec(key)
    rule = _host.EXACT if exact else _host.BROADCAST
    dev = _device_module(x)
    if dev is not None:
        return dev.scatter(x, spec.plan(x.shape), value, rule)
    if _device_module(value) is not None:
        value = value.get()
    return _host.scatter(x, spec.plan(x.shape), value, rule)


def fill(x, key, scalar):
    """x[key] = scalar, in place, and returns x."""
    spec = as_spec(key)
    dev = _device_module(x)
    if dev is not None:
        return dev.fill(x, spec.plan(x.shape), scalar)
    import numpy as np
    element = np.asarray(scalar, dtype=x.dtype)
    if element.ndim != 0:
        raise ValueError("clslice: fill takes one scalar, got an array of "
                         "shape %r (use assign)" % (element.shape,))
    return _host.scatter(x, spec.plan(x.shape), element, _host.BROADCAST)


def slice_grad(shape, dy, key):
    """Gradient of slice(x, key) for an x of `shape`: zeros of shape with
    dy (which must have the slice's shape) in the slice."""
    shape = tuple(shape)
    spec = as_spec(key)
    dev = _device_module(dy)
    if dev is not None:
        return dev.grad(shape, dy, spec.plan(shape))
    return _host.grad(shape, _numpy(dy), spec.plan(shape))


def strided_slice_grad(shape, dy, begin, end, strides=None, begin_mask=0,
                       end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                       shrink_axis_mask=0):
    """TF StridedSliceGrad: zeros of `shape` with dy in the slice."""
    return slice_grad(shape, dy, TF(begin, end, strides, begin_mask,
                                    end_mask, ellipsis_mask, new_axis_mask,
                                    shrink_axis_mask))


def csr_slice(m, key, shape=None):
    """Slices a CSR matrix; the result stays CSR, even for steps other
    than 1, with m's index and data dtypes.  key: a 2-D key of slices only
    (np.s_[1:5, ::2]), its expression, or a Spec such as MXNet(begin, end,
    step).

    m is a scipy.sparse CSR matrix (csr_matrix or csr_array), sliced on the
    host, giving one of m's type; or a tuple (data, indices, indptr) of
    pyopencl arrays with `shape` given, sliced on the device (the call
    blocks until the device has counted the result's entries) and giving
    ((data, indices, indptr), shape) as scipy's constructor takes them."""
    if isinstance(m, tuple):
        if shape is None or len(m) != 3 or _device_module(m[2]) is None:
            raise TypeError("clslice: a device CSR matrix is a tuple (data, "
                            "indices, indptr) of pyopencl arrays, with "
                            "shape=(rows, cols)")
        shape = tuple(shape)
        return _device_module(m[2]).csr_slice(m, shape,
                                              as_spec(key).plan(shape))
    fmt = getattr(m, "format", None)
    if fmt != "csr":
        raise TypeError("clslice: csr_slice takes a scipy.sparse CSR matrix, "
                        "got %s" % type(m).__name__)
    return _host.csr_slice(m, as_spec(key).plan(m.shape))


def release_runtimes():
    """Releases the per-context OpenCL program caches (no-op without
    pyopencl)."""
    if "clslice._cl" in sys.modules:
        sys.modules["clslice._cl"].release_runtimes()
