# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Image-backed tensors (clslice.ImageTensor) on the device: seeded random
slices image to image, image to buffer and buffer to image, and writes
into images, in the three packings and the three channel types, against
numpy; the host packing that to_device and get use against the texel
formulas of include/clslice_cl.h; and the errors, by name."""
import os
import re

import numpy as np
import pytest

import clslice
from clslice import _image
from conftest import SEED
from keys import random_key

cl = pytest.importorskip("pyopencl", reason="pyopencl is not installed")
cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")

CASES = 36  # each case: three calls and a read-back (about 40 ms on PoCL)
PACKINGS = ("nc4hw4", "phwc4", "tflite_texture_2d")
DTYPES = (np.float32, np.float16, np.uint8)
HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      os.pardir, os.pardir, "include", "clslice_cl.h")


_create = getattr(cl, "create_image", cl.Image)


@pytest.fixture(scope="module")
def iqueue(queue):
    if not queue.device.image_support:
        pytest.skip("the OpenCL device has no image support")
    return queue


def _where(i, packing, dtype, shape, key):
    return "seed=%d case=%d packing=%s dtype=%s shape=%r key=%r" % (
        SEED, i, packing, np.dtype(dtype), shape, key)


def _random_tensor(rng, shape, dtype):
    values = [rng.randint(0, 255) for _ in range(int(np.prod(shape)))]
    return np.array(values, dtype).reshape(shape)


def _shape(rng, packing):
    """A small shape of the packing's rank, C often not a multiple of 4
    (a partial last texel)."""
    rank = 4 if packing == "nc4hw4" or rng.random() < 0.7 else 3
    return tuple(rng.randint(1, 4) if d != (1 if packing == "nc4hw4"
                                             else rank - 1)
                 else rng.randint(1, 10) for d in range(rank))


def _box_key(rng, shape):
    """Slices only (any steps), none empty: the result keeps the rank,
    so it fits the packing again."""
    key = []
    for d in shape:
        step = rng.choice([1, 1, 2, -1, -2, 3])
        a, b = sorted(rng.sample(range(d + 1), 2)) if d > 1 else (0, d)
        key.append(slice(a, b, step) if step > 0 else
                   slice(b - 1, a - 1 if a else None, step))
    return tuple(key)


def _case(rng, i):
    """Case i's packing and dtype (cycling through all nine pairs), a
    random tensor of a shape the packing takes, and a box key into it."""
    packing = PACKINGS[i % 3]
    dtype = DTYPES[i // 3 % 3]
    shape = _shape(rng, packing)
    host = _random_tensor(rng, shape, dtype)
    return packing, dtype, shape, host, _box_key(rng, shape)


def test_packing_numbers_are_the_headers():
    with open(HEADER) as f:
        text = f.read()
    for name, number in _image.PACKINGS.items():
        match = re.search(r"CLSLICE_PACKING_%s\s*=\s*(\d+)" % name.upper(),
                          text)
        assert match and int(match.group(1)) == number, name


def test_host_packing_puts_each_element_at_the_headers_texel(rng):
    """pack() against the texel formulas written out element by element:
    NC4HW4 x = slice*W + w, y = n*H + h; PHWC4 x = w*B + b, y = slice*H +
    h; TEXTURE_2D x = w*B + b, y = h*S + slice; lane = channel % 4."""
    for packing in PACKINGS:
        shape = (2, 5, 3, 2) if packing == "nc4hw4" else (2, 3, 2, 5)
        a = np.arange(1, int(np.prod(shape)) + 1,
                      dtype=np.float32).reshape(shape)
        texels = _image.pack(a, packing)
        width, height = clslice.image_size(shape, packing)
        assert texels.shape == (height, width, 4), packing
        seen = np.zeros_like(texels, dtype=bool)
        for index in np.ndindex(*shape):
            if packing == "nc4hw4":
                n, c, h, w = index
                x, y = c // 4 * shape[3] + w, n * shape[2] + h
            else:
                b, h, w, c = index
                slices = (shape[3] + 3) // 4
                x = w * shape[0] + b
                y = (c // 4 * shape[1] + h if packing == "phwc4"
                     else h * slices + c // 4)
            assert texels[y, x, c % 4] == a[index], (packing, index)
            seen[y, x, c % 4] = True
        assert not texels[~seen].any(), packing  # padding lanes are zeros
        assert (_image.unpack(texels, shape, packing) == a).all(), packing


def test_random_slices_through_images_match_numpy(rng, iqueue):
    for i in range(CASES):
        packing, dtype, shape, host, key = _case(rng, i)
        image = clslice.ImageTensor.to_device(iqueue, host, packing)
        where = _where(i, packing, dtype, shape, key)
        want = host[key]
        # image to image: the result is an image in the same packing
        y = clslice.slice(image, key)
        assert isinstance(y, clslice.ImageTensor) and \
            y.packing == packing, where
        assert (y.get() == want).all(), where
        # padding lanes of the written image are zeros
        width, height = clslice.image_size(want.shape, packing)
        raw = np.empty((height, width, 4), dtype)
        cl.enqueue_copy(iqueue, raw, y.image, origin=(0, 0),
                        region=(width, height), wait_for=y.events,
                        is_blocking=True)
        assert (raw == _image.pack(want, packing)).all(), where
        # image to buffer, with any key (integers and new axes too)
        key2 = random_key(rng, shape)
        out = cla.empty(iqueue, host[key2].shape, dtype)
        got = clslice.slice(image, key2, out=out)
        assert got is out and (out.get() == host[key2]).all(), \
            _where(i, packing, dtype, shape, key2)
        # buffer (a strided view) to image of another packing
        other = PACKINGS[(i + 1) % 3]
        if len(want.shape) == 4 or other != "nc4hw4":
            view = cla.to_device(iqueue, host)[key]
            target = clslice.ImageTensor.empty(iqueue, want.shape, dtype,
                                               other)
            clslice.slice(view, "...", out=target)
            assert (target.get() == want).all(), where + " into " + other


def test_writes_into_images_match_numpy(rng, iqueue):
    for i in range(CASES // 2):
        packing, dtype, shape, host, key = _case(rng, i)
        image = clslice.ImageTensor.to_device(iqueue, host, packing)
        where = _where(i, packing, dtype, shape, key)
        kind = i % 3
        if kind == 0:  # a numpy value broadcast along the first dim
            value = _random_tensor(rng, (1,) + host[key].shape[1:], dtype)
            clslice.assign(image, key, value)
        elif kind == 1:  # a device value of the slice's shape, exact
            value = _random_tensor(rng, host[key].shape, dtype)
            clslice.assign(image, key, cla.to_device(iqueue, value),
                           exact=True)
        else:
            value = rng.randint(0, 100)
            clslice.fill(image, key, value)
        host[key] = value
        assert (image.get() == host).all(), where


def test_an_image_value_and_framework_slices(rng, iqueue):
    host = _random_tensor(rng, (2, 4, 3, 6), np.float32)
    image = clslice.ImageTensor.to_device(iqueue, host, "phwc4")
    rows = clslice.ImageTensor.to_device(iqueue, host[:, :1], "phwc4")
    clslice.assign(image, np.s_[:, 2:3], rows)
    host[:, 2:3] = host[:, :1]
    assert (image.get() == host).all()
    got = clslice.tflite_strided_slice(image, [0, 1, 0, 1], [2, 4, 3, 6],
                                       [1, 2, 1, 2])
    assert (got.get() == host[:, 1:4:2, :, 1:6:2]).all()
    # a device array packed by the library: the same texels as the host
    t = clslice.ImageTensor.to_device(iqueue, cla.to_device(iqueue, host),
                                      "tflite_texture_2d")
    assert (t.get() == host).all()


def test_image_values_are_read_in_place_into_arrays_and_images(rng,
                                                               iqueue):
    """assign with an ImageTensor value (clslice_cl_scatter's
    value_image) into a pyopencl array, a strided view of one, or an
    image, broadcasting or exact; a value of another dtype or x's own
    image is read into a buffer first."""
    for i in range(CASES // 3):
        packing, dtype, shape, host, key = _case(rng, i)
        value_shape = host[key].shape
        if rng.random() < 0.5:  # broadcast along the first dim
            value_shape = (1,) + value_shape[1:]
        value_dtype = dtype if rng.random() < 0.7 else rng.choice(DTYPES)
        value = _random_tensor(rng, value_shape, value_dtype)
        image = clslice.ImageTensor.to_device(
            iqueue, value, rng.choice([p for p in PACKINGS
                                       if len(value_shape) == 4 or
                                       p != "nc4hw4"]))
        kind = rng.choice(["array", "view", "image"])
        where = _where(i, packing, dtype, shape, key) + \
            " x=%s value=%s %s %s" % (kind, image.packing, value_shape,
                                      np.dtype(value_dtype))
        if kind == "image":
            x = clslice.ImageTensor.to_device(iqueue, host, packing)
        elif kind == "view":
            wide = np.concatenate([host, host], axis=-1)
            x = cla.to_device(iqueue, wide)[..., ::2]
            host = wide[..., ::2].copy()
        else:
            x = cla.to_device(iqueue, host)
        assert clslice.assign(x, key, image) is x, where
        host[key] = value
        got = x.get() if kind != "view" else clslice.slice(x, "...").get()
        assert (got == host).all(), where
    # x's own image as the value: read whole first
    host = _random_tensor(rng, (2, 3, 4), np.float32)
    x = clslice.ImageTensor.to_device(iqueue, host, "phwc4")
    clslice.assign(x, "...", x)
    assert (x.get() == host).all()


def test_strided_views_opposite_images_match_numpy(rng, iqueue):
    """A strided pyopencl view read into an image, an image written into
    one and a strided value assigned into an image: the library takes the
    views' strides (clslice_cl_gather's and clslice_cl_scatter's strided
    buffer sides), and the bytes the views skip stay as they were."""
    wide = np.array([rng.uniform(-9, 9) for _ in range(4 * 6 * 8)],
                    np.float32).reshape(4, 6, 8)
    d = cla.to_device(iqueue, wide)
    view = d[..., ::2]
    assert not view.flags.c_contiguous
    img = clslice.ImageTensor.empty(iqueue, (3, 6, 4), np.float32, "phwc4")
    clslice.slice(view, "[1:, :, ::-1]", out=img)
    assert (img.get() == wide[..., ::2][1:, :, ::-1]).all()

    base = cla.zeros(iqueue, (3, 6, 8), np.float32)
    clslice.slice(img, "...", out=base[..., 1::2])
    got = base.get()
    assert (got[..., 1::2] == wide[..., ::2][1:, :, ::-1]).all()
    assert (got[..., ::2] == 0).all()

    clslice.assign(img, np.s_[:2, 1:], view[:2, 1:])
    expect = wide[..., ::2][1:, :, ::-1].copy()
    expect[:2, 1:] = wide[..., ::2][:2, 1:]
    assert (img.get() == expect).all()


def test_image_tensors_are_checked_by_name(iqueue):
    ctx = iqueue.context
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
    image = _create(ctx, cl.mem_flags.READ_WRITE, fmt, shape=(6, 4))
    with pytest.raises(ValueError, match=r"image is 6 x 4 texels; packing "
                       r"'nc4hw4' holds shape \(1, 5, 4, 4\) in 8 x 4"):
        clslice.ImageTensor(image, (1, 5, 4, 4))
    with pytest.raises(ValueError, match="packing must be one of"):
        clslice.ImageTensor(image, (1, 4, 3, 6), "nhwc")
    with pytest.raises(ValueError, match="rank 4 or an HWC tensor of rank 3"):
        clslice.ImageTensor(image, (4, 6), "phwc4")
    r_fmt = cl.ImageFormat(cl.channel_order.R, cl.channel_type.FLOAT)
    with pytest.raises(ValueError, match="image has format"):
        clslice.ImageTensor(_create(ctx, cl.mem_flags.READ_WRITE, r_fmt,
                                     shape=(6, 4)), (4, 6, 4), "phwc4")
    with pytest.raises(TypeError, match="image must be a pyopencl.Image"):
        clslice.ImageTensor(cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64),
                            (1, 4, 1, 1))
    with pytest.raises(TypeError, match="dtype int32"):
        clslice.ImageTensor.to_device(iqueue, np.zeros((1, 4, 1, 1),
                                                       np.int32))
    t = clslice.ImageTensor(image, (4, 6, 4), "phwc4", iqueue)
    assert t.dtype == np.float32 and t.ndim == 3 and t.size == 96
    with pytest.raises(TypeError, match="an ImageTensor holds its tensor"):
        np.asarray(t)
    with pytest.raises(TypeError, match="an ImageTensor holds its tensor"):
        clslice.slice_blocked(t, "[1:]")  # type: ignore[type-var]
    with pytest.raises(ValueError, match=r"not shape \(6, 4\).*pass out= "
                       r"a pyopencl array"):
        clslice.slice(t, "[0]")
    assert clslice.slice(t, "[0]", out=cla.empty(iqueue, (6, 4),
                                                 np.float32)).shape == (6, 4)
    with pytest.raises(ValueError, match="empty dimension"):
        clslice.slice(t, "[:0]")
    with pytest.raises(TypeError, match="allocator= makes buffers"):
        clslice.slice(t, "[1:]", allocator=clslice.memory_pool(ctx))
    with pytest.raises(ValueError, match=r"out has shape \(3, 6, 4\) and "
                       r"dtype float16"):
        clslice.slice(t, "[1:]", out=cla.empty(iqueue, (3, 6, 4),
                                               np.float16))
    half = clslice.ImageTensor.empty(iqueue, (3, 6, 4), np.float16, "phwc4")
    with pytest.raises(ValueError, match="out holds shape .* dtype float16"):
        clslice.slice(t, "[1:]", out=half)
    other = cl.Context([iqueue.device])
    elsewhere = clslice.ImageTensor.empty(cl.CommandQueue(other), (4, 6, 4),
                                          np.float32, "phwc4")
    with pytest.raises(ValueError, match="out belongs to another OpenCL "
                       "context than x"):
        clslice.slice(t, "...", out=elsewhere)
    with pytest.raises(ValueError, match="has no command queue; pass "
                       r"get\(queue=...\)"):
        clslice.ImageTensor(image, (4, 6, 4), "phwc4").get()
    with pytest.raises(TypeError, match=r"wait_for\[0\] must be a "
                       "pyopencl.Event"):
        clslice.slice(t, "[1:]", wait_for=[3])
    # the library's own check: an image that cannot be written
    ro = _create(ctx, cl.mem_flags.READ_ONLY, fmt, shape=(6, 4))
    with pytest.raises(clslice.ClsliceArgumentError, match="dst_image"):
        clslice.slice(t, "...", out=clslice.ImageTensor(ro, (4, 6, 4),
                                                        "phwc4"))


def _image1d(ctx, dtype, texels, flags=cl.mem_flags.READ_WRITE):
    """A 1-D buffer image of `texels` RGBA texels made as an engine makes
    one (cl.Image over its own buffer): (image, buffer)."""
    kind = {np.dtype(np.float32): cl.channel_type.FLOAT,
            np.dtype(np.float16): cl.channel_type.HALF_FLOAT,
            np.dtype(np.uint8): cl.channel_type.UNSIGNED_INT8}[
                np.dtype(dtype)]
    fmt = cl.ImageFormat(cl.channel_order.RGBA, kind)
    store = cl.Buffer(ctx, cl.mem_flags.READ_WRITE,
                      texels * 4 * np.dtype(dtype).itemsize)
    return _create(ctx, flags, fmt, shape=(texels,), buffer=store), store


def test_1d_buffer_images_match_numpy(rng, iqueue):
    """1-D buffer images (TFLite's IMAGE_BUFFER) as every side an
    ImageTensor takes: seeded random slices from and into them, writes
    and values, against numpy; their texels are the packing's row by
    row (the padding lanes zeros)."""
    for i in range(CASES // 3):
        packing, dtype, shape, host, key = _case(rng, i)
        want = host[key]
        where = _where(i, packing, dtype, shape, key)
        # an engine's own 1-D buffer image, its buffer written directly
        width, height = clslice.image_size(shape, packing)
        image, store = _image1d(iqueue.context, dtype, width * height)
        cl.enqueue_copy(iqueue, store, _image.pack(host, packing),
                        is_blocking=True)
        x = clslice.ImageTensor(image, shape, packing, iqueue)
        assert x.image1d_buffer and x.buffer.int_ptr == store.int_ptr
        assert (x.get() == host).all(), where
        # 1-D to 1-D: the default result is one too, written whole
        y = clslice.slice(x, key)
        assert y.image1d_buffer and y.packing == packing, where
        w, h = clslice.image_size(want.shape, packing)
        raw = np.empty((h, w, 4), dtype)
        cl.enqueue_copy(iqueue, raw, y.buffer, wait_for=y.events,
                        is_blocking=True)
        assert (raw == _image.pack(want, packing)).all(), where
        # 1-D to an array, any key; an array view into a 1-D image of
        # another packing
        key2 = random_key(rng, shape)
        out = clslice.slice(x, key2, out=cla.empty(iqueue, host[key2].shape,
                                                   dtype))
        assert (out.get() == host[key2]).all(), where
        other = PACKINGS[(i + 1) % 3]
        if len(want.shape) == 4 or other != "nc4hw4":
            target = clslice.ImageTensor.empty(iqueue, want.shape, dtype,
                                               other, image1d_buffer=True)
            clslice.slice(cla.to_device(iqueue, host)[key], "...",
                          out=target)
            assert (target.get() == want).all(), where + " into " + other
        # writes: a numpy value, then a 2-D image value into the 1-D x,
        # then x (1-D) as the value of a 2-D image
        value = _random_tensor(rng, want.shape, dtype)
        clslice.assign(x, key, value)
        host[key] = value
        assert (x.get() == host).all(), where
        value = _random_tensor(rng, want.shape, dtype)
        clslice.assign(x, key, clslice.ImageTensor.to_device(
            iqueue, value, packing))
        host[key] = value
        assert (x.get() == host).all(), where
        plain = clslice.ImageTensor.to_device(iqueue, host, packing)
        clslice.assign(plain, "...", x)
        assert (plain.get() == host).all(), where
        # 1-D to 2-D and back in one gather each (a 2-D stand-in)
        y2 = clslice.slice(x, key, out=clslice.ImageTensor.empty(
            iqueue, want.shape, dtype, packing))
        assert (y2.get() == host[key]).all(), where
        back = clslice.slice(y2, "...", out=clslice.ImageTensor.empty(
            iqueue, want.shape, dtype, other if len(want.shape) == 4 or
            other != "nc4hw4" else packing, image1d_buffer=True))
        assert (back.get() == host[key]).all(), where
        # to_device of a pyopencl array packs it on the device
        again = clslice.ImageTensor.to_device(
            iqueue, cla.to_device(iqueue, host), packing,
            image1d_buffer=True)
        assert again.image1d_buffer and (again.get() == host).all(), where


def test_1d_buffer_images_are_checked_by_name(iqueue):
    ctx = iqueue.context
    image, _store = _image1d(ctx, np.float32, 7)
    with pytest.raises(ValueError, match=r"image is a 1-D buffer image of 7 "
                       r"texels; packing 'nc4hw4' holds shape \(1, 5, 4, 4\) "
                       r"in 8 x 4 = 32, row by row"):
        clslice.ImageTensor(image, (1, 5, 4, 4))
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
    one_d = _create(ctx, cl.mem_flags.READ_WRITE, fmt, shape=(8,))
    with pytest.raises(ValueError, match="or a 1-D image over a buffer"):
        clslice.ImageTensor(one_d, (1, 4, 1, 8))
    host = np.arange(24, dtype=np.float32).reshape(1, 6, 2, 2)
    x = clslice.ImageTensor.to_device(iqueue, host, "nc4hw4",
                                      image1d_buffer=True)
    assert "image1d_buffer=True" in repr(x)
    # the library's own check, through the 1-D image's staging: a 2-D
    # image that cannot be written
    fmt2 = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
    ro = _create(ctx, cl.mem_flags.READ_ONLY, fmt2, shape=(4, 2))
    with pytest.raises(clslice.ClsliceArgumentError,
                       match="dst_image->image is CL_MEM_READ_ONLY"):
        clslice.slice(x, "...", out=clslice.ImageTensor(ro, (1, 6, 2, 2)))
