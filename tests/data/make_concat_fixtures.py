#!/usr/bin/env python3
"""Developer tool: regenerates the fixtures of `clslice concat` in
tests/data/npy_concat/.

CI does not run this script and needs no numpy: its output is committed.
Run it (with numpy installed) after changing the cases below:

    python3 tests/data/make_concat_fixtures.py

Every expected output is numpy.concatenate's or numpy.stack's own result,
saved C order and little-endian as `clslice` writes it.  It writes:
  *.npy        inputs (some big-endian, some Fortran order) and outputs
  concat.txt   one case a line, fields separated by tabs: EXPECTED, then
               the arguments of `clslice concat` after OUT.npy (the inputs
               and the options)
  x_*.npy      named inputs of the refusals: x_a (int64 [2, 2]), x_b
               (int64 [1, 2]), x_f8 (float64 [2, 2]), x_rank3 (int64
               [2, 2, 1]), x_scalar (a 0-d float32)
"""
import os

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "npy_concat")
RNG = np.random.default_rng(20261125)

os.makedirs(HERE, exist_ok=True)
for old in os.listdir(HERE):
    if old.endswith((".npy", ".txt")):
        os.remove(os.path.join(HERE, old))

cases = []
counter = [0]


def save(array, stem):
    counter[0] += 1
    name = "%s_%d.npy" % (stem, counter[0])
    np.save(os.path.join(HERE, name), array)
    return name


def little(array):
    """The array as clslice writes it: C order, little-endian."""
    if array.dtype.fields is None and array.dtype.byteorder == ">":
        array = array.astype(array.dtype.newbyteorder("<"))
    return np.ascontiguousarray(array)


def case(arrays, axis=None, stack=False):
    join = np.stack if stack else np.concatenate
    expected = join(arrays, axis=0 if axis is None else axis)
    names = [save(a, "in") for a in arrays]
    out = save(little(expected), "out")
    args = names[:]
    if axis is not None:
        args += ["--axis", str(axis)]
    if stack:
        args.append("--stack")
    cases.append([out] + args)


def rand(shape, dtype="<f4"):
    return (RNG.standard_normal(shape) * 100).astype(dtype)


# numpy's documented examples
a = np.array([[1, 2], [3, 4]])
b = np.array([[5, 6]])
case([a, b])
case([a, b.T], axis=1)
case([np.arange(12).reshape(3, 4)] * 10, axis=1, stack=True)
case([np.arange(3), np.arange(3, 6)], stack=True)
case([np.arange(3), np.arange(3, 6)], axis=-1, stack=True)

# every axis of a rank-3 array, positive and negative
for axis in (0, 1, 2, -1, -3):
    shapes = []
    for k in range(3):
        s = [2, 3, 4]
        s[axis] = k + 1
        shapes.append(s)
    case([rand(s) for s in shapes], axis=axis)
    case([rand((2, 3, 4)) for _ in range(3)], axis=axis, stack=True)

# the benchmark's shape, small: many [4, 4, 1] along the last axis; 20
# inputs take three launches on a device
case([rand((4, 4, 1)) for _ in range(20)], axis=-1)
case([rand((4, 4)) for _ in range(20)], axis=2, stack=True)

# dtypes, byte orders and layouts
for dtype in ("|u1", "<i2", ">i4", "<f8", ">c8", "|b1", "<M8[ns]", "|S3",
              "<U2"):
    if dtype == "|b1":
        arrays = [RNG.integers(0, 2, (3, k + 1)).astype(bool)
                  for k in range(3)]
    elif dtype.startswith("<M8"):
        arrays = [RNG.integers(0, 10**9, (3, k + 1)).astype(dtype)
                  for k in range(3)]
    elif dtype in ("|S3", "<U2"):
        arrays = [np.array([["ab", "c", "xyz"][: k + 1]] * 3, dtype=dtype)
                  for k in range(3)]
    else:
        arrays = [rand((3, k + 1), dtype) for k in range(3)]
    case(arrays, axis=1)
pair = np.dtype([("r", "u1"), ("g", "<f4")])
case([np.zeros((2, 3), pair), np.ones((1, 3), pair)])
fortran = np.asfortranarray(rand((3, 5)))
case([fortran, rand((3, 2))], axis=1)
case([rand((4, 2)), np.asfortranarray(rand((4, 3)))], axis=-1)

# empty inputs and outputs, one input, scalars stacked
case([rand((0, 3)), rand((2, 3)), rand((0, 3))])
case([rand((2, 0)), rand((2, 0))], axis=1)
case([rand((5,))])
case([np.float32(1.5), np.float32(-2)], stack=True)
case([rand((0, 2)), rand((0, 2))], stack=True, axis=1)

np.save(os.path.join(HERE, "x_a.npy"), a)
np.save(os.path.join(HERE, "x_b.npy"), b)
np.save(os.path.join(HERE, "x_f8.npy"), a.astype("<f8"))
np.save(os.path.join(HERE, "x_rank3.npy"), a.reshape(2, 2, 1))
np.save(os.path.join(HERE, "x_scalar.npy"), np.float32(3))

with open(os.path.join(HERE, "concat.txt"), "w") as f:
    for c in cases:
        f.write("\t".join(c) + "\n")
print("%d cases" % len(cases))
