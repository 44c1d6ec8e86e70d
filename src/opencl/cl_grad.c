/*
 * clslice_enqueue_grad, TF StridedSliceGrad on the device: zeros over the
 * whole output tensor, then dy scattered into the slice.  The two commands
 * are chained by an event rather than by queue order, so out-of-order
 * queues work, and the caller's event is the last command's, which the
 * fill's completion precedes.  Every check, and the program build, comes
 * before the fill, so a failing call writes nothing.
 */
#include "cl_internal.h"
#include "core/common.h"
#include "core/scatter.h"

/* The widest fill pattern (up to 16 bytes, a uint4) that the offset and
 * the size allow: OpenCL requires both to be multiples of it. */
static size_t pattern_size(size_t offset, size_t bytes)
{
    size_t p = 16;
    while (p > 1 && (offset % p || bytes % p))
        p /= 2;
    return p;
}

/* Zeros over the tensor's bytes behind the caller's wait list; *zeroed
 * receives the fill's event. */
static clslice_status zero(const cs_request *r, size_t bytes,
                           cl_event *zeroed, clslice_error *err)
{
    static const unsigned char zeros[16] = {0};
    cl_int rc = clEnqueueFillBuffer(r->queue, r->dst, zeros,
                                    pattern_size(r->dst_offset, bytes),
                                    r->dst_offset, bytes, r->num_events,
                                    r->wait_list, zeroed);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueFillBuffer", rc);
}

/* The fill, then the scatter waiting for it; an empty slice needs only
 * the fill, which then carries the caller's event. */
static clslice_status run(cs_request *r, const clslice_layout *layout,
                          size_t bytes, clslice_error *err)
{
    if (bytes == 0) /* no tensor bytes: nothing to zero or to write */
        return cs_dispatch(r, layout, err);
    if (layout->elements == 0)
        return zero(r, bytes, r->event, err);
    cl_event zeroed = NULL;
    clslice_status st = zero(r, bytes, &zeroed, err);
    if (st != CLSLICE_OK)
        return st;
    r->num_events = 1;
    r->wait_list = &zeroed;
    st = cs_dispatch(r, layout, err);
    clReleaseEvent(zeroed);
    return st;
}

clslice_status clslice_enqueue_grad(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_plan *plan,
                                    size_t elem_size,
                                    cl_mem dy, size_t dy_offset,
                                    const int64_t *dy_shape, int dy_rank,
                                    cl_mem out, size_t out_offset,
                                    unsigned flags,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list,
                                    cl_event *event,
                                    clslice_error *err)
{
    cs_request r = {runtime, queue, NULL, CS_KERNEL_SCATTER, elem_size,
                    dy, out, dy_offset, out_offset, NULL, flags,
                    num_events_in_wait_list, event_wait_list, event};
    clslice_layout layout;
    size_t bytes = 0;
    clslice_status st = cs_check_call(runtime, queue, plan, elem_size, flags,
                                      num_events_in_wait_list,
                                      event_wait_list, err);
    if (st == CLSLICE_OK)
        st = cs_scatter_layout(plan, dy_shape, dy_rank, CLSLICE_VALUE_EXACT,
                               "dy", &layout, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(runtime, queue, &r.device, err);
    if (st == CLSLICE_OK)
        st = cs_scatter_check_buffers(&r, plan, dy_shape, dy_rank, "dy",
                                      "out", err);
    if (st == CLSLICE_OK)
        st = cs_input_bytes(plan, elem_size, &bytes, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout_simplify(&layout);
    st = cs_dispatch_prepare(&r, &layout, err);
    if (st == CLSLICE_OK)
        st = run(&r, &layout, bytes, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
