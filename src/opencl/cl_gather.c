/*
 * clslice_cl_gather and its plain form clslice_enqueue_gather: every check
 * before anything is enqueued (cs_op_prepare), then the plan's layout the
 * cheapest way for the device (cs_dispatch): nothing (a marker, if an
 * event is wanted) for an empty output, one clEnqueueCopyBuffer for a
 * single contiguous run, one clEnqueueCopyBufferRect for a small box on a
 * CPU device, else a gather kernel of the device's family.
 *
 * Strided views (clslice.h, "Strided views") only change the layout
 * (core/strided.c) and the bytes each buffer must hold, so they run the
 * same pipeline: a view that simplifies to one contiguous run still takes
 * the copy, and a box with positive pitches the Rect copy.  A gather whose
 * destination is not contiguous runs the scatter kernels, which read both
 * sides' strides.
 */
#include "cl_dispatch.h"
#include "cl_general.h"
#include "core/common.h"

/* The gather of both forms; `members`: messages name the tensors as the
 * descriptor's members (src.offset) rather than as arguments. */
static clslice_status gather(clslice_runtime *runtime,
                             const clslice_cl_call *call,
                             const clslice_cl_gather_desc *desc,
                             bool members, clslice_error *err)
{
    cs_op op = {.kind = CS_KERNEL_GATHER, .runtime = runtime,
                .queue = call->queue, .plan = desc->plan,
                .elem_size = desc->elem_size,
                .src = desc->src.buffer, .src_offset = desc->src.offset,
                .dst = desc->dst.buffer, .dst_offset = desc->dst.offset,
                .strided = desc->src.strides || desc->dst.strides,
                .src_strides = desc->src.strides,
                .dst_strides = desc->dst.strides, .members = members,
                .flags = call->flags,
                .num_events = call->num_events_in_wait_list,
                .wait_list = call->event_wait_list, .event = call->event};
    clslice_status st = cs_op_prepare(&op, err);
    if (st == CLSLICE_OK)
        st = cs_dispatch(&op, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

clslice_status clslice_cl_gather(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_gather_desc *desc,
                                 clslice_error *err)
{
    clslice_cl_call head;
    clslice_cl_gather_desc taken;
    clslice_status st = CS_TAKE(call, &head, desc, clslice_cl_gather_desc,
                                dst, &taken, err);
    return st == CLSLICE_OK ? gather(runtime, &head, &taken, true, err) : st;
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
    clslice_cl_call call = cs_plain_call(queue, flags,
                                         num_events_in_wait_list,
                                         event_wait_list, event);
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .src = {.buffer = src, .offset = src_offset},
        .dst = {.buffer = dst, .offset = dst_offset}};
    return gather(runtime, &call, &desc, false, err);
}
