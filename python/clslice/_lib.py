# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""ctypes declarations of the clslice C API and the mapping of its errors.

The wheel installs two libraries inside this package.  libclslice-core.so
(plans and the host executors, libc only) is loaded at import, so numpy
users need no OpenCL at all.  libclslice.so (everything) is loaded at the
first device call; it is linked without libOpenCL, and its OpenCL calls go
to the ICD loader that is already in the process (pyopencl's), which is
made global first.  CLSLICE_LIBRARY (a path to a full libclslice.so, e.g.
of a build tree) overrides both; CLSLICE_CORE_LIBRARY the host one alone.
"""
import ctypes
import os
from typing import (Any, Callable, Dict, List, NoReturn, Optional, Sequence,
                    Tuple)

c_int64_p = ctypes.POINTER(ctypes.c_int64)
MAX_RANK = 32
UNKNOWN = -1
# clslice_runtime_prepare's flags (clslice_cl.h).
PREPARE_INDEX64 = 1 << 0
PREPARE_BATCH = 1 << 1
PREPARE_DYNAMIC = 1 << 2
PREPARE_BLOCKED = 1 << 3
PREPARE_IMAGE = 1 << 4


class Error(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("message", ctypes.c_char * 512),
                ("opencl_code", ctypes.c_int32)]


class TFSpec(ctypes.Structure):
    _fields_ = [
        ("index_type", ctypes.c_int),
        ("begin", ctypes.c_void_p), ("begin_len", ctypes.c_size_t),
        ("end", ctypes.c_void_p), ("end_len", ctypes.c_size_t),
        ("strides", ctypes.c_void_p), ("strides_len", ctypes.c_size_t),
        ("begin_mask", ctypes.c_int32), ("end_mask", ctypes.c_int32),
        ("ellipsis_mask", ctypes.c_int32), ("new_axis_mask", ctypes.c_int32),
        ("shrink_axis_mask", ctypes.c_int32),
    ]


class OpenVINOSpec(ctypes.Structure):
    _fields_ = [(name, kind) for field in (
        "begin", "end", "strides", "begin_mask", "end_mask",
        "new_axis_mask", "shrink_axis_mask", "ellipsis_mask")
        for name, kind in ((field, c_int64_p),
                           (field + "_len", ctypes.c_size_t))]


class TFLiteSpec(ctypes.Structure):
    _fields_ = [
        ("begin", ctypes.c_void_p), ("begin_len", ctypes.c_size_t),
        ("end", ctypes.c_void_p), ("end_len", ctypes.c_size_t),
        ("strides", ctypes.c_void_p), ("strides_len", ctypes.c_size_t),
        ("begin_mask", ctypes.c_int32), ("end_mask", ctypes.c_int32),
        ("ellipsis_mask", ctypes.c_int32), ("new_axis_mask", ctypes.c_int32),
        ("shrink_axis_mask", ctypes.c_int32), ("offset", ctypes.c_int),
    ]


class SplitSpec(ctypes.Structure):
    _fields_ = [
        ("style", ctypes.c_int), ("axis", ctypes.c_int64),
        ("number", ctypes.c_int64), ("list", c_int64_p),
        ("list_len", ctypes.c_size_t),
    ]


# clslice_split_style (clslice.h)
SPLIT_NUMPY, SPLIT_NUMPY_ARRAY, SPLIT_TF, SPLIT_ONNX_13, SPLIT_ONNX_18, \
    SPLIT_OPENVINO, SPLIT_OPENVINO_VARIADIC, SPLIT_TORCH, \
    SPLIT_TORCH_CHUNK = range(9)


class OptInt64(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int64), ("is_none", ctypes.c_int)]


class CSR(ctypes.Structure):
    _fields_ = [
        ("rows", ctypes.c_int64), ("cols", ctypes.c_int64),
        ("index_type", ctypes.c_int), ("elem_size", ctypes.c_size_t),
        ("nnz", ctypes.c_int64),
        ("indptr", ctypes.c_void_p), ("indices", ctypes.c_void_p),
        ("data", ctypes.c_void_p),
    ]


class CLCSR(ctypes.Structure):
    _fields_ = [
        ("rows", ctypes.c_int64), ("cols", ctypes.c_int64),
        ("index_type", ctypes.c_int), ("elem_size", ctypes.c_size_t),
        ("nnz", ctypes.c_int64),
        ("indptr", ctypes.c_void_p), ("indptr_offset", ctypes.c_size_t),
        ("indices", ctypes.c_void_p), ("indices_offset", ctypes.c_size_t),
        ("data", ctypes.c_void_p), ("data_offset", ctypes.c_size_t),
    ]


# The general calls' head and descriptors (clslice_cl.h).  struct_size is
# set by the constructors, as the C _INIT macros set it.

class _Sized(ctypes.Structure):
    def __init__(self, **members: object) -> None:
        super().__init__(struct_size=ctypes.sizeof(self), **members)


class CLCall(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("queue", ctypes.c_void_p),
        ("flags", ctypes.c_uint), ("num_events_in_wait_list", ctypes.c_uint),
        ("event_wait_list", ctypes.POINTER(ctypes.c_void_p)),
        ("event", ctypes.POINTER(ctypes.c_void_p)),
    ]


class CLTensor(ctypes.Structure):
    _fields_ = [("buffer", ctypes.c_void_p), ("offset", ctypes.c_size_t),
                ("strides", c_int64_p)]


class CLPart(ctypes.Structure):
    _fields_ = [("plan", ctypes.c_void_p), ("buffer", ctypes.c_void_p),
                ("offset", ctypes.c_size_t)]


class Blocking(ctypes.Structure):
    """clslice_blocking: how one axis of a tensor is blocked."""
    _fields_ = [("axis", ctypes.c_int), ("block", ctypes.c_int),
                ("first_lane", ctypes.c_int), ("flags", ctypes.c_uint)]


class CLSvm(ctypes.Structure):
    """clslice_cl_svm: a side in shared virtual memory (NULL pointer:
    the side is the tensor's buffer)."""
    _fields_ = [("pointer", ctypes.c_void_p), ("bytes", ctypes.c_size_t)]


class CLCSRSvm(ctypes.Structure):
    """clslice_cl_csr_svm: where a CSR matrix's arrays lie in SVM."""
    _fields_ = [("indptr", CLSvm), ("indices", CLSvm), ("data", CLSvm)]


class CLGatherDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("src", CLTensor), ("dst", CLTensor),
        ("src_blocking", ctypes.POINTER(Blocking)),
        ("dst_blocking", ctypes.POINTER(Blocking)),
        ("src_svm", CLSvm), ("dst_svm", CLSvm),
        ("src_image", ctypes.c_void_p), ("dst_image", ctypes.c_void_p),
    ]


class CLScatterDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("value", CLTensor),
        ("value_shape", c_int64_p), ("value_rank", ctypes.c_int),
        ("rule", ctypes.c_int), ("dst", CLTensor),
        ("value_blocking", ctypes.POINTER(Blocking)),
        ("dst_blocking", ctypes.POINTER(Blocking)),
        ("value_svm", CLSvm), ("dst_svm", CLSvm),
        ("dst_image", ctypes.c_void_p), ("value_image", ctypes.c_void_p),
    ]


class CLBatchDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("elem_size", ctypes.c_size_t),
        ("src", CLTensor), ("count", ctypes.c_size_t),
        ("parts", ctypes.POINTER(CLPart)),
        ("src_svm", CLSvm), ("part_svm", ctypes.POINTER(CLSvm)),
        ("src_image", ctypes.c_void_p), ("part_image", ctypes.c_void_p),
    ]


# The entries of clslice_cl_dynamic_desc.values_svm (ONNX's four vectors).
DYNAMIC_VALUE_VECTORS = 4


class DeviceValues(ctypes.Structure):
    _fields_ = [("buffer", ctypes.c_void_p), ("offset", ctypes.c_size_t),
                ("len", ctypes.c_size_t)]


class XLADynamicSpec(ctypes.Structure):
    _fields_ = [("index_type", ctypes.c_int),
                ("start_indices", DeviceValues),
                ("slice_sizes", c_int64_p),
                ("slice_sizes_len", ctypes.c_size_t)]


class CLDynamicDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("shape", c_int64_p),
        ("rank", ctypes.c_int), ("kind", ctypes.c_int),
        ("elem_size", ctypes.c_size_t), ("info", ctypes.c_void_p),
        ("info_offset", ctypes.c_size_t), ("src", CLTensor),
        ("dst", CLTensor), ("value_shape", c_int64_p),
        ("value_rank", ctypes.c_int), ("rule", ctypes.c_int),
        ("max_elements", ctypes.c_int64),
        ("src_svm", CLSvm), ("dst_svm", CLSvm), ("info_svm", CLSvm),
        ("values_svm", CLSvm * DYNAMIC_VALUE_VECTORS),
    ]


# clslice_dynamic_kind, and the record's size (CLSLICE_DYNAMIC_INFO_BYTES)
DYNAMIC_GATHER, DYNAMIC_SCATTER = 0, 1
DYNAMIC_INFO_BYTES = 134 * 8


class CLConcatPart(ctypes.Structure):
    _fields_ = [("plan", ctypes.c_void_p), ("src", CLTensor)]


class CLConcatDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("elem_size", ctypes.c_size_t),
        ("dst", CLTensor), ("count", ctypes.c_size_t),
        ("parts", ctypes.POINTER(CLConcatPart)),
        ("dst_svm", CLSvm), ("part_svm", ctypes.POINTER(CLSvm)),
        ("part_image", ctypes.c_void_p), ("dst_image", ctypes.c_void_p),
    ]


class HostTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("bytes", ctypes.c_size_t),
                ("offset", ctypes.c_size_t), ("strides", c_int64_p)]


class HostGatherDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("src", HostTensor),
        ("dst", HostTensor), ("src_blocking", ctypes.POINTER(Blocking)),
        ("dst_blocking", ctypes.POINTER(Blocking)),
    ]


class HostScatterDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("value", HostTensor),
        ("value_shape", c_int64_p), ("value_rank", ctypes.c_int),
        ("rule", ctypes.c_int), ("dst", HostTensor),
        ("value_blocking", ctypes.POINTER(Blocking)),
        ("dst_blocking", ctypes.POINTER(Blocking)),
    ]


class HostPart(ctypes.Structure):
    _fields_ = [("plan", ctypes.c_void_p), ("src", HostTensor)]


class HostConcatDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("elem_size", ctypes.c_size_t),
        ("dst", HostTensor), ("count", ctypes.c_size_t),
        ("parts", ctypes.POINTER(HostPart)),
    ]


class CLCSRDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("in_", ctypes.POINTER(CLCSR)), ("out", ctypes.POINTER(CLCSR)),
        ("in_svm", ctypes.POINTER(CLCSRSvm)),
        ("out_svm", ctypes.POINTER(CLCSRSvm)),
    ]


# --- exceptions -----------------------------------------------------------
# Each class's status is its clslice_status number; tests/test_lib_constants.py
# checks them, and every upper-case number of this module, against the
# public headers and the library's clslice_status_string.

class ClsliceError(Exception):
    """Base of every error the C library reports; .status is its code,
    .opencl_code the cl_int of a failed OpenCL call (0 otherwise)."""
    status: Optional[int] = None
    opencl_code = 0


class ClsliceArgumentError(ClsliceError, ValueError):
    status = 1


class ClsliceSpecError(ClsliceError, ValueError):
    status = 2


class ClsliceIndexError(ClsliceError, IndexError):
    status = 3


class ClsliceRankError(ClsliceError, ValueError):
    status = 4


class ClsliceSyntaxError(ClsliceError, ValueError):
    status = 5


class ClsliceUnknownError(ClsliceError, ValueError):
    status = 6


class ClsliceShapeError(ClsliceError, ValueError):
    status = 7


class ClsliceMemoryError(ClsliceError, MemoryError):
    status = 8


class ClsliceBufferError(ClsliceError, ValueError):
    status = 9


class ClsliceOpenCLError(ClsliceError, RuntimeError):
    status = 10


class ClsliceBuildError(ClsliceOpenCLError):
    status = 11


_BY_STATUS = {cls.status: cls for cls in (
    ClsliceArgumentError, ClsliceSpecError, ClsliceIndexError,
    ClsliceRankError, ClsliceSyntaxError, ClsliceUnknownError,
    ClsliceShapeError, ClsliceMemoryError, ClsliceBufferError,
    ClsliceOpenCLError, ClsliceBuildError)}


def raise_for(status: int, err: "Error",
              notes: Optional[Sequence[str]] = None,
              rename: Optional[Callable[[str], str]] = None) -> NoReturn:
    """Raises the exception of a failed call, carrying the C message (with
    `rename` applied: the caller's names for the library's arguments) and
    any notes on how the caller's values were read."""
    cls = _BY_STATUS.get(status, ClsliceError)
    message = err.message.decode("utf-8", "replace")
    message = message or str(lib.clslice_status_string(status).decode())
    if rename is not None:
        message = rename(message)
    if notes:
        message += " (%s)" % "; ".join(notes)
    exc = cls(message)
    exc.status = status
    exc.opencl_code = err.opencl_code
    raise exc


# --- loading --------------------------------------------------------------

_HERE = os.path.dirname(os.path.abspath(__file__))
# The names of the calls that only the full library has.
_DEVICE_PREFIXES = ("clslice_enqueue_", "clslice_runtime_", "clslice_cl_")


def _library_path(name: str, *variables: str) -> str:
    """The first of the environment `variables` set, else `name` in this
    package; ImportError naming both when the file is not there."""
    for var in variables:
        if os.environ.get(var):
            return os.environ[var]
    path = os.path.join(_HERE, name)
    if not os.path.exists(path):
        raise ImportError(
            "clslice: %s is missing from %s; install the package with pip "
            "(it builds the C library) or set %s" % (name, _HERE, variables[0]))
    return path


def _loaders_in_process() -> List[str]:
    """Paths of OpenCL ICD loaders already mapped into this process (the
    one pyopencl linked, often its wheel's own copy), from /proc/self/maps."""
    found: List[str] = []
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.split(None, 5)[-1].strip()
                if (os.path.basename(path).startswith("libOpenCL")
                        and path not in found):
                    found.append(path)
    except OSError:
        pass
    return found


def open_opencl_loader(
        candidates: Optional[List[str]] = None) -> ctypes.CDLL:
    """Loads an OpenCL ICD loader with RTLD_GLOBAL, so that the full
    library's OpenCL symbols bind to it: the one already in the process
    first, else the system's libOpenCL.so.1.  ClsliceOpenCLError naming
    what is missing when none loads."""
    if candidates is None:
        candidates = _loaders_in_process() + ["libOpenCL.so.1"]
    failures = []
    for name in candidates:
        try:
            return ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
        except OSError as exc:
            failures.append(str(exc))
    raise ClsliceOpenCLError(
        "clslice: device calls need an OpenCL ICD loader and none could be "
        "loaded (%s). Host (numpy) slicing works without one. Install "
        "pyopencl from its wheel (it brings a loader) or the system's "
        "loader (libOpenCL.so.1: Debian/Ubuntu ocl-icd-libopencl1, "
        "Fedora ocl-icd), and an OpenCL driver."
        % "; ".join(failures or ["no candidate"]))


_device_lib: Optional[ctypes.CDLL] = None


def device_library() -> ctypes.CDLL:
    """The full library with the device calls declared, loaded once, at the
    first device call; ClsliceOpenCLError when OpenCL is missing."""
    global _device_lib
    if _device_lib is None:
        path = _library_path("libclslice.so", "CLSLICE_LIBRARY")
        open_opencl_loader()
        try:
            handle = ctypes.CDLL(path)
        except OSError as exc:
            raise ClsliceOpenCLError(
                "clslice: cannot load %s for device calls: %s" % (path, exc))
        _device_lib = _declare(handle, device=True)
    return _device_lib


def __getattr__(name: str) -> Any:
    # `from ._lib import cl_lib` (the pyopencl executor) loads the full
    # library then, and not before.
    if name == "cl_lib":
        return device_library()
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


# The front-ends with a clslice_shape_NAME query (clslice.h).
_SHAPE_QUERIES = ("tf", "openvino", "mxnet", "mxnet_slice_axis",
                  "mxnet_slice_like", "onnx", "expr", "tflite", "tf_slice",
                  "xla_slice", "dynamic_slice", "openvino_slice",
                  "torch_narrow", "torch_index")


def _declare(lib: ctypes.CDLL, device: bool = False) -> ctypes.CDLL:
    """Declares the host calls, and the device calls too when `device`."""
    P, I, S, E = (ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t,
                  ctypes.POINTER(Error))
    PP = ctypes.POINTER(ctypes.c_void_p)
    I64, U = ctypes.c_int64, ctypes.c_uint
    st = ctypes.c_int
    CALL = ctypes.POINTER(CLCall)
    sigs: Dict[str, Tuple[Any, List[Any]]] = {
        "clslice_status_string": (ctypes.c_char_p, [st]),
        "clslice_version_string": (ctypes.c_char_p, []),
        "clslice_plan_release": (None, [PP]),
        "clslice_plan_input_rank": (I, [P]),
        "clslice_plan_input_shape": (None, [P, c_int64_p]),
        "clslice_plan_output_rank": (I, [P]),
        "clslice_plan_output_shape": (None, [P, c_int64_p]),
        "clslice_plan_output_elements": (I64, [P]),
        "clslice_plan_dim": (st, [P, I, c_int64_p, c_int64_p, c_int64_p, E]),
        "clslice_plan_dim_is_shrunk": (I, [P, I]),
        "clslice_plan_output_source": (I, [P, I]),
        "clslice_plan_is_known": (I, [P]),
        "clslice_plan_tf": (st, [c_int64_p, I, ctypes.POINTER(TFSpec), PP, E]),
        "clslice_plan_openvino": (st, [c_int64_p, I,
                                       ctypes.POINTER(OpenVINOSpec), PP, E]),
        "clslice_plan_mxnet": (st, [c_int64_p, I, P, S, P, S, P, S, PP, E]),
        "clslice_plan_mxnet_slice_axis": (st, [c_int64_p, I, I64, I64,
                                               OptInt64, PP, E]),
        "clslice_plan_mxnet_slice_like": (st, [c_int64_p, I, c_int64_p, I,
                                               c_int64_p, S, PP, E]),
        "clslice_plan_onnx": (st, [c_int64_p, I, c_int64_p, S, c_int64_p, S,
                                   c_int64_p, S, c_int64_p, S, PP, E]),
        "clslice_plan_expr": (st, [c_int64_p, I, ctypes.c_char_p, PP, E]),
        "clslice_plan_tflite": (st, [c_int64_p, I,
                                     ctypes.POINTER(TFLiteSpec), PP, E]),
        "clslice_plan_tf_slice": (st, [c_int64_p, I, c_int64_p, S,
                                       c_int64_p, S, PP, E]),
        "clslice_plan_xla_slice": (st, [c_int64_p, I, c_int64_p, c_int64_p,
                                        c_int64_p, S, PP, E]),
        "clslice_plan_dynamic_slice": (st, [c_int64_p, I, c_int64_p,
                                            c_int64_p, S, PP, E]),
        "clslice_plan_dynamic_update_slice": (st, [c_int64_p, I, c_int64_p,
                                                   I, c_int64_p, S, PP, E]),
        "clslice_plan_openvino_slice": (st, [c_int64_p, I, c_int64_p, S,
                                             c_int64_p, S, c_int64_p, S,
                                             c_int64_p, S, PP, E]),
        "clslice_plan_torch_narrow": (st, [c_int64_p, I, I64, I64, I64, PP,
                                           E]),
        "clslice_plan_torch_index": (st, [c_int64_p, I, ctypes.c_char_p, PP,
                                          E]),
        "clslice_plan_split": (st, [c_int64_p, I, ctypes.POINTER(SplitSpec),
                                    PP, S, ctypes.POINTER(S), E]),
        "clslice_host_gather": (st, [P, S, P, S, P, S, E]),
        "clslice_host_scatter": (st, [P, S, P, c_int64_p, I, S, I, P, S, E]),
        "clslice_host_grad": (st, [P, S, P, c_int64_p, I, S, P, S, E]),
        "clslice_host_gather2": (st, [ctypes.POINTER(HostGatherDesc), E]),
        "clslice_host_scatter2": (st, [ctypes.POINTER(HostScatterDesc), E]),
        "clslice_plan_concat": (st, [c_int64_p, I, S, I64, c_int64_p, PP,
                                     E]),
        "clslice_plan_stack": (st, [c_int64_p, I, S, I64, c_int64_p, PP,
                                    E]),
        "clslice_host_concat": (st, [ctypes.POINTER(HostConcatDesc), E]),
        "clslice_host_csr_count": (st, [P, ctypes.POINTER(CSR), c_int64_p,
                                        E]),
        "clslice_host_csr_slice": (st, [P, ctypes.POINTER(CSR), P, P, P, I64,
                                        c_int64_p, E]),
        "clslice_runtime_create": (st, [P, PP, E]),
        "clslice_runtime_attach": (st, [P, PP, E]),
        "clslice_runtime_release": (None, [PP]),
        "clslice_runtime_prepare": (st, [P, P, U, E]),
        "clslice_enqueue_gather": (st, [P, P, P, S, P, S, P, S, U, U, P, PP,
                                        E]),
        "clslice_enqueue_scatter": (st, [P, P, P, S, P, S, c_int64_p, I, I,
                                         P, S, U, U, P, PP, E]),
        "clslice_enqueue_fill": (st, [P, P, P, S, P, P, S, U, U, P, PP, E]),
        "clslice_cl_gather_batch": (st, [P, CALL,
                                         ctypes.POINTER(CLBatchDesc), E]),
        "clslice_cl_gather": (st, [P, CALL, ctypes.POINTER(CLGatherDesc), E]),
        "clslice_cl_scatter": (st, [P, CALL, ctypes.POINTER(CLScatterDesc),
                                    E]),
        "clslice_enqueue_grad": (st, [P, P, P, S, P, S, c_int64_p, I, P, S,
                                      U, U, P, PP, E]),
        "clslice_cl_concat": (st, [P, CALL, ctypes.POINTER(CLConcatDesc),
                                   E]),
        "clslice_cl_csr_count": (st, [P, CALL, ctypes.POINTER(CLCSRDesc),
                                      c_int64_p, E]),
        "clslice_cl_csr_fill": (st, [P, CALL, ctypes.POINTER(CLCSRDesc), E]),
        "clslice_cl_xla_dynamic": (st, [P, CALL,
                                        ctypes.POINTER(CLDynamicDesc),
                                        ctypes.POINTER(XLADynamicSpec), E]),
    }
    # Each front-end's shape query takes its plan call's arguments, with
    # (out_shape, &out_rank) in place of &plan.
    for name in _SHAPE_QUERIES:
        restype, argtypes = sigs["clslice_plan_" + name]
        sigs["clslice_shape_" + name] = (
            restype, argtypes[:-2] + [c_int64_p, ctypes.POINTER(I), E])
    for name, (restype, argtypes) in sigs.items():
        if not device and name.startswith(_DEVICE_PREFIXES):
            continue
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


#: The host library, loaded at import.
lib = _declare(ctypes.CDLL(_library_path(
    "libclslice-core.so", "CLSLICE_CORE_LIBRARY", "CLSLICE_LIBRARY")))
