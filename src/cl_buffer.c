/*
 * Checks a gather's buffers before anything is enqueued: they are buffers
 * of the runtime's context, the input tensor and the output fit after
 * their offsets, and input and output do not overlap (also across
 * sub-buffers of one buffer).  OpenCL implementations do not all check
 * kernel arguments (PoCL runs a kernel on an image or on another
 * context's buffer without complaint), so this is the one place that
 * keeps a gather in bounds.
 */
#include "cl_internal.h"
#include "plan_internal.h"

typedef struct cs_buffer {
    const char *name; /* "src" or "dst" */
    size_t size;
    cl_mem root;        /* the buffer, or a sub-buffer's parent */
    size_t root_offset; /* where the sub-buffer starts in root */
} cs_buffer;

static cl_int mem_info(cl_mem buffer, cl_mem_info what, size_t size,
                       void *value)
{
    return clGetMemObjectInfo(buffer, what, size, value, NULL);
}

static clslice_status describe(const char *name, cl_mem buffer,
                               cl_context context, cs_buffer *b,
                               clslice_error *err)
{
    cl_mem_object_type type;
    cl_context owner;
    cl_mem parent = NULL;
    b->name = name;
    b->root_offset = 0;
    cl_int rc = mem_info(buffer, CL_MEM_TYPE, sizeof type, &type);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_CONTEXT, sizeof owner, &owner);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_SIZE, sizeof b->size, &b->size);
    if (rc == CL_SUCCESS)
        rc = mem_info(buffer, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent,
                      &parent);
    if (rc == CL_SUCCESS && parent)
        rc = mem_info(buffer, CL_MEM_OFFSET, sizeof b->root_offset,
                      &b->root_offset);
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
    b->root = parent ? parent : buffer;
    return CLSLICE_OK;
}

/* Fails unless `need` bytes fit in the buffer from byte `offset` on. */
static clslice_status check_fit(const cs_buffer *b, size_t offset,
                                size_t need, clslice_error *err)
{
    if (offset > b->size)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s_offset = %zu lies past the end of %s (%zu bytes)",
                       b->name, offset, b->name, b->size);
    if (need > b->size - offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: %zu bytes needed from %s_offset = "
                       "%zu, %zu available (buffer of %zu bytes)",
                       b->name, need, b->name, offset, b->size - offset,
                       b->size);
    return CLSLICE_OK;
}

static clslice_status check_overlap(const cs_buffer *src, size_t src_offset,
                                    size_t in_bytes, const cs_buffer *dst,
                                    size_t dst_offset, size_t out_bytes,
                                    clslice_error *err)
{
    if (src->root != dst->root || !in_bytes || !out_bytes)
        return CLSLICE_OK;
    size_t in = src->root_offset + src_offset;
    size_t out = dst->root_offset + dst_offset;
    if (in < out + out_bytes && out < in + in_bytes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "src and dst share a buffer and overlap: input bytes "
                       "[%zu, %zu), output bytes [%zu, %zu)",
                       in, in + in_bytes, out, out + out_bytes);
    return CLSLICE_OK;
}

clslice_status cs_check_buffers(cl_context context, cl_mem src,
                                size_t src_offset, size_t in_bytes,
                                cl_mem dst, size_t dst_offset,
                                size_t out_bytes, clslice_error *err)
{
    cs_buffer s, d;
    clslice_status st = describe("src", src, context, &s, err);
    if (st == CLSLICE_OK)
        st = describe("dst", dst, context, &d, err);
    if (st == CLSLICE_OK)
        st = check_fit(&s, src_offset, in_bytes, err);
    if (st == CLSLICE_OK)
        st = check_fit(&d, dst_offset, out_bytes, err);
    if (st == CLSLICE_OK)
        st = check_overlap(&s, src_offset, in_bytes, &d, dst_offset,
                           out_bytes, err);
    return st;
}
