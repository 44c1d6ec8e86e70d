/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_scatter, its plain form clslice_enqueue_scatter, and
 * clslice_enqueue_fill: writing a value tensor, or one element, into a
 * slice of a device tensor in place.  Both run the pipeline of
 * run/dispatch.c on the plan's scatter layout (scatter_layout.c), or on
 * the layout between strided tensors (strided.c) when either side has
 * strides, or on the lanes layout of blocked tensors (blocked_layout.c),
 * all three in core/layout/.
 */
#include "opencl/ops/svm.h"
#include "opencl/run/dispatch.h"
#include "opencl/ops/image.h"
#include "core/plan/common.h"

/* The op of a value read from an image first (image_value.c): every
 * check and the program before the read is enqueued, the scatter behind
 * it. */
static clslice_status run_after_value(cs_op *op, cs_image_value *value,
                                      clslice_error *err)
{
    cl_event read = NULL;
    clslice_status st = cs_op_prepare(op, err);
    if (st == CLSLICE_OK)
        st = cs_op_program(op, err);
    if (st == CLSLICE_OK)
        st = cs_image_value_enqueue(value, &op->call, &read, err);
    if (st != CLSLICE_OK)
        return st;
    op->call.num_events = 1;
    op->call.wait_list = &read;
    st = cs_dispatch(op, err);
    clReleaseEvent(read);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* The scatter of both forms; `members` as in gather.c; `value` NULL or
 * a prepared value image. */
static clslice_status scatter(const cs_call *call,
                              const clslice_cl_scatter_desc *desc,
                              bool members, cs_image_value *value,
                              clslice_error *err)
{
    cs_op op = {.call = *call, .kind = CS_KERNEL_SCATTER, .plan = desc->plan,
                .elem_size = desc->elem_size,
                .src = desc->value.buffer, .src_offset = desc->value.offset,
                .dst = desc->dst.buffer, .dst_offset = desc->dst.offset,
                .value_shape = desc->value_shape,
                .value_rank = desc->value_rank, .rule = desc->rule,
                .value_name = "value", .dst_name = "dst",
                .strided = desc->value.strides || desc->dst.strides ||
                           desc->value_blocking || desc->dst_blocking,
                .src_strides = desc->value.strides,
                .dst_strides = desc->dst.strides,
                .src_blocking = desc->value_blocking,
                .dst_blocking = desc->dst_blocking, .members = members};
    return value && value->temporary ? run_after_value(&op, value, err)
                                     : cs_op_run(&op, err);
}

clslice_status clslice_cl_scatter(clslice_runtime *runtime,
                                  const clslice_cl_call *call,
                                  const clslice_cl_scatter_desc *desc,
                                  clslice_error *err)
{
    cs_call head;
    clslice_cl_scatter_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_scatter_desc, value_image, &taken,
                                err);
    static const char *const names[2] = {"value", "dst"};
    const clslice_cl_svm svm[2] = {taken.value_svm, taken.dst_svm};
    clslice_cl_tensor *tensor[2] = {&taken.value, &taken.dst};
    cs_svm_wrap wrap;
    cs_image_as_buffer linear;
    cs_image_value value;
    if (st == CLSLICE_OK)
        st = cs_svm_wrap_sides(&head, names, svm, tensor, &wrap, err);
    if (st != CLSLICE_OK)
        return st;
    /* SVM sides are buffers from here on, and so is a 1-D buffer image
     * (ops/image_buffer.c) and a value image, read into a temporary
     * (ops/image_value.c); a 2-D image dst goes to ops/image_scatter.c */
    st = cs_image_scatter_unbuffer(&head, &taken, &linear, err);
    if (st == CLSLICE_OK)
        st = cs_image_value_prepare(&head, &taken, &value, err);
    if (st != CLSLICE_OK)
        return cs_svm_unwrap(&wrap, st, err);
    st = taken.dst_image ? cs_image_scatter(&head, &taken, &value, err)
                         : scatter(&head, &taken, true, &value, err);
    cs_image_value_release(&value);
    return cs_svm_unwrap(&wrap, st, err);
}

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
                                       clslice_error *err)
{
    cs_call call = cs_call_of(runtime, queue, flags, num_events_in_wait_list,
                              event_wait_list, event);
    clslice_cl_scatter_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .value = {.buffer = value, .offset = value_offset},
        .value_shape = value_shape, .value_rank = value_rank, .rule = rule,
        .dst = {.buffer = dst, .offset = dst_offset}};
    return scatter(&call, &desc, false, NULL, err);
}

/* A fill of an element wider than a kernel argument takes: the element
 * goes to a temporary buffer, scattered as a rank-0 value.  Releasing the
 * buffer right after enqueuing is safe: OpenCL deletes a released buffer
 * only once the commands that use it have finished. */
static clslice_status fill_from_buffer(cs_op *op, clslice_error *err)
{
    cl_int rc;
    op->kind = CS_KERNEL_SCATTER;
    op->src_offset = 0;
    op->src = clCreateBuffer(cs_call_context(&op->call),
                             CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             op->elem_size, (void *)op->element, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer", rc);
    clslice_status st = cs_dispatch(op, err);
    clReleaseMemObject(op->src);
    return st;
}

clslice_status clslice_enqueue_fill(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_plan *plan,
                                    size_t elem_size, const void *element,
                                    cl_mem dst, size_t dst_offset,
                                    unsigned flags,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list,
                                    cl_event *event,
                                    clslice_error *err)
{
    cs_op op = {.call = cs_call_of(runtime, queue, flags,
                                   num_events_in_wait_list,
                                   event_wait_list, event),
                .kind = CS_KERNEL_FILL, .plan = plan,
                .elem_size = elem_size, .element = element, .dst = dst,
                .dst_offset = dst_offset, .rule = CLSLICE_VALUE_BROADCAST,
                .value_name = "value", .dst_name = "dst"};
    clslice_status st = cs_op_prepare(&op, err);
    if (st == CLSLICE_OK)
        st = elem_size > CS_FILL_BYTES && op.layout.elements > 0
                 ? fill_from_buffer(&op, err)
                 : cs_dispatch(&op, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
