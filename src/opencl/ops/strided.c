/*
 * clslice_enqueue_gather_strided and clslice_enqueue_scatter_strided: the
 * gather and the scatter between strided tensors (clslice.h, "Strided
 * views").  Strides only change the layout (core/strided.c) and the bytes
 * each buffer must hold, so both run the one pipeline of run/dispatch.c:
 * a strided tensor that simplifies to one contiguous run still takes the
 * copy, and a box with positive pitches the Rect copy.  A gather whose
 * destination is not contiguous runs the scatter kernels, which read both
 * sides' strides.
 */
#include "opencl/run/dispatch.h"

clslice_status clslice_enqueue_gather_strided(
    clslice_runtime *runtime, cl_command_queue queue,
    const clslice_plan *plan, size_t elem_size, cl_mem src,
    size_t src_offset, const int64_t *src_strides, cl_mem dst,
    size_t dst_offset, const int64_t *dst_strides, unsigned flags,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event, clslice_error *err)
{
    cs_op op = {.call = cs_call_of(runtime, queue, flags,
                                   num_events_in_wait_list,
                                   event_wait_list, event),
                .kind = CS_KERNEL_GATHER, .plan = plan,
                .elem_size = elem_size, .src = src, .src_offset = src_offset,
                .dst = dst, .dst_offset = dst_offset, .strided = true,
                .src_strides = src_strides, .dst_strides = dst_strides};
    return cs_op_run(&op, err);
}

clslice_status clslice_enqueue_scatter_strided(
    clslice_runtime *runtime, cl_command_queue queue,
    const clslice_plan *plan, size_t elem_size, cl_mem value,
    size_t value_offset, const int64_t *value_shape, int value_rank,
    const int64_t *value_strides, clslice_value_rule rule, cl_mem dst,
    size_t dst_offset, const int64_t *dst_strides, unsigned flags,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event, clslice_error *err)
{
    cs_op op = {.call = cs_call_of(runtime, queue, flags,
                                   num_events_in_wait_list,
                                   event_wait_list, event),
                .kind = CS_KERNEL_SCATTER, .plan = plan,
                .elem_size = elem_size, .src = value,
                .src_offset = value_offset, .dst = dst,
                .dst_offset = dst_offset, .value_shape = value_shape,
                .value_rank = value_rank, .rule = rule,
                .value_name = "value", .dst_name = "dst", .strided = true,
                .src_strides = value_strides, .dst_strides = dst_strides};
    return cs_op_run(&op, err);
}
