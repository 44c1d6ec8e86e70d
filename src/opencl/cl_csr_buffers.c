/*
 * Buffer checks for the CSR passes: six arrays in up to six buffers, each
 * named as the caller wrote it ("out->data"), so a message says which one
 * is wrong.  As for the gather, this is what keeps the kernels in bounds:
 * OpenCL implementations do not all check kernel arguments.
 */
#include "cl_csr_internal.h"
#include "core/common.h"

typedef struct resolved {
    size_t size;
    cl_mem root;   /* the buffer, or a sub-buffer's parent */
    size_t start;  /* where the array starts in root */
} resolved;

static clslice_status resolve(cl_context context, const cs_csr_array *a,
                              resolved *r, clslice_error *err)
{
    cl_mem_object_type type;
    cl_context owner;
    cl_mem parent = NULL;
    size_t sub_offset = 0;
    cl_int rc = clGetMemObjectInfo(a->buffer, CL_MEM_TYPE, sizeof type,
                                   &type, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(a->buffer, CL_MEM_CONTEXT, sizeof owner,
                                &owner, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(a->buffer, CL_MEM_SIZE, sizeof r->size,
                                &r->size, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(a->buffer, CL_MEM_ASSOCIATED_MEMOBJECT,
                                sizeof parent, &parent, NULL);
    if (rc == CL_SUCCESS && parent)
        rc = clGetMemObjectInfo(a->buffer, CL_MEM_OFFSET, sizeof sub_offset,
                                &sub_offset, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetMemObjectInfo", rc);
    if (type != CL_MEM_OBJECT_BUFFER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is not a buffer (CL_MEM_TYPE = 0x%x)", a->name,
                       (unsigned)type);
    if (owner != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s belongs to another cl_context than the runtime's",
                       a->name);
    r->root = parent ? parent : a->buffer;
    r->start = sub_offset + a->offset;
    return CLSLICE_OK;
}

static clslice_status check_fit(const cs_csr_array *a, const resolved *r,
                                clslice_error *err)
{
    if (a->offset > r->size)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s_offset = %zu lies past the end of %s (%zu bytes)",
                       a->name, a->offset, a->name, r->size);
    if (a->bytes > r->size - a->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: %zu bytes needed from %s_offset = "
                       "%zu, %zu available (buffer of %zu bytes)", a->name,
                       a->bytes, a->name, a->offset, r->size - a->offset,
                       r->size);
    return CLSLICE_OK;
}

static bool overlap(const cs_csr_array *a, const resolved *ra,
                    const cs_csr_array *b, const resolved *rb)
{
    return ra->root == rb->root && a->bytes && b->bytes &&
           ra->start < rb->start + b->bytes &&
           rb->start < ra->start + a->bytes;
}

enum { MAX_ARRAYS = 8 };

clslice_status cs_csr_check_arrays(cl_context context,
                                   const cs_csr_array *arrays, int count,
                                   clslice_error *err)
{
    resolved r[MAX_ARRAYS];
    for (int i = 0; i < count && i < MAX_ARRAYS; i++) {
        const cs_csr_array *a = &arrays[i];
        r[i].root = NULL;
        if (!a->buffer && a->bytes == 0)
            continue; /* nothing to read or write there */
        if (!a->buffer)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s is NULL but needs %zu bytes", a->name,
                           a->bytes);
        clslice_status st = resolve(context, a, &r[i], err);
        if (st == CLSLICE_OK)
            st = check_fit(a, &r[i], err);
        if (st != CLSLICE_OK)
            return st;
    }
    for (int i = 0; i < count && i < MAX_ARRAYS; i++)
        for (int k = 0; k < i; k++)
            if ((arrays[i].output || arrays[k].output) && r[i].root &&
                overlap(&arrays[i], &r[i], &arrays[k], &r[k]))
                return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                               "%s and %s overlap in one buffer: bytes "
                               "[%zu, %zu) and [%zu, %zu)", arrays[k].name,
                               arrays[i].name, r[k].start,
                               r[k].start + arrays[k].bytes, r[i].start,
                               r[i].start + arrays[i].bytes);
    return CLSLICE_OK;
}
