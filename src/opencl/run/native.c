/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The native road of first calls.  A process's first build on PoCL costs
 * about 0.55 s of CPU whatever the program holds (PoCL loads and links
 * its built-in library), so a first call that waits for its kernel waits
 * that long.  On a CPU device that runs native kernels
 * (CL_EXEC_NATIVE_KERNEL), the device's memory is the host's, and the
 * host executor (core/host) already runs any simplified layout: so a
 * call whose kernel is not built yet runs cs_host_copy on the layout the
 * kernel would have run, in clEnqueueNativeKernel commands on the
 * caller's queue (the first behind its wait list, the last giving its
 * event), while the runtime builds
 * the kernel on its background thread (cs_runtime_build_behind).  Calls
 * after the build launch the kernel.
 *
 * Only the plain dense calls take it: gathers, scatters, fills and
 * grads between whole buffers without strides, blocking or lane maps.
 * Their layout, offsets and element size say everything the kernel
 * would be told.  Sub-buffers stay on the kernel road: PoCL 3.1 hands a
 * native kernel its parent's pointer for a sub-buffer.
 *
 * Each native command names one buffer.  PoCL 3.1 sorts the buffers of
 * a command by creation before pairing them with the argument locations
 * given in the caller's order, so a command of two buffers created in
 * the other order gets their pointers swapped.  So a call between two
 * buffers is two commands through host memory of the call's own (the
 * staging): a gather gathers from src into the staging (the slice, as
 * dense as its destination) and copies that into dst; a scatter copies
 * the value's bytes it reads into the staging and scatters from there
 * into dst.  The staging costs one more pass over the slice, and it is
 * freed by whichever command runs last; a command that never runs (its
 * wait list failed) leaves it behind.  A fill, and a call within one
 * buffer, is one command.
 *
 * The host copy is one thread's memcpy loop, slower on a large tensor
 * than the kernel on every core; it runs only while the kernel builds.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/run/dispatch.h"
#include "core/host/host.h"
#include "core/plan/common.h"

/* Host memory between the two commands of a call, freed by the last of
 * them to let go. */
typedef struct staging {
    atomic_int refs;
    unsigned char bytes[];
} staging;

static void staging_drop(staging *s)
{
    if (atomic_fetch_sub(&s->refs, 1) == 1)
        free(s);
}

/* What a command does with its one buffer. */
typedef enum step {
    STEP_WITHIN,        /* the layout from the buffer (or the element, for
                         * fills) into the buffer */
    STEP_GATHER_STAGE,  /* the layout from the buffer into the staging */
    STEP_STAGE_OUT,     /* the staging's window into the buffer */
    STEP_VALUE_STAGE,   /* the buffer's window into the staging */
    STEP_STAGE_SCATTER  /* the layout from the staging into the buffer */
} step;

/* What the native function is handed; OpenCL copies it at the enqueue,
 * replacing `buffer` (a cl_mem handle when enqueued) by the buffer's host
 * pointer. */
typedef struct native_args {
    void *buffer;
    staging *stage;     /* NULL for STEP_WITHIN */
    step step;
    bool fill;          /* STEP_WITHIN: the element follows */
    clslice_layout layout; /* positions in the staging where it stands
                            * for a side */
    size_t elem_size, src_offset, dst_offset;
    int64_t window;     /* STEP_STAGE_OUT, STEP_VALUE_STAGE: the first
                         * element of the buffer's window */
    size_t window_bytes;
    unsigned char element[];
} native_args;

static void CL_CALLBACK run_native(void *arg)
{
    const native_args *a = arg;
    unsigned char *buffer = a->buffer;
    size_t size = a->elem_size;
    unsigned char *stage = a->stage ? a->stage->bytes : NULL;
    switch (a->step) {
    case STEP_WITHIN:
        cs_host_copy(&a->layout, size,
                     a->fill ? a->element : buffer + a->src_offset,
                     buffer + a->dst_offset);
        break;
    case STEP_GATHER_STAGE:
        cs_host_copy(&a->layout, size, buffer + a->src_offset, stage);
        break;
    case STEP_STAGE_OUT:
        memcpy(buffer + a->dst_offset + (ptrdiff_t)a->window * (ptrdiff_t)size,
               stage,
               a->window_bytes);
        break;
    case STEP_VALUE_STAGE:
        memcpy(stage,
               buffer + a->src_offset + (ptrdiff_t)a->window * (ptrdiff_t)size,
               a->window_bytes);
        break;
    case STEP_STAGE_SCATTER:
        cs_host_copy(&a->layout, size, stage, buffer + a->dst_offset);
        break;
    }
    if (a->stage)
        staging_drop(a->stage);
}

bool cs_native_fits(const cs_op *op, const cs_program_info *program,
                    const char *name)
{
    bool dense = op->kind == CS_KERNEL_GATHER ||
                 op->kind == CS_KERNEL_SCATTER ||
                 op->kind == CS_KERNEL_FILL;
    return dense && !op->strided && !op->lanes_run && !op->sub_buffer &&
           !program->program && program->device.cpu &&
           program->device.native_kernels &&
           cs_runtime_native(op->call.runtime) &&
           cs_runtime_build_behind(program, name);
}

/* The first and last element a side of the layout touches, from its
 * position of coordinate 0 and its strides. */
static void window_of(const clslice_layout *layout, int64_t base,
                      const int64_t *stride, int64_t *first, int64_t *last)
{
    *first = *last = base;
    for (int k = 0; k < layout->rank; k++) {
        int64_t span = (layout->count[k] - 1) * stride[k];
        *(span < 0 ? first : last) += span;
    }
}

/* Enqueues one command of `a` (size bytes) on `buffer`. */
static cl_int enqueue(const cs_call *c, native_args *a, size_t size,
                      cl_mem buffer, cl_uint n, const cl_event *wait_list,
                      cl_event *event)
{
    const void *at = &a->buffer;
    a->buffer = buffer;
    return clEnqueueNativeKernel(c->queue, run_native, a, size, 1, &buffer,
                                 &at, n, wait_list, event);
}

/* A fill, or a call within one buffer: one command. */
static clslice_status enqueue_within(const cs_op *op, clslice_error *err)
{
    bool fill = op->kind == CS_KERNEL_FILL;
    size_t size = sizeof(native_args) + (fill ? op->elem_size : 0);
    native_args *a = calloc(1, size);
    if (!a)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory packing a native command");
    *a = (native_args){.step = STEP_WITHIN, .fill = fill,
                       .layout = op->layout, .elem_size = op->elem_size,
                       .src_offset = op->src_offset,
                       .dst_offset = op->dst_offset};
    if (fill) {
        /* every element of the slice reads the one element */
        memcpy(a->element, op->element, op->elem_size);
        a->layout.offset = 0;
        for (int k = 0; k < a->layout.rank; k++)
            a->layout.src_stride[k] = 0;
    }
    const cs_call *c = &op->call;
    cl_int rc = enqueue(c, a, size, op->dst, c->num_events, c->wait_list,
                        c->event);
    free(a); /* OpenCL copied it */
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueNativeKernel", rc);
}

/* The two commands' arguments: a gather stages its dense output, a
 * scatter the window of its value that it reads. */
static void plan_steps(const cs_op *op, native_args *read,
                       native_args *write)
{
    const clslice_layout *l = &op->layout;
    size_t size = op->elem_size;
    int64_t first, last;
    *read = (native_args){.layout = *l, .elem_size = size,
                          .src_offset = op->src_offset,
                          .dst_offset = op->dst_offset};
    *write = *read;
    if (op->kind == CS_KERNEL_GATHER) {
        window_of(l, l->dst_offset, l->dst_stride, &first, &last);
        read->step = STEP_GATHER_STAGE;
        read->layout.dst_offset -= first;
        write->step = STEP_STAGE_OUT;
    } else {
        window_of(l, l->offset, l->src_stride, &first, &last);
        read->step = STEP_VALUE_STAGE;
        write->step = STEP_STAGE_SCATTER;
        write->layout.offset -= first;
    }
    read->window = write->window = first;
    read->window_bytes = write->window_bytes =
        (size_t)(last - first + 1) * size;
}

/* A call between two buffers: src into the staging, the staging into
 * dst, the second command waiting for the first. */
static clslice_status enqueue_staged(const cs_op *op, clslice_error *err)
{
    native_args read, write;
    plan_steps(op, &read, &write);
    staging *stage = malloc(sizeof(staging) + read.window_bytes);
    if (!stage)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory staging a native command (%zu "
                       "bytes)", read.window_bytes);
    atomic_init(&stage->refs, 2);
    read.stage = write.stage = stage;
    const cs_call *c = &op->call;
    cl_event first = NULL;
    cl_int rc = enqueue(c, &read, sizeof read, op->src, c->num_events,
                        c->wait_list, &first);
    if (rc != CL_SUCCESS) {
        free(stage);
        return cs_cl_fail(err, "clEnqueueNativeKernel", rc);
    }
    rc = enqueue(c, &write, sizeof write, op->dst, 1, &first, c->event);
    clReleaseEvent(first);
    if (rc != CL_SUCCESS) {
        staging_drop(stage); /* the second command's share; the first
                              * wrote only the staging */
        return cs_cl_fail(err, "clEnqueueNativeKernel", rc);
    }
    return CLSLICE_OK;
}

clslice_status cs_native_enqueue(const cs_op *op, clslice_error *err)
{
    return op->kind == CS_KERNEL_FILL || op->src == op->dst
               ? enqueue_within(op, err)
               : enqueue_staged(op, err);
}
