/*
 * clslice_enqueue_gather: validates everything before enqueuing anything,
 * then picks the cheapest way to do the work (KERNEL_NOTES technique 2):
 * nothing (a marker, if an event is wanted) for an empty output, one
 * clEnqueueCopyBuffer for a single contiguous run, else a gather kernel.
 */
#include "cl_internal.h"
#include "plan_internal.h"

static const unsigned KNOWN_FLAGS =
    CLSLICE_GATHER_FORCE_INDEX64 | CLSLICE_GATHER_NO_COPY_SHORTCUT;

/* The wait list as OpenCL defines it; not every implementation checks
 * (PoCL dereferences a NULL list). */
static clslice_status check_wait_list(cl_uint num_events,
                                      const cl_event *wait_list,
                                      clslice_error *err)
{
    if (num_events > 0 && !wait_list)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "event_wait_list is NULL but "
                       "num_events_in_wait_list = %u", (unsigned)num_events);
    if (num_events == 0 && wait_list)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "event_wait_list is given but "
                       "num_events_in_wait_list = 0");
    return CLSLICE_OK;
}

static clslice_status check_args(const clslice_runtime *runtime,
                                 cl_command_queue queue,
                                 const clslice_plan *plan, size_t elem_size,
                                 cl_mem src, cl_mem dst, unsigned flags,
                                 clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!queue)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "queue is NULL");
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (elem_size == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "elem_size is 0; elements must be at least one byte");
    if (!src)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "src is NULL");
    if (!dst)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "dst is NULL");
    if (flags & ~KNOWN_FLAGS)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "flags = 0x%x has unknown bits 0x%x", flags,
                       flags & ~KNOWN_FLAGS);
    return CLSLICE_OK;
}

/* The queue's device, after checking it belongs to the runtime's context
 * (kernels built for one context cannot run in another). */
static clslice_status queue_device(const clslice_runtime *runtime,
                                   cl_command_queue queue,
                                   cl_device_id *device, clslice_error *err)
{
    cl_context context;
    cl_int rc = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context,
                                      &context, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof *device,
                                   device, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetCommandQueueInfo", rc);
    if (context != cs_runtime_context(runtime))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "queue belongs to another cl_context than the "
                       "runtime's");
    return CLSLICE_OK;
}

/* Bytes of the plan's whole input tensor; fails when they overflow. */
static clslice_status input_bytes(const clslice_plan *plan, size_t elem_size,
                                  size_t *bytes, clslice_error *err)
{
    int64_t shape[CLSLICE_MAX_RANK];
    int rank = clslice_plan_input_rank(plan);
    clslice_plan_input_shape(plan, shape);
    size_t total = elem_size;
    for (int d = 0; d < rank; d++)
        if (shape[d] == 0)
            total = 0;
    for (int d = 0; d < rank && total; d++)
        if (__builtin_mul_overflow(total, (size_t)shape[d], &total))
            return cs_fail(err, CLSLICE_ERROR_BUFFER,
                           "the input tensor (%d dims of %zu-byte "
                           "elements) is larger than any buffer",
                           rank, elem_size);
    *bytes = total;
    return CLSLICE_OK;
}

/* Input and output sizes in bytes, then the buffer checks. */
static clslice_status check_buffers(const clslice_runtime *runtime,
                                    const clslice_plan *plan,
                                    const clslice_layout *layout,
                                    size_t elem_size, cl_mem src,
                                    size_t src_offset, cl_mem dst,
                                    size_t dst_offset, clslice_error *err)
{
    size_t in_bytes = 0, out_bytes = 0;
    clslice_status st = input_bytes(plan, elem_size, &in_bytes, err);
    if (st != CLSLICE_OK)
        return st;
    if (__builtin_mul_overflow((size_t)layout->elements, elem_size,
                               &out_bytes))
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the output (%lld elements of %zu bytes) is larger "
                       "than any buffer", (long long)layout->elements,
                       elem_size);
    return cs_check_buffers(cs_runtime_context(runtime), src, src_offset,
                            in_bytes, dst, dst_offset, out_bytes, err);
}

static bool is_one_run(const clslice_layout *layout)
{
    return layout->rank == 0 ||
           (layout->rank == 1 && layout->src_stride[0] == 1);
}

/* The arguments of one validated call, for the three ways to run it. */
typedef struct cs_request {
    clslice_runtime *runtime;
    cl_command_queue queue;
    cl_device_id device;
    size_t elem_size;
    cl_mem src, dst;
    size_t src_offset, dst_offset;
    unsigned flags;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event *event;
} cs_request;

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
    size_t from = r->src_offset + (size_t)layout->offset * r->elem_size;
    size_t bytes = (size_t)layout->elements * r->elem_size;
    cl_int rc = clEnqueueCopyBuffer(r->queue, r->src, r->dst, from,
                                    r->dst_offset, bytes, r->num_events,
                                    r->wait_list, r->event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBuffer", rc);
}

static clslice_status enqueue_kernel(const cs_request *r,
                                     const clslice_layout *layout,
                                     clslice_error *err)
{
    cs_move move;
    cs_move_build(layout, r->elem_size, r->src_offset, r->dst_offset, &move);
    int bits = cs_move_index_bits(&move, r->flags);
    cs_program_info program;
    clslice_status st = cs_runtime_program(r->runtime, r->device,
                                           CS_PROGRAM_GATHER, bits, &program,
                                           err);
    if (st != CLSLICE_OK)
        return st;
    return cs_launch_move(r->queue, &program, &move, bits,
                          cs_runtime_max_groups(r->runtime), r->src, r->dst,
                          r->num_events, r->wait_list, r->event, err);
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
    cs_request r = {runtime, queue, NULL, elem_size, src, dst, src_offset,
                    dst_offset, flags, num_events_in_wait_list,
                    event_wait_list, event};
    clslice_layout layout;
    clslice_status st = check_args(runtime, queue, plan, elem_size, src, dst,
                                   flags, err);
    if (st == CLSLICE_OK)
        st = check_wait_list(num_events_in_wait_list, event_wait_list, err);
    if (st == CLSLICE_OK)
        st = clslice_plan_layout(plan, &layout, err);
    if (st == CLSLICE_OK)
        st = queue_device(runtime, queue, &r.device, err);
    if (st == CLSLICE_OK)
        st = check_buffers(runtime, plan, &layout, elem_size, src,
                           src_offset, dst, dst_offset, err);
    if (st != CLSLICE_OK)
        return st;

    clslice_layout_simplify(&layout);
    if (layout.elements == 0)
        st = enqueue_marker(&r, err);
    else if (is_one_run(&layout) &&
             !(flags & CLSLICE_GATHER_NO_COPY_SHORTCUT))
        st = enqueue_copy(&r, &layout, err);
    else
        st = enqueue_kernel(&r, &layout, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
