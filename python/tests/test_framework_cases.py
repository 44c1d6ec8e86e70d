# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The frameworks' own cases (tests/cases/*.json, which the C conformance
suite runs too) through the Python framework-style calls: output shapes,
values where the case gives them, and errors where it expects one."""
import json
import os

import numpy as np
import pytest

import clslice

CASES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "tests",
                         "cases")


def _deviations():
    out = set()
    path = os.path.join(CASES_DIR, "deviations.txt")
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, index = line.split()[:2]
                out.add((name, int(index)))
    return out


class NotHere(Exception):
    """The case needs something a numpy-level call cannot express (value
    intervals, runtime begin/end, CSR ops tested elsewhere)."""


def _dims(shape):
    if shape is None:
        return None
    out = []
    for d in shape:
        if isinstance(d, int):
            out.append(None if d == -1 else d)
        elif d == "?":
            out.append(None)
        else:
            raise NotHere("interval dimension %r" % (d,))
    return tuple(out)


def _ints(values):
    if values is not None and not (
            isinstance(values, list)
            and all(isinstance(v, int) for v in values)):
        raise NotHere("runtime or interval values %r" % (values,))
    return values


def _input(case, shape, key="input"):
    given = case.get(key)
    if given is None and "input_flat" in case:
        given = case["input_flat"]
    if given in (None, "iota(0)", "arange(prod(shape)).reshape(shape)") \
            or case.get("input_values") == "iota(0)":
        return np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    if given == "ones":
        return np.ones(shape)
    return np.asarray(given, dtype=np.float64).reshape(shape)


def _spec(name, case):
    op = case.get("op")
    if name == "tf_strided_slice":
        return clslice.TF(_ints(case["begin"]), _ints(case["end"]),
                          _ints(case["strides"]), case["begin_mask"],
                          case["end_mask"], case["ellipsis_mask"],
                          case["new_axis_mask"], case["shrink_axis_mask"])
    if name == "openvino_strided_slice":
        return clslice.OpenVINO(
            _ints(case["begin"]), _ints(case["end"]),
            _ints(case.get("strides")), _ints(case.get("begin_mask")),
            _ints(case.get("end_mask")), _ints(case.get("new_axis_mask")),
            _ints(case.get("shrink_axis_mask")),
            _ints(case.get("ellipsis_mask")))
    if name == "onnx_slice":
        return clslice.ONNX(case["starts"], case["ends"], case.get("axes"),
                            case.get("steps"))
    if op in ("mxnet.slice", "mxnet._slice_assign",
              "mxnet._slice_assign_scalar"):
        return clslice.MXNet(case["begin"], case["end"], case.get("step"))
    if op == "mxnet.slice_axis":
        return clslice.SliceAxis(case["axis"], case["begin"], case["end"])
    if op == "mxnet.slice_like":
        return clslice.SliceLike(case["like_shape"], case.get("axes"))
    raise NotHere("op %s" % op)


def _run(name, index, case, queue=None):
    """Runs one case on the host, and with a queue on the device as well
    (the same calls on a pyopencl copy, results compared with the
    host's)."""
    shape = _dims(case["shape"])
    spec = _spec(name, case)
    op = case.get("op")
    if case.get("error") is not None:
        with pytest.raises(clslice.ClsliceError):
            clslice.shape(shape, spec)
        return
    out_shape = _dims(case.get("out_shape"))
    if out_shape is not None and op not in ("assign", "mxnet._slice_assign",
                                            "mxnet._slice_assign_scalar"):
        assert clslice.shape(shape, spec) == out_shape
    if None in shape or np.prod(shape, dtype=object) > 1 << 20:
        return  # shape inference only
    x = _input(case, shape)
    if case.get("begin", 0) is None or case.get("end", 0) is None:
        # Values not known yet: shape inference works, execution may not.
        if not clslice.plan(shape, spec).is_known:
            with pytest.raises(clslice.ClsliceUnknownError):
                clslice.slice(x, spec)
        return
    arrays = [(x, lambda a: a)]
    if queue is not None:
        import pyopencl.array as cla
        arrays.append((cla.to_device(queue, x), lambda a: a.get()))
    for target, to_host in arrays:
        _run_on(name, case, spec, target, to_host, out_shape)


def _run_on(name, case, spec, x, to_host, out_shape):
    op = case.get("op")
    if op == "assign":
        value = np.asarray(case["rhs_flat"], np.float64).reshape(
            case["rhs_shape"])
        clslice.assign(x, spec, value)
        assert to_host(x).ravel().tolist() == case["result_flat"]
        return
    if op == "mxnet._slice_assign":
        value = np.zeros(case["rhs_shape"])
        clslice.assign(x, spec, value, exact=True)
        assert to_host(x).tolist() == case["values"]
        return
    if op == "mxnet._slice_assign_scalar":
        clslice.fill(x, spec, case["scalar"])
        assert to_host(x).tolist() == case["values"]
        return
    fn = {
        "tf_strided_slice": lambda: clslice.strided_slice(
            x, spec.begin, spec.end, spec.strides, *spec.masks),
        "openvino_strided_slice": lambda: clslice.openvino_strided_slice(
            x, **{k: v for k, v in spec.vectors.items()}),
        "onnx_slice": lambda: clslice.onnx_slice(x, *spec.args),
    }.get(name, lambda: clslice.slice(x, spec))
    y = to_host(fn())
    if out_shape is not None:
        assert y.shape == out_shape
    expected = case.get("out_flat", case.get("values"))
    if expected is not None:
        assert y.ravel().tolist() == np.ravel(expected).tolist()
    if name == "tf_strided_slice" and case.get("expr"):
        # The case's own numpy spelling gives the same result.
        assert y.tolist() == to_host(clslice.slice(x, case["expr"])).tolist()


NAMES = ["tf_strided_slice", "openvino_strided_slice", "mxnet_slice",
         "onnx_slice"]


def _run_file(name, queue=None):
    with open(os.path.join(CASES_DIR, name + ".json")) as f:
        cases = json.load(f)
    deviations = _deviations()
    ran, not_here = 0, []
    for index, case in enumerate(cases):
        if (name + ".json", index) in deviations:
            continue
        try:
            _run(name, index, case, queue)
            ran += 1
        except NotHere as why:
            not_here.append((index, str(why)))
        except AssertionError as exc:
            raise AssertionError("%s.json case %d: %s\n%s" % (
                name, index, exc, json.dumps(case)[:600])) from None
        except clslice.ClsliceError as exc:
            raise AssertionError("%s.json case %d raised %r\n%s" % (
                name, index, exc, json.dumps(case)[:600])) from None
    print("%s: %d cases ran, %d not expressible here: %s"
          % (name, ran, len(not_here), not_here))
    assert ran >= len(cases) // 2


@pytest.mark.parametrize("name", NAMES)
def test_framework_case_file(name):
    _run_file(name)


@pytest.mark.parametrize("name", NAMES)
def test_framework_case_file_on_device(name, queue):
    pytest.importorskip("pyopencl.array", reason="pyopencl is not installed")
    _run_file(name, queue)
