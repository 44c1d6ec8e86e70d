# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""ImageTensor: a tensor held by a pyopencl 2-D image (or a 1-D image
over a buffer) in one of the packings GPU engines keep activations in
(clslice_cl_image in C), and
the host side of those packings (the texel of each element), which its
to_device and get use.  pyopencl is imported only when an ImageTensor is
made, so numpy users never load it."""
from typing import (TYPE_CHECKING, Any, Dict, List, Optional, Sequence,
                    Tuple, Union)

import numpy as np

if TYPE_CHECKING:
    import pyopencl as cl
    import pyopencl.array as cla

# The packing names Python takes, and their clslice_image_packing numbers
# (include/clslice_cl.h; tests/test_images.py checks them against it).
PACKINGS: Dict[str, int] = {"nc4hw4": 1, "phwc4": 2,
                            "tflite_texture_2d": 3}
# Element dtypes and the image channel types that hold them (the lane
# size is the element size, as the C call requires).
_CHANNEL_TYPES = {np.dtype(np.float32): "FLOAT",
                  np.dtype(np.float16): "HALF_FLOAT",
                  np.dtype(np.uint8): "UNSIGNED_INT8"}
# Events kept per tensor before the older ones are waited for, as
# pyopencl's Array caps its list.
_MAX_EVENTS = 64


def packing_number(packing: str) -> int:
    """clslice_image_packing of a packing name (any case)."""
    number = PACKINGS.get(str(packing).lower())
    if number is None:
        raise ValueError("clslice: packing must be one of %s, got %r"
                         % (", ".join(repr(p) for p in PACKINGS), packing))
    return number


def _dims4(shape: Tuple[int, ...], packing: str) -> Tuple[int, ...]:
    """The packing's 4-D shape of `shape`: NCHW for nc4hw4, BHWC for the
    others (an HWC tensor of rank 3 is B = 1); ValueError naming the
    shape when its rank does not fit."""
    if packing == "nc4hw4":
        if len(shape) != 4:
            raise ValueError("clslice: packing 'nc4hw4' holds an NCHW "
                             "tensor of rank 4, not shape %r" % (shape,))
        return shape
    if len(shape) == 3:
        return (1,) + shape
    if len(shape) != 4:
        raise ValueError("clslice: packing %r holds a BHWC tensor of rank 4 "
                         "or an HWC tensor of rank 3, not shape %r"
                         % (packing, shape))
    return shape


def image_size(shape: Sequence[int], packing: str) -> Tuple[int, int]:
    """(width, height) in texels of the image that holds a tensor of
    `shape` in `packing` (clslice_cl.h, clslice_image_packing)."""
    packing = str(packing).lower()
    packing_number(packing)
    dims = _dims4(tuple(int(d) for d in shape), packing)
    if packing == "nc4hw4":
        n, c, h, w = dims
        return (c + 3) // 4 * w, n * h
    b, h, w, c = dims
    slices = (c + 3) // 4
    if packing == "phwc4":
        return w * b, slices * h
    return w * b, h * slices


def pack(a: Any, packing: str) -> Any:
    """The texels of array a in `packing`: a C-contiguous array of shape
    (height, width, 4), the padding lanes of the last slice zeros."""
    packing = str(packing).lower()
    dims = _dims4(tuple(a.shape), packing)
    a = a.reshape(dims)
    axis = 1 if packing == "nc4hw4" else 3
    slices = (dims[axis] + 3) // 4
    padded_shape = list(dims)
    padded_shape[axis] = slices * 4
    padded = np.zeros(padded_shape, a.dtype)
    if axis == 1:
        padded[:, :dims[1]] = a
        n, _, h, w = dims
        blocks = padded.reshape(n, slices, 4, h, w).transpose(0, 3, 1, 4, 2)
    else:
        padded[..., :dims[3]] = a
        b, h, w, _ = dims
        order = (3, 1, 2, 0, 4) if packing == "phwc4" else (1, 3, 2, 0, 4)
        blocks = padded.reshape(b, h, w, slices, 4).transpose(order)
    width, height = image_size(a.shape, packing)
    return np.ascontiguousarray(blocks.reshape(height, width, 4))


def unpack(texels: Any, shape: Tuple[int, ...], packing: str) -> Any:
    """pack's inverse: the tensor of `shape` that texels (height, width,
    4) hold in `packing`, a new C-contiguous array."""
    packing = str(packing).lower()
    dims = _dims4(shape, packing)
    if packing == "nc4hw4":
        n, c, h, w = dims
        slices = (c + 3) // 4
        full = texels.reshape(n, h, slices, w, 4).transpose(0, 2, 4, 1, 3)
        out = full.reshape(n, slices * 4, h, w)[:, :c]
    else:
        b, h, w, c = dims
        slices = (c + 3) // 4
        if packing == "phwc4":
            full = texels.reshape(slices, h, w, b, 4).transpose(3, 1, 2, 0, 4)
        else:
            full = texels.reshape(h, slices, w, b, 4).transpose(3, 0, 2, 1, 4)
        out = full.reshape(b, h, w, slices * 4)[..., :c]
    return np.ascontiguousarray(out.reshape(shape))


def _channel_type(dtype: Any, name: str) -> str:
    kind = _CHANNEL_TYPES.get(np.dtype(dtype))
    if kind is None:
        raise TypeError("clslice: %s has dtype %s; an image tensor holds "
                        "float32 (CL_FLOAT), float16 (CL_HALF_FLOAT) or "
                        "uint8 (CL_UNSIGNED_INT8)" % (name, np.dtype(dtype)))
    return kind


def _image_dtype(image: Any) -> Any:
    """The element dtype of an RGBA image of one of the three channel
    types; ValueError naming its format otherwise."""
    import pyopencl as cl
    fmt = image.format
    for dtype, kind in _CHANNEL_TYPES.items():
        if fmt.channel_data_type == getattr(cl.channel_type, kind):
            if fmt.channel_order != cl.channel_order.RGBA:
                break
            return dtype
    raise ValueError("clslice: image has format %r; an image tensor is "
                     "CL_RGBA of CL_FLOAT, CL_HALF_FLOAT or CL_UNSIGNED_INT8"
                     % (fmt,))


class ImageTensor:
    """A tensor held by a pyopencl 2-D image (cl.Image, CL_RGBA) in a named
    packing, as GPU engines keep activations: four channels to a texel,
    in the layout of

    * ``"nc4hw4"``: MNN's OpenCL images, an NCHW tensor (rank 4);
    * ``"phwc4"``: TFLite GPU's PHWC4 order on a 2-D image, a BHWC
      (rank 4) or HWC (rank 3) tensor;
    * ``"tflite_texture_2d"``: TFLite GPU's TEXTURE_2D storage of the
      same.

    The dtype follows the image's channel type: float32 for CL_FLOAT,
    float16 for CL_HALF_FLOAT, uint8 for CL_UNSIGNED_INT8.  The image
    must be exactly as wide and high as the packing makes `shape`
    (image_size()).  A 1-D image over a buffer
    (CL_MEM_OBJECT_IMAGE1D_BUFFER, TFLite GPU's IMAGE_BUFFER storage;
    cl.Image made with buffer=) holds the same texels row by row, as
    many as the 2-D image has (width * height); image1d_buffer is then
    True and `buffer` is its buffer.  slice() and the framework slices read one (x) and
    write one (out=), assign() and fill() write into one, on x's queue
    or queue=; like a pyopencl array it has a queue (or None) and the
    events of the calls that wrote it, which later calls wait for.
    ImageTensor.to_device and ImageTensor.empty make one, get() reads it
    back.  numpy cannot read one directly (np.asarray raises
    TypeError)."""

    __slots__ = ("image", "shape", "dtype", "packing", "queue", "events",
                 "buffer")

    def __init__(self, image: "cl.Image", shape: Sequence[int],
                 packing: str = "nc4hw4",
                 queue: Optional["cl.CommandQueue"] = None) -> None:
        import pyopencl as cl
        if not isinstance(image, cl.Image):
            raise TypeError("clslice: image must be a pyopencl.Image, got %s"
                            % type(image).__name__)
        kinds = (cl.mem_object_type.IMAGE2D,
                 cl.mem_object_type.IMAGE1D_BUFFER)
        if image.type not in kinds:
            raise ValueError("clslice: image must be a 2-D image "
                             "(CL_MEM_OBJECT_IMAGE2D) or a 1-D image over a "
                             "buffer (CL_MEM_OBJECT_IMAGE1D_BUFFER)")
        over_buffer = image.type == cl.mem_object_type.IMAGE1D_BUFFER
        self.packing: str = str(packing).lower()
        packing_number(self.packing)
        self.shape: Tuple[int, ...] = tuple(int(d) for d in shape)
        if not all(d > 0 for d in self.shape):
            raise ValueError("clslice: shape %r has an empty dimension; an "
                             "image cannot hold an empty tensor"
                             % (self.shape,))
        self.dtype: np.dtype[Any] = _image_dtype(image)
        width, height = image_size(self.shape, self.packing)
        if over_buffer and image.width != width * height:
            raise ValueError(
                "clslice: image is a 1-D buffer image of %d texels; packing "
                "%r holds shape %r in %d x %d = %d, row by row"
                % (image.width, self.packing, self.shape, width, height,
                   width * height))
        if not over_buffer and (image.width, image.height) != (width,
                                                                height):
            raise ValueError(
                "clslice: image is %d x %d texels; packing %r holds shape %r "
                "in %d x %d" % (image.width, image.height, self.packing,
                                self.shape, width, height))
        if queue is not None and not isinstance(queue, cl.CommandQueue):
            raise TypeError("clslice: queue must be a pyopencl.CommandQueue,"
                            " got %r" % (queue,))
        if queue is not None and \
                queue.context.int_ptr != image.context.int_ptr:
            raise ValueError("clslice: queue belongs to another OpenCL "
                             "context than image")
        self.image = image
        self.queue = queue
        self.events: List["cl.Event"] = []
        # the buffer a 1-D buffer image's texels are (host transfers go
        # through it: pyopencl copies to and from 1-D buffer images are
        # refused)
        buffer: Any = (image.get_image_info(cl.image_info.BUFFER)
                       if over_buffer else None)
        self.buffer: Optional["cl.Buffer"] = buffer

    @property
    def image1d_buffer(self) -> bool:
        """Whether the image is a 1-D image over a buffer
        (CL_MEM_OBJECT_IMAGE1D_BUFFER)."""
        return self.buffer is not None

    @classmethod
    def empty(cls, queue: "cl.CommandQueue", shape: Sequence[int],
              dtype: Any, packing: str = "nc4hw4",
              image1d_buffer: bool = False) -> "ImageTensor":
        """A new image tensor of `shape` and `dtype` (float32, float16 or
        uint8) in `packing` on queue's context, its contents undefined
        (CL_MEM_READ_WRITE): a 2-D image, or with image1d_buffer=True a
        1-D image over a new buffer, the 2-D image's texels row by
        row."""
        import pyopencl as cl
        kind = _channel_type(dtype, "an image tensor")
        width, height = image_size(shape, packing)
        if not width or not height:
            raise ValueError("clslice: shape %r has an empty dimension; an "
                             "image cannot hold an empty tensor"
                             % (tuple(shape),))
        fmt = cl.ImageFormat(cl.channel_order.RGBA,
                             getattr(cl.channel_type, kind))
        # create_image: pyopencl's name since 2024 (Image(...) warns)
        create = getattr(cl, "create_image", cl.Image)
        if image1d_buffer:
            store = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE,
                              width * height * 4 * np.dtype(dtype).itemsize)
            image = create(queue.context, cl.mem_flags.READ_WRITE, fmt,
                           shape=(width * height,), buffer=store)
        else:
            image = create(queue.context, cl.mem_flags.READ_WRITE, fmt,
                           shape=(width, height))
        return cls(image, shape, packing, queue)

    @classmethod
    def to_device(cls, queue: "cl.CommandQueue",
                  ary: Union["np.ndarray[Any, Any]", "cla.Array"],
                  packing: str = "nc4hw4",
                  image1d_buffer: bool = False) -> "ImageTensor":
        """A new image tensor holding `ary` (float32, float16 or uint8) in
        `packing` (a 1-D buffer image with image1d_buffer=True): a numpy
        array is packed on the host and uploaded (the call blocks, as
        pyopencl.array.to_device does); a pyopencl array is packed on the
        device by clslice's gather into the image (enqueued, its event on
        the result)."""
        import pyopencl.array as cla
        if isinstance(ary, cla.Array):
            out = cls.empty(queue, ary.shape, ary.dtype, packing,
                            image1d_buffer)
            from . import _cl_image
            from ._plan import plan_for
            _cl_image.gather(ary, plan_for("...", ary.shape), out, queue,
                             None, "ary")
            return out
        host = np.asarray(ary)
        _channel_type(host.dtype, "ary")
        out = cls.empty(queue, host.shape, host.dtype, packing,
                        image1d_buffer)
        import pyopencl as cl
        texels = pack(host, out.packing)
        if out.buffer is not None:
            cl.enqueue_copy(queue, out.buffer, texels, is_blocking=True)
            return out
        width, height = image_size(host.shape, out.packing)
        cl.enqueue_copy(queue, out.image, texels, origin=(0, 0),
                        region=(width, height), is_blocking=True)
        return out

    def get(self, queue: Optional["cl.CommandQueue"] = None
            ) -> "np.ndarray[Any, Any]":
        """The tensor as a new numpy array: the image is read after its
        events (blocking) and unpacked on the host."""
        import pyopencl as cl
        queue = queue if queue is not None else self.queue
        if queue is None:
            raise ValueError("clslice: this image tensor has no command "
                             "queue; pass get(queue=...)")
        width, height = image_size(self.shape, self.packing)
        texels = np.empty((height, width, 4), self.dtype)
        if self.buffer is not None:
            cl.enqueue_copy(queue, texels, self.buffer, wait_for=self.events,
                            is_blocking=True)
        else:
            cl.enqueue_copy(queue, texels, self.image, origin=(0, 0),
                            region=(width, height), wait_for=self.events,
                            is_blocking=True)
        tensor: "np.ndarray[Any, Any]" = unpack(texels, self.shape,
                                                self.packing)
        return tensor

    def with_queue(self, queue: "cl.CommandQueue") -> "ImageTensor":
        """The same image and tensor with another queue (its events
        kept), as pyopencl's Array.with_queue."""
        view = ImageTensor(self.image, self.shape, self.packing, queue)
        view.events = self.events
        return view

    @property
    def context(self) -> "cl.Context":
        """The image's OpenCL context."""
        context: "cl.Context" = self.image.context
        return context

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        """The number of elements (padding lanes not counted)."""
        return int(np.prod(self.shape, dtype=np.int64))

    def add_event(self, event: "cl.Event") -> None:
        """Records a command that writes this tensor; after 64 the older
        half are waited for, as pyopencl's Array.add_event does."""
        self.events.append(event)
        if len(self.events) > _MAX_EVENTS:
            import pyopencl as cl
            older = self.events[:_MAX_EVENTS // 2]
            cl.wait_for_events(older)
            del self.events[:_MAX_EVENTS // 2]

    def finish(self) -> None:
        """Waits for the commands that write this tensor."""
        import pyopencl as cl
        if self.events:
            cl.wait_for_events(self.events)
            del self.events[:]

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("clslice: an ImageTensor holds its tensor in an "
                        "OpenCL image; slice(), the framework slices, "
                        "assign() and fill() take it, and .get() reads it "
                        "back as a numpy array")

    def __repr__(self) -> str:
        return ("ImageTensor(shape=%r, dtype=%s, packing=%r%s)"
                % (self.shape, self.dtype, self.packing,
                   ", image1d_buffer=True" if self.image1d_buffer else ""))


__all__ = ["ImageTensor", "image_size", "pack", "unpack", "PACKINGS"]
