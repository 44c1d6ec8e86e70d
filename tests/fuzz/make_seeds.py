#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Writes the fuzzers' seed corpora (tests/fuzz/corpus/<target>/) from the
conformance cases (tests/cases/*.json) and the .npy fixtures (tests/data/npy).

Each seed is a case encoded the way the target decodes its input (see the
comments of tests/fuzz/fuzz_util.h and of each target).  Cases whose values
the encoding cannot express are skipped.  Run from anywhere:
    python3 tests/fuzz/make_seeds.py
Files are named by content hash, as libFuzzer names them, so re-running
only adds what is new and never removes minimised crash inputs checked in
beside the generated seeds.
"""
import hashlib
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(ROOT, "tests", "cases")
NPY = os.path.join(ROOT, "tests", "data", "npy")
CORPUS = os.path.join(HERE, "corpus")


class Skip(Exception):
    pass


def i64(v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise Skip()
    if -32 <= v <= 31:
        return bytes([v + 32])
    if not -(2 ** 63) <= v < 2 ** 63:
        raise Skip()
    return b"\xf0" + struct.pack("<q", v)


def dim(v):
    if isinstance(v, int) and 0 <= v <= 23:
        return bytes([v])
    return i64(-1 if v is None else v)


def rank(r):
    if r <= 8:
        return bytes([r])
    if r <= 31:
        return bytes([0xD0 + r])
    return bytes([0xF0 + r - 30])


def shape(dims):
    return rank(len(dims)) + b"".join(dim(d) for d in dims)


def slot_len(n):
    if n <= 8:
        return bytes([n])
    if 60 <= n <= 75:
        return bytes([0xF0 + n - 60])
    raise Skip()


def vec(values):
    return slot_len(len(values)) + b"".join(i64(v) for v in values)


def tf_mask(m):
    if 0 <= m < 0x80:
        return bytes([m])
    return b"\x80" + struct.pack("<i", m)


def mask_bits(values):
    out = slot_len(len(values))
    for v in values:
        if v in (0, 1):
            out += bytes([v])
        elif 2 <= v <= 16:
            out += bytes([0xF0 + v - 2])
        elif v == -1:
            out += b"\xff"
        else:
            raise Skip()
    return out


def opt(v):
    return b"\x01" if v is None else b"\x00" + i64(v)


# What fz_check_plan reads after the spec: element size 4, then a
# broadcast value of rank 0 (fills the slice).
CHECK_TAIL = b"\x03\x00"


def tf_seed(c):
    if not isinstance(c.get("begin"), list) or not isinstance(c.get("strides"), list):
        raise Skip()
    out = b"\x00" + shape(c["shape"]) + b"\x00"
    for key in ("begin", "end", "strides"):
        out += vec(c[key])
    for key in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                "shrink_axis_mask"):
        out += tf_mask(c.get(key) or 0)
    return out + CHECK_TAIL


def expr_seed(c):
    if not isinstance(c.get("expr"), str):
        raise Skip()
    return shape(c["shape"]) + b"\x03" + c["expr"].encode()


def openvino_seed(c):
    flags = 0
    out = b""
    for bit, key in ((1, "begin"), (2, "end"), (4, "strides")):
        v = c.get(key)
        if v is None and key == "strides":
            v = []
        if not isinstance(v, list):
            raise Skip()
        out += vec(v)
    for key in ("begin_mask", "end_mask", "new_axis_mask", "shrink_axis_mask",
                "ellipsis_mask"):
        out += mask_bits(c.get(key) or [])
    return b"\x01" + shape(c["shape"]) + bytes([flags]) + out + CHECK_TAIL


def mxnet_seed(c):
    op = c.get("op")
    if op in ("mxnet.slice", "mxnet._slice_assign", "mxnet._slice_assign_scalar"):
        out = b"\x02" + shape(c["shape"])
        for key in ("begin", "end", "step"):
            v = c.get(key) or []
            out += slot_len(len(v)) + b"".join(opt(x) for x in v)
        return out + CHECK_TAIL
    if op == "mxnet.slice_axis":
        return (b"\x03" + shape(c["shape"]) + i64(c["axis"]) + i64(c["begin"])
                + opt(c.get("end")) + CHECK_TAIL)
    if op == "mxnet.slice_like":
        axes = c.get("axes") or []
        return (b"\x04" + shape(c["shape"]) + shape(c["like_shape"]) + vec(axes)
                + (b"\x00" if not axes else b"") + CHECK_TAIL)
    raise Skip()


def onnx_seed(c):
    if not isinstance(c.get("starts"), list):
        raise Skip()
    flags = (1 if c.get("axes") is None else 0) | (2 if c.get("steps") is None else 0)
    out = b"\x05" + shape(c["shape"]) + bytes([flags])
    for key in ("starts", "ends", "axes", "steps"):
        out += vec(c.get(key) or [])
    return out + CHECK_TAIL


def csr_seed(matrix, c):
    rows, cols = matrix["shape"]
    ptr, idx = matrix["indptr"], matrix["indices"]
    if rows > 16:
        raise Skip()
    out = b"\x00" + bytes([rows]) + dim(cols) + b"\x03"
    for r in range(rows):
        n = ptr[r + 1] - ptr[r]
        if n > 4:
            raise Skip()
        out += bytes([n])
    for v in idx:
        out += bytes([v]) if 0 <= v < 20 else b"\xe0" + i64(v)
    begin, end, step = c.get("begin") or [], c.get("end") or [], c.get("step") or []
    out += bytes([len(begin), len(end), len(step)])
    for i in range(2):
        for arr in (begin, end, step):
            out += opt(arr[i] if i < len(arr) else None)
    return out


def write(target, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def load(name):
    with open(os.path.join(CASES, name)) as f:
        return json.load(f)


def main():
    makers = {"tf_strided_slice.json": tf_seed,
              "openvino_strided_slice.json": openvino_seed,
              "mxnet_slice.json": mxnet_seed, "onnx_slice.json": onnx_seed}
    counts = {}
    for name, maker in makers.items():
        for case in load(name):
            for target, fn in (("fuzz_front", maker), ("fuzz_expr", expr_seed)):
                try:
                    write(target, fn(case))
                    counts[target] = counts.get(target, 0) + 1
                except (Skip, KeyError, TypeError):
                    pass
    matrices = {}
    for case in load("mxnet_slice.json"):
        if case.get("op") == "mxnet.csr_matrix":
            matrices[case["matrix"]] = case
        elif case.get("op") == "mxnet.csr_slice" and case["matrix"] in matrices:
            try:
                write("fuzz_csr", csr_seed(matrices[case["matrix"]], case))
                counts["fuzz_csr"] = counts.get("fuzz_csr", 0) + 1
            except (Skip, KeyError, TypeError):
                pass
    for name in sorted(os.listdir(NPY)):
        path = os.path.join(NPY, name)
        if name.endswith(".npy") and os.path.getsize(path) <= 1024:
            with open(path, "rb") as f:
                write("fuzz_npy", f.read())
            counts["fuzz_npy"] = counts.get("fuzz_npy", 0) + 1
    for target, n in sorted(counts.items()):
        print(f"{target}: {n} seeds")


if __name__ == "__main__":
    main()
