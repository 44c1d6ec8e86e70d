/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/**
 * \file
 * clslice_cl.h — running clslice plans on OpenCL devices.
 *
 * OpenCL manners follow CLBlast and clFFT: the caller's cl_command_queue,
 * buffers with byte offsets, an event wait list and an optional output
 * event.  Calls only enqueue work: the library never calls clFinish on the
 * caller's queue, and works on in-order and out-of-order queues alike.
 *
 * All device state lives in a clslice_runtime that the caller creates (or
 * attaches to) for one cl_context and releases explicitly.  Nothing
 * global outlives the caller's references: the one process-wide object
 * is the list of runtimes that clslice_runtime_attach shares, which
 * holds no reference and no memory of its own, so once every runtime is
 * released the library holds nothing.
 *
 * Two shapes of call.  The plain calls, clslice_enqueue_gather, _scatter,
 * _fill and _grad, take their arguments one by one, as clEnqueue* does,
 * and keep their signatures.  Every other device call is a general call
 * of one shape, which can grow without breaking the programs that use it:
 *
 *     clslice_status clslice_cl_<op>(clslice_runtime *runtime,
 *                                    const clslice_cl_call *call,
 *                                    const clslice_cl_<op>_desc *desc, ...,
 *                                    clslice_error *err);
 *
 *     clslice_cl_call call = CLSLICE_CL_CALL_INIT;
 *     clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
 *     call.queue = queue;
 *     desc.plan = plan;  desc.elem_size = 4;
 *     desc.src.buffer = src;  desc.dst.buffer = dst;
 *     clslice_cl_gather(runtime, &call, &desc, &err);
 *
 *  - The head, clslice_cl_call, holds what every device call takes: the
 *    queue, the flags, the wait list and the optional event.  The
 *    descriptor, one type per operation, says what to do with which
 *    buffers.
 *  - Both begin with `size_t struct_size`: the sizeof of the type the
 *    caller was compiled with.  The _INIT macros set it and zero every
 *    other member.
 *  - A head or descriptor grows only by members appended at its end whose
 *    zero value keeps the behaviour from before they existed.  The library
 *    accepts any struct_size from the type's first published size up to
 *    its own sizeof and reads the members past a smaller struct_size as
 *    zero, so a program built against an older header runs unchanged on a
 *    newer library.  Any other struct_size is CLSLICE_ERROR_ARGUMENT naming
 *    call->struct_size or desc->struct_size and its value, as is a NULL
 *    call or desc; these come before every other check.
 *  - Structs held by value in a descriptor (clslice_cl_tensor) and the
 *    elements of arrays a descriptor points at (clslice_cl_part) are
 *    frozen: they never change, because the descriptor's layout or the
 *    array's stride fixes their size.  What a later version needs is
 *    appended to the descriptor instead.
 *  - Arrays are arrays of structs, never arrays of pointers, so an array
 *    such as `clslice_cl_part parts[3]` is passed as it is, without a cast
 *    (C converts no `T **` to `const T *const *`).
 *  - Messages name what the caller wrote: descriptor members as in
 *    `src.offset` or `parts[2].plan`, head members by their names
 *    (queue, flags, event_wait_list[i]).
 *  - The host's references of these calls (clslice.h, "General host
 *    calls") take descriptors of the same members, with
 *    clslice_host_tensor for clslice_cl_tensor.
 *
 * Conventions of every device call, plain or general:
 *  - Wait list: event_wait_list must hold num_events_in_wait_list events
 *    (NULL exactly when the count is 0), none of them NULL and each of
 *    the runtime's context; anything else is CLSLICE_ERROR_ARGUMENT
 *    naming event_wait_list[i], before anything is enqueued (drivers do
 *    not all check: PoCL runs a kernel behind another context's event).
 *  - Buffers that hold no bytes may be NULL, since OpenCL has no empty
 *    buffers: each call says which; a NULL buffer where bytes are read
 *    or written is CLSLICE_ERROR_ARGUMENT naming the argument and the
 *    bytes it needs.  Such a call still honours the wait list: a
 *    requested event is a marker that completes once the wait list has.
 *  - Errors: an OpenCL call that fails gives CLSLICE_ERROR_OPENCL naming
 *    the call, with its code in clslice_error.opencl_code (name it with
 *    clslice_cl_error_name); a failed program build gives
 *    CLSLICE_ERROR_BUILD with the start of the build log and
 *    clBuildProgram's code in opencl_code.
 */
#ifndef CLSLICE_CL_H
#define CLSLICE_CL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include "clslice.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup opencl OpenCL runtime and device calls
 * The runtime (one program cache per context), the call head, and
 * the gathers, scatters, fills, gradients, batches, concatenations
 * and views on the caller's queue.
 * @{ */

/** Opaque per-context state: the cache of built programs.  Programs are
 * compiled lazily, at the first call that needs them (or up front by
 * clslice_runtime_prepare), and cached per (device, kernel variant).
 * A runtime may be shared by threads that each use their own queue;
 * kernels are never shared between threads.  A runtime is reference
 * counted: create and attach give the caller one reference, retain adds
 * one, and each is dropped by clslice_runtime_release; the last frees
 * the runtime. */
typedef struct clslice_runtime clslice_runtime;

/** Creates a private runtime for `context` (retained until the runtime
 * is freed), with one reference.  clslice_runtime_attach never finds it,
 * so settings made on it (clslice_runtime_set_cache_dir) stay its own. */
CLSLICE_API
clslice_status clslice_runtime_create(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err);

/** The runtime of `context` that the components of a process share: the
 * one an earlier attach made for that context, with a new reference,
 * else a new runtime (as clslice_runtime_create) that later attaches
 * find.  An engine and its plug-ins each attach and each release, and
 * share one cache of built programs without knowing of one another.
 * Thread-safe: concurrent first attaches make one runtime.  The runtime
 * leaves the shared list when its last reference is released, so a later
 * attach starts a fresh one.  Settings made on a shared runtime affect
 * every component that uses it.  Errors: CLSLICE_ERROR_ARGUMENT for a
 * NULL context or runtime, and clslice_runtime_create's. */
CLSLICE_API
clslice_status clslice_runtime_attach(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err);

/** Adds a reference to `runtime`, which the caller must hold: a
 * component handed a runtime keeps it alive by retaining it, and
 * releases it when done.  Thread-safe.  CLSLICE_ERROR_ARGUMENT for a NULL
 * runtime. */
CLSLICE_API
clslice_status clslice_runtime_retain(clslice_runtime *runtime,
                                      clslice_error *err);

/** Drops the caller's reference and sets *runtime to NULL.  The last
 * reference releases every program and kernel the runtime built and the
 * context, and frees the runtime; work already enqueued keeps running
 * (OpenCL retains what it uses).  Thread-safe for different references
 * to one runtime.  Accepts NULL.
 *
 * It takes the runtime's address, `clslice_runtime_release(&runtime)`;
 * in C11 and later passing the runtime itself does not compile, as for
 * clslice_plan_release. */
CLSLICE_API
void clslice_runtime_release(clslice_runtime **runtime);
/* The type check, as clslice_plan_release's in clslice.h. */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) &&                 \
    __STDC_VERSION__ >= 201112L
#define clslice_runtime_release(runtime)                                   \
    (clslice_runtime_release)(_Generic((runtime),                          \
        clslice_runtime **: (runtime),                                     \
        void *: (runtime)))
#endif

/** Flags for clslice_runtime_prepare. */
enum {
    /** Build the 64-bit index programs too (slices whose offsets pass
     * 2^32 elements, int64 CSR indices, CLSLICE_FORCE_INDEX64). */
    CLSLICE_PREPARE_INDEX64 = 1u << 0,
    /** Build the program of clslice_cl_gather_batch and
     * clslice_cl_concat too. */
    CLSLICE_PREPARE_BATCH = 1u << 1,
    /** Build the normalise and dynamic programs of the device-resident
     * spec calls (clslice_cl_tf_dynamic and its siblings) too. */
    CLSLICE_PREPARE_DYNAMIC = 1u << 2,
    /** Build the program of the blocked calls (clslice_cl_gather and
     * clslice_cl_scatter with a blocking whose slice needs lane maps)
     * too. */
    CLSLICE_PREPARE_BLOCKED = 1u << 3,
    /** Build the program of the image-backed tensors (clslice_cl_gather
     * and clslice_cl_scatter with src_image or dst_image) too; refused
     * on a device without image support. */
    CLSLICE_PREPARE_IMAGE = 1u << 4
};

/** Builds now, instead of at the first call that needs them, every program
 * that calls on `device` can use under the runtime's path choice: on a
 * device of type CPU alone the row and fill programs, elsewhere the grid
 * and scatter programs, and the CSR program on every device; the 32-bit
 * index forms, and the 64-bit ones too with CLSLICE_PREPARE_INDEX64; the
 * batch program (clslice_cl_gather_batch, clslice_cl_concat) with
 * CLSLICE_PREPARE_BATCH;
 * the programs of the dynamic calls with CLSLICE_PREPARE_DYNAMIC (their
 * normaliser has one form, built once whatever the index flag); the
 * program of the blocked calls with CLSLICE_PREPARE_BLOCKED; the program
 * of the image-backed tensors with CLSLICE_PREPARE_IMAGE (one form,
 * built once whatever the index flag; on a device whose
 * CL_DEVICE_IMAGE_SUPPORT is CL_FALSE the flag is CLSLICE_ERROR_ARGUMENT
 * naming it, before anything is built, since no image call could run
 * there).
 * Programs already built are skipped, so a second call costs nothing;
 * safe to call from several threads, also while others enqueue.  A cold
 * build takes about a second per program on PoCL (docs/design.md).
 * Without prepare, a call builds only the kernel it launches (a program
 * of that one kernel, a "unit"; the whole program once a process has
 * taken four kernels of it), which is the faster start when few kernels
 * run (docs/design.md, "First calls").  The environment variable
 * CLSLICE_UNITS=0, read when a runtime is created, makes its calls build
 * whole programs instead (what a process that runs most kernels of a
 * program on a cold driver cache, a test suite, spends less on).
 *
 * On a device of type CPU alone that runs native kernels
 * (CL_EXEC_NATIVE_KERNEL: PoCL), a gather, scatter, fill or gradient
 * between plain buffers (no strides, blocking, sub-buffer or image)
 * whose kernel is not built yet does not wait for the build: it runs the
 * host executor in one clEnqueueNativeKernel command on the caller's
 * queue (same wait list, same event, the same checks first, the same
 * bytes written) while the runtime builds the kernel on a background
 * thread of its own; later calls launch the kernel once it is built.
 * The host executor copies on one thread, so on a large tensor it is
 * slower than the kernel (which uses every core); it runs only until the
 * build is done.  A build that fails in the background is built again,
 * and reported, by the next call that needs it.  clslice_runtime_release
 * waits for a build that is running (builds not started are dropped).
 * The environment variable CLSLICE_NATIVE=0, read when a runtime is
 * created, turns this off: every call launches its kernel, building it
 * first.  CLSLICE_NO_COPY_SHORTCUT does not change it.
 * Errors: CLSLICE_ERROR_ARGUMENT for a NULL runtime or device, unknown
 * flags, a device outside the runtime's context, or
 * CLSLICE_PREPARE_IMAGE for a device without images; CLSLICE_ERROR_BUILD
 * or CLSLICE_ERROR_OPENCL as a first call would report them.  Programs
 * built before a failure stay built. */
CLSLICE_API
clslice_status clslice_runtime_prepare(clslice_runtime *runtime,
                                       cl_device_id device, unsigned flags,
                                       clslice_error *err);

/** Waits until the programs the runtime builds in the background for
 * first calls that ran on the host (clslice_runtime_prepare, "native
 * kernels") are built or have failed; calls made afterwards launch their
 * kernel.  Returns at once when none is building.  For benchmarks that
 * time kernels, and for tests.  Safe to call from several threads.
 * Errors: CLSLICE_ERROR_ARGUMENT for a NULL runtime. */
CLSLICE_API
clslice_status clslice_runtime_wait_builds(clslice_runtime *runtime,
                                           clslice_error *err);

/** Keeps program binaries in the folder `dir` (which must exist), so that
 * another runtime, in this process or a later one, loads a program
 * instead of compiling it.  Off by default; NULL turns it off again.  A
 * runtime starts with the folder named by the environment variable
 * CLSLICE_CACHE_DIR when that is set and not empty.  A file is named by a
 * 64-bit hash of the device, driver and platform names and versions, the
 * library version, the build options and the program source, and is
 * written under a temporary name and renamed into place, so processes may
 * share a folder.  Calls keep one file per kernel they launch (a unit),
 * written once its first launch ran, so that it holds what the driver
 * compiled for that launch; a later process that loads it compiles
 * nothing (on PoCL about 0.1 s of CPU to write each file).  Programs that
 * clslice_runtime_prepare builds are kept whole, which is slow to write
 * on PoCL: it compiles every kernel of a program to hand out its binary
 * (about 6 s per program); loading is fast (docs/design.md, "First
 * calls").
 *
 * Trust: a binary holds machine code that runs in the process that loads
 * it, so whoever can write the folder or a file in it could run code in
 * every process that uses it.  As OpenSSH does for ~/.ssh, the cache uses
 * a folder only when it is owned by this user (the effective uid) or by
 * root and is writable by nobody else (no group or other write bit), and
 * reads a file only when it is a regular file under the same rule: never
 * a symbolic link (not followed), FIFO, device or folder, and nothing it
 * opens can block.  A file it reads must also hold the program its name
 * stands for: its key, the kernels the library launches for that key and
 * each one's number of arguments (so neither another program's binary
 * nor the 64-bit index form under the 32-bit name is ever launched).  A
 * cache shared between users must therefore be written by one of them or
 * by root; the others can read it but not add to it.
 *
 * The cache never fails a call.  A file that is missing, truncated,
 * damaged, refused by the driver or by the rules above means a build
 * from source, which then writes its binary over the file (a folder in
 * its place stays); a file that cannot be written is skipped.  What the
 * cache refused is counted, with the first message, by
 * clslice_runtime_cache_refusals; a refused CLSLICE_CACHE_DIR leaves the
 * cache off and is counted there too.
 * Errors: CLSLICE_ERROR_ARGUMENT for a NULL runtime, or a dir that is
 * empty, is not a folder that can be opened, or breaks the trust rule
 * (the message says which: owner or mode); CLSLICE_ERROR_MEMORY. */
CLSLICE_API
clslice_status clslice_runtime_set_cache_dir(clslice_runtime *runtime,
                                             const char *dir,
                                             clslice_error *err);

/** How many times the binary cache refused its folder or one of its
 * files since the runtime was created or its folder was last set (0:
 * nothing refused, the cache is off or runtime is NULL).  When `first`
 * is not NULL it receives the first refusal, as CLSLICE_ERROR_ARGUMENT
 * with a message that names the folder or file and why ("cache file
 * \"...\" is a FIFO, not a regular file; built from source instead"),
 * or CLSLICE_OK and an empty message when there was none.  Refusals are
 * not errors of any call (each was built from source instead); this is
 * how a program or a tool tells its user that the cache is not working. */
CLSLICE_API
long clslice_runtime_cache_refusals(clslice_runtime *runtime,
                                    clslice_error *first);

/** The name of an OpenCL status code, as cl.h spells it: "CL_SUCCESS",
 * "CL_INVALID_VALUE", ...  Codes newer than OpenCL 1.2 that drivers and
 * the ICD loader return (-69 .. -72, -1001) have their names too; any
 * other code gives "CL_UNKNOWN_ERROR".  The string is static; never NULL.
 * Messages of CLSLICE_ERROR_OPENCL use these names; the code itself is
 * clslice_error.opencl_code. */
CLSLICE_API
const char *clslice_cl_error_name(cl_int code);

/** Flags of the plain calls' `flags` argument and of clslice_cl_call.flags;
 * 0 gives the normal behaviour.  Every device call refuses unknown bits
 * (CLSLICE_ERROR_ARGUMENT); a flag that has no meaning for a call changes
 * nothing there (CSR indices have their own width; batches and dynamic
 * calls always run a kernel). */
enum {
    /** Use 64-bit index arithmetic even where 32 bits would do (testing). */
    CLSLICE_FORCE_INDEX64 = 1u << 0,
    /** Launch the kernel even where one clEnqueueCopyBuffer or
     * clEnqueueCopyBufferRect would do (testing and benchmarking). */
    CLSLICE_NO_COPY_SHORTCUT = 1u << 1,
    /** The names these flags had when the gather was the only call. */
    CLSLICE_GATHER_FORCE_INDEX64 = CLSLICE_FORCE_INDEX64,
    CLSLICE_GATHER_NO_COPY_SHORTCUT = CLSLICE_NO_COPY_SHORTCUT
};

/* The _INIT macros: struct_size set, every other member zero
 * (CLSLICE_INIT_, clslice.h, which the host's descriptors share). */
#define CLSLICE_CL_INIT_(type) CLSLICE_INIT_(type)

/** The head of every general call: where and when the work is enqueued.
 * The members are those of the plain calls' last arguments, with the
 * same rules (the wait list as the top of this file says). */
typedef struct clslice_cl_call {
    size_t struct_size;                /**< sizeof(clslice_cl_call) */
    cl_command_queue queue;            /**< of the runtime's context */
    unsigned flags;                    /**< CLSLICE_FORCE_INDEX64, ... */
    cl_uint num_events_in_wait_list;
    const cl_event *event_wait_list;   /**< NULL when the count is 0 */
    cl_event *event;                   /**< NULL: no event wanted */
} clslice_cl_call;

#define CLSLICE_CL_CALL_INIT CLSLICE_CL_INIT_(clslice_cl_call)

/** A tensor in a buffer, as descriptors hold it.  Frozen.  Element
 * (i0, i1, ...) lies at byte
 *     offset + (i0 * strides[0] + i1 * strides[1] + ...) * elem_size
 * of buffer (clslice.h, "Strided views", for the rules a view must
 * keep); the tensor's shape is the one the operation gives it. */
typedef struct clslice_cl_tensor {
    cl_mem buffer;          /**< NULL where the call touches no byte */
    size_t offset;          /**< bytes to element (0, ..., 0) */
    const int64_t *strides; /**< elements per dim, any sign, 0 allowed;
                             * NULL: contiguous row-major */
} clslice_cl_tensor;

/** A tensor side held in shared virtual memory (OpenCL 2.0 SVM) instead
 * of a buffer: the side's clslice_cl_tensor keeps its offset and strides
 * and leaves `buffer` NULL, and this names the allocation.  `pointer`
 * comes from clSVMAlloc on the runtime's context (coarse- or
 * fine-grained) and `bytes` is what that allocation holds from `pointer`
 * on, as the caller states it: every byte the view can address is
 * checked against it as against a buffer's size (CLSLICE_ERROR_BUFFER).
 * The library wraps the allocation in a buffer of those bytes for the
 * call (clCreateBuffer with CL_MEM_USE_HOST_PTR, which OpenCL 2.0 defines
 * to share an SVM allocation's storage) and releases the wrapper once
 * its commands are enqueued, so every path of the buffer calls runs
 * unchanged.  A coarse-grained allocation must not be mapped for the
 * host while the call's commands run (the caller's clEnqueueSVMMap /
 * clEnqueueSVMUnmap order that, as for any kernel).  Both sides in one
 * allocation are one wrapper, so the overlap checks of buffers apply.
 *
 * Intel's unified shared memory (cl_intel_unified_shared_memory:
 * clDeviceMemAllocINTEL, clSharedMemAllocINTEL) would map onto the same
 * member, through clSetKernelArgMemPointerINTEL instead of a wrapper; it
 * is not supported, nor tested: no device here offers it.  Zero members:
 * not used.  Frozen. */
typedef struct clslice_cl_svm {
    void *pointer; /**< from clSVMAlloc; NULL: the side is a buffer */
    size_t bytes;  /**< the allocation's size from pointer on */
} clslice_cl_svm;

/** A gather of a plan read as a view of its source buffer (see
 * clslice_plan_view), with what OpenCL asks of a sub-buffer there. */
typedef struct clslice_cl_view {
    int contiguous; /**< 1: the output is bytes [origin, origin + bytes) of
                     * src, in order; 0: it is not one run (all else 0
                     * but align) */
    size_t origin;  /**< src_offset + the run's byte offset in the input */
    size_t bytes;   /**< the run's length (0 for an empty output) */
    size_t align;   /**< the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes */
    int aligned;    /**< 1: clCreateSubBuffer(src, ..., {origin, bytes}) is
                     * allowed on this device: contiguous, bytes > 0 and
                     * origin a multiple of align.  0 with contiguous 1:
                     * copy instead (an empty output needs no buffer) */
} clslice_cl_view;

/** Fills *view for a gather of `plan` (elements of elem_size bytes) whose
 * input starts at byte src_offset of a buffer on `device`, so that a
 * caller can make a sub-buffer instead of enqueueing a copy.  Enqueues
 * nothing and needs no runtime.  Errors: those of clslice_plan_view,
 * CLSLICE_ERROR_ARGUMENT for a NULL device or view, CLSLICE_ERROR_BUFFER
 * when origin + bytes overflow a size_t, CLSLICE_ERROR_OPENCL when the
 * device cannot be queried. */
CLSLICE_API
clslice_status clslice_cl_plan_view(cl_device_id device,
                                    const clslice_plan *plan,
                                    size_t elem_size, size_t src_offset,
                                    clslice_cl_view *view,
                                    clslice_error *err);

/** Enqueues the slice `plan` of `src` into `dst` on `queue`.
 *
 * src holds the plan's whole input tensor, contiguous and row-major, from
 * byte src_offset on; dst receives the output (contiguous, row-major) from
 * byte dst_offset on.  Elements are elem_size bytes, any size >= 1; the
 * kernel moves them with a carrier type of the same size, so one kernel
 * serves every dtype.
 *
 * Before enqueuing anything the call checks that the input tensor and the
 * output fit in their buffers (CL_MEM_SIZE minus the offset) and fails with
 * CLSLICE_ERROR_BUFFER otherwise.  src and dst must not overlap.  dst may
 * be NULL when the output has no elements, src when the input tensor has
 * none.
 *
 * An empty output enqueues no kernel; `event`, if requested, is then a
 * marker that completes once the wait list has.  When the slice is one
 * contiguous run, a single clEnqueueCopyBuffer does the work (on a CPU
 * device, a large run goes to the copy kernel, which uses every core), and
 * on a CPU device a small 2-D or 3-D box of contiguous rows is a single
 * clEnqueueCopyBufferRect.  Otherwise a gather kernel runs: on CPU devices
 * one work-item per output row, on GPUs and other devices one per output
 * element.
 *
 * OpenCL failures return CLSLICE_ERROR_OPENCL with the failing call named
 * and its code in err->opencl_code; a failed program build returns
 * CLSLICE_ERROR_BUILD with the build log.
 *
 * This is clslice_cl_gather with contiguous tensors, its arguments taken
 * one by one. */
CLSLICE_API
clslice_status clslice_enqueue_gather(clslice_runtime *runtime,
                                      cl_command_queue queue,
                                      const clslice_plan *plan,
                                      size_t elem_size,
                                      cl_mem src, size_t src_offset,
                                      cl_mem dst, size_t dst_offset,
                                      unsigned flags,
                                      cl_uint num_events_in_wait_list,
                                      const cl_event *event_wait_list,
                                      cl_event *event,
                                      clslice_error *err);

/** How a tensor is packed into the RGBA texels of a 2-D image: four
 * channels to a texel (lane = channel % 4), the slices of four channels
 * (slice = channel / 4, S = ceil(C / 4) of them) laid out as the engine
 * that uses the packing lays them out.  Texel (x, y) of an image of
 * width w lies at texel y * w + x.  The last slice of a C that is not a
 * multiple of 4 has padding lanes (written as zeros, never read). */
typedef enum clslice_image_packing {
    /** MNN's OpenCL image layout of an NCHW tensor (rank 4): texel
     * x = slice * W + w, y = n * H + h; width ceil(C/4) * W, height
     * N * H. */
    CLSLICE_PACKING_NC4HW4 = 1,
    /** PHWC4, slices outermost, as clslice.h's blocked PHWC4 and TFLite
     * GPU's BUFFER and IMAGE_BUFFER storage order it, on a 2-D image: a
     * BHWC tensor (rank 4), or HWC (rank 3, B = 1), at texel
     * x = w * B + b, y = slice * H + h; width W * B, height
     * ceil(C/4) * H. */
    CLSLICE_PACKING_PHWC4 = 2,
    /** TFLite GPU's TEXTURE_2D storage of a BHWC (rank 4) or HWC (rank 3)
     * tensor, the slices inside each row h: texel x = w * B + b,
     * y = h * ceil(C/4) + slice; width W * B, height H * ceil(C/4). */
    CLSLICE_PACKING_TFLITE_TEXTURE_2D = 3
} clslice_image_packing;

/** A tensor held by a 2-D image (CL_MEM_OBJECT_IMAGE2D, channel order
 * CL_RGBA, channel type CL_FLOAT, CL_HALF_FLOAT or CL_UNSIGNED_INT8 for
 * elements of 4, 2 and 1 bytes) in a named packing.  The tensor's shape
 * is the one the operation gives that side; the image must be exactly as
 * wide and high as the packing makes that shape.  Every call that takes
 * an image (gather, scatter and its value, batch, concat) also takes a
 * 1-D image over a buffer (CL_MEM_OBJECT_IMAGE1D_BUFFER, TFLite GPU's
 * IMAGE_BUFFER storage) as the packing's 2-D image row by row: texel y * width + x, the image as
 * many texels wide as the 2-D one has.  A descriptor that
 * points at one takes it in place of its buffer tensor on that side (the
 * tensor member's buffer then NULL, offset 0, strides NULL).  Frozen: a
 * later need is a new member of the descriptors that point at it. */
typedef struct clslice_cl_image {
    cl_mem image; /**< a CL_MEM_OBJECT_IMAGE2D (or IMAGE1D_BUFFER) */
    clslice_image_packing packing; /**< CLSLICE_PACKING_NC4HW4, ... */
    unsigned flags;                /**< 0; other values are refused */
} clslice_cl_image;

/** What clslice_cl_gather does: the slice `plan` of the tensor `src`, of
 * the plan's input shape (src.strides: input-rank entries), into `dst`, of
 * the plan's final output shape (dst.strides: output-rank entries, new
 * axes included).  Elements are elem_size bytes. */
typedef struct clslice_cl_gather_desc {
    size_t struct_size; /**< sizeof(clslice_cl_gather_desc) */
    const clslice_plan *plan;
    size_t elem_size;
    clslice_cl_tensor src;
    clslice_cl_tensor dst;
    /** How src stores the input with one axis blocked (clslice.h,
     * "Blocked layouts"; src.strides then has one entry per logical dim,
     * the axis's the stride between blocks); NULL: a plain tensor. */
    const clslice_blocking *src_blocking;
    /** The same for dst and the output; a blocked dst is written whole,
     * its padding lanes as zeros. */
    const clslice_blocking *dst_blocking;
    /** src in SVM (clslice_cl_svm; src.buffer NULL); zero: a buffer. */
    clslice_cl_svm src_svm;
    /** dst in SVM (dst.buffer NULL); zero: a buffer. */
    clslice_cl_svm dst_svm;
    /** src held by an image instead of src.buffer; NULL: a buffer. */
    const clslice_cl_image *src_image;
    /** dst held by an image instead of dst.buffer, written whole (its
     * padding lanes as zeros); NULL: a buffer. */
    const clslice_cl_image *dst_image;
} clslice_cl_gather_desc;

#define CLSLICE_CL_GATHER_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_gather_desc)

/** Enqueues the gather `desc` describes.  With both strides NULL it is
 * clslice_enqueue_gather: checks, paths, events and errors as described
 * there.  With strides, either side is a strided view (clslice.h,
 * "Strided views", for the view model and the rules checked), and only
 * the bytes the dst view addresses are written: a slice of a transposed,
 * sliced or padded tensor, or into one, needs no intermediate copy.
 *
 * Checked before anything is enqueued, beside the checks of
 * clslice_enqueue_gather: every byte each view can address lies in
 * [0, CL_MEM_SIZE) of its buffer (CLSLICE_ERROR_BUFFER naming src.offset,
 * dst.offset, src.buffer or dst.buffer), the dst view addresses no
 * element twice and the views do not overlap when they share a buffer
 * (CLSLICE_ERROR_ARGUMENT), extents fit int64 (CLSLICE_ERROR_BUFFER
 * naming the strides entry, as src.strides[d]).  src.buffer may be NULL
 * when the input has no elements, dst.buffer when the output has none.
 *
 * Paths as clslice_enqueue_gather: views that simplify to one contiguous
 * run take one clEnqueueCopyBuffer, a small box of contiguous rows with
 * positive pitches one clEnqueueCopyBufferRect on a CPU device; else a
 * kernel, the gather kernels when the destination is contiguous and the
 * scatter kernels (which take both sides' strides) when it is not.
 *
 * With src_blocking or dst_blocking, that side is a blocked tensor
 * (clslice.h, "Blocked layouts": MNN's NC4HW4, TFLite's PHWC4, OpenVINO's
 * b_fs_yx_fsv16, oneDNN's nChw16c), checked as the strided view of its
 * storage, padding lanes included, and the blockings themselves
 * (CLSLICE_ERROR_ARGUMENT naming src_blocking->axis and so on).  A
 * blocked dst is written whole: its logical elements, and its padding
 * lanes as zeros.  Where the slice keeps the blocks' structure (it stays
 * inside one block, steps by whole blocks, or takes the same lanes of
 * every block, as a slice of whole blocks does) the copy is an ordinary
 * layout and takes the paths above, a copy shortcut included; otherwise
 * a kernel that maps each index through the block (a shift and a mask
 * for a power-of-two block) runs, in the device's family, and a
 * destination with padding lanes always takes it (its program is built
 * at the first such call, or by clslice_runtime_prepare with
 * CLSLICE_PREPARE_BLOCKED).
 *
 * With src_image or dst_image, that side is an image-backed tensor
 * (clslice_cl_image): image to buffer, buffer to image and image to
 * image.  The buffer side is then plain (no blocking) and may be a
 * strided view as above (its strides checked as for any view: inside its
 * buffer, a dst that addresses no element twice), its offset a multiple
 * of elem_size, and elem_size is the image's channel size (4 for
 * CL_FLOAT, 2 for CL_HALF_FLOAT, 1 for CL_UNSIGNED_INT8; two images
 * share their channel type).  Checked before anything is enqueued,
 * beside the plan, elem_size, the head and the buffer side as above:
 * the device supports images (CL_DEVICE_IMAGE_SUPPORT), the image is a
 * 2-D image of the runtime's context that the call may read (src: not
 * CL_MEM_WRITE_ONLY) or write (dst: not CL_MEM_READ_ONLY), its format
 * is CL_RGBA of one of the three channel types, its channel size is
 * elem_size, the tensor's rank fits the packing and its width and height
 * are the packing's for the tensor's shape (fewer than 2^31 lanes in
 * all: the kernels index lanes in 32 bits), and src and dst are not one
 * image; each is CLSLICE_ERROR_ARGUMENT naming the member (src_image->
 * image, dst_image->packing, ...), the value and what was expected.  An
 * image dst is written whole: the output's elements and, in the last
 * slice, the padding lanes as zeros.  One kernel runs (cl/image.cl:
 * read_imagef and write_imagef for CL_FLOAT and CL_HALF_FLOAT, exact for
 * every finite value; read_imageui and write_imageui for
 * CL_UNSIGNED_INT8), one work-item per output element for a buffer
 * dst, per texel for an image dst, its program built at the first such
 * call; an empty output enqueues a marker when an event is wanted.
 * Flags change nothing there.
 *
 * A 1-D buffer image (CL_MEM_OBJECT_IMAGE1D_BUFFER) on a side is checked
 * as an image (support, context, access, format, elem_size; its width
 * must be the 2-D image's width times its height, CLSLICE_ERROR_ARGUMENT
 * naming it otherwise), then taken as its buffer (CL_IMAGE_BUFFER)
 * holding the blocked tensor that the packing's texels row by row make:
 * the gather runs as one with src_blocking or dst_blocking (the channel
 * dim in blocks of 4; a dst written whole, its padding lanes as zeros).
 * That is so where its other side is a buffer or another 1-D buffer
 * image; opposite a 2-D image, the image kernel runs with a temporary
 * 2-D image of the same format and size in its place, filled from its
 * buffer first (clEnqueueCopyBufferToImage) for a src, copied into it
 * after (clEnqueueCopyImageToBuffer) for a dst, the commands chained and
 * the temporary released after the enqueue. */
CLSLICE_API
clslice_status clslice_cl_gather(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_gather_desc *desc,
                                 clslice_error *err);

/** One output of a batch: the slice `plan` into `buffer` from byte
 * `offset` on, contiguous and row-major.  Frozen. */
typedef struct clslice_cl_part {
    const clslice_plan *plan;
    cl_mem buffer; /**< NULL when the plan's output is empty */
    size_t offset;
} clslice_cl_part;

/** What clslice_cl_gather_batch does: `count` gathers of one source, part
 * i the slice parts[i].plan of `src` (of the plans' common input shape,
 * contiguous and row-major: src.strides must be NULL).  Elements are
 * elem_size bytes. */
typedef struct clslice_cl_batch_desc {
    size_t struct_size; /**< sizeof(clslice_cl_batch_desc) */
    size_t elem_size;
    clslice_cl_tensor src;        /**< strides NULL */
    size_t count;                 /**< >= 1 */
    const clslice_cl_part *parts; /**< count entries */
    /** src in SVM (clslice_cl_svm; src.buffer NULL); zero: a buffer. */
    clslice_cl_svm src_svm;
    /** NULL, or count entries: where part_svm[i].pointer is set, output
     * i lies in that SVM allocation (parts[i].buffer NULL, parts[i].offset
     * from part_svm[i].pointer on); zero entries: buffers. */
    const clslice_cl_svm *part_svm;
    /** src held by an image (clslice_cl_image) of the plans' common
     * input shape instead of src.buffer; NULL: a buffer. */
    const clslice_cl_image *src_image;
    /** NULL, or count entries: where part_image[i].image is set, output i
     * is held by that image (parts[i].buffer NULL, parts[i].offset 0),
     * written whole, its padding lanes as zeros; entries whose image is
     * NULL: buffers. */
    const clslice_cl_image *part_image;
} clslice_cl_batch_desc;

#define CLSLICE_CL_BATCH_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_batch_desc)

/** Enqueues the `count` gathers of `desc` as one command.  For runs of
 * small slices of one tensor (Split, tf.split, QKV splits, chunk), where
 * each single gather would cost a command of its own (70-200 us on PoCL,
 * several us on a GPU).
 *
 * Every plan must read the same input shape (parts[0].plan's), which
 * src.buffer holds from byte src.offset on as for clslice_enqueue_gather;
 * each output is contiguous and row-major.
 *
 * Checks, all before anything is enqueued: runtime, queue, parts given,
 * count >= 1, each parts[i].plan given and of parts[0].plan's input shape
 * (CLSLICE_ERROR_SHAPE naming parts[i].plan and the dim otherwise),
 * elem_size, flags, the wait list; src.strides NULL
 * (CLSLICE_ERROR_ARGUMENT naming it); src.buffer holds the input tensor;
 * each parts[i].buffer holds its plan's output from parts[i].offset on
 * (CLSLICE_ERROR_BUFFER naming parts[i].buffer and parts[i].plan); no
 * output overlaps src or another output (CLSLICE_ERROR_ARGUMENT naming
 * both).  parts[i].buffer may be NULL when its output is empty,
 * src.buffer when the input tensor is; one buffer may serve any number of
 * outputs at different offsets.  Flags as for clslice_enqueue_gather
 * (CLSLICE_NO_COPY_SHORTCUT changes nothing: a batch always runs its
 * kernel).
 *
 * Commands: one kernel launch per group of up to 8 distinct destination
 * cl_mem handles (taken in order of first use), so a batch whose outputs
 * all live in one buffer, at different offsets, is one command;
 * launches of a larger batch wait for each other by events.  When every
 * output is empty, no kernel runs (a marker if call->event is given).
 * The event, if requested, completes when every output is written.  The
 * work list travels in a read-only buffer created with the data
 * (CL_MEM_COPY_HOST_PTR, no command of its own) and released after the
 * enqueue.  Every launch is prepared before the first is enqueued; only
 * when the enqueue call of a second or later launch fails have earlier
 * launches been queued (CLSLICE_ERROR_OPENCL naming the call).  The
 * kernel program is built at the first batch call on a device, or by
 * clslice_runtime_prepare with CLSLICE_PREPARE_BATCH.
 *
 * With src_svm or part_svm, those tensors lie in SVM allocations
 * (clslice_cl_svm) instead of buffers: src.buffer, or parts[i].buffer
 * where part_svm[i].pointer is set, stays NULL and the offsets count from
 * the pointers.  Each allocation is wrapped in a buffer for the call, as
 * clslice_cl_gather wraps its SVM sides (allocations that meet share one
 * wrapper), so every check above applies; a CLSLICE_ERROR_BUFFER about
 * such a side adds "[parts[i].buffer is part_svm[i]: N bytes]".  Checked
 * first, after the struct sizes, count and parts: a side given both ways
 * ("parts[i].buffer and part_svm[i].pointer are both set"), a pointer
 * without bytes or bytes without a pointer, and a queue whose device has
 * no SVM (CLSLICE_ERROR_ARGUMENT naming src_svm or part_svm[i]).
 *
 * With src_image or part_image, those tensors are image-backed
 * (clslice_cl_image; src.buffer, or parts[i].buffer where
 * part_image[i].image is set, NULL and the offset 0): every output that
 * an image touches (all of them for an image source) is then one image
 * gather of its plan, as clslice_cl_gather runs it (an image output
 * written whole, its padding lanes as zeros; a buffer side contiguous
 * from an offset that is a multiple of elem_size), and the other outputs
 * stay the launches above, which run first.  Checked before anything is
 * enqueued, after the checks above (which leave image sides out): the
 * image entries' members (CLSLICE_ERROR_ARGUMENT naming src_image->image
 * when it is NULL, part_image[i].flags when not 0, src.buffer or
 * parts[i].buffer and its offset when set beside an image), no output
 * image being the source's or another output's ("part_image[i].image
 * and src_image->image are one image"), then each image gather's checks
 * as clslice_cl_gather makes them, naming src_image->image,
 * part_image[i].image, parts[i].offset.  A 1-D buffer image side
 * (clslice_cl_image) makes its gathers blocked gathers of the image's
 * buffer (or, opposite a 2-D image, staged through a temporary 2-D
 * image), as clslice_cl_gather runs them.  A 1-D buffer image output
 * whose texels meet the bytes of the source or of another output (in one
 * buffer, or in sub-buffers of one parent; a buffer side counts whole),
 * which the buffer checks cannot see, is CLSLICE_ERROR_ARGUMENT ("part_image[i].image is
 * a 1-D buffer image over src.buffer, which the batch reads").  The event, if requested,
 * completes when every output is written. */
CLSLICE_API
clslice_status clslice_cl_gather_batch(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_batch_desc *desc,
                                       clslice_error *err);

/** One source of clslice_cl_concat: the tensor `src`, of the final output
 * shape of `plan` (src.strides: output-rank entries, NULL for row-major),
 * written into the slice `plan` of the destination.  Frozen. */
typedef struct clslice_cl_concat_part {
    const clslice_plan *plan; /**< the part's place in the destination */
    clslice_cl_tensor src;    /**< buffer NULL when the part is empty */
} clslice_cl_concat_part;

/** What clslice_cl_concat does: `count` sources written into their places
 * of one destination `dst`, a tensor of the plans' common input shape
 * (dst.strides: input-rank entries, NULL for row-major).  Elements are
 * elem_size bytes. */
typedef struct clslice_cl_concat_desc {
    size_t struct_size; /**< sizeof(clslice_cl_concat_desc) */
    size_t elem_size;
    clslice_cl_tensor dst;
    size_t count;                        /**< >= 1 */
    const clslice_cl_concat_part *parts; /**< count entries */
    /** dst in SVM (clslice_cl_svm; dst.buffer NULL); zero: a buffer. */
    clslice_cl_svm dst_svm;
    /** NULL, or count entries: where part_svm[i].pointer is set, part
     * i's source lies in that SVM allocation (parts[i].src.buffer NULL,
     * parts[i].src.offset from part_svm[i].pointer on); zero entries:
     * buffers. */
    const clslice_cl_svm *part_svm;
    /** NULL, or count entries: where part_image[i].image is set, part
     * i's source is held by that image (clslice_cl_image; parts[i].src
     * all NULL or 0), a tensor of parts[i].plan's output shape; entries
     * whose image is NULL: buffers. */
    const clslice_cl_image *part_image;
    /** dst held by an image of the plans' input shape instead of
     * dst.buffer (dst.strides NULL, offset 0); NULL: a buffer. */
    const clslice_cl_image *dst_image;
} clslice_cl_concat_desc;

#define CLSLICE_CL_CONCAT_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_concat_desc)

/** Enqueues the `count` writes of `desc` as one command: the dual of
 * clslice_cl_gather_batch.  For ONNX, OpenVINO and TF Concat and numpy's
 * concatenate and stack (the plans of clslice_plan_concat and
 * clslice_plan_stack), or any parts in disjoint places of one tensor,
 * such as an engine's arena: part i's source goes into the slice
 * parts[i].plan of dst, and the elements no part's slice holds are not
 * touched.  Sources may be strided views (a transposed or sliced tensor
 * needs no copy first), in buffers of their own or sharing buffers.
 *
 * Checks, all before anything is enqueued, in this order (the host's
 * clslice_host_concat checks the same and is the reference): the head
 * (runtime, queue, flags, the wait list); parts given, count >= 1, each
 * parts[i].plan given, of parts[0].plan's input shape
 * (CLSLICE_ERROR_SHAPE naming parts[i].plan and the dim) and known, and
 * elem_size; the views, as clslice_cl_gather checks them (naming
 * parts[i].src.strides[d] and dst.strides[d]); that no two parts write
 * one element of dst (CLSLICE_ERROR_ARGUMENT naming parts[i].plan,
 * parts[j].plan and the element: exact, so parts interleaved by steps
 * pass, and a part without elements takes no part); then the buffers:
 * each source view inside its buffer (CLSLICE_ERROR_BUFFER naming
 * parts[i].src.offset or parts[i].src.buffer), the dst view inside
 * dst.buffer, and no source overlapping the dst view's bytes
 * (CLSLICE_ERROR_ARGUMENT naming both).  Sources may share bytes.
 * parts[i].src.buffer may be NULL when the part is empty, dst.buffer when
 * every part is; a dst.buffer that is given must hold its whole view.
 * Flags as for clslice_cl_gather (CLSLICE_NO_COPY_SHORTCUT changes
 * nothing: a concatenation always runs its kernel).
 *
 * Commands: one kernel launch per group of up to 8 distinct source
 * cl_mem handles (taken in order of first use), so parts whose sources
 * share one buffer, or up to 8, are one command; launches of more wait
 * for each other by events.  When every part is empty, no kernel runs (a
 * marker if call->event is given).  The event, if requested, completes
 * when every part is written.  As for clslice_cl_gather_batch, the work
 * list travels in a read-only buffer created with its data and released
 * after the enqueue, every launch is prepared before the first is
 * enqueued, and the kernels are those of the batch program (built at the
 * first batch or concat call on a device, or by clslice_runtime_prepare
 * with CLSLICE_PREPARE_BATCH).
 *
 * With dst_svm or part_svm, those tensors lie in SVM allocations
 * (clslice_cl_svm) instead of buffers: dst.buffer, or parts[i].src.buffer
 * where part_svm[i].pointer is set, stays NULL and the offsets count from
 * the pointers.  Each allocation is wrapped in a buffer for the call, as
 * clslice_cl_gather wraps its SVM sides (allocations that meet share one
 * wrapper, so a source in the destination's allocation is checked as one
 * in its buffer), and every check above applies; a CLSLICE_ERROR_BUFFER
 * about such a side adds "[parts[i].src.buffer is part_svm[i]: N
 * bytes]".  Checked first, after the struct sizes, count and parts: a
 * side given both ways
 * ("parts[i].src.buffer and part_svm[i].pointer are both set"), a pointer
 * without bytes or bytes without a pointer, and a queue whose device has
 * no SVM (CLSLICE_ERROR_ARGUMENT naming dst_svm or part_svm[i]).
 *
 * With part_image or dst_image, those tensors are image-backed
 * (clslice_cl_image; parts[i].src, or dst, then NULL buffer, offset 0
 * and strides NULL): each image part is read into its place in a
 * temporary buffer (an image gather of the whole tensor), an image dst
 * is read into another (skipped when the parts cover every element),
 * the concatenation runs into it as above, and it is written back whole,
 * its padding lanes as zeros: two passes over an image dst and its size
 * in temporary memory, the commands chained by events (the reads, the
 * launches, the write back).  When no part has an element nothing is
 * written.  Checked before anything is enqueued, after the checks above
 * (which leave image sides out): the image entries' members
 * (CLSLICE_ERROR_ARGUMENT naming dst_image->image when it is NULL,
 * part_image[i].flags when not 0, parts[i].src.buffer, .offset or
 * .strides, or dst's, when set beside an image), no part's image being
 * dst's ("dst_image->image and part_image[i].image are one image"), then
 * each image against its tensor as clslice_cl_gather checks it (naming
 * part_image[i].image and dst_image->image: support, type, context,
 * format, elem_size, size; a part image must be readable, dst_image
 * writable, and readable too unless the parts cover it).  A part or dst
 * held by a 1-D buffer image (clslice_cl_image) is read and written
 * back by blocked gathers of its buffer, as clslice_cl_gather runs them
 * (its size named as "part_image[i].image is a 1-D buffer image of N
 * texels but its tensor needs M"); any mix with 2-D images is taken. */
CLSLICE_API
clslice_status clslice_cl_concat(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_concat_desc *desc,
                                 clslice_error *err);

/* ------------------------------------------------------------------------ */
/* Writing into slices on the device                                        */
/* ------------------------------------------------------------------------ */

/** Enqueues the write of a value tensor into the slice `plan` of `dst`, in
 * place (TF StridedSliceAssign, MXNet _slice_assign).
 *
 * dst holds a whole tensor of the plan's input shape, contiguous and
 * row-major, from byte dst_offset on; only the elements of the slice are
 * written, every other byte of dst is left alone.  value holds a
 * contiguous row-major tensor of value_shape (value_rank entries) from
 * byte value_offset on.  `rule` is the shape rule (clslice_value_rule in
 * clslice.h): CLSLICE_VALUE_BROADCAST broadcasts the value to the slice's
 * final shape under numpy rules (a rank-0 value fills the slice), and
 * CLSLICE_VALUE_EXACT requires the final shape itself.  A value that does
 * not fit fails with CLSLICE_ERROR_SHAPE naming the value dim, its size
 * and the slice dim's size.
 *
 * Checks as clslice_enqueue_gather, before anything is enqueued: both
 * tensors fit their buffers (CL_MEM_SIZE minus the offset), value and dst
 * do not overlap, both belong to the runtime's context, the wait list is
 * well formed.  dst may be NULL when the slice is empty (nothing is
 * written), value when the value tensor has no elements; a dst that is
 * given must still hold the whole tensor.  An empty slice enqueues no
 * kernel (a marker when `event` is requested); when the slice is one
 * contiguous run and the value is not
 * broadcast, one clEnqueueCopyBuffer does the work
 * (CLSLICE_NO_COPY_SHORTCUT launches the kernel instead).
 *
 * This is clslice_cl_scatter with contiguous tensors, its arguments taken
 * one by one. */
CLSLICE_API
clslice_status clslice_enqueue_scatter(clslice_runtime *runtime,
                                       cl_command_queue queue,
                                       const clslice_plan *plan,
                                       size_t elem_size,
                                       cl_mem value, size_t value_offset,
                                       const int64_t *value_shape,
                                       int value_rank,
                                       clslice_value_rule rule,
                                       cl_mem dst, size_t dst_offset,
                                       unsigned flags,
                                       cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list,
                                       cl_event *event,
                                       clslice_error *err);

/** What clslice_cl_scatter does: writes the tensor `value`, of value_shape
 * (value_rank entries; value.strides: value_rank entries), into the slice
 * `plan` of the tensor `dst`, of the plan's input shape (dst.strides:
 * input-rank entries), in place, under the shape rule `rule` (as
 * clslice_enqueue_scatter).  Elements are elem_size bytes. */
typedef struct clslice_cl_scatter_desc {
    size_t struct_size; /**< sizeof(clslice_cl_scatter_desc) */
    const clslice_plan *plan;
    size_t elem_size;
    clslice_cl_tensor value;
    const int64_t *value_shape;
    int value_rank;
    clslice_value_rule rule;
    clslice_cl_tensor dst;
    /** How value is stored with one axis blocked (clslice.h, "Blocked
     * layouts"); NULL: a plain tensor. */
    const clslice_blocking *value_blocking;
    /** How dst is stored; NULL: plain.  Only the slice's elements are
     * written: padding lanes are left alone. */
    const clslice_blocking *dst_blocking;
    /** value in SVM (clslice_cl_svm; value.buffer NULL); zero: a buffer. */
    clslice_cl_svm value_svm;
    /** dst in SVM (dst.buffer NULL); zero: a buffer. */
    clslice_cl_svm dst_svm;
    /* Appended in 0.2 (image-backed tensors). */
    /** dst held by an image instead of dst.buffer; NULL: a buffer.  Only
     * the slice's elements change; padding lanes and every other
     * element keep their values. */
    const clslice_cl_image *dst_image;
    /** value held by an image (a tensor of value_shape, value_rank 3 or
     * 4 as its packing takes) instead of value.buffer; NULL: a buffer. */
    const clslice_cl_image *value_image;
} clslice_cl_scatter_desc;

#define CLSLICE_CL_SCATTER_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_scatter_desc)

/** Enqueues the scatter `desc` describes.  With both strides NULL it is
 * clslice_enqueue_scatter: checks, paths, events and errors as described
 * there.  With strides, either side is a strided view and only the
 * slice's elements of the dst view are written; a value dim that
 * broadcasts is read at stride 0 whatever its view stride.  Checks as
 * clslice_cl_gather's for views; dst.buffer may be NULL when the slice is
 * empty, value.buffer when the value has no elements, and a dst.buffer
 * that is given must hold its whole view.  With value_blocking or
 * dst_blocking, that side is a blocked tensor, checked and run as for
 * clslice_cl_gather; a blocked dst gets the slice's elements only, its
 * padding lanes and everything else are left alone, and a value dim that
 * broadcasts is read at its index 0, blocked or not.
 *
 * With dst_image, dst is an image-backed tensor (clslice_cl_image) of the
 * plan's input shape, checked as clslice_cl_gather checks a dst image
 * (its CL_MEM_READ_ONLY included); value is then a buffer, row-major or
 * a strided view (no value_blocking, value.offset a multiple of
 * elem_size), and elem_size the image's channel size.  Only the
 * slice's elements change.  Since an OpenCL 1.2 kernel cannot read and
 * write one image, the call copies dst into a temporary image of its
 * format (clEnqueueCopyImage, released after the enqueue), then one
 * kernel writes every texel of dst: the slice's lanes from value, the
 * others from the copy.  The copy waits for the wait list, the kernel for
 * the copy; the event completes with the kernel.  An empty slice enqueues
 * a marker when an event is wanted.  A 1-D buffer image dst
 * (CL_MEM_OBJECT_IMAGE1D_BUFFER) is checked as clslice_cl_gather checks
 * one, then taken as the blocked tensor of its buffer: the scatter runs
 * as one with dst_blocking (value as above, or as any scatter's value),
 * writing the slice's elements in place, no copy made.
 *
 * With value_image, the value (a tensor of value_shape, of rank 3 or 4
 * as its packing takes) is held by an image instead of value.buffer
 * (value.buffer NULL, offset 0, strides and value_blocking NULL; named
 * "value_image->image is NULL", "value_image->flags", otherwise).  It is
 * checked as clslice_cl_gather checks a src image (naming
 * value_image->image: readable, format, elem_size, size), then read into
 * a temporary buffer by an image gather (a blocked gather of the buffer
 * of a 1-D buffer image), and the scatter runs from that
 * buffer under every rule above (any dst: buffer, view, blocked, image).
 * The read is enqueued after every check of the call, behind the wait
 * list, and the scatter's first command waits for it. */
CLSLICE_API
clslice_status clslice_cl_scatter(clslice_runtime *runtime,
                                  const clslice_cl_call *call,
                                  const clslice_cl_scatter_desc *desc,
                                  clslice_error *err);

/** Element sizes up to this many bytes are filled by the fill kernels
 * directly: clslice_enqueue_fill passes the element to the kernel in a
 * small constant buffer made with the launch. */
#define CLSLICE_FILL_INLINE_MAX 64

/** Enqueues a fill of the slice `plan` of `dst` with one element (MXNet
 * _slice_assign_scalar): `element` points at the elem_size bytes of the
 * element in host memory, read before the call returns.  dst is as for
 * clslice_enqueue_scatter, and elements outside the slice are not
 * touched.  Up to CLSLICE_FILL_INLINE_MAX bytes the element travels to
 * the fill kernel in a small constant buffer; a larger element is copied
 * into a temporary device buffer; the library releases either once the
 * fill is enqueued (OpenCL keeps a released buffer alive for the
 * commands that use it).  Same checks,
 * flags and events as the scatter (dst may be NULL when the slice is
 * empty; `element` is always required); there is no copy shortcut. */
CLSLICE_API
clslice_status clslice_enqueue_fill(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_plan *plan,
                                    size_t elem_size, const void *element,
                                    cl_mem dst, size_t dst_offset,
                                    unsigned flags,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list,
                                    cl_event *event,
                                    clslice_error *err);

/** Enqueues TF StridedSliceGrad: `out` (from byte out_offset on) receives a
 * contiguous row-major tensor of the plan's input shape, zero everywhere
 * but the slice, which receives dy (dy_shape must be the plan's final
 * shape exactly; dy is contiguous row-major from byte dy_offset on).
 *
 * Two commands: a clEnqueueFillBuffer of zeros over the output tensor's
 * bytes (behind the wait list), then the scatter of dy, which waits for
 * the fill's event, so out-of-order queues work too.  `event`, if
 * requested, is the scatter's (a marker for an empty slice), which
 * completes only after both.  Bytes of out outside the tensor are not
 * touched.  out may be NULL only when the whole tensor has no bytes (an
 * empty slice of a non-empty tensor still zeroes it), dy when it has no
 * elements.  Every check, the program build and the scatter's setup (its
 * kernel and arguments) are done before the fill is enqueued, so a
 * failing call leaves out untouched, with one exception: when the
 * scatter's own enqueue call, the last call made, fails, the function
 * returns CLSLICE_ERROR_OPENCL naming that call and the output tensor is
 * zeroed, as the fill is already queued. */
CLSLICE_API
clslice_status clslice_enqueue_grad(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_plan *plan,
                                    size_t elem_size,
                                    cl_mem dy, size_t dy_offset,
                                    const int64_t *dy_shape, int dy_rank,
                                    cl_mem out, size_t out_offset,
                                    unsigned flags,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list,
                                    cl_event *event,
                                    clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* CSR matrices on the device                                               */
/* ------------------------------------------------------------------------ */

/** @addtogroup csr
 * @{ */

/** A CSR matrix in OpenCL buffers (see clslice_csr in clslice.h for the
 * format and the slicing rules).  Each array starts at its byte offset;
 * the indptr and indices offsets must be multiples of the index size, the
 * data offset may be anything.  indices and data may be NULL when nnz is
 * 0 (OpenCL has no empty buffers).  Frozen: it has no struct_size, so
 * what a later version needs goes into clslice_cl_csr_desc. */
typedef struct clslice_cl_csr {
    int64_t rows, cols;
    clslice_index_type index_type;  /**< of indptr and indices alike */
    size_t elem_size;               /**< bytes per data element, >= 1 */
    int64_t nnz;                    /**< stored entries; indptr[rows] == nnz */
    cl_mem indptr;                  /**< rows + 1 entries */
    size_t indptr_offset;
    cl_mem indices;                 /**< nnz entries */
    size_t indices_offset;
    cl_mem data;                    /**< nnz elements */
    size_t data_offset;
} clslice_cl_csr;

/* Slicing a CSR matrix on the device takes two calls, because the result's
 * nnz is known only once the device has counted:
 *
 *   clslice_cl_csr out = {count_r, count_c, in.index_type, in.elem_size,
 *                         0, indptr_buf, 0, NULL, 0, NULL, 0};
 *   clslice_cl_csr_desc desc = CLSLICE_CL_CSR_DESC_INIT;
 *   desc.plan = plan;  desc.in = &in;  desc.out = &out;
 *   clslice_cl_csr_count(rt, &call, &desc, &nnz, &e);
 *   out.nnz = nnz;  out.indices = ...;  out.data = ...;   (allocate)
 *   clslice_cl_csr_fill(rt, &call, &desc, &e);
 *
 * out->rows/cols must be the plan's output shape, out->index_type and
 * out->elem_size the input's.  Output buffers must not overlap the input's
 * or each other.  Messages name the matrices' members as in->indptr,
 * out->data_offset. */

/** A CSR matrix's arrays in shared virtual memory, one clslice_cl_svm
 * per array of a clslice_cl_csr (which is frozen, so these sit beside it
 * in the descriptor).  Where an entry's pointer is set, that array lies
 * in the allocation: the clslice_cl_csr's buffer member is NULL and its
 * offset counts from the pointer; zero entries: the array is in its
 * buffer.  The allocation's size is checked as a buffer's would be.
 * Frozen. */
typedef struct clslice_cl_csr_svm {
    clslice_cl_svm indptr;
    clslice_cl_svm indices;
    clslice_cl_svm data;
} clslice_cl_csr_svm;

/** What both CSR passes slice: `plan` (on [in->rows, in->cols]) of the
 * matrix `in` into `out` (see above). */
typedef struct clslice_cl_csr_desc {
    size_t struct_size; /**< sizeof(clslice_cl_csr_desc) */
    const clslice_plan *plan; /**< on [in->rows, in->cols], keeping both */
    const clslice_cl_csr *in;
    const clslice_cl_csr *out;
    /** NULL, or where in's arrays lie in SVM (clslice_cl_csr_svm); each
     * SVM array is wrapped in a buffer for the call as a gather's SVM
     * side is (clslice_cl_svm), arrays whose allocations meet in one
     * wrapper, so the overlap checks apply; the device must report SVM
     * (CL_DEVICE_SVM_CAPABILITIES), CLSLICE_ERROR_ARGUMENT naming the
     * entry otherwise, as for a buffer and a pointer both set
     * ("in->indices and in_svm->indices.pointer are both set"). */
    const clslice_cl_csr_svm *in_svm;
    /** NULL, or where out's arrays lie in SVM, as in_svm. */
    const clslice_cl_csr_svm *out_svm;
} clslice_cl_csr_desc;

#define CLSLICE_CL_CSR_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_csr_desc)

/** Pass 1: validates `in` on the device, counts the entries each output row
 * keeps and writes the output row pointers (count_r + 1 entries) to
 * out->indptr; out->indices, out->data and out->nnz are ignored.
 *
 * BLOCKING: it waits (with one small blocking clEnqueueReadBuffer on
 * call->queue) until the device has counted, because the caller needs
 * *out_nnz to allocate the output.  On an in-order queue that means
 * everything enqueued before it has run.  Work is enqueued behind the
 * wait list.
 *
 * On success *out_nnz is the result's nnz and the copy into out->indptr is
 * enqueued (not necessarily finished): the event, if requested, completes
 * when out->indptr is written; an in-order queue orders it before the fill
 * anyway.  On a corrupt input it returns CLSLICE_ERROR_SPEC with the
 * first bad position, as the host version words it (it then reads indptr
 * and indices back to find it), and writes nothing to out->indptr: the
 * device counts into scratch buffers of its own, released by the call. */
CLSLICE_API
clslice_status clslice_cl_csr_count(clslice_runtime *runtime,
                                    const clslice_cl_call *call,
                                    const clslice_cl_csr_desc *desc,
                                    int64_t *out_nnz, clslice_error *err);

/** Pass 2: enqueues the copy of the kept entries into out->indices and
 * out->data; out->indptr must hold what pass 1 wrote and out->nnz what it
 * returned (the buffers are checked against out->nnz).  Non-blocking, like
 * clEnqueue*: wait list in, optional event out.  Any element size works.
 * Writes stay inside out->nnz entries even if out->indptr does not match
 * the input.  An empty result enqueues no kernel (a marker if an event is
 * wanted). */
CLSLICE_API
clslice_status clslice_cl_csr_fill(clslice_runtime *runtime,
                                   const clslice_cl_call *call,
                                   const clslice_cl_csr_desc *desc,
                                   clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Dynamic slices: spec values in device memory                             */
/* ------------------------------------------------------------------------ */

/** @addtogroup dynamic
 * @{ */

/* When begin/end/strides (TF, OpenVINO), starts/ends/axes/steps (ONNX)
 * or start_indices (XLA) are in device buffers, a dynamic call slices
 * without a round trip to the host.  It enqueues two commands chained by
 * an event:
 *
 *  1. normalise: reads the values and writes the "dynamic plan record"
 *     (clslice.h, CLSLICE_DYNAMIC_*) into the caller's `info` buffer:
 *     word CLSLICE_DYNAMIC_STATUS is a clslice_status (CLSLICE_OK, the
 *     CLSLICE_ERROR_SPEC / _INDEX / _SHAPE the host front-end would give
 *     for the same values, or CLSLICE_ERROR_BUFFER for a gather's slice
 *     past desc->max_elements), _SLOT / _VALUE / _DIM say where,
 *     _ELEMENTS is the output's element count and _OUT_RANK / _SHAPE its
 *     shape;
 *  2. the gather or scatter, which reads the slice from the record.  When
 *     the status is not CLSLICE_OK it writes nothing at all.
 *
 * Nothing blocks and nothing is read back: the caller's event completes
 * after both, and reading the record (to learn the shape or the status)
 * is the caller's choice, e.g. a clEnqueueReadBuffer behind that event.
 * Works on in-order and out-of-order queues.
 *
 * Sizes: the output's size is not known on the host, so a gather's dst
 * must hold a bound: elem_size times the least of
 *  - the input's element count (clslice_dynamic_bound, clslice.h): a
 *    slice never has more;
 *  - the output's element count where the spec's static part fixes it
 *    (every dim shrunk, or an XLA window: clslice_cl_xla_dynamic's output
 *    has exactly the window's elements);
 *  - desc->max_elements, when not 0: the caller's own bound.
 * A caller that knows intervals for the spec's values (a position in
 * [0, 4095], a length of at most 64) gets a tight max_elements from the
 * interval shape inference: the front-end's clslice_infer_* call gives
 * the output's dims as intervals, and clslice_dynamic_bound_intervals
 * their largest element count, which goes into max_elements (and
 * max_elements * elem_size bytes into dst).  A 1-row crop of a large
 * tensor then needs one row of dst, not the tensor.  The values are not
 * trusted to keep to the intervals: a slice with more elements than
 * max_elements is refused on the device (CLSLICE_ERROR_BUFFER in the
 * record's status, its element count in CLSLICE_DYNAMIC_VALUE) and
 * nothing is written.  The first CLSLICE_DYNAMIC_ELEMENTS elements of dst
 * are the result; the rest of the bound is not written.
 *
 * A scatter's dst is the whole input tensor, written in place; its value
 * tensor has a static shape, checked on the device against the slice's
 * shape (a mismatch is CLSLICE_ERROR_SHAPE in the status).
 *
 * Every check the host can make (handles, lengths, masks, ranks, buffer
 * sizes and overlaps, offsets, the wait list) is made before anything is
 * enqueued, so a failing call enqueues nothing; only a failure of the
 * second command's own clEnqueueNDRangeKernel, after the first was
 * queued, can leave the record written (never the output).
 * Errors: CLSLICE_ERROR_ARGUMENT (NULL spec, an unknown desc->kind or
 * rule, misaligned offsets, NULL buffers that need bytes, overlaps, a
 * negative max_elements or one given for a scatter),
 * CLSLICE_ERROR_BUFFER (a buffer too small for its bytes: dst below the
 * bound, info below CLSLICE_DYNAMIC_INFO_BYTES), the front-end's static
 * CLSLICE_ERROR_SPEC / _RANK / _SHAPE errors, CLSLICE_ERROR_OPENCL and
 * CLSLICE_ERROR_BUILD as every enqueue call.
 *
 * The front-end spec structs below have no struct_size and are frozen:
 * what a later version needs goes into clslice_cl_dynamic_desc. */

/** A vector of `len` spec values (int32 or int64 by the spec's
 * index_type) in `buffer` from byte `offset`, a multiple of the entry
 * size.  buffer NULL: the vector is absent (where a front-end allows). */
typedef struct clslice_device_values {
    cl_mem buffer;
    size_t offset;
    size_t len;
} clslice_device_values;

/** tf.strided_slice with begin, end and strides on the device; the masks
 * (which decide the output's rank) stay on the host.  Rules and messages
 * as clslice_plan_tf. */
typedef struct clslice_tf_dynamic_spec {
    clslice_index_type index_type;
    clslice_device_values begin, end, strides;
    int32_t begin_mask;
    int32_t end_mask;
    int32_t ellipsis_mask;
    int32_t new_axis_mask;
    int32_t shrink_axis_mask;
} clslice_tf_dynamic_spec;

/** OpenVINO StridedSlice-1 with begin, end and strides (absent: all ones)
 * on the device; the 0/1 mask vectors on the host, as in
 * clslice_openvino_spec. */
typedef struct clslice_openvino_dynamic_spec {
    clslice_index_type index_type;
    clslice_device_values begin, end, strides;
    const int64_t *begin_mask;
    size_t begin_mask_len;
    const int64_t *end_mask;
    size_t end_mask_len;
    const int64_t *new_axis_mask;
    size_t new_axis_mask_len;
    const int64_t *shrink_axis_mask;
    size_t shrink_axis_mask_len;
    const int64_t *ellipsis_mask;
    size_t ellipsis_mask_len;
} clslice_openvino_dynamic_spec;

/** ONNX Slice with starts, ends, axes (absent: 0..n-1) and steps (absent:
 * all ones) on the device.  Rules and messages as clslice_plan_onnx. */
typedef struct clslice_onnx_dynamic_spec {
    clslice_index_type index_type;
    clslice_device_values starts, ends, axes, steps;
} clslice_onnx_dynamic_spec;

/** XLA's dynamic_slice and dynamic_update_slice (jax.lax.dynamic_slice,
 * jax.lax.dynamic_update_slice; stablehlo.dynamic_slice and
 * dynamic_update_slice) with start_indices on the device, one per input
 * dimension, and the window's sizes on the host.  No start is an error:
 * each is clamped on the device to [0, n - size] so that the whole window
 * fits (start = clamp(start, 0, dim - size)), negative ones included.
 *
 * A gather (dynamic_slice) reads the window of slice_sizes
 * (slice_sizes_len == rank entries, each in [0, n]); its output has
 * exactly that shape, so dst needs room for the product of slice_sizes
 * only.  A scatter (dynamic_update_slice) writes the value into the
 * window: with slice_sizes NULL the window is the value's shape
 * (desc->value_rank must be rank, each size in [0, n]); with slice_sizes
 * given, the value must fit that window under desc->rule. */
typedef struct clslice_xla_dynamic_spec {
    clslice_index_type index_type;
    clslice_device_values start_indices;
    const int64_t *slice_sizes;
    size_t slice_sizes_len;
} clslice_xla_dynamic_spec;

typedef enum clslice_dynamic_kind {
    CLSLICE_DYNAMIC_GATHER = 0, /**< src: the input tensor; dst: the output,
                                 * room for the input's elements */
    CLSLICE_DYNAMIC_SCATTER = 1 /**< src: the value tensor; dst: the input
                                 * tensor, written in place */
} clslice_dynamic_kind;

/** The most clslice_device_values a dynamic spec holds (ONNX's four):
 * the entries of clslice_cl_dynamic_desc.values_svm. */
#define CLSLICE_DYNAMIC_VALUE_VECTORS 4

/** The input tensor, and what the second command does with which buffers.
 * Offsets are in bytes; info_offset is a multiple of 8 and info holds
 * CLSLICE_DYNAMIC_INFO_BYTES from it (written by the normalise command,
 * so it may not overlap src or dst).  src.buffer may be NULL when it
 * holds no bytes (an input or value without elements), dst.buffer when
 * the input has no elements.  Tensors are contiguous and row-major:
 * src.strides and dst.strides must be NULL (CLSLICE_ERROR_ARGUMENT
 * naming them).
 *
 * With src_svm, dst_svm, info_svm or an entry of values_svm, that side
 * lies in an SVM allocation (clslice_cl_svm) instead of a buffer: its
 * buffer member (src.buffer, dst.buffer, info, or the spec vector's
 * buffer) stays NULL and its offset counts from the pointer.  Each
 * allocation is wrapped in a buffer for the call, as clslice_cl_gather
 * wraps its SVM sides (allocations that meet share one wrapper), so
 * every check here applies, overlaps between the record, the values and
 * the tensors included; a CLSLICE_ERROR_BUFFER about such a side adds
 * "[begin is values_svm[0]: N bytes]" ("[info is info_svm: N bytes]",
 * "[src.buffer is src_svm: N bytes]").  Checked after the struct sizes
 * and the spec's presence, before the rest: a side given both ways
 * ("info and info_svm.pointer are both set", "begin and
 * values_svm[0].pointer are both set"), a pointer without bytes or bytes
 * without a pointer, an entry of values_svm past the spec's vectors, and
 * a queue whose device has no SVM (CLSLICE_ERROR_ARGUMENT naming the
 * member); an allocation past the end of the address space, or an
 * offset that overflows once moved into a shared wrapper, is
 * CLSLICE_ERROR_BUFFER. */
typedef struct clslice_cl_dynamic_desc {
    size_t struct_size;   /**< sizeof(clslice_cl_dynamic_desc) */
    const int64_t *shape; /**< the input tensor's, rank entries, all known */
    int rank;
    clslice_dynamic_kind kind;
    size_t elem_size;
    cl_mem info;
    size_t info_offset;
    clslice_cl_tensor src; /**< the input (gather) or value (scatter) */
    clslice_cl_tensor dst; /**< the output bound (gather) or the input,
                            * written in place (scatter) */
    /** scatters: the value's shape and how it must match the slice
     * (clslice_value_rule, as clslice_enqueue_scatter) */
    const int64_t *value_shape;
    int value_rank;
    clslice_value_rule rule;
    /** gathers: how many elements dst holds, when the caller bounds the
     * slice more tightly than the library can (0: no such bound; see
     * "Sizes" above).  Must be 0 for a scatter. */
    int64_t max_elements;
    /** src in SVM (clslice_cl_svm; src.buffer NULL); zero: a buffer. */
    clslice_cl_svm src_svm;
    /** dst in SVM (clslice_cl_svm; dst.buffer NULL); zero: a buffer. */
    clslice_cl_svm dst_svm;
    /** the record in SVM (clslice_cl_svm; info NULL, info_offset counts
     * from info_svm.pointer); zero: a buffer. */
    clslice_cl_svm info_svm;
    /** The spec's value vectors in SVM, one entry per
     * clslice_device_values of the spec in the order its struct declares
     * them (TF and OpenVINO: begin, end, strides; ONNX: starts, ends,
     * axes, steps; XLA: start_indices); entries past the spec's count
     * stay zero.  Where values_svm[i].pointer is set, that vector's
     * buffer stays NULL and its offset counts from the pointer; a vector
     * with a NULL buffer and a zero entry is absent, as before. */
    clslice_cl_svm values_svm[CLSLICE_DYNAMIC_VALUE_VECTORS];
} clslice_cl_dynamic_desc;

#define CLSLICE_CL_DYNAMIC_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_dynamic_desc)

/** Enqueue the normalise command of a tf.strided_slice `spec` and the
 * gather or scatter of `desc` behind the wait list; the event (optional)
 * completes after both.  Flags (call->flags) as clslice_enqueue_gather's.
 * Errors: "spec is NULL" after the head and descriptor checks, then as
 * described above. */
CLSLICE_API
clslice_status clslice_cl_tf_dynamic(clslice_runtime *runtime,
                                     const clslice_cl_call *call,
                                     const clslice_cl_dynamic_desc *desc,
                                     const clslice_tf_dynamic_spec *spec,
                                     clslice_error *err);

/** clslice_cl_tf_dynamic for an OpenVINO StridedSlice-1 `spec`. */
CLSLICE_API
clslice_status clslice_cl_openvino_dynamic(
    clslice_runtime *runtime, const clslice_cl_call *call,
    const clslice_cl_dynamic_desc *desc,
    const clslice_openvino_dynamic_spec *spec, clslice_error *err);

/** clslice_cl_tf_dynamic for an ONNX Slice `spec`. */
CLSLICE_API
clslice_status clslice_cl_onnx_dynamic(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_dynamic_desc *desc,
                                       const clslice_onnx_dynamic_spec *spec,
                                       clslice_error *err);

/** clslice_cl_tf_dynamic for XLA's dynamic_slice (a gather) and
 * dynamic_update_slice (a scatter): `spec` as clslice_xla_dynamic_spec
 * says.  The KV-cache write of a decoder is a scatter of this kind: the
 * position is read on the device, clamped there, and nothing waits.
 * Errors: as clslice_cl_tf_dynamic, with the static ones of
 * clslice_plan_dynamic_slice / clslice_plan_dynamic_update_slice; the
 * record never holds a front-end error (a start is never one). */
CLSLICE_API
clslice_status clslice_cl_xla_dynamic(clslice_runtime *runtime,
                                      const clslice_cl_call *call,
                                      const clslice_cl_dynamic_desc *desc,
                                      const clslice_xla_dynamic_spec *spec,
                                      clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Sharded tensors on several devices                                        */
/* ------------------------------------------------------------------------ */

/** @addtogroup shard
 * @{ */

/** What clslice_cl_shard_run does: the pieces of `shard` (clslice.h,
 * "Sharded tensors": the plan, both layouts and the direction; owner
 * CLSLICE_SHARD_EVERY_OWNER and role 0, for every owner's pieces run by
 * this one call) between blocks held in buffers of the runtime's context,
 * on the devices of the owners' queues. */
typedef struct clslice_cl_shard_desc {
    size_t struct_size; /**< sizeof(clslice_cl_shard_desc) */
    const clslice_shard_desc *shard;
    size_t elem_size;
    /** One buffer per block of shard->input, row-major over the block
     * indices; a block is a contiguous row-major tensor of its shape at
     * byte 0 of its buffer.  NULL where no piece touches the block. */
    const cl_mem *input_blocks;
    /** The same for shard->output's blocks. */
    const cl_mem *output_blocks;
    /** One queue per owner (as many as the larger of the layouts'
     * owners), each of the runtime's context, any of its devices; a
     * piece runs on its receiving owner's queue (to_owner).  NULL for an
     * owner that receives nothing. */
    const cl_command_queue *queues;
    /** NULL, or one event per owner: a marker on its queue after its
     * pieces, for each owner that receives a piece; NULL for the others.
     * The caller releases each. */
    cl_event *owner_events;
} clslice_cl_shard_desc;

#define CLSLICE_CL_SHARD_DESC_INIT CLSLICE_CL_INIT_(clslice_cl_shard_desc)

/** Runs a sharded gather or scatter on several devices of one context:
 * each piece is one strided gather from the read block to the box of the
 * written block (clslice_cl_gather, with the head's flags), enqueued on
 * the receiving owner's queue behind the head's wait list; a block that
 * lives on another device reaches it as OpenCL moves buffers within a
 * context.  `call->queue` (of the runtime's context) receives one marker
 * behind every owner's last piece: `call->event`, when wanted, completes
 * when the whole redistribution has.  Pieces that stay on one owner run
 * like any other.  Contexts other than the runtime's are refused (pieces
 * between contexts would be staged through the host; not done here).
 *
 * Every check comes before the first enqueue: the head as every general
 * call, desc and its struct_size, shard given with every owner and role
 * 0 (CLSLICE_ERROR_ARGUMENT), the planner's checks and owner lookups
 * (clslice_shard_count's errors), elem_size >= 1, then for every piece
 * its receiving queue given and of the runtime's context
 * ("queues[2]"), both blocks' buffers given, of the context, holding
 * the block ("input_blocks[5]", CLSLICE_ERROR_BUFFER when too small),
 * and no buffer both read and written ("input_blocks[1] and
 * output_blocks[0] are the same buffer").  An OpenCL failure after the
 * first enqueue is reported naming its call, as every device call. */
CLSLICE_API
clslice_status clslice_cl_shard_run(clslice_runtime *runtime,
                                    const clslice_cl_call *call,
                                    const clslice_cl_shard_desc *desc,
                                    clslice_error *err);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CLSLICE_CL_H */
