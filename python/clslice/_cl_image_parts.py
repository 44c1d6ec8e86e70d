# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Batches and concatenations with image-backed tensors (ImageTensor):
slice_many and the splits of an image, or into images (out=), as one
clslice_cl_gather_batch with src_image / part_image, and concatenate and
stack of images, or into one, as one clslice_cl_concat with part_image /
dst_image.  The other sides stay pyopencl arrays (buffers or SVM), so
images and arrays mix in one call.  A call gives back its input's kind:
the pieces of an image are images in its packing, and a concatenation of
images (no pyopencl array among the inputs) is an image in the first
one's packing; out= takes either kind."""
import ctypes
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np
import pyopencl.array as cla

from . import _lib
from ._cl import (_c_strides, _concat_parts, _converted, _part_svm,
                  _run_concat, _run_gather_batch, _shares_buffer,
                  contiguous, copy)
from ._cl_call import (allocator_for, check_out, memory_pool, new_array,
                       queue_for, same_context)
from ._cl_image import (CLImage, _check_image_out, _image_struct, _new_image,
                        read_into_buffer, set_side)
from ._image import ImageTensor


def _images(tensors: Sequence[Any]) -> Any:
    """A clslice_cl_image array with one entry per tensor (zero for the
    ones that are not images), or None when none is."""
    if not any(isinstance(t, ImageTensor) for t in tensors):
        return None
    entries = (CLImage * len(tensors))()
    for i, t in enumerate(tensors):
        if isinstance(t, ImageTensor):
            entries[i] = _image_struct(t)
    return entries


def _address(entries: Any) -> Optional[int]:
    return None if entries is None else ctypes.addressof(entries)


# --- slice_many and the splits ----------------------------------------------

def check_batch_out(out: Any, x: Any, plan: Any) -> None:
    """One out= entry of a batch with an image side: an ImageTensor of the
    piece's shape and x's dtype, or a C-contiguous pyopencl array (the
    batch writes buffer pieces contiguously)."""
    if isinstance(out, ImageTensor):
        _check_image_out(out, x, tuple(plan.output_shape), x.dtype, "x")
        return
    check_out(out, x, plan.output_shape, x.dtype)
    if not out.flags.c_contiguous:
        raise ValueError("clslice: out must be C-contiguous where x or "
                         "another piece is an image tensor")


def new_pieces(x: ImageTensor, plans: Sequence[Any], queue: Any,
               allocator: Any) -> List[ImageTensor]:
    """The default pieces of an image: images in its packing (a piece
    the packing cannot hold, or an empty one, is the ValueError of
    slice(), which names out=)."""
    return [_new_image(x, plan, queue, allocator) for plan in plans]


def gather_batch(x: Any, plans: Sequence[Any], outs: List[Any], queue: Any,
                 wait_for: Any) -> List[Any]:
    """Plan i of x into outs[i] as one clslice_cl_gather_batch command,
    x or any out an ImageTensor (the others C-contiguous pyopencl arrays,
    a strided x made contiguous first); each non-empty out gets the
    command's event."""
    if not isinstance(x, ImageTensor):
        x = contiguous(x, "x", queue, wait_for)
    if not x.dtype.itemsize or not any(p.size for p in plans):
        return outs
    count = len(plans)
    parts = (_lib.CLPart * count)()
    places = [(None, 0) if isinstance(o, ImageTensor) else
              (o.base_data, o.offset) for o in outs]
    part_svm = _part_svm(parts, plans, places)
    part_image = _images(outs)
    named = (("x", x),) + tuple(("out[%d]" % i, o) for i, o in
                                enumerate(outs) if o.size and o.events)
    desc = _lib.CLBatchDesc(elem_size=x.dtype.itemsize, count=count,
                            parts=parts, part_svm=part_svm,
                            part_image=_address(part_image))
    keep: List[Any] = []  # lives in this frame until the call has returned
    set_side(desc, "src", x, "x", keep, strided=False)
    return _run_gather_batch(x, desc, outs, queue, wait_for, named)


# --- concatenate and stack --------------------------------------------------

def _sources(arrays: Sequence[Any], first: Any, first_name: str,
             dtype: np.dtype, queue: Any) -> List[Any]:
    """The inputs on first's context in the result's dtype: images of it
    as they are (an image of another dtype read into a buffer and
    converted), device arrays converted where their dtype differs, numpy
    inputs uploaded (blocking, from clslice's pool)."""
    sources = []
    for i, a in enumerate(arrays):
        name = "arrays[%d]" % i
        if isinstance(a, (ImageTensor, cla.Array)):
            same_context(a, first, name, first_name)
            if a.dtype != dtype:
                if isinstance(a, ImageTensor):
                    a = read_into_buffer(a, name, queue)
                a = _converted(a, dtype, name, queue)
        else:
            a = cla.to_device(queue, np.asarray(a, dtype=dtype, order="C"),
                              allocator=memory_pool(first.context, queue))
        sources.append(a)
    return sources


def _new_result(arrays: Sequence[Any], shape: Tuple[int, ...],
                dtype: np.dtype, queue: Any, allocator: Any) -> Any:
    """concatenate's default result: a pyopencl array (from allocator=,
    else the first array's allocator) when a pyopencl array is among the
    inputs, else an image in the first image's packing."""
    array = next((a for a in arrays if isinstance(a, cla.Array)), None)
    if array is not None:
        size = int(np.prod(shape, dtype=np.int64))
        return new_array(array, queue, shape, dtype, size,
                         _c_strides(shape, dtype.itemsize),
                         allocator or allocator_for(array, queue))
    image = next(a for a in arrays if isinstance(a, ImageTensor))
    if allocator is not None:
        raise TypeError("clslice: allocator= makes buffers; the "
                        "concatenation of image tensors is a new image "
                        "(pass out= a pyopencl array for a buffer)")
    try:
        return ImageTensor.empty(queue, shape, dtype, image.packing,
                                 image.image1d_buffer)
    except ValueError as exc:
        raise ValueError("%s; the concatenation of image tensors is an "
                         "image in the first one's packing: pass out= a "
                         "pyopencl array (or an ImageTensor of another "
                         "packing) to take this result" % exc) from None


def _apart_from_out(sources: List[Any], out: Any, queue: Any) -> List[Any]:
    """As if the inputs were read before out is written: an input that
    is out's image is read into a buffer first, one in out's buffer or
    SVM allocation copied (the library refuses both)."""
    kept = []
    for k, a in enumerate(sources):
        name = "arrays[%d]" % k
        if isinstance(a, ImageTensor):
            if isinstance(out, ImageTensor) and \
                    a.image.int_ptr == out.image.int_ptr:
                a = read_into_buffer(a, name, queue)
        elif a.size and not isinstance(out, ImageTensor) and \
                _shares_buffer(a, out):
            a = copy(a, name, queue)
        kept.append(a)
    return kept


def concat(arrays: Sequence[Any], plans: Sequence[Any],
           shape: Tuple[int, ...], dtype: np.dtype, out: Any = None,
           queue: Any = None, wait_for: Any = None,
           allocator: Any = None) -> Any:
    """Each input into its plan's place of the result, as one
    clslice_cl_concat command, where an input or out= is an ImageTensor
    (or, without out=, the result is one)."""
    i, first = next((i, a) for i, a in enumerate(arrays)
                    if isinstance(a, (ImageTensor, cla.Array)))
    first_name = "arrays[%d]" % i
    queue = queue_for(first, queue, first_name)
    sources = _sources(arrays, first, first_name, dtype, queue)
    if out is None:
        out = _new_result(arrays, shape, dtype, queue, allocator)
        named_out: Tuple[Tuple[str, Any], ...] = ()
    else:
        if isinstance(out, ImageTensor):
            _check_image_out(out, first, shape, dtype, first_name)
        else:
            check_out(out, first, shape, dtype, first_name)
        named_out = (("out", out),)
        sources = _apart_from_out(sources, out, queue)
    if not out.size or not dtype.itemsize:
        return out
    parts, part_svm = _concat_parts(plans, sources)
    part_image = _images(sources)
    desc = _lib.CLConcatDesc(elem_size=dtype.itemsize, count=len(parts),
                             parts=parts, part_svm=part_svm,
                             part_image=_address(part_image))
    keep: List[Any] = []  # lives in this frame until the call has returned
    set_side(desc, "dst", out, "out", keep)
    return _run_concat(first, desc, sources, out, named_out, queue,
                       wait_for)
