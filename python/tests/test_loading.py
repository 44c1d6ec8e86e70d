# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""How the package loads its two libraries: the host one at import, the
full one at the first device call, bound to an OpenCL loader in the
process; a missing loader is an error that names it."""
import os

import pytest

import clslice
from clslice import _lib


def test_missing_loader_is_named():
    name = "libOpenCL-not-installed.so.1"
    with pytest.raises(clslice.ClsliceOpenCLError) as info:
        _lib.open_opencl_loader([name])
    message = str(info.value)
    assert name in message
    assert "Host (numpy) slicing works" in message


@pytest.mark.skipif(bool(os.environ.get("CLSLICE_LIBRARY")),
                    reason="CLSLICE_LIBRARY replaces the host library")
def test_host_library_has_no_device_calls():
    # The host half is libclslice-core: it cannot even name a device call,
    # so importing it can never need OpenCL.
    assert os.path.basename(_lib.lib._name) == "libclslice-core.so"
    with pytest.raises(AttributeError):
        _lib.lib.clslice_runtime_create


def test_device_library_binds_to_the_process_loader(queue):
    # queue (conftest) made pyopencl load its OpenCL loader: the full
    # library binds to that one, whatever the system has.
    loaders = _lib._loaders_in_process()
    assert loaders, "pyopencl runs, yet no libOpenCL is mapped"
    device = _lib.device_library()
    assert device is _lib.device_library()   # loaded once
    assert callable(device.clslice_runtime_create)
