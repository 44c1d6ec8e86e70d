/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The checks every device call (gather, scatter, fill, grad, strided,
 * batch, dynamic, both CSR passes) makes before it enqueues anything:
 * handles, flags, the wait list, the queue's context, tensor sizes that
 * must not overflow, and the buffers.  One copy, so every call words its
 * errors the same way.
 *
 * The buffer checks are what keep kernels in bounds: OpenCL
 * implementations do not all check kernel arguments (PoCL runs a kernel on
 * an image or on another context's buffer without complaint).
 */
#include <stdio.h>

#include "opencl/base/check.h"

#include "core/plan/common.h"
#include "core/plan/plan.h"

/* An array's names in messages: its buffer, offset and strides. */
typedef struct array_names {
    char buffer[64], offset[64], strides[64];
} array_names;

static void name_parts(const cs_array *a, array_names *n)
{
    snprintf(n->buffer, sizeof n->buffer, "%s%s", a->name,
             cs_buffer_part(a->member));
    snprintf(n->offset, sizeof n->offset, "%s%s", a->name,
             cs_offset_part(a->member));
    snprintf(n->strides, sizeof n->strides, "%s%s", a->name,
             cs_strides_part(a->member));
}

static cl_int mem_info(cl_mem buffer, cl_mem_info what, size_t size,
                       void *value)
{
    return clGetMemObjectInfo(buffer, what, size, value, NULL);
}

clslice_status cs_buffer_place(cl_context context, cl_mem buffer,
                               const char *name, cs_place *place,
                               clslice_error *err)
{
    cl_mem_object_type type;
    cl_context owner;
    cl_mem parent = NULL;
    place->sub_offset = 0;
    place->sub_buffer = false;
    cl_int rc = mem_info(buffer, CL_MEM_TYPE, sizeof type, &type);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_CONTEXT, sizeof owner, &owner);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_SIZE, sizeof place->size, &place->size);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent,
                      &parent);
    if (rc == CL_SUCCESS && parent)
        rc = mem_info(buffer, CL_MEM_OFFSET, sizeof place->sub_offset,
                      &place->sub_offset);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetMemObjectInfo", rc);
    if (type != CL_MEM_OBJECT_BUFFER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is not a buffer (CL_MEM_TYPE = 0x%x)", name,
                       (unsigned)type);
    if (owner != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s belongs to another cl_context than the runtime's",
                       name);
    place->root = parent ? parent : buffer;
    place->sub_buffer = parent != NULL;
    return CLSLICE_OK;
}

/* A NULL buffer is an error unless the array is optional and empty.  The
 * names are formatted only for a message (this runs on every call). */
static clslice_status resolve_use(cl_context context, const cs_array *a,
                                  cs_place *place, clslice_error *err)
{
    *place = (cs_place){.root = NULL};
    if (a->buffer && !a->member)
        return cs_buffer_place(context, a->buffer, a->name, place, err);
    array_names n;
    name_parts(a, &n);
    if (a->buffer)
        return cs_buffer_place(context, a->buffer, n.buffer, place, err);
    if (!a->optional)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", n.buffer);
    if (a->bytes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but needs %zu bytes", n.buffer, a->bytes);
    return CLSLICE_OK;
}

/* Fails unless the array's bytes fit in its buffer from its offset on. */
static clslice_status check_fit(const cs_array *a, const cs_place *r,
                                clslice_error *err)
{
    if (!r->root || (a->offset <= r->size && a->before <= a->offset &&
                     a->bytes <= r->size - a->offset))
        return CLSLICE_OK;
    array_names n;
    name_parts(a, &n);
    if (a->offset > r->size)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s = %zu lies past the end of %s (%zu bytes)",
                       n.offset, a->offset, n.buffer, r->size);
    if (a->before > a->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s view reaches %zu bytes before %s = %zu "
                       "(negative %s): the offset must be at least %zu",
                       a->name, a->before, n.offset, a->offset, n.strides,
                       a->before);
    if (a->bytes > r->size - a->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: %zu bytes needed from %s = %zu, "
                       "%zu available (buffer of %zu bytes)", n.buffer,
                       a->bytes, n.offset, a->offset, r->size - a->offset,
                       r->size);
    return CLSLICE_OK;
}

/* a (earlier) and b (later) overlap where one of them is written.  Both
 * fit their buffers already, so [start - before, start + bytes) does not
 * wrap.  Every pair is compared, so an array that addresses no byte
 * (before and bytes both 0) is simply left out: it cannot stand between
 * two others.  A view reaching only backwards (bytes 0, before not) does
 * address bytes. */
clslice_status cs_check_overlap(const cs_array *a, const cs_place *ra,
                                const cs_array *b, const cs_place *rb,
                                clslice_error *err)
{
    if (!(a->output || b->output) || !ra->root || ra->root != rb->root ||
        a->before + a->bytes == 0 || b->before + b->bytes == 0)
        return CLSLICE_OK;
    size_t a_start = ra->sub_offset + a->offset;
    size_t b_start = rb->sub_offset + b->offset;
    size_t a0 = a_start - a->before, a1 = a_start + a->bytes;
    size_t b0 = b_start - b->before, b1 = b_start + b->bytes;
    if (a0 >= b1 || b0 >= a1)
        return CLSLICE_OK;
    array_names na, nb;
    name_parts(a, &na);
    name_parts(b, &nb);
    if (a->what && b->what)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s and %s share a buffer and overlap: %s bytes "
                       "[%zu, %zu), %s bytes [%zu, %zu)", na.buffer,
                       nb.buffer, a->what, a0, a1, b->what, b0, b1);
    return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                   "%s and %s overlap in one buffer: bytes [%zu, %zu) and "
                   "[%zu, %zu)", na.buffer, nb.buffer, a0, a1, b0, b1);
}

clslice_status cs_check_arrays(cl_context context, const cs_array *arrays,
                               int count, cs_place *places,
                               clslice_error *err)
{
    cs_place own[CS_MAX_ARRAYS];
    cs_place *r = places ? places : own;
    clslice_status st = CLSLICE_OK;
    if (count > CS_MAX_ARRAYS)
        count = CS_MAX_ARRAYS;
    for (int i = 0; i < count && st == CLSLICE_OK; i++)
        st = resolve_use(context, &arrays[i], &r[i], err);
    for (int i = 0; i < count && st == CLSLICE_OK; i++)
        st = check_fit(&arrays[i], &r[i], err);
    for (int i = 0; i < count && st == CLSLICE_OK; i++)
        for (int k = 0; k < i && st == CLSLICE_OK; k++)
            st = cs_check_overlap(&arrays[k], &r[k], &arrays[i], &r[i], err);
    return st;
}

/* An event of another context would be waited on by a queue that cannot
 * see it: the specification makes that CL_INVALID_CONTEXT, but PoCL
 * enqueues a kernel behind it without complaint. */
static clslice_status check_event(cl_context context, const cl_event *list,
                                  cl_uint i, clslice_error *err)
{
    cl_context owner;
    if (!list[i])
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "event_wait_list[%u] is NULL", (unsigned)i);
    cl_int rc = clGetEventInfo(list[i], CL_EVENT_CONTEXT, sizeof owner,
                               &owner, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetEventInfo", rc);
    if (owner != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "event_wait_list[%u] belongs to another cl_context "
                       "than the runtime's", (unsigned)i);
    return CLSLICE_OK;
}

clslice_status cs_check_wait_list(cl_context context, cl_uint num_events,
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
    clslice_status st = CLSLICE_OK;
    for (cl_uint i = 0; i < num_events && st == CLSLICE_OK; i++)
        st = check_event(context, wait_list, i, err);
    return st;
}

clslice_status cs_check_handles(const clslice_runtime *runtime,
                                cl_command_queue queue, clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!queue)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "queue is NULL");
    return CLSLICE_OK;
}

clslice_status cs_check_flags(unsigned flags, clslice_error *err)
{
    if (flags & ~(unsigned)CS_KNOWN_FLAGS)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "flags = 0x%x has unknown bits 0x%x", flags,
                       flags & ~(unsigned)CS_KNOWN_FLAGS);
    return CLSLICE_OK;
}

clslice_status cs_queue_device(cl_context context, cl_command_queue queue,
                               cl_device_id *device, clslice_error *err)
{
    cl_context owner;
    cl_int rc = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof owner,
                                      &owner, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof *device,
                                   device, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetCommandQueueInfo", rc);
    if (owner != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "queue belongs to another cl_context than the "
                       "runtime's");
    return CLSLICE_OK;
}

clslice_status cs_input_bytes(const clslice_plan *plan, size_t elem_size,
                              size_t *bytes, clslice_error *err)
{
    int64_t elements;
    clslice_status st = cs_input_elements(plan, &elements, err);
    return st == CLSLICE_OK ? cs_tensor_bytes(elements, elem_size,
                                              "input tensor", bytes, err)
                            : st;
}

clslice_status cs_tensor_bytes(int64_t elements, size_t elem_size,
                               const char *what, size_t *bytes,
                               clslice_error *err)
{
    if (!cs_size_mul(elements, elem_size, bytes))
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s (%lld elements of %zu bytes) is larger than "
                       "any buffer", what, (long long)elements, elem_size);
    return CLSLICE_OK;
}
