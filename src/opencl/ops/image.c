/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_gather between image-backed tensors and buffers
 * (clslice_cl_image; cl/image.cl).  Everything is checked before anything
 * is enqueued: the head, the plan and element size, the descriptor's
 * members an image side leaves unused, the buffer side (at any strides,
 * inside its buffer; a destination that addresses no element twice),
 * each image against its tensor (image_check.c).
 * Then the plan becomes the kernels' table (image_table.h): per output
 * dim the input dim it reads and its step, per input dim the first
 * index, and each image side's geometry; one kernel runs.
 */
#include <inttypes.h>

#include "opencl/ops/image.h"
#include "opencl/run/job.h"
#include "opencl/select/image_kernel.h"
#include "core/plan/common.h"

typedef cs_image_gather_op image_op;

const cs_image_names cs_image_gather_names = {
    .src_image = "src_image", .dst_image = "dst_image",
    .src = "src", .dst = "dst"};

/* ---- the descriptor ----------------------------------------------------- */

/* An image side leaves its tensor member unused; the buffer side is
 * plain (not blocked), at any strides.  `name` is the buffer member's
 * ("src"), `image_name` the image member's ("src_image"). */
static clslice_status check_member(const char *name, const char *image_name,
                                   const clslice_cl_tensor *t,
                                   const clslice_blocking *blocking,
                                   const clslice_cl_image *image,
                                   clslice_error *err)
{
    if (image) {
        if (!image->image)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s->image is NULL", image_name);
        if (image->flags)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s->flags = 0x%x: must be 0 (reserved)",
                           image_name, image->flags);
        if (t->buffer || t->offset || t->strides || blocking)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s.buffer, %s.offset, %s.strides, "
                           "%s_blocking and %s_svm must be NULL or 0 when "
                           "%s holds %s", name, name, name, name, name,
                           image_name, name);
        return CLSLICE_OK;
    }
    if (blocking)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_blocking must be NULL: the buffer side of an "
                       "image gather opposite a 2-D image is not blocked",
                       name);
    return CLSLICE_OK;
}

static clslice_status check_desc(image_op *op, clslice_error *err)
{
    const clslice_cl_gather_desc *d = op->desc;
    clslice_status st = cs_check_plan_elem(d->plan, d->elem_size, err);
    const cs_image_names *n = &op->names;
    if (st == CLSLICE_OK)
        st = check_member(n->src, n->src_image, &d->src, d->src_blocking,
                          d->src_image, err);
    if (st == CLSLICE_OK)
        st = check_member(n->dst, n->dst_image, &d->dst, d->dst_blocking,
                          d->dst_image, err);
    if (st != CLSLICE_OK)
        return st;
    if (d->src_image && d->dst_image &&
        d->src_image->image == d->dst_image->image)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s->image and %s->image are one image: a gather "
                       "cannot read and write it", n->src_image,
                       n->dst_image);
    op->irank = clslice_plan_input_rank(d->plan);
    op->orank = clslice_plan_output_rank(d->plan);
    clslice_plan_input_shape(d->plan, op->ishape);
    clslice_plan_output_shape(d->plan, op->oshape);
    op->out_elements = clslice_plan_output_elements(d->plan);
    return CLSLICE_OK;
}

/* ---- the sides ---------------------------------------------------------- */

static clslice_status check_image(image_op *op, cs_image_side *side,
                                  const clslice_cl_image *image,
                                  const int64_t *shape, int rank,
                                  bool output, clslice_error *err)
{
    *side = (cs_image_side){.name = output ? op->names.dst_image
                                           : op->names.src_image,
                            .sep = output ? op->names.dst_sep
                                          : op->names.src_sep,
                            .image = image, .output = output,
                            .elem_size = op->desc->elem_size};
    cl_channel_type channel = 0;
    clslice_status st = cs_image_side_check(op->call, image, shape, rank,
                                            side, &channel, err);
    if (st == CLSLICE_OK && output && op->desc->src_image &&
        channel != op->channel)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s->image has channel type 0x%x but %s->image "
                       "0x%x: an image gather does not convert",
                       op->names.dst_image, (unsigned)channel,
                       op->names.src_image, (unsigned)op->channel);
    if (st == CLSLICE_OK && !(output && op->desc->src_image))
        op->channel = channel;
    return st;
}

/* The buffer side: whole elements from its offset, inside its buffer. */
static clslice_status check_buffer(const image_op *op, bool output,
                                   clslice_error *err)
{
    const clslice_cl_gather_desc *d = op->desc;
    const clslice_cl_tensor *t = output ? &d->dst : &d->src;
    const char *name = output ? op->names.dst : op->names.src;
    if (t->offset % d->elem_size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.offset = %zu is not a multiple of elem_size = "
                       "%zu (an image gather addresses whole elements)",
                       name, t->offset, d->elem_size);
    if (t->strides)
        return cs_image_view_check(
            op->call, name, output ? "destination view" : "source view",
            output ? op->oshape : op->ishape, output ? op->orank : op->irank,
            t, d->elem_size, output, err);
    size_t bytes;
    clslice_status st =
        output ? cs_tensor_bytes(op->out_elements, d->elem_size, "output",
                                 &bytes, err)
               : cs_input_bytes(d->plan, d->elem_size, &bytes, err);
    if (st != CLSLICE_OK)
        return st;
    cs_array a = {.name = name, .member = true,
                  .what = output ? "output" : "input", .buffer = t->buffer,
                  .offset = t->offset, .bytes = bytes, .output = output,
                  .optional = true};
    return cs_check_arrays(cs_call_context(op->call), &a, 1, NULL, err);
}

static clslice_status check_sides(image_op *op, clslice_error *err)
{
    const clslice_cl_gather_desc *d = op->desc;
    clslice_status st =
        d->src_image ? check_image(op, &op->src, d->src_image, op->ishape,
                                   op->irank, false, err)
                     : check_buffer(op, false, err);
    if (st != CLSLICE_OK)
        return st;
    st = d->dst_image ? check_image(op, &op->dst, d->dst_image, op->oshape,
                                    op->orank, true, err)
                      : check_buffer(op, true, err);
    /* a 1-D buffer image side: the blocked gather of its buffer */
    return st == CLSLICE_OK ? cs_image_gather_block(op, err) : st;
}

/* ---- the launch --------------------------------------------------------- */

/* The strides of a buffer dst, the caller's or row-major, into DSTRIDE. */
static void fill_dst_strides(const image_op *op, int64_t *t)
{
    int64_t running = 1;
    for (int j = op->orank - 1; j >= 0; j--) {
        t[CS_IMG_DSTRIDE + j] =
            op->desc->dst.strides ? op->desc->dst.strides[j] : running;
        running *= op->oshape[j];
    }
}

/* The plan's words of the table; a buffer src's strides (the caller's or
 * row-major) folded into OSTRIDE and SRC_BASE. */
static void fill_plan(const image_op *op, int64_t *t)
{
    const clslice_cl_gather_desc *d = op->desc;
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK];
    int64_t row[CLSLICE_MAX_RANK], running = 1, base = 0;
    for (int k = op->irank - 1; k >= 0; k--) {
        int64_t count;
        clslice_plan_dim(d->plan, k, &start[k], &step[k], &count, NULL);
        row[k] = d->src.strides ? d->src.strides[k] : running;
        running *= op->ishape[k] ? op->ishape[k] : 1;
        base += start[k] * row[k];
        if (k < 4)
            t[CS_IMG_ISTART + k] = start[k];
    }
    t[CS_IMG_ORANK] = op->orank;
    t[CS_IMG_SRC_BASE] = (int64_t)(d->src.offset / d->elem_size) + base;
    t[CS_IMG_DST_BASE] = (int64_t)(d->dst.offset / d->elem_size);
    for (int j = 0; j < op->orank; j++) {
        int k = clslice_plan_output_source(d->plan, j);
        t[CS_IMG_OSHAPE + j] = op->oshape[j];
        t[CS_IMG_OSRC + j] = k;
        /* a dim that reads one index moves by 0: its step, which may be
         * any int64, travels as 1 (the kernels read steps in 32 bits) */
        t[CS_IMG_OSTEP + j] = k >= 0 && op->oshape[j] > 1 ? step[k] : 0;
        t[CS_IMG_OSTRIDE + j] =
            k >= 0 && op->oshape[j] > 1 ? step[k] * row[k] : 0;
    }
}

static void fill_table(const image_op *op, int64_t *t)
{
    for (int w = 0; w < CS_IMG_WORDS; w++)
        t[w] = 0;
    fill_plan(op, t);
    if (!op->desc->dst_image)
        fill_dst_strides(op, t);
    for (int w = 0; w < CS_IMG_G_WORDS; w++) {
        t[CS_IMG_SRC_GEOM + w] = op->src.geometry.words[w];
        t[CS_IMG_DST_GEOM + w] = op->dst.geometry.words[w];
    }
    t[CS_IMG_ITEMS] = op->desc->dst_image
                          ? op->dst.geometry.width * op->dst.geometry.height
                          : op->out_elements;
}

clslice_status cs_image_program(const cs_call *call, cs_tuning *tuning,
                                cs_program_info *program, clslice_error *err)
{
    cs_device_info device;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &device, tuning, err);
    if (st == CLSLICE_OK)
        st = cs_runtime_program(call->runtime, call->device,
                                CS_PROGRAM_IMAGE, 32, program, err);
    return st;
}

/* A staged op's stand-in: a 2-D image of the 1-D buffer image's
 * format and its tensor's geometry, whose rows are that image's texels
 * (the copies between it and the buffer are plain). */
static clslice_status make_stand_in(const image_op *op, cs_image_armed *a,
                                    clslice_error *err)
{
    const cs_image_side *flat =
        op->src.held_by_buffer && op->desc->src_image ? &op->src : &op->dst;
    cl_image_format format = {CL_RGBA, op->channel};
    cl_image_desc desc = {
        .image_type = CL_MEM_OBJECT_IMAGE2D,
        .image_width = (size_t)flat->geometry.width,
        .image_height = (size_t)flat->geometry.height};
    cl_int rc;
    a->copy_in = flat == &op->src;
    a->buffer = cs_image_buffer_of(flat->image->image);
    a->region[0] = desc.image_width;
    a->region[1] = desc.image_height;
    a->region[2] = 1;
    a->stand_in = clCreateImage(cs_call_context(op->call), CL_MEM_READ_WRITE,
                                &format, &desc, NULL, &rc);
    if (rc == CL_SUCCESS && a->buffer)
        return CLSLICE_OK;
    if (a->stand_in)
        clReleaseMemObject(a->stand_in);
    a->stand_in = NULL;
    return rc != CL_SUCCESS
               ? cs_cl_fail(err, "clCreateImage (a 1-D buffer image's "
                                 "2-D stand-in)", rc)
               : cs_cl_fail(err, "clGetImageInfo", CL_INVALID_MEM_OBJECT);
}

clslice_status cs_image_gather_arm(image_op *op, cs_image_armed *image_armed,
                                   clslice_error *err)
{
    const cs_call *call = op->call;
    const clslice_cl_gather_desc *d = op->desc;
    cs_armed_job *armed = &image_armed->job;
    cs_image_armed_clear(image_armed);
    if (op->out_elements == 0) /* a src image's slice may be empty */
        return CLSLICE_OK;
    if (op->blocked_run) {
        clslice_status st = cs_dispatch_ready(&op->blocked, &op->ready, err);
        if (st == CLSLICE_OK)
            image_armed->blocked = op;
        return st;
    }
    cs_tuning tuning;
    clslice_status st = cs_image_program(call, &tuning, &op->program, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t table[CS_IMG_WORDS];
    fill_table(op, table);
    cl_mem src = d->src_image ? d->src_image->image : d->src.buffer;
    cl_mem dst = d->dst_image ? d->dst_image->image : d->dst.buffer;
    if (op->staged) {
        st = make_stand_in(op, image_armed, err);
        if (st != CLSLICE_OK)
            return st;
        *(image_armed->copy_in ? &src : &dst) = image_armed->stand_in;
    }
    cs_job job;
    cs_job_start(&job, "image gather",
                 cs_choose_image(d->src_image != NULL, d->dst_image != NULL,
                                 op->channel),
                 0);
    cs_job_mem(&job, &src);
    cs_job_mem(&job, &dst);
    cs_job_upload(&job, sizeof table, table);
    cs_job_range(&job, (size_t)table[CS_IMG_ITEMS], CS_IMAGE_LOCAL, false);
    st = cs_job_arm(&op->program, &job, tuning.max_groups, armed, err);
    if (st != CLSLICE_OK)
        cs_image_armed_drop(image_armed);
    return st;
}

/* ---- armed gathers ------------------------------------------------------ */

void cs_image_armed_clear(cs_image_armed *armed)
{
    *armed = (cs_image_armed){.blocked = NULL};
    cs_armed_clear(&armed->job);
}

bool cs_image_armed_runs(const cs_image_armed *armed)
{
    return armed->job.kernel || armed->blocked;
}

/* The copy between a staged op's stand-in and its 1-D buffer image's
 * buffer, as the next link of `chain`. */
static clslice_status chain_copy(cs_chain *chain, const cs_image_armed *a,
                                 clslice_error *err)
{
    const cl_event *wait_list;
    cl_uint n = cs_chain_wait(chain, &wait_list);
    cl_event next = NULL;
    size_t origin[3] = {0, 0, 0};
    cl_int rc =
        a->copy_in
            ? clEnqueueCopyBufferToImage(chain->queue, a->buffer, a->stand_in,
                                         0, origin, a->region, n, wait_list,
                                         &next)
            : clEnqueueCopyImageToBuffer(chain->queue, a->stand_in, a->buffer,
                                         origin, a->region, 0, n, wait_list,
                                         &next);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, a->copy_in ? "clEnqueueCopyBufferToImage"
                                          : "clEnqueueCopyImageToBuffer",
                          rc);
    cs_chain_link(chain, next);
    return CLSLICE_OK;
}

clslice_status cs_image_armed_chain(cs_chain *chain, cs_image_armed *armed,
                                    clslice_error *err)
{
    image_op *blocked = armed->blocked;
    armed->blocked = NULL;
    if (blocked)
        return cs_chain_fire(chain, &blocked->blocked, &blocked->ready, err);
    if (!armed->job.kernel)
        return CLSLICE_OK;
    clslice_status st = CLSLICE_OK;
    if (armed->stand_in && armed->copy_in)
        st = chain_copy(chain, armed, err);
    if (st == CLSLICE_OK)
        st = cs_chain_armed(chain, &armed->job, err);
    if (st == CLSLICE_OK && armed->stand_in && !armed->copy_in)
        st = chain_copy(chain, armed, err);
    cs_image_armed_drop(armed); /* the kernel given back, the stand-in
                                 * released: OpenCL keeps it until the
                                 * commands end */
    return st;
}

clslice_status cs_image_armed_enqueue(cs_image_armed *armed,
                                      const cs_call *call, cl_event *event,
                                      clslice_error *err)
{
    cs_chain chain;
    cs_chain_start(&chain, call->queue, call->num_events, call->wait_list);
    clslice_status st = cs_image_armed_chain(&chain, armed, err);
    if (st != CLSLICE_OK) {
        cs_chain_drop(&chain);
        return st;
    }
    return cs_chain_finish(&chain, event, err);
}

void cs_image_armed_drop(cs_image_armed *armed)
{
    if (armed->blocked)
        cs_dispatch_drop(&armed->blocked->ready);
    armed->blocked = NULL;
    cs_armed_drop(&armed->job);
    if (armed->stand_in)
        clReleaseMemObject(armed->stand_in);
    armed->stand_in = NULL;
}

clslice_status cs_image_gather_check(image_op *op, const cs_call *call,
                                     const clslice_cl_gather_desc *desc,
                                     const cs_image_names *names,
                                     clslice_error *err)
{
    *op = (image_op){.call = call, .desc = desc, .names = *names};
    clslice_status st = check_desc(op, err);
    return st == CLSLICE_OK ? check_sides(op, err) : st;
}

clslice_status cs_image_gather(cs_call *call,
                               const clslice_cl_gather_desc *desc,
                               clslice_error *err)
{
    image_op op;
    cs_image_armed armed;
    clslice_status st = cs_call_check(call, err);
    if (st == CLSLICE_OK)
        st = cs_image_gather_check(&op, call, desc, &cs_image_gather_names,
                                   err);
    if (st == CLSLICE_OK)
        st = cs_image_gather_arm(&op, &armed, err);
    if (st == CLSLICE_OK)
        st = cs_image_armed_enqueue(&armed, call, call->event, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
