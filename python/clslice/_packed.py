# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Descriptors of the C API's general calls in memory made once and
refilled at every call by one struct.pack_into, for the per-call paths.

Building a descriptor from ctypes Structures and keywords cost about
2.5 us of a 4.2 us host slice, which kept the contiguous paths on the
plain positional calls; packing costs a few hundred nanoseconds.  The
calls themselves go through a second ctypes handle declared with void
pointers: ctypes checks a POINTER(Structure) argument for about twice
what it takes to convert an int for a c_void_p (0.7 against 1.5 us a
call on a loaded 2-core machine).  Each format is proven against the
ctypes declaration of its struct when this module's users import it
(check_layout), so a platform where they differ fails at import."""
import ctypes
import struct
from typing import Any, Sequence, Tuple


def check_layout(form: struct.Struct, cls: Any,
                 fields: Sequence[str]) -> None:
    """Packs distinct numbers into a `cls` by `form` and reads them back
    through the ctypes members named `fields` (nested with dots), in
    order; ImportError naming the first that is not where `form` puts
    it."""
    if form.size != ctypes.sizeof(cls):
        raise ImportError("clslice: %s is %d bytes, its struct format %d"
                          % (cls.__name__, ctypes.sizeof(cls), form.size))
    memory = bytearray(form.size)
    probe = list(range(1, len(fields) + 1))
    form.pack_into(memory, 0, *probe)
    desc = cls.from_buffer(memory)
    for number, field in zip(probe, fields):
        value: Any = desc
        for part in field.split("."):
            value = getattr(value, part)
        if not isinstance(value, int):  # a pointer member
            value = ctypes.cast(value, ctypes.c_void_p).value
        if value != number:
            raise ImportError("clslice: %s.%s is not where its struct "
                              "format puts it" % (cls.__name__, field))


def descriptor(form: struct.Struct, cls: Any) -> Tuple[bytearray, int]:
    """A `cls` of `form` in new memory, struct_size (its first member)
    set and every other member 0: (memory, address)."""
    memory = bytearray(form.size)
    members = len(form.unpack(memory))
    form.pack_into(memory, 0, form.size, *[0] * (members - 1))
    return memory, ctypes.addressof(cls.from_buffer(memory))


def void_call(lib: ctypes.CDLL, name: str, count: int) -> Any:
    """A second handle on the C function `name` of `count` pointer
    arguments, returning a status, declared with c_void_p for each (the
    handle the package declared keeps its own types)."""
    fn = lib[name]
    fn.restype = ctypes.c_int
    fn.argtypes = [ctypes.c_void_p] * count
    return fn


def address(array: Any) -> int:
    """The address of a ctypes array (strides, shapes), 0 for None."""
    return 0 if array is None else ctypes.addressof(array)
