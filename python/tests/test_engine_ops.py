# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The framework-named calls (tflite_strided_slice, tf_slice, xla_slice,
dynamic_slice, dynamic_update_slice, openvino_slice, slice_scatter,
narrow and the split family) against references written from each
framework's documented rule in plain numpy (these run everywhere, ~3 s),
on pyopencl arrays where a device is there, and against the frameworks
themselves where they are installed (test_engine_ops_frameworks.py).
Random cases are seeded by conftest's rng (CLSLICE_TEST_SEED)."""
import numpy as np
import pytest

import clslice
from conftest import SEED

CASES = 300


def _array(rng, rank_max=3, size_max=5):
    shape = tuple(rng.randint(0, size_max)
                  for _ in range(rng.randint(1, rank_max)))
    return np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)


def _ctx(i, **values):
    return "seed %d case %d: %r" % (SEED, i, values)


# --- references -----------------------------------------------------------

def _onnx_indices(n, start, stop, step):
    """ONNX Slice's (and OpenVINO Slice-8's) indices on a dimension of n:
    wrap once, then clamp by the step's sign."""
    start += n if start < 0 else 0
    stop += n if stop < 0 else 0
    if step > 0:
        start, stop = min(max(start, 0), n), min(max(stop, 0), n)
    else:
        start, stop = min(max(start, 0), n - 1), min(max(stop, -1), n - 1)
    return list(range(start, stop, step))


def _pieces_by_sizes(x, axis, sizes):
    return np.split(x, np.cumsum(sizes)[:-1], axis=axis)


def _same_pieces(got, want, ctx):
    assert len(got) == len(want), ctx
    for g, w in zip(got, want):
        assert g.shape == w.shape and np.array_equal(g, w), ctx


# --- slices ---------------------------------------------------------------

def test_tf_slice_against_rule(rng):
    for i in range(CASES):
        x = _array(rng)
        begin = [rng.randint(-1, n + 1) for n in x.shape]
        size = [rng.randint(-2, n + 1) for n in x.shape]
        ctx = _ctx(i, shape=x.shape, begin=begin, size=size)
        ends = [n if s == -1 else b + s
                for n, b, s in zip(x.shape, begin, size)]
        valid = all(0 <= b <= n and (s == -1 or 0 <= s and b + s <= n)
                    for n, b, s in zip(x.shape, begin, size))
        if not valid:
            with pytest.raises(IndexError, match=r"begin|size"):
                clslice.tf_slice(x, begin, size)
            continue
        want = x[tuple(slice(b, e) for b, e in zip(begin, ends))]
        got = clslice.tf_slice(x, begin, size)
        assert got.shape == want.shape and np.array_equal(got, want), ctx


def test_xla_slice_and_dynamic_slice_against_rule(rng):
    for i in range(CASES):
        x = _array(rng)
        start = [rng.randint(0, n) for n in x.shape]
        limit = [rng.randint(s, n) for s, n in zip(start, x.shape)]
        strides = [rng.randint(1, 3) for _ in x.shape]
        want = x[tuple(slice(s, e, k)
                       for s, e, k in zip(start, limit, strides))]
        got = clslice.xla_slice(x, start, limit, strides)
        ctx = _ctx(i, shape=x.shape, start=start, limit=limit)
        assert np.array_equal(got, want) and got.shape == want.shape, ctx
        # dynamic_slice: any start, clamped so that the window fits
        sizes = [rng.randint(0, n) for n in x.shape]
        starts = [rng.randint(-9, 9) for _ in x.shape]
        ctx = _ctx(i, shape=x.shape, starts=starts, sizes=sizes)
        for wrap in (False, True):
            clamped = [min(max(s + (n if wrap and s < 0 else 0), 0), n - k)
                       for s, n, k in zip(starts, x.shape, sizes)]
            want = x[tuple(slice(s, s + k)
                           for s, k in zip(clamped, sizes))]
            got = clslice.dynamic_slice(x, starts, sizes,
                                        allow_negative_indices=wrap)
            assert np.array_equal(got, want), ctx
            assert got.shape == want.shape, ctx


def test_xla_refusals_name_the_argument():
    x = np.zeros((4, 5))
    with pytest.raises(IndexError, match=r"limit_indices\[1\] = 6"):
        clslice.xla_slice(x, [0, 0], [4, 6])
    with pytest.raises(ValueError, match=r"strides\[0\] = 0"):
        clslice.xla_slice(x, [0, 0], [4, 5], [0, 1])
    with pytest.raises(ValueError, match="limit_indices has 1 entries but "
                                         "start_indices has 2"):
        clslice.xla_slice(x, [0, 0], [4])
    with pytest.raises(IndexError, match=r"slice_sizes\[0\] = 5 exceeds"):
        clslice.dynamic_slice(x, [0, 0], [5, 1])


def test_dynamic_update_slice_against_rule(rng):
    for i in range(CASES):
        x = _array(rng)
        update_shape = tuple(rng.randint(0, n) for n in x.shape)
        update = -1 - np.arange(int(np.prod(update_shape)),
                                dtype=x.dtype).reshape(update_shape)
        starts = [rng.randint(-9, 9) for _ in x.shape]
        clamped = [min(max(s + (n if s < 0 else 0), 0), n - k)
                   for s, n, k in zip(starts, x.shape, update_shape)]
        want = x.copy()
        want[tuple(slice(s, s + k)
                   for s, k in zip(clamped, update_shape))] = update
        got = x.copy()
        assert clslice.dynamic_update_slice(got, update, starts) is got
        assert np.array_equal(got, want), _ctx(i, shape=x.shape,
                                               starts=starts)


def test_openvino_slice_and_scatter_against_rule(rng):
    for i in range(CASES):
        x = _array(rng)
        k = rng.randint(1, x.ndim)
        axes = rng.sample(range(x.ndim), k)
        start = [rng.randint(-7, 7) for _ in axes]
        stop = [rng.choice([rng.randint(-7, 7), 2**63 - 1, -2**63])
                for _ in axes]
        step = [rng.choice([-2, -1, 1, 2, 3]) for _ in axes]
        index = [np.arange(n) for n in x.shape]
        for a, s, e, k_ in zip(axes, start, stop, step):
            index[a] = np.array(_onnx_indices(x.shape[a], s, e, k_),
                                dtype=np.intp)
        want = x[np.ix_(*index)]
        ctx = _ctx(i, shape=x.shape, start=start, stop=stop, step=step,
                   axes=axes)
        got = clslice.openvino_slice(x, start, stop, step, axes)
        assert got.shape == want.shape and np.array_equal(got, want), ctx
        updates = -1 - np.arange(want.size, dtype=x.dtype).reshape(
            want.shape)
        expect = x.copy()
        expect[np.ix_(*index)] = updates
        written = x.copy()
        clslice.slice_scatter(written, updates, start, stop, step, axes)
        assert np.array_equal(written, expect), ctx


def test_narrow_and_tflite():
    x = np.arange(60).reshape(4, 5, 3)
    assert np.array_equal(clslice.narrow(x, 1, -2, 2), x[:, 3:5])
    assert np.array_equal(clslice.narrow(x, -1, 0, 0), x[..., :0])
    with pytest.raises(IndexError, match=r"start \(4\) \+ length \(2\) "
                                         "exceeds dimension 1 of size 5"):
        clslice.narrow(x, 1, 4, 2)
    # offset: each end counts from its begin, wrapped and clamped as an
    # end is; without it TFLite is tf.strided_slice
    assert np.array_equal(
        clslice.tflite_strided_slice(x, [1, -3], [2, 2], offset=True),
        x[1:3, 2:4])
    assert np.array_equal(
        clslice.tflite_strided_slice(x, [1, 0], [-1, 5], [1, 2],
                                     shrink_axis_mask=1), x[1, 0:5:2])
    with pytest.raises(ValueError, match=r"end\[0\] = -2147483649 is "
                                         "outside int32"):
        clslice.tflite_strided_slice(x, [0], [-2**31 - 1])
    with pytest.raises(clslice.ClsliceError):
        clslice.tflite_strided_slice(np.zeros((1,) * 6), [0], [1])


# --- splits ---------------------------------------------------------------

def _split_case(rng):
    x = _array(rng, size_max=9)
    axis = rng.randint(-x.ndim, x.ndim - 1)
    return x, axis, x.shape[axis]


def test_splits_against_rules(rng):
    for i in range(CASES):
        x, axis, n = _split_case(rng)
        k = rng.randint(1, 5)
        ctx = _ctx(i, shape=x.shape, axis=axis, k=k)
        # torch.chunk: ceil(n / k) each, possibly fewer pieces
        each = -(-n // k)
        want = ([x.take([], axis)] * k if n == 0
                else _pieces_by_sizes(x, axis, [each] * (n // each)
                                      + ([n % each] if n % each else [])))
        _same_pieces(clslice.chunk(x, k, axis), want, ctx)
        # torch.split with a size: pieces of k, the last smaller
        sizes = [k] * (n // k) + ([n % k] if n % k else [])
        _same_pieces(clslice.torch_split(x, k, axis),
                     _pieces_by_sizes(x, axis, sizes or [0]), ctx)
        # the divisible splits: tf, OpenVINO Split-1, ONNX 13
        even = [
            lambda: clslice.tf_split(x, k, axis),
            lambda: clslice.openvino_split(x, axis, k),
            lambda: clslice.onnx_split(x, axis=axis, num_outputs=k,
                                       opset=13)]
        for call in even:
            if n % k:
                with pytest.raises(ValueError, match="does not divide"):
                    call()
            else:
                _same_pieces(call(), np.split(x, k, axis), ctx)
        # ONNX 18: ceil(n / k) each, the last what is left (not below 0)
        if each * (k - 1) <= n:
            sizes = [each] * (k - 1) + [n - each * (k - 1)]
            _same_pieces(clslice.onnx_split(x, axis=axis, num_outputs=k),
                         _pieces_by_sizes(x, axis, sizes), ctx)
        else:
            with pytest.raises(ValueError, match="num_outputs"):
                clslice.onnx_split(x, axis=axis, num_outputs=k)


def test_size_lists_against_rules(rng):
    for i in range(CASES):
        x, axis, n = _split_case(rng)
        cuts = sorted(rng.randint(0, n) for _ in range(rng.randint(0, 3)))
        sizes = np.diff([0] + cuts + [n]).tolist()
        ctx = _ctx(i, shape=x.shape, axis=axis, sizes=sizes)
        want = _pieces_by_sizes(x, axis, sizes)
        inferred = list(sizes)
        inferred[rng.randrange(len(sizes))] = -1
        # TensorFlow refuses -1 as the one output's size (SplitV's check)
        _same_pieces(clslice.tf_split(x, inferred if len(sizes) > 1
                                      else sizes, axis), want, ctx)
        _same_pieces(clslice.variadic_split(x, axis, inferred), want, ctx)
        _same_pieces(clslice.torch_split(x, sizes, axis), want, ctx)
        _same_pieces(clslice.onnx_split(x, sizes, axis), want, ctx)
        wrong = sizes + [1]
        for call in (lambda: clslice.tf_split(x, wrong, axis),
                     lambda: clslice.variadic_split(x, axis, wrong),
                     lambda: clslice.onnx_split(x, wrong, axis)):
            with pytest.raises(ValueError, match="sum to %d" % (n + 1)):
                call()


def test_split_arguments():
    x = np.zeros((4, 6))
    with pytest.raises(ValueError, match="exactly one of split and "
                                         "num_outputs"):
        clslice.onnx_split(x)
    with pytest.raises(ValueError, match="opset = 11"):
        clslice.onnx_split(x, num_outputs=2, opset=11)
    with pytest.raises(TypeError, match="num_or_size_splits"):
        clslice.tf_split(x, 1.5)
    with pytest.raises(ValueError, match="with one output its size must "
                                         "be the input's"):
        clslice.tf_split(x, [-1])
    with pytest.raises(ValueError, match=r"split_lengths\[1\] = -1"):
        clslice.variadic_split(x, 0, [-1, -1])
    with pytest.raises(clslice.ClsliceError, match="axis"):
        clslice.chunk(x, 2, 2)


# --- shapes and devices ----------------------------------------------------

def test_specs_give_shapes_with_unknown_dims():
    assert clslice.shape((4, None, 3), clslice.DynamicSlice(
        [0, 0, 0], [1, 2, 3])) == (1, 2, 3)
    assert clslice.shape((None, 5), clslice.Narrow(1, 1, 2)) == (None, 2)
    assert clslice.shape((4, 5), clslice.Torch("[..., ::2, ...]")) == (4, 3)
    with pytest.raises(ValueError, match="step greater than zero"):
        clslice.shape((4,), clslice.Torch("[::-1]"))


def test_device_arrays(queue, rng):
    import pyopencl.array as cla
    x = np.arange(4 * 5 * 3, dtype=np.float32).reshape(4, 5, 3)
    d = cla.to_device(queue, x)
    assert np.array_equal(clslice.dynamic_slice(d, [3, 9, -4],
                                                [2, 2, 2]).get(),
                          x[2:4, 3:5, 0:2])
    assert np.array_equal(clslice.dynamic_slice(
        d, [3, 9, -4], [2, 2, 2], allow_negative_indices=False).get(),
        x[2:4, 3:5, 0:2])
    assert np.array_equal(clslice.dynamic_slice(d, [0, -3, 0],
                                                [1, 2, 1]).get(),
                          x[0:1, 2:4, 0:1])
    assert np.array_equal(clslice.openvino_slice(d, [-1], [-100], [-2],
                                                 [1]).get(), x[:, ::-2])
    got = [p.get() for p in clslice.chunk(d, 4, 1)]
    _same_pieces(got, np.array_split(x, [2, 4], 1), "chunk on the device")
    update = -np.ones((2, 3, 3), dtype=np.float32)
    clslice.dynamic_update_slice(d, update, [1, 9, 0])
    want = x.copy()
    want[1:3, 2:5] = -1
    assert np.array_equal(d.get(), want)


def test_device_resident_dynamic_slices(queue, rng):
    """start_indices in a pyopencl array: clamped on the device, and the
    call enqueues behind the starts' producer without waiting for it."""
    import pyopencl as cl
    import pyopencl.array as cla
    for i in range(40):
        x = _array(rng)
        d = cla.to_device(queue, x)
        sizes = [rng.randint(0, n) for n in x.shape]
        starts = [rng.randint(-9, 9) for _ in x.shape]
        dtype = rng.choice([np.int32, np.int64])
        ctx = _ctx(i, shape=x.shape, starts=starts, sizes=sizes)
        # the starts' upload is held behind a user event: a call that
        # waited for the host would hang here instead of returning
        gate = cl.UserEvent(queue.context)
        on_device = cla.empty(queue, len(starts), dtype)
        host = np.array(starts, dtype=dtype)
        on_device.add_event(cl.enqueue_copy(queue, on_device.data, host,
                                            wait_for=[gate],
                                            is_blocking=False))
        got = clslice.dynamic_slice(d, on_device, sizes,
                                    allow_negative_indices=False)
        gate.set_status(cl.command_execution_status.COMPLETE)
        want = clslice.dynamic_slice(x, starts, sizes,
                                     allow_negative_indices=False)
        assert np.array_equal(got.get(), want), ctx
        update = (-1 - np.arange(int(np.prod(sizes)))).astype(
            x.dtype).reshape(sizes)
        clslice.dynamic_update_slice(d, cla.to_device(queue, update),
                                     on_device, allow_negative_indices=False)
        expect = clslice.dynamic_update_slice(
            x.copy(), update, starts, allow_negative_indices=False)
        assert np.array_equal(d.get(), expect), ctx


def test_device_resident_arguments(queue):
    import pyopencl.array as cla
    d = cla.to_device(queue, np.zeros((4, 5), np.float32))
    starts = cla.to_device(queue, np.array([1, 2], np.int64))
    with pytest.raises(ValueError, match="allow_negative_indices has 3"):
        clslice.dynamic_slice(d, starts, [1, 1],
                              allow_negative_indices=[True] * 3)
    with pytest.raises(TypeError, match="operand on the device"):
        clslice.dynamic_slice(np.zeros((4, 5)), starts, [1, 1],
                              allow_negative_indices=False)
    with pytest.raises(TypeError, match="int32 or int64"):
        clslice.dynamic_slice(d, starts.astype(np.float32), [1, 1],
                              allow_negative_indices=False)
    with pytest.raises(ValueError, match="start_indices has 1 entries"):
        clslice.dynamic_slice(d, starts[:1], [1, 1],
                              allow_negative_indices=False)
    with pytest.raises(IndexError, match=r"slice_sizes\[1\] = 6"):
        clslice.dynamic_slice(d, starts, [1, 6],
                              allow_negative_indices=False)
