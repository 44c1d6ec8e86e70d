# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""No false greens: a pytest run with no OpenCL platform (an empty private
OCL_ICD_VENDORS folder, read by pyopencl's ICD loader) skips the device
tests and says why, and with CLSLICE_REQUIRE_DEVICE=1 it fails, naming
the requirement.  Each run is a child pytest over this folder's conftest
and one device test (about a second each)."""
import os
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("pyopencl")

_HERE = os.path.dirname(os.path.abspath(__file__))
_PROBE = "def test_probe(queue):\n    assert queue is not None\n"


def _run_without_platform(tmp_path, require):
    shutil.copy(os.path.join(_HERE, "conftest.py"), tmp_path / "conftest.py")
    (tmp_path / "test_probe.py").write_text(_PROBE)
    vendors = tmp_path / "vendors"
    vendors.mkdir()
    env = dict(os.environ, OCL_ICD_VENDORS=str(vendors))
    env.pop("OCL_ICD_FILENAMES", None)
    env.pop("CLSLICE_REQUIRE_DEVICE", None)
    if require:
        env["CLSLICE_REQUIRE_DEVICE"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p",
         "no:cacheprovider", str(tmp_path)],
        cwd=str(tmp_path), env=env, capture_output=True, text=True,
        timeout=120)


def test_no_device_skips_and_says_so(tmp_path):
    run = _run_without_platform(tmp_path, require=False)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "1 skipped" in out, out
    assert "OpenCL tests skipped" in out, out


def test_no_device_fails_where_required(tmp_path):
    run = _run_without_platform(tmp_path, require=True)
    out = run.stdout + run.stderr
    assert run.returncode != 0, out
    assert "CLSLICE_REQUIRE_DEVICE=1 requires an OpenCL device" in out, out
    assert "1 passed" not in out, out
