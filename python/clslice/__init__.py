# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""clslice for Python: strided slices of numpy arrays, pyopencl arrays and
scipy.sparse CSR matrices, by the clslice C library.

    import clslice, numpy as np
    y = clslice.slice(x, np.s_[1:, ..., None, ::-2])   # or "[1:, ..., None, ::-2]"

numpy inputs run on the host executor; pyopencl.array.Array inputs are
enqueued without blocking, on the array's queue or queue=, after
wait_for= and the arrays' events, the pyopencl way.  Results are new
arrays of the input's kind (device results from allocator=, else the
input's allocator, else clslice's memory pool for its context), or out=.
A key of integers alone (x[1, 2]) gives a 0-d array, not a scalar: CuPy's
convention for device arrays, kept for numpy inputs too so that a result
always has the input's kind (numpy's x[1, 2] gives a numpy scalar; take
y[()] or y.item() for one).  Errors of the C library are raised as
ClsliceError subclasses that carry its message; numpy keys raise numpy's
exception classes.  Every public function is typed (py.typed): a numpy
array in gives a numpy array out, a pyopencl array a pyopencl array.
"""
from __future__ import annotations

import sys as _sys
from typing import (TYPE_CHECKING, Any as _Any, List as _List,
                    Optional as _Optional, Sequence as _Sequence,
                    Tuple as _Tuple, TypeVar as _TypeVar, Union as _Union,
                    Callable as _Callable, cast as _cast,
                    overload as _overload)

import numpy as _np

from . import _concat, _host, _numpy_assign, _split
from ._lib import (
    ClsliceError, ClsliceArgumentError, ClsliceSpecError, ClsliceIndexError,
    ClsliceRankError, ClsliceSyntaxError, ClsliceUnknownError,
    ClsliceShapeError, ClsliceMemoryError, ClsliceBufferError,
    ClsliceOpenCLError, ClsliceBuildError, lib as _clib)
from ._lib import SPLIT_NUMPY as _SPLIT_NUMPY, \
    SPLIT_NUMPY_ARRAY as _SPLIT_NUMPY_ARRAY
from ._plan import (
    Plan, Spec, Expr, TF, OpenVINO, ONNX, MXNet, SliceAxis, SliceLike,
    as_spec, key_to_expr, plan_for as _plan_for)
from ._plan import IntVector as _IntVector, Key as _Key, \
    OptVector as _OptVector, ShapeLike as _ShapeLike
from ._types import (Allocator as _Allocator, AnyArray as _AnyArray,
                     AnyTensor as _AnyTensor, NDArray as _NDArray,
                     Queue as _Queue, WaitFor as _WaitFor)
from ._image import ImageTensor, image_size

if TYPE_CHECKING:
    import pyopencl as _cl_types
    import pyopencl.array as _cla
    import pyopencl.tools as _cl_tools

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
    "array_split", "concatenate", "stack", "slice_blocked",
    "tflite_strided_slice", "tf_slice", "xla_slice", "dynamic_slice",
    "dynamic_update_slice", "openvino_slice", "slice_scatter", "narrow",
    "chunk", "torch_split", "tf_split", "onnx_split", "openvino_split",
    "variadic_split", "TFLite", "TFSlice", "XLASlice", "DynamicSlice",
    "DynamicUpdateSlice", "OpenVINOSlice", "Narrow", "Torch",
    "shape", "plan", "assign", "assign_blocked",
    "fill", "strided_slice_grad", "slice_grad", "csr_slice",
    "prepare", "memory_pool", "release_runtimes", "key_to_expr", "as_spec",
    "Plan", "Spec", "Expr", "TF", "OpenVINO", "ONNX",
    "MXNet", "SliceAxis", "SliceLike", "ClsliceError",
    "ClsliceArgumentError", "ClsliceSpecError", "ClsliceIndexError",
    "ClsliceRankError", "ClsliceSyntaxError", "ClsliceUnknownError",
    "ClsliceShapeError", "ClsliceMemoryError", "ClsliceBufferError",
    "ClsliceOpenCLError", "ClsliceBuildError", "ImageTensor", "image_size",
]



def __dir__() -> _List[str]:
    """The public API only (not the modules and helpers behind it)."""
    return sorted(__all__ + ["__version__", "library_version"])


def _device_module(x: _Any) -> _Any:
    """The pyopencl executor when x is a pyopencl array, else None.  Looks
    only at modules already imported, so numpy users never load pyopencl."""
    cla = _sys.modules.get("pyopencl.array")
    if cla is not None and isinstance(x, cla.Array):
        dev = _sys.modules.get("clslice._cl")
        if dev is None:
            from . import _cl as dev
        return dev
    return None


def _image_module(x: _Any) -> _Any:
    """The image executor when x is an ImageTensor, else None."""
    if isinstance(x, ImageTensor):
        from . import _cl_image
        return _cl_image
    return None


def _numpy(x: _Any) -> _NDArray:
    return x if isinstance(x, _np.ndarray) else _np.asarray(x)


# The host gather typed as giving Any, so that slice()'s hot path returns
# it as its input's kind without a call more (typing.cast is one).
_host_gather: _Callable[..., _Any] = _host.gather


def _kind(like: _AnyTensor, result: _Any) -> _AnyTensor:
    """result typed as the kind of `like` (what the executor gave back for
    it: a numpy array for numpy input, a pyopencl one for pyopencl)."""
    typed: _AnyTensor = result
    return typed


def _as_any(x: _Any) -> _Any:
    return x


def _host_only(queue: _Any, wait_for: _Any, allocator: _Any = None) -> None:
    if queue is not None or wait_for is not None or allocator is not None:
        raise TypeError("clslice: queue=, wait_for= and allocator= apply "
                        "to pyopencl arrays; this call's array is on the "
                        "host")


def _one_of(out: _Any, allocator: _Any) -> None:
    if out is not None and allocator is not None:
        raise TypeError("clslice: out= and allocator= both given; the "
                        "allocator makes a new result's memory, and out= "
                        "is the result")


def plan(input_shape: _ShapeLike, key: _Key) -> Plan:
    """The Plan of `key` (a numpy key, an expression string or a Spec) on an
    input of `input_shape`; None or -1 marks an unknown dimension."""
    return as_spec(key).plan(input_shape)


def shape(input_shape: _ShapeLike,
          key: _Key) -> _Tuple[_Optional[int], ...]:
    """Output shape of slicing an input of `input_shape` by `key` (a numpy
    key, an expression string, or a Spec such as TF(begin, end, ...):
    the Spec's class is the front-end, as the C API's clslice_shape_tf,
    _onnx, ... are), without any data and without building a plan (the
    C shape queries).  Unknown dimensions are None (in: None or -1)."""
    return as_spec(key).output_shape(input_shape)


@_overload
def slice(x: _Union[ImageTensor, _cla.Array], key: _Key, *,  # noqa: A001
          out: ImageTensor, queue: _Queue = None, wait_for: _WaitFor = None,
          allocator: None = None) -> ImageTensor:
    ...


@_overload
def slice(x: ImageTensor, key: _Key, *,  # noqa: A001
          out: _cla.Array, queue: _Queue = None, wait_for: _WaitFor = None,
          allocator: None = None) -> _cla.Array:
    ...


@_overload
def slice(x: _AnyTensor, key: _Key, *,  # noqa: A001
          out: _Optional[_AnyTensor] = None, queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _AnyTensor:
    ...


def slice(x: _Any, key: _Key, *,  # noqa: A001
          out: _Any = None, queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _Any:
    """x[key] as a new array (or written into out=, of the result's shape
    and x's dtype): x is a numpy array (any dtype and layout) or a
    pyopencl.array.Array (contiguous or a strided view); key a numpy
    basic-indexing key (np.s_[...]), an expression string
    ("[1:, ..., None, ::-2, 3]") or a Spec.  queue= and wait_for= (device
    arrays) enqueue on another queue of x's context, after those events;
    allocator= (device arrays, pyopencl's keyword) makes the result's
    memory.  A key of integers alone gives a 0-d array (CuPy's convention
    for device arrays; numpy would give a scalar): y[()] is the value.

    Image-backed tensors (ImageTensor: a pyopencl image holding a tensor
    in a named packing) are read and written on the device: x an
    ImageTensor gives a new ImageTensor in its packing, or writes into
    out= (a C-contiguous pyopencl array or another ImageTensor); a
    pyopencl array x writes into an ImageTensor out= (x made contiguous
    first when it is a view).  The image's padding lanes are written as
    zeros.  Arrays in SVM (pyopencl arrays over cl.SVM, SVMAllocation or
    an SVMAllocator) are read and written in place, as buffers are."""
    # The common kinds first, without the generic dispatch below: this
    # call is the one made in loops.
    if type(x) is _np.ndarray:
        if out is None and queue is None and wait_for is None and \
                allocator is None:
            return _host_gather(x, _plan_for(key, x.shape))
        return _run_host(x, _plan_for(key, x.shape), out, queue, wait_for,
                         allocator)
    dev = _device_module(x) or _image_module(x)
    if dev is not None:
        _one_of(out, allocator)
        return dev.gather(x, _plan_for(key, x.shape), out, queue, wait_for,
                          "x", allocator)
    host = _numpy(x)
    return _run_host(host, _plan_for(key, host.shape), out, queue, wait_for,
                     allocator)


def slice_blocked(x: _AnyArray, key: _Key, *, blocked: _Any = None,
                  out_blocked: _Any = None, queue: _Queue = None,
                  wait_for: _WaitFor = None,
                  allocator: _Allocator = None) -> _AnyArray:
    """x[key] where x, the result or both store one axis in blocks of lanes,
    as GPU engines keep activations (MNN's NC4HW4, OpenVINO's
    b_fs_yx_fsv16, oneDNN's nChw16c).  blocked=(axis, block) or (axis,
    block, size): x holds such a tensor's dense storage, its logical shape
    with `axis` counting blocks, then a last dim of `block` lanes; size is
    the axis's logical size (default: every lane), the lanes past it
    padding.  key indexes the logical tensor.  out_blocked=(axis, block):
    the result comes back as its dense blocked storage the same way, its
    padding lanes zeros.  Without either this is slice().  numpy arrays
    run on the host, pyopencl arrays are enqueued as by slice() (a strided
    view is made contiguous first)."""
    from . import _blocked
    form = _blocked.parse(blocked, "blocked", True)
    out_form = _blocked.parse(out_blocked, "out_blocked", False)
    if _device_module(x) is not None:
        result: _AnyArray = _blocked.gather_device(
            x, key, form, out_form, queue, wait_for, allocator)
        return result
    _host_only(queue, wait_for, allocator)
    return _kind(x, _blocked.gather_host(_numpy(x), key, form, out_form))


def assign_blocked(x: _AnyArray, key: _Key, value: _Any, exact: bool = False,
                   *, blocked: _Any = None, value_blocked: _Any = None,
                   queue: _Queue = None,
                   wait_for: _WaitFor = None) -> _AnyArray:
    """x[key] = value where x, the value or both hold a blocked tensor's
    dense storage (slice_blocked's convention, clslice_host_scatter2 and
    clslice_cl_scatter with their blockings): blocked=(axis, block) or
    (axis, block, size) describes x, value_blocked=(axis, block) or (axis,
    block, size) the value; key indexes x's logical tensor.  Only the
    slice's elements are written (padding lanes are left alone), in
    place, and x is returned.  x is C-contiguous (the storage itself);
    the value, converted to x's dtype, broadcasts to the slice under the
    library's rule (TensorFlow's), or with exact=True must have the
    slice's shape.  numpy arrays run on the host, pyopencl arrays are
    enqueued as assign's are."""
    from . import _blocked
    form = _blocked.parse(blocked, "blocked", True)
    value_form = _blocked.parse(value_blocked, "value_blocked", True)
    rule = _host.EXACT if exact else _host.BROADCAST
    if _device_module(x) is not None:
        return _kind(x, _blocked.scatter_device(x, key, value, form,
                                                value_form, rule, queue,
                                                wait_for))
    _host_only(queue, wait_for)
    if _device_module(value) is not None:
        value = value.get()
    return _kind(x, _blocked.scatter_host(_as_any(x), key, value, form,
                                          value_form, rule))


def _run_host(x: _NDArray, p: Plan, out: _Any, queue: _Any,
              wait_for: _Any, allocator: _Any = None) -> _Any:
    _host_only(queue, wait_for, allocator)
    if out is None:
        return _host.gather(x, p)
    return _host.gather_into(x, p, out)


def _run(x: _AnyTensor, spec: Spec, out: _Any, queue: _Any,
         wait_for: _Any, allocator: _Any = None) -> _AnyTensor:
    dev = _device_module(x) or _image_module(x)
    if dev is not None:
        _one_of(out, allocator)
        result: _AnyTensor = dev.gather(x, spec.plan(x.shape), out, queue,
                                        wait_for, "x", allocator)
        return result
    host = _numpy(x)
    return _cast(_AnyTensor, _run_host(host, spec.plan(host.shape), out,
                                       queue, wait_for, allocator))


# A device piece of slice_many or a split, or a device concatenation: a
# pyopencl array or an image tensor (out= may mix them).
_DevicePiece = _Union[ImageTensor, "_cla.Array"]


@_overload
def slice_many(x: _AnyArray, keys: _Sequence[_Key], *,
               out: _Optional[_Sequence[_AnyArray]] = None,
               queue: _Queue = None, wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _List[_AnyArray]:
    ...


@_overload
def slice_many(x: ImageTensor, keys: _Sequence[_Key], *, out: None = None,
               queue: _Queue = None, wait_for: _WaitFor = None,
               allocator: None = None) -> _List[ImageTensor]:
    ...


@_overload
def slice_many(x: _DevicePiece, keys: _Sequence[_Key], *,
               out: _Sequence[_DevicePiece], queue: _Queue = None,
               wait_for: _WaitFor = None,
               allocator: None = None) -> _List[_DevicePiece]:
    ...


def slice_many(x: _Any, keys: _Sequence[_Key], *, out: _Any = None,
               queue: _Queue = None, wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _Any:
    """[x[key] for key in keys] as new arrays, or written into out= (one
    array per key, each of its slice's shape and x's dtype; returned as a
    list).  For a contiguous pyopencl array the slices are enqueued as one
    batched command: every plan is built (and every key checked) before
    anything is enqueued, the results are packed into one new buffer
    (from allocator=, pyopencl's keyword) or written into out=, and each
    carries the batch's event.  numpy arrays, strided pyopencl views and
    strided out= arrays take one call per key.  An ImageTensor x gives
    images in its packing (clslice_cl_gather_batch with src_image); out=
    may mix C-contiguous pyopencl arrays and ImageTensors (part_image)
    for an image or a pyopencl x, one batched command still."""
    x_shape = x.shape if hasattr(x, "shape") else _numpy(x).shape
    plans = [_plan_for(key, tuple(x_shape)) for key in keys]
    return _gather_plans(x, plans, queue, wait_for, allocator, out)


def _gather_plans(x: _Any, plans: _List[Plan], queue: _Any,
                  wait_for: _Any, allocator: _Any = None,
                  out: _Any = None) -> _List[_Any]:
    """slice_many's work once the plans are built (an ImageTensor x goes
    to the pyopencl executor, whose batch takes image sides)."""
    dev = _device_module(x)
    if dev is None and isinstance(x, ImageTensor):
        from . import _cl as dev
    outs: _List[_Any]
    if dev is not None:
        _one_of(out, allocator)
        outs = dev.gather_many(x, plans, queue, wait_for, allocator, out)
        return outs
    _host_only(queue, wait_for, allocator)
    host = _numpy(x)
    if out is None:
        outs = [_host.gather(host, p) for p in plans]
    else:
        outs = _host.gather_many_into(host, plans, out)
    return outs


@_overload
def split(x: _AnyArray, indices_or_sections: _Any, axis: int = 0, *,
          out: _Optional[_Sequence[_AnyArray]] = None, queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _List[_AnyArray]:
    ...


@_overload
def split(x: ImageTensor, indices_or_sections: _Any, axis: int = 0, *,
          out: None = None, queue: _Queue = None, wait_for: _WaitFor = None,
          allocator: None = None) -> _List[ImageTensor]:
    ...


@_overload
def split(x: _DevicePiece, indices_or_sections: _Any, axis: int = 0, *,
          out: _Sequence[_DevicePiece], queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: None = None) -> _List[_DevicePiece]:
    ...


def split(x: _Any, indices_or_sections: _Any, axis: int = 0, *,
          out: _Any = None, queue: _Queue = None,
          wait_for: _WaitFor = None, allocator: _Allocator = None) -> _Any:
    """numpy.split for numpy and pyopencl arrays and image tensors: a
    list of new arrays (copies, not views), enqueued as one batched
    command on the device, or written into out= (one array per piece).
    indices_or_sections is a number of equal sections or the split
    points along `axis` (Python slice bounds).  The pieces of an
    ImageTensor are images in its packing; out= may mix pyopencl arrays
    and ImageTensors (slice_many)."""
    return _numpy_split(x, _SPLIT_NUMPY, indices_or_sections,
                        axis, queue, wait_for, allocator, out)


@_overload
def array_split(x: _AnyArray, indices_or_sections: _Any, axis: int = 0, *,
                out: _Optional[_Sequence[_AnyArray]] = None,
                queue: _Queue = None, wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _List[_AnyArray]:
    ...


@_overload
def array_split(x: ImageTensor, indices_or_sections: _Any, axis: int = 0,
                *, out: None = None, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: None = None) -> _List[ImageTensor]:
    ...


@_overload
def array_split(x: _DevicePiece, indices_or_sections: _Any, axis: int = 0,
                *, out: _Sequence[_DevicePiece], queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: None = None) -> _List[_DevicePiece]:
    ...


def array_split(x: _Any, indices_or_sections: _Any, axis: int = 0, *,
                out: _Any = None, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _Any:
    """numpy.array_split: as split, but a number of sections need not
    divide the dimension (the first n % sections pieces are one longer)."""
    return _numpy_split(x, _SPLIT_NUMPY_ARRAY, indices_or_sections, axis,
                        queue, wait_for, allocator, out)


def _numpy_split(x: _Any, style: int, indices_or_sections: _Any,
                 axis: int, queue: _Any, wait_for: _Any, allocator: _Any,
                 out: _Any) -> _List[_Any]:
    """numpy's two splits by the library's rules (clslice_plan_split)."""
    dims = tuple(x.shape if hasattr(x, "shape") else _numpy(x).shape)
    # numpy reads a bool as 0 or 1 here (np.split(x, 2, axis=True))
    number, sizes = _split.number_or_sizes(indices_or_sections,
                                           "indices_or_sections", bools=True)
    plans = _split.split_plans(dims, style, axis, number, sizes, bools=True)
    return _gather_plans(x, plans, queue, wait_for, allocator, out)


@_overload
def concatenate(  # type: ignore[overload-overlap]
                arrays: _Sequence[_NDArray], axis: _Optional[int] = 0,
                out: _Optional[_NDArray] = None, dtype: _Any = None,
                casting: str = "same_kind", *, queue: None = None,
                wait_for: None = None, allocator: None = None) -> _NDArray:
    ...


@_overload
def concatenate(  # type: ignore[overload-overlap]
                arrays: _Sequence[_Union[_NDArray, _cla.Array]],
                axis: _Optional[int] = 0,
                out: _Optional[_cla.Array] = None, dtype: _Any = None,
                casting: str = "same_kind", *, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _cla.Array:
    ...


@_overload
def concatenate(  # type: ignore[overload-overlap]
                arrays: _Sequence[_Union[_NDArray, ImageTensor]],
                axis: _Optional[int] = 0,
                out: _Optional[ImageTensor] = None, dtype: _Any = None,
                casting: str = "same_kind", *, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: None = None) -> ImageTensor:
    ...


@_overload
def concatenate(arrays: _Sequence[_Union[_NDArray, _DevicePiece]],
                axis: _Optional[int] = 0, *, out: ImageTensor,
                dtype: _Any = None, casting: str = "same_kind",
                queue: _Queue = None, wait_for: _WaitFor = None,
                allocator: None = None) -> ImageTensor:
    ...


@_overload
def concatenate(arrays: _Sequence[_Union[_NDArray, _DevicePiece]],
                axis: _Optional[int] = 0,
                out: _Optional[_cla.Array] = None, dtype: _Any = None,
                casting: str = "same_kind", *, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _cla.Array:
    ...


def concatenate(arrays: _Sequence[_Any], axis: _Optional[int] = 0,
                out: _Any = None, dtype: _Any = None,
                casting: str = "same_kind", *, queue: _Queue = None,
                wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _Any:
    """numpy.concatenate for numpy and pyopencl arrays (any layout, strided
    views read in place), with numpy's arguments, checks, dtype rules and
    exception classes; axis=None joins the flattened arrays.  With a
    pyopencl array among them, every input is written by one command
    (clslice_cl_concat) into a new device array (from allocator=) or out=
    on the first device array's queue or queue=, after wait_for= and the
    inputs' events; numpy inputs are uploaded first.  ImageTensors are
    read and written in place by the same command (part_image,
    dst_image): out= may be one, and without out= the result of image
    tensors (and numpy arrays) alone is a new image in the first one's
    packing, that of any pyopencl array among them a pyopencl array."""
    return _concat.join(arrays, axis, out, dtype, casting, queue, wait_for,
                        stack=False, allocator=allocator)


@_overload
def stack(arrays: _Sequence[_NDArray],  # type: ignore[overload-overlap]
          axis: int = 0,
          out: _Optional[_NDArray] = None, *, dtype: _Any = None,
          casting: str = "same_kind", queue: None = None,
          wait_for: None = None, allocator: None = None) -> _NDArray:
    ...


@_overload
def stack(  # type: ignore[overload-overlap]
          arrays: _Sequence[_Union[_NDArray, _cla.Array]], axis: int = 0,
          out: _Optional[_cla.Array] = None, *, dtype: _Any = None,
          casting: str = "same_kind", queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _cla.Array:
    ...


@_overload
def stack(  # type: ignore[overload-overlap]
          arrays: _Sequence[_Union[_NDArray, ImageTensor]], axis: int = 0,
          out: _Optional[ImageTensor] = None, *, dtype: _Any = None,
          casting: str = "same_kind", queue: _Queue = None,
          wait_for: _WaitFor = None, allocator: None = None) -> ImageTensor:
    ...


@_overload
def stack(arrays: _Sequence[_Union[_NDArray, _DevicePiece]], axis: int = 0,
          *, out: ImageTensor, dtype: _Any = None,
          casting: str = "same_kind", queue: _Queue = None,
          wait_for: _WaitFor = None, allocator: None = None) -> ImageTensor:
    ...


@_overload
def stack(arrays: _Sequence[_Union[_NDArray, _DevicePiece]], axis: int = 0,
          out: _Optional[_cla.Array] = None, *, dtype: _Any = None,
          casting: str = "same_kind", queue: _Queue = None,
          wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _cla.Array:
    ...


def stack(arrays: _Sequence[_Any], axis: int = 0, out: _Any = None, *,
          dtype: _Any = None, casting: str = "same_kind",
          queue: _Queue = None, wait_for: _WaitFor = None,
          allocator: _Allocator = None) -> _Any:
    """numpy.stack: arrays of one shape joined along a new axis, as
    concatenate joins them (one command for pyopencl arrays and image
    tensors; the result's kind as concatenate's)."""
    return _concat.join(arrays, axis, out, dtype, casting, queue, wait_for,
                        stack=True, allocator=allocator)


def strided_slice(x: _AnyTensor, begin: _IntVector, end: _IntVector,
                  strides: _IntVector = None, begin_mask: int = 0,
                  end_mask: int = 0, ellipsis_mask: int = 0,
                  new_axis_mask: int = 0, shrink_axis_mask: int = 0, *,
                  out: _Optional[_AnyTensor] = None, queue: _Queue = None,
                  wait_for: _WaitFor = None,
                  allocator: _Allocator = None) -> _AnyTensor:
    """tf.strided_slice; strides default to ones.  Masks are int32, as
    TensorFlow's; bounds and strides past int64 are read as the int64
    extremes (TensorFlow clamps bounds to the dimension)."""
    result: _AnyTensor = _run(
        x, TF(begin, end, strides, begin_mask, end_mask, ellipsis_mask,
              new_axis_mask, shrink_axis_mask),
        out, queue, wait_for, allocator)
    return result


def openvino_strided_slice(x: _AnyTensor, begin: _IntVector,
                           end: _IntVector, strides: _IntVector = None,
                           begin_mask: _IntVector = None,
                           end_mask: _IntVector = None,
                           new_axis_mask: _IntVector = None,
                           shrink_axis_mask: _IntVector = None,
                           ellipsis_mask: _IntVector = None, *,
                           out: _Optional[_AnyTensor] = None,
                           queue: _Queue = None, wait_for: _WaitFor = None,
                           allocator: _Allocator = None) -> _AnyTensor:
    """OpenVINO StridedSlice-1 with its mask vectors (lists of 0/1)."""
    result: _AnyTensor = _run(
        x, OpenVINO(begin, end, strides, begin_mask, end_mask,
                    new_axis_mask, shrink_axis_mask, ellipsis_mask),
        out, queue, wait_for, allocator)
    return result


def onnx_slice(x: _AnyTensor, starts: _Sequence[int], ends: _Sequence[int],
               axes: _IntVector = None, steps: _IntVector = None, *,
               out: _Optional[_AnyTensor] = None, queue: _Queue = None,
               wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _AnyTensor:
    """ONNX Slice (opset 10 and later)."""
    result: _AnyTensor = _run(x, ONNX(starts, ends, axes, steps), out, queue,
                             wait_for, allocator)
    return result


def mxnet_slice(x: _AnyTensor, begin: _OptVector, end: _OptVector,
                step: _OptVector = None, *, out: _Optional[_AnyTensor] = None,
                queue: _Queue = None, wait_for: _WaitFor = None,
                allocator: _Allocator = None) -> _AnyTensor:
    """mx.nd.slice; entries of begin, end and step may be None."""
    result: _AnyTensor = _run(x, MXNet(begin, end, step), out, queue,
                             wait_for, allocator)
    return result


def slice_axis(x: _AnyTensor, axis: int, begin: int, end: _Optional[int], *,
               out: _Optional[_AnyTensor] = None, queue: _Queue = None,
               wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _AnyTensor:
    """mx.nd.slice_axis; end may be None."""
    result: _AnyTensor = _run(x, SliceAxis(axis, begin, end), out, queue,
                             wait_for, allocator)
    return result


def slice_like(x: _AnyTensor, shape_like: _Any, axes: _IntVector = None, *,
               out: _Optional[_AnyTensor] = None, queue: _Queue = None,
               wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _AnyTensor:
    """mx.nd.slice_like: shape_like is an array or a shape."""
    result: _AnyTensor = _run(x, SliceLike(shape_like, axes), out, queue,
                             wait_for, allocator)
    return result


def assign(x: _AnyTensor, key: _Key, value: _Any, exact: bool = False, *,
           queue: _Queue = None, wait_for: _WaitFor = None) -> _AnyTensor:
    """x[key] = value, in place, and returns x.  The value broadcasts to the
    slice under numpy's rules (a key of one integer per dimension takes
    one element, converted as numpy converts it), or with exact=True must
    have the slice's shape exactly (MXNet _slice_assign).  x is a writable
    numpy array or a pyopencl array, either of them possibly a strided
    view, or an ImageTensor (only the slice's elements of the image
    change; value may be an ImageTensor too); value is converted to x's
    dtype."""
    p = as_spec(key).plan(x.shape)
    rule = _host.EXACT if exact else _host.BROADCAST
    dev = _device_module(x) or _image_module(x)
    if dev is not None:
        written: _AnyTensor = dev.scatter(x, p, value, rule, key, queue,
                                          wait_for)
        return written
    _host_only(queue, wait_for)
    if _device_module(value) is not None:
        value = value.get()
    if not exact:
        p.require_known()
        value = _numpy_assign.host_value(x.dtype, key, x.ndim,
                                         p.output_shape, value)
    return _kind(x, _host.scatter(_as_any(x), p, value, rule))


def fill(x: _AnyTensor, key: _Key, scalar: _Any, *, queue: _Queue = None,
         wait_for: _WaitFor = None) -> _AnyTensor:
    """x[key] = scalar, in place, and returns x (a numpy array, a pyopencl
    array or an ImageTensor)."""
    p = as_spec(key).plan(x.shape)
    dev = _device_module(x) or _image_module(x)
    if dev is not None:
        written: _AnyTensor = dev.fill(x, p, scalar, queue, wait_for)
        return written
    _host_only(queue, wait_for)
    element = _np.asarray(scalar, dtype=x.dtype)
    if element.ndim != 0:
        raise ValueError("clslice: fill takes one scalar, got an array of "
                         "shape %r (use assign)" % (element.shape,))
    return _kind(x, _host.scatter(_as_any(x), p, element, _host.BROADCAST))


def slice_grad(shape: _Sequence[int], dy: _AnyArray, key: _Key, *,
               out: _Optional[_AnyArray] = None, queue: _Queue = None,
               wait_for: _WaitFor = None,
               allocator: _Allocator = None) -> _AnyArray:
    """Gradient of slice(x, key) for an x of `shape`: zeros of shape with
    dy (which must have the slice's shape) in the slice; written into
    out= (C-contiguous, of `shape` and dy's dtype) when given."""
    dims = tuple(shape)
    p = as_spec(key).plan(dims)
    dev = _device_module(dy)
    if dev is not None:
        _one_of(out, allocator)
        result: _AnyArray = dev.grad(dims, dy, p, out, queue, wait_for,
                                     allocator)
        return result
    _host_only(queue, wait_for, allocator)
    return _kind(dy, _host.grad(dims, _numpy(dy), p, out))


def strided_slice_grad(shape: _Sequence[int], dy: _AnyArray,
                       begin: _IntVector, end: _IntVector,
                       strides: _IntVector = None, begin_mask: int = 0,
                       end_mask: int = 0, ellipsis_mask: int = 0,
                       new_axis_mask: int = 0, shrink_axis_mask: int = 0, *,
                       out: _Optional[_AnyArray] = None,
                       queue: _Queue = None, wait_for: _WaitFor = None,
                       allocator: _Allocator = None) -> _AnyArray:
    """TF StridedSliceGrad: zeros of `shape` with dy in the slice."""
    return slice_grad(shape, dy, TF(begin, end, strides, begin_mask,
                                    end_mask, ellipsis_mask, new_axis_mask,
                                    shrink_axis_mask),
                      out=out, queue=queue, wait_for=wait_for,
                      allocator=allocator)


_Sparse = _TypeVar("_Sparse")
_DeviceCSR = _Tuple["_cla.Array", "_cla.Array", "_cla.Array"]


@_overload
def csr_slice(m: _DeviceCSR, key: _Key, shape: _Sequence[int], *,
              queue: _Queue = None, wait_for: _WaitFor = None,
              allocator: _Allocator = None
              ) -> _Tuple[_DeviceCSR, _Tuple[int, int]]:
    ...


@_overload
def csr_slice(m: _Sparse, key: _Key, shape: None = None, *,
              queue: None = None, wait_for: None = None,
              allocator: None = None) -> _Sparse:
    ...


def csr_slice(m: _Any, key: _Key, shape: _Optional[_Sequence[int]] = None,
              *, queue: _Queue = None, wait_for: _WaitFor = None,
              allocator: _Allocator = None) -> _Any:
    """Slices a CSR matrix; the result stays CSR, even for steps other
    than 1, with m's index and data dtypes.  key: a 2-D key of slices only
    (np.s_[1:5, ::2]), its expression, or a Spec such as MXNet(begin, end,
    step).

    m is a scipy.sparse CSR matrix (csr_matrix or csr_array), sliced on the
    host, giving one of m's type; or a tuple (data, indices, indptr) of
    pyopencl arrays with `shape` given, sliced on the device (the call
    blocks until the device has counted the result's entries) and giving
    ((data, indices, indptr), shape) as scipy's constructor takes them,
    the three arrays from allocator= when given."""
    if isinstance(m, tuple):
        if shape is None or len(m) != 3 or _device_module(m[2]) is None:
            raise TypeError("clslice: a device CSR matrix is a tuple (data, "
                            "indices, indptr) of pyopencl arrays, with "
                            "shape=(rows, cols)")
        dims = tuple(shape)
        return _device_module(m[2]).csr_slice(
            m, dims, as_spec(key).plan(dims), queue, wait_for, allocator)
    _host_only(queue, wait_for, allocator)
    fmt = getattr(m, "format", None)
    if fmt != "csr":
        raise TypeError("clslice: csr_slice takes a scipy.sparse CSR matrix, "
                        "got %s" % type(m).__name__)
    return _host.csr_slice(m, as_spec(key).plan(m.shape))


def prepare(context_or_queue: _Union[_cl_types.Context,
                                     _cl_types.CommandQueue], *,
            index64: bool = False, batch: bool = True,
            dynamic: bool = False, blocked: bool = False,
            image: bool = False) -> None:
    """Builds now the OpenCL programs that device calls would build at
    their first use (a second or more each on PoCL), for the queue's
    device or every device of a context: the slice, write and CSR
    programs; with batch=True also the one of slice_many, split and the
    device concatenate and stack; with index64=True also the 64-bit
    index forms (arrays past 2**32 elements); with dynamic=True those of
    dynamic_slice and dynamic_update_slice with device-resident starts;
    with blocked=True that of the blocked calls (assign_blocked and
    blocked= keys); with image=True that of the image tensors
    (ImageTensor), a ClsliceArgumentError naming CLSLICE_PREPARE_IMAGE
    on a device without image support, before anything is built.
    Programs already built are skipped.  With the environment variable
    CLSLICE_CACHE_DIR naming a folder, the built programs are kept there
    for later processes; the folder must belong to this user or root and
    be writable by nobody else, or the cache stays off
    (docs/python.md)."""
    from . import _cl
    _cl.prepare(context_or_queue, index64, batch, dynamic, blocked, image)


def memory_pool(context: _cl_types.Context) -> _cl_tools.MemoryPool:
    """clslice's pyopencl.tools.MemoryPool for a pyopencl Context: device
    results of inputs without an allocator come from it (free_held()
    gives its idle memory back; release_runtimes() frees it all)."""
    from . import _cl
    pool: _cl_tools.MemoryPool = _cl.memory_pool(context)
    return pool


def release_runtimes() -> None:
    """Releases the per-context OpenCL program caches and frees the idle
    memory of clslice's pools (no-op without pyopencl)."""
    if "clslice._cl" in _sys.modules:
        _sys.modules["clslice._cl"].release_runtimes()


# The framework-named calls use the helpers above, so they come last.
from ._fronts import (TFLite, TFSlice, XLASlice, DynamicSlice,  # noqa: E402
                      DynamicUpdateSlice, OpenVINOSlice, Narrow, Torch)
from ._engine_ops import (  # noqa: E402
    tflite_strided_slice, tf_slice, xla_slice, dynamic_slice,
    dynamic_update_slice, openvino_slice, slice_scatter, narrow, chunk,
    torch_split, tf_split, onnx_split, openvino_split, variadic_split)
