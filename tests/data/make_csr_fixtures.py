#!/usr/bin/env python3
"""Developer tool: regenerates the CSR fixtures in tests/data/csr/.

CI does not run this script and needs neither numpy nor scipy: its output
is committed.  Run it (with numpy; scipy makes it cross-check more) after
changing the cases below:

    python3 tests/data/make_csr_fixtures.py

A CSR matrix PREFIX is four files, as a scipy.sparse user saves one:
PREFIX_indptr.npy, PREFIX_indices.npy, PREFIX_data.npy, PREFIX_shape.npy
(int64 [rows, cols]).  Expected results come from `reference` below, a
plain Python reading of the rules (Python's own slice clamping, kept
entries in stored order); with scipy installed every numeric result is
also checked against scipy's slicing as a dense array.

It writes into tests/data/csr/:
  in_*_{indptr,indices,data,shape}.npy    inputs
  out_*_...                               expected results
  bad_*_...                               corrupt or unsupported inputs
  cases.txt   INPUT<TAB>EXPECTED<TAB>ARGS... (`clslice csr-slice` options)
  bad.txt     INPUT<TAB>EXIT<TAB>TEXT<TAB>ARGS...: the run must exit with
              EXIT and its message must contain TEXT
"""
import os

import numpy as np

try:
    import scipy.sparse as sp
except ImportError:  # the cross-check is optional
    sp = None

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "csr")
RNG = np.random.default_rng(20240612)
PARTS = ("indptr", "indices", "data", "shape")

os.makedirs(HERE, exist_ok=True)
for old in os.listdir(HERE):
    if old.endswith((".npy", ".txt")):
        os.remove(os.path.join(HERE, old))

cases = []
bad = []


def save(prefix, indptr, indices, data, shape):
    arrays = (indptr, indices, data, np.array(shape, dtype=np.int64))
    for part, array in zip(PARTS, arrays):
        np.save(os.path.join(HERE, f"{prefix}_{part}.npy"), array)


def parse(text):
    return [None if t == "None" else int(t) for t in text.split(",")] \
        if text else []


def reference(m, begin, end, step):
    """The slice by the documented rules, without the library."""
    indptr, indices, data, (rows, cols) = m
    slices = [slice(None), slice(None)]
    for d, (b, e) in enumerate(zip(begin, end)):
        s = step[d] if step else None
        slices[d] = slice(b, e, s)
    row_sel = range(rows)[slices[0]]
    col_sel = range(cols)[slices[1]]
    where = {c: j for j, c in enumerate(col_sel)}
    out_indptr, out_indices, kept = [0], [], []
    for r in row_sel:
        for e in range(indptr[r], indptr[r + 1]):
            j = where.get(int(indices[e]))
            if j is not None:
                out_indices.append(j)
                kept.append(e)
        out_indptr.append(len(out_indices))
    return (np.array(out_indptr, dtype=indptr.dtype),
            np.array(out_indices, dtype=indices.dtype),
            data[np.array(kept, dtype=np.int64)],
            (len(row_sel), len(col_sel))), slices


def dense(m):
    indptr, indices, data, (rows, cols) = m
    out = np.zeros((rows, cols), dtype=data.dtype)
    with np.errstate(over="ignore"):  # repeated columns add up, and wrap
        for r in range(rows):
            for e in range(indptr[r], indptr[r + 1]):
                out[r, indices[e]] += data[e]
    return out


def cross_check(m, result, slices):
    if sp is None or m[2].dtype.kind not in "iufc":
        return
    indptr, indices, data, shape = m
    a = sp.csr_matrix((data, indices, indptr), shape=shape)
    want = a[slices[0], :][:, slices[1]].toarray()
    assert np.array_equal(dense(result), want), (slices, dense(result), want)


def case(name, m, begin, end, step="", host_only=False):
    """One `clslice csr-slice` run: IN, EXPECTED and its options."""
    result, slices = reference(m, parse(begin), parse(end), parse(step))
    cross_check(m, result, slices)
    out = f"out_{name}_{len(cases)}"
    save(out, *result)
    args = [f"--begin={begin}", f"--end={end}"]
    if step:
        args.append(f"--step={step}")
    cases.append((f"in_{name}", out, args))


def matrix(name, m):
    save(f"in_{name}", *m)
    return m


def random_matrix(rows, cols, index_dtype, data_dtype, sort=False):
    indptr = [0]
    indices = []
    for _ in range(rows):
        n = 0 if cols == 0 or RNG.integers(0, 4) == 0 else \
            int(RNG.integers(0, cols + 2))
        row = RNG.integers(0, max(cols, 1), n)  # repeats, unsorted
        indices.extend(sorted(set(row)) if sort else row)
        indptr.append(len(indices))
    nnz = len(indices)
    dtype = np.dtype(data_dtype)
    if dtype.kind == "c":
        data = (RNG.standard_normal(nnz) + 1j * RNG.standard_normal(nnz))
    elif dtype.kind == "V":
        data = np.frombuffer(RNG.bytes(nnz * dtype.itemsize), dtype=dtype)
    elif dtype.kind == "b":
        data = RNG.integers(0, 2, nnz).astype(bool)
    else:
        data = RNG.integers(-100, 100, nnz)
    return (np.array(indptr, dtype=index_dtype),
            np.array(indices, dtype=index_dtype),
            np.asarray(data).astype(dtype), (rows, cols))


# MXNet's documentation example (python/mxnet/ndarray/sparse.py).
A = matrix("A", (np.array([0, 2, 3, 6]), np.array([0, 2, 2, 0, 1, 2]),
                 np.array([1., 2., 3., 4., 5., 6.], dtype=np.float32),
                 (3, 3)))
case("A", A, "1", "2")
case("A", A, "0,1", "3,3")
case("A", A, "0,1", "2,2")                      # nothing kept
case("A", A, "None", "None", "-1")              # MXNet densifies; we do not
case("A", A, "-1,None", "None,None", "1,-2")
case("A", A, "2", "1")                          # no row: indptr [0]

if sp is not None:  # a matrix exactly as scipy stores it
    s = sp.random(9, 7, density=0.35, format="csr", random_state=7,
                  dtype=np.float64)
    S = matrix("scipy", (s.indptr, s.indices, s.data, s.shape))
    case("scipy", S, "2,1", "8,6")
    case("scipy", S, "None,None", "None,None", "-2,3")

R = matrix("rand_i4_f4", random_matrix(11, 8, np.int32, np.float32))
for b, e, s in [("1", "9", ""), ("None,2", "None,7", ""),
                ("-3,-1", "-100,-100", "-1,-1"), ("None,7", "None,None",
                                                   "2,-3"),
                ("100,None", "-100,None", "-1,2"), ("0,3", "11,3", "")]:
    case("rand_i4_f4", R, b, e, s)
R = matrix("rand_i8_c16", random_matrix(6, 5, np.int64, np.complex128))
case("rand_i8_c16", R, "None,1", "None,4", "-1,2")
R = matrix("rand_i4_b1", random_matrix(5, 9, np.int32, bool, sort=True))
case("rand_i4_b1", R, "1,-9", "5,100", "1,3")
R = matrix("rand_i8_V3", random_matrix(7, 4, np.int64, "V3"))
case("rand_i8_V3", R, "-2,None", "None,None", "-1,-1")
R = matrix("rand_i4_u2", random_matrix(4, 6, np.int32, np.uint16))
case("rand_i4_u2", R, "0", "4")
E = matrix("empty_0x5", (np.array([0], dtype=np.int32),
                         np.array([], dtype=np.int32),
                         np.array([], dtype=np.float64), (0, 5)))
case("empty_0x5", E, "None,1", "None,3")
E = matrix("empty_4x0", (np.array([0, 0, 0, 0, 0], dtype=np.int64),
                         np.array([], dtype=np.int64),
                         np.array([], dtype=np.int8), (4, 0)))
case("empty_4x0", E, "1", "3", "-1")


def corrupt(name, m, code, text, args=("--begin=0", "--end=None")):
    save(f"bad_{name}", *m)
    bad.append((f"bad_{name}", code, text, list(args)))


i64 = np.int64
d3 = np.array([1., 2., 3.])
corrupt("start", (np.array([1, 2, 3, 3], i64), np.array([0, 1, 2], i64), d3,
                  (3, 3)), 3, "indptr[0] = 1, but indptr must start at 0")
corrupt("decrease", (np.array([0, 2, 1, 3], i64),
                     np.array([0, 1, 2], i64), d3, (3, 3)), 3,
        "indptr decreases at indptr[2] = 1 < indptr[1] = 2")
corrupt("past", (np.array([0, 4, 4, 3], i64), np.array([0, 1, 2], i64), d3,
                 (3, 3)), 3, "indptr[1] = 4 is past nnz = 3")
corrupt("last", (np.array([0, 1, 2, 2], i64), np.array([0, 1, 2], i64), d3,
                 (3, 3)), 3, "indptr[3] (the last) = 2, but nnz = 3")
corrupt("negcol", (np.array([0, 1, 2, 3], np.int32),
                   np.array([0, -1, 2], np.int32), d3, (3, 3)), 3,
        "indices[1] = -1 (row 1) is not a column of a matrix with 3 columns")
corrupt("bigcol", (np.array([0, 1, 2, 3], i64), np.array([0, 1, 3], i64),
                   d3, (3, 3)), 3, "indices[2] = 3 (row 2)")
corrupt("mixed", (np.array([0, 1, 2, 3], np.int32),
                  np.array([0, 1, 2], i64), d3, (3, 3)), 3,
        "indptr and indices must have one type")
corrupt("float", (np.array([0., 1., 2., 3.]), np.array([0, 1, 2], i64), d3,
                  (3, 3)), 3, "must be a 1-D int32 or int64 array")
corrupt("length", (np.array([0, 1, 3], i64), np.array([0, 1, 2], i64), d3,
                   (3, 3)), 3, "a matrix of 3 rows needs rows + 1 = 4")
corrupt("nnz", (np.array([0, 1, 2, 3], i64), np.array([0, 1, 2], i64),
                np.array([1., 2.]), (3, 3)), 3,
        "they must have one length (nnz)")
corrupt("shape3", (np.array([0, 1, 2, 3], i64), np.array([0, 1, 2], i64), d3,
                   (3, 3, 1)), 3, "a CSR shape is a 1-D integer array")
# Reversing 2^32 columns sends column 0 to 2^32 - 1, past int32 indices.
corrupt("wide", (np.array([0, 1], np.int32), np.array([0], np.int32),
                 np.array([1.]), (1, 2**32)), 3,
        "the slice has 4294967296 output columns",
        ("--begin=None,None", "--end=None,None", "--step=1,-1"))
# rows = INT64_MAX: rows + 1 must be reported, not overflowed.
corrupt("hugerows", (np.array([0, 1, 2, 3], i64), np.array([0, 1, 2], i64),
                     d3, (2**63 - 1, 3)), 3,
        "rows needs rows + 1 = 9223372036854775808")

with open(os.path.join(HERE, "cases.txt"), "w") as f:
    for inp, out, args in cases:
        f.write("\t".join([inp, out] + args) + "\n")
with open(os.path.join(HERE, "bad.txt"), "w") as f:
    for inp, code, text, args in bad:
        f.write("\t".join([inp, str(code), text] + args) + "\n")
print(f"{len(cases)} cases, {len(bad)} corrupt inputs in {HERE}")
