# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""A user's script as mypy --strict (and pyright, where installed) read it:
scripts/test_python.sh checks it against the installed package.  Not a
pytest module (its name has no test_ prefix); nothing here runs.

The lines marked `# type: ignore[code]` are misuse that the package's
types must catch: mypy --strict warns about an ignore comment that
silences nothing, so each fails the check if its error went away (as it
would with results typed Any)."""
# pyright: strict, reportUnnecessaryTypeIgnoreComment=true
from typing import List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt
import pyopencl as cl
import pyopencl.array as cla

import clslice


def host(x: npt.NDArray[np.float32]) -> None:
    y: npt.NDArray[np.float32] = clslice.slice(x, np.s_[1:, ::2])
    pieces: List[npt.NDArray[np.float32]] = clslice.split(x, 2, axis=1)
    joined: npt.NDArray[np.float32] = clslice.concatenate([x, y])
    stacked: npt.NDArray[np.float32] = clslice.stack([x, x])
    clslice.assign(x, np.s_[0], 1.0).sum()
    shape: Tuple[object, ...] = clslice.shape((4, None), "[1:, ::2]")
    window = clslice.dynamic_slice(x, [1, -2], [1, 2])
    window.sum()
    del pieces, joined, stacked, shape
    # misuse: a host slice is no device array, and lists have no .get()
    wrong: cla.Array = clslice.slice(x, "[1:]")  # type: ignore[assignment]
    clslice.split(x, 2).get()  # type: ignore[attr-defined]
    clslice.slice(x, "[1:]", queue=3)  # type: ignore[call-overload]
    del wrong


def device(queue: cl.CommandQueue, d: cla.Array,
           starts: cla.Array) -> None:
    y: cla.Array = clslice.slice(d, "[1:, ::-1]", queue=queue)
    events: List[cl.Event] = y.events
    pieces: List[cla.Array] = clslice.slice_many(d, ["[0]", "[1:]"],
                                                 wait_for=events)
    clslice.split(d, 2, out=pieces)
    joined: cla.Array = clslice.concatenate([d, np.zeros(3, np.float32)])
    window: cla.Array = clslice.dynamic_slice(d, starts, [2])
    clslice.dynamic_update_slice(d, window, starts).get()
    pool = clslice.memory_pool(queue.context)
    z: cla.Array = clslice.slice(d, "[::2]", allocator=pool)
    clslice.prepare(queue, index64=True)
    ((data, indices, indptr), (rows, cols)) = clslice.csr_slice(
        (d, starts, starts), "[1:, ::2]", shape=(3, 3))
    data.get()
    del joined, z, indices, indptr, rows, cols
    # misuse: a device result is no numpy array (mypy reads it as a
    # pyopencl array given where the declared numpy result needs numpy)
    host_view: np.ndarray = clslice.slice(d, "[1:]")  # type: ignore[arg-type]
    clslice.chunk(d, 2).get()  # type: ignore[attr-defined]
    del host_view


def images(queue: cl.CommandQueue, d: cla.Array, image: cl.Image) -> None:
    t = clslice.ImageTensor(image, (1, 8, 4, 4), "nc4hw4", queue)
    y: clslice.ImageTensor = clslice.slice(t, "[:, 1:]")
    b: cla.Array = clslice.slice(t, "[:, 1:]",
                                 out=cla.empty(queue, (1, 7, 4, 4),
                                               np.float32))
    z: clslice.ImageTensor = clslice.slice(d, "[...]", out=t)
    w: clslice.ImageTensor = clslice.strided_slice(t, [0, 1], [1, 8])
    clslice.assign(t, "[:, 0]", 1.0).get()
    host: npt.NDArray[np.float32] = clslice.ImageTensor.to_device(
        queue, np.zeros((2, 3, 4), np.float32), "phwc4").get()
    clslice.fill(t, "[0]", 0.0).add_event(y.events[0])
    size: Tuple[int, int] = clslice.image_size((2, 3, 4), "phwc4")
    # a 1-D buffer image (TFLite's IMAGE_BUFFER), and its buffer
    flat_image: clslice.ImageTensor = clslice.ImageTensor.empty(
        queue, (2, 3, 4), np.float32, "phwc4", image1d_buffer=True)
    over: Optional[cl.Buffer] = flat_image.buffer
    held: bool = flat_image.image1d_buffer
    del over, held
    clslice.prepare(queue, batch=False, image=True)
    # batches and concatenations: an image's pieces are images, images
    # alone join into an image, with a pyopencl array into an array
    pieces: List[clslice.ImageTensor] = clslice.split(t, 2, axis=1)
    mixed: List[Union[clslice.ImageTensor, cla.Array]] = clslice.slice_many(
        d, ["[0]", "[1:]"], out=[t, d])
    joined: clslice.ImageTensor = clslice.concatenate(pieces, axis=1)
    into: clslice.ImageTensor = clslice.concatenate([d, t], out=t)
    flat: cla.Array = clslice.concatenate([t, d], axis=0)
    stacked: clslice.ImageTensor = clslice.stack([t, t])
    del b, z, w, host, size, mixed, joined, into, flat, stacked
    # misuse: an image's slice is an image, not a pyopencl array, and
    # numpy-only calls do not take images
    wrong: cla.Array = clslice.slice(t, "[1:]")  # type: ignore[assignment]
    also: cla.Array = clslice.concatenate(  # type: ignore[assignment]
        [t, t])
    clslice.slice_blocked(t, "[1:]")  # type: ignore[type-var]
    del wrong, also
