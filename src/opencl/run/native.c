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
 * kernel would have run, as one clEnqueueNativeKernel command on the
 * caller's queue (its wait list, its event), while the runtime builds
 * the kernel on its background thread (cs_runtime_build_behind).  Calls
 * after the build launch the kernel.
 *
 * Only the plain dense calls take it: gathers, scatters, fills and
 * grads between whole buffers without strides, blocking or lane maps.
 * Their layout, offsets and element size say everything the kernel
 * would be told; sub-buffers, strided views and blocked tensors stay on
 * the kernel road rather than trust a driver's host pointers for them.
 *
 * The host copy is one thread's memcpy loop, slower on a large tensor
 * than the kernel on every core; it runs only while the kernel builds.
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/run/dispatch.h"
#include "core/host/host.h"
#include "core/plan/common.h"

/* What the native function is handed; OpenCL copies it at the enqueue,
 * replacing src and dst (cl_mem handles when enqueued) by the buffers'
 * host pointers. */
typedef struct native_args {
    void *src;  /* NULL for fills */
    void *dst;
    bool same;  /* src and dst are one buffer, passed once (as dst) */
    clslice_layout layout;
    size_t elem_size, src_offset, dst_offset;
    bool fill;  /* the element follows, in `element` */
    unsigned char element[];
} native_args;

static void CL_CALLBACK run_native(void *arg)
{
    const native_args *a = arg;
    unsigned char *dst = (unsigned char *)a->dst + a->dst_offset;
    const unsigned char *src =
        a->fill ? a->element
                : (const unsigned char *)(a->same ? a->dst : a->src) +
                      a->src_offset;
    cs_host_copy(&a->layout, a->elem_size, src, dst);
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

clslice_status cs_native_enqueue(const cs_op *op, clslice_error *err)
{
    bool fill = op->kind == CS_KERNEL_FILL;
    size_t size = sizeof(native_args) + (fill ? op->elem_size : 0);
    native_args *a = calloc(1, size);
    if (!a)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory packing a native command");
    a->layout = op->layout;
    a->elem_size = op->elem_size;
    a->src_offset = op->src_offset;
    a->dst_offset = op->dst_offset;
    a->fill = fill;
    a->same = !fill && op->src == op->dst;
    cl_mem mems[2];
    const void *at[2];
    cl_uint count = 0;
    if (fill) {
        /* every element of the slice reads the one element */
        memcpy(a->element, op->element, op->elem_size);
        a->layout.offset = 0;
        for (int k = 0; k < a->layout.rank; k++)
            a->layout.src_stride[k] = 0;
    } else if (!a->same) {
        a->src = op->src;
        mems[count] = op->src;
        at[count++] = &a->src;
    }
    a->dst = op->dst;
    mems[count] = op->dst;
    at[count++] = &a->dst;
    const cs_call *c = &op->call;
    cl_int rc = clEnqueueNativeKernel(c->queue, run_native, a, size, count,
                                      mems, at, c->num_events, c->wait_list,
                                      c->event);
    free(a); /* OpenCL copied it */
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueNativeKernel", rc);
}
