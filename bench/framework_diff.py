# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Random differential of clslice's newer front-ends against the real
frameworks (not part of CI: the frameworks are large).

Each op draws seeded random cases on small shapes, runs the framework on
an arange input and clslice's plan through clslice_host_gather (or
clslice_host_scatter for the writes), and counts agreements: the same
values and shape, or both rejecting the spec.  Every disagreement is
printed.

Usage: python bench/framework_diff.py LIBCLSLICE.so [--cases N] [--seed S]
       [--only op,op]
Needs numpy and, per op, tensorflow (tf.slice, TFLite), jax, torch,
onnx + onnxruntime, openvino; an op whose framework does not import is
skipped and says so.
"""
import argparse
import ctypes as C
import json
import random
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")

I64P = C.POINTER(C.c_int64)
I32P = C.POINTER(C.c_int32)


class Error(C.Structure):
    _fields_ = [("status", C.c_int), ("message", C.c_char * 512),
                ("opencl_code", C.c_int32)]


class TfliteSpec(C.Structure):
    _fields_ = [("begin", I32P), ("begin_len", C.c_size_t),
                ("end", I32P), ("end_len", C.c_size_t),
                ("strides", I32P), ("strides_len", C.c_size_t),
                ("begin_mask", C.c_int32), ("end_mask", C.c_int32),
                ("ellipsis_mask", C.c_int32), ("new_axis_mask", C.c_int32),
                ("shrink_axis_mask", C.c_int32), ("offset", C.c_int)]


class SplitSpec(C.Structure):
    _fields_ = [("style", C.c_int), ("axis", C.c_int64),
                ("number", C.c_int64), ("list", I64P),
                ("list_len", C.c_size_t)]


SPLIT = {"numpy": 0, "numpy_array": 1, "tf": 2, "onnx13": 3, "onnx18": 4,
         "openvino": 5, "openvino_variadic": 6, "torch": 7, "torch_chunk": 8}


def i64(values):
    return (C.c_int64 * max(len(values), 1))(*values)


def i32(values):
    return (C.c_int32 * max(len(values), 1))(*values)


class Lib:
    def __init__(self, path):
        self.lib = C.CDLL(path)

    def _plan(self, fn, *args):
        plan = C.c_void_p()
        err = Error()
        st = fn(*args, C.byref(plan), C.byref(err))
        if st != 0:
            return None, err.message.decode()
        return plan, None

    def shape(self, plan):
        rank = self.lib.clslice_plan_output_rank(plan)
        out = (C.c_int64 * 33)()
        self.lib.clslice_plan_output_shape(plan, out)
        return tuple(out[:rank])

    def gather(self, plan, x):
        """The plan's slice of x (int64, C order), or (None, message)."""
        if plan is None:
            return None
        shape = self.shape(plan)
        out = np.zeros(shape, dtype=np.int64)
        err = Error()
        st = self.lib.clslice_host_gather(
            plan, C.c_size_t(8), x.ctypes.data_as(C.c_void_p),
            C.c_size_t(x.nbytes), out.ctypes.data_as(C.c_void_p),
            C.c_size_t(out.nbytes), C.byref(err))
        self.lib.clslice_plan_release(C.byref(plan))
        assert st == 0, err.message
        return out

    def scatter(self, plan, x, update):
        """x with update written into the plan's window (exact rule)."""
        if plan is None:
            return None
        dst = x.copy()
        ushape = i64(update.shape)
        err = Error()
        st = self.lib.clslice_host_scatter(
            plan, C.c_size_t(8), update.ctypes.data_as(C.c_void_p), ushape,
            C.c_int(update.ndim), C.c_size_t(update.nbytes),
            C.c_int(1), dst.ctypes.data_as(C.c_void_p),
            C.c_size_t(dst.nbytes), C.byref(err))
        self.lib.clslice_plan_release(C.byref(plan))
        if st != 0:
            return None
        return dst

    def shp(self, x):
        return i64(x.shape), C.c_int(x.ndim)

    def tflite(self, x, begin, end, strides, masks, offset=0):
        spec = TfliteSpec(i32(begin), len(begin), i32(end), len(end),
                          i32(strides), len(strides), *masks, offset)
        return self._plan(self.lib.clslice_plan_tflite, *self.shp(x),
                          C.byref(spec))

    def tf_slice(self, x, begin, size):
        return self._plan(self.lib.clslice_plan_tf_slice, *self.shp(x),
                          i64(begin), C.c_size_t(len(begin)), i64(size),
                          C.c_size_t(len(size)))

    def xla_slice(self, x, start, limit, strides):
        return self._plan(self.lib.clslice_plan_xla_slice, *self.shp(x),
                          i64(start), i64(limit), i64(strides),
                          C.c_size_t(len(start)))

    def dynamic_slice(self, x, starts, sizes):
        return self._plan(self.lib.clslice_plan_dynamic_slice, *self.shp(x),
                          i64(starts), i64(sizes), C.c_size_t(len(starts)))

    def dynamic_update_slice(self, x, ushape, starts):
        return self._plan(self.lib.clslice_plan_dynamic_update_slice,
                          *self.shp(x), i64(ushape), C.c_int(len(ushape)),
                          i64(starts), C.c_size_t(len(starts)))

    def ov_slice(self, x, start, stop, step, axes):
        return self._plan(self.lib.clslice_plan_openvino_slice, *self.shp(x),
                          i64(start), C.c_size_t(len(start)), i64(stop),
                          C.c_size_t(len(stop)), i64(step),
                          C.c_size_t(len(step)),
                          i64(axes) if axes is not None else None,
                          C.c_size_t(len(axes) if axes is not None else 0))

    def narrow(self, x, dim, start, length):
        return self._plan(self.lib.clslice_plan_torch_narrow, *self.shp(x),
                          C.c_int64(dim), C.c_int64(start),
                          C.c_int64(length))

    def torch_index(self, x, expr):
        return self._plan(self.lib.clslice_plan_torch_index, *self.shp(x),
                          C.c_char_p(expr.encode()))

    def split(self, shape, style, axis, number, lst):
        spec = SplitSpec(SPLIT[style], axis, number,
                         i64(lst) if lst is not None else None,
                         len(lst) if lst is not None else 0)
        count = C.c_size_t()
        err = Error()
        st = self.lib.clslice_split_ranges(i64(shape), C.c_int(len(shape)),
                                           C.byref(spec), None, None,
                                           C.c_size_t(0), C.byref(count),
                                           C.byref(err))
        if st != 0:
            return None
        n = count.value
        starts, sizes = (C.c_int64 * max(n, 1))(), (C.c_int64 * max(n, 1))()
        st = self.lib.clslice_split_ranges(i64(shape), C.c_int(len(shape)),
                                           C.byref(spec), starts, sizes,
                                           C.c_size_t(n), C.byref(count),
                                           C.byref(err))
        assert st == 0, err.message
        return [(starts[i], sizes[i]) for i in range(n)]


# ---- random specs ------------------------------------------------------

def rand_shape(rng, rank_lo=1, rank_hi=4, dim_hi=5):
    return tuple(rng.randint(0, dim_hi) for _ in range(rng.randint(rank_lo,
                                                                    rank_hi)))


def arange(shape):
    return np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)


class Tally:
    def __init__(self, name):
        self.name, self.cases, self.agree, self.both_reject = name, 0, 0, 0
        self.disagreements = []

    def add(self, what, fw, cs):
        """fw, cs: arrays (or lists of arrays), or None for a rejection."""
        self.cases += 1
        if fw is None and cs is None:
            self.agree += 1
            self.both_reject += 1
            return
        if fw is not None and cs is not None and same(fw, cs):
            self.agree += 1
            return
        self.disagreements.append(
            {"case": what, "framework": summary(fw), "clslice": summary(cs)})


def same(a, b):
    if isinstance(a, list):
        return (isinstance(b, list) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b)))
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and np.array_equal(a, b)


def summary(v):
    if v is None:
        return "rejected"
    if isinstance(v, list):
        return "pieces " + str([tuple(np.asarray(p).shape) for p in v])
    v = np.asarray(v)
    return "shape %s values %s" % (v.shape, v.ravel()[:8].tolist())


class Skip(Exception):
    """The case cannot be put to the framework as it stands."""


def attempt(fn):
    try:
        return fn()
    except Skip:
        raise
    except Exception as e:  # the framework rejected the spec
        if type(e).__name__ == "NotStridedSlice":
            raise Skip() from e
        return None


# ---- ops ---------------------------------------------------------------

class NotStridedSlice(Exception):
    pass


def with_offset(model, masks):
    """The converted model with StridedSliceOptions.offset set, when it is
    one STRIDED_SLICE with the case's masks (else the converter rewrote
    the op, and the case is counted as rejected by neither: skipped)."""
    import flatbuffers
    from tensorflow.lite.python import schema_py_generated as sch
    m = sch.ModelT.InitFromPackedBuf(bytearray(model), 0)
    found = [op for sg in m.subgraphs for op in sg.operators
             if isinstance(op.builtinOptions, sch.StridedSliceOptionsT)]
    if len(found) != 1:
        raise NotStridedSlice()
    o = found[0].builtinOptions
    if [o.beginMask, o.endMask, o.ellipsisMask, o.newAxisMask,
            o.shrinkAxisMask] != masks:
        raise NotStridedSlice()
    o.offset = True
    b = flatbuffers.Builder(1024)
    b.Finish(m.Pack(b), file_identifier=b"TFL3")
    return bytes(b.Output())


def run_tflite(lib, rng, cases, t):
    import tensorflow as tf
    for _ in range(cases):
        shape = rand_shape(rng, 1, 4)
        x = arange(shape)
        m = rng.randint(1, len(shape) + 1)
        begin = [rng.randint(-7, 7) for _ in range(m)]
        end = [rng.randint(-7, 7) for _ in range(m)]
        strides = [rng.choice([-3, -2, -1, 1, 2, 3]) for _ in range(m)]
        masks = [rng.randint(0, 2 ** m - 1) & rng.randint(0, 2 ** m - 1)
                 for _ in range(5)]
        # Shrinks mostly on indices inside their dims (TFLite does not
        # check them; SEMANTICS.md), one ellipsis at most.
        masks[4] &= rng.randint(0, 2 ** m - 1)
        masks[2] &= -masks[2]
        masks[3] &= rng.randint(0, 2 ** m - 1)
        # The converter never sets `offset`; half the cases without
        # ellipsis or new axes set it in the converted model itself.
        offset = int(masks[2] == 0 and masks[3] == 0 and rng.random() < 0.5)
        what = dict(shape=shape, begin=begin, end=end, strides=strides,
                    masks=masks, offset=offset)

        def framework():
            # A spec TensorFlow rejects never becomes a TFLite model (the
            # converter runs TF's shape inference), whatever the kernel
            # would do with it: such cases are not TFLite's to judge.
            try:
                tf.strided_slice(x, begin, end, strides, begin_mask=masks[0],
                                 end_mask=masks[1], ellipsis_mask=masks[2],
                                 new_axis_mask=masks[3],
                                 shrink_axis_mask=masks[4])
            except Exception:
                raise NotStridedSlice()

            @tf.function(input_signature=[tf.TensorSpec(shape, tf.int64)])
            def f(v):
                return tf.strided_slice(v, begin, end, strides,
                                        begin_mask=masks[0],
                                        end_mask=masks[1],
                                        ellipsis_mask=masks[2],
                                        new_axis_mask=masks[3],
                                        shrink_axis_mask=masks[4])
            conv = tf.lite.TFLiteConverter.from_concrete_functions(
                [f.get_concrete_function()], f)
            model = conv.convert()
            if offset:
                model = with_offset(model, masks)
            it = tf.lite.Interpreter(model_content=model)
            it.allocate_tensors()
            if x.size:
                it.set_tensor(it.get_input_details()[0]["index"], x)
            it.invoke()
            out = it.get_output_details()[0]
            # The Python binding cannot hand back an empty tensor.
            if 0 in out["shape"]:
                return np.zeros(out["shape"], np.int64)
            return it.get_tensor(out["index"])
        plan, _ = lib.tflite(x, begin, end, strides, masks, offset)
        # TFLite's Prepare sizes an offset slot as ceil(end[i] / stride),
        # unclamped, while Eval reads the clamped window (SEMANTICS.md
        # section 14).  Where Prepare's size is the smaller, Eval writes
        # past the output and the interpreter crashes (a length of -3 with
        # stride 3 on size 5 allocates 0 and writes 1): such cases are
        # counted, not run.
        prepare = tuple(max(0, -(-e // st)) for i, (e, st) in
                        enumerate(zip(end, strides))
                        if not (masks[4] >> i) & 1) + tuple(shape[len(begin):])
        if offset and plan is not None and any(
                p < c for p, c in zip(prepare, lib.shape(plan))):
            t.overflow = getattr(t, "overflow", 0) + 1
            lib.gather(plan, x)  # releases the plan
            continue
        if TRACE:
            print("tflite case", json.dumps(what), file=TRACE, flush=True)
        try:
            fw = attempt(framework)
        except Skip:
            t.skipped = getattr(t, "skipped", 0) + 1
            lib.gather(plan, x)  # releases the plan
            continue
        cs = lib.gather(plan, x)
        # TFLite's Prepare sizes an offset slot as ceil(end[i] / stride),
        # unclamped, while Eval reads the clamped window; where the two
        # differ the output holds elements Eval never wrote (SEMANTICS.md
        # section 14).  Counted apart when the shape is exactly Prepare's.
        if offset and fw is not None and cs is not None:
            if fw.shape != cs.shape and fw.shape == prepare:
                t.prepare_mismatch = getattr(t, "prepare_mismatch", 0) + 1
                t.cases += 1
                t.agree += 0
                continue
        t.add(what, fw, cs)


def run_tf_slice(lib, rng, cases, t):
    import tensorflow as tf
    for _ in range(cases):
        shape = rand_shape(rng, 1, 4)
        x = arange(shape)
        wild = rng.random() < 0.2  # else values TF accepts, mostly
        begin = [rng.randint(-1, d + 1) if wild else rng.randint(0, d)
                 for d in shape]
        size = [rng.choice([-1, rng.randint(-2, d + 1)]) if wild
                else rng.choice([-1, rng.randint(0, d - b)])
                for d, b in zip(shape, begin)]
        plan, _ = lib.tf_slice(x, begin, size)
        t.add(dict(shape=shape, begin=begin, size=size),
              attempt(lambda: tf.slice(x, begin, size).numpy()),
              lib.gather(plan, x))


def run_xla(lib, rng, cases, t):
    import jax
    import jax.numpy as jnp
    from jax import lax
    jax.config.update("jax_enable_x64", True)
    # StableHLO clamps start indices and never wraps them; jax.lax wraps
    # negative ones first unless told not to, and refuses concrete ones
    # out of range, so the starts go in traced under jit and the
    # comparison gets StableHLO's own clamping (SEMANTICS.md).
    for _ in range(cases):
        shape = rand_shape(rng, 1, 4)
        x = arange(shape)
        wild = rng.random() < 0.2
        start = [rng.randint(-1, d + 1) if wild else rng.randint(0, d)
                 for d in shape]
        limit = [rng.randint(-1, d + 2) if wild else rng.randint(b, d)
                 for d, b in zip(shape, start)]
        strides = [rng.choice([0, 1, 1, 2, 3]) if wild
                   else rng.choice([1, 1, 2, 3]) for _ in shape]
        plan, _ = lib.xla_slice(x, start, limit, strides)
        t.add(dict(op="slice", shape=shape, start=start, limit=limit,
                   strides=strides),
              attempt(lambda: np.asarray(lax.slice(x, start, limit,
                                                   strides))),
              lib.gather(plan, x))
        starts = [rng.randint(-8, 8) for _ in shape]
        sizes = [rng.randint(0, d) if rng.random() < 0.9 else d + 1
                 for d in shape]
        plan, _ = lib.dynamic_slice(x, starts, sizes)
        t.add(dict(op="dynamic_slice", shape=shape, starts=starts,
                   sizes=sizes),
              attempt(lambda: np.asarray(jax.jit(
                  lambda *s: lax.dynamic_slice(
                      x, s, sizes, allow_negative_indices=False))(
                          *[jnp.int64(v) for v in starts]))),
              lib.gather(plan, x))
        ushape = [rng.randint(0, d) for d in shape]
        update = -1 - arange(ushape)
        plan, _ = lib.dynamic_update_slice(x, ushape, starts)
        t.add(dict(op="dynamic_update_slice", shape=shape, starts=starts,
                   update=ushape),
              attempt(lambda: np.asarray(jax.jit(
                  lambda *s: lax.dynamic_update_slice(
                      x, update, s, allow_negative_indices=False))(
                          *[jnp.int64(v) for v in starts]))),
              lib.scatter(plan, x, update))


def ov_slice_spec(rng, shape):
    k = rng.randint(1, len(shape))
    axes = rng.sample(range(len(shape)), k)
    axes = [a - len(shape) if rng.random() < 0.3 else a for a in axes]
    start = [rng.randint(-8, 8) for _ in axes]
    stop = [rng.choice([rng.randint(-8, 8), 2 ** 62, -2 ** 62])
            for _ in axes]
    step = [rng.choice([-3, -2, -1, 1, 2, 3]) for _ in axes]
    return start, stop, step, axes


def run_openvino(lib, rng, cases, t):
    import openvino as ov
    import openvino.opset15 as ops
    core = ov.Core()
    for _ in range(cases):
        shape = rand_shape(rng, 1, 4)
        x = arange(shape)
        start, stop, step, axes = ov_slice_spec(rng, shape)
        use_axes = rng.random() < 0.8 or len(axes) != len(shape)
        if not use_axes:
            axes = list(range(len(shape)))
        c = lambda v: ops.constant(np.array(v, dtype=np.int64))

        def framework(scatter):
            p = ops.parameter(list(shape), ov.Type.i64)
            if scatter:
                sl = ops.slice(p, c(start), c(stop), c(step),
                               c(axes) if use_axes else None)
                upd = ops.constant(-1 - arange(
                    tuple(sl.get_output_partial_shape(0).to_shape())))
                node = ops.slice_scatter(p, upd, c(start), c(stop), c(step),
                                         c(axes) if use_axes else None)
            else:
                node = ops.slice(p, c(start), c(stop), c(step),
                                 c(axes) if use_axes else None)
            model = ov.Model([node.output(0)], [p])
            compiled = core.compile_model(model, "CPU")
            return compiled([x])[0]
        plan, _ = lib.ov_slice(x, start, stop, step,
                               axes if use_axes else None)
        what = dict(shape=shape, start=start, stop=stop, step=step,
                    axes=axes if use_axes else None)
        t.add(dict(what, op="Slice-8"), attempt(lambda: framework(False)),
              lib.gather(plan, x))
        plan, _ = lib.ov_slice(x, start, stop, step,
                               axes if use_axes else None)
        if plan is None:
            cs = None
        else:
            out = lib.shape(plan)
            cs = lib.scatter(plan, x, -1 - arange(out))
        t.add(dict(what, op="SliceScatter-15"),
              attempt(lambda: framework(True)), cs)


def rand_torch_expr(rng, rank):
    items = []
    for _ in range(rng.randint(0, rank + 1)):
        r = rng.random()
        if r < 0.15:
            items.append(str(rng.randint(-6, 6)))
        elif r < 0.25:
            items.append("None")
        elif r < 0.3:
            items.append("...")
        else:
            part = lambda: "" if rng.random() < 0.3 else str(rng.randint(-7, 7))
            s = part() + ":" + part()
            if rng.random() < 0.5:
                s += ":" + rng.choice(["", "1", "2", "3", "-1", "0", "-2"])
            items.append(s)
    return "[" + ", ".join(items) + ("," if len(items) == 1 else "") + "]"


def run_torch(lib, rng, cases, t):
    import torch
    for _ in range(cases):
        shape = rand_shape(rng, 0, 4)
        x = arange(shape)
        xt = torch.from_numpy(x)
        if shape:
            dim = rng.randint(-len(shape) - 1, len(shape))
        else:
            dim = 0
        n = shape[dim] if shape and -len(shape) <= dim < len(shape) else 0
        if rng.random() < 0.2:
            start, length = rng.randint(-7, 7), rng.randint(-1, 6)
        else:
            start = rng.randint(-n, n)
            length = rng.randint(0, n - (start + n if start < 0 else start))
        plan, _ = lib.narrow(x, dim, start, length)
        t.add(dict(op="narrow", shape=shape, dim=dim, start=start,
                   length=length),
              attempt(lambda: torch.narrow(xt, dim, start, length).numpy()),
              lib.gather(plan, x))
        expr = rand_torch_expr(rng, len(shape))
        plan, _ = lib.torch_index(x, expr)
        t.add(dict(op="index", shape=shape, expr=expr),
              attempt(lambda: eval("xt" + (expr if expr != "[]" else "[()]"),
                                   {"xt": xt}).numpy()),
              lib.gather(plan, x))


# ---- splits --------------------------------------------------------------

def pieces_from(lib, x, axis, ranges):
    if ranges is None:
        return None
    out = []
    for start, size in ranges:
        idx = [slice(None)] * x.ndim
        idx[axis] = slice(start, start + size)
        out.append(x[tuple(idx)])
    return out


def onnx_split(x, axis, opset, k, split):
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper
    outs = ["y%d" % i for i in range(k if split is None else len(split))]
    inputs, inits, attrs = ["x"], [], {"axis": axis}
    if split is not None:
        inputs.append("s")
        inits.append(helper.make_tensor("s", TensorProto.INT64,
                                        [len(split)], split))
    elif opset >= 18:
        attrs["num_outputs"] = k
    node = helper.make_node("Split", inputs, outs, **attrs)
    g = helper.make_graph(
        [node], "g",
        [helper.make_tensor_value_info("x", TensorProto.INT64, x.shape)],
        [helper.make_tensor_value_info(o, TensorProto.INT64, None)
         for o in outs], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    ort.set_default_logger_severity(4)
    s = ort.InferenceSession(m.SerializeToString(),
                             providers=["CPUExecutionProvider"])
    return s.run(None, {"x": x})


def ov_split(x, axis, k, lengths):
    import openvino as ov
    import openvino.opset15 as ops
    p = ops.parameter(list(x.shape), ov.Type.i64)
    ax = ops.constant(np.int64(axis))
    if lengths is None:
        node = ops.split(p, ax, k)
    else:
        node = ops.variadic_split(p, ax,
                                  ops.constant(np.array(lengths, np.int64)))
    model = ov.Model(node.outputs(), [p])
    compiled = ov.Core().compile_model(model, "CPU")
    res = compiled([x])
    return [res[o] for o in compiled.outputs]


def run_splits(lib, rng, cases, t):
    import tensorflow as tf
    import torch
    for _ in range(cases):
        shape = rand_shape(rng, 1, 3, 7)
        x = arange(shape)
        axis = rng.randint(-len(shape), len(shape) - 1)
        n = shape[axis]
        k = rng.randint(0, 6)
        sizes = [rng.randint(0, 4) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.6:
            sizes[-1] = n - sum(sizes[:-1])
        if rng.random() < 0.3:
            sizes[rng.randrange(len(sizes))] = -1
        indices = sorted(rng.randint(-n - 2, n + 2)
                         for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.3:
            rng.shuffle(indices)
        runs = [
            ("numpy", k, None, lambda: np.split(x, k, axis)),
            ("numpy", 0, indices, lambda: np.split(x, indices, axis)),
            ("numpy_array", k, None, lambda: np.array_split(x, k, axis)),
            ("tf", k, None,
             lambda: [a.numpy() for a in tf.split(x, k, axis)]),
            ("tf", 0, sizes,
             lambda: [a.numpy() for a in tf.split(x, sizes, axis)]),
            ("onnx13", k, None, lambda: onnx_split(x, axis, 13, k, None)),
            ("onnx13", 0, sizes, lambda: onnx_split(x, axis, 13, 0, sizes)),
            ("onnx18", k, None, lambda: onnx_split(x, axis, 18, k, None)),
            ("openvino", k, None, lambda: ov_split(x, axis, k, None)),
            ("openvino_variadic", 0, sizes,
             lambda: ov_split(x, axis, 0, sizes)),
            ("torch", k, None, lambda: [a.numpy() for a in torch.split(
                torch.from_numpy(x), k, axis)]),
            ("torch", 0, sizes, lambda: [a.numpy() for a in torch.split(
                torch.from_numpy(x), sizes, axis)]),
            ("torch_chunk", k, None, lambda: [a.numpy() for a in torch.chunk(
                torch.from_numpy(x), k, axis)]),
        ]
        for style, number, lst, fw in runs:
            ranges = lib.split(shape, style, axis, number, lst)
            t.add(dict(style=style, shape=shape, axis=axis, number=number,
                       list=lst), attempt(fw),
                  pieces_from(lib, x, axis, ranges))


# ---- interval shape inference against OpenVINO's -------------------------

class Interval(C.Structure):
    _fields_ = [("lo", C.c_int64), ("hi", C.c_int64)]


def intervals(pairs):
    return (Interval * max(len(pairs), 1))(*[Interval(a, b) for a, b in pairs])


def run_intervals(lib, rng, cases, t):
    """Slice-8 on input dimensions given as intervals, start/stop/step
    constant: OpenVINO's own interval shape inference against
    clslice_infer_openvino_slice.  Where the two differ, OpenVINO's static
    shape inference is run on concrete sizes (each dimension from its lo
    up to 40 above it) to find a witness: a size whose output lies
    outside one of the two intervals.  A witness against clslice is a
    disagreement; one against OpenVINO is counted apart, and so is an
    OpenVINO interval that is merely wider."""
    import openvino as ov
    import openvino.opset15 as ops
    t.wider = t.ov_missed = t.no_witness = 0
    c = lambda v: ops.constant(np.array(v, dtype=np.int64))

    def ov_shape(pshape, start, stop, step, axes):
        p = ops.parameter(pshape, ov.Type.i64)
        node = ops.slice(p, c(start), c(stop), c(step), c(axes))
        return node.get_output_partial_shape(0)

    for _ in range(cases):
        rank = rng.randint(1, 3)
        dims = []
        for _ in range(rank):
            lo = rng.randint(0, 6)
            hi = rng.choice([lo, lo + rng.randint(1, 8), -1])
            dims.append((lo, hi))
        start, stop, step, axes = ov_slice_spec(rng, tuple(d[0] for d in dims))
        stop = [INT64_MAX if v == 2 ** 62 else INT64_MIN if v == -2 ** 62
                else v for v in stop]
        what = dict(dims=dims, start=start, stop=stop, step=step, axes=axes)
        pshape = ov.PartialShape([ov.Dimension(lo, hi) for lo, hi in dims])
        fw = attempt(lambda: [(d.get_min_length(), d.get_max_length())
                              for d in ov_shape(pshape, start, stop, step,
                                                axes)])
        out = (Interval * 33)()
        err = Error()
        k = len(start)
        st = lib.lib.clslice_infer_openvino_slice(
            intervals(dims), C.c_int(rank), intervals([(v, v) for v in start]),
            C.c_size_t(k), intervals([(v, v) for v in stop]), C.c_size_t(k),
            i64(step), C.c_size_t(k), i64(axes), C.c_size_t(k), out,
            C.byref(err))
        cs = None if st != 0 else [(out[j].lo, out[j].hi)
                                   for j in range(rank)]
        t.cases += 1
        if fw is None or cs is None:
            if fw is None and cs is None:
                t.agree += 1
                t.both_reject += 1
            else:
                t.disagreements.append(dict(case=what, framework=str(fw),
                                            clslice=str(cs)))
            continue
        if fw == cs:
            t.agree += 1
            continue
        seen = []
        for j in range(rank):
            lo, hi = dims[j]
            top = lo + 40 if hi == -1 else min(hi, lo + 40)
            for n in range(lo, top + 1):
                sizes = [d[0] for d in dims]
                sizes[j] = n
                seen.append((j, ov_shape(ov.PartialShape(sizes), start, stop,
                                         step, axes)[j].get_length()))
        outside = lambda iv, v: v < iv[0] or (iv[1] != -1 and v > iv[1])
        cs_miss = [(j, v) for j, v in seen if outside(cs[j], v)]
        fw_miss = [(j, v) for j, v in seen if outside(fw[j], v)]
        if cs_miss:
            t.disagreements.append(dict(case=what, framework=str(fw),
                                        clslice=str(cs), witness=cs_miss[0]))
            continue
        t.agree += 1
        note = None
        if fw_miss:
            t.ov_missed += 1
            note = "OpenVINO misses"
        elif all(f[0] <= m[0] and (f[1] == -1 or (m[1] != -1 and
                                                   m[1] <= f[1]))
                 for f, m in zip(fw, cs)):
            t.wider += 1
            note = "OpenVINO wider"
        else:
            t.no_witness += 1
            note = "no witness"
        if t.wider + t.ov_missed + t.no_witness <= 12:
            print("    %s: %s" % (note, json.dumps(dict(
                case=what, openvino=fw, clslice=cs,
                witness=fw_miss[0] if fw_miss else None))))


INT64_MAX = 2 ** 63 - 1
INT64_MIN = -2 ** 63


TRACE = None  # --trace FILE: each TFLite case before it runs

OPS = {"tflite": run_tflite, "tf_slice": run_tf_slice, "xla": run_xla,
       "openvino": run_openvino, "torch": run_torch, "split": run_splits,
       "intervals": run_intervals}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lib")
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--only", default=",".join(OPS))
    ap.add_argument("--json", default=None)
    ap.add_argument("--trace", default=None)
    args = ap.parse_args()
    global TRACE
    if args.trace:
        TRACE = open(args.trace, "w")
    lib = Lib(args.lib)
    tallies = []
    for name in args.only.split(","):
        t = Tally(name)
        rng = random.Random(args.seed)
        try:
            OPS[name](lib, rng, args.cases, t)
        except ImportError as e:
            print("%s: skipped (%s)" % (name, e))
            continue
        tallies.append(t)
        print("%-9s %6d cases  %6d agree (%d both reject)  %d disagree"
              % (name, t.cases, t.agree, t.both_reject,
                 len(t.disagreements)), flush=True)
        if hasattr(t, "skipped"):
            print("          skipped (TensorFlow rejects the spec, or the "
                  "converter rewrote the op so offset could not be set): %d"
                  % t.skipped)
        if hasattr(t, "overflow"):
            print("          offset windows larger than TFLite's Prepare "
                  "allocates (the interpreter would write past its output): "
                  "%d, not run" % t.overflow)
        if hasattr(t, "prepare_mismatch"):
            print("          offset windows past the dimension, where "
                  "TFLite's output shape is Prepare's unclamped "
                  "ceil(end/stride): %d" % t.prepare_mismatch)
        if hasattr(t, "wider"):
            print("          where they differ: OpenVINO wider %d, OpenVINO "
                  "missing a size its static inference gives %d, no "
                  "witness either way %d" % (t.wider, t.ov_missed,
                                             t.no_witness))
        for d in t.disagreements[:40]:
            print("   ", json.dumps(d))
    if args.json:
        with open(args.json, "w") as f:
            json.dump([t.__dict__ for t in tallies], f, indent=1)
    return 0 if all(not t.disagreements for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
