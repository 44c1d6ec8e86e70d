# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""pyopencl's conventions on device calls: queue=, wait_for= and out=,
events attached to the array written, results from the input's allocator
or clslice's pool, errors that name the caller's argument, prepare(), and
the public names.  Skipped without pyopencl or a device."""
import numpy as np
import pytest

import clslice

cla = pytest.importorskip("pyopencl.array",
                          reason="pyopencl is not installed")
import pyopencl as cl  # noqa: E402
import pyopencl.tools as cl_tools  # noqa: E402

HOST = np.arange(48, dtype=np.float32).reshape(6, 8)
KEY = np.s_[::-2, 1:7]


@pytest.fixture(scope="module")
def other_queue(queue):
    """A second queue on the same context and device."""
    return cl.CommandQueue(queue.context)


@pytest.fixture(scope="module")
def other_context(queue):
    """A queue on a second context of the same device."""
    return cl.CommandQueue(cl.Context([queue.device]))


def _done(event):
    return (event.command_execution_status ==
            cl.command_execution_status.COMPLETE)


def test_queue_keyword_enqueues_there_and_results_carry_it(queue,
                                                           other_queue):
    d = cla.to_device(queue, HOST)
    r = clslice.slice(d, KEY, queue=other_queue)
    assert r.queue is other_queue
    assert np.array_equal(r.get(), HOST[KEY])
    pieces = clslice.split(d, 2, axis=1, queue=other_queue)
    assert all(p.queue is other_queue for p in pieces)
    clslice.fill(d, np.s_[0], 5.0, queue=other_queue)
    other_queue.finish()
    assert (d.get()[0] == 5).all()


def test_wait_for_holds_the_command_until_the_event(queue):
    d = cla.to_device(queue, HOST)
    queue.finish()
    gate = cl.UserEvent(queue.context)
    r = clslice.slice(d, KEY, wait_for=[gate])
    assert r.events and not _done(r.events[-1])
    y = clslice.assign(cla.zeros_like(d), np.s_[1:3], 2.0, wait_for=[gate])
    assert not _done(y.events[-1])
    gate.set_status(cl.command_execution_status.COMPLETE)
    assert np.array_equal(r.get(), HOST[KEY])
    assert y.get()[1:3].sum() == 2.0 * 16


def test_wait_for_entries_are_checked_by_name(queue, other_context):
    d = cla.to_device(queue, HOST)
    with pytest.raises(TypeError, match=r"wait_for\[1\]"):
        clslice.slice(d, KEY, wait_for=[cl.UserEvent(queue.context), 3])
    foreign = cl.UserEvent(other_context.context)
    with pytest.raises(clslice.ClsliceArgumentError) as info:
        clslice.slice(d, KEY, wait_for=[foreign])
    assert "wait_for[0]" in str(info.value)
    assert "event_wait_list" not in str(info.value)
    foreign.set_status(cl.command_execution_status.COMPLETE)


def test_arrays_of_another_context_are_named(queue, other_context):
    d = cla.to_device(queue, HOST)
    stranger = cla.to_device(other_context,
                             np.ascontiguousarray(HOST[:3, 1:7]))
    stranger.add_event(cl.enqueue_marker(other_context))
    with pytest.raises(ValueError, match="value belongs to another"):
        clslice.assign(d, KEY, stranger)
    with pytest.raises(ValueError, match="out belongs to another"):
        clslice.slice(d, KEY, out=stranger)
    with pytest.raises(ValueError, match="queue belongs to another"):
        clslice.slice(d, KEY, queue=other_context)
    with pytest.raises(TypeError, match="queue must be"):
        clslice.slice(d, KEY, queue=queue.context)


@pytest.mark.parametrize("layout", ["plain", "offset", "strided"])
def test_out_receives_the_slice_and_its_event(queue, layout):
    d = cla.to_device(queue, HOST)
    shape = HOST[KEY].shape
    if layout == "plain":
        out = cla.zeros(queue, shape, np.float32)
    elif layout == "offset":
        out = cla.zeros(queue, 40, np.float32)[4:4 + 18].reshape(shape)
    else:
        out = cla.zeros(queue, (shape[1], shape[0]), np.float32).T
    before = len(out.events)
    r = clslice.slice(d, KEY, out=out)
    assert r is out and len(out.events) == before + 1
    assert np.array_equal(out.get(), HOST[KEY])
    assert np.array_equal(clslice.onnx_slice(d, [1], [3], out=cla.empty(
        queue, (2, 8), np.float32)).get(), HOST[1:3])


def test_out_of_the_wrong_shape_or_dtype_is_refused(queue):
    d = cla.to_device(queue, HOST)
    with pytest.raises(ValueError, match=r"out has shape \(3, 5\)"):
        clslice.slice(d, KEY, out=cla.empty(queue, (3, 5), np.float32))
    with pytest.raises(ValueError, match="dtype float64"):
        clslice.slice(d, KEY, out=cla.empty(queue, (3, 6), np.float64))
    with pytest.raises(TypeError, match="pyopencl"):
        clslice.slice(d, KEY, out=np.empty((3, 6), np.float32))


def test_grad_and_csr_take_the_keywords(queue, other_queue):
    dy = cla.to_device(queue, np.ones((3, 6), np.float32))
    out = cla.empty(queue, (6, 8), np.float32)
    g = clslice.slice_grad((6, 8), dy, KEY, out=out, queue=other_queue)
    assert g is out
    expected = np.zeros((6, 8), np.float32)
    expected[KEY] = 1
    assert np.array_equal(g.get(), expected)
    sp = pytest.importorskip("scipy.sparse")
    m = sp.random(6, 8, density=0.4, format="csr", random_state=1)
    arrays = tuple(cla.to_device(queue, a) for a in (m.data, m.indices,
                                                     m.indptr))
    gate = cl.UserEvent(queue.context)
    gate.set_status(cl.command_execution_status.COMPLETE)
    (data, indices, indptr), shape = clslice.csr_slice(
        arrays, np.s_[1:5, ::-2], shape=m.shape, queue=other_queue,
        wait_for=[gate])
    got = sp.csr_matrix((data.get(), indices.get(), indptr.get()), shape)
    assert data.queue is other_queue
    assert (got != m[1:5, ::-2]).nnz == 0


def test_results_come_from_the_input_allocator_or_the_pool(queue):
    plain = cla.to_device(queue, HOST)
    assert plain.allocator is None
    pool = clslice.memory_pool(queue.context)
    assert isinstance(pool, cl_tools.MemoryPool)
    r = clslice.slice(plain, KEY)
    assert r.allocator is pool and pool.active_blocks >= 1
    assert clslice.split(plain, 2)[0].allocator is pool
    own = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(queue))
    mine = cla.to_device(queue, HOST, allocator=own)
    assert clslice.slice(mine, KEY).allocator is own
    del r
    clslice.release_runtimes()
    assert clslice.memory_pool(queue.context) is not pool
    assert np.array_equal(clslice.slice(plain, KEY).get(), HOST[KEY])


def test_prepare_builds_for_a_queue_or_a_context(queue):
    assert clslice.prepare(queue) is None
    clslice.prepare(queue.context, batch=False, index64=True)
    with pytest.raises(TypeError, match="Context or CommandQueue"):
        clslice.prepare("gpu")
    assert np.array_equal(clslice.split(cla.to_device(queue, HOST), 2)[1]
                          .get(), HOST[3:])


def test_prepare_passes_every_family_to_the_library(queue, monkeypatch):
    # What prepare() asks of clslice_runtime_prepare, keyword by keyword
    # (the numbers themselves are checked against clslice_cl.h in
    # test_lib_constants.py).
    from clslice import _cl, _lib
    asked = []
    real = _cl.lib

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def clslice_runtime_prepare(self, rt, device, flags, err):
            asked.append(flags)
            return real.clslice_runtime_prepare(rt, device, flags, err)

    monkeypatch.setattr(_cl, "lib", Spy())
    clslice.prepare(queue, batch=False, dynamic=True, blocked=True)
    clslice.prepare(queue, index64=True)
    try:
        clslice.prepare(queue, batch=False, image=True)
    except clslice.ClsliceArgumentError:
        assert not queue.device.image_support  # the next test's refusal
    assert asked == [_lib.PREPARE_DYNAMIC | _lib.PREPARE_BLOCKED,
                     _lib.PREPARE_INDEX64 | _lib.PREPARE_BATCH,
                     _lib.PREPARE_IMAGE]


def test_prepare_image_builds_or_names_the_flag(queue):
    # image=True builds the image program on a device with images (the
    # C test checks that the first image call then builds nothing; no
    # Python observable says so), and is refused by name on one without
    # them, before anything is built.
    if not queue.device.image_support:
        with pytest.raises(clslice.ClsliceArgumentError,
                           match="CLSLICE_PREPARE_IMAGE.*"
                           "CL_DEVICE_IMAGE_SUPPORT"):
            clslice.prepare(queue, batch=False, image=True)
        return
    assert clslice.prepare(queue.context, batch=False, image=True) is None
    host = np.arange(2 * 5 * 3 * 4, dtype=np.float32).reshape(2, 5, 3, 4)
    image = clslice.ImageTensor.to_device(queue, host, "nc4hw4")
    assert np.array_equal(clslice.slice(image, "[1:, ::2]").get(),
                          host[1:, ::2])


def test_device_assign_follows_numpy(queue):
    d = cla.to_device(queue, np.arange(5, dtype=np.int32))
    with pytest.raises(ValueError):
        clslice.assign(d, np.s_[5:], np.array([1, 2]))
    with pytest.raises(ValueError):
        clslice.assign(d, np.s_[2], np.array([7], np.int32))
    with pytest.raises(ValueError):
        clslice.assign(d, np.s_[2], cla.to_device(queue, np.array(
            [7], np.int32)))
    assert d.get().tolist() == [0, 1, 2, 3, 4]
    clslice.assign(d, np.s_[..., 2], np.array([7]))
    clslice.assign(d, np.s_[0:2], cla.to_device(queue, np.array(
        [[8, 9]], np.int32)))
    assert d.get().tolist() == [8, 9, 7, 3, 4]


def test_host_arrays_take_out_but_refuse_device_keywords(queue):
    out = np.empty((3, 6), np.float32)
    assert clslice.slice(HOST, KEY, out=out) is out
    assert np.array_equal(out, HOST[KEY])
    strided = np.zeros((6, 3), np.float32).T
    clslice.strided_slice(HOST, [5, 1], [0, 7], [-2, 1], out=strided)
    assert np.array_equal(strided, HOST[KEY])
    x = HOST.copy()
    clslice.slice(x, np.s_[:3, :6], out=x[1:4, 2:8])  # overlaps x
    expected = HOST.copy()
    expected[1:4, 2:8] = HOST[:3, :6]
    assert np.array_equal(x, expected)
    with pytest.raises(TypeError, match="pyopencl arrays"):
        clslice.slice(HOST, KEY, queue=queue)
    with pytest.raises(TypeError, match="pyopencl arrays"):
        clslice.assign(HOST.copy(), KEY, 1.0, wait_for=[])


def test_dir_shows_the_public_api_only():
    names = dir(clslice)
    assert "sys" not in names and "_np" not in names
    assert not [n for n in names if n.startswith("_") and
                n != "__version__"]
    for name in clslice.__all__:
        assert name in names and hasattr(clslice, name), name


class _CountingAllocator:
    """An allocator (pyopencl's protocol: bytes -> buffer) that counts."""

    def __init__(self, context):
        self.inner = cl_tools.ImmediateAllocator(cl.CommandQueue(context))
        self.calls = 0

    def __call__(self, nbytes):
        self.calls += 1
        return self.inner(nbytes)


def test_allocator_keyword_makes_every_new_device_result(queue):
    d = cla.to_device(queue, HOST)
    calls = [
        lambda a: clslice.slice(d, KEY, allocator=a),
        lambda a: clslice.strided_slice(d, [1], [5], allocator=a),
        lambda a: clslice.narrow(d, 1, 2, 3, allocator=a),
        lambda a: clslice.slice_many(d, [KEY, np.s_[1]], allocator=a)[0],
        lambda a: clslice.split(d, 2, axis=1, allocator=a)[1],
        lambda a: clslice.chunk(d, 3, allocator=a)[0],
        lambda a: clslice.concatenate([d, HOST], allocator=a),
        lambda a: clslice.stack([d, d], allocator=a),
        lambda a: clslice.slice_grad(HOST.shape, d[1:3], np.s_[1:3],
                                     allocator=a),
        lambda a: clslice.slice_blocked(d.reshape(6, 2, 4), np.s_[1:],
                                        blocked=(1, 4), allocator=a),
        lambda a: clslice.dynamic_slice(d, [1, -3], [2, 2], allocator=a),
    ]
    for i, call in enumerate(calls):
        allocator = _CountingAllocator(queue.context)
        result = call(allocator)
        assert allocator.calls >= 1, i
        assert result.allocator is allocator, i
    with pytest.raises(TypeError, match="allocator= apply to pyopencl"):
        clslice.slice(HOST, KEY, allocator=_CountingAllocator(queue.context))
    with pytest.raises(TypeError, match="out= and allocator= both"):
        clslice.slice(d, KEY, out=clslice.slice(d, KEY),
                      allocator=_CountingAllocator(queue.context))


def test_out_keyword_of_slice_many_and_split(queue):
    d = cla.to_device(queue, HOST)
    keys = [KEY, np.s_[1], np.s_[:0]]
    outs = [cla.empty(queue, HOST[k].shape, HOST.dtype) for k in keys]
    got = clslice.slice_many(d, keys, out=outs)
    assert all(g is o for g, o in zip(got, outs))
    for o, k in zip(outs, keys):
        assert np.array_equal(o.get(), HOST[k])
    # strided out= arrays: one call per piece, same answer
    wide = cla.zeros(queue, (6, 16), HOST.dtype)
    pieces = clslice.split(d, [3], axis=1, out=[wide[:, 0:6:2],
                                                wide[:, 8:13]])
    assert pieces[1].base_data is wide.base_data
    assert np.array_equal(wide.get()[:, 0:6:2], HOST[:, :3])
    assert np.array_equal(wide.get()[:, 8:13], HOST[:, 3:])
    good = cla.empty(queue, (6, 4), HOST.dtype)
    with pytest.raises(ValueError, match=r"out\[1\] has shape \(6, 3\)"):
        clslice.split(d, 2, axis=1, out=[good, cla.empty(queue, (6, 3),
                                                           HOST.dtype)])
    with pytest.raises(ValueError, match="out has 1 arrays for 2 pieces"):
        clslice.split(d, 2, axis=1, out=[good])
    # host arrays too, every out= checked before any is written
    host_outs = [np.full((6, 4), -1, HOST.dtype), np.zeros((6, 4), np.int8)]
    with pytest.raises(ValueError, match=r"out\[1\] has shape"):
        clslice.split(HOST, 2, axis=1, out=host_outs)
    assert (host_outs[0] == -1).all()
    host_outs[1] = np.empty((6, 4), HOST.dtype)
    for got, want in zip(clslice.split(HOST, 2, axis=1, out=host_outs),
                         np.split(HOST, 2, axis=1)):
        assert np.array_equal(got, want)
