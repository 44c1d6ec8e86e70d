# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Shared fixtures: the random seed (printed with every failure) and an
OpenCL queue on the first device pyopencl finds (PoCL in CI)."""
import os
import random

import pytest

SEED = int(os.environ.get("CLSLICE_TEST_SEED", "20261123"))


@pytest.fixture
def rng():
    """A seeded random.Random; rerun a failure with CLSLICE_TEST_SEED."""
    return random.Random(SEED)


def pytest_report_header(config):
    return "clslice random tests: CLSLICE_TEST_SEED=%d" % SEED


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
    for platform in platforms:
        devices = platform.get_devices()
        if devices:
            ctx = cl.Context(devices[:1])
            return cl.CommandQueue(ctx), None
    return None, "no OpenCL device on any platform"


_QUEUE = None


@pytest.fixture(scope="session")
def queue():
    global _QUEUE
    if _QUEUE is None:
        _QUEUE = _make_queue()
    q, reason = _QUEUE
    if q is None:
        pytest.skip("OpenCL tests skipped: " + reason)
    return q
