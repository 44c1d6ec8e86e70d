#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""scipy's side of clslice-bench's CSR rows: times m[expr] on a
scipy.sparse.csr_matrix holding the matrix the C program slices.

clslice-bench writes the matrix's arrays to raw files (native byte order)
in a temporary directory and runs this script with one JSON argument:

    scipy_bench.py '{"dir": D, "rows": R, "cols": C, "nnz": N,
                     "cases": [{"expr": "[1000:900000]", "index": "int32",
                                "repeat": 15}, ...]}'

D holds indptr.i32 and indices.i32 (int32) and data.f32 (float32).  For
"index": "int64" the index arrays are widened and set on the matrix after
construction, because scipy's constructor narrows them back to int32 when
the values fit.  Prints, per case in order:

    SCIPY <index> <median seconds> <result nnz> <result index dtype>

Without numpy or scipy the only output is "UNAVAILABLE <why>" (exit
status 0), and clslice-bench records scipy as null.
"""
import json
import os
import sys

try:
    import numpy as np
    import scipy.sparse as sp
except ImportError as e:  # both are optional
    print(f"UNAVAILABLE numpy or scipy is not importable ({e}); "
          "pip install numpy scipy")
    sys.exit(0)

from peers import median_seconds, parse_index  # noqa: E402


def load(spec, index):
    def array(name, dtype, count):
        a = np.fromfile(os.path.join(spec["dir"], name), dtype=dtype)
        if a.size != count:
            raise SystemExit(f"{name}: {a.size} entries, expected {count}")
        return a

    rows, cols, nnz = spec["rows"], spec["cols"], spec["nnz"]
    indptr = array("indptr.i32", "=i4", rows + 1)
    indices = array("indices.i32", "=i4", nnz)
    data = array("data.f32", "=f4", nnz)
    m = sp.csr_matrix((data, indices, indptr), shape=(rows, cols),
                      copy=False)
    if index == "int64":
        m.indptr = m.indptr.astype(np.int64)
        m.indices = m.indices.astype(np.int64)
    return m


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    spec = json.loads(argv[1])
    m, loaded = None, None
    for i, case in enumerate(spec["cases"]):
        if case["index"] != loaded:
            m = None  # one matrix in memory at a time
            m = load(spec, case["index"])
            loaded = case["index"]
        idx = parse_index(case["expr"])
        seconds = median_seconds(lambda: m[idx], int(case["repeat"]))
        r = m[idx]
        print(f"SCIPY {i} {seconds:.9e} {r.nnz} {r.indices.dtype}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
