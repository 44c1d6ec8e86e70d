/*
 * clslice_enqueue_gather: validates everything before enqueuing anything,
 * then runs the plan's layout the cheapest way for the device
 * (cl_dispatch.c): nothing (a marker, if an event is wanted) for an empty
 * output, one clEnqueueCopyBuffer for a single contiguous run, one
 * clEnqueueCopyBufferRect for a small box on a CPU device, else a gather
 * kernel of the device's family.
 */
#include "cl_internal.h"
#include "core/common.h"

/* Input and output sizes in bytes, then the buffer checks. */
static clslice_status check_buffers(const cs_request *r,
                                    const clslice_plan *plan,
                                    const clslice_layout *layout,
                                    clslice_error *err)
{
    cs_buffer_use src = {"src", "input", r->src, r->src_offset, 0};
    cs_buffer_use dst = {"dst", "output", r->dst, r->dst_offset, 0};
    clslice_status st = cs_input_bytes(plan, r->elem_size, &src.bytes, err);
    if (st == CLSLICE_OK)
        st = cs_tensor_bytes(layout->elements, r->elem_size, "output",
                             &dst.bytes, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_check_buffers(cs_runtime_context(r->runtime), &src, &dst, err);
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
    cs_request r = {runtime, queue, NULL, CS_KERNEL_GATHER, elem_size,
                    src, dst, src_offset, dst_offset, NULL, flags,
                    num_events_in_wait_list, event_wait_list, event};
    clslice_layout layout;
    clslice_status st = cs_check_call(runtime, queue, plan, elem_size, flags,
                                      num_events_in_wait_list,
                                      event_wait_list, err);
    if (st == CLSLICE_OK)
        st = clslice_plan_layout(plan, &layout, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(runtime, queue, &r.device, err);
    if (st == CLSLICE_OK)
        st = check_buffers(&r, plan, &layout, err);
    if (st != CLSLICE_OK)
        return st;

    clslice_layout_simplify(&layout);
    st = cs_dispatch(&r, &layout, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
