#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Times what a GPU user would slice with instead of clslice, CuPy's
cp.ascontiguousarray(x[key]) and PyTorch's x[key].contiguous(), on the
dense cases of a clslice-bench run, and sets them beside clslice's own
figures from the same run.

    gpu_peers.py BENCH_JSON OUT_PREFIX [--repeat N] [--device cuda|cpu]

BENCH_JSON is clslice-bench's --json output: each gather row names its
case's dtype, shape and expression, and the input is the bench's own
pattern (peers.make_input), so the peers slice the same bytes.  Each
result is compared with numpy's a[key] before it is timed; a wrong result
gets no number.  One timed run is the call and a device synchronise,
as clslice-bench times an enqueue and clFinish; the figure is the median
of N runs after one warm run.  Writes OUT_PREFIX.txt (a table) and
OUT_PREFIX.json (one object per case and peer).  A peer that is not
installed, or has no usable device, is skipped with the reason; with
neither, the script says so and exits 0.

PyTorch has no negative steps: a reversed dimension is flipped first
(torch.flip, which copies) and then sliced forward, what a PyTorch user
writes; the note says so.  --device cpu runs both on the host (CuPy
cannot), to test this script on a machine without a GPU; its numbers are
not GPU figures.
"""
import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import numpy as np
    from peers import make_input, parse_index
except ImportError as e:
    print(f"gpu_peers.py: numpy is not importable ({e}); no GPU peers")
    sys.exit(0)


def expand(idx, rank):
    """The key with its Ellipsis spelled out as full slices."""
    used = sum(1 for i in idx if i is not None and i is not Ellipsis)
    out = []
    for i in idx:
        out.extend([slice(None)] * (rank - used) if i is Ellipsis else [i])
    return out


def torch_key(shape, idx):
    """(dims to flip, key without negative steps) for PyTorch."""
    flips, key, dim = [], [], 0
    for item in expand(idx, len(shape)):
        if item is None or isinstance(item, int):
            key.append(item)
            dim += item is not None
            continue
        start, stop, step = item.indices(shape[dim])
        if step < 0:  # flipped, index i becomes n - 1 - i
            flips.append(dim)
            n = shape[dim]
            item = slice(n - 1 - start, n - 1 - stop, -step)
        key.append(item)
        dim += 1
    return flips, tuple(key)


# A slice that is already contiguous is a view for both peers; a user who
# needs its own copy clones it, so that is what is timed (numpy's case 8).
VIEW_NOTE = "the slice is a contiguous view; timed a copy of it"


def cupy_peer(device):
    if device != "cuda":
        raise RuntimeError("CuPy runs on CUDA devices only")
    import cupy as cp
    cp.cuda.runtime.getDeviceCount()  # raises without a usable GPU

    def build(a, idx):
        x = cp.asarray(a)
        sync = cp.cuda.Stream.null.synchronize
        if x[idx].flags.c_contiguous:  # ascontiguousarray would not copy
            return (lambda: x[idx].copy()), sync, cp.asnumpy, VIEW_NOTE
        return (lambda: cp.ascontiguousarray(x[idx])), sync, cp.asnumpy, ""
    return f"cupy {cp.__version__}", build


def torch_peer(device):
    import torch
    if device == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("torch.cuda.is_available() is False")
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)

    def build(a, idx):
        x = torch.from_numpy(np.ascontiguousarray(a)).to(device)
        flips, key = torch_key(a.shape, idx)
        note = "flip (a copy) + forward slice" if flips else ""
        if flips:
            run = lambda: x.flip(flips)[key].contiguous()  # noqa: E731
        elif x[key].is_contiguous():  # .contiguous() would not copy
            run, note = (lambda: x[key].clone()), VIEW_NOTE
        else:
            run = lambda: x[key].contiguous()  # noqa: E731
        return run, sync, lambda t: t.cpu().numpy(), note
    return f"torch {torch.__version__}", build


PEERS = {"cupy": cupy_peer, "torch": torch_peer}


def median_run(run, sync, repeat):
    sync()
    run()
    sync()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        sync()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def time_case(row, builds, repeat):
    a = make_input(row["dtype"], row["shape"])
    idx = parse_index(row["expr"])
    want = np.ascontiguousarray(a[idx])
    for name, build in builds.items():
        entry = {"id": row["id"], "case": row["case"], "peer": name,
                 "out_bytes": row["out_bytes"],
                 "clslice_gbps": row.get("clslice_gbps")}
        try:
            run, sync, to_host, note = build(a, idx)
            got = to_host(run())
            if got.shape != want.shape or got.tobytes() != want.tobytes():
                raise RuntimeError("result differs from numpy's a[key]")
            s = median_run(run, sync, repeat)
            entry.update(seconds=s, gbps=2 * row["out_bytes"] / s / 1e9,
                         note=note)
        except Exception as e:  # a case the peer cannot do
            entry.update(seconds=None, gbps=None,
                         note=f"not measured: {' '.join(str(e).split())}")
        yield entry


def table(entries, heads):
    lines = ["GPU peers: GB/s = 2 x slice bytes / median time of call + "
             "synchronise; x = clslice's GB/s (same run) / the peer's",
             "  #  peer    peer GB/s  clslice GB/s      x  case / note"]
    for e in entries:
        ratio = "-"
        if e["gbps"] and e["clslice_gbps"]:
            ratio = f"{e['clslice_gbps'] / e['gbps']:.2f}"
        gbps = f"{e['gbps']:.2f}" if e["gbps"] else "-"
        ours = e["clslice_gbps"]
        lines.append(f"{e['id']:>3}  {e['peer']:<6} {gbps:>10} "
                     f"{ours if ours is None else f'{ours:.2f}':>13} "
                     f"{ratio:>6}  {e['case']}"
                     + (f" ({e['note']})" if e["note"] else ""))
    return "\n".join(heads + lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bench_json")
    ap.add_argument("out_prefix")
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    args = ap.parse_args()
    builds, heads = {}, []
    for name, make in PEERS.items():
        try:
            version, build = make(args.device)
            builds[name] = build
            heads.append(f"{name}: {version} on {args.device}")
        except Exception as e:  # ImportError, no device, broken install
            heads.append(f"{name}: skipped ({' '.join(str(e).split())})")
    print("\n".join(heads))
    if not builds:
        print("gpu_peers.py: neither CuPy nor PyTorch can run here; "
              "no GPU peers timed")
        return 0
    with open(args.bench_json) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    entries = []
    for row in rows:
        if row.get("op") == "gather" and row.get("shape"):
            entries.extend(time_case(row, builds, args.repeat))
    with open(args.out_prefix + ".json", "w") as f:
        for e in entries:
            f.write(json.dumps(e) + "\n")
    text = table(entries, heads)
    with open(args.out_prefix + ".txt", "w") as f:
        f.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
