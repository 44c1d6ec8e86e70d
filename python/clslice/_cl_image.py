# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The device calls on image-backed tensors (ImageTensor): the gather
image to buffer, buffer to image and image to image, and the scatter
into an image, through the src_image / dst_image members of
clslice_cl_gather and clslice_cl_scatter.  Queues, wait lists, events
and error names as for pyopencl arrays (_cl_call.py)."""
import ctypes
from typing import Any, List, Tuple

import numpy as np
import pyopencl.array as cla

from . import _lib, _numpy_assign
from ._cl import _converted, _finish, runtime_for
from ._cl_call import (allocator_for, call_head, check_out, mem_or_scratch,
                       queue_for, same_context, side)
from ._host import BROADCAST
from ._image import ImageTensor, packing_number
from ._lib import Error, cl_lib as lib


class CLImage(ctypes.Structure):
    """clslice_cl_image: an image, its packing, flags (0)."""
    _fields_ = [("image", ctypes.c_void_p), ("packing", ctypes.c_int),
                ("flags", ctypes.c_uint)]


def _image_struct(t: ImageTensor) -> CLImage:
    return CLImage(t.image.int_ptr, packing_number(t.packing), 0)


def set_side(desc: Any, member: str, a: Any, name: str, keep: List[Any],
             strided: bool = True) -> None:
    """Descriptor side `member` ("src", "dst") of a: an ImageTensor as
    MEMBER_image (its struct appended to keep, which must live until the
    call returns), a device array as MEMBER and MEMBER_svm (side())."""
    if isinstance(a, ImageTensor):
        keep.append(_image_struct(a))
        setattr(desc, member + "_image", ctypes.addressof(keep[-1]))
    else:
        tensor, svm = side(a, name, strided)
        setattr(desc, member, tensor)
        setattr(desc, member + "_svm", svm)


def _check_image_out(out: ImageTensor, x: Any, shape: Tuple[int, ...],
                     dtype: Any, name: str) -> None:
    """An out= image of x's context holding the result's shape and
    dtype."""
    same_context(out, x, "out", name)
    if tuple(out.shape) != tuple(shape) or out.dtype != np.dtype(dtype):
        raise ValueError(
            "clslice: out holds shape %r and dtype %s; the result has shape "
            "%r and dtype %s" % (out.shape, out.dtype, tuple(shape),
                                 np.dtype(dtype)))


def _new_image(x: ImageTensor, plan: Any, queue: Any,
               allocator: Any) -> ImageTensor:
    """The default result of slicing an image: an image in x's packing,
    of x's kind (2-D, or 1-D over a buffer)."""
    if allocator is not None:
        raise TypeError("clslice: allocator= makes buffers; the slice of an "
                        "image tensor is a new image (pass out= a pyopencl "
                        "array for a buffer)")
    shape = tuple(plan.output_shape)
    try:
        return ImageTensor.empty(queue, shape, x.dtype, x.packing,
                                 x.image1d_buffer)
    except ValueError as exc:
        raise ValueError("%s; the slice of an image tensor is an image in "
                         "its packing: pass out= a pyopencl array (or an "
                         "ImageTensor of another packing) to take this "
                         "result" % exc) from None


def gather(x: Any, plan: Any, out: Any = None, queue: Any = None,
           wait_for: Any = None, name: str = "x",
           allocator: Any = None) -> Any:
    """The slice `plan` of x into out (or a new image in x's packing when
    x is an image); x or out, or both, are ImageTensors, the other a
    pyopencl array, a strided view or not (the library takes its
    strides)."""
    plan.require_known()
    queue = queue_for(x, queue, name)
    shape = tuple(plan.output_shape)
    if out is None:
        out = _new_image(x, plan, queue, allocator)
        named_out: Tuple[Tuple[str, Any], ...] = ()
    elif isinstance(out, ImageTensor):
        _check_image_out(out, x, shape, x.dtype, name)
        named_out = (("out", out),)
    else:
        check_out(out, x, shape, x.dtype, name)
        named_out = (("out", out),)
    if not plan.size:
        return out
    named = ((name, x),) + named_out
    keep: List[Any] = []
    desc = _lib.CLGatherDesc(plan=plan._ptr.value,
                             elem_size=x.dtype.itemsize)
    set_side(desc, "src", x, name, keep)
    set_side(desc, "dst", out, "out", keep)
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    err = Error()
    status = lib.clslice_cl_gather(runtime_for(x.context),
                                   ctypes.byref(call), ctypes.byref(desc),
                                   ctypes.byref(err))
    return _finish(status, err, event, out, wait_for, named)


def read_into_buffer(t: ImageTensor, name: str, queue: Any) -> Any:
    """The image tensor's elements in a new C-contiguous pyopencl array
    (from clslice's pool for its context), enqueued on queue (None: the
    tensor's)."""
    queue = queue_for(t, queue, name)
    from ._plan import plan_for
    out = cla.empty(queue, t.shape, t.dtype, allocator=_pool(t, queue))
    return gather(t, plan_for("...", t.shape), out, queue, None, name)


def image_value(x: Any, plan: Any, value: ImageTensor, rule: int, key: Any,
                queue: Any) -> Any:
    """An image value of a scatter into x (an image or a pyopencl array),
    broadcast-checked as assign checks device values: the ImageTensor
    itself, which the scatter reads as its value_image, where it has x's
    dtype and is not x's own image; else its elements read into a buffer
    (enqueued) and converted to x's dtype, as numpy reads a value whole
    before writing."""
    same_context(value, x, "value")
    if rule == BROADCAST:
        _numpy_assign.check_device_value(
            x.dtype, key, x.ndim, plan.output_shape, value.shape,
            value.dtype)
    own = isinstance(x, ImageTensor) and \
        x.image.int_ptr == value.image.int_ptr
    if value.dtype == x.dtype and not own:
        return value
    read = read_into_buffer(value, "value", queue)
    return read if read.dtype == x.dtype else _converted(read, x.dtype,
                                                         "value", queue)


def _device_value(x: ImageTensor, plan: Any, value: Any, rule: int,
                  key: Any, queue: Any) -> Any:
    """The value as an ImageTensor (image_value) or a pyopencl array of
    x's dtype on x's context (a device array as it is, strided or not):
    numpy values converted and broadcast-checked as assign does for
    device arrays, then uploaded (blocking)."""
    if isinstance(value, ImageTensor):
        value = image_value(x, plan, value, rule, key, queue)
        if isinstance(value, ImageTensor):
            return value
    if isinstance(value, cla.Array):
        same_context(value, x, "value")
        if rule == BROADCAST:
            _numpy_assign.check_device_value(
                x.dtype, key, x.ndim, plan.output_shape, value.shape,
                value.dtype)
        if value.dtype != x.dtype:  # a buffer never shares an image's memory
            # (float16 through the host: pyopencl's kernels lack it)
            value = _converted(value, x.dtype, "value", queue)
        return value
    if rule == BROADCAST:
        value = _numpy_assign.host_value(x.dtype, key, x.ndim,
                                         plan.output_shape, value)
    else:
        value = np.asarray(value, dtype=x.dtype)
    return cla.to_device(queue, np.asarray(value, order="C"),
                         allocator=_pool(x, queue))


def _pool(x: ImageTensor, queue: Any) -> Any:
    from ._cl_call import memory_pool
    return memory_pool(x.context, queue)


def scatter(x: ImageTensor, plan: Any, value: Any, rule: int,
            key: Any = None, queue: Any = None,
            wait_for: Any = None) -> ImageTensor:
    """value written into the slice `plan` of the image tensor x, in
    place (only the slice's elements change); returns x."""
    plan.require_known()
    queue = queue_for(x, queue)
    value = _device_value(x, plan, value, rule, key, queue)
    written: ImageTensor = enqueue_scatter(x, plan, value, rule, queue,
                                           wait_for)
    return written


def enqueue_scatter(x: Any, plan: Any, value: Any, rule: int, queue: Any,
                    wait_for: Any) -> Any:
    """One clslice_cl_scatter of value into the slice `plan` of x, where
    x (dst_image) or value (value_image) or both are ImageTensors, the
    other a pyopencl array of x's dtype (either a strided view or not);
    returns x."""
    shape = (ctypes.c_int64 * max(value.ndim, 1))(*value.shape)
    named = (("x", x), ("value", value))
    keep = []
    desc = _lib.CLScatterDesc(
        plan=plan._ptr.value, elem_size=x.dtype.itemsize, value_shape=shape,
        value_rank=value.ndim, rule=rule)
    if isinstance(value, ImageTensor):
        keep.append(_image_struct(value))
        desc.value_image = ctypes.addressof(keep[-1])
    else:
        desc.value, desc.value_svm, held = mem_or_scratch(value)
        keep.append(held)
    set_side(desc, "dst", x, "x", keep)
    event = ctypes.c_void_p()
    call = call_head(queue, wait_for, named, event)
    err = Error()
    status = lib.clslice_cl_scatter(runtime_for(x.context),
                                    ctypes.byref(call), ctypes.byref(desc),
                                    ctypes.byref(err))
    del keep  # the library retained what it enqueued
    return _finish(status, err, event, x, wait_for, named)


def fill(x: ImageTensor, plan: Any, scalar: Any, queue: Any = None,
         wait_for: Any = None) -> ImageTensor:
    """scalar written into every element of the slice `plan` of x."""
    element = np.asarray(scalar, dtype=x.dtype)
    if element.ndim != 0:
        raise ValueError("clslice: fill takes one scalar, got an array of "
                         "shape %r (use assign)" % (element.shape,))
    return scatter(x, plan, element, BROADCAST, None, queue, wait_for)
