/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * 1-D buffer images (CL_MEM_OBJECT_IMAGE1D_BUFFER) as sides of a gather
 * or a scatter (image.h).  TFLite's IMAGE_BUFFER storage keeps a PHWC4
 * tensor in such an image: its texels are those of the packing's 2-D
 * image row by row, and they are the bytes of the image's buffer.  So
 * no image kernel is needed: the side is checked as an image (device
 * support, context, flags, format, elem_size, width = the 2-D image's
 * width times its height), then the call runs on the buffer as the
 * blocked tensor the packing makes of it (clslice.h, "Blocked layouts":
 * the channel dim in blocks of 4 lanes), which the blocked paths gather
 * and scatter, a blocked destination written whole with zero padding
 * lanes as an image destination is.  Which packing is which engine's
 * does not change: the image's type says how it is held.  Opposite a
 * 2-D image no blocked path exists: image.c then runs the image kernel
 * on a 2-D stand-in, since the buffer's bytes are that image's rows.
 */
#include <stdio.h>

#include "opencl/ops/image.h"
#include "core/plan/common.h"

static bool is_buffer_image(const clslice_cl_image *image)
{
    cl_mem_object_type type = 0;
    return image && image->image &&
           clGetMemObjectInfo(image->image, CL_MEM_TYPE, sizeof type, &type,
                              NULL) == CL_SUCCESS &&
           type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
}

cl_mem cs_image_buffer_of(cl_mem image)
{
    cl_mem_object_type type = 0;
    cl_mem buffer = NULL;
    if (image &&
        clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof type, &type, NULL) ==
            CL_SUCCESS &&
        type == CL_MEM_OBJECT_IMAGE1D_BUFFER &&
        clGetImageInfo(image, CL_IMAGE_BUFFER, sizeof buffer, &buffer,
                       NULL) == CL_SUCCESS)
        return buffer;
    return NULL;
}

/* The blocked tensor's strides (elements; the channel dim's between
 * slices): element (v) lies at ((y * width + x) * 4 + lane). */
static void linear_layout(const cs_image_geometry *g, int rank,
                          int64_t *strides, clslice_blocking *blocking)
{
    const int64_t *w = g->words;
    for (int d = 0; d < rank; d++) {
        int64_t stride = 0;
        if (d == w[CS_IMG_G_XO])
            stride += w[CS_IMG_G_XIN] * 4;
        if (d == w[CS_IMG_G_XI])
            stride += 4;
        if (d == w[CS_IMG_G_YO])
            stride += w[CS_IMG_G_YIN] * g->width * 4;
        if (d == w[CS_IMG_G_YI])
            stride += g->width * 4;
        strides[d] = stride;
    }
    *blocking = (clslice_blocking){.axis = (int)w[CS_IMG_G_CDIM],
                                   .block = 4};
}

/* A checked side's image taken as its buffer: *t points at the buffer
 * with `strides`, *blocking at `block` (both the caller's, to outlive
 * the call). */
static clslice_status as_blocked(const cs_image_side *side, int rank,
                                 int64_t *strides, clslice_blocking *block,
                                 clslice_cl_tensor *t,
                                 const clslice_blocking **blocking,
                                 clslice_error *err)
{
    cl_mem buffer = NULL;
    cl_int rc = clGetImageInfo(side->image->image, CL_IMAGE_BUFFER,
                               sizeof buffer, &buffer, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetImageInfo", rc);
    linear_layout(&side->geometry, rank, strides, block);
    *t = (clslice_cl_tensor){.buffer = buffer, .strides = strides};
    *blocking = block;
    return CLSLICE_OK;
}

/* One side named `name` ("src", "dst"): its members, the image against
 * a tensor of `shape`, then the tensor member pointed at the buffer. */
static clslice_status unbuffer_side(const cs_call *call, const char *name,
                                    const clslice_cl_image *image,
                                    bool output, size_t elem_size,
                                    const int64_t *shape, int rank,
                                    clslice_cl_tensor *t,
                                    const clslice_blocking **blocking,
                                    cs_image_as_buffer *out,
                                    clslice_error *err)
{
    if (image->flags)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_image->flags = 0x%x: must be 0 (reserved)", name,
                       image->flags);
    if (t->buffer || t->offset || t->strides || *blocking)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.buffer, %s.offset, %s.strides, %s_blocking and "
                       "%s_svm must be NULL or 0 when %s_image holds %s",
                       name, name, name, name, name, name, name);
    cs_image_side side = {.name = output ? "dst_image" : "src_image",
                          .image = image, .output = output,
                          .elem_size = elem_size};
    cl_channel_type channel;
    clslice_status st = cs_image_side_check(call, image, shape, rank, &side,
                                            &channel, err);
    if (st != CLSLICE_OK)
        return st;
    return as_blocked(&side, rank, out->strides, &out->blocking, t,
                      blocking, err);
}

clslice_status cs_image_gather_unbuffer(cs_call *call,
                                        clslice_cl_gather_desc *desc,
                                        cs_image_as_buffer sides[2],
                                        clslice_error *err)
{
    bool src = is_buffer_image(desc->src_image);
    bool dst = is_buffer_image(desc->dst_image);
    /* none, or one opposite a 2-D image: the image path (image.c),
     * which stages it through a 2-D image */
    if ((!src && !dst) || (src && desc->dst_image && !dst) ||
        (dst && desc->src_image && !src))
        return CLSLICE_OK;
    clslice_status st = cs_image_call_check(call, desc->plan,
                                            desc->elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t shape[CLSLICE_MAX_RANK];
    if (src) {
        clslice_plan_input_shape(desc->plan, shape);
        st = unbuffer_side(call, "src", desc->src_image, false,
                           desc->elem_size, shape,
                           clslice_plan_input_rank(desc->plan), &desc->src,
                           &desc->src_blocking, &sides[0], err);
        desc->src_image = NULL;
    }
    if (st == CLSLICE_OK && dst) {
        clslice_plan_output_shape(desc->plan, shape);
        st = unbuffer_side(call, "dst", desc->dst_image, true,
                           desc->elem_size, shape,
                           clslice_plan_output_rank(desc->plan), &desc->dst,
                           &desc->dst_blocking, &sides[1], err);
        desc->dst_image = NULL;
    }
    return st;
}

clslice_status cs_image_scatter_unbuffer(cs_call *call,
                                         clslice_cl_scatter_desc *desc,
                                         cs_image_as_buffer *dst,
                                         clslice_error *err)
{
    if (!is_buffer_image(desc->dst_image))
        return CLSLICE_OK;
    clslice_status st = cs_image_call_check(call, desc->plan,
                                            desc->elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(desc->plan, shape);
    st = unbuffer_side(call, "dst", desc->dst_image, true, desc->elem_size,
                       shape, clslice_plan_input_rank(desc->plan),
                       &desc->dst, &desc->dst_blocking, dst, err);
    desc->dst_image = NULL;
    return st;
}

clslice_status cs_image_gather_block(cs_image_gather_op *op,
                                     clslice_error *err)
{
    const clslice_cl_gather_desc *d = op->desc;
    bool src = d->src_image && op->src.held_by_buffer;
    bool dst = d->dst_image && op->dst.held_by_buffer;
    if (!src && !dst)
        return CLSLICE_OK;
    if ((src && d->dst_image && !dst) || (dst && d->src_image && !src)) {
        op->staged = true; /* the image kernel, on a stand-in (image.c) */
        return CLSLICE_OK;
    }
    clslice_cl_gather_desc *b = &op->blocked_desc;
    *b = *d;
    clslice_status st = CLSLICE_OK;
    if (src) {
        st = as_blocked(&op->src, op->irank, op->blocked_strides[0],
                        &op->blockings[0], &b->src, &b->src_blocking, err);
        b->src_image = NULL;
    }
    if (st == CLSLICE_OK && dst) {
        st = as_blocked(&op->dst, op->orank, op->blocked_strides[1],
                        &op->blockings[1], &b->dst, &b->dst_blocking, err);
        b->dst_image = NULL;
    }
    if (st != CLSLICE_OK)
        return st;
    /* as clslice_cl_gather runs a blocked gather (gather.c) */
    op->blocked = (cs_op){.call = *op->call, .kind = CS_KERNEL_GATHER,
                          .plan = b->plan, .elem_size = b->elem_size,
                          .src = b->src.buffer, .src_offset = b->src.offset,
                          .dst = b->dst.buffer, .dst_offset = b->dst.offset,
                          .strided = true, .src_strides = b->src.strides,
                          .dst_strides = b->dst.strides,
                          .src_blocking = b->src_blocking,
                          .dst_blocking = b->dst_blocking, .members = true};
    op->blocked_run = true;
    return cs_op_prepare(&op->blocked, err);
}
