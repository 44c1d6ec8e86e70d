/*
 * clslice_enqueue_gather: every check before anything is enqueued
 * (cs_op_prepare), then the plan's layout the cheapest way for the device
 * (cs_dispatch): nothing (a marker, if an event is wanted) for an empty
 * output, one clEnqueueCopyBuffer for a single contiguous run, one
 * clEnqueueCopyBufferRect for a small box on a CPU device, else a gather
 * kernel of the device's family.
 */
#include "opencl/run/dispatch.h"

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
    cs_op op = {.call = cs_call_of(runtime, queue, flags,
                                   num_events_in_wait_list,
                                   event_wait_list, event),
                .kind = CS_KERNEL_GATHER, .plan = plan,
                .elem_size = elem_size, .src = src, .src_offset = src_offset,
                .dst = dst, .dst_offset = dst_offset};
    return cs_op_run(&op, err);
}
