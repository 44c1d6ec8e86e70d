#!/usr/bin/env python3
"""numpy's side of clslice-bench: times np.ascontiguousarray(a[expr]) (the
gather) and a[expr] = v (the scatter) on the same data the C program
slices on the device, in host memory.

clslice-bench runs this script itself, passing the cases as one JSON
argument so the case list lives only in bench/cases.c:

    numpy_bench.py --repeat R '[{"dtype": "float32", "shape": [512, 512, 256],
                                 "expr": "[1:-1, ::2, 3:250]", "repeat": 15,
                                 "gather": 1, "scatter": 1}]'

and prints, per case in order, for the gather (unless "gather" is 0):

    RESULT <index> <median seconds> <copyto median seconds> <view 0|1>

and for the scatter (when "scatter" is 1), where v is a contiguous array
of the slice's final shape (MXNet _slice_assign's exact rule):

    SCATTER <index> <median seconds>

`copyto` is np.copyto into a preallocated output: the same data movement
without numpy's per-call allocation (fresh pages fault in on every call).
When ascontiguousarray returns a view (a slice that is already contiguous,
so numpy moves nothing), the timed call is a[expr].copy() and view is 1.
Without numpy the only output is "UNAVAILABLE <why>" (exit status 0).
"""
import json
import statistics
import sys
import time

try:
    import numpy as np
except ImportError as e:  # numpy is optional: the C side records null
    print(f"UNAVAILABLE numpy is not importable ({e}); pip install numpy")
    sys.exit(0)


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


def time_gather(index, a, idx, repeat):
    view = np.shares_memory(np.ascontiguousarray(a[idx]), a)
    if view:
        seconds = median_seconds(lambda: a[idx].copy(), repeat)
    else:
        seconds = median_seconds(lambda: np.ascontiguousarray(a[idx]), repeat)
    out = np.empty(a[idx].shape, dtype=a.dtype)
    copyto = median_seconds(lambda: np.copyto(out, a[idx]), repeat)
    print(f"RESULT {index} {seconds:.9e} {copyto:.9e} {int(view)}",
          flush=True)


def time_scatter(index, a, idx, repeat):
    v = np.array(a[idx], order="C")  # a copy: v must not alias a

    def assign():
        a[idx] = v

    seconds = median_seconds(assign, repeat)
    print(f"SCATTER {index} {seconds:.9e}", flush=True)


def run_case(index, case, default_repeat):
    a = make_input(case["dtype"], case["shape"])
    idx = parse_index(case["expr"])
    repeat = int(case.get("repeat", default_repeat))
    if case.get("gather", 1):
        time_gather(index, a, idx, repeat)
    if case.get("scatter", 0):
        time_scatter(index, a, idx, repeat)


def main(argv):
    repeat = 15
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--repeat":
        repeat = int(args[1])
        args = args[2:]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for index, case in enumerate(json.loads(args[0])):
        run_case(index, case, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
