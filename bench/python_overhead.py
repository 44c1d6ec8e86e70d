#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""What the Python layer costs above the C library, and what the device
slice gains over pyopencl's own way to copy a strided slice.

1. Per-call overhead: clslice.slice(x, key) on small numpy arrays, minus
   the C call it makes (clslice_host_gather through ctypes with a built
   plan and a preallocated output).  The same for pyopencl arrays, where
   the C call is clslice_enqueue_gather (enqueue only, both sides).
2. Throughput on the first OpenCL device, side by side: the C API
   (clslice_enqueue_gather into a buffer made once), clslice.slice (its
   result from clslice's memory pool), clslice.slice with out=, tinygrad
   (TinyJit on its CL device, when it is installed), pyopencl's take
   with a precomputed index array on the device (index upload not
   counted) and pyopencl's rectangle enqueue_copy where the slice is a
   rectangle; each waited for with queue.finish() or tinygrad's
   synchronize.

Run with the package installed (bash scripts/test_python.sh makes a venv;
`pip install tinygrad` into it adds tinygrad's column):
    build-python/venv/bin/python bench/python_overhead.py [--json FILE]
(bench/results/python_overhead.json is the committed run docs/python.md
quotes.)
Per-call figures are medians over thousands of timed calls (host calls in
batches of ten, device calls one by one with the queue drained between);
throughput figures are medians over repeats.  The C calls are timed in the
same run, interleaved with the Python calls, so that a machine shared with
other work disturbs both alike.
"""
import argparse
import ctypes
import json
import os
import platform
import statistics
import time

import numpy as np

import clslice
from clslice._lib import CLCall, CLGatherDesc, CLTensor, Error, lib
from clslice._lib import device_library


def median_us(fns, calls, batch=1, between=None):
    """Median microseconds per call of each function in `fns` (a dict):
    `calls` timed batches of `batch` calls each, the functions taking
    turns batch by batch.  `between` runs untimed after each batch (the
    device figures let the queue drain there)."""
    clock = time.perf_counter
    times = {name: [] for name in fns}
    for _ in range(calls):
        for name, fn in fns.items():
            t = clock()
            for _ in range(batch):
                fn()
            times[name].append((clock() - t) / batch)
            if between is not None:
                between()
    return {name: round(statistics.median(t) * 1e6, 2)
            for name, t in times.items()}


HOST_CASES = [((4, 4), np.s_[1:3, ::-1]),
              ((8, 8, 8), np.s_[..., None, 2, ::2]),
              ((64, 64), np.s_[::2, 1:-1])]


def host_overhead(calls):
    rows = []
    for shape, key in HOST_CASES:
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        text = clslice.key_to_expr(key)
        plan = clslice.plan(x.shape, key)
        out = np.empty(plan.output_shape, x.dtype)
        err = Error()
        args = (plan, x.itemsize, x.ctypes.data, x.nbytes, out.ctypes.data,
                out.nbytes, ctypes.byref(err))

        def c_call():
            lib.clslice_host_gather(*args)

        def c_cold():  # the C work without the plan cache: build, gather
            ptr = ctypes.c_void_p()
            arr = (ctypes.c_int64 * len(shape))(*shape)
            lib.clslice_plan_expr(arr, len(shape), text.encode(),
                                  ctypes.byref(ptr), ctypes.byref(err))
            lib.clslice_host_gather(ptr, x.itemsize, x.ctypes.data, x.nbytes,
                                    out.ctypes.data, out.nbytes,
                                    ctypes.byref(err))
            lib.clslice_plan_release(ctypes.byref(ptr))

        f = median_us({
            "c_gather_us": c_call,
            "c_plan_gather_release_us": c_cold,
            "slice_numpy_key_us": lambda: clslice.slice(x, key),
            "slice_string_key_us": lambda: clslice.slice(x, text),
            "numpy_copy_us": lambda: x[key].copy(),
        }, calls, batch=10)
        rows.append(dict({"shape": list(shape), "key": text}, **f,
                         overhead_numpy_key_us=round(
                             f["slice_numpy_key_us"] - f["c_gather_us"], 2),
                         overhead_string_key_us=round(
                             f["slice_string_key_us"] - f["c_gather_us"], 2)))
    return rows


def device_queue():
    try:
        import pyopencl as cl
        ctx = cl.Context(cl.get_platforms()[0].get_devices()[:1])
        return cl.CommandQueue(ctx)
    except Exception as exc:  # no pyopencl, platform or device
        print("no OpenCL device, device figures skipped: %s" % exc)
        return None


DEVICE_CASES = [((8, 8), np.s_[1:7, ::-2]),
                ((4, 8, 8), np.s_[::-1, 2, 1::3]),
                ((256, 256), np.s_[::2, 1:-1])]


def device_overhead(queue, calls):
    """The C side is clslice_enqueue_gather with everything built
    beforehand, into a fresh cl.Buffer per call: a new output costs a
    buffer on both sides (PoCL allocates a buffer's memory at its first
    use, inside the enqueue), and the event wrapped as pyopencl does.
    The queue drains after each call, untimed, so that every call meets
    the same idle device."""
    import pyopencl as cl
    import pyopencl.array as cla
    from clslice import _cl
    dlib = device_library()
    rows = []
    for shape, key in DEVICE_CASES:
        host = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        x = cla.to_device(queue, host)
        text = clslice.key_to_expr(key)
        plan = clslice.plan(x.shape, key)
        nbytes = plan.size * 4
        rt = _cl.runtime_for(x.context)
        err = Error()
        keep = []
        src, q = x.base_data.int_ptr, queue.int_ptr
        flags = cl.mem_flags.READ_WRITE
        prealloc = cl.Buffer(x.context, flags, nbytes)

        def c_fresh():
            out = cl.Buffer(x.context, flags, nbytes)
            ev = ctypes.c_void_p()
            dlib.clslice_enqueue_gather(rt, q, plan, 4, src, 0, out.int_ptr,
                                       0, 0, 0, None, ctypes.byref(ev),
                                       ctypes.byref(err))
            keep.append((out, cl.Event.from_int_ptr(ev.value, retain=False)))

        def c_prealloc():
            ev = ctypes.c_void_p()
            dlib.clslice_enqueue_gather(rt, q, plan, 4, src, 0,
                                       prealloc.int_ptr, 0, 0, 0, None,
                                       ctypes.byref(ev), ctypes.byref(err))
            keep.append(cl.Event.from_int_ptr(ev.value, retain=False))

        def drain():
            queue.finish()
            if len(keep) > 64:
                keep.clear()

        assert np.array_equal(clslice.slice(x, key).get(), host[key])
        f = median_us({
            "c_enqueue_fresh_buffer_us": c_fresh,
            "c_enqueue_same_buffer_us": c_prealloc,
            "slice_numpy_key_us": lambda: keep.append(clslice.slice(x, key)),
            "slice_string_key_us":
                lambda: keep.append(clslice.slice(x, text)),
            "pyopencl_empty_us": lambda: keep.append(
                cla.empty(queue, plan.output_shape, np.float32)),
        }, calls, between=drain)
        queue.finish()
        # Results come from clslice's pool: the like-for-like C call
        # writes into a buffer made once.
        rows.append(dict({"shape": list(shape), "key": text}, **f,
                         overhead_us=round(f["slice_numpy_key_us"] -
                                           f["c_enqueue_same_buffer_us"],
                                           2)))
    return rows


THROUGHPUT_CASES = [
    ((4096, 4096), np.s_[::2, ::2], None),
    ((4096, 4096), np.s_[:, 1:-1], None),
    ((4096, 4096), np.s_[::-1, ::3], None),
    ((64, 64, 64, 16), np.s_[:, ::-1, 8:, ::4], None),
    ((1 << 24,), np.s_[1::7], None),
    # A slice of a strided pyopencl view (its transpose): read in place.
    ((4096, 4096), np.s_[::2, 1:-1], "T"),
]


def tinygrad_slicer(shape, key, view, host):
    """A TinyJit'd slice-and-copy of `host` on tinygrad's OpenCL device,
    and its synchronise call; None when tinygrad is missing or fails (the
    reason is printed)."""
    # tinygrad picks its device when first imported: its OpenCL one, on
    # the same PoCL device as pyopencl's first platform.
    os.environ.setdefault("DEV", "CL")
    try:
        from tinygrad import Device, Tensor, TinyJit
        t = Tensor(host).realize()
        if Device.DEFAULT != "CL":
            raise RuntimeError("tinygrad runs on %s, not CL" % Device.DEFAULT)
    except Exception as exc:  # not installed, or no OpenCL for it
        print("tinygrad skipped: %s" % exc)
        return None

    @TinyJit
    def run(a):
        a = a.T if view == "T" else a
        return a[key].contiguous().realize()

    def call():
        return run(t)

    def sync():
        Device["CL"].synchronize()
    return call, sync


def rect_copy(queue, x, key, out):
    """pyopencl's own copy of a rectangular slice (one enqueue_copy with
    row pitches), for 2-D keys with unit steps; None otherwise."""
    import pyopencl as cl
    if x.ndim != 2 or not x.flags.c_contiguous or not all(
            isinstance(k, slice) and k.step in (None, 1) for k in key):
        return None
    rows = range(x.shape[0])[key[0]]
    cols = range(x.shape[1])[key[1]]
    item = x.dtype.itemsize
    pitch = x.shape[1] * item

    def copy():
        return cl.enqueue_copy(
            queue, out.base_data, x.base_data,
            src_origin=(cols.start * item, rows.start, 0),
            dst_origin=(0, 0, 0),
            region=(len(cols) * item, len(rows), 1),
            src_pitches=(pitch, 0), dst_pitches=(len(cols) * item, 0))
    return copy


def device_throughput(queue, repeats):
    """Large slices, ms per copy waited for, all methods interleaved in
    one run: the C API (clslice_enqueue_gather into a buffer made once),
    clslice.slice (result from clslice's pool), clslice.slice with out=,
    tinygrad (TinyJit, its own buffer cache), pyopencl's take (index array
    on the device, upload not counted) and pyopencl's rectangle copy
    where the slice is one."""
    import pyopencl.array as cla
    from clslice import _cl
    dlib = device_library()
    rows = []
    for shape, key, view in THROUGHPUT_CASES:
        host = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        x = cla.to_device(queue, host)
        flat = x.reshape(-1)
        index = np.arange(host.size, dtype=np.int64).reshape(shape)
        tg = tinygrad_slicer(shape, key, view, host)
        if view == "T":
            x, host, index = x.T, host.T, index.T
        idx = index[key]
        idx_dev = cla.to_device(queue, np.ascontiguousarray(idx).ravel())
        expected = host[key]
        plan = clslice.plan(x.shape, key)
        out = cla.empty(queue, expected.shape, np.float32)
        assert np.array_equal(clslice.slice(x, key).get(), expected)
        assert np.array_equal(cla.take(flat, idx_dev).get().reshape(
            expected.shape), expected)
        rt = _cl.runtime_for(x.context)
        err = Error()
        strides = _cl.element_strides(x, "x")

        def c_api():
            ev = ctypes.c_void_p()
            if strides is None:
                dlib.clslice_enqueue_gather(
                    rt, queue.int_ptr, plan, 4, x.base_data.int_ptr,
                    x.offset, out.base_data.int_ptr, 0, 0, 0, None,
                    ctypes.byref(ev), ctypes.byref(err))
            else:
                call = CLCall(queue=queue.int_ptr, event=ctypes.pointer(ev))
                desc = CLGatherDesc(
                    plan=plan._ptr.value, elem_size=4,
                    src=CLTensor(x.base_data.int_ptr, x.offset, strides),
                    dst=CLTensor(out.base_data.int_ptr, 0, None))
                dlib.clslice_cl_gather(rt, ctypes.byref(call),
                                      ctypes.byref(desc), ctypes.byref(err))
            lib_release_event(ev)
            queue.finish()

        fns = {
            "c_api": c_api,
            "clslice": lambda: (clslice.slice(x, key), queue.finish()),
            "clslice_out": lambda: (clslice.slice(x, key, out=out),
                                    queue.finish()),
            "take": lambda: (cla.take(flat, idx_dev), queue.finish()),
        }
        rect = rect_copy(queue, x, key, out)
        if rect is not None:
            fns["rect_copy"] = lambda: (rect(), queue.finish())
        if tg is not None:
            call, sync = tg
            for _ in range(3):  # TinyJit captures on its second call
                got = call()
            sync()
            assert np.array_equal(got.numpy(), expected)
            fns["tinygrad"] = lambda: (call(), sync())
        for fn in fns.values():
            fn()  # warm: built programs, pool blocks, first touches
        f = median_us(fns, repeats)
        ms = {name: f[name] / 1e3 for name in f}
        out_bytes = expected.nbytes
        row = {"shape": list(shape), "view": view or "",
               "key": clslice.key_to_expr(key),
               "out_MB": round(out_bytes / 1e6, 1)}
        for name, value in ms.items():
            row[name + "_ms"] = round(value, 3)
        # bytes read + written by the copy itself, per second
        row["clslice_GBps"] = round(2 * out_bytes / ms["clslice"] / 1e6, 2)
        row["c_api_GBps"] = round(2 * out_bytes / ms["c_api"] / 1e6, 2)
        row["clslice_over_c_api"] = round(ms["clslice"] / ms["c_api"], 2)
        row["clslice_out_over_c_api"] = round(
            ms["clslice_out"] / ms["c_api"], 2)
        peers = {k: v for k, v in ms.items()
                 if k in ("take", "rect_copy", "tinygrad")}
        best = min(peers, key=peers.get)
        row["best_peer"] = best
        row["speedup_vs_best_peer"] = round(peers[best] / ms["clslice"], 2)
        rows.append(row)
    return rows


def lib_release_event(ev):
    """Drops the event the C call made (the bench does not wait on it)."""
    import pyopencl as cl
    cl.Event.from_int_ptr(ev.value, retain=False)


def device_split(queue, repeats):
    """clslice.split (one batched command) against one clslice.slice per
    piece and one pyopencl take per piece, each waited for once."""
    import pyopencl.array as cla
    rows = []
    for shape, sections, axis in [((1024, 3 * 1024), 3, 1),
                                  ((4096, 256), 64, 0),
                                  ((64, 64, 64), 64, 2)]:
        host = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        x = cla.to_device(queue, host)
        flat = x.reshape(-1)
        pieces = np.split(np.arange(host.size).reshape(shape), sections,
                          axis=axis)
        idx = [cla.to_device(queue, np.ascontiguousarray(p).ravel())
               for p in pieces]
        step = shape[axis] // sections
        keys = [(slice(None),) * axis + (slice(i * step, (i + 1) * step),)
                for i in range(sections)]
        for ours, want in zip(clslice.split(x, sections, axis), pieces):
            assert np.array_equal(ours.get(), host.ravel()[want])

        def batched():
            clslice.split(x, sections, axis)
            queue.finish()

        def one_by_one():
            for key in keys:
                clslice.slice(x, key)
            queue.finish()

        def take():
            for i in idx:
                cla.take(flat, i)
            queue.finish()

        f = median_us({"split": batched, "slices": one_by_one,
                       "take": take}, repeats)
        rows.append({"shape": list(shape), "sections": sections,
                     "axis": axis, "split_us": f["split"],
                     "slice_each_us": f["slices"], "take_each_us": f["take"],
                     "speedup_vs_slices": round(f["slices"] / f["split"], 2),
                     "speedup_vs_take": round(f["take"] / f["split"], 2)})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--calls", type=int, default=3000,
                    help="timed calls per figure (default 3000)")
    ap.add_argument("--repeats", type=int, default=9,
                    help="timed copies per throughput figure (default 9)")
    ap.add_argument("--no-throughput", action="store_true",
                    help="skip the large device copies")
    args = ap.parse_args()
    result = {"python": platform.python_version(),
              "numpy": np.__version__, "clslice": clslice.library_version,
              "host_overhead": host_overhead(args.calls)}
    queue = device_queue()
    if queue is not None:
        import pyopencl
        result["pyopencl"] = pyopencl.VERSION_TEXT
        result["device"] = queue.device.name.strip()
        result["device_overhead"] = device_overhead(queue, args.calls)
        if not args.no_throughput:
            result["device_throughput"] = device_throughput(queue,
                                                           args.repeats)
        if hasattr(clslice, "split"):  # not in older versions
            result["device_split"] = device_split(queue, args.repeats * 5)
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
