# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The examples of docs/python.md run as written, so they cannot rot."""
import os
import re

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")


def _blocks():
    with open(DOC) as f:
        return re.findall(r"```python\n(.*?)```", f.read(), re.S)


def test_the_doc_has_its_three_examples():
    assert len(_blocks()) == 3


def test_numpy_example(capsys):
    exec(compile(_blocks()[0], DOC, "exec"), {})
    assert "ClsliceIndexError item 0: shrink index 5" in capsys.readouterr().out


def test_device_example(queue, capsys):
    exec(compile(_blocks()[1], DOC, "exec"), {})
    out = capsys.readouterr().out
    assert "[[ 9. 11.]" in out and "[ 7. 11.] [4. 5.]" in out


def test_csr_example():
    pytest.importorskip("scipy.sparse", reason="scipy is not installed")
    namespace = {}
    exec(compile(_blocks()[0], DOC, "exec"), namespace)
    exec(compile(_blocks()[2], DOC, "exec"), namespace)
