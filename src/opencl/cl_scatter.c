/*
 * clslice_enqueue_scatter and clslice_enqueue_fill: writing a value tensor,
 * or one element, into a slice of a device tensor in place.  Both check
 * everything before enqueuing anything (cl_validate.c, cl_buffer.c), build
 * the plan's scatter layout (scatter_layout.c) and run it the cheapest way
 * (cl_dispatch.c).
 */
#include <string.h>

#include "cl_internal.h"
#include "core/common.h"
#include "core/scatter.h"

/* The checks of the scatter and the fill, up to the layout, in the order
 * the gather makes them. */
static clslice_status prepare(cs_request *r, const clslice_plan *plan,
                              const int64_t *shape, int rank,
                              clslice_value_rule rule, const char *name,
                              clslice_layout *layout, clslice_error *err)
{
    clslice_status st = cs_check_call(r->runtime, r->queue, plan,
                                      r->elem_size, r->flags, r->num_events,
                                      r->wait_list, err);
    if (st == CLSLICE_OK)
        st = cs_scatter_layout(plan, shape, rank, rule, name, layout, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(r->runtime, r->queue, &r->device, err);
    return st;
}

/* The destination tensor: the plan's whole input shape from dst_offset. */
static clslice_status dst_use(const cs_request *r, const clslice_plan *plan,
                              const char *name, cs_buffer_use *use,
                              clslice_error *err)
{
    cs_buffer_use u = {name, "destination", r->dst, r->dst_offset, 0};
    *use = u;
    return cs_input_bytes(plan, r->elem_size, &use->bytes, err);
}

clslice_status cs_scatter_check_buffers(const cs_request *r,
                                        const clslice_plan *plan,
                                        const int64_t *shape, int rank,
                                        const char *value_name,
                                        const char *dst_name,
                                        clslice_error *err)
{
    cs_buffer_use value = {value_name, value_name, r->src, r->src_offset, 0};
    cs_buffer_use dst;
    int64_t elements;
    clslice_status st = cs_value_elements(shape, rank, value_name, &elements,
                                          err);
    if (st == CLSLICE_OK)
        st = cs_tensor_bytes(elements, r->elem_size, value_name,
                             &value.bytes, err);
    if (st == CLSLICE_OK)
        st = dst_use(r, plan, dst_name, &dst, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_check_buffers(cs_runtime_context(r->runtime), &value, &dst,
                            err);
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
    cs_request r = {runtime, queue, NULL, CS_KERNEL_SCATTER, elem_size,
                    value, dst, value_offset, dst_offset, NULL, flags,
                    num_events_in_wait_list, event_wait_list, event};
    clslice_layout layout;
    clslice_status st = prepare(&r, plan, value_shape, value_rank, rule,
                                "value", &layout, err);
    if (st == CLSLICE_OK)
        st = cs_scatter_check_buffers(&r, plan, value_shape, value_rank,
                                      "value", "dst", err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout_simplify(&layout);
    st = cs_dispatch(&r, &layout, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* A fill of an element wider than a kernel argument takes: the element
 * goes to a temporary buffer, scattered as a rank-0 value.  Releasing the
 * buffer right after enqueuing is safe: OpenCL deletes a released buffer
 * only once the commands that use it have finished. */
static clslice_status fill_from_buffer(cs_request *r,
                                       const clslice_layout *layout,
                                       const void *element,
                                       clslice_error *err)
{
    cl_int rc;
    r->kind = CS_KERNEL_SCATTER;
    r->src_offset = 0;
    r->src = clCreateBuffer(cs_runtime_context(r->runtime),
                            CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                            r->elem_size, (void *)element, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer", rc);
    clslice_status st = cs_dispatch(r, layout, err);
    clReleaseMemObject(r->src);
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
    unsigned char inline_element[CS_FILL_BYTES] = {0};
    cs_request r = {runtime, queue, NULL, CS_KERNEL_FILL, elem_size, NULL,
                    dst, 0, dst_offset, inline_element, flags,
                    num_events_in_wait_list, event_wait_list, event};
    clslice_layout layout;
    cs_buffer_use use;
    clslice_status st = prepare(&r, plan, NULL, 0, CLSLICE_VALUE_BROADCAST,
                                "value", &layout, err);
    if (st == CLSLICE_OK && !element)
        st = cs_fail(err, CLSLICE_ERROR_ARGUMENT, "element is NULL");
    if (st == CLSLICE_OK)
        st = dst_use(&r, plan, "dst", &use, err);
    if (st == CLSLICE_OK)
        st = cs_check_buffer(cs_runtime_context(runtime), &use, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout_simplify(&layout);
    if (elem_size > CS_FILL_BYTES && layout.elements > 0) {
        st = fill_from_buffer(&r, &layout, element, err);
    } else {
        if (layout.elements > 0)
            memcpy(inline_element, element, elem_size);
        st = cs_dispatch(&r, &layout, err);
    }
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
