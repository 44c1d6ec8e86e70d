# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl arrays in shared virtual memory (cl.SVM, SVMAllocation,
SVMAllocator / SVMPool), coarse- and fine-grained, through every call
that takes a device array: seeded random slices and writes against
numpy, the dynamic calls' SVM sides against the host, and the call
without SVM in the C library (the device CSR slice) refused by name."""
import numpy as np
import pytest

import clslice
from conftest import SEED
from keys import random_key

cl = pytest.importorskip("pyopencl", reason="pyopencl is not installed")
cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")
cl_tools = pytest.importorskip("pyopencl.tools",
                               reason="pyopencl is not installed")

CASES = 60


def _grains(queue):
    """The SVM kinds the device offers: (name, svm_mem_flags)."""
    try:
        caps = queue.device.svm_capabilities
    except (AttributeError, cl.Error):  # an OpenCL 1.x device
        return []
    kinds = []
    if caps & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER:
        kinds.append(("coarse", cl.svm_mem_flags.READ_WRITE))
    if caps & cl.device_svm_capabilities.FINE_GRAIN_BUFFER:
        kinds.append(("fine", cl.svm_mem_flags.READ_WRITE |
                      cl.svm_mem_flags.SVM_FINE_GRAIN_BUFFER))
    return kinds


@pytest.fixture(scope="module", params=["coarse", "fine"])
def svm(request, queue):
    """(queue, allocator) of one SVM kind; skips where the device lacks
    it."""
    if not hasattr(cl, "SVMPointer"):
        pytest.skip("pyopencl was built without SVM")
    kinds = dict(_grains(queue))
    if request.param not in kinds:
        pytest.skip("the OpenCL device has no %s-grained SVM"
                    % request.param)
    return queue, cl_tools.SVMAllocator(
        queue.context, flags=kinds[request.param], queue=queue)


def _host(rng, shape):
    return np.array([rng.randint(-99, 99) for _ in range(
        int(np.prod(shape)))], np.float32).reshape(shape)


def _shape(rng):
    return tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4)))


def test_random_slices_of_svm_arrays_match_numpy(rng, svm):
    queue, alloc = svm
    for i in range(CASES):
        host = _host(rng, _shape(rng))
        x = cla.to_device(queue, host, allocator=alloc)
        if rng.random() < 0.4:  # a strided view of the allocation
            step = rng.choice([-1, 2])
            x, host = x[::step], host[::step]
        key = random_key(rng, host.shape)
        where = "seed=%d case=%d shape=%r key=%r" % (SEED, i, host.shape,
                                                    key)
        y = clslice.slice(x, key)
        assert not y.size or isinstance(y.base_data, cl.SVMPointer), where
        assert (y.get() == host[key]).all(), where
        # into an SVM out= of the result's shape
        out = cla.empty(queue, host[key].shape, np.float32, allocator=alloc)
        assert clslice.slice(x, key, out=out) is out
        assert (out.get() == host[key]).all(), where


def test_svm_batches_concat_and_writes_match_numpy(rng, svm):
    queue, alloc = svm
    for i in range(CASES // 4):
        host = _host(rng, (4, rng.randint(2, 6), 3))
        x = cla.to_device(queue, host, allocator=alloc)
        where = "seed=%d case=%d shape=%r" % (SEED, i, host.shape)
        pieces = clslice.split(x, 2)
        assert all((p.get() == h).all() for p, h in
                   zip(pieces, np.split(host, 2))), where
        buffer_part = cla.to_device(queue, host[:1])
        joined = clslice.concatenate([x, buffer_part, pieces[1]], axis=0)
        assert (joined.get() == np.concatenate(
            [host, host[:1], host[2:]])).all(), where
        key = random_key(rng, host.shape)
        value = _host(rng, host[key].shape)
        clslice.assign(x, key, cla.to_device(queue, value,
                                             allocator=alloc))
        host[key] = value
        assert (x.get() == host).all(), where
        clslice.fill(x, np.s_[1:, ::2], 7)
        host[1:, ::2] = 7
        assert (x.get() == host).all(), where
        dy = cla.to_device(queue, np.ascontiguousarray(host[::2]),
                           allocator=alloc)
        grad = np.zeros_like(host)
        grad[::2] = host[::2]
        assert (clslice.slice_grad(host.shape, dy, "[::2]").get()
                == grad).all(), where


def test_svm_wrappers_of_numpy_memory(svm):
    """An svm_empty numpy array wrapped as pyopencl does (cl.SVM), and a
    raw SVMAllocation, as the data of arrays."""
    queue, _ = svm
    host = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    mem = cl.svm_empty(queue.context, cl.svm_mem_flags.READ_WRITE,
                       host.shape, host.dtype, queue=queue)
    cl.enqueue_copy(queue, cl.SVM(mem), host)  # blocking SVM memcpy
    x = cla.Array(queue, host.shape, host.dtype, data=cl.SVM(mem))
    # (pyopencl reads back an SVM array only as its whole allocation)
    raw = cl.SVMAllocation(queue.context, host.nbytes // 2, 0,
                           cl.svm_mem_flags.READ_WRITE, queue=queue)
    out = cla.Array(queue, (2, 3, 2), host.dtype, data=raw)
    assert clslice.slice(x, np.s_[::-1, :, 1::2], out=out) is out
    assert (out.get() == host[::-1, :, 1::2]).all()


def _placed(queue, host, alloc, in_svm, rng, view=False):
    """host on the device, in SVM (alloc) or in a buffer; in SVM with
    view=True, sometimes at an offset of a larger allocation (so the C
    call gets a pointer and an offset counted from it; pyopencl cannot
    read such a view back, so only for arrays the test never reads)."""
    if not in_svm:
        return cla.to_device(queue, host)
    if not view or rng.random() < 0.5:
        return cla.to_device(queue, host, allocator=alloc)
    lead = rng.randint(1, 3)
    whole = np.concatenate([np.full(lead, 77, host.dtype), host.ravel()])
    return cla.to_device(queue, whole, allocator=alloc)[lead:].reshape(
        host.shape)


def test_dynamic_calls_on_svm_arrays_match_the_host(rng, svm):
    """dynamic_slice / dynamic_update_slice with device starts, each of
    operand, start_indices and update in SVM or a buffer at random (the
    descriptor's src_svm, dst_svm and values_svm[0]), against the same
    calls with the starts on the host (the host executor)."""
    queue, alloc = svm
    for i in range(CASES // 3):
        host = _host(rng, _shape(rng))
        where_svm = [rng.random() < 0.6 for _ in range(3)]
        starts = [rng.randint(-5, 5) for _ in host.shape]
        sizes = [rng.randint(0, n) for n in host.shape]
        wraps = rng.choice([True, False, [rng.random() < 0.5
                                          for _ in host.shape]])
        index = rng.choice([np.int32, np.int64])
        where = ("seed=%d case=%d shape=%r svm(operand, starts, update)=%r "
                 "starts=%r sizes=%r wraps=%r %s"
                 % (SEED, i, host.shape, where_svm, starts, sizes, wraps,
                    index.__name__))
        x = _placed(queue, host, alloc, where_svm[0], rng)
        d_starts = _placed(queue, np.array(starts, index), alloc,
                           where_svm[1], rng, view=True)
        y = clslice.dynamic_slice(x, d_starts, sizes,
                                  allow_negative_indices=wraps)
        want = clslice.dynamic_slice(host, starts, sizes,
                                     allow_negative_indices=wraps)
        # the result comes from the operand's allocator: SVM for SVM
        assert not y.size or where_svm[0] == isinstance(
            y.base_data, cl.SVMPointer), where
        assert (y.get() == want).all(), where
        value = _host(rng, sizes)
        update = _placed(queue, value, alloc, where_svm[2], rng, view=True)
        assert clslice.dynamic_update_slice(
            x, update, d_starts, allow_negative_indices=wraps) is x
        clslice.dynamic_update_slice(host, value, starts,
                                     allow_negative_indices=wraps)
        assert (x.get() == host).all(), where


def test_dynamic_calls_read_svm_views_and_overlaps(svm):
    """A strided SVM operand (made contiguous first, in SVM), and an SVM
    update that is a view of the operand itself (read whole before the
    write, as JAX computes a new array)."""
    queue, alloc = svm
    host = np.arange(6 * 5, dtype=np.float32).reshape(6, 5)
    x = cla.to_device(queue, host, allocator=alloc)
    starts = cla.to_device(queue, np.array([1, -2], np.int64),
                           allocator=alloc)
    y = clslice.dynamic_slice(x[::2], starts, [2, 2])
    assert (y.get() == host[::2][1:3, 3:5]).all()
    clslice.dynamic_update_slice(x, x[:3, :3], starts)
    want = host.copy()
    want[1:4, 2:5] = host[:3, :3]
    assert (x.get() == want).all()


def test_dynamic_calls_name_a_short_svm_allocation(svm):
    """pyopencl lets an array claim more than its SVM allocation holds;
    the library's buffer checks see through the SVM members and name
    them."""
    queue, _ = svm
    raw = cl.SVMAllocation(queue.context, 16, 0,
                           cl.svm_mem_flags.READ_WRITE, queue=queue)
    x = cla.to_device(queue, np.zeros((4, 4), np.float32))
    short_starts = cla.Array(queue, (5,), np.int32, data=raw)[3:]
    with pytest.raises(clslice.ClsliceBufferError,
                       match=r"start_indices is too small.*"
                       r"\[start_indices is values_svm\[0\]: 16 bytes\]"):
        clslice.dynamic_slice(x, short_starts, [2, 2],
                              allow_negative_indices=False)
    short_x = cla.Array(queue, (4, 4), np.float32, data=raw)
    starts = cla.to_device(queue, np.array([1, 1], np.int32))
    with pytest.raises(clslice.ClsliceBufferError,
                       match=r"\[src.buffer is src_svm: 16 bytes\]"):
        clslice.dynamic_slice(short_x, starts, [2, 2])
    with pytest.raises(clslice.ClsliceBufferError,
                       match=r"\[dst.buffer is dst_svm: 16 bytes\]"):
        clslice.dynamic_update_slice(short_x, np.ones((2, 2), np.float32),
                                     starts)


def test_csr_slices_of_svm_arrays_match_scipy(rng, svm):
    """CSR matrices whose arrays lie in SVM, all or some of them (the
    others in buffers), sliced on the device (clslice_cl_csr_desc's
    in_svm and out_svm) against scipy on the host; the results come back
    in the allocator's memory."""
    sparse = pytest.importorskip("scipy.sparse")
    queue, alloc = svm
    for _ in range(12):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        dense = np.array([[rng.choice([0, 0, rng.randint(1, 9)])
                           for _ in range(cols)] for _ in range(rows)],
                         np.float32)
        m = sparse.csr_matrix(dense)
        index = rng.choice([np.int32, np.int64])
        host = (m.data, m.indices.astype(index), m.indptr.astype(index))
        arrays = tuple(
            cla.to_device(queue, a, allocator=alloc)
            if a.size and rng.random() < 0.7 else cla.to_device(queue, a)
            for a in host)
        key = "[%d:, ::%d]" % (rng.randint(0, rows - 1), rng.randint(1, 2))
        (data, indices, indptr), shape = clslice.csr_slice(
            arrays, key, shape=(rows, cols),
            allocator=alloc if rng.random() < 0.5 else None)
        want = m[eval("np.s_" + key)]
        got = sparse.csr_matrix((data.get(), indices.get(), indptr.get()),
                                shape=shape)
        assert shape == want.shape, key
        assert (got.toarray() == want.toarray()).all(), key


def test_calls_without_svm_refuse_svm_arrays_by_name(queue):
    if not hasattr(cl, "SVMPointer") or not _grains(queue):
        pytest.skip("no SVM here")
    alloc = cl_tools.SVMAllocator(queue.context,
                                  flags=cl.svm_mem_flags.READ_WRITE,
                                  queue=queue)
    x = cla.to_device(queue, np.zeros((4, 4), np.float32), allocator=alloc)
    # the library's own checks still apply to SVM sides: a value that
    # does not fit the slice
    with pytest.raises(clslice.ClsliceShapeError):
        clslice.assign(x, "[1:3]", cla.to_device(
            queue, np.zeros((3, 4), np.float32), allocator=alloc),
            exact=True)


def test_svm_pools_and_images_mix(svm):
    """Arrays from an SVMPool (PooledSVM), and SVM arrays on the buffer
    side of image calls (clslice_cl_gather / _scatter with an SVM member
    beside an image member)."""
    queue, alloc = svm
    host = np.arange(2 * 5 * 3 * 4, dtype=np.float32).reshape(2, 5, 3, 4)
    pooled = cla.to_device(queue, host, allocator=cl_tools.SVMPool(alloc))
    y = clslice.slice(pooled, "[1:, ::2]")
    assert isinstance(y.base_data, cl.SVMPointer)
    assert (y.get() == host[1:, ::2]).all()
    if not queue.device.image_support:
        return
    x = cla.to_device(queue, host, allocator=alloc)
    image = clslice.ImageTensor.empty(queue, (2, 5, 3, 2), np.float32,
                                      "nc4hw4")
    clslice.slice(x, "[..., ::2]", out=image)
    assert (image.get() == host[..., ::2]).all()
    out = cla.empty(queue, (5, 3, 2), np.float32, allocator=alloc)
    clslice.slice(image, "[1]", out=out)
    assert (out.get() == host[1, ..., ::2]).all()
    clslice.assign(image, "[0]", cla.to_device(
        queue, np.ones((5, 3, 2), np.float32), allocator=alloc))
    want = host[..., ::2].copy()
    want[0] = 1
    assert (image.get() == want).all()
