/*
 * The checks every enqueue call (gather, scatter, fill, grad) makes before
 * it enqueues anything: arguments, flags, the wait list, the queue's
 * context, and tensor sizes that must not overflow.  One copy, so every
 * call words its errors the same way.
 */
#include "cl_internal.h"
#include "core/common.h"

clslice_status cs_check_wait_list(cl_uint num_events,
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

clslice_status cs_check_call(const clslice_runtime *runtime,
                             cl_command_queue queue, const clslice_plan *plan,
                             size_t elem_size, unsigned flags,
                             cl_uint num_events, const cl_event *wait_list,
                             clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!queue)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "queue is NULL");
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    if (flags & ~(unsigned)CS_KNOWN_FLAGS)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "flags = 0x%x has unknown bits 0x%x", flags,
                       flags & ~(unsigned)CS_KNOWN_FLAGS);
    return cs_check_wait_list(num_events, wait_list, err);
}

clslice_status cs_queue_device(const clslice_runtime *runtime,
                               cl_command_queue queue, cl_device_id *device,
                               clslice_error *err)
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

clslice_status cs_input_bytes(const clslice_plan *plan, size_t elem_size,
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

clslice_status cs_tensor_bytes(int64_t elements, size_t elem_size,
                               const char *what, size_t *bytes,
                               clslice_error *err)
{
    *bytes = 0;
    if (elements > 0 &&
        __builtin_mul_overflow((size_t)elements, elem_size, bytes))
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s (%lld elements of %zu bytes) is larger than "
                       "any buffer", what, (long long)elements, elem_size);
    return CLSLICE_OK;
}
