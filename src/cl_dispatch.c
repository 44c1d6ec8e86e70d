/*
 * Running a validated layout on the device, for every enqueue call: the
 * cheapest of three ways (KERNEL_NOTES technique 2).  An empty layout
 * needs no work at all, only a marker when the caller wants an event; a
 * single run contiguous on both sides is one clEnqueueCopyBuffer, which
 * drivers do at full bandwidth; anything else is a kernel of the
 * request's family.
 */
#include "cl_internal.h"
#include "plan_internal.h"

static bool is_one_run(const clslice_layout *layout)
{
    return layout->rank == 0 ||
           (layout->rank == 1 && layout->src_stride[0] == 1 &&
            layout->dst_stride[0] == 1);
}

/* A fill reads no buffer, so it has no copy to shortcut to. */
static bool uses_kernel(const cs_request *r, const clslice_layout *layout)
{
    if (layout->elements == 0)
        return false;
    return r->kind == CS_KERNEL_FILL || !is_one_run(layout) ||
           (r->flags & CLSLICE_NO_COPY_SHORTCUT);
}

static cs_program_kind program_of(cs_kernel_kind kind)
{
    return kind == CS_KERNEL_GATHER ? CS_PROGRAM_GATHER : CS_PROGRAM_SCATTER;
}

static clslice_status enqueue_marker(const cs_request *r, clslice_error *err)
{
    if (!r->event)
        return CLSLICE_OK; /* no work, and nobody to tell */
    cl_int rc = clEnqueueMarkerWithWaitList(r->queue, r->num_events,
                                            r->wait_list, r->event);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

static clslice_status enqueue_copy(const cs_request *r,
                                   const clslice_layout *layout,
                                   clslice_error *err)
{
    size_t size = r->elem_size;
    size_t from = r->src_offset + (size_t)layout->offset * size;
    size_t to = r->dst_offset + (size_t)layout->dst_offset * size;
    size_t bytes = (size_t)layout->elements * size;
    cl_int rc = clEnqueueCopyBuffer(r->queue, r->src, r->dst, from, to, bytes,
                                    r->num_events, r->wait_list, r->event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBuffer", rc);
}

static clslice_status enqueue_kernel(const cs_request *r,
                                     const clslice_layout *layout,
                                     clslice_error *err)
{
    cs_move move;
    cs_move_build(layout, r->elem_size, r->src_offset, r->dst_offset, &move);
    cs_kernel_call call = {r->kind, &move, cs_move_index_bits(&move, r->flags),
                           r->src, r->dst, r->pattern};
    cs_program_info program;
    clslice_status st = cs_runtime_program(r->runtime, r->device,
                                           program_of(r->kind),
                                           call.index_bits, &program, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_launch_kernel(r->queue, &program, &call,
                            cs_runtime_max_groups(r->runtime), r->num_events,
                            r->wait_list, r->event, err);
}

clslice_status cs_dispatch_prepare(const cs_request *r,
                                   const clslice_layout *layout,
                                   clslice_error *err)
{
    if (!uses_kernel(r, layout))
        return CLSLICE_OK;
    cs_move move;
    cs_move_build(layout, r->elem_size, r->src_offset, r->dst_offset, &move);
    cs_program_info program;
    return cs_runtime_program(r->runtime, r->device, program_of(r->kind),
                              cs_move_index_bits(&move, r->flags), &program,
                              err);
}

clslice_status cs_dispatch(const cs_request *r, const clslice_layout *layout,
                           clslice_error *err)
{
    if (layout->elements == 0)
        return enqueue_marker(r, err);
    if (!uses_kernel(r, layout))
        return enqueue_copy(r, layout, err);
    return enqueue_kernel(r, layout, err);
}
