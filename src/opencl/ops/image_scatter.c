/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_scatter into an image-backed dst (clslice_cl_image;
 * cl/image.cl, cs_scatter_image_*).  Checked first: the head, the plan
 * and element size, the members dst_image leaves unused, the value (its
 * shape against the slice under the rule, at any strides, inside its
 * buffer)
 * and the image against the plan's input shape (image_check.c).  An
 * OpenCL 1.2 kernel cannot read and write one image, so the kernel is
 * armed, then dst is copied into a temporary image, then the kernel
 * writes every texel of dst from the value (the slice's lanes) and the
 * copy (the rest): nothing is enqueued unless every step before the
 * copy succeeded.
 */
#include <inttypes.h>

#include "opencl/ops/image.h"
#include "opencl/run/job.h"
#include "opencl/select/image_kernel.h"
#include "core/plan/common.h"
#include "core/layout/scatter.h"

typedef struct scatter_op {
    cs_call *call;
    const clslice_cl_scatter_desc *desc;
    int irank;
    int64_t ishape[CLSLICE_MAX_RANK];
    int64_t slice_elements;
    cs_image_side dst;
    cl_channel_type channel;
} scatter_op;

static clslice_status check_members(const clslice_cl_scatter_desc *d,
                                    clslice_error *err)
{
    if (!d->dst_image->image)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "dst_image->image is NULL");
    if (d->dst_image->flags)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "dst_image->flags = 0x%x: must be 0 (reserved)",
                       d->dst_image->flags);
    if (d->dst.buffer || d->dst.offset || d->dst.strides || d->dst_blocking)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "dst.buffer, dst.offset, dst.strides, dst_blocking "
                       "and dst_svm must be NULL or 0 when dst_image holds "
                       "dst");
    if (d->value_blocking)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_blocking must be NULL: the value of a "
                       "scatter into a 2-D image is not blocked");
    if (d->value.offset % d->elem_size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value.offset = %zu is not a multiple of elem_size = "
                       "%zu (an image scatter addresses whole elements)",
                       d->value.offset, d->elem_size);
    return CLSLICE_OK;
}

static clslice_status check_value(const scatter_op *op, clslice_error *err)
{
    const clslice_cl_scatter_desc *d = op->desc;
    int64_t elements;
    size_t bytes;
    clslice_status st = cs_scatter_check_shape(d->plan, d->value_shape,
                                               d->value_rank, d->rule,
                                               "value", err);
    if (st == CLSLICE_OK && d->value.strides)
        return cs_image_view_check(op->call, "value", "value view",
                                   d->value_shape, d->value_rank, &d->value,
                                   d->elem_size, false, err);
    if (st == CLSLICE_OK)
        st = cs_value_elements(d->value_shape, d->value_rank, "value",
                               &elements, err);
    if (st == CLSLICE_OK)
        st = cs_tensor_bytes(elements, d->elem_size, "value", &bytes, err);
    if (st != CLSLICE_OK)
        return st;
    cs_array a = {.name = "value", .member = true, .what = "value",
                  .buffer = d->value.buffer, .offset = d->value.offset,
                  .bytes = bytes, .optional = true};
    return cs_check_arrays(cs_call_context(op->call), &a, 1, NULL, err);
}

static clslice_status check(scatter_op *op, clslice_error *err)
{
    const clslice_cl_scatter_desc *d = op->desc;
    clslice_status st = cs_image_call_check(op->call, d->plan, d->elem_size,
                                            err);
    if (st == CLSLICE_OK)
        st = check_members(d, err);
    if (st == CLSLICE_OK)
        st = check_value(op, err);
    if (st != CLSLICE_OK)
        return st;
    op->irank = clslice_plan_input_rank(d->plan);
    clslice_plan_input_shape(d->plan, op->ishape);
    op->slice_elements = clslice_plan_output_elements(d->plan);
    op->dst = (cs_image_side){.name = "dst_image", .image = d->dst_image,
                              .output = true, .elem_size = d->elem_size};
    return cs_image_side_check(op->call, d->dst_image, op->ishape, op->irank,
                               &op->dst, &op->channel, err);
}

/* ---- the launch --------------------------------------------------------- */

/* The value's stride along each input dim: its stride (the caller's or
 * row-major) along the output dim that input dim became, 0 where it has
 * size 1 there (it broadcasts) and for shrunk dims (the shapes were
 * checked). */
static void value_strides(const scatter_op *op, int64_t *vstride)
{
    const clslice_cl_scatter_desc *d = op->desc;
    int orank = clslice_plan_output_rank(d->plan);
    int lead = d->value_rank - orank;
    for (int k = 0; k < op->irank; k++)
        vstride[k] = 0;
    int64_t running = 1;
    for (int v = d->value_rank - 1; v >= 0; v--) {
        int j = v - lead;
        int k = j >= 0 ? clslice_plan_output_source(d->plan, j) : -1;
        if (k >= 0 && d->value_shape[v] != 1)
            vstride[k] = d->value.strides ? d->value.strides[v] : running;
        running *= d->value_shape[v];
    }
}

static void fill_table(const scatter_op *op, int64_t *t)
{
    const clslice_cl_scatter_desc *d = op->desc;
    int64_t vstride[CLSLICE_MAX_RANK];
    for (int w = 0; w < CS_IMG_WORDS; w++)
        t[w] = 0;
    value_strides(op, vstride);
    for (int k = 0; k < op->irank; k++) {
        int64_t start, step, count;
        clslice_plan_dim(d->plan, k, &start, &step, &count, NULL);
        t[CS_IMG_ISTART + k] = start;
        /* one index read: any step, which may be any int64, finds it;
         * the kernel reads steps in 32 bits */
        t[CS_IMG_ISTEP + k] = count > 1 ? step : 1;
        t[CS_IMG_ICOUNT + k] = count;
        t[CS_IMG_IVSTRIDE + k] = vstride[k];
    }
    t[CS_IMG_SRC_BASE] = (int64_t)(d->value.offset / d->elem_size);
    for (int w = 0; w < CS_IMG_G_WORDS; w++)
        t[CS_IMG_DST_GEOM + w] = op->dst.geometry.words[w];
    t[CS_IMG_ITEMS] = op->dst.geometry.width * op->dst.geometry.height;
}

/* A temporary image of dst's format and size, for the old texels. */
static clslice_status make_copy(const scatter_op *op, cl_mem *copy,
                                clslice_error *err)
{
    cl_image_format format = {CL_RGBA, op->channel};
    cl_image_desc desc = {
        .image_type = CL_MEM_OBJECT_IMAGE2D,
        .image_width = (size_t)op->dst.geometry.width,
        .image_height = (size_t)op->dst.geometry.height};
    cl_int rc;
    *copy = clCreateImage(cs_call_context(op->call), CL_MEM_READ_WRITE,
                          &format, &desc, NULL, &rc);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clCreateImage", rc);
}

/* A value image read into its temporary (behind the wait list), then
 * dst into the copy, then the armed kernel. */
static clslice_status enqueue(const scatter_op *op, cs_armed_job *armed,
                              cl_mem copy, cs_image_value *value,
                              clslice_error *err)
{
    cs_call *call = op->call;
    cs_chain chain;
    cs_chain_start(&chain, call->queue, call->num_events, call->wait_list);
    if (value && value->temporary) {
        cl_event read;
        clslice_status st = cs_image_value_enqueue(value, call, &read, err);
        if (st != CLSLICE_OK) {
            cs_armed_drop(armed);
            return st;
        }
        cs_chain_link(&chain, read);
    }
    size_t origin[3] = {0, 0, 0};
    size_t region[3] = {(size_t)op->dst.geometry.width,
                        (size_t)op->dst.geometry.height, 1};
    const cl_event *wait;
    cl_uint n = cs_chain_wait(&chain, &wait);
    cl_event copied;
    cl_int rc = clEnqueueCopyImage(call->queue, op->desc->dst_image->image,
                                   copy, origin, origin, region, n, wait,
                                   &copied);
    if (rc != CL_SUCCESS) {
        cs_armed_drop(armed);
        cs_chain_drop(&chain);
        return cs_cl_fail(err, "clEnqueueCopyImage", rc);
    }
    cs_chain_link(&chain, copied);
    clslice_status st = cs_chain_armed(&chain, armed, err);
    if (st != CLSLICE_OK) {
        cs_chain_drop(&chain);
        return st;
    }
    return cs_chain_finish(&chain, call->event, err);
}

static clslice_status launch(const scatter_op *op, cs_image_value *staged,
                             clslice_error *err)
{
    cs_call *call = op->call;
    const clslice_cl_scatter_desc *d = op->desc;
    cs_tuning tuning;
    cs_program_info program;
    clslice_status st = cs_image_program(call, &tuning, &program, err);
    cl_mem copy = NULL;
    if (st == CLSLICE_OK)
        st = make_copy(op, &copy, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t table[CS_IMG_WORDS];
    fill_table(op, table);
    cl_mem value = d->value.buffer, dst = d->dst_image->image;
    cs_job job;
    cs_job_start(&job, "image scatter", cs_choose_image_scatter(op->channel),
                 0);
    cs_job_mem(&job, &value);
    cs_job_mem(&job, &copy);
    cs_job_mem(&job, &dst);
    cs_job_upload(&job, sizeof table, table);
    cs_job_range(&job, (size_t)table[CS_IMG_ITEMS], CS_IMAGE_LOCAL, false);
    cs_armed_job armed;
    st = cs_job_arm(&program, &job, tuning.max_groups, &armed, err);
    if (st == CLSLICE_OK)
        st = enqueue(op, &armed, copy, staged, err);
    clReleaseMemObject(copy); /* OpenCL keeps it until the kernel ends */
    return st;
}

clslice_status cs_image_scatter(cs_call *call,
                                const clslice_cl_scatter_desc *desc,
                                cs_image_value *value, clslice_error *err)
{
    scatter_op op = {.call = call, .desc = desc};
    clslice_status st = check(&op, err);
    if (st != CLSLICE_OK)
        return st;
    if (op.slice_elements == 0)
        st = cs_enqueue_marker(call->queue, call->num_events,
                               call->wait_list, call->event, err);
    else
        st = launch(&op, value, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
