/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer base: the checks device calls make before they enqueue anything
 * (handles, the wait list, the queue's context, sizes that must not
 * overflow, and every buffer a call reads or writes), and the one message
 * format of a failing OpenCL call.  Nothing here knows about kernels or
 * the runtime; run/call.h strings the call checks together in one order.
 */
#ifndef CLSLICE_OPENCL_BASE_CHECK_H
#define CLSLICE_OPENCL_BASE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* Records "<call> failed: <NAME> (<code>)" as CLSLICE_ERROR_OPENCL, with
 * code in err->opencl_code. */
clslice_status cs_cl_fail(clslice_error *err, const char *call, cl_int code);

/* Records a failed clBuildProgram (its code, and the start of the build
 * log, "" when there is none) as CLSLICE_ERROR_BUILD, with code in
 * err->opencl_code. */
clslice_status cs_cl_build_fail(clslice_error *err, cl_int code,
                                const char *log);

/* Flags every enqueue call accepts. */
#define CS_KNOWN_FLAGS (CLSLICE_FORCE_INDEX64 | CLSLICE_NO_COPY_SHORTCUT)

/* One buffer argument of a call, as its messages name it. */
typedef struct cs_array {
    const char *name; /* the argument: "src", "value", "out->data", ... */
    bool member;      /* a clslice_cl_tensor member of a descriptor:
                       * messages say NAME.buffer, NAME.offset
                       * (cs_buffer_part) */
    const char *what; /* its bytes in overlap messages ("input"), or NULL */
    cl_mem buffer;
    size_t offset;    /* the argument NAME_offset (or NAME.offset) */
    size_t bytes;     /* bytes the call reads or writes from offset on */
    size_t before;    /* bytes it reads or writes before offset (strided
                       * views with negative strides; else 0) */
    bool output;      /* written by the call */
    bool optional;    /* may be NULL when bytes is 0 (nothing read or
                       * written there) */
} cs_array;

enum { CS_MAX_ARRAYS = 8 };

/* Where a buffer's bytes lie, as OpenCL reports it. */
typedef struct cs_place {
    size_t size;       /* CL_MEM_SIZE */
    cl_mem root;       /* the buffer, or a sub-buffer's parent; NULL for
                        * an array without a buffer */
    size_t sub_offset; /* the buffer's first byte in root */
    bool sub_buffer;   /* the buffer is a sub-buffer of root */
} cs_place;

/* Asks OpenCL where `buffer` lies and checks it is a buffer (not an
 * image) of `context`; messages name it `name`.  What cs_check_arrays
 * does for each array, for callers that check sizes in their own
 * words. */
clslice_status cs_buffer_place(cl_context context, cl_mem buffer,
                               const char *name, cs_place *place,
                               clslice_error *err);

/* Checks `count` (at most CS_MAX_ARRAYS) arrays: each a buffer of
 * `context` (sub-buffers resolved to their parent) whose bytes fit around
 * its offset ([offset - before, offset + bytes) inside the buffer), and no
 * output overlapping another array.  When places is not NULL, places[i]
 * receives where arrays[i] lies (for the overlap checks of a caller with
 * more arrays than this takes, and for the selector, which routes around
 * drivers that crash on sub-buffers: select/choose.c). */
clslice_status cs_check_arrays(cl_context context, const cs_array *arrays,
                               int count, cs_place *places,
                               clslice_error *err);

/* Fails when arrays a and b, each checked by cs_check_arrays (places ra
 * and rb), share bytes and one of them is written: what cs_check_arrays
 * checks between its arrays, for a caller that checks more arrays than
 * it takes or one array against many (a concatenation's destination
 * against each source); an array that addresses no byte takes no
 * part.  Messages name a before b. */
clslice_status cs_check_overlap(const cs_array *a, const cs_place *ra,
                                const cs_array *b, const cs_place *rb,
                                clslice_error *err);

/* A wait list that matches its count and whose events are all non-NULL
 * events of `context` (the runtime's).  Not every implementation checks
 * either: PoCL dereferences a NULL list and runs a kernel behind another
 * context's event. */
clslice_status cs_check_wait_list(cl_context context, cl_uint num_events,
                                  const cl_event *wait_list,
                                  clslice_error *err);

/* runtime and queue given: the first check of every device call. */
clslice_status cs_check_handles(const clslice_runtime *runtime,
                                cl_command_queue queue, clslice_error *err);

/* No flag bits but those of CS_KNOWN_FLAGS. */
clslice_status cs_check_flags(unsigned flags, clslice_error *err);

/* The queue's device, after checking the queue belongs to `context` (the
 * runtime's: kernels built for one context cannot run in another). */
clslice_status cs_queue_device(cl_context context, cl_command_queue queue,
                               cl_device_id *device, clslice_error *err);

/* Bytes of the plan's whole input tensor (its element count as the plan's
 * layout counts it, cs_input_elements, times elem_size);
 * CLSLICE_ERROR_BUFFER when they overflow a size_t. */
clslice_status cs_input_bytes(const clslice_plan *plan, size_t elem_size,
                              size_t *bytes, clslice_error *err);

/* elements * elem_size; CLSLICE_ERROR_BUFFER naming `what` on overflow. */
clslice_status cs_tensor_bytes(int64_t elements, size_t elem_size,
                               const char *what, size_t *bytes,
                               clslice_error *err);

#endif
