#!/usr/bin/env python3
"""What the Python layer costs above the C library, and what the device
slice gains over pyopencl's own way to copy a strided slice.

1. Per-call overhead: clslice.slice(x, key) on small numpy arrays, minus
   the C call it makes (clslice_host_gather through ctypes with a built
   plan and a preallocated output).  The same for pyopencl arrays, where
   the C call is clslice_enqueue_gather (enqueue only, both sides).
2. Throughput on the first OpenCL device: clslice.slice against the usual
   workaround, pyopencl.array.take with a precomputed index array on the
   device (index upload not counted), both waited for with queue.finish().

Run with the package installed (bash scripts/test_python.sh makes a venv):
    build-python/venv/bin/python bench/python_overhead.py [--json FILE]
Figures are the minimum over repeats: the least disturbed run.
"""
import argparse
import ctypes
import json
import platform
import timeit

import numpy as np

import clslice
from clslice._lib import lib, Error


def best_us(fn, number, repeat=7):
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def host_overhead():
    rows = []
    for shape, key in [((4, 4), np.s_[1:3, ::-1]),
                       ((8, 8, 8), np.s_[..., None, 2, ::2]),
                       ((64, 64), np.s_[::2, 1:-1])]:
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

        n = 20000
        c = best_us(c_call, n)
        key_us = best_us(lambda: clslice.slice(x, key), n)
        text_us = best_us(lambda: clslice.slice(x, text), n)
        rows.append({
            "shape": list(shape), "key": text,
            "c_gather_us": round(c, 2),
            "c_plan_gather_release_us": round(best_us(c_cold, n), 2),
            "slice_numpy_key_us": round(key_us, 2),
            "slice_string_key_us": round(text_us, 2),
            "overhead_numpy_key_us": round(key_us - c, 2),
            "overhead_string_key_us": round(text_us - c, 2),
            "numpy_copy_us": round(best_us(lambda: x[key].copy(), n), 2),
        })
    return rows


def device_queue():
    try:
        import pyopencl as cl
        ctx = cl.Context(cl.get_platforms()[0].get_devices()[:1])
        return cl.CommandQueue(ctx)
    except Exception as exc:  # no pyopencl, platform or device
        print("no OpenCL device, device figures skipped: %s" % exc)
        return None


def device_overhead(queue):
    """A new output array per call costs the same buffer allocation on
    both sides (PoCL allocates a buffer's memory at its first use), so the
    C side allocates a fresh cl.Buffer for each call too."""
    import pyopencl as cl
    import pyopencl.array as cla
    from clslice import _cl
    x = cla.to_device(queue, np.arange(64, dtype=np.float32).reshape(8, 8))
    key = np.s_[1:7, ::-2]
    plan = clslice.plan(x.shape, key)
    nbytes = plan.size * 4
    rt = _cl.runtime_for(x.context)
    err = Error()
    keep = []

    def c_call():
        out = cl.Buffer(x.context, cl.mem_flags.READ_WRITE, nbytes)
        ev = ctypes.c_void_p()
        lib.clslice_enqueue_gather(rt, queue.int_ptr, plan, 4,
                                   x.base_data.int_ptr, 0, out.int_ptr, 0, 0,
                                   0, None, ctypes.byref(ev),
                                   ctypes.byref(err))
        keep.append((out, cl.Event.from_int_ptr(ev.value, retain=False)))

    def py_call():
        keep.append(clslice.slice(x, key))

    def empty():
        keep.append(cla.empty(queue, plan.output_shape, np.float32))

    n = 2000
    clslice.slice(x, key).get()  # builds the program once
    figures = {}
    for name, fn in (("c_enqueue_fresh_buffer_us", c_call),
                     ("slice_enqueue_us", py_call),
                     ("pyopencl_empty_us", empty)):
        figures[name] = round(best_us(fn, n), 2)
        queue.finish()
        keep.clear()
    figures["overhead_us"] = round(figures["slice_enqueue_us"] -
                                   figures["c_enqueue_fresh_buffer_us"], 2)
    return dict({"shape": [8, 8], "key": clslice.key_to_expr(key)},
                **figures)


def device_throughput(queue):
    import pyopencl.array as cla
    rows = []
    for shape, key in [((4096, 4096), np.s_[::2, ::2]),
                       ((4096, 4096), np.s_[:, 1:-1]),
                       ((4096, 4096), np.s_[::-1, ::3]),
                       ((64, 64, 64, 16), np.s_[:, ::-1, 8:, ::4]),
                       ((1 << 24,), np.s_[1::7])]:
        host = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        x = cla.to_device(queue, host)
        flat = x.reshape(-1)
        idx = np.arange(host.size, dtype=np.int64).reshape(shape)[key]
        idx_dev = cla.to_device(queue, np.ascontiguousarray(idx).ravel())
        expected = host[key]
        assert np.array_equal(clslice.slice(x, key).get(), expected)
        assert np.array_equal(cla.take(flat, idx_dev).get().reshape(
            expected.shape), expected)

        def ours():
            clslice.slice(x, key)
            queue.finish()

        def theirs():
            cla.take(flat, idx_dev)
            queue.finish()

        ms_ours = best_us(ours, 5, 5) / 1e3
        ms_take = best_us(theirs, 5, 5) / 1e3
        out_bytes = expected.nbytes
        rows.append({
            "shape": list(shape), "key": clslice.key_to_expr(key),
            "out_MB": round(out_bytes / 1e6, 1),
            "clslice_ms": round(ms_ours, 3), "take_ms": round(ms_take, 3),
            # bytes read + written by the copy itself, per second
            "clslice_GBps": round(2 * out_bytes / ms_ours / 1e6, 2),
            "take_GBps": round(2 * out_bytes / ms_take / 1e6, 2),
            "speedup": round(ms_take / ms_ours, 2),
        })
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    result = {"python": platform.python_version(),
              "numpy": np.__version__, "clslice": clslice.library_version,
              "host_overhead": host_overhead()}
    queue = device_queue()
    if queue is not None:
        result["device"] = queue.device.name.strip()
        result["device_overhead"] = device_overhead(queue)
        result["device_throughput"] = device_throughput(queue)
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
