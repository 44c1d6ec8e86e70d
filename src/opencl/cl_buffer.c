/*
 * Checks an enqueue's buffers before anything is enqueued: they are
 * buffers of the runtime's context, what is read and what is written fit
 * after their offsets, and the two do not overlap (also across
 * sub-buffers of one buffer).  OpenCL implementations do not all check
 * kernel arguments (PoCL runs a kernel on an image or on another
 * context's buffer without complaint), so this is the one place that
 * keeps gathers and scatters in bounds.
 */
#include "cl_internal.h"
#include "core/common.h"

typedef struct cs_buffer {
    const cs_buffer_use *use;
    size_t size;
    cl_mem root;        /* the buffer, or a sub-buffer's parent */
    size_t root_offset; /* where the sub-buffer starts in root */
} cs_buffer;

static cl_int mem_info(cl_mem buffer, cl_mem_info what, size_t size,
                       void *value)
{
    return clGetMemObjectInfo(buffer, what, size, value, NULL);
}

static clslice_status describe(const cs_buffer_use *use, cl_context context,
                               cs_buffer *b, clslice_error *err)
{
    cl_mem_object_type type;
    cl_context owner;
    cl_mem parent = NULL;
    b->use = use;
    b->root_offset = 0;
    if (!use->buffer)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", use->name);
    cl_int rc = mem_info(use->buffer, CL_MEM_TYPE, sizeof type, &type);
    if (rc == CL_SUCCESS)
        rc = mem_info(use->buffer, CL_MEM_CONTEXT, sizeof owner, &owner);
    if (rc == CL_SUCCESS)
        rc = mem_info(use->buffer, CL_MEM_SIZE, sizeof b->size, &b->size);
    if (rc == CL_SUCCESS)
        rc = mem_info(use->buffer, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent,
                      &parent);
    if (rc == CL_SUCCESS && parent)
        rc = mem_info(use->buffer, CL_MEM_OFFSET, sizeof b->root_offset,
                      &b->root_offset);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetMemObjectInfo", rc);
    if (type != CL_MEM_OBJECT_BUFFER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is not a buffer (CL_MEM_TYPE = 0x%x)", use->name,
                       (unsigned)type);
    if (owner != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s belongs to another cl_context than the runtime's",
                       use->name);
    b->root = parent ? parent : use->buffer;
    return CLSLICE_OK;
}

/* Fails unless the use's bytes fit in the buffer from its offset on. */
static clslice_status check_fit(const cs_buffer *b, clslice_error *err)
{
    const char *name = b->use->name;
    size_t offset = b->use->offset, need = b->use->bytes;
    if (offset > b->size)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s_offset = %zu lies past the end of %s (%zu bytes)",
                       name, offset, name, b->size);
    if (need > b->size - offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: %zu bytes needed from %s_offset = "
                       "%zu, %zu available (buffer of %zu bytes)",
                       name, need, name, offset, b->size - offset, b->size);
    return CLSLICE_OK;
}

static clslice_status check_overlap(const cs_buffer *r, const cs_buffer *w,
                                    clslice_error *err)
{
    size_t r_bytes = r->use->bytes, w_bytes = w->use->bytes;
    if (r->root != w->root || !r_bytes || !w_bytes)
        return CLSLICE_OK;
    size_t in = r->root_offset + r->use->offset;
    size_t out = w->root_offset + w->use->offset;
    if (in < out + w_bytes && out < in + r_bytes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s and %s share a buffer and overlap: %s bytes "
                       "[%zu, %zu), %s bytes [%zu, %zu)",
                       r->use->name, w->use->name, r->use->what, in,
                       in + r_bytes, w->use->what, out, out + w_bytes);
    return CLSLICE_OK;
}

clslice_status cs_check_buffer(cl_context context, const cs_buffer_use *use,
                               clslice_error *err)
{
    cs_buffer b;
    clslice_status st = describe(use, context, &b, err);
    return st == CLSLICE_OK ? check_fit(&b, err) : st;
}

clslice_status cs_check_buffers(cl_context context, const cs_buffer_use *read,
                                const cs_buffer_use *write,
                                clslice_error *err)
{
    cs_buffer r, w;
    clslice_status st = describe(read, context, &r, err);
    if (st == CLSLICE_OK)
        st = describe(write, context, &w, err);
    if (st == CLSLICE_OK)
        st = check_fit(&r, err);
    if (st == CLSLICE_OK)
        st = check_fit(&w, err);
    if (st == CLSLICE_OK)
        st = check_overlap(&r, &w, err);
    return st;
}
