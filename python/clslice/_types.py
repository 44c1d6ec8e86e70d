# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The types of the public signatures, for mypy and pyright: a call gives
back the kind of array it was given (numpy in, numpy out; pyopencl in,
pyopencl out), so one constrained type variable, AnyArray, spells most
of them.  pyopencl is imported for the checker only: numpy users never
load it, and without it installed its names read as Any."""
from typing import (TYPE_CHECKING, Any, Callable, Optional, Sequence,
                    TypeVar, Union)

import numpy.typing as npt

from ._image import ImageTensor

if TYPE_CHECKING:
    import pyopencl as cl
    import pyopencl.array as cla

#: A numpy array of any dtype.
NDArray = npt.NDArray[Any]
#: A numpy array or a pyopencl.array.Array; a result has the input's kind.
#: Other array-likes (lists, scalars) work at run time as numpy arrays;
#: typed code passes numpy.asarray(...) of them.
AnyArray = TypeVar("AnyArray", npt.NDArray[Any], "cla.Array")
#: AnyArray or an ImageTensor (a tensor in a pyopencl image), for the
#: calls that read and write image-backed tensors (slice, the framework
#: slices, assign, fill); a result has the input's kind here too.
AnyTensor = TypeVar("AnyTensor", npt.NDArray[Any], "cla.Array", ImageTensor)
#: The command queue of a device call (queue=).
Queue = Optional["cl.CommandQueue"]
#: Events a device call waits for (wait_for=).
WaitFor = Optional[Sequence["cl.Event"]]
#: pyopencl's allocator protocol: bytes -> a buffer (a MemoryPool, an
#: ImmediateAllocator, ...).
Allocator = Optional[Callable[[int], Any]]
#: Integer start indices on the host, or a pyopencl int32/int64 array.
Starts = Union[Sequence[int], "cla.Array"]

__all__ = ["NDArray", "AnyArray", "AnyTensor", "Queue", "WaitFor", "Allocator",
           "Starts"]
