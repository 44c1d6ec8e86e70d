# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""csr_slice against scipy's own CSR slicing, and MXNet's CSR cases."""
import json
import os

import numpy as np
import pytest

sp = pytest.importorskip("scipy.sparse", reason="scipy is not installed")

import clslice  # noqa: E402
from conftest import SEED  # noqa: E402


def _random_csr(rng, kind):
    rows, cols = rng.randint(0, 9), rng.randint(0, 9)
    nprng = np.random.default_rng(rng.randrange(1 << 32))
    dense = nprng.integers(-5, 5, size=(rows, cols))
    dense[nprng.random((rows, cols)) < 0.5] = 0
    dtype = rng.choice([np.float64, np.float32, np.int8, np.complex64])
    m = kind(dense.astype(dtype))
    if rng.random() < 0.3 and m.nnz:
        # Unsorted column indices are allowed and keep their order.
        for r in range(rows):
            lo, hi = m.indptr[r], m.indptr[r + 1]
            m.indices[lo:hi] = m.indices[lo:hi][::-1].copy()
            m.data[lo:hi] = m.data[lo:hi][::-1].copy()
        m.has_sorted_indices = False
    if rng.random() < 0.3:
        m.indptr = m.indptr.astype(np.int64)
        m.indices = m.indices.astype(np.int64)
    return m


def _slice(rng, d):
    """Bounds and steps scipy accepts (it fails on steps past 32 bits)."""
    def bound():
        return None if rng.random() < 0.3 else rng.randint(-d - 3, d + 3)
    return slice(bound(), bound(), rng.choice([None, 1, -1, 2, -2, 3, -5]))


@pytest.mark.parametrize("kind", ["csr_matrix", "csr_array"])
def test_csr_slice_matches_scipy(rng, kind):
    kind = getattr(sp, kind)
    for i in range(600):
        m = _random_csr(rng, kind)
        key = (_slice(rng, m.shape[0]), _slice(rng, m.shape[1]))
        if rng.random() < 0.3:
            key = key[0]
        where = "seed=%d case=%d shape=%r key=%r" % (SEED, i, m.shape, key)
        expected = m[key]
        ours = clslice.csr_slice(m, key)
        assert type(ours) is type(m), where
        assert ours.shape == expected.shape, where
        assert ours.dtype == m.dtype, where
        assert ours.indices.dtype == m.indices.dtype, where
        assert np.array_equal(ours.toarray(), expected.toarray()), where
        # Entries keep their order within a row, so nothing is summed.
        assert ours.nnz == np.count_nonzero(ours.data) == \
            np.count_nonzero(expected.toarray()), where


def test_mxnet_csr_cases():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tests",
                        "cases", "mxnet_slice.json")
    with open(path) as f:
        cases = json.load(f)
    matrices = {c["matrix"]: c for c in cases if c["op"] == "mxnet.csr_matrix"}
    ran = 0
    for index, case in enumerate(cases):
        if case["op"] != "mxnet.csr_slice":
            continue
        if case["matrix"] not in matrices:
            continue  # "B" is used but never defined by the case file
        a = matrices[case["matrix"]]
        m = sp.csr_matrix((a["data"], a["indices"], a["indptr"]),
                          shape=a["shape"])
        spec = clslice.MXNet(case["begin"], case["end"], case.get("step"))
        if case.get("error"):
            with pytest.raises(clslice.ClsliceError):
                clslice.csr_slice(m, spec)
            continue
        out = clslice.csr_slice(m, spec)
        where = "mxnet_slice.json case %d" % index
        assert list(out.shape) == case["out_shape"], where
        assert out.toarray().tolist() == case["values_dense"], where
        if "out_indptr" in case:
            assert out.indptr.tolist() == case["out_indptr"], where
            assert out.indices.tolist() == case["out_indices"], where
            assert out.data.tolist() == case["out_data"], where
        ran += 1
    assert ran >= 5


def test_csr_errors_name_the_bad_position():
    good = sp.csr_matrix(np.eye(3))
    bad = sp.csr_matrix(np.eye(3))
    bad.indices = bad.indices.copy()
    bad.indices[1] = 7  # column 7 in a 3-column matrix
    with pytest.raises(clslice.ClsliceSpecError, match="7"):
        clslice.csr_slice(bad, np.s_[:, :])
    with pytest.raises(clslice.ClsliceSpecError):
        clslice.csr_slice(good, np.s_[0])  # a shrink drops a CSR dimension
    with pytest.raises(TypeError, match="CSR"):
        clslice.csr_slice(good.tocsc(), np.s_[:])
    with pytest.raises(TypeError, match="CSR"):
        clslice.csr_slice(np.eye(3), np.s_[:])


def test_device_csr_slice_matches_scipy(rng, queue):
    cla = pytest.importorskip("pyopencl.array")
    for i in range(200):
        m = _random_csr(rng, sp.csr_matrix)
        key = (_slice(rng, m.shape[0]), _slice(rng, m.shape[1]))
        where = "seed=%d case=%d shape=%r key=%r" % (SEED, i, m.shape, key)
        arrays = tuple(cla.to_device(queue, np.ascontiguousarray(a))
                       for a in (m.data, m.indices, m.indptr))
        (data, indices, indptr), shape = clslice.csr_slice(
            arrays, key, shape=m.shape)
        ours = sp.csr_matrix((data.get(), indices.get(), indptr.get()),
                             shape=shape)
        host = clslice.csr_slice(m, key)
        assert shape == host.shape, where
        assert indptr.get().tolist() == host.indptr.tolist(), where
        assert indices.get().tolist() == host.indices.tolist(), where
        assert data.get().tobytes() == host.data.tobytes(), where
        assert np.array_equal(ours.toarray(), m[key].toarray()), where


def test_device_csr_errors(queue):
    cla = pytest.importorskip("pyopencl.array")
    m = sp.csr_matrix(np.eye(3))
    arrays = [cla.to_device(queue, a) for a in (m.data, m.indices, m.indptr)]
    with pytest.raises(TypeError, match="shape"):
        clslice.csr_slice(tuple(arrays), np.s_[:])
    bad = arrays[:]
    bad[1] = cla.to_device(queue, np.array([0, 7, 2], m.indices.dtype))
    with pytest.raises(clslice.ClsliceSpecError, match="7"):
        clslice.csr_slice(tuple(bad), np.s_[:, :], shape=(3, 3))
    bad = arrays[:]
    bad[1] = arrays[1].astype(np.int64)
    with pytest.raises(TypeError, match="int32"):
        clslice.csr_slice(tuple(bad), np.s_[:], shape=(3, 3))
