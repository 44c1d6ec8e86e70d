# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Random numpy basic-indexing keys and arrays for the differential tests.
"""
import numpy as np

DTYPES = [np.bool_, np.int8, np.uint16, np.int32, np.int64, np.float16,
          np.float32, np.float64, np.complex128, np.dtype("S3"),
          np.dtype([("a", "<i4"), ("b", "<f8")]), np.dtype("V5"),
          np.dtype("M8[D]"), np.dtype("m8[ns]")]

# Integers at and past the int64 and uint64 edges, where numpy switches
# between results, IndexError and OverflowError.
EDGES = [(1 << 63) - 1, 1 << 63, (1 << 64) - 1, 1 << 64, 10 ** 30,
         -(1 << 63), -(1 << 63) - 1, -(1 << 64), -10 ** 30]


def random_shape(rng, max_rank=5, max_dim=6):
    return tuple(rng.randint(0, max_dim) if rng.random() < 0.9
                 else rng.randint(0, 1)
                 for _ in range(rng.randint(0, max_rank)))


def _bound(rng, d):
    r = rng.random()
    if r < 0.25:
        return None
    if r < 0.3:
        return rng.choice([-(1 << 70), 1 << 70, -(1 << 63), (1 << 63) - 1])
    return rng.randint(-d - 3, d + 3)


def random_slice(rng, d):
    step = rng.choice([None, None, 1, -1, 2, -2, 3, -3, 7, -(1 << 40)])
    return slice(_bound(rng, d), _bound(rng, d), step)


def random_key(rng, shape, valid=True):
    """A key for an array of `shape`.  With valid=False it may hold an
    out-of-range integer or too many indices."""
    dims = list(shape)
    items = []
    ellipsis_at = rng.randint(0, len(dims)) if rng.random() < 0.4 else None
    i = 0
    while i < len(dims):
        if ellipsis_at == i:
            items.append(Ellipsis)
            i += rng.randint(0, len(dims) - i)
            ellipsis_at = None
            if i >= len(dims):
                break
        if rng.random() < 0.15:
            items.append(None)
            continue
        if (Ellipsis not in items and rng.random() < 0.2
                and rng.random() < 0.7 ** len(items)):
            # Leave the trailing dims implicit (not after an ellipsis,
            # which would align the items to the right).
            break
        d = dims[i]
        r = rng.random()
        if r < 0.3 and d > 0:
            items.append(rng.randint(-d, d - 1))
        elif r < 0.35:
            items.append(np.int64(rng.randint(-d, d - 1)) if d > 0
                         else slice(None))
        else:
            items.append(random_slice(rng, d))
        i += 1
    if ellipsis_at is not None:
        items.append(Ellipsis)
    if not valid:
        if rng.random() < 0.5 or not dims:
            # One index too many, with new axes sprinkled in.
            items = [random_slice(rng, d) for d in dims] + [0]
            for _ in range(rng.randint(0, 2)):
                items.insert(rng.randint(0, len(items)), None)
        else:
            pos = rng.randint(0, len(dims) - 1)
            d = dims[pos]
            bad = rng.choice([d, d + 5, -d - 1, -d - 9])
            items = [random_slice(rng, dd) for dd in dims[:pos]] + [bad]
            if rng.random() < 0.5:
                items.append(Ellipsis)
    if len(items) == 1 and rng.random() < 0.5:
        return items[0]
    return tuple(items)


def _hostile_int(rng, d):
    r = rng.random()
    if r < 0.4:
        return rng.choice(EDGES)
    if r < 0.5:
        return rng.choice([np.uint64(1 << 63), np.uint64(5), np.int64(-1)])
    return rng.randint(-d - 2, d + 1)


def _hostile_bound(rng, d):
    r = rng.random()
    if r < 0.3:
        return None
    if r < 0.6:
        return rng.choice(EDGES)
    if r < 0.63:
        return 1.5  # not an index: numpy's TypeError, at its turn
    return rng.randint(-d - 2, d + 2)


def hostile_key(rng, shape):
    """A key that numpy may refuse: integers past int64, a second
    Ellipsis, zero steps, too many indices, float items and bounds, all
    mixed so that the order of numpy's checks decides the exception."""
    items = []
    for _ in range(rng.randint(0, len(shape) + 2)):
        d = rng.choice(shape) if shape else 1
        r = rng.random()
        if r < 0.3:
            items.append(_hostile_int(rng, d))
        elif r < 0.75:
            step = rng.choice([None, 1, -1, 0, 2, -3] + EDGES[:2] + EDGES[-2:])
            items.append(slice(_hostile_bound(rng, d), _hostile_bound(rng, d),
                               step))
        elif r < 0.85:
            items.append(Ellipsis)
        elif r < 0.95:
            items.append(None)
        else:
            items.append(1.5)
    if len(items) == 1 and rng.random() < 0.5:
        return items[0]
    return tuple(items)


def random_array(rng, shape, dtype, contiguous=True):
    """An array of `shape` with random bytes (compare results byte-wise).
    Non-contiguous arrays are strided or reversed views of a larger array,
    Fortran-ordered copies or transposed copies."""
    dtype = np.dtype(dtype)
    nprng = np.random.default_rng(rng.randrange(1 << 32))
    steps = [1] * len(shape)
    if not contiguous:
        steps = [rng.choice([1, 2, -1, -2, 3]) for _ in shape]
    base_shape = tuple(s * abs(k) for s, k in zip(shape, steps))
    raw = nprng.integers(0, 256, dtype=np.uint8,
                         size=int(np.prod(base_shape)) * dtype.itemsize)
    if dtype == np.bool_:
        raw &= 1  # numpy normalises other bytes when it makes a scalar
    base = raw.view(dtype).reshape(base_shape)
    if contiguous or not shape:
        return base
    view = base[tuple(slice(None, None, k) for k in steps)]
    r = rng.random()
    if r < 0.25 and len(shape) >= 2:
        return np.asfortranarray(view)
    if r < 0.5 and len(shape) >= 2:
        perm = list(range(len(shape)))
        rng.shuffle(perm)
        return np.ascontiguousarray(view.transpose(perm)).transpose(
            np.argsort(perm))
    return view


def same(ours, expected):
    """Same shape, dtype and bytes (NaNs and structured dtypes included).
    """
    if isinstance(expected, np.generic):
        # numpy returns a scalar for a 0-d result, and bytes_ scalars drop
        # trailing NULs ("S3" becomes "S2"); put it back into the dtype.
        if expected.dtype.kind != ours.dtype.kind:
            return False
        expected = np.array(expected, dtype=ours.dtype)
    expected = np.asarray(expected)
    return (isinstance(ours, np.ndarray) and ours.shape == expected.shape
            and ours.dtype == expected.dtype
            and ours.tobytes() == np.ascontiguousarray(expected).tobytes())
