"""ctypes declarations of the clslice C API and the mapping of its errors.

The shared library is installed inside this package by the wheel build;
CLSLICE_LIBRARY (a path) overrides it, e.g. to test a build tree.
"""
import ctypes
import glob
import os

c_int64_p = ctypes.POINTER(ctypes.c_int64)
MAX_RANK = 32
UNKNOWN = -1


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
    def __init__(self, **members):
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


class CLGatherDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("src", CLTensor), ("dst", CLTensor),
    ]


class CLScatterDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("elem_size", ctypes.c_size_t), ("value", CLTensor),
        ("value_shape", c_int64_p), ("value_rank", ctypes.c_int),
        ("rule", ctypes.c_int), ("dst", CLTensor),
    ]


class CLBatchDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("elem_size", ctypes.c_size_t),
        ("src", ctypes.c_void_p), ("src_offset", ctypes.c_size_t),
        ("count", ctypes.c_size_t), ("parts", ctypes.POINTER(CLPart)),
    ]


class CLCSRDesc(_Sized):
    _fields_ = [
        ("struct_size", ctypes.c_size_t), ("plan", ctypes.c_void_p),
        ("in_", ctypes.POINTER(CLCSR)), ("out", ctypes.POINTER(CLCSR)),
    ]


# --- exceptions -----------------------------------------------------------

class ClsliceError(Exception):
    """Base of every error the C library reports; .status is its code,
    .opencl_code the cl_int of a failed OpenCL call (0 otherwise)."""
    status = None
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


def raise_for(status, err):
    """Raises the exception of a failed call, carrying the C message."""
    cls = _BY_STATUS.get(status, ClsliceError)
    message = err.message.decode("utf-8", "replace")
    exc = cls(message or lib.clslice_status_string(status).decode())
    exc.status = status
    exc.opencl_code = err.opencl_code
    raise exc


# --- loading --------------------------------------------------------------

def _find_library():
    override = os.environ.get("CLSLICE_LIBRARY")
    if override:
        return override
    here = os.path.dirname(os.path.abspath(__file__))
    # A versioned SONAME installs libclslice.so.X[.Y.Z] as well; any of
    # them is the same library.
    found = sorted(glob.glob(os.path.join(here, "libclslice.so*")), key=len)
    if not found:
        raise ImportError(
            "clslice: libclslice.so is missing from %s; install the package "
            "with pip (it builds the C library) or set CLSLICE_LIBRARY" % here)
    return found[0]


def _declare(lib):
    P, I, S, E = (ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t,
                  ctypes.POINTER(Error))
    PP = ctypes.POINTER(ctypes.c_void_p)
    I64, U = ctypes.c_int64, ctypes.c_uint
    st = ctypes.c_int
    CALL = ctypes.POINTER(CLCall)
    sigs = {
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
        "clslice_host_gather": (st, [P, S, P, S, P, S, E]),
        "clslice_host_scatter": (st, [P, S, P, c_int64_p, I, S, I, P, S, E]),
        "clslice_host_grad": (st, [P, S, P, c_int64_p, I, S, P, S, E]),
        "clslice_host_gather_strided": (st, [P, S, P, S, S, c_int64_p, P, S,
                                             S, c_int64_p, E]),
        "clslice_host_scatter_strided": (st, [P, S, P, S, S, c_int64_p, I,
                                              c_int64_p, I, P, S, S,
                                              c_int64_p, E]),
        "clslice_host_csr_count": (st, [P, ctypes.POINTER(CSR), c_int64_p,
                                        E]),
        "clslice_host_csr_slice": (st, [P, ctypes.POINTER(CSR), P, P, P, I64,
                                        c_int64_p, E]),
        "clslice_runtime_create": (st, [P, PP, E]),
        "clslice_runtime_release": (None, [PP]),
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
        "clslice_cl_csr_count": (st, [P, CALL, ctypes.POINTER(CLCSRDesc),
                                      c_int64_p, E]),
        "clslice_cl_csr_fill": (st, [P, CALL, ctypes.POINTER(CLCSRDesc), E]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _declare(ctypes.CDLL(_find_library()))
