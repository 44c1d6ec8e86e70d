# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""_lib.py writes the C API's numbers by hand, since ctypes cannot read a
header: the status code behind each exception class, the split styles,
the flags and the limits.  Here every one of them is checked against the
public headers, and the statuses against the C library itself
(clslice_status_string), so that a number that drifts on either side
fails."""
import ast
import os
import re

from clslice import _lib

_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        os.pardir, os.pardir, "include")
_HEADERS = ("clslice.h", "clslice_cl.h")
# What clslice_status_string says of a value that is no status.
_NOT_A_STATUS = "unknown status"


def _evaluate(expr, known):
    """An integer constant expression of a header (1u << 2, (-1),
    CLSLICE_DYNAMIC_INFO_WORDS * 8) with the constants read before it."""
    expr = re.sub(r"\b(\d+)[uUlL]+\b", r"\1", expr)
    tree = ast.parse(expr, mode="eval")
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant,
               ast.Name, ast.Load, ast.LShift, ast.Mult, ast.Add, ast.Sub,
               ast.USub, ast.BitOr)
    for node in ast.walk(tree):
        assert isinstance(node, allowed), "cannot read %r" % expr
    return eval(compile(tree, "<header>", "eval"), {"__builtins__": {}},
                known)


def _without_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)


def _header_constants():
    """CLSLICE_* integer #defines and enumerators of the public headers."""
    known = {}
    for header in _HEADERS:
        path = os.path.join(_INCLUDE, header)
        assert os.path.isfile(path), "no public header at %s" % path
        with open(path, encoding="utf-8") as f:
            text = _without_comments(f.read())
        for name, expr in re.findall(
                r"^#define (CLSLICE_\w+) +([-()\w *<|+]+?)\s*$", text, re.M):
            try:
                known[name] = _evaluate(expr, known)
            except (SyntaxError, NameError, AssertionError):
                pass  # not an integer constant (a macro of strings, ...)
        for body in re.findall(r"\benum\s*\w*\s*\{(.*?)\}", text, re.S):
            value = -1
            for item in body.split(","):
                match = re.match(r"\s*(CLSLICE_\w+)\s*(?:=\s*(.+?))?\s*$",
                                 item, re.S)
                if match:
                    value = (_evaluate(match.group(2), known)
                             if match.group(2) else value + 1)
                    known[match.group(1)] = value
    return known


def _statuses():
    """The error statuses of clslice_status: {"ARGUMENT": 1, ...}."""
    prefix = "CLSLICE_ERROR_"
    found = {name[len(prefix):]: value
             for name, value in _header_constants().items()
             if name.startswith(prefix)}
    assert found, "no CLSLICE_ERROR_* enumerator found in clslice.h"
    return found


def _class_name(suffix):
    """CLSLICE_ERROR_OPENCL -> ClsliceOpenCLError, _INDEX -> ...IndexError."""
    words = {"OPENCL": "OpenCL"}
    return "Clslice%sError" % words.get(suffix, suffix.title())


def test_every_status_has_its_exception_class():
    statuses = _statuses()
    for suffix, value in sorted(statuses.items(), key=lambda s: s[1]):
        cls = _lib._BY_STATUS.get(value)
        assert cls is not None, \
            "CLSLICE_ERROR_%s = %d has no exception class" % (suffix, value)
        assert cls.__name__ == _class_name(suffix), \
            "status %d is CLSLICE_ERROR_%s in clslice.h, %s in _lib.py" % (
                value, suffix, cls.__name__)
        assert cls.status == value
    extra = sorted(set(_lib._BY_STATUS) - set(statuses.values()))
    assert not extra, "_lib.py has statuses clslice.h lacks: %s" % extra


def test_the_library_knows_every_status_number():
    # The compiled library, not only its header: every status _lib.py
    # raises for has a name there, and the next number has none.
    status_string = _lib.lib.clslice_status_string
    for value, cls in _lib._BY_STATUS.items():
        name = status_string(value).decode()
        assert name != _NOT_A_STATUS, \
            "%s.status = %d is no status of the library" % (cls.__name__,
                                                            value)
    after = max(_statuses().values()) + 1
    assert status_string(after).decode() == _NOT_A_STATUS, \
        "the library has a status %d that clslice.h and _lib.py lack" % after


def test_raise_for_raises_the_class_of_each_status():
    for value, cls in _lib._BY_STATUS.items():
        err = _lib.Error(status=value)  # an empty message: the status name
        try:
            _lib.raise_for(value, err)
        except _lib.ClsliceError as exc:
            assert type(exc) is cls and exc.status == value
            assert str(exc) == _lib.lib.clslice_status_string(value).decode()
        else:
            raise AssertionError("raise_for(%d) raised nothing" % value)


def test_every_number_matches_the_headers():
    # Every upper-case integer of _lib.py is a constant of the C API,
    # named as in the headers without CLSLICE_.
    header = _header_constants()
    numbers = {name: value for name, value in vars(_lib).items()
               if name.isupper() and type(value) is int}
    assert len(numbers) >= 10, numbers  # the split styles alone are 9
    for name, value in sorted(numbers.items()):
        assert "CLSLICE_" + name in header, \
            "_lib.%s has no CLSLICE_%s in the headers" % (name, name)
        assert header["CLSLICE_" + name] == value, \
            "_lib.%s = %d, CLSLICE_%s = %d" % (name, value, name,
                                               header["CLSLICE_" + name])
