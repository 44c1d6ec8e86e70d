/*
 * clslice_cl.h — running clslice plans on OpenCL devices.
 *
 * OpenCL manners follow CLBlast and clFFT: the caller's cl_command_queue,
 * buffers with byte offsets, an event wait list and an optional output
 * event.  Calls only enqueue work: the library never calls clFinish on the
 * caller's queue, and works on in-order and out-of-order queues alike.
 *
 * All device state lives in a clslice_runtime that the caller creates for
 * one cl_context and releases explicitly; nothing global is created.
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

/* Opaque per-context state: the cache of built programs.  Programs are
 * compiled lazily, at the first call that needs them, and cached per
 * (device, kernel variant).  A runtime may be shared by threads that each
 * use their own queue; kernels are never shared between threads. */
typedef struct clslice_runtime clslice_runtime;

/* Creates a runtime for `context` (retained until the runtime is
 * released). */
CLSLICE_API
clslice_status clslice_runtime_create(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err);

/* Releases every program and kernel the runtime built, releases the
 * context, frees the runtime and sets *runtime to NULL.  Work already
 * enqueued keeps running (OpenCL retains what it uses).  Accepts NULL. */
CLSLICE_API
void clslice_runtime_release(clslice_runtime **runtime);

/* Flags for clslice_enqueue_gather; 0 gives the normal behaviour. */
enum {
    /* Use 64-bit index arithmetic even where 32 bits would do (testing). */
    CLSLICE_GATHER_FORCE_INDEX64 = 1u << 0,
    /* Launch the gather kernel even where one clEnqueueCopyBuffer would do
     * (testing and benchmarking). */
    CLSLICE_GATHER_NO_COPY_SHORTCUT = 1u << 1
};

/* Enqueues the slice `plan` of `src` into `dst` on `queue`.
 *
 * src holds the plan's whole input tensor, contiguous and row-major, from
 * byte src_offset on; dst receives the output (contiguous, row-major) from
 * byte dst_offset on.  Elements are elem_size bytes, any size >= 1; the
 * kernel moves them with a carrier type of the same size, so one kernel
 * serves every dtype.
 *
 * Before enqueuing anything the call checks that the input tensor and the
 * output fit in their buffers (CL_MEM_SIZE minus the offset) and fails with
 * CLSLICE_ERROR_BUFFER otherwise.  src and dst must not overlap.
 *
 * An empty output enqueues no kernel; `event`, if requested, is then a
 * marker that completes once the wait list has.  When the slice is one
 * contiguous run, a single clEnqueueCopyBuffer does the work.
 *
 * OpenCL failures return CLSLICE_ERROR_OPENCL with the failing call named;
 * a failed program build returns CLSLICE_ERROR_BUILD with the build log. */
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

#ifdef __cplusplus
}
#endif

#endif /* CLSLICE_CL_H */
