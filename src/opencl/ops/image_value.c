/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A scatter's value held by an image (clslice_cl_scatter_desc's
 * value_image; image.h).  The scatter kernels read their value from a
 * buffer, so the image is read into a temporary buffer first, row-major
 * (an image gather of the identity plan of value_shape), and the scatter
 * runs from it, with every rule of a buffer value (the shape rule,
 * broadcasting).  The gather is checked and armed with the scatter's
 * checks, and enqueued only after all of them passed, just before the
 * scatter's first command, which waits for it.
 */
#include "opencl/ops/image.h"
#include "core/plan/common.h"
#include "core/layout/scatter.h"

static clslice_status check_members(const clslice_cl_scatter_desc *d,
                                    clslice_error *err)
{
    if (!d->value_image->image)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_image->image is NULL");
    if (d->value_image->flags)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_image->flags = 0x%x: must be 0 (reserved)",
                       d->value_image->flags);
    if (d->value.buffer || d->value.offset || d->value.strides ||
        d->value_blocking)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value.buffer, value.offset, value.strides, "
                       "value_blocking and value_svm must be NULL or 0 when "
                       "value_image holds value");
    return CLSLICE_OK;
}

static clslice_status make_temporary(const cs_call *call, size_t bytes,
                                     cl_mem *buffer, clslice_error *err)
{
    cl_int rc;
    *buffer = clCreateBuffer(cs_call_context(call), CL_MEM_READ_WRITE,
                             bytes ? bytes : 1, NULL, &rc);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    *buffer = NULL;
    return cs_cl_fail(err, "clCreateBuffer (value_image's temporary)", rc);
}

/* The gather of the whole image into the temporary, checked and armed. */
static clslice_status arm_read(cs_call *call,
                               const clslice_cl_scatter_desc *d,
                               cs_image_value *v, clslice_error *err)
{
    int64_t begin[CLSLICE_MAX_RANK] = {0};
    clslice_status st = clslice_plan_init_tf_slice(
        &v->storage, d->value_shape, d->value_rank, begin,
        (size_t)d->value_rank, d->value_shape, (size_t)d->value_rank,
        &v->desc.plan, err);
    v->desc.struct_size = sizeof v->desc;
    v->desc.elem_size = d->elem_size;
    v->desc.src_image = d->value_image;
    v->desc.dst = (clslice_cl_tensor){.buffer = v->temporary};
    static const cs_image_names names = {.src_image = "value_image",
                                         .src = "value",
                                         .dst_image = "dst_image",
                                         .dst = "a temporary buffer"};
    if (st == CLSLICE_OK)
        st = cs_image_gather_check(&v->op, call, &v->desc, &names, err);
    if (st == CLSLICE_OK)
        st = cs_image_gather_arm(&v->op, &v->armed, err);
    return st;
}

clslice_status cs_image_value_prepare(cs_call *call,
                                      clslice_cl_scatter_desc *desc,
                                      cs_image_value *v, clslice_error *err)
{
    *v = (cs_image_value){.temporary = NULL};
    cs_image_armed_clear(&v->armed);
    if (!desc->value_image)
        return CLSLICE_OK;
    int64_t elements = 0;
    size_t bytes = 0;
    clslice_status st = cs_image_call_check(call, desc->plan,
                                            desc->elem_size, err);
    if (st == CLSLICE_OK)
        st = check_members(desc, err);
    if (st == CLSLICE_OK)
        st = cs_value_elements(desc->value_shape, desc->value_rank, "value",
                               &elements, err);
    if (st == CLSLICE_OK)
        st = cs_tensor_bytes(elements, desc->elem_size, "value", &bytes,
                             err);
    if (st == CLSLICE_OK)
        st = make_temporary(call, bytes, &v->temporary, err);
    if (st == CLSLICE_OK)
        st = arm_read(call, desc, v, err);
    if (st != CLSLICE_OK) {
        cs_image_value_release(v);
        return st;
    }
    desc->value = (clslice_cl_tensor){.buffer = v->temporary};
    desc->value_image = NULL;
    return CLSLICE_OK;
}

clslice_status cs_image_value_enqueue(cs_image_value *v, const cs_call *call,
                                      cl_event *read, clslice_error *err)
{
    *read = NULL; /* an empty value: a marker */
    return cs_image_armed_enqueue(&v->armed, call, read, err);
}

void cs_image_value_release(cs_image_value *v)
{
    cs_image_armed_drop(&v->armed);
    if (v->temporary)
        clReleaseMemObject(v->temporary);
    v->temporary = NULL;
}
