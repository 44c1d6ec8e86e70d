# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Shared fixtures: the random seed (printed with every failure) and an
OpenCL queue on the device the C tests pick (PoCL in CI), named in the
header; without one the device tests skip, or, with
CLSLICE_REQUIRE_DEVICE=1, the run fails."""
import os
import random

import pytest

SEED = int(os.environ.get("CLSLICE_TEST_SEED", "20261123"))


@pytest.fixture
def rng():
    """A seeded random.Random; rerun a failure with CLSLICE_TEST_SEED."""
    return random.Random(SEED)


def _device_required():
    """CLSLICE_REQUIRE_DEVICE=1 (scripts/test.sh, the GPU kit): a run with
    no OpenCL device fails rather than skipping every device test."""
    return os.environ.get("CLSLICE_REQUIRE_DEVICE") == "1"


def _pick_device(platforms):
    """The device the C tests pick (tests/support/devutil.c): the first
    GPU of any platform, else the first device of any platform."""
    import pyopencl as cl
    for kind in (cl.device_type.GPU, cl.device_type.ALL):
        for platform in platforms:
            try:
                devices = platform.get_devices(device_type=kind)
            except cl.Error:  # DEVICE_NOT_FOUND
                continue
            if devices:
                return devices[0]
    return None


def _make_queue():
    try:
        import pyopencl as cl
    except ImportError as exc:
        return None, "pyopencl is not installed (%s)" % exc
    try:
        platforms = cl.get_platforms()
    except cl.Error as exc:
        return None, ("pyopencl finds no OpenCL platform (%s); is an ICD "
                      "listed in /etc/OpenCL/vendors?" % exc)
    device = _pick_device(platforms)
    if device is None:
        return None, "no OpenCL device on any platform"
    return cl.CommandQueue(cl.Context([device])), None


_QUEUE = None


def _queue_or_reason():
    global _QUEUE
    if _QUEUE is None:
        _QUEUE = _make_queue()
    return _QUEUE


def pytest_report_header(config):
    q, reason = _queue_or_reason()
    device = ("device: %s" % q.device.name.strip() if q is not None
              else "no OpenCL device: %s" % reason)
    return ["clslice random tests: CLSLICE_TEST_SEED=%d" % SEED, device]


def pytest_sessionstart(session):
    """Where a device is required, no device ends the run at once: the
    modules that import pyopencl.array with importorskip would otherwise
    skip quietly."""
    q, reason = _queue_or_reason()
    if q is None and _device_required():
        pytest.exit("CLSLICE_REQUIRE_DEVICE=1 requires an OpenCL device: "
                    + reason, returncode=1)


@pytest.fixture(scope="session")
def queue():
    q, reason = _queue_or_reason()
    if q is None:
        pytest.skip("OpenCL tests skipped (set CLSLICE_REQUIRE_DEVICE=1 to "
                    "fail instead): " + reason)
    return q
