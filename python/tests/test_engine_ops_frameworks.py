# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The framework-named calls against the frameworks themselves: PyTorch
(narrow, indexing, chunk, split), JAX (lax.slice, dynamic_slice,
dynamic_update_slice), TensorFlow (tf.slice, tf.split), onnxruntime
(Split-13 and Split-18) and OpenVINO (Slice-8, SliceScatter-15, Split-1,
VariadicSplit-1).  Each test skips when its framework is not installed
(CI has none of them); where the framework refuses a case, clslice must
refuse it too, and where it accepts one the values must be equal.
Random cases are seeded by conftest's rng (CLSLICE_TEST_SEED); a few
seconds each when the framework is there, most of it the import."""
import numpy as np
import pytest

import clslice
from conftest import SEED

CASES = 200


def _array(rng, rank_max=3, size_max=6):
    shape = tuple(rng.randint(0, size_max)
                  for _ in range(rng.randint(1, rank_max)))
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


def _agree(theirs, ours, ctx):
    """theirs and ours are thunks: both fail, or both give equal pieces."""
    try:
        want = theirs()
    except Exception as exc:  # the framework's own exception classes
        with pytest.raises(clslice.ClsliceError):
            ours()
        return type(exc).__name__
    try:
        got = ours()
    except clslice.ClsliceError as exc:
        pytest.fail("%s: the framework accepts it, clslice says: %s"
                    % (ctx, exc))
    if isinstance(want, (list, tuple)):
        assert isinstance(got, list) and len(got) == len(want), ctx
    else:
        want, got = [want], [got]
    for w, g in zip(want, got):
        w = np.asarray(w)
        assert g.shape == w.shape and np.array_equal(g, w), ctx
    return None


def _ctx(i, **values):
    return "seed %d case %d: %r" % (SEED, i, values)


def test_torch(rng):
    torch = pytest.importorskip("torch")
    for i in range(CASES):
        x = _array(rng)
        t = torch.from_numpy(x)
        dim = rng.randint(-x.ndim, x.ndim - 1)
        start, length = rng.randint(-7, 7), rng.randint(-1, 7)
        _agree(lambda: t.narrow(dim, start, length).numpy(),
               lambda: clslice.narrow(x, dim, start, length),
               _ctx(i, shape=x.shape, dim=dim, start=start, length=length))
        k = rng.randint(0, 5)
        _agree(lambda: [p.numpy() for p in t.chunk(k, dim)],
               lambda: clslice.chunk(x, k, dim), _ctx(i, chunks=k, dim=dim))
        _agree(lambda: [p.numpy() for p in t.split(k, dim)],
               lambda: clslice.torch_split(x, k, dim),
               _ctx(i, split_size=k, dim=dim))
        sizes = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
        _agree(lambda: [p.numpy() for p in t.split(sizes, dim)],
               lambda: clslice.torch_split(x, sizes, dim),
               _ctx(i, sizes=sizes, dim=dim))
        items = [slice(rng.choice([None, rng.randint(-7, 7)]),
                       rng.choice([None, rng.randint(-7, 7)]),
                       rng.choice([None, 1, 2, 3, -1]))
                 for _ in range(rng.randint(0, x.ndim))]
        text = "[%s]" % ", ".join(
            "%s:%s:%s" % tuple("" if v is None else v
                               for v in (s.start, s.stop, s.step))
            for s in items)
        _agree(lambda: t[tuple(items)].numpy(),
               lambda: clslice.slice(x, clslice.Torch(text)),
               _ctx(i, shape=x.shape, index=text))


def test_jax(rng):
    lax = pytest.importorskip("jax.lax")
    for i in range(CASES // 4):  # each new shape compiles: ~0.1 s a case
        x = _array(rng)
        start = [rng.randint(-1, n + 1) for n in x.shape]
        limit = [rng.randint(-1, n + 1) for n in x.shape]
        strides = [rng.randint(1, 3) for _ in x.shape]
        _agree(lambda: lax.slice(x, start, limit, strides),
               lambda: clslice.xla_slice(x, start, limit, strides),
               _ctx(i, shape=x.shape, start=start, limit=limit))
        starts = [rng.randint(-9, 9) for _ in x.shape]
        sizes = [rng.randint(0, n) for n in x.shape]
        _agree(lambda: lax.dynamic_slice(x, starts, sizes),
               lambda: clslice.dynamic_slice(x, starts, sizes),
               _ctx(i, shape=x.shape, starts=starts, sizes=sizes))
        update = -np.ones(sizes, dtype=x.dtype)
        _agree(lambda: lax.dynamic_update_slice(x, update, starts),
               lambda: clslice.dynamic_update_slice(x.copy(), update,
                                                    starts),
               _ctx(i, shape=x.shape, starts=starts, update=sizes))


def test_tensorflow(rng):
    tf = pytest.importorskip("tensorflow")
    for i in range(CASES // 2):
        x = _array(rng)
        begin = [rng.randint(-1, n + 1) for n in x.shape]
        size = [rng.randint(-2, n + 1) for n in x.shape]
        _agree(lambda: tf.slice(x, begin, size).numpy(),
               lambda: clslice.tf_slice(x, begin, size),
               _ctx(i, shape=x.shape, begin=begin, size=size))
        axis = rng.randint(-x.ndim, x.ndim - 1)
        split = rng.choice([rng.randint(1, 4), [
            rng.randint(-1, 4) for _ in range(rng.randint(1, 3))]])
        _agree(lambda: [p.numpy() for p in tf.split(x, split, axis)],
               lambda: clslice.tf_split(x, split, axis),
               _ctx(i, shape=x.shape, split=split, axis=axis))


def _onnx_split(onnx, ort, x, axis, split, num_outputs, opset):
    from onnx import TensorProto, helper
    outputs = num_outputs if split is None else len(split)
    inputs = ["x"] + ([] if split is None else ["split"])
    attrs = {"axis": axis}
    if opset == 18 and split is None:
        attrs["num_outputs"] = num_outputs
    node = helper.make_node("Split", inputs,
                            ["y%d" % j for j in range(outputs)], **attrs)
    inits = [] if split is None else [helper.make_tensor(
        "split", TensorProto.INT64, [len(split)], split)]
    graph = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y%d" % j, TensorProto.FLOAT, None)
         for j in range(outputs)], inits)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    return session.run(None, {"x": x})


def test_onnxruntime(rng):
    ort = pytest.importorskip("onnxruntime")
    onnx = pytest.importorskip("onnx")
    ort.set_default_logger_severity(4)
    for i in range(CASES // 4):
        x = _array(rng)
        axis = rng.randint(-x.ndim, x.ndim - 1)
        opset = rng.choice([13, 18])
        if rng.randint(0, 1):
            split, k = None, rng.randint(1, 4)
        else:
            split, k = [rng.randint(0, 4)
                        for _ in range(rng.randint(1, 3))], None
        _agree(lambda: _onnx_split(onnx, ort, x, axis, split, k, opset),
               lambda: clslice.onnx_split(x, split, axis, k, opset),
               _ctx(i, shape=x.shape, axis=axis, split=split, k=k,
                    opset=opset))


def test_openvino(rng):
    ov = pytest.importorskip("openvino")
    from openvino import opset15 as ops
    core = ov.Core()

    def run(build, x, *more):
        params = [ops.parameter(a.shape, ov.Type.f32) for a in (x,) + more]
        node = build(*params)
        compiled = core.compile_model(ov.Model(node.outputs(), params),
                                      "CPU")
        result = compiled([x, *more])
        return [result[o] for o in compiled.outputs]

    def i64(values):
        return ops.constant(np.array(values, dtype=np.int64))

    for i in range(CASES // 4):
        x = _array(rng)
        k = rng.randint(1, x.ndim)
        axes = rng.sample(range(x.ndim), k)
        start = [rng.randint(-7, 7) for _ in axes]
        stop = [rng.randint(-7, 7) for _ in axes]
        step = [rng.choice([-2, -1, 1, 2]) for _ in axes]
        ctx = _ctx(i, shape=x.shape, start=start, stop=stop, step=step,
                   axes=axes)
        _agree(lambda: run(lambda p: ops.slice(p, i64(start), i64(stop),
                                               i64(step), i64(axes)), x)[0],
               lambda: clslice.openvino_slice(x, start, stop, step, axes),
               ctx)
        want = clslice.openvino_slice(x, start, stop, step, axes)
        updates = -1 - np.arange(want.size, dtype=x.dtype).reshape(
            want.shape)
        _agree(lambda: run(lambda p, u: ops.slice_scatter(
                   p, u, i64(start), i64(stop), i64(step), i64(axes)),
                   x, updates)[0],
               lambda: clslice.slice_scatter(x.copy(), updates, start, stop,
                                             step, axes), ctx)
        axis = rng.randint(-x.ndim, x.ndim - 1)
        n = rng.randint(1, 4)
        _agree(lambda: run(lambda p: ops.split(p, i64(axis), n), x),
               lambda: clslice.openvino_split(x, axis, n),
               _ctx(i, shape=x.shape, axis=axis, num_splits=n))
        lengths = [rng.randint(-1, 4) for _ in range(rng.randint(1, 3))]
        if lengths.count(-1) == 1 and \
                sum(lengths) + 1 > x.shape[axis]:
            # OpenVINO 2026.4 makes the -1 piece empty and reads the
            # others past the end of the axis; clslice refuses
            with pytest.raises(ValueError, match="sizes sum to"):
                clslice.variadic_split(x, axis, lengths)
            continue
        _agree(lambda: run(lambda p: ops.variadic_split(
                   p, i64(axis), i64(lengths)), x),
               lambda: clslice.variadic_split(x, axis, lengths),
               _ctx(i, shape=x.shape, axis=axis, lengths=lengths))
