#!/usr/bin/env python3
"""Developer tool: regenerates the .npy fixtures in tests/data/npy/.

CI does not run this script and needs no numpy: its output is committed.
Run it (with numpy installed) after changing the cases below:

    python3 tests/data/make_npy_fixtures.py

Every expected output is computed by numpy itself, so the tests compare
`clslice slice` with numpy rather than with our own reading of numpy.

It writes into tests/data/npy/:
  in_*.npy     inputs: every supported dtype, big-endian variants, Fortran
               order, format versions 2.0 and 3.0, hand-written headers in
               the other spellings numpy accepts, a 0-d and empty arrays
  out_*.npy    the expected result of each case, C order, little-endian,
               exactly as np.save writes it
  cases.txt    one case a line: INPUT, EXPECTED, then the SPEC arguments of
               `clslice slice`, all separated by tabs
  twins.txt    "A B" lines: A must load to the same dtype, shape and bytes
               as B (B is C order and little-endian), and saving A must
               give B's bytes exactly
  bad_*.npy    corrupt or unsupported files
  bad.txt      "FILE<TAB>TEXT" lines: loading FILE must fail and the
               message must contain TEXT
  blocked.txt  cases of blocked layouts (--src-blocked, --dst-blocked),
               as cases.txt; their inputs hold a blocked tensor's dense
               storage, and so do the expected outputs of --dst-blocked
  in_blocked_wide.npy  an empty blocked storage of too many lanes

and, for `clslice assign` and `clslice grad`, into tests/data/npy_assign/
(with a random generator of its own, so the files above do not change):
  *.npy        tensors, values, gradients and numpy's expected outputs
  assign.txt   one case a line: IN, VALUE, EXPECTED, then the arguments
               of `clslice assign` after the three files (SPEC, maybe
               --exact), all separated by tabs
  grad.txt     one case a line: DY, EXPECTED, then the arguments of
               `clslice grad` after the two files (--shape S and SPEC)
"""
import io
import os
import struct
import warnings

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy")
RNG = np.random.default_rng(20240611)

# Start from an empty folder so that no stale fixture survives.
os.makedirs(HERE, exist_ok=True)
for old in os.listdir(HERE):
    if old.endswith((".npy", ".txt")):
        os.remove(os.path.join(HERE, old))

cases = []  # (input, expected, spec args)
twins = []  # (variant, reference)
bad = []    # (file, message text)


def path(name):
    return os.path.join(HERE, name)


def save(name, array):
    np.save(path(name), array)


def save_version(name, array, version):
    with open(path(name), "wb") as f:
        np.lib.format.write_array(f, array, version=version)


def raw(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


def random_array(dtype, shape):
    dtype = np.dtype(dtype)
    n = int(np.prod(shape))
    if dtype.kind == "b":
        values = RNG.integers(0, 2, n).astype(bool)
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = RNG.integers(info.min, info.max, n, dtype=dtype,
                              endpoint=True)
    elif dtype.kind == "f":
        values = RNG.standard_normal(n) * 100
    elif dtype.kind == "c":
        values = RNG.standard_normal(n) + 1j * RNG.standard_normal(n)
    else:  # raw records: random bytes
        values = np.frombuffer(RNG.bytes(n * dtype.itemsize), dtype=dtype)
    return np.asarray(values).astype(dtype).reshape(shape)


def zero_gaps(array):
    """A C-order copy of a structured array with zero bytes between its
    fields: numpy's copies leave gap bytes uninitialised (clslice copies
    them), so the inputs have zero gaps and so must the expected files."""
    out = np.zeros(np.shape(array), array.dtype)
    for name in array.dtype.names:
        out[name] = array[name]
    return out


def little(array):
    """C-order, little-endian copy of numpy's result (0-d stays 0-d).  A
    structured dtype keeps its fields' byte order: clslice moves its
    records as stored and writes its descr back unchanged."""
    if array.dtype.names is not None:
        return zero_gaps(array)
    dtype = array.dtype.newbyteorder("<")
    return np.array(array, order="C", copy=True).astype(dtype)


# SPEC arguments of clslice, and the numpy index that means the same.
EXPR = [
    ("[1:-1, ..., None, ::-2]", np.s_[1:-1, ..., None, ::-2]),
    ("[::-1, 2]", np.s_[::-1, 2]),
    ("[...]", np.s_[...]),
    ("[2:2]", np.s_[2:2]),
]
STYLES = [
    (["--expr", "[1, -1, 0]"], np.s_[1, -1, 0]),
    (["--style", "tf", "--begin", "1,0", "--end", "3,0", "--strides",
      "1,-1", "--begin-mask", "2", "--end-mask", "2"], np.s_[1:3, ::-1]),
    (["--style", "openvino", "--begin", "0,1", "--end", "0,3",
      "--begin-mask", "1", "--end-mask", "1"], np.s_[:, 1:3]),
    (["--style", "mxnet", "--begin", "None,1", "--end", "None,None",
      "--step", "-1,2"], np.s_[::-1, 1::2]),
    (["--style", "onnx", "--starts", "-1", "--ends", "-100", "--axes",
      "0", "--steps", "-2"], np.s_[-1::-2]),
    (["--style", "onnx", "--starts", "1", "--ends", "3", "--axes", "-1"],
     np.s_[..., 1:3]),
]


def add_cases(stem, array, specs):
    """Cases for in_STEM.npy (holding `array`), expected out_STEM_K.npy."""
    for k, spec in enumerate(specs):
        if isinstance(spec, str):  # an expression numpy reads the same way
            spec = (spec, eval("np.s_" + spec))
        args, index = spec
        if isinstance(args, str):
            args = ["--expr", args]
        expected = f"out_{stem}_{k}.npy"
        result = array[index]
        if array.dtype.kind in "SU" and np.ndim(result) == 0:
            # a scalar string would shrink to its own length: U3 -> U1
            result = np.array(result, dtype=array.dtype)
        save(expected, little(result))
        cases.append((f"in_{stem}.npy", expected, args))


def with_order(array, order):
    return array.astype(array.dtype.newbyteorder(order))


# --- every dtype, little-endian and big-endian ----------------------------
DTYPES = ["|b1", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8",
          "<f2", "<f4", "<f8", "<c8", "<c16", "|V3", "|V12"]
for descr in DTYPES:
    stem = descr[1:]
    shape = (6, 7) if stem in ("b1", "V12") else (4, 5, 3)
    a = random_array(descr, shape)
    save(f"in_{stem}.npy", a)
    specs = EXPR + (STYLES if stem in ("f4", "c16", "V3") else [])
    add_cases(stem, a, specs)
    if descr[0] == "<":
        big = with_order(a, ">")
        save(f"in_{stem}_be.npy", big)
        add_cases(f"{stem}_be", big, EXPR[:2])
        twins.append((f"in_{stem}_be.npy", f"in_{stem}.npy"))

# --- Fortran order -----------------------------------------------------------
for stem, name in (("f8", "f8_fortran"), ("i2", "i2_be_fortran"),
                   ("u1", "u1_fortran"), ("V3", "V3_fortran")):
    a = np.load(path(f"in_{stem}.npy"))
    f = np.asfortranarray(with_order(a, ">") if "_be" in name else a)
    save(f"in_{name}.npy", f)
    add_cases(name, f, EXPR[:3] + ["[:, 1]"])
    twins.append((f"in_{name}.npy", f"in_{stem}.npy"))

# --- format versions 2.0 and 3.0 -------------------------------------------
a = np.load(path("in_f4.npy"))
for major in (2, 3):
    save_version(f"in_f4_v{major}.npy", a, (major, 0))
    add_cases(f"f4_v{major}", a, EXPR[:2])
    twins.append((f"in_f4_v{major}.npy", "in_f4.npy"))

# --- 0-d and empty arrays --------------------------------------------------
zero_d = np.array(RNG.standard_normal(), dtype="<f8")
save("in_f8_0d.npy", zero_d)
add_cases("f8_0d", zero_d, ["[...]", "[None]", "[None, ..., None]"])
empty = np.zeros((0, 3), dtype="<i4")
save("in_i4_empty.npy", empty)
add_cases("i4_empty", empty, ["[1:]", "[:, ::-1]", "[..., None]",
                              "[None, :, 1]"])
empty3 = np.zeros((3, 0, 2), dtype=">u2")
save("in_u2_be_empty.npy", empty3)
add_cases("u2_be_empty", empty3, ["[::-1, :, 1]", "[...]"])


# --- headers spelled the other ways numpy accepts ---------------------------
def header_file(name, header, data, version=(1, 0)):
    fmt = "<H" if version == (1, 0) else "<I"
    text = header.encode("latin1" if version < (3, 0) else "utf8")
    raw(name, b"\x93NUMPY" + bytes(version) + struct.pack(fmt, len(text))
        + text + data)


base = np.load(path("in_i2.npy"))
SPELLINGS = {
    # double quotes, other key order, no trailing comma, odd spacing,
    # no padding or alignment
    "hdr_quotes": '{ "shape" :(4,5 ,3),"fortran_order":False ,'
                  '"descr":"<i2"}\n',
    # Python 2 longs, newlines and tabs inside the dict
    "hdr_long": "{'descr':\n\t'<i2', 'fortran_order': False,\n"
                "'shape': (4L, 5L, 3L), }  \n",
    # spaces only after the dict, trailing commas everywhere allowed
    "hdr_commas": "{'descr': '<i2', 'fortran_order': False, "
                  "'shape': (4, 5, 3,),}" + " " * 40 + "\n",
}
for stem, header in SPELLINGS.items():
    header_file(f"in_{stem}.npy", header, base.tobytes())
    with warnings.catch_warnings():  # numpy notes the Python 2 longs
        warnings.simplefilter("ignore")
        loaded = np.load(path(f"in_{stem}.npy"))
    assert loaded.dtype == base.dtype and np.array_equal(loaded, base), stem
    add_cases(stem, base, EXPR[:1])
    twins.append((f"in_{stem}.npy", "in_i2.npy"))


# --- every other fixed-size dtype: strings, dates, long double, records ---
# Drawn after everything above, so the files above do not change.
def text_array(kind, chars, shape):
    """Strings of up to `chars` characters (some shorter, some empty)."""
    n = int(np.prod(shape))
    lengths = RNG.integers(0, chars + 1, n)
    if kind == "S":
        items = [bytes(RNG.integers(1, 256, k).astype(np.uint8))
                 for k in lengths]
    else:  # code points from Latin to CJK, no surrogates
        items = ["".join(map(chr, RNG.integers(32, 0xD000, k)))
                 for k in lengths]
    return np.array(items, dtype=f"{kind}{chars}").reshape(shape)


RGB = np.dtype([("r", "u1"), ("g", "u1"), ("b", "u1")])
# nested fields, a subarray, a title, a big-endian field and padding
# (offsets leave gaps, which dtype.descr spells as ('', '|V4') fields)
NESTED = np.dtype({"names": ["x", "pos", "m", "t"],
                   "formats": [">i4", [("u", "<f4"), ("v", "<f8")],
                               ("<i2", (2, 3)), "|S2"],
                   "offsets": [0, 8, 24, 36],
                   "titles": [None, None, None, "tag"],
                   "itemsize": 40})


MORE = {
    "rgb": np.frombuffer(RNG.bytes(60 * 3), dtype=RGB).reshape(4, 5, 3),
    "nested": zero_gaps(np.frombuffer(RNG.bytes(60 * 40), dtype=NESTED)
                        .reshape(4, 5, 3)),
    "S5": text_array("S", 5, (4, 5, 3)),
    "U3": text_array("U", 3, (4, 5, 3)),
    "M8ns": (RNG.integers(-2**62, 2**62, 60).astype("<M8[ns]")
             .reshape(4, 5, 3)),
    "m8s": RNG.integers(-2**40, 2**40, 60).astype("<m8[s]").reshape(4, 5, 3),
    "f16": (RNG.standard_normal(60) * 100).astype(np.longdouble).reshape(
        4, 5, 3),
    "c32": (RNG.standard_normal(60) + 1j * RNG.standard_normal(60)).astype(
        np.clongdouble).reshape(4, 5, 3),
}
for stem, a in MORE.items():
    save(f"in_{stem}.npy", a)
    add_cases(stem, a, EXPR + (STYLES[:2] if stem in ("rgb", "U3") else []))
for stem, order in (("U3", ">"), ("M8ns", ">")):
    big = with_order(MORE[stem], order)
    save(f"in_{stem}_be.npy", big)
    add_cases(f"{stem}_be", big, EXPR[:2])
    twins.append((f"in_{stem}_be.npy", f"in_{stem}.npy"))
for stem in ("rgb", "nested"):
    f = np.zeros(MORE[stem].shape, MORE[stem].dtype, order="F")  # zero gaps
    f[...] = MORE[stem]
    save(f"in_{stem}_fortran.npy", f)
    add_cases(f"{stem}_fortran", f, EXPR[:2])
    twins.append((f"in_{stem}_fortran.npy", f"in_{stem}.npy"))


# --- corrupt and unsupported files ----------------------------------------
def good_bytes(array):
    buf = io.BytesIO()
    np.save(buf, array)
    return buf.getvalue()


small = np.arange(12, dtype="<f4").reshape(3, 4)
whole = good_bytes(small)
data_at = len(whole) - small.nbytes
raw("bad_empty.npy", b"")
bad.append(("bad_empty.npy", "truncated"))
raw("bad_prefix.npy", whole[:7])
bad.append(("bad_prefix.npy", "truncated"))
raw("bad_magic.npy", b"\x93NUMPX" + whole[6:])
bad.append(("bad_magic.npy", "not a .npy file"))
raw("bad_version.npy", whole[:6] + b"\x04\x00" + whole[8:])
bad.append(("bad_version.npy", "format version 4.0"))
raw("bad_header_cut.npy", whole[:40])
bad.append(("bad_header_cut.npy", "header length"))
raw("bad_data_cut.npy", whole[:-1])
bad.append(("bad_data_cut.npy", "truncated"))
raw("bad_data_long.npy", whole + b"\0")
bad.append(("bad_data_long.npy", "1 byte after the data"))
header_file("bad_descr.npy", "{'descr': '<f3', 'fortran_order': False, "
            "'shape': (3, 4), }\n", small.tobytes())
bad.append(("bad_descr.npy", "unsupported dtype '<f3'"))
header_file("bad_overflow.npy", "{'descr': '<f4', 'fortran_order': False, "
            "'shape': (4611686018427387904, 4611686018427387904), }\n", b"")
bad.append(("bad_overflow.npy", "too many elements"))
header_file("bad_key.npy", "{'descr': '<f4', 'fortran_order': False, "
            "'shape': (3, 4), 'extra': 1}\n", small.tobytes())
bad.append(("bad_key.npy", "unknown key 'extra'"))
raw("bad_object.npy", good_bytes(np.array([1, "a", None], dtype=object)))
bad.append(("bad_object.npy", "unsupported dtype '|O'"))
raw("bad_struct_object.npy", good_bytes(np.array(
    [(1, None)], dtype=[("x", "<i4"), ("o", "O")])))
bad.append(("bad_struct_object.npy", "unsupported dtype '|O'"))
header_file("bad_struct_text.npy", "{'descr': [('x' '<i4')], "
            "'fortran_order': False, 'shape': (3,), }\n", bytes(12))
bad.append(("bad_struct_text.npy", "expected ',' after a field name"))
header_file("bad_struct_empty.npy", "{'descr': [], 'fortran_order': False, "
            "'shape': (3,), }\n", b"")
bad.append(("bad_struct_empty.npy", "has no bytes"))
header_file("bad_datetime_unit.npy", "{'descr': '<M8[n s]', "
            "'fortran_order': False, 'shape': (3,), }\n", bytes(24))
bad.append(("bad_datetime_unit.npy", "unsupported dtype '<M8[n s]'"))

# --- blocked layouts (--src-blocked, --dst-blocked) --------------------------
# Arrays from arange, so no random draw moves the files above or below.
def blocked_storage(array, axis, block):
    """The dense blocked storage of `array`: `axis` padded with zeros to
    whole blocks of `block` lanes, which move to a last dim of their own."""
    size = array.shape[axis]
    blocks = -(-size // block)
    widths = [(0, 0)] * array.ndim
    widths[axis] = (0, blocks * block - size)
    padded = np.pad(array, widths)
    split = padded.reshape(array.shape[:axis] + (blocks, block) +
                           array.shape[axis + 1:])
    return np.ascontiguousarray(np.moveaxis(split, axis + 1, -1))


def add_blocked(stem, array, src, expr, dst):
    """A case of in_STEM.npy (the logical `array`, stored blocked as `src`
    = (axis, block) or plain when None) sliced by `expr` into the storage
    `dst` describes (or plain)."""
    name = f"in_{stem}.npy"
    args = ["--expr", expr]
    stored = array
    if src:
        stored = blocked_storage(array, *src)
        args += ["--src-blocked", f"{src[0]}:{src[1]}:{array.shape[src[0]]}"]
    if not os.path.exists(path(name)):
        save(name, stored)
    result = array[eval("np.s_" + expr)]
    if dst:
        result = blocked_storage(result, *dst)
        args += ["--dst-blocked", f"{dst[0]}:{dst[1]}"]
    expected = f"out_{stem}_{len(blocked)}.npy"
    save(expected, little(result))
    blocked.append((name, expected, args))


blocked = []
nchw = (np.arange(2 * 10 * 3 * 5, dtype="<f4") + 1).reshape(2, 10, 3, 5)
add_blocked("nc4hw4_f4", nchw, (1, 4), "[:, 3:9]", None)
add_blocked("nc4hw4_f4", nchw, (1, 4), "[:, 3:9]", (1, 4))
add_blocked("nc4hw4_f4", nchw, (1, 4), "[:, 4:8]", (1, 4))
add_blocked("nc4hw4_f4", nchw, (1, 4), "[1, ::-3, :, 1:]", (0, 2))
add_blocked("nchw_f4", nchw, None, "[:, ::3]", (1, 16))
fsv = np.arange(20 * 2 * 2, dtype="<u2").reshape(1, 20, 2, 2)
add_blocked("fsv16_u2", fsv, (1, 16), "[:, 2:18]", (1, 4))
add_blocked("fsv16_u2", fsv, (1, 16), "[0, 19]", None)
# No elements, yet 2**62 blocks of 4 lanes: more indices than an axis holds
header_file("in_blocked_wide.npy", "{'descr': '<f4', 'fortran_order': "
            "False, 'shape': (0, 4611686018427387904, 4), }\n", b"")

# --- index files -------------------------------------------------------------
with open(path("cases.txt"), "w") as f:
    for i, e, args in cases:
        f.write("\t".join([i, e] + args) + "\n")
with open(path("twins.txt"), "w") as f:
    for a_name, b_name in twins:
        f.write(f"{a_name} {b_name}\n")
with open(path("bad.txt"), "w") as f:
    for name, text in bad:
        f.write(f"{name}\t{text}\n")
with open(path("blocked.txt"), "w") as f:
    for i, e, args in blocked:
        f.write("\t".join([i, e] + args) + "\n")

total = sum(os.path.getsize(path(n)) for n in os.listdir(HERE))
print(f"{len(cases)} cases, {len(twins)} twins, {len(bad)} bad files, "
      f"{len(os.listdir(HERE))} files, {total} bytes in {HERE}")


# --- clslice assign and clslice grad ------------------------------------------
WHERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "npy_assign")
os.makedirs(WHERE, exist_ok=True)
for old in os.listdir(WHERE):
    if old.endswith((".npy", ".txt")):
        os.remove(os.path.join(WHERE, old))
WRNG = np.random.default_rng(20240612)


def wsave(name, array):
    np.save(os.path.join(WHERE, name), array)
    return name


def wrandom(dtype, shape):
    """random_array, drawing from this section's own generator."""
    dtype = np.dtype(dtype)
    n = int(np.prod(shape))
    if dtype.kind == "b":
        values = WRNG.integers(0, 2, n).astype(bool)
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = WRNG.integers(info.min, info.max, n, dtype=dtype,
                               endpoint=True)
    elif dtype.kind == "f":
        values = WRNG.standard_normal(n) * 100
    elif dtype.kind == "c":
        values = WRNG.standard_normal(n) + 1j * WRNG.standard_normal(n)
    else:
        values = np.frombuffer(WRNG.bytes(n * dtype.itemsize), dtype=dtype)
    return np.asarray(values).astype(dtype).reshape(shape)


assign_cases = []  # (in, value, expected, args)
grad_cases = []    # (dy, expected, args)


def add_assign(stem, array, args, index, value_shape, exact=False,
               value_dtype=None):
    """IN = array (saved as in_STEM.npy once); VALUE of value_shape; numpy's
    out = in.copy(); out[index] = value, or IN itself for an empty slice
    (TensorFlow writes nothing there and checks no shape)."""
    k = len(assign_cases)
    if isinstance(args, str):
        args = ["--expr", args]
    in_name = f"in_{stem}.npy"
    if not os.path.exists(os.path.join(WHERE, in_name)):
        wsave(in_name, array)
    loaded = little(array)
    value = wrandom(value_dtype or loaded.dtype, value_shape)
    out = loaded.copy()
    if out[index].size:
        out[index] = value
    value_name = wsave(f"value_{k}.npy", value)
    expected = wsave(f"out_assign_{k}.npy", little(out))
    assign_cases.append((in_name, value_name, expected,
                         args + (["--exact"] if exact else [])))


def add_grad(dtype, shape, args, index):
    """DY of the slice's shape; numpy's out = zeros(shape); out[index] = dy."""
    k = len(grad_cases)
    if isinstance(args, str):
        args = ["--expr", args]
    final = np.zeros(shape)[index].shape
    dy = wrandom(dtype, final)
    out = np.zeros(shape, dtype=dy.dtype)
    out[index] = dy
    dy_name = wsave(f"dy_{k}.npy", dy)
    expected = wsave(f"out_grad_{k}.npy", little(out))
    grad_cases.append((dy_name, expected,
                       # one argument: an empty S ('' for a 0-d tensor)
                       # must survive tab-separated reading
                       ["--shape=" + ",".join(map(str, shape))] + args))


f4 = wrandom("<f4", (4, 5, 3))
s_ = np.s_
# TF StridedSliceAssign broadcasting: full shape, rows, columns, a scalar,
# extra leading 1s, new axes and shrinks
add_assign("f4", f4, "[1:-1, ::-2]", s_[1:-1, ::-2], (2, 3, 3))
add_assign("f4", f4, "[1:-1, ::-2]", s_[1:-1, ::-2], (3,))
add_assign("f4", f4, "[1:-1, ::-2]", s_[1:-1, ::-2], (3, 1))
add_assign("f4", f4, "[1:-1, ::-2]", s_[1:-1, ::-2], ())
add_assign("f4", f4, "[1:-1, ::-2]", s_[1:-1, ::-2], (1, 1, 1, 3, 3))
add_assign("f4", f4, "[::-1, 2]", s_[::-1, 2], (4, 1))
add_assign("f4", f4, "[None, 1, ..., None, ::2]", s_[None, 1, ..., None, ::2],
           (1, 5, 1, 2))
add_assign("f4", f4, "[-1, -1, -1]", s_[-1, -1, -1], ())
add_assign("f4", f4, "[...]", s_[...], (5, 3))
# an empty slice writes nothing and checks no shape (TF)
add_assign("f4", f4, "[2:2]", s_[2:2], (7,))
# the other spec styles
add_assign("f4", f4, ["--style", "tf", "--begin", "1,0", "--end", "3,0",
                      "--strides", "1,-1", "--begin-mask", "2",
                      "--end-mask", "2"], s_[1:3, ::-1], (5, 3))
add_assign("f4", f4, ["--style", "openvino", "--begin", "0,1", "--end",
                      "0,3", "--begin-mask", "1", "--end-mask", "1"],
           s_[:, 1:3], (1, 3))
add_assign("f4", f4, ["--style", "onnx", "--starts", "-1", "--ends", "-100",
                      "--axes", "0", "--steps", "-2"], s_[-1::-2], ())
# MXNet _slice_assign (--exact) and _slice_assign_scalar
add_assign("f4", f4, ["--style", "mxnet", "--begin", "None,1", "--end",
                      "None,None", "--step", "-1,2"], s_[::-1, 1::2],
           (4, 2, 3), exact=True)
add_assign("f4", f4, ["--style", "mxnet", "--begin", "0,0", "--end", "1,1"],
           s_[0:1, 0:1], ())
add_assign("f4", f4, ["--style", "mxnet", "--begin", "0,0", "--end",
                      "1,1"], s_[0:1, 0:1], (1, 1, 3), exact=True)
# every dtype, big-endian and Fortran-order inputs, a 0-d input
for descr in ["|b1", "|u1", "<i2", "<u4", "<i8", "<f2", "<f8", "<c8",
              "<c16", "|V3", "|V12"]:
    stem = descr[1:]
    a = wrandom(descr, (3, 4, 5))
    add_assign(stem, a, "[1:, ::-3, 1::2]", s_[1:, ::-3, 1::2], (2, 1, 2))
    add_assign(stem, a, "[:, 1]", s_[:, 1], ())
be = wrandom("<i4", (6, 7)).astype(">i4")
add_assign("i4_be", be, "[::2, 1:-1]", s_[::2, 1:-1], (5,),
           value_dtype="<i4")
fo = np.asfortranarray(wrandom("<f8", (5, 6)))
add_assign("f8_fortran", fo, "[1:4, ::-1]", s_[1:4, ::-1], (3, 6))
zero_d = np.array(WRNG.standard_normal(), dtype="<f8")
add_assign("f8_0d", zero_d, "[...]", s_[...], ())
add_assign("f8_0d", zero_d, "[None]", s_[None], (1,))
empty = np.zeros((0, 3), dtype="<i2")
add_assign("i2_empty", empty, "[:, 1]", s_[:, 1], (4,))

# StridedSliceGrad: TF's own gradient cases (StridedSliceGradTest) and more
add_grad("<f4", (6, 4, 4), "[3:0:-2, 1:3, 1:3]", s_[3:0:-2, 1:3, 1:3])
add_grad("<f4", (6, 4, 4), "[3:0:-2, 1:3, 2]", s_[3:0:-2, 1:3, 2])
add_grad("<f4", (6, 4, 4), "[:, -1, :]", s_[:, -1, :])
add_grad("<f8", (5, 6), "[None, 1:-1, ..., ::-2]", s_[None, 1:-1, ..., ::-2])
add_grad("<i2", (3, 4, 5), ["--style", "tf", "--begin", "1,0,4", "--end",
                            "2,4,0", "--strides", "1,1,-2",
                            "--shrink-axis-mask", "1"], s_[1, 0:4, 4:0:-2])
add_grad("<c16", (4, 4), "[::3, ::3]", s_[::3, ::3])
add_grad("|V3", (2, 3), "[1]", s_[1])
add_grad("<u1", (3,), "[5:]", s_[5:])
add_grad("<f8", (), "[...]", s_[...])

# structured and string dtypes (drawn last: the files above do not change)
for descr, stem in ((RGB, "rgb"), ("<U3", "U3")):
    a = wrandom(descr, (3, 4, 5))
    add_assign(stem, a, "[1:, ::-3, 1::2]", s_[1:, ::-3, 1::2], (2, 1, 2))

with open(os.path.join(WHERE, "assign.txt"), "w") as f:
    for in_name, value_name, expected, args in assign_cases:
        f.write("\t".join([in_name, value_name, expected] + args) + "\n")
with open(os.path.join(WHERE, "grad.txt"), "w") as f:
    for dy_name, expected, args in grad_cases:
        f.write("\t".join([dy_name, expected] + args) + "\n")
wtotal = sum(os.path.getsize(os.path.join(WHERE, n))
             for n in os.listdir(WHERE))
print(f"{len(assign_cases)} assign cases, {len(grad_cases)} grad cases, "
      f"{len(os.listdir(WHERE))} files, {wtotal} bytes in {WHERE}")
