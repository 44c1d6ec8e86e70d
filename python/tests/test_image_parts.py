# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Image-backed tensors in batches and concatenations: slice_many and
split of an ImageTensor or into ImageTensors (clslice_cl_gather_batch's
src_image / part_image), concatenate and stack of ImageTensors or into
one (clslice_cl_concat's part_image / dst_image), mixed with pyopencl
arrays and numpy arrays, seeded and against numpy; and their errors, by
name."""
import numpy as np
import pytest

import clslice
from conftest import SEED

cl = pytest.importorskip("pyopencl", reason="pyopencl is not installed")
cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")

CASES = 12
PACKINGS = ("nc4hw4", "phwc4", "tflite_texture_2d")
DTYPES = (np.float32, np.float16, np.uint8)


@pytest.fixture(scope="module")
def iqueue(queue):
    if not queue.device.image_support:
        pytest.skip("the OpenCL device has no image support")
    return queue


def _tensor(rng, shape, dtype):
    values = [rng.randint(0, 255) for _ in range(int(np.prod(shape)))]
    return np.array(values, dtype).reshape(shape)


def _packing(rng, rank):
    """A packing that holds a tensor of this rank (NC4HW4 rank 4 only)."""
    return rng.choice(PACKINGS if rank == 4 else PACKINGS[1:])


def _read(t):
    """A device result read back (a strided pyopencl view through a
    contiguous copy, which pyopencl's get() needs)."""
    if isinstance(t, cla.Array) and not t.flags.c_contiguous:
        t = clslice.slice(t, "...")
    return t.get()


def _holder(rng, queue, host, kinds):
    """host on the device as one of kinds, at random: "image" (a random
    packing of its rank), "image1d" (the same on a 1-D buffer image),
    "array", "view" (a reversed view of a larger array) or "numpy";
    returns (tensor, kind)."""
    kind = rng.choice(kinds)
    if kind in ("image", "image1d"):
        return clslice.ImageTensor.to_device(
            queue, host, _packing(rng, host.ndim),
            image1d_buffer=kind == "image1d"), kind
    if kind == "view":
        padded = np.concatenate([host, host], axis=-1)[..., ::-1]
        return cla.to_device(queue, np.ascontiguousarray(padded))[
            ..., host.shape[-1] - 1::-1], kind
    if kind == "array":
        return cla.to_device(queue, host), kind
    return host, kind


def _empty(rng, queue, shape, dtype, kinds):
    kind = rng.choice(kinds)
    if kind in ("image", "image1d"):
        return clslice.ImageTensor.empty(queue, shape, dtype,
                                         _packing(rng, len(shape)),
                                         kind == "image1d"), kind
    return cla.empty(queue, shape, dtype), kind


def _box(rng, d):
    a, b = sorted(rng.sample(range(d + 1), 2)) if d > 1 else (0, d)
    return slice(a, b, rng.choice([1, 1, 2]))


def test_batches_of_and_into_images_match_numpy(rng, iqueue):
    for i in range(CASES):
        dtype = DTYPES[i % 3]
        rank = rng.choice([3, 4])
        shape = tuple(rng.randint(1, 4) for _ in range(rank - 1)) + (
            rng.randint(1, 9),)
        host = _tensor(rng, shape, dtype)
        x, x_kind = _holder(rng, iqueue, host,
                            ["image", "image", "image1d", "array"])
        image_kinds = ["image", "image1d"]
        keys = [tuple(_box(rng, d) for d in shape)
                for _ in range(rng.randint(1, 3))]
        wants = [host[k] for k in keys]
        where = "seed=%d case=%d shape=%r dtype=%s x=%s keys=%r" % (
            SEED, i, shape, np.dtype(dtype), x_kind, keys)
        if x_kind != "array" and rng.random() < 0.4:
            # the default pieces of an image: images in its packing and
            # of its kind
            got = clslice.slice_many(x, keys)
            assert all(isinstance(g, clslice.ImageTensor) and
                       g.packing == x.packing and
                       g.image1d_buffer == x.image1d_buffer
                       for g in got), where
        else:
            outs = [_empty(rng, iqueue, w.shape, dtype,
                           image_kinds + ["array"]) for w in wants]
            if x_kind == "array" and all(k == "array" for _, k in outs):
                outs[0] = _empty(rng, iqueue, wants[0].shape, dtype,
                                 image_kinds)
            where += " outs=%r" % [k for _, k in outs]
            given = [o for o, _ in outs]
            got = clslice.slice_many(x, keys, out=given)
            assert all(g is o for g, o in zip(got, given)), where
        for g, w in zip(got, wants):
            assert (g.get() == w).all(), where
        # numpy.split of the image along a random axis
        if x_kind != "array":
            axis = rng.randrange(rank)
            sections = rng.choice([s for s in (1, 2, 3)
                                   if shape[axis] % s == 0])
            pieces = clslice.split(x, sections, axis=axis)
            for p, w in zip(pieces, np.split(host, sections, axis=axis)):
                assert (p.get() == w).all(), where + " axis=%d" % axis


def test_concatenations_with_images_match_numpy(rng, iqueue):
    for i in range(CASES):
        dtype = DTYPES[i % 3]
        rank = rng.choice([3, 4])
        base = [rng.randint(1, 3) for _ in range(rank - 1)] + [
            rng.randint(1, 7)]
        axis = rng.randrange(rank)
        hosts = []
        for _ in range(rng.randint(1, 3)):
            shape = list(base)
            shape[axis] = rng.randint(1, 4)
            hosts.append(_tensor(rng, tuple(shape), dtype))
        given = [_holder(rng, iqueue, h, ["image", "image", "image1d",
                                          "array", "view", "numpy"])
                 for h in hosts]
        arrays = [a for a, _ in given]
        kinds = [k for _, k in given]
        if "image" not in kinds and "image1d" not in kinds:
            arrays[0] = clslice.ImageTensor.to_device(
                iqueue, hosts[0], _packing(rng, rank))
            kinds[0] = "image"
        want = np.concatenate(hosts, axis=axis)
        out_kind = rng.choice(["none", "image", "image1d", "array"])
        where = ("seed=%d case=%d shapes=%r axis=%d dtype=%s inputs=%r "
                 "out=%s" % (SEED, i, [h.shape for h in hosts], axis,
                             np.dtype(dtype), kinds, out_kind))
        if out_kind == "none":
            got = clslice.concatenate(arrays, axis=axis)
            # images (and numpy arrays) alone give an image in the first
            # one's packing, any pyopencl array among them an array
            device_arrays = {"array", "view"} & set(kinds)
            assert isinstance(got, cla.Array if device_arrays
                              else clslice.ImageTensor), where
            if not device_arrays:
                first = next(a for a in arrays
                             if isinstance(a, clslice.ImageTensor))
                assert got.packing == first.packing and \
                    got.image1d_buffer == first.image1d_buffer, where
        else:
            out, _ = _empty(rng, iqueue, want.shape, dtype, [out_kind])
            assert clslice.concatenate(arrays, axis=axis, out=out) is out
            got = out
        assert (_read(got) == want).all(), where
        # numpy.stack of equal shapes, images among them: rank 3 gives
        # rank 4, which every packing holds; rank 4 needs an array out=
        same = [clslice.ImageTensor.to_device(iqueue, hosts[0],
                                              _packing(rng, rank)),
                hosts[0][::-1].copy()]
        stack_axis = rng.randrange(rank + 1)
        want = np.stack([hosts[0], hosts[0][::-1]], axis=stack_axis)
        if rank == 3:
            stacked = clslice.stack(same, axis=stack_axis)
            assert isinstance(stacked, clslice.ImageTensor), where
        else:
            stacked = clslice.stack(same, axis=stack_axis,
                                    out=cla.empty(iqueue, want.shape, dtype))
        assert (stacked.get() == want).all(), where + " stack axis=%d" % (
            stack_axis)


def test_image_joins_in_place_conversions_and_framework_splits(iqueue):
    host = np.arange(2 * 6 * 3 * 4, dtype=np.float32).reshape(2, 6, 3, 4)
    image = clslice.ImageTensor.to_device(iqueue, host, "nc4hw4")
    # out= one of the inputs: read whole before it is written, as numpy
    assert clslice.concatenate([image], axis=0, out=image) is image
    assert (image.get() == host).all()
    # an image of another dtype is read and converted (numpy's rules)
    half = clslice.ImageTensor.to_device(iqueue, host.astype(np.float16),
                                         "phwc4")
    joined = clslice.concatenate([half, cla.to_device(iqueue, host)],
                                 axis=3)
    assert joined.dtype == np.float32
    assert (joined.get() == np.concatenate([host, host], axis=3)).all()
    # axis=None of an image and an array: a flat pyopencl array
    flat = clslice.concatenate([image, cla.to_device(iqueue, host)],
                               axis=None)
    assert (flat.get() == np.concatenate([host.ravel(),
                                          host.ravel()])).all()
    # the frameworks' splits take images through the same batch
    pieces = clslice.torch_split(image, [1, 5], dim=1)
    assert [type(p) for p in pieces] == [clslice.ImageTensor] * 2
    assert (pieces[1].get() == host[:, 1:]).all()
    pieces = clslice.tf_split(image, 2, axis=0, out=[
        cla.empty(iqueue, (1, 6, 3, 4), np.float32),
        clslice.ImageTensor.empty(iqueue, (1, 6, 3, 4), np.float32,
                                  "tflite_texture_2d")])
    assert (pieces[0].get() == host[:1]).all()
    assert (pieces[1].get() == host[1:]).all()


def test_image_batches_and_joins_are_checked_by_name(iqueue):
    host = np.zeros((2, 6, 3, 4), np.float32)
    image = clslice.ImageTensor.to_device(iqueue, host, "nc4hw4")
    piece = (2, 3, 3, 4)
    with pytest.raises(clslice.ClsliceArgumentError,
                       match=r"part_image\[0\].image and src_image->image "
                       "are one image"):
        clslice.slice_many(image, ["..."], out=[image])
    with pytest.raises(ValueError, match=r"out\[1\] must be C-contiguous"):
        clslice.split(image, 2, axis=1, out=[
            cla.empty(iqueue, piece, np.float32),
            cla.empty(iqueue, (2, 3, 3, 8), np.float32)[..., ::2]])
    with pytest.raises(ValueError, match=r"out\[1\] holds shape .* dtype "
                       "uint8"):
        clslice.split(image, 2, axis=1, out=[
            cla.empty(iqueue, piece, np.float32),
            clslice.ImageTensor.empty(iqueue, piece, np.uint8, "phwc4")])
    with pytest.raises(ValueError, match=r"empty dimension.*pass out="):
        clslice.split(image, [0, 3], axis=1)
    with pytest.raises(TypeError, match="allocator= makes buffers"):
        clslice.split(image, 2, allocator=clslice.memory_pool(
            iqueue.context))
    with pytest.raises(TypeError, match="allocator= makes buffers"):
        clslice.concatenate([image, image], allocator=clslice.memory_pool(
            iqueue.context))
    with pytest.raises(ValueError, match=r"axis=None\) of image tensors is "
                       "1-D.*pass out= a pyopencl array"):
        clslice.concatenate([image, host], axis=None)
    with pytest.raises(ValueError, match=r"rank 4, not shape \(2, 2, 6, 3, "
                       r"4\); the concatenation of image tensors .* pass "
                       "out= a pyopencl array"):
        clslice.stack([image, image])
    other = cl.CommandQueue(cl.Context([iqueue.device]))
    with pytest.raises(ValueError, match=r"arrays\[1\] belongs to another "
                       r"OpenCL context than arrays\[0\]"):
        clslice.concatenate([image, clslice.ImageTensor.to_device(
            other, host, "nc4hw4")])
    with pytest.raises(TypeError, match=r"out must be a pyopencl.array.Array "
                       r"\(or an ImageTensor\)"):
        clslice.concatenate([image, image], out=np.zeros((4, 6, 3, 4)))
