#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The host peers of clslice-bench's dense cases: numpy, onnxruntime's
Slice and OpenVINO's CPU plugin StridedSlice, timed one run at a time so
that clslice-bench can interleave them with its device competitors.

clslice-bench starts this script once and talks to it over stdin and
stdout, one line per message.  At start the script says which peers it
has and then READY:

    PEER <name> <version>        the peer can be timed
    SKIP <name> <why>            it cannot (not installed, ...)
    READY

If numpy itself is missing it prints only "UNAVAILABLE <why>" and exits
with status 0.  The peers are numpy (np.ascontiguousarray(a[key]); a
copy where that returns a view), numpy-copyto (np.copyto into an array
made once), onnxruntime and openvino (gathers) and numpy-scatter
(a[key] = v).  Commands:

    CASE <json>    {"dtype": "float32", "shape": [...], "expr": "[...]",
                    "gather": 1, "scatter": 0}: builds the case's input
                   (the C side's pattern, bench_fill_pattern) and runs
                   every peer once.  Answers, per peer, then READY:
                     OK <name> <crc32 of the result's bytes> [note]
                     SKIP <name> <why>
    TIME <name>    one timed run: T <seconds>
    END            drops the case: READY

The C side compares each crc32 with its host oracle's, so a peer whose
result differs from clslice's never gets a number.  onnxruntime and
OpenVINO run a model of one slice node over every input dimension (ints
become one-element ranges, new axes are left out: the bytes are the same)
with the input bound in place and the output preallocated: each
framework's fastest way to run it, with no allocation timed.
onnxruntime's threads do not spin after a run, so they leave the cores
to the next competitor.  OpenVINO's CPU plugin computes float16 in float32
and 8-byte elements in 32 bits, which changes some bytes (NaN payloads,
high halves), so it slices the tensor's bytes viewed as unsigned
integers of the element's size, 8-byte elements as pairs of uint32 (one
more axis of 2): its fastest way to move the bytes unchanged.

scipy_bench.py reuses parse_index and median_seconds.
"""
import json
import statistics
import sys
import time
import zlib

try:
    import numpy as np
except ImportError as e:  # numpy is optional: the C side records null
    if __name__ == "__main__":
        print(f"UNAVAILABLE numpy is not importable ({e}); pip install numpy",
              flush=True)
        sys.exit(0)
    raise


# Importing openvino sends a telemetry event from a thread that forks a
# process; forked beside onnxruntime's and OpenVINO's threads, that child
# crashed or hung this script.  With the module unimportable, OpenVINO
# falls back to its no-op stub: no fork, and no network traffic from a
# benchmark.
sys.modules.setdefault("openvino_telemetry", None)


class Skip(Exception):
    """A peer cannot run this case; the message says why."""


def parse_index(expr):
    """'[1:-1, ..., None, ::2, 3]' -> (slice(1, -1), Ellipsis, None, ...)."""
    body = expr.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    items = []
    for part in body.split(","):
        p = part.strip()
        if p == "...":
            items.append(Ellipsis)
        elif p in ("None", "newaxis", "np.newaxis"):
            items.append(None)
        elif ":" in p:
            bounds = [int(b) if b.strip() else None for b in p.split(":")]
            items.append(slice(*bounds))
        else:
            items.append(int(p))
    return tuple(items)


def make_input(dtype, shape):
    """The C side's pattern: little-endian uint32 words k * 2654435761."""
    dt = np.dtype(dtype)
    nbytes = int(np.prod(shape, dtype=np.int64)) * dt.itemsize
    words = np.arange((nbytes + 3) // 4, dtype="<u4")
    words *= np.uint32(2654435761)  # wraps modulo 2**32, as in C
    return words.view(np.uint8)[:nbytes].view(dt).reshape(shape)


def median_seconds(fn, repeat):
    fn()  # warm: first-touch, allocator
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def dim_ranges(shape, idx):
    """(start, end, step) per input dimension for a slice node, numpy's
    meaning.  An int is a one-element range; None adds no input
    dimension.  An end before index 0 (a negative step running to the
    start) is -(dim + 1), which both frameworks clamp to "before 0"."""
    fill = len(shape) - sum(1 for i in idx if i is not None
                            and i is not Ellipsis)
    items = []
    for i in idx:
        items.extend([slice(None)] * fill if i is Ellipsis else [i])
    items = [i for i in items if i is not None]
    items += [slice(None)] * (len(shape) - len(items))
    ranges = []
    for dim, item in zip(shape, items):
        if isinstance(item, int):
            at = item + dim if item < 0 else item
            ranges.append((at, at + 1, 1))
            continue
        start, end, step = item.indices(dim)
        if step < 0 and end < 0:
            end = -(dim + 1)
        ranges.append((start, end, step))
    return ranges


def range_len(r):
    """Elements of a (start, end, step) from dim_ranges."""
    start, end, step = r
    return len(range(start, -1 if end < 0 else end, step))


def crc(array):
    return zlib.crc32(np.ascontiguousarray(array).view(np.uint8)) & 0xFFFFFFFF


# ---- the peers --------------------------------------------------------------
# Each takes the case's input, key and numpy's gather result, checks what
# it needs, and returns (run, result, note): run() is what TIME times,
# result the array it writes.

def numpy_gather(a, idx, _want):
    if np.shares_memory(np.ascontiguousarray(a[idx]), a):
        return (lambda: a[idx].copy()), a[idx].copy(), \
            "ascontiguousarray returns a view here; timed a[key].copy()"
    return (lambda: np.ascontiguousarray(a[idx])), \
        np.ascontiguousarray(a[idx]), ""


def numpy_copyto(a, idx, _want):
    out = np.empty(a[idx].shape, dtype=a.dtype)
    np.copyto(out, a[idx])
    return (lambda: np.copyto(out, a[idx])), out, ""


ONNX_TYPES = {"uint8": 2, "uint16": 4, "float16": 10, "float32": 1,
              "float64": 11, "int8": 3, "int16": 5, "int32": 6,
              "int64": 7, "uint32": 12, "uint64": 13}


def onnxruntime_gather(a, idx, want):
    import onnx
    import onnxruntime as ort
    from onnx import helper, numpy_helper
    ranges = dim_ranges(a.shape, idx)
    elem = ONNX_TYPES.get(a.dtype.name)
    if elem is None:
        raise Skip(f"no ONNX type for {a.dtype.name}")
    consts = [numpy_helper.from_array(np.array(v, dtype=np.int64), n)
              for n, v in (("starts", [r[0] for r in ranges]),
                           ("ends", [r[1] for r in ranges]),
                           ("axes", list(range(a.ndim))),
                           ("steps", [r[2] for r in ranges]))]
    out_shape = [range_len(r) for r in ranges]
    node = helper.make_node("Slice", ["x", "starts", "ends", "axes",
                                      "steps"], ["y"])
    graph = helper.make_graph(
        [node], "slice",
        [helper.make_tensor_value_info("x", elem, list(a.shape))],
        [helper.make_tensor_value_info("y", elem, out_shape)], consts)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = min(model.ir_version, 8)
    onnx.checker.check_model(model)
    options = ort.SessionOptions()
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session = ort.InferenceSession(model.SerializeToString(), options,
                                   providers=["CPUExecutionProvider"])
    binding = session.io_binding()
    x = ort.OrtValue.ortvalue_from_numpy(a)
    out = np.empty(out_shape, dtype=a.dtype)
    y = ort.OrtValue.ortvalue_from_numpy(out)
    binding.bind_ortvalue_input("x", x)
    binding.bind_ortvalue_output("y", y)

    def run(keep=(a, x, out, y)):  # the bound memory lives as run does
        session.run_with_iobinding(binding)

    run()
    return run, out, ""


def openvino_ops():
    try:
        from openvino import opset13 as ops
    except ImportError:
        from openvino.runtime import opset13 as ops
    return ops


def openvino_gather(a, idx, want):
    import openvino as ov
    ops = openvino_ops()
    ranges = dim_ranges(a.shape, idx)
    size = a.dtype.itemsize
    if size not in (1, 2, 4, 8):
        raise Skip(f"no unsigned integer type of {size} bytes")
    x = a.view(f"<u{min(size, 4)}")
    note = f"the bytes sliced as {x.dtype.name}"
    if size == 8:
        x = x.reshape(a.shape + (2,))
        ranges.append((0, 2, 1))
        note = "the bytes sliced as pairs of uint32"
    out_shape = [range_len(r) for r in ranges]
    param = ops.parameter(list(x.shape), ov.Type(x.dtype))
    zeros = [0] * x.ndim
    node = ops.strided_slice(
        param, ops.constant(np.array([r[0] for r in ranges], np.int64)),
        ops.constant(np.array([r[1] for r in ranges], np.int64)),
        ops.constant(np.array([r[2] for r in ranges], np.int64)),
        begin_mask=zeros, end_mask=zeros)
    compiled = ov.Core().compile_model(ov.Model([node], [param]), "CPU",
                                       {"PERFORMANCE_HINT": "LATENCY"})
    request = compiled.create_infer_request()
    out = np.empty(out_shape, dtype=x.dtype)
    # The tensors do not own the arrays they share: run keeps them alive
    # (freed early, OpenVINO wrote into freed memory).
    tensors = (ov.Tensor(x, shared_memory=True),
               ov.Tensor(out, shared_memory=True))
    request.set_input_tensor(tensors[0])
    request.set_output_tensor(tensors[1])

    def run(keep=(a, x, out, tensors)):
        request.infer()

    run()  # into out: the C side checks it
    return run, out, note


GATHER_PEERS = {"numpy": numpy_gather, "numpy-copyto": numpy_copyto,
                "onnxruntime": onnxruntime_gather,
                "openvino": openvino_gather}


def numpy_scatter(a, idx):
    v = np.array(a[idx], order="C")  # a copy: v must not alias a

    def assign():
        a[idx] = v

    assign()
    if crc(a[idx]) != crc(v):
        raise Skip("a[key] = v left a[key] different from v")
    return assign


# ---- the session ------------------------------------------------------------

def installed():
    """{name: (version or None, why)} for the optional frameworks."""
    found = {"numpy": (np.__version__, "")}
    try:
        import onnx  # noqa: F401  (builds the model)
        import onnxruntime
        found["onnxruntime"] = (onnxruntime.__version__, "")
    except Exception as e:  # ImportError, or a broken install
        found["onnxruntime"] = (None, f"not importable ({e}); "
                                "pip install onnx onnxruntime")
    try:
        import openvino
        openvino_ops()
        found["openvino"] = (openvino.__version__.split("-")[0], "")
    except Exception as e:
        found["openvino"] = (None, f"not importable ({e}); "
                             "pip install openvino")
    found["numpy-copyto"] = found["numpy-scatter"] = found["numpy"]
    return found


def say(text):
    print(text, flush=True)


def one_line(text):
    return " ".join(str(text).split())


class Session:
    def __init__(self):
        self.found = installed()
        self.runs = {}

    def hello(self):
        for name, (version, why) in self.found.items():
            say(f"PEER {name} {version}" if version else f"SKIP {name} {why}")
        say("READY")

    def case(self, spec):
        self.runs = {}
        a = make_input(spec["dtype"], spec["shape"])
        idx = parse_index(spec["expr"])
        want = np.ascontiguousarray(a[idx])
        for name, build in GATHER_PEERS.items():
            if spec.get("gather", 1):
                self.prepare(name, lambda: build(a, idx, want))
        if spec.get("scatter", 0):
            self.prepare("numpy-scatter",
                         lambda: (numpy_scatter(a, idx), want, ""))
        say("READY")

    def prepare(self, name, build):
        version, why = self.found[name]
        if not version:
            say(f"SKIP {name} {why}")
            return
        try:
            run, result, note = build()
        except Skip as e:
            say(f"SKIP {name} {one_line(e)}")
            return
        except Exception as e:  # a framework refusing the model
            say(f"SKIP {name} failed: {one_line(repr(e))[:300]}")
            return
        self.runs[name] = run
        say(f"OK {name} {crc(result)} {one_line(note)}".rstrip())

    def time(self, name):
        run = self.runs.get(name)
        if run is None:
            say("T nan")
            return
        t0 = time.perf_counter()
        run()
        say(f"T {time.perf_counter() - t0:.9e}")


def main():
    session = Session()
    session.hello()
    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "CASE":
            session.case(json.loads(rest))
        elif word == "TIME":
            session.time(rest)
        elif word == "END":
            session.runs = {}
            say("READY")
        elif word:
            print(f"peers.py: unknown command {word!r}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
