/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_gather and its plain form clslice_enqueue_gather: every check
 * before anything is enqueued (cs_op_prepare), then the plan's layout the
 * cheapest way for the device (cs_dispatch): nothing (a marker, if an
 * event is wanted) for an empty output, one clEnqueueCopyBuffer for a
 * single contiguous run, one clEnqueueCopyBufferRect for a small box on a
 * CPU device, else a gather kernel of the device's family.
 *
 * Strided tensors (clslice.h, "Strided views") only change the layout
 * (core/layout/strided.c) and the bytes each buffer must hold, so they
 * run the same pipeline: one that simplifies to one contiguous run still
 * takes the copy, and a box with positive pitches the Rect copy.  A
 * gather whose destination is not contiguous runs the scatter kernels,
 * which read both sides' strides.  Blocked tensors (clslice.h, "Blocked
 * layouts") give a lanes layout (core/layout/blocked_layout.c): where it
 * is affine it runs as any layout, else the blocked kernels run it.
 * Image-backed sides (clslice_cl_image) go to ops/image.c.
 */
#include "opencl/ops/svm.h"
#include "opencl/run/dispatch.h"
#include "opencl/ops/image.h"

/* The gather of both forms; `members`: messages name the tensors as the
 * descriptor's members (src.offset) rather than as arguments. */
static clslice_status gather(const cs_call *call,
                             const clslice_cl_gather_desc *desc,
                             bool members, clslice_error *err)
{
    cs_op op = {.call = *call, .kind = CS_KERNEL_GATHER, .plan = desc->plan,
                .elem_size = desc->elem_size,
                .src = desc->src.buffer, .src_offset = desc->src.offset,
                .dst = desc->dst.buffer, .dst_offset = desc->dst.offset,
                .strided = desc->src.strides || desc->dst.strides ||
                           desc->src_blocking || desc->dst_blocking,
                .src_strides = desc->src.strides,
                .dst_strides = desc->dst.strides,
                .src_blocking = desc->src_blocking,
                .dst_blocking = desc->dst_blocking, .members = members};
    return cs_op_run(&op, err);
}

clslice_status clslice_cl_gather(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_gather_desc *desc,
                                 clslice_error *err)
{
    cs_call head;
    clslice_cl_gather_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_gather_desc, dst_image, &taken,
                                err);
    static const char *const names[2] = {"src", "dst"};
    const clslice_cl_svm svm[2] = {taken.src_svm, taken.dst_svm};
    clslice_cl_tensor *tensor[2] = {&taken.src, &taken.dst};
    cs_svm_wrap wrap;
    cs_image_as_buffer linear[2];
    if (st == CLSLICE_OK)
        st = cs_svm_wrap_sides(&head, names, svm, tensor, &wrap, err);
    if (st != CLSLICE_OK)
        return st;
    /* SVM sides are buffers from here on, and so are 1-D buffer images
     * (ops/image_buffer.c); 2-D image sides go to ops/image.c */
    st = cs_image_gather_unbuffer(&head, &taken, linear, err);
    if (st != CLSLICE_OK)
        return cs_svm_unwrap(&wrap, st, err);
    st = taken.src_image || taken.dst_image
             ? cs_image_gather(&head, &taken, err)
             : gather(&head, &taken, true, err);
    return cs_svm_unwrap(&wrap, st, err);
}

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
                                      clslice_error *err)
{
    cs_call call = cs_call_of(runtime, queue, flags, num_events_in_wait_list,
                              event_wait_list, event);
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .src = {.buffer = src, .offset = src_offset},
        .dst = {.buffer = dst, .offset = dst_offset}};
    return gather(&call, &desc, false, err);
}
